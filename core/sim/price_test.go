package sim_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// handSchedule is a three-round schedule on 3 ranks whose price is worked
// out by hand in TestPriceByHand. Price reads only Spec.Ranks and Rounds.
func handSchedule() *sched.Schedule {
	x := func(src, dst, n int) sched.Transfer {
		return sched.Transfer{Src: int32(src), Dst: int32(dst), Len: int64(n)}
	}
	return &sched.Schedule{
		Spec: prim.Spec{Collective: prim.AllReduce, Ranks: 3, Count: 100, Op: prim.Sum},
		Rounds: []sched.Round{
			// Rank 0 sends twice: its send port serialises 10 + 20 elements.
			{Phase: "a", Reduce: true, Transfers: []sched.Transfer{x(0, 1, 10), x(0, 2, 20), x(2, 1, 5)}},
			// One message; the local copy 0 → 0 is free.
			{Phase: "b", Transfers: []sched.Transfer{x(1, 2, 4), x(0, 0, 100)}},
			// Rank 2's receive port takes two messages and decides the round.
			{Phase: "c", Reduce: true, Transfers: []sched.Transfer{x(0, 2, 3), x(1, 2, 3)}},
		},
	}
}

// TestPriceByHand prices handSchedule with 2-byte elements, α = 1, β = 0.5,
// γ = 0.25 (all exact in binary, so the answers are exact):
//
//	round 0: rank 0's send port 2α + β·(20+40) B = 2 + 30 = 32 (decides);
//	         rank 1's receive port 2α + β·30 B = 17; rank 2 reduces 40 B,
//	         rank 1 30 B: γ·40 = 10 (the rank that reduces most).
//	round 1: α + β·8 B = 1 + 4; no reduction.
//	round 2: rank 2's receive port 2α + β·12 B = 2 + 6 = 8; γ·12 = 3.
//	total:   latency 2+1+2 = 5, bandwidth 30+4+6 = 40, compute 10+3 = 13.
//
// With a Link override making 0 → 2 slow (α = 3, β = 2) and every other
// link the defaults (Model.Alpha and Beta are then ignored):
//
//	round 0: rank 0's send port (1+3) + (0.5·20 + 2·40) = 4 + 90 (decides);
//	round 1: 1 + 4;
//	round 2: rank 2's receive port (3+1) + (2·6 + 0.5·6) = 4 + 15.
func TestPriceByHand(t *testing.T) {
	slow := func(src, dst int) (float64, float64) {
		if src == 0 && dst == 2 {
			return 3, 2
		}
		return 1, 0.5
	}
	cases := []struct {
		reason string
		model  sim.Model
		rounds []sim.RoundCost
	}{
		{"uniform links", sim.Model{Alpha: 1, Beta: 0.5, Gamma: 0.25}, []sim.RoundCost{
			{Latency: 2, Bandwidth: 30, Compute: 10, Critical: 0},
			{Latency: 1, Bandwidth: 4, Compute: 0, Critical: 1},
			{Latency: 2, Bandwidth: 6, Compute: 3, Critical: 2},
		}},
		{"a slow link 0 → 2 via Link (Alpha and Beta ignored)", sim.Model{Alpha: 100, Beta: 100, Gamma: 0.25, Link: slow}, []sim.RoundCost{
			{Latency: 4, Bandwidth: 90, Compute: 10, Critical: 0},
			{Latency: 1, Bandwidth: 4, Compute: 0, Critical: 1},
			{Latency: 4, Bandwidth: 15, Compute: 3, Critical: 2},
		}},
		{"γ = 0: no compute term", sim.Model{Alpha: 1, Beta: 0.5}, []sim.RoundCost{
			{Latency: 2, Bandwidth: 30, Critical: 0},
			{Latency: 1, Bandwidth: 4, Critical: 1},
			{Latency: 2, Bandwidth: 6, Critical: 2},
		}},
	}
	for _, tc := range cases {
		c := sim.Price(handSchedule(), 2, tc.model)
		var want sim.Cost
		for _, rc := range tc.rounds {
			want.Latency += rc.Latency
			want.Bandwidth += rc.Bandwidth
			want.Compute += rc.Compute
		}
		if len(c.Rounds) != len(tc.rounds) {
			t.Fatalf("%s: %d round costs, want %d", tc.reason, len(c.Rounds), len(tc.rounds))
		}
		for i := range tc.rounds {
			if c.Rounds[i] != tc.rounds[i] {
				t.Errorf("%s: round %d = %+v, want %+v", tc.reason, i, c.Rounds[i], tc.rounds[i])
			}
		}
		if c.Latency != want.Latency || c.Bandwidth != want.Bandwidth || c.Compute != want.Compute {
			t.Errorf("%s: total α %g β %g γ %g, want %g %g %g", tc.reason, c.Latency, c.Bandwidth, c.Compute, want.Latency, want.Bandwidth, want.Compute)
		}
		if c.Total() != want.Latency+want.Bandwidth+want.Compute {
			t.Errorf("%s: Total %g", tc.reason, c.Total())
		}
	}
	if got := sim.Price(handSchedule(), 2, sim.Model{Alpha: 1, Beta: 0.5, Gamma: 0.25}).Total(); got != 58 {
		t.Errorf("uniform total %g, want 5 + 40 + 13 = 58", got)
	}
}

