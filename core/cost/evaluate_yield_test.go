package cost

import (
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/topo"
)

// TestEvaluateYieldingIsEvaluate: the answer is Evaluate's, and yield is
// called while a schedule is built and priced — every round of it — and
// never for a closed form alone.
func TestEvaluateYieldingIsEvaluate(t *testing.T) {
	for _, tc := range []struct {
		p       Params
		rounds  bool
		explain string
	}{
		{Params{Collective: prim.AllReduce, Algorithm: sched.Tree, Ranks: 256, Size: 64 << 20}, true, "a tree prices its schedule"},
		{Params{Collective: prim.Broadcast, Algorithm: sched.Tree, Ranks: 33, Size: 1 << 20}, true, "a tree broadcast"},
		{Params{Collective: prim.AllReduce, Algorithm: sched.Binomial, Ranks: 16, Size: 1 << 20, GPUsPerNode: 4, Slow: topo.Slow{Rank: 3, Factor: 4}}, true, "an upper bound on a topology with a straggler (and its time without it)"},
		{Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: 1024, Size: 1 << 30}, false, "a ring's closed form is exact"},
		{Params{Collective: prim.AllReduce, Algorithm: sched.Auto, Ranks: 64, Size: 1 << 20}, false, "auto"},
	} {
		p := tc.p
		p.ElemSize, p.Bandwidth, p.Latency, p.Efficiency, p.IntraBandwidth, p.IntraLatency = 4, 50e9, 5e-6, 1, 450e9, 1e-6
		if p.GPUsPerNode == 0 {
			p.IntraBandwidth, p.IntraLatency = 0, 0
		}
		want, err := Evaluate(p)
		if err != nil {
			t.Fatalf("%s: %v", tc.explain, err)
		}
		calls := 0
		got, err := EvaluateYielding(p, func() { calls++ })
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: EvaluateYielding differs from Evaluate (%v)", tc.explain, err)
		}
		if built := calls > 0; built != tc.rounds {
			t.Errorf("%s: yield called %d times", tc.explain, calls)
		}
		if tc.rounds && calls < 2*want.ScheduleSteps {
			t.Errorf("%s: yield called %d times for %d rounds built and priced", tc.explain, calls, want.ScheduleSteps)
		}
		builtCalls := 0
		r, s, err := EvaluateBuilt(p, func() { builtCalls++ })
		if err != nil || !reflect.DeepEqual(r, want) || builtCalls != calls {
			t.Errorf("%s: EvaluateBuilt differs from EvaluateYielding (%v; %d yields, %d)", tc.explain, err, builtCalls, calls)
		}
		if (s != nil) != tc.rounds {
			t.Fatalf("%s: EvaluateBuilt returned schedule %v", tc.explain, s != nil)
		}
		if s == nil {
			continue
		}
		// The schedule kept is ScheduleOf's for the question, and the one
		// priced: its executed time is the answer's (the slowed one, where a
		// straggler's unslowed variant is priced too).
		own, err := ScheduleOf(p, ScheduleLimit)
		if err != nil || !reflect.DeepEqual(s, own) {
			t.Errorf("%s: the schedule kept is not ScheduleOf's (%v)", tc.explain, err)
		}
		if got := sim.Price(s, p.ElemSize, p.Model()).Total(); got != want.ScheduleTimeS || s.Steps() != want.ScheduleSteps {
			t.Errorf("%s: the schedule kept prices at %g s in %d steps, the answer %g s in %d", tc.explain, got, s.Steps(), want.ScheduleTimeS, want.ScheduleSteps)
		}
	}
}

// TestScheduleOfYieldingIsScheduleOf: the same schedule, yield called at
// least once per round; the same refusal above the transfer cap.
func TestScheduleOfYieldingIsScheduleOf(t *testing.T) {
	p := Params{Collective: prim.AllReduce, Algorithm: sched.Tree, Ranks: 512, Size: 64 << 20, ElemSize: 4, Bandwidth: 50e9, Latency: 5e-6, Efficiency: 1}
	want, err := ScheduleOf(p, 1<<21)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	got, err := ScheduleOfYielding(p, 1<<21, func() { calls++ })
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("ScheduleOfYielding differs from ScheduleOf (%v)", err)
	}
	if calls < len(want.Rounds) {
		t.Errorf("yield called %d times for %d rounds", calls, len(want.Rounds))
	}
	if _, err := ScheduleOfYielding(p, 10, func() {}); err == nil {
		t.Errorf("a schedule above the transfer cap is built")
	}
}

// TestScheduleOfYieldingInsideARound: a naive AllToAll is one round of P²
// transfers; its builder yields once per sending rank while it fills the
// round, not only after it, and builds the same schedule.
func TestScheduleOfYieldingInsideARound(t *testing.T) {
	p := Params{Collective: prim.AllToAll, Algorithm: sched.Naive, Ranks: 64, Size: 1 << 20, ElemSize: 4, Bandwidth: 50e9, Latency: 5e-6, Efficiency: 1}
	want, err := ScheduleOf(p, 1<<21)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	got, err := ScheduleOfYielding(p, 1<<21, func() { calls++ })
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("ScheduleOfYielding differs from ScheduleOf (%v)", err)
	}
	if len(want.Rounds) != 1 || calls < p.Ranks {
		t.Errorf("yield called %d times for %d rounds on %d ranks", calls, len(want.Rounds), p.Ranks)
	}
}
