package ui

import (
	"html"
	"regexp"
	"strings"
	"testing"
)

// TestLessonPage: /?lesson=ring opens the lessons view on the ring lesson
// with the first view's question loaded; the page stops at the first
// question; answering reveals the next blocks and the feedback from core's
// numbers; the URL keeps lesson, answers and question, and reopening it
// restores the page.
func TestLessonPage(t *testing.T) {
	s := NewState("lesson=ring&lang=en", "en")
	a := NewApp(s)
	html := render(t, a)
	if s.View != "lessons" || a.Lessons.Page != "ring" {
		t.Fatalf("view %q page %q, want lessons/ring", s.View, a.Lessons.Page)
	}
	mustContain(t, html, "Lesson 3 · Ring AllReduce", `id="quiz-0"`, `id="view-steps"`, "0 of 4 questions")
	if s.P.Ranks != 4 || s.Text("size") != "32B" {
		t.Fatalf("the first view's question is not loaded: P=%d size=%q", s.P.Ranks, s.Text("size"))
	}
	if strings.Contains(html, `id="quiz-1"`) || strings.Contains(html, "busbw") {
		t.Fatal("blocks after the first question are shown before it is answered")
	}
	a.Lessons.Pick(0, 1) // a wrong answer: ReduceScatter's 7 steps
	html = render(t, a)
	mustContain(t, html, "Not quite: 7 is another case; the answer is 14.", `id="quiz-1"`, `id="view-timing"`, `id="show-5"`)
	if s.P.Ranks != 8 || s.Text("size") != "100MiB" {
		t.Fatalf("the timing view's question is not loaded: P=%d size=%q", s.P.Ranks, s.Text("size"))
	}
	a.Lessons.Pick(1, 0)
	html = render(t, a)
	mustContain(t, html, "Right: 3.74 ms.")
	q := a.Query()
	for _, want := range []string{"lesson=ring", "ans=10", "view=lessons", "ranks=8"} {
		if !strings.Contains(q, want) {
			t.Fatalf("query %q lacks %q", q, want)
		}
	}
	b := NewApp(NewState(q, "zh"))
	html = render(t, b)
	mustContain(t, html, "Right: 3.74 ms.", `id="quiz-2"`)
	b.S.SetLang("zh")
	mustContain(t, render(t, b), "答对了：3.74 ms。", "第 3 课")
}

// TestLessonIndexAndEmbed: ?lesson=index lists the six lessons, opening one
// shows it; ?embed=lesson&lesson=tree shows the lesson without the page's
// chrome and keeps embed in the URL.
func TestLessonIndexAndEmbed(t *testing.T) {
	a := NewApp(NewState("lesson=index&lang=zh", "zh"))
	html := render(t, a)
	for _, id := range LessonIDs {
		mustContain(t, html, `id="open-`+id+`"`)
	}
	a.Lessons.Open("tree")
	mustContain(t, render(t, a), "第 4 课", `id="quiz-0"`)
	e := NewApp(NewState("embed=lesson&lesson=tree&lang=en", "en"))
	html = render(t, e)
	mustContain(t, html, "Lesson 4", `class="app embed"`)
	if strings.Contains(html, `role="tablist"`) {
		t.Fatal("the embedded lesson shows the tabs")
	}
	if q := e.Query(); !strings.Contains(q, "embed=lessons") || !strings.Contains(q, "lesson=tree") {
		t.Fatalf("embedded lesson's query %q", q)
	}
}

// TestConsecutiveViewsStayLive: the primitives lesson's AllToAll abacus
// stays live beside the step-through that follows it (the same
// collective and ranks), instead of folding the moment it appears.
func TestConsecutiveViewsStayLive(t *testing.T) {
	s := NewState("lesson=primitives&ans=0&lang=en", "en")
	a := NewApp(s)
	live := map[string]bool{}
	for _, it := range a.Lessons.Items() {
		if it.Kind == BlockView && it.Live {
			live[it.View] = true
		}
	}
	if !live["abacus"] || !live["steps"] {
		t.Fatalf("live views %v, want the abacus beside the step-through", live)
	}
	mustContain(t, render(t, a), `id="lv-abacus"`, `id="lv-steps"`, "AllToAll")
	if s.P.Collective != "alltoall" {
		t.Errorf("the question is %s, want the views' alltoall", s.P.Collective)
	}
}

