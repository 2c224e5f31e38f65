package cost

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/topo"
)

// TestNCCLCellFactorsAddUp: every enabled cell's time is its latency times
// its latency factor plus the size over its bandwidth times its bandwidth
// factor — the card can show every factor it applies — across sizes that
// straddle the tree correction's table and the ring's plateau, on one node
// and several, with and without a system.
func TestNCCLCellFactorsAddUp(t *testing.T) {
	sys, err := topo.LookupSystem("system", "dgx-b200")
	if err != nil {
		t.Fatal(err)
	}
	seenPlateau, seenCorrection := false, false
	for _, tc := range []struct {
		ranks, g int
		o        NCCLOptions
	}{{8, 8, NCCLOptions{}}, {16, 8, NCCLOptions{}}, {64, 1, NCCLOptions{}}, {32, 0, NCCLOptions{System: sys}}} {
		for _, c := range []prim.Collective{prim.AllReduce, prim.AllGather, prim.Broadcast} {
			for size := int64(1024); size <= 8<<30; size *= 16 {
				p := Params{Collective: c, Algorithm: "ring", Ranks: tc.ranks, Size: size, ElemSize: 4, Bandwidth: 50e9, Latency: 5e-6,
					Efficiency: 1, GPUsPerNode: tc.g, IntraBandwidth: 450e9, IntraLatency: 1e-6, CostModel: ModelNCCL}
				r, err := NCCLWith(p, tc.o)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range r.Cells {
					if !e.Enabled {
						continue
					}
					want := e.LatencyUs*e.LatencyFactor + float64(size)/(1000*(e.AlgBwGBs*e.BwFactor))
					if math.Abs(want-e.TimeUs) > 1e-9*e.TimeUs {
						t.Errorf("%s %d B on %d ranks, %s/%s: time %g µs, factors give %g", c, size, tc.ranks, e.Algorithm, e.Protocol, e.TimeUs, want)
					}
					seenPlateau = seenPlateau || e.LatencyFactor != 1
					seenCorrection = seenCorrection || e.BwFactor != 1
				}
			}
		}
	}
	if !seenPlateau || !seenCorrection {
		t.Errorf("the cases never exercised the plateau (%v) or the tree correction (%v)", seenPlateau, seenCorrection)
	}
}
