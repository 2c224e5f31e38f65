package cost

import (
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// ScheduleOf builds, for every collective and applicable algorithm, a
// schedule within TransferBound whose executed price is the one Evaluate
// reports (the schedule time where Evaluate builds one, else the exact
// closed form), with the chunk count Evaluate chose.
func TestScheduleOfIsWhatEvaluatePrices(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, ranks := range []int{2, 3, 5, 8, 16} {
				for _, size := range []int64{4 << 10, 1 << 20} {
					p := Params{Collective: c, Algorithm: a, Ranks: ranks, Size: size, ElemSize: 4,
						Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
					if a == sched.Hierarchical {
						p.GPUsPerNode = 1
						if ranks%4 == 0 {
							p.GPUsPerNode = 4
						}
					}
					r, err := Evaluate(p)
					if err != nil {
						continue // e.g. hierarchical without whole nodes: refused alike below
					}
					s, err := ScheduleOf(p, ScheduleLimit)
					if err != nil {
						t.Fatalf("%s/%s P=%d S=%d: %v", c, a, ranks, size, err)
					}
					if n, q := int64(s.Transfers()), concrete(p); n > TransferBound(q) {
						t.Errorf("%s/%s P=%d: %d transfers above the bound %d", c, a, ranks, n, TransferBound(q))
					}
					if r.Chunks != 0 && s.Chunks != r.Chunks {
						t.Errorf("%s/%s P=%d: schedule has %d chunks, Evaluate chose %d", c, a, ranks, s.Chunks, r.Chunks)
					}
					got := sim.Price(s, p.ElemSize, p.Model()).Total()
					want := r.TimeS
					if r.ScheduleTimeS > 0 {
						want = r.ScheduleTimeS
					} else if !r.Exact {
						continue
					}
					if d := got - want; d > 1e-9*want || d < -1e-9*want {
						t.Errorf("%s/%s P=%d S=%d: schedule costs %g s, Evaluate says %g s", c, a, ranks, size, got, want)
					}
				}
			}
		}
	}
}

// Hierarchical AllReduce's schedule follows gpus-per-node: 16 ranks in 4
// nodes of 4 is another schedule than 16 single-GPU nodes.
func TestScheduleOfHonoursGPUsPerNode(t *testing.T) {
	p := Params{Collective: prim.AllReduce, Algorithm: sched.Hierarchical, Ranks: 16, Size: 64 << 10, ElemSize: 4,
		Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
	flat, err := ScheduleOf(p, ScheduleLimit)
	if err != nil {
		t.Fatal(err)
	}
	p.GPUsPerNode, p.IntraBandwidth = 4, 50e9
	nodes, err := ScheduleOf(p, ScheduleLimit)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Evaluate(p)
	if err != nil {
		t.Fatal(err)
	}
	if nodes.Steps() != r.Steps || nodes.Transfers() == flat.Transfers() {
		t.Errorf("4×4: %d steps (Evaluate %d), %d transfers (16×1: %d)", nodes.Steps(), r.Steps, nodes.Transfers(), flat.Transfers())
	}
}

// Too large a schedule is refused before it is built, naming the limit.
func TestScheduleOfRefusesBeforeBuilding(t *testing.T) {
	p := Params{Collective: prim.AllToAll, Algorithm: sched.Naive, Ranks: 4096, Size: 1 << 30, ElemSize: 4,
		Bandwidth: 50e9, Efficiency: 1}
	allocs := testing.AllocsPerRun(1, func() {
		_, err := ScheduleOf(p, 100_000)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != "ranks" {
			t.Fatalf("err = %v", err)
		}
	})
	if allocs > 20 {
		t.Errorf("refusal allocated %v times: it built something", allocs)
	}
}

// Concrete names the algorithm and chunk count Evaluate reports, for auto
// and for named pipelined algorithms, and is a fixed point.
func TestConcreteIsWhatEvaluateChose(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range append(sched.Applicable(c), sched.Auto) {
			for _, size := range []int64{64, 4 << 10, 1 << 20, 1 << 30} {
				p := Params{Collective: c, Algorithm: a, Ranks: 12, Size: size, ElemSize: 4,
					Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
				r, _, err := EvaluateDeferred(p)
				if err != nil {
					continue // hierarchical without nodes of whole ranks etc.: refused alike
				}
				q, err := Concrete(p)
				if err != nil {
					t.Fatalf("%s/%s: %v", c, a, err)
				}
				if string(q.Algorithm) != r.Algorithm || q.Chunks != r.Chunks {
					t.Errorf("%s/%s S=%d: Concrete says %s with %d chunks, Evaluate %s with %d", c, a, size, q.Algorithm, q.Chunks, r.Algorithm, r.Chunks)
				}
				if again, _ := Concrete(q); again != q {
					t.Errorf("%s/%s S=%d: Concrete is not a fixed point: %+v then %+v", c, a, size, q, again)
				}
			}
		}
	}
}