// TestViewLabelQuotesTheTitle: the button that brings an earlier view back
// quotes the view's title in both languages, so a title mid-sentence reads
// as a name ("Show the “Two streams and a barrier” view here again").
func TestViewLabelQuotesTheTitle(t *testing.T) {
	for lang, want := range map[string]string{"en": "Show the “Step through” view here again", "zh": "在这里重新显示「逐步演示」视图"} {
		if got := NewApp(NewState("lesson=ring&lang="+lang, lang)).Lessons.ViewLabel("steps"); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// TestEmbeddedIndexNamesNoTabs: the lessons' index says the tools are one
// tab away on the full page only; embedded, there are no tabs to point at.
func TestEmbeddedIndexNamesNoTabs(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		full := NewState("lesson=index&lang="+lang, lang)
		tools := full.T("lesson.tools")
		if !strings.Contains(html.UnescapeString(render(t, NewApp(full))), tools) {
			t.Errorf("%s: the full index lacks %q", lang, tools)
		}
		if strings.Contains(html.UnescapeString(render(t, NewApp(NewState("embed=lesson&lang="+lang, lang)))), tools) {
			t.Errorf("%s: the embedded index points at tabs it has not: %q", lang, tools)
		}
	}
}

// TestEmbeddedLessonIndexLink: a course page that embeds one lesson keeps
// that lesson in its frame, so the lesson's link to the index opens the
// full playground's index in a new tab; an embedded index, and the full
// page, go back to the index in place. In both languages.
func TestEmbeddedLessonIndexLink(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		e := NewApp(NewState("embed=lesson&lesson=tree&lang="+lang, lang))
		html := render(t, e)
		tag := regexp.MustCompile(`<a id="lesson-back"[^>]*>`).FindString(html)
		for _, want := range []string{`href="?lesson=index&amp;lang=` + lang + `"`, `target="_blank"`, `rel="noopener"`} {
			if !strings.Contains(tag, want) {
				t.Errorf("%s: the embedded lesson's link to the index %q lacks %s", lang, tag, want)
			}
		}
		mustContain(t, html, T(lang, "lesson.index")+" ↗")
		if strings.Contains(html, `<button type="button" id="lesson-back"`) {
			t.Errorf("%s: the embedded lesson's link to the index is a button inside the frame", lang)
		}
		for _, q := range []string{"lesson=tree", "embed=lesson&lesson=index"} {
			a := NewApp(NewState(q+"&lang="+lang, lang))
			a.Lessons.Open("tree")
			html := render(t, a)
			mustContain(t, html, `<button type="button" id="lesson-back"`)
			if strings.Contains(html, `target="_blank"`) {
				t.Errorf("%s %s: the link to the index opens a new tab", lang, q)
			}
			a.Lessons.Open("index")
			mustContain(t, render(t, a), `id="open-tree"`)
		}
	}
}

// TestFeedbackSentenceSpacing walks every lesson in both languages, each
// question answered wrong (a typed question with a wrong option's value,
// so the feedback holds how far it was, the verdict, the option's reason
// and the explanation): the Chinese feedback runs on after a full-width
// mark with no space ("答对了：14。两个阶段…"), the English one has one
// space between sentences.
func TestFeedbackSentenceSpacing(t *testing.T) {
	zhGap := regexp.MustCompile(`[。！？；：」）] `)
	enGap := regexp.MustCompile(`[a-z%)×.]\.[A-Z]|  `)
	for _, id := range LessonIDs {
		for _, lang := range []string{"zh", "en"} {
			a := NewApp(NewState("lesson="+id+"&lang="+lang, lang))
			l := readLesson(t, id, lang)
			q := 0
			for bi, b := range l.Blocks {
				if b.Kind != BlockQuestion {
					continue
				}
				render(t, a)
				ans := a.Lessons.answer(bi, b)
				if b.Tol > 0 {
					a.Lessons.SubmitKey(q, "Enter", ans.Labels[1])
				} else {
					a.Lessons.Pick(q, 1)
				}
				render(t, a)
				var fb string
				for _, it := range a.Lessons.Items() {
					if it.Kind == "question" && it.Q == q {
						fb = it.Feedback
					}
				}
				if fb == "" {
					t.Fatalf("%s/%s question %d: no feedback after the answer", id, lang, q)
				}
				if lang == "zh" && zhGap.MatchString(fb) {
					t.Errorf("%s/zh question %d: a space after a full-width mark: %q", id, q, fb)
				}
				if lang == "en" && enGap.MatchString(fb) {
					t.Errorf("%s/en question %d: sentences not one space apart: %q", id, q, fb)
				}
				q++
			}
		}
	}
}

// TestTypedAnswerAsWritten: a typed question answered with its answer as
// the page writes it (core's label, rounded) is right and its feedback
// says that is the answer, in both languages ("×3.91" is not "0.1 % under"
// the 3.914 it rounds); a typed value further off still gets how far.
func TestTypedAnswerAsWritten(t *testing.T) {
	typed := 0
	for _, id := range LessonIDs {
		for _, lang := range []string{"zh", "en"} {
			a := NewApp(NewState("lesson="+id+"&lang="+lang, lang))
			q := 0
			for bi, b := range readLesson(t, id, lang).Blocks {
				if b.Kind != BlockQuestion {
					continue
				}
				render(t, a)
				ans := a.Lessons.answer(bi, b)
				if b.Tol > 0 {
					typed++
					a.Lessons.SubmitKey(q, "Enter", ans.Labels[0])
				} else {
					a.Lessons.Pick(q, 0)
				}
				render(t, a)
				for _, it := range a.Lessons.Items() {
					if it.Kind != "question" || it.Q != q || b.Tol == 0 {
						continue
					}
					right := sentences(a.S.Tf("lesson.free.near", ans.Labels[0]), a.S.Tf("lesson.right", ans.Labels[0]))
					if it.Verdict != "right" || !strings.HasPrefix(it.Feedback, right) {
						t.Errorf("%s/%s question %d: typing %q gives %s %q, want it to open with %q", id, lang, q, ans.Labels[0], it.Verdict, it.Feedback, right)
					}
				}
				q++
			}
		}
	}
	if typed == 0 {
		t.Fatal("no typed question in the lessons")
	}
	a := NewApp(NewState("lesson=ring&lang=en", "en"))
	render(t, a)
	a.Lessons.SubmitKey(0, "Enter", "14.1")
	for _, it := range a.Lessons.Items() {
		if it.Kind == "question" && it.Q == 0 && !strings.HasPrefix(it.Feedback, a.S.Tf("lesson.free.over", "14.1", "0.7")) {
			t.Errorf("typing 14.1 for 14: %q", it.Feedback)
		}
	}
}
