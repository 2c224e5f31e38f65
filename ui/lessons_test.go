package ui

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/public/lessons"
)

// readLesson parses lesson id in lang from the embedded files.
func readLesson(t *testing.T, id, lang string) Lesson {
	t.Helper()
	data, err := lessons.Read(id, lang)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseLesson(data)
	if err != nil {
		t.Fatalf("%s.%s: %v", id, lang, err)
	}
	return l
}

// TestLessonFiles: every lesson parses in both languages with the same
// blocks (kinds, views, fields, controls, metrics, variants), names only
// known views, fields and metrics, and every question has at least two
// options core answers, the asked one among them, and an explanation
// using every value it names.
func TestLessonFiles(t *testing.T) {
	for _, id := range LessonIDs {
		zh, en := readLesson(t, id, "zh"), readLesson(t, id, "en")
		if len(zh.Blocks) != len(en.Blocks) {
			t.Fatalf("%s: %d blocks in zh, %d in en", id, len(zh.Blocks), len(en.Blocks))
		}
		questions := 0
		for i, b := range zh.Blocks {
			e := en.Blocks[i]
			if b.Kind != e.Kind || b.View != e.View || b.Metric != e.Metric || !slices.Equal(b.Fields, e.Fields) ||
				!slices.Equal(b.Controls, e.Controls) || len(b.Variants) != len(e.Variants) || b.Tol != e.Tol || len(b.Reasons) != len(e.Reasons) {
				t.Fatalf("%s block %d: zh %+v differs from en %+v", id, i, b, e)
			}
			for j := range b.Variants {
				if !slices.Equal(b.Variants[j], e.Variants[j]) {
					t.Fatalf("%s block %d variant %d: zh %v, en %v", id, i, j, b.Variants[j], e.Variants[j])
				}
			}
			switch b.Kind {
			case BlockView:
				own := slices.Contains(LessonViews, b.View)
				if !own && (!IsView(b.View) || b.View == "lessons" || b.View == "controls") {
					t.Errorf("%s block %d: unknown view %q", id, i, b.View)
				}
				for _, f := range b.Fields {
					if k, ok := strings.CutPrefix(f.Key, b.View+"."); own && ok && slices.Contains(lessonViewFields[b.View], k) {
						continue
					}
					if !slices.Contains(ControlFields, f.Key) && !(strings.HasPrefix(f.Key, "plan.") && slices.Contains(PlanFields, f.Key[5:])) {
						t.Errorf("%s block %d: unknown field %q", id, i, f.Key)
					}
				}
				for _, f := range b.Controls {
					if !slices.Contains(ControlFields, f) {
						t.Errorf("%s block %d: unknown control %q", id, i, f)
					}
				}
			case BlockQuestion:
				questions++
				a := AnswerOf(b)
				if a.Err != nil {
					t.Fatalf("%s block %d (%s): %v", id, i, b.Metric, a.Err)
				}
				if o := a.Options(); len(o) < 2 || !slices.Contains(o, 0) || len(o) != len(b.Variants) {
					t.Errorf("%s block %d: options %v of labels %v (want every variant, distinct)", id, i, o, a.Labels)
				}
				for _, why := range []string{b.Why, e.Why} {
					for j := range b.Variants {
						if !strings.Contains(why, "{"+string(rune('0'+j))+"}") {
							t.Errorf("%s block %d: the explanation %q does not name value {%d}", id, i, why, j)
						}
					}
				}
			}
		}
		if questions < 3 {
			t.Errorf("%s: %d questions, want at least three", id, questions)
		}
		if len(zh.Summary) == 0 || len(zh.Summary) != len(en.Summary) {
			t.Errorf("%s: summaries of %d (zh) and %d (en) lines", id, len(zh.Summary), len(en.Summary))
		}
	}
}

// TestLessonLectureNumbers: the lecture's numbers each lesson asks about,
// as core computes them (lecture 09: §4's 14 steps, Experiment 3's 3.74 ms,
// busbw's ×1.75, §5's 4094 and 22 steps, §1.2's 18× and 9×, §9's 8.06×
// and §6's 17.6 GB).
func TestLessonLectureNumbers(t *testing.T) {
	want := map[string][]string{
		"ring":        {"14", "3.74 ms", "×1.75"},
		"tree":        {"4094", "22"},
		"hierarchy":   {"×9", "×18", "×8.06"},
		"parallelism": {"17.6 GB"},
	}
	for id, nums := range want {
		var labels []string
		for _, b := range readLesson(t, id, "en").Blocks {
			if b.Kind == BlockQuestion {
				labels = append(labels, AnswerOf(b).Labels...)
			}
		}
		for _, n := range nums {
			if !slices.Contains(labels, n) {
				t.Errorf("%s: no question shows %q (values %v)", id, n, labels)
			}
		}
	}
}

