package plan

import (
	"errors"
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
