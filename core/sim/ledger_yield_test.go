package sim_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/google/go-cmp/cmp"
)

// TestLedgerForYieldingIsLedgerFor: the ledger is LedgerFor's, flat and
// placed on nodes, and yield is called before every round and after every
// YieldTransfers transfers within one (a naive AllToAll on 200 ranks: one
// round of 40,000), so an interactive page gets a turn that often.
func TestLedgerForYieldingIsLedgerFor(t *testing.T) {
	for _, tc := range []struct {
		c prim.Collective
		a sched.Algorithm
		p int
	}{
		{prim.AllReduce, sched.Tree, 37},
		{prim.AllReduce, sched.Ring, 16},
		{prim.Broadcast, sched.Tree, 20},
		{prim.AllToAll, sched.Pairwise, 12},
		{prim.AllToAll, sched.Naive, 200},
	} {
		sp := prim.Spec{Collective: tc.c, Ranks: tc.p, Count: 1000, Op: prim.Sum}
		s, err := sched.Build(sp, tc.a, sched.Options{})
		if err != nil {
			t.Fatalf("%v %v P=%d: %v", tc.c, tc.a, tc.p, err)
		}
		for _, g := range []int{0, 4} {
			calls := 0
			got := sim.LedgerForYielding(s, 4, g, func() { calls++ })
			if d := cmp.Diff(sim.LedgerFor(s, 4, g), got); d != "" {
				t.Errorf("%v %v P=%d g=%d: the yielding ledger differs (-want +got):\n%s", tc.c, tc.a, tc.p, g, d)
			}
			want := 0
			for _, rd := range s.Rounds {
				want += 1 + (len(rd.Transfers)-1)/sim.YieldTransfers
			}
			if calls != want {
				t.Errorf("%v %v P=%d g=%d: yield called %d times for %d rounds of %d transfers, want %d", tc.c, tc.a, tc.p, g, calls, len(s.Rounds), s.Transfers(), want)
			}
		}
	}
}
