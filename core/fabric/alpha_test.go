package fabric

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// A rank starts its messages one after another and accepts those it
// receives one after another: no run beats the α any rank pays, summed
// over every message it sends or over every message it receives (counted
// here from the schedule's transfers), nor the time the busiest NIC needs for the bytes
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
							sent, recv := make([]float64, p), make([]float64, p)
							for _, rd := range s.Rounds {
								for _, tr := range rd.Transfers {
									if tr.Src == tr.Dst {
										continue
									}
									a := c.Inter.Alpha
									if int(tr.Src)/g == int(tr.Dst)/g {
										a = c.Intra.Alpha
									}
									sent[tr.Src] += a
									recv[tr.Dst] += a
								}
							}
							led := sim.NewClusterLedger(s, 4, g)
							var bound float64
							for r := range p {
								bound = max(bound, sent[r], recv[r], float64(led.Ranks[r].InterSent)/c.Inter.Bandwidth)
							}
							res := simulate(t, s, n, 0)
							if res.Time < bound*(1-1e-9) {
								t.Errorf("%s %s P=%d g=%d %d B: simulated %g s, below the %g s some rank's sent or received start-ups or NIC bytes take", col, a, p, g, 4*count, res.Time, bound)
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
// non-blocking), the NIC carries earlier messages' bytes while the rank
// posts the next: the step takes max((P−1)·α + β·m, α + (P−1)·β·m), the
// start-ups and one message's bytes or one start-up and all the bytes,
// for m below and above α/β alike — never more than the α-β price
// (P−1)·α + (P−1)·β·m. Over several leaves of a non-blocking fat-tree
// the spines add at most 1 %.
func TestNaiveAllToAllOverlapsStartUps(t *testing.T) {
	const alpha, beta = 5e-6, 1 / 50e9
	var startUpBound, bytesBound int
	for _, p := range []int{16, 64} {
		for _, count := range []int{4, 1 << 12, 1 << 18} {
			s := build(t, prim.AllToAll, sched.Naive, p, count)
			k, m := float64(p-1), 4*float64(count)
			want := max(k*alpha+beta*m, alpha+k*beta*m)
			if k*alpha+beta*m > alpha+k*beta*m {
				startUpBound++
			} else {
				bytesBound++
			}
			price := sim.Price(s, 4, sim.Model{Alpha: alpha, Beta: beta}).Total()
			if !near(price, k*alpha+k*beta*m, 1e-12) || want > price {
				t.Fatalf("P=%d m=%g B: α-β price %g s, overlapped step %g s", p, m, price, want)
			}
			one := simulate(t, s, Build(Spec{Kind: FatTree, LeafNodes: p}, cluster(p, 1)), 0).Time
			if !near(one, want, 1e-9) {
				t.Errorf("P=%d m=%g B, one leaf: simulated %g s, max((P−1)α + βm, α + (P−1)βm) = %g s", p, m, one, want)
			}
			leaves := simulate(t, s, Build(Spec{Kind: FatTree, LeafNodes: 4}, cluster(p, 1)), 0).Time
			if leaves < want*(1-1e-9) || leaves > 1.01*want {
				t.Errorf("P=%d m=%g B, leaves of 4: simulated %g s, one leaf's %g s (want within [1, 1.01]×)", p, m, leaves, want)
			}
		}
	}
	if startUpBound == 0 || bytesBound == 0 {
		t.Errorf("%d start-up-bound and %d bytes-bound steps: want both regimes", startUpBound, bytesBound)
	}
}

// The lecture's naive AllToAll of 1 KiB on 64 ranks (§2.2) is latency
// bound: its 63 start-ups, ≈ 315 µs, on a non-blocking fat-tree too.
func TestNaiveAllToAllLectureLatency(t *testing.T) {
	s := build(t, prim.AllToAll, sched.Naive, 64, 1024/4/64)
	got := simulate(t, s, Build(Spec{Kind: FatTree}, cluster(64, 1)), 0).Time
	if lo := 63 * 5e-6; got < lo || got > 1.01*lo {
		t.Errorf("naive AllToAll, 64 ranks, 1 KiB: simulated %g s, want 63·α = %g s within 1 %%", got, lo)
	}
}

// Naive Gather and Reduce converge on the root: P − 1 ranks post one
// message each at once. The root accepts them one at a time, α apart,
// while its NIC carries their bytes, so where its NIC is the only link
// they share (one leaf, non-blocking) the run takes max((P−1)·α + β·m,
// α + (P−1)·β·m) — the closed form's start-ups and one message's bytes
// when m is small, one start-up and all the bytes through the root's
// downlink when m is large — within 10⁻⁹, never more than the α-β price
// (P−1)·(α + β·m), and the same over leaves of 4 nodes within 1 %.
func TestFanInAcceptsOneAtATime(t *testing.T) {
	const alpha, beta = 5e-6, 1 / 50e9
	var startUpBound, bytesBound int
	for _, col := range []prim.Collective{prim.Gather, prim.Reduce} {
		for _, p := range []int{16, 64} {
			for _, count := range []int{4, 256, 1 << 18} {
				s := build(t, col, sched.Naive, p, count)
				k := float64(p - 1)
				m := 4 * float64(count)
				want := max(k*alpha+beta*m, alpha+k*beta*m)
				if k*alpha+beta*m > alpha+k*beta*m {
					startUpBound++
				} else {
					bytesBound++
				}
				price := sim.Price(s, 4, sim.Model{Alpha: alpha, Beta: beta}).Total()
				if want > price*(1+1e-12) {
					t.Fatalf("%s P=%d m=%g B: α-β price %g s below the fan-in's %g s", col, p, m, price, want)
				}
				one := simulate(t, s, Build(Spec{Kind: FatTree, LeafNodes: p}, cluster(p, 1)), 0).Time
				if !near(one, want, 1e-9) {
					t.Errorf("%s P=%d m=%g B, one leaf: simulated %g s, max((P−1)α + βm, α + (P−1)βm) = %g s", col, p, m, one, want)
				}
				leaves := simulate(t, s, Build(Spec{Kind: FatTree, LeafNodes: 4}, cluster(p, 1)), 0).Time
				if leaves < want*(1-1e-9) || leaves > 1.01*want {
					t.Errorf("%s P=%d m=%g B, leaves of 4: simulated %g s, one leaf's %g s (want within [1, 1.01]×)", col, p, m, leaves, want)
				}
			}
		}
	}
	if startUpBound == 0 || bytesBound == 0 {
		t.Errorf("%d start-up-bound and %d bytes-bound fan-ins: want both regimes", startUpBound, bytesBound)
	}
}
