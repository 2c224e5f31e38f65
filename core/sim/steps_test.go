package sim_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// TestScheduleStepsIsLedgerSteps: sched.Schedule.Steps (what cost.Evaluate
// reports beside an executed schedule's time) counts the rounds the ledger
// counts, for every collective and applicable algorithm over small and odd
// P, rooted at 0 and at the last rank.
func TestScheduleStepsIsLedgerSteps(t *testing.T) {
	checked := 0
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			if a == sched.Auto || a == sched.Hierarchical {
				continue
			}
			for _, p := range []int{1, 2, 3, 5, 8, 13} {
				for _, root := range []int{0, p - 1} {
					spec := prim.Spec{Collective: c, Ranks: p, Root: root, Op: prim.Sum, Count: 3*p + 1}
					if !c.Rooted() && root != 0 {
						continue
					}
					s, err := sched.Build(spec, a, sched.Options{})
					if err != nil {
						continue // e.g. an algorithm that needs another P
					}
					if got, want := s.Steps(), sim.NewLedger(s, 8).Steps; got != want {
						t.Errorf("%s/%s P=%d root=%d: Steps() = %d, ledger %d", c, a, p, root, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d schedules checked", checked)
	}
}
