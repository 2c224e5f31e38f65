package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/google/go-cmp/cmp"
)

// TestScheduleCostFollows: a change whose complete answer needs an executed
// schedule (the tree at P = 1024) shows the closed forms at once and the
// schedule's cost after Complete, which then equals cost.Evaluate exactly;
// a change that needs none is complete at once.
func TestScheduleCostFollows(t *testing.T) {
	s := NewState("ranks=1024&algorithm=tree&size=100MiB", "en")
	if s.Pending() || s.R.ScheduleTimeS <= 0 {
		t.Fatalf("the first page is not complete: pending %v, schedule %g", s.Pending(), s.R.ScheduleTimeS)
	}
	s.SetField("size", "99MiB")
	if !s.Pending() || s.R.ScheduleTimeS != 0 {
		t.Fatalf("after a change: pending %v, schedule %g; want the quick answer first", s.Pending(), s.R.ScheduleTimeS)
	}
	quick := html.UnescapeString(render(t, &Timing{S: s}))
	if strings.Contains(quick, `id="t-sched"`) {
		t.Error("the quick answer already shows a schedule time")
	}
	want, err := cost.Evaluate(s.P)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(quick, Secs(want.TimeS)) {
		t.Errorf("the quick answer lacks the closed form's %s", Secs(want.TimeS))
	}
	s.Complete()
	if s.Pending() {
		t.Error("still pending after Complete")
	}
	if d := cmp.Diff(want, s.R); d != "" {
		t.Errorf("completed answer differs from cost.Evaluate (-want +got):\n%s", d)
	}
	mustContain(t, html.UnescapeString(render(t, &Timing{S: s})), `id="t-sched"`, Secs(want.ScheduleTimeS))
	s.SetField("algorithm", "ring")
	if s.Pending() {
		t.Error("ring needs no schedule, yet the answer is pending")
	}
	s.Complete() // a no-op
	if d := cmp.Diff(func() cost.Result { r, _ := cost.Evaluate(s.P); return r }(), s.R); d != "" {
		t.Errorf("ring: %s", d)
	}
}
