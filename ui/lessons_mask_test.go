package ui

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	tags        = regexp.MustCompile(`<[^>]*>`)
	optionTexts = regexp.MustCompile(`<button[^>]*class="opt[^"]*"[^>]*>([^<]*)</button>`)
	feedbacks   = regexp.MustCompile(`<p[^>]*class="fb [^"]*"[^>]*>([^<]*)</p>`)
)

// TestLessonsNoAnswerEarly walks every lesson in both languages as a
// student does: before each question it reads the whole page above the
// question (views, charts, prose, earlier feedback and options) and finds
// the question's answer (its right option's label) there as written, nor
// any quantity
// the question's Masker would hide; then it answers, and the right option
// is marked and its value shown in the feedback.
func TestLessonsNoAnswerEarly(t *testing.T) {
	for _, id := range LessonIDs {
		for _, lang := range []string{"zh", "en"} {
			s := NewState("lesson="+id+"&lang="+lang, lang)
			a := NewApp(s)
			l := readLesson(t, id, lang)
			q := 0
			for bi, b := range l.Blocks {
				if b.Kind != BlockQuestion {
					continue
				}
				page := render(t, a)
				at := strings.Index(page, `id="quiz-`+strconv.Itoa(q)+`"`)
				if at < 0 {
					t.Fatalf("%s/%s: question %d not shown", id, lang, q)
				}
				above := html.UnescapeString(tags.ReplaceAllString(page[:at], " "))
				ans := a.Lessons.answer(bi, b)
				m := MaskerOf(b, ans)
				if got := m.Text(above); got != above {
					t.Errorf("%s/%s question %d (%s): an answer shows above it: %q", id, lang, q, b.Metric, diffAround(above, got))
				}
				lab := ans.Labels[0]
				if strings.Trim(lab, "0123456789") != "" && shows(above, lab) {
					t.Errorf("%s/%s question %d: the answer %q shows above it: %q", id, lang, q, lab, around(above, lab))
				}
				for _, o := range optionTexts.FindAllStringSubmatch(page[:at], -1) {
					if html.UnescapeString(o[1]) == lab {
						t.Errorf("%s/%s question %d: an earlier option shows the answer %q", id, lang, q, lab)
					}
				}
				for _, f := range feedbacks.FindAllStringSubmatch(page[:at], -1) {
					if fb := html.UnescapeString(f[1]); shows(fb, lab) {
						t.Errorf("%s/%s question %d: earlier feedback shows the answer %q: %q", id, lang, q, lab, around(fb, lab))
					}
				}
				if b.Tol > 0 {
					a.Lessons.SubmitKey(q, "Enter", ans.Labels[0])
				} else {
					a.Lessons.Pick(q, 0)
				}
				right := regexp.MustCompile(`<[^>]*class="[^"]*\bright\b[^"]*"[^>]*id="q` + strconv.Itoa(q) + `-0"`)
				if !right.MatchString(render(t, a)) {
					t.Errorf("%s/%s question %d: after the answer no element q%d-0 has class right", id, lang, q, q)
				}
				q++
			}
		}
	}
}

// diffAround is got's text around its first difference from want.
func diffAround(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	return want[max(0, i-80):min(len(want), i+60)]
}

// around is s's text around sub.
func around(s, sub string) string {
	i := strings.Index(s, sub)
	return s[max(0, i-80):min(len(s), i+len(sub)+40)]
}

// shows reports whether label appears in text as a quantity of its own,
// not as part of a longer number ("50 GB/s" in "450 GB/s", "22" in "220").
func shows(text, label string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], label)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(label)
		if (j == 0 || !strings.ContainsRune("0123456789.", rune(text[j-1]))) && (end == len(text) || !strings.ContainsRune("0123456789", rune(text[end]))) {
			return true
		}
		i = j + 1
	}
}

// TestLessonIndexNoAnswers: the index's cards give away no question's
// answer.
func TestLessonIndexNoAnswers(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		page := html.UnescapeString(tags.ReplaceAllString(render(t, NewApp(NewState("lesson=index&lang="+lang, lang))), " "))
		for _, id := range LessonIDs {
			for _, b := range readLesson(t, id, lang).Blocks {
				if b.Kind != BlockQuestion {
					continue
				}
				a := AnswerOf(b)
				bare := strings.Trim(a.Labels[0], "0123456789") == "" // a bare count: the cards' numbers are lesson numbers
				if m := MaskerOf(b, a); m.Text(page) != page || !bare && shows(page, a.Labels[0]) {
					t.Errorf("%s: the index shows %s's answer %q", lang, id, a.Labels[0])
				}
			}
		}
	}
}