// TestParseLessonErrors: malformed files are refused naming the line.
func TestParseLessonErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"para", "no title"},
		{"# a\n# b", "line 2: a second title"},
		{"# a\n{{view steps", "line 2: a directive must end"},
		{"# a\n{{question time ranks=8 | ranks=4}}", "at least two variants"},
		{"# a\n{{question time | ranks=8 | ranks=4}}", "needs a '? ' prompt"},
		{"# a\n? why", "line 2: a prompt or explanation must follow a question"},
		{"# a\n{{view steps ranks}}", "want key=value"},
		{"# a\n{{show steps}}", "unknown directive"},
		{"# a\n~ 5%", "must follow a question"},
		{"# a\n{{question time ranks=8 | ranks=4 | ranks=2}}\n~ 5", "a tolerance is a percentage"},
		{"# a\n{{question time ranks=8 | ranks=4 | ranks=2}}\n! 0 right", "a reason names a wrong variant"},
		{"# a\n{{question time ranks=8 | ranks=4 | ranks=2}}\n! 3 none", "a reason names a wrong variant"},
	} {
		if _, err := ParseLesson([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseLesson(%q) = %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

// TestLessonsNameViewsAsTheirTabs: where a lesson's prose names a view
// ("the timing view", "图表视图"), it uses the view's own name as its tab
// or heading shows it (case and hyphens aside), so a student can find the
// view it means; "the view" and "下面的视图" name none.
func TestLessonsNameViewsAsTheirTabs(t *testing.T) {
	generic := map[string][]string{
		"en": {"the", "this", "that", "a", "each", "every", "one", "same"},
		"zh": {"的", "把", "个", "这", "该", "每"},
	}
	norm := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "-", " ") }
	for _, lang := range []string{"en", "zh"} {
		var names []string
		for _, v := range append(append([]string{}, Views...), LessonViews...) {
			names = append(names, norm(Catalogs()[lang]["view."+v]))
		}
		word := " view"
		if lang == "zh" {
			word = "视图"
		}
		for _, id := range LessonIDs {
			data, err := lessons.Read(id, lang)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(line, "{{") {
					continue
				}
				text := norm(line)
				for i := 0; ; {
					j := strings.Index(text[i:], word)
					if j < 0 {
						break
					}
					j += i
					i = j + len(word)
					if lang == "en" && i < len(text) && text[i] == 's' { // "views": no one view
						continue
					}
					before := strings.TrimRight(text[:j], " ")
					ok := false
					for _, n := range names {
						ok = ok || strings.HasSuffix(before, n)
					}
					for _, g := range generic[lang] {
						ok = ok || (lang == "zh" && strings.HasSuffix(before, g)) || (lang == "en" && (before == g || strings.HasSuffix(before, " "+g)))
					}
					if !ok {
						t.Errorf("%s.%s names a view no tab shows: %q", id, lang, strings.ToValidUTF8(text[max(0, j-30):min(len(text), j+len(word)+10)], ""))
					}
				}
			}
		}
	}
}

// TestInterviewStateArithmetic: the interview's DDP drill writes its
// answer as 16 B × N·10⁹; that product is core's answer (the 70b
// preset's parameters, within the 3 figures N is written with).
func TestInterviewStateArithmetic(t *testing.T) {
	product := regexp.MustCompile(`16 B × ([0-9.]+)·10⁹ = \{0\}`)
	for _, lang := range []string{"en", "zh"} {
		found := false
		for _, b := range readLesson(t, "interview", lang).Blocks {
			m := product.FindStringSubmatch(b.Why)
			if b.Kind != BlockQuestion || m == nil {
				continue
			}
			found = true
			n, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				t.Fatal(err)
			}
			a := AnswerOf(b)
			if a.Err != nil {
				t.Fatal(a.Err)
			}
			if got, want := 16*n*1e9, a.Values[0]; math.Abs(got-want) > 0.001*want {
				t.Errorf("interview.%s: 16 B × %s·10⁹ = %.4g B, core's answer is %.4g B (%s)", lang, m[1], got, want, a.Labels[0])
			}
		}
		if !found {
			t.Errorf("interview.%s: no explanation writes 16 B × N·10⁹ = {0}", lang)
		}
	}
}
