package plan

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
)

// Run in small slices is Plan: the same Result, bit for bit, with the
// progress rising from 0 to 1, never back, and yield called while the
// schedules are built; each distinct call it simulated takes the time
// cost.Evaluate gives that call on its fabric (an independent path: the
// cost question answered whole). On the ideal network there is nothing to
// simulate and one Advance prices the plan.
func TestRunInSlicesIsPlan(t *testing.T) {
	q := with(moe64(), "fabric", "fat-tree", "oversubscription", "4", "leaf-nodes", "2")
	in := mustParse(t, q)
	want := mustPlan(t, q)
	run, err := Start(in)
	if err != nil {
		t.Fatal(err)
	}
	if run.Transfers() <= 0 || run.Progress() != 0 || len(run.todo) < 2 {
		t.Fatalf("%d transfers, progress %v, %d simulations before any work", run.Transfers(), run.Progress(), len(run.todo))
	}
	yields := 0
	run.SetYield(func() { yields++ })
	slices, last := 0, 0.0
	for {
		done, err := run.Advance(2_000)
		if err != nil {
			t.Fatal(err)
		}
		slices++
		p := run.Progress()
		if p < last || p > 1 {
			t.Fatalf("slice %d: progress %v after %v", slices, p, last)
		}
		last = p
		if done {
			break
		}
		if slices > 1_000_000 {
			t.Fatal("the run does not end")
		}
	}
	if last != 1 || slices < 2*len(run.todo) || yields == 0 || run.Work() <= 0 {
		t.Errorf("progress %v after %d slices for %d simulations, %d yields, work %d", last, slices, len(run.todo), yields, run.Work())
	}
	if got := run.Result(); !reflect.DeepEqual(got, want) {
		t.Errorf("the run in slices differs from Plan:\n%+v\n%+v", got.Fabric, want.Fabric)
	}
	for _, x := range run.todo {
		r, err := cost.Evaluate(x.p)
		if err != nil {
			t.Fatal(err)
		}
		if got := run.pr.sims[keyOf(x.p)]; got.err != nil || got.t != r.TimeS {
			t.Errorf("%s on %d ranks: simulated %v (%v), cost.Evaluate says %v", x.p.Collective, x.p.Ranks, got.t, got.err, r.TimeS)
		}
	}

	ideal, err := Start(mustParse(t, moe64()))
	if err != nil || ideal.Transfers() != 0 {
		t.Fatalf("ideal network: %v, %d transfers", err, ideal.Transfers())
	}
	if done, err := ideal.Advance(1); !done || err != nil || !reflect.DeepEqual(ideal.Result(), mustPlan(t, moe64())) || ideal.Progress() != 1 {
		t.Errorf("ideal network: one Advance gives done %v, %v", done, err)
	}
}

// Start refuses what Plan refuses, before any simulation: a plan whose
// simulations exceed the fabric's budget, on dp.
func TestRunRefusesLikePlan(t *testing.T) {
	in := mustParse(t, map[string]string{"model": "13b", "dp": "4096", "zero": "0", "algorithm": "ring", "fabric": "fat-tree"})
	_, want := Plan(in)
	run, got := Start(in)
	var fe *fielderr.Error
	if want == nil || run != nil || got == nil || got.Error() != want.Error() || !errors.As(got, &fe) || fe.Field != "dp" {
		t.Errorf("Start %v (a run: %v), Plan %v", got, run != nil, want)
	}
}

// A run given the times another run of the same input simulated prices
// the same plan (bit for bit) without simulating: one Advance, no work, no
// schedule built. The times are what it prices with: doubled, the
// communication grows. Times of another count, a time that is negative or
// not finite, and a run already advanced are refused.
func TestGivenTimesArePlan(t *testing.T) {
	in := mustParse(t, with(moe64(), "fabric", "fat-tree", "oversubscription", "4", "leaf-nodes", "2"))
	want, err := Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	first, err := Start(in)
	if err != nil {
		t.Fatal(err)
	}
	if first.Times() != nil {
		t.Error("times before the run is done")
	}
	if _, err := first.Advance(math.MaxInt64); err != nil {
		t.Fatal(err)
	}
	times := first.Times()
	if len(times) != len(first.todo) || len(times) < 2 {
		t.Fatalf("%d times for %d simulations", len(times), len(first.todo))
	}
	given := func(ts []float64) (Result, *Run) {
		t.Helper()
		run, err := Start(in)
		if err != nil {
			t.Fatal(err)
		}
		run.SetYield(func() { t.Error("a schedule is built for a run given its times") })
		if err := run.Give(ts); err != nil {
			t.Fatal(err)
		}
		if done, err := run.Advance(1); !done || err != nil || run.Work() != 0 || run.Progress() != 1 {
			t.Fatalf("given its times: done %v, %v, work %d, progress %v", done, err, run.Work(), run.Progress())
		}
		return run.Result(), run
	}
	if got, run := given(times); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(run.Times(), times) {
		t.Errorf("given its times, the plan differs from Plan:\n%+v\n%+v", got.Fabric, want.Fabric)
	}
	doubled := make([]float64, len(times))
	for i, x := range times {
		doubled[i] = 2 * x
	}
	if got, _ := given(doubled); !(got.CommS > want.CommS) {
		t.Errorf("doubled times: communication %g s, simulated %g s", got.CommS, want.CommS)
	}
	for _, bad := range [][]float64{times[1:], append(times, 1), {-1, 1}, {math.NaN(), 1}, {math.Inf(1), 1}} {
		if len(bad) == 2 && len(times) != 2 {
			bad = append(bad, times[2:]...)
		}
		run, _ := Start(in)
		if err := run.Give(bad); err == nil {
			t.Errorf("times %v are taken", bad)
		}
		if run.i != 0 {
			t.Errorf("refused times %v moved the run on", bad)
		}
	}
	run, _ := Start(in)
	run.Advance(1)
	if err := run.Give(times); err == nil {
		t.Error("times are given to a run already advanced")
	}
}
