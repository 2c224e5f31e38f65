package cost

import (
	"errors"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// The phases of hierarchical AllReduce add up to Evaluate's answer — steps
// and every term, bit for bit — and each phase has as many rounds as the
// schedule ScheduleOf builds names after it, on flat networks, on nodes
// (P | n and not), with a straggler, with γ, for P = 1 and S = 0.
func TestHierarchicalPhasesAddUpToEvaluate(t *testing.T) {
	slow := []topo.Slow{{}, {Rank: 5, Factor: 4}}
	for _, ranks := range []int{1, 2, 8, 12, 16} {
		for _, g := range []int{0, 1, 2, 4} {
			if g > 0 && ranks%g != 0 {
				continue
			}
			for _, size := range []int64{0, 4, 4 << 10, 1<<20 + 12} {
				for _, sl := range slow {
					if sl.Active() && ranks <= sl.Rank {
						continue
					}
					p := Params{Collective: prim.AllReduce, Algorithm: sched.Hierarchical, Ranks: ranks, Size: size, ElemSize: 4,
						Bandwidth: 50e9, Efficiency: 0.8, Latency: 5e-6, Gamma: 1e-11, GPUsPerNode: g,
						IntraBandwidth: 450e9, IntraLatency: 1e-6, Slow: sl}
					r, err := Evaluate(p)
					if err != nil {
						t.Fatalf("P=%d g=%d S=%d %v: %v", ranks, g, size, sl, err)
					}
					phs, err := HierarchicalPhases(p)
					if err != nil {
						t.Fatalf("P=%d g=%d S=%d: %v", ranks, g, size, err)
					}
					var sum Phase
					for _, ph := range phs {
						sum.Steps += ph.Steps
						sum.LatencyTermS += ph.LatencyTermS
						sum.BandwidthTermS += ph.BandwidthTermS
						sum.ComputeTermS += ph.ComputeTermS
					}
					if sum.Steps != r.Steps || sum.LatencyTermS != r.LatencyTermS || sum.BandwidthTermS != r.BandwidthTermS ||
						sum.ComputeTermS != r.ComputeTermS || sum.TimeS() != r.TimeS {
						t.Errorf("P=%d g=%d S=%d %v: phases add up to %+v, Evaluate says %d steps, %g+%g+%g = %g s",
							ranks, g, size, sl, sum, r.Steps, r.LatencyTermS, r.BandwidthTermS, r.ComputeTermS, r.TimeS)
					}
					s, err := ScheduleOf(p, ScheduleLimit)
					if err != nil {
						t.Fatal(err)
					}
					rounds := map[string]int{}
					for _, rd := range s.Rounds {
						rounds[rd.Phase]++
					}
					for _, ph := range phs {
						if size > 0 && ranks > 1 && rounds[ph.Name] != ph.Steps {
							t.Errorf("P=%d g=%d S=%d: phase %s has %d steps, the schedule %d rounds", ranks, g, size, ph.Name, ph.Steps, rounds[ph.Name])
						}
					}
				}
			}
		}
	}
}

// Eight nodes of four: the intra phases are 3 rounds each, the inter 7,
// and the intra-node ReduceScatter costs 3α₁ + 3·(S/4)·β₁.
func TestHierarchicalPhasesWorked(t *testing.T) {
	p := Params{Collective: prim.AllReduce, Algorithm: sched.Hierarchical, Ranks: 32, Size: 1 << 20, ElemSize: 4,
		Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6, GPUsPerNode: 4, IntraBandwidth: 400e9, IntraLatency: 1e-6}
	phs, err := HierarchicalPhases(p)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{3, 7, 7, 3}
	for i, ph := range phs {
		if ph.Name != hierPhaseNames[i] || ph.Steps != want[i] || !ph.Exact {
			t.Errorf("phase %d = %+v, want %s with %d steps, exact", i, ph, hierPhaseNames[i], want[i])
		}
	}
	if got, want := phs[0].TimeS(), 3*1e-6+3*float64(1<<18)/400e9; math.Abs(got-want) > 1e-12*want {
		t.Errorf("intra ReduceScatter %g s, want %g s", got, want)
	}
}

// Anything but hierarchical AllReduce is refused on the algorithm field.
func TestHierarchicalPhasesRefusesOthers(t *testing.T) {
	p := Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: 8, Size: 1 << 10, ElemSize: 4, Bandwidth: 1e9, Efficiency: 1}
	_, err := HierarchicalPhases(p)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "algorithm" {
		t.Errorf("ring: got %v, want an error on algorithm", err)
	}
}
