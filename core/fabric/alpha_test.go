package fabric

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// A rank starts its messages one after another: no run beats the α any
// rank pays, summed over every message it sends (counted here from the
// schedule's transfers), nor the time the busiest NIC needs for the bytes
// the ledger says it sends, nor the least α and then the bytes of its
// busiest link at the link's capacity (no byte moves before a start-up is
// paid). Every collective and algorithm, flat and on nodes, latency- and
// bandwidth-bound, on a non-blocking and a 4:1 fat-tree.
func TestNoRunBeatsItsStartUps(t *testing.T) {
	runs := 0
	for _, g := range []int{1, 8} {
		for _, p := range []int{8, 64} {
			c := cluster(p, g)
			for _, n := range []*Net{Build(Spec{Kind: FatTree, LeafNodes: 2}, c), Build(Spec{Kind: FatTree, LeafNodes: 2, Oversubscription: 4}, c)} {
				for _, col := range prim.Collectives() {
					for _, a := range sched.Algorithms() {
						for _, count := range []int{256, 1 << 18} {
							s, err := sched.Build(prim.Spec{Collective: col, Ranks: p, Count: count, Op: prim.Sum}, a, sched.Options{GPUsPerNode: g})
							if err != nil {
								continue // the algorithm does not run this collective on p ranks
							}
							runs++
							alpha := make([]float64, p)
							for _, rd := range s.Rounds {
								for _, tr := range rd.Transfers {
									if tr.Src == tr.Dst {
										continue
									}
									if int(tr.Src)/g == int(tr.Dst)/g {
										alpha[tr.Src] += c.Intra.Alpha
									} else {
										alpha[tr.Src] += c.Inter.Alpha
									}
								}
							}
							led := sim.NewClusterLedger(s, 4, g)
							var bound float64
							for r := range p {
								bound = max(bound, alpha[r], float64(led.Ranks[r].InterSent)/c.Inter.Bandwidth)
							}
							res := simulate(t, s, n, 0)
							if res.Time < bound*(1-1e-9) {
								t.Errorf("%s %s P=%d g=%d %d B: simulated %g s, below the %g s some rank's start-ups or NIC bytes take", col, a, p, g, 4*count, res.Time, bound)
							}
							var busiest float64
							for l, b := range res.Bytes {
								busiest = max(busiest, b/n.Links[l].Cap)
							}
							if first := min(c.Intra.Alpha, c.Inter.Alpha); busiest > 0 && res.Time < (first+busiest)*(1-1e-9) {
								t.Errorf("%s %s P=%d g=%d %d B: simulated %g s, below α + its busiest link's bytes at capacity, %g s", col, a, p, g, 4*count, res.Time, first+busiest)
							}
						}
					}
				}
			}
		}
	}
	if runs < 50 {
		t.Fatalf("only %d collective × algorithm runs were built", runs)
	}
}

// Naive AllToAll posts all P − 1 messages of a rank in one step. Where
// each rank's NIC is the only link its messages share (one leaf,
// non-blocking), the step costs what the α-β rule prices: (P−1)·α +
// (P−1)·β·m, latency- and bandwidth-bound alike. Over several leaves of
// a non-blocking fat-tree, the spines add at most 1 % at these sizes.
func TestNaiveAllToAllPaysAlphaPerMessage(t *testing.T) {
	for _, p := range []int{16, 64} {
		for _, count := range []int{4, 1 << 12, 1 << 18} {
			s := build(t, prim.AllToAll, sched.Naive, p, count)
			want := sim.Price(s, 4, sim.Model{Alpha: 5e-6, Beta: 1 / 50e9}).Total()
			k := float64(p - 1)
			if rule := k*5e-6 + k*4*float64(count)/50e9; !near(want, rule, 1e-12) {
				t.Fatalf("P=%d: price %g s, (P−1)(α + β·m) = %g s", p, want, rule)
			}
			one := simulate(t, s, Build(Spec{Kind: FatTree, LeafNodes: p}, cluster(p, 1)), 0).Time
			if !near(one, want, 1e-9) {
				t.Errorf("P=%d m=%d B, one leaf: simulated %g s, α-β price %g s", p, 4*count, one, want)
			}
			leaves := simulate(t, s, Build(Spec{Kind: FatTree, LeafNodes: 4}, cluster(p, 1)), 0).Time
			if leaves < want*(1-1e-9) || leaves > 1.01*want {
				t.Errorf("P=%d m=%d B, leaves of 4: simulated %g s, α-β price %g s (want within [1, 1.01]×)", p, 4*count, leaves, want)
			}
		}
	}
}
