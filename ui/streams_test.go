package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/lecture"
)

// TestStreamsView: the streams lesson's first view appears once its
// question is answered and steps through core's run of the same program
// (lecture.RunStreams): as many steps as core's, the buttons disabled at
// either end, each step's caption and every GPU's row, and the hang said
// at the last step with core's count of stuck streams.
func TestStreamsView(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		a := NewApp(NewState("lesson=streams&lang="+lang, lang))
		if strings.Contains(render(t, a), `id="view-streams"`) {
			t.Fatalf("%s: the view shows before its question is answered", lang)
		}
		a.Lessons.Pick(0, 0)
		page := render(t, a)
		mustContain(t, page, `id="view-streams"`, `id="st-prev" disabled`)
		p, err := lecture.SideStreamProgram(4, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		r, err := lecture.RunStreams(p)
		if err != nil {
			t.Fatal(err)
		}
		st := a.Lessons.streamsView()
		for k, step := range r.Steps {
			page = render(t, a)
			mustContain(t, page, a.S.Tf("st.caption", k+1, len(r.Steps), Secs(step.T), step.Completed))
			if got := strings.Count(page, "<tr><th>GPU "); got != 4 {
				t.Errorf("%s step %d: %d GPU rows, want 4", lang, k, got)
			}
			for g, s := range step.Streams {
				want := a.S.T("st.end")
				if s[lecture.Side].Status != lecture.Done {
					want = a.S.Tf(statusKeys[s[lecture.Side].Status], st.opName(p.Ops[g][lecture.Side][s[lecture.Side].Op]))
				}
				mustContain(t, page, want)
			}
			if (k == len(r.Steps)-1) != strings.Contains(page, `id="st-verdict"`) {
				t.Errorf("%s step %d: the verdict shows %v", lang, k, !strings.Contains(page, `id="st-verdict"`))
			}
			st.Step(1)
		}
		mustContain(t, render(t, a), `id="st-next" disabled`, a.S.Tf("st.hung", r.Stuck), "st-verdict bad")
		if r.Stuck != 8 {
			t.Errorf("%d stuck streams, want 8", r.Stuck)
		}
	}
}

// TestStreamsViewFieldError: a scenario core refuses shows core's error
// naming the field, and no steps.
func TestStreamsViewFieldError(t *testing.T) {
	a := NewApp(NewState("lang=en", "en"))
	st := a.Lessons.streamsView()
	st.set("gpus", strconv.Itoa(lecture.MaxStreamGPUs+1))
	st.set("pause", "0")
	if e := st.Err(); !strings.Contains(e, "GPUs") || st.Rows() != nil || st.Caption() != "" {
		t.Errorf("error %q, rows %v", e, st.Rows())
	}
}