// TestPriceIsTheCostRule: wherever every rank sends and receives at most one
// message a round, Price must equal the cost rule read off the ledger:
// each round costs α + β·(largest message) + γ·(most bytes reduced by one
// rank). Checked for every applicable schedule where the condition holds.
func TestPriceIsTheCostRule(t *testing.T) {
	const e = 4
	m := sim.Model{Alpha: 3e-6, Beta: 1 / 25e9, Gamma: 1e-10}
	checked := 0
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{1, 2, 3, 4, 7, 8, 16} {
				for _, n := range []int{1, p + 1, 500} {
					sp := prim.Spec{Collective: c, Ranks: p, Count: n, Op: prim.Sum, Root: p - 1}
					if !c.Rooted() {
						sp.Root = 0
					}
					s, err := sched.Build(sp, a, sched.Options{})
					if err != nil {
						t.Fatal(err)
					}
					if !onePerPort(s) {
						continue
					}
					checked++
					price := sim.Price(s, e, m)
					l := sim.NewLedger(s, e)
					want := 0.0
					for _, rs := range l.Rounds {
						if rs.Messages > 0 {
							want += m.Alpha + m.Beta*float64(max(rs.MaxSent, rs.MaxRecv)) + m.Gamma*float64(rs.MaxReduce)
						}
					}
					if got := price.Total(); math.Abs(got-want) > 1e-12*want {
						t.Errorf("%s/%s P=%d n=%d: Price %g, the cost rule on the ledger %g", c, a, p, n, got, want)
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d schedules had one message per port per round", checked)
	}
}

func onePerPort(s *sched.Schedule) bool {
	for _, rd := range s.Rounds {
		seen := map[[2]int32]bool{}
		for _, x := range rd.Transfers {
			if x.Src == x.Dst {
				continue
			}
			for _, k := range [][2]int32{{0, x.Src}, {1, x.Dst}} {
				if seen[k] {
					return false
				}
				seen[k] = true
			}
		}
	}
	return true
}

// TestPriceStraggler: one slow link stretches every round of the ring that
// uses it, which is every round (the lecture's §0.2 barrel effect).
func TestPriceStraggler(t *testing.T) {
	const p, n, e = 8, 8000, 4
	s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: prim.Sum}, sched.Ring, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	alpha, beta := 5e-6, 1/50e9
	slow := sim.Model{Link: func(src, dst int) (float64, float64) {
		if src == 3 {
			return alpha, 10 * beta
		}
		return alpha, beta
	}}
	chunk := float64(n / p * e)
	got := sim.Price(s, e, slow).Total()
	want := 2 * (p - 1) * (alpha + 10*beta*chunk)
	if math.Abs(got-want) > 1e-12*want {
		t.Errorf("ring with rank 3's link 10× slower: %g s, want 2(P−1)·(α + 10β·S/P) = %g s", got, want)
	}
	for i, rc := range sim.Price(s, e, slow).Rounds {
		if rc.Critical != 3 && rc.Critical != 4 {
			t.Errorf("round %d: critical rank %d, want the slow link's end (3 or 4)", i, rc.Critical)
		}
	}
}

// TestPriceEmpty: a schedule without rounds (P = 1, or no data) costs nothing.
func TestPriceEmpty(t *testing.T) {
	for _, sp := range []prim.Spec{
		{Collective: prim.AllReduce, Ranks: 1, Count: 100, Op: prim.Sum},
		{Collective: prim.AllGather, Ranks: 8, Count: 0},
	} {
		s, err := sched.Build(sp, sched.Ring, sched.Options{})
		if err != nil {
			t.Fatal(err)
		}
		c := sim.Price(s, 4, sim.Model{Alpha: 1, Beta: 1, Gamma: 1})
		if c.Total() != 0 || len(c.Rounds) != 0 {
			t.Errorf("%s P=%d n=%d: cost %+v, want nothing", sp.Collective, sp.Ranks, sp.Count, c)
		}
		if l := sim.NewLedger(s, 4); l.TotalBytes != 0 || l.Steps != 0 {
			t.Errorf("%s: ledger %+v, want empty", fmt.Sprint(sp.Collective), l)
		}
	}
}
