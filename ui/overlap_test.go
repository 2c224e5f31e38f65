package ui

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/lecture"
	"github.com/ccplay/ccplay/core/question"
)

// TestOverlapView: the moe lesson's pipeline view, once its question is
// answered, draws core's pipeline (lecture.MoEOverlap) of the lesson's
// AllToAll: its caption and verdict, a bar per stage in each lane, and
// doubling the micro-batches redraws it for core's pipeline at 8.
func TestOverlapView(t *testing.T) {
	p, err := question.CostParams(field.Map(map[string]string{"collective": "alltoall", "algorithm": "pairwise", "ranks": "8", "size": "64MiB", "bandwidth": "50GB/s", "latency": "5us"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"zh", "en"} {
		a := NewApp(NewState("lesson=moe&lang="+lang+"&ans=00000", lang))
		render(t, a)
		for _, m := range []int{4, 8} {
			page := render(t, a)
			o, err := lecture.MoEOverlap(p, 2e-3, m)
			if err != nil {
				t.Fatal(err)
			}
			mustContain(t, page, `id="view-overlap"`, a.S.Tf("ov.caption", m, Secs(o.A2AS), Secs(o.GEMMS)), a.S.Tf("ov.gain", Secs(o.Serial), Secs(o.Finish), Secs(o.Gain)))
			if got, want := strings.Count(page, `class="ov-bar `), 3+3*m; got != want {
				t.Errorf("%s m=%d: %d bars, want %d", lang, m, got, want)
			}
			a.Lessons.overlapView().Scale(1)
		}
	}
}

// TestOverlapViewErrors: a split core refuses shows its error.
func TestOverlapViewErrors(t *testing.T) {
	a := NewApp(NewState("collective=alltoall&lang=en", "en"))
	o := a.Lessons.overlapView()
	o.set("micro", "x")
	o.set("gemm", "2ms")
	if e := o.Err(); !strings.Contains(e, "micro-batches") || o.Lanes() != nil {
		t.Errorf("error %q", e)
	}
	o.set("micro", "4")
	o.set("gemm", "2")
	if o.Err() == "" {
		t.Error("a bare GEMM time is accepted")
	}
}
