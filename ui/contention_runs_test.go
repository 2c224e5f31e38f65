package ui

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/lecture"
)

// keepWanted simulates the runs a's renders left to the completion, as the
// browser's completion does (yielding between rounds), keeps them and
// reports how many there were.
func keepWanted(t *testing.T, a *App) int {
	t.Helper()
	w := a.S.ContentionWanted()
	var runs []lecture.ContentionRun
	yields := 0
	for _, q := range w {
		runs = append(runs, SimulateContention(q, func() { yields++ }))
	}
	if len(w) > 0 && yields == 0 {
		t.Error("the runs never yielded")
	}
	a.S.KeepContention(runs)
	return len(w)
}

// TestContentionInBackground: on a page that completes in the background
// no render simulates a contention run. The question first says its
// answer is being computed (no input, no grading, the answer nowhere on
// the page) and leaves its variants' runs to the completion; once they
// are kept it is graded; the figure then shows its pending note and
// leaves the runs it lacks; once kept it is the figure a page computing
// at once shows, each of its 8 runs simulated once.
func TestContentionInBackground(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		q, asked, _ := contentionBlocks(t, "hierarchy", lang)
		query := "lesson=hierarchy&lang=" + lang + "&ans=" + strings.Repeat("0", q)
		a := NewApp(NewState(query, lang))
		a.S.CompleteInBackground()
		right := AnswerOf(asked).Labels[0]

		page := html.UnescapeString(render(t, a))
		mustContain(t, page, `id="quiz-`+strconv.Itoa(q)+`"`, a.S.T("lesson.pending"))
		if strings.Contains(page, right) || strings.Contains(page, `id="qin-`+strconv.Itoa(q)+`"`) || !a.S.Incomplete() {
			t.Errorf("%s: pending question: the answer %q or an input shown, or no work left (%v)", lang, right, a.S.Incomplete())
		}
		a.Lessons.SubmitKey(q, "Enter", right)
		if len(a.Lessons.ans) != q {
			t.Fatalf("%s: a question graded before its answer was computed", lang)
		}
		nq := keepWanted(t, a)
		if nq < 2 {
			t.Errorf("%s: the question left %d runs, want at least 2 (1:1 and its ratio)", lang, nq)
		}
		page = html.UnescapeString(render(t, a))
		if strings.Contains(page, a.S.T("lesson.pending")) || a.S.Incomplete() {
			t.Errorf("%s: the question still pending once its runs are kept", lang)
		}
		a.Lessons.SubmitKey(q, "Enter", right)
		if len(a.Lessons.ans) != q+1 {
			t.Fatalf("%s: the typed answer %q not graded", lang, right)
		}

		page = html.UnescapeString(render(t, a))
		mustContain(t, page, `id="view-contention"`, `id="ct-pending"`, a.S.T("ct.pending"))
		if strings.Contains(page, `id="ct-table"`) {
			t.Errorf("%s: a table shown while its runs are pending", lang)
		}
		nf := keepWanted(t, a)
		if nf < 1 {
			t.Errorf("%s: the figure left no run to the completion", lang)
		}
		page = html.UnescapeString(render(t, a))
		if strings.Contains(page, `id="ct-pending"`) || a.S.Incomplete() {
			t.Errorf("%s: the figure still pending once its runs are kept", lang)
		}
		if n := a.S.fabricRuns.memo.Runs(); n != 8 || nq+nf != n {
			t.Errorf("%s: %d runs kept, %d left by the question and %d by the figure, want 8 each simulated once", lang, n, nq, nf)
		}

		at := NewApp(NewState(query+"0", lang)) // the same answers, computed at once
		render(t, at)
		if got, want := a.Lessons.contentionView().Figure(), at.Lessons.contentionView().Figure(); got != want {
			t.Errorf("%s: the figure from the completion's runs\n%s\ndiffers from the one computed at once\n%s", lang, got, want)
		}
	}
}
