package cost_test

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestEvaluateDeferred: EvaluateDeferred is Evaluate minus the executed
// schedule. Where it defers, the two answers differ only in the schedule's
// fields (and the note and slowdown ratio that cite them) and Evaluate did
// price a schedule or say why not; where it does not defer, the answers are
// identical. Cases: the tree (the lecture's limit beside the executed
// schedule) at small, large and unbuildable P; exact closed forms; auto;
// and closed forms that are only upper bounds on a cluster, with and
// without a straggler.
func TestEvaluateDeferred(t *testing.T) {
	flat := func(c prim.Collective, a sched.Algorithm, p int, size int64) cost.Params {
		return cost.Params{Collective: c, Algorithm: a, Ranks: p, Size: size, ElemSize: 4, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
	}
	cluster := func(a sched.Algorithm, slow topo.Slow) cost.Params {
		p := flat(prim.AllReduce, a, 16, 1<<20)
		p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency, p.Slow = 4, 450e9, 1e-6, slow
		return p
	}
	cases := []struct {
		p      cost.Params
		defers bool
		why    string
	}{
		{flat(prim.AllReduce, sched.Tree, 8, 100<<20), true, "tree, small P: the schedule is priced"},
		{flat(prim.AllReduce, sched.Tree, 1024, 100<<20), true, "tree, P = 1024: the slow case the deferral is for"},
		{flat(prim.Broadcast, sched.Tree, 64, 1<<20), true, "rooted tree"},
		{flat(prim.AllReduce, sched.Tree, 1<<16, 100<<20), false, "tree above sched.MaxRanks: nothing to build, same note"},
		{flat(prim.AllReduce, sched.Ring, 1024, 100<<20), false, "ring: exact closed form, no schedule"},
		{flat(prim.AllReduce, sched.Auto, 1024, 1<<10), false, "auto picks an exact form here"},
		{cluster(sched.Binomial, topo.Slow{}), true, "binomial on a cluster: an upper bound, priced exactly"},
		{cluster(sched.Binomial, topo.Slow{Factor: 4, Rank: 3}), true, "and with a straggler: both executed costs"},
		{cluster(sched.Ring, topo.Slow{}), false, "ring on a cluster is exact"},
	}
	scheduleFields := cmpopts.IgnoreFields(cost.Result{}, "ScheduleTimeS", "ScheduleSteps", "Note", "NoteMsg")
	topoFields := cmpopts.IgnoreFields(cost.TopologyResult{}, "UnslowedScheduleTimeS", "SlowRatio")
	for _, tc := range cases {
		quick, deferred, err := cost.EvaluateDeferred(tc.p)
		if err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		full, err := cost.Evaluate(tc.p)
		if err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		if deferred != tc.defers {
			t.Errorf("%s: deferred = %v", tc.why, deferred)
		}
		if !deferred {
			if d := cmp.Diff(full, quick); d != "" {
				t.Errorf("%s: not deferred, yet the answers differ (-Evaluate +EvaluateDeferred):\n%s", tc.why, d)
			}
			continue
		}
		if d := cmp.Diff(full, quick, scheduleFields, topoFields); d != "" {
			t.Errorf("%s: beyond the schedule's fields (-Evaluate +EvaluateDeferred):\n%s", tc.why, d)
		}
		if quick.ScheduleTimeS != 0 || quick.ScheduleSteps != 0 {
			t.Errorf("%s: the deferred answer priced a schedule", tc.why)
		}
		if full.ScheduleTimeS <= 0 && !strings.Contains(full.Note, "too large") {
			t.Errorf("%s: Evaluate neither priced the schedule nor said why: %q", tc.why, full.Note)
		}
		if !strings.HasPrefix(full.Note, quick.Note) {
			t.Errorf("%s: the deferred note %q is not the start of Evaluate's %q", tc.why, quick.Note, full.Note)
		}
	}
}
