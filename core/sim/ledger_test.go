package sim_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/google/go-cmp/cmp"
)

// ledgerSpecs lists even and uneven Specs of collective c on P ranks with
// about n elements; the uneven ones have zero blocks.
func ledgerSpecs(c prim.Collective, p, n int, rng *rand.Rand) []prim.Spec {
	base := prim.Spec{Collective: c, Ranks: p, Count: n, Op: prim.Sum}
	if c.Rooted() {
		base.Root = p / 2
	}
	specs := []prim.Spec{base}
	if c.Blocked() {
		u := base
		u.Counts = make([]int, p)
		for r := range u.Counts {
			u.Counts[r] = rng.IntN(n+1) * rng.IntN(2)
		}
		specs = append(specs, u)
	}
	if c == prim.AllToAll {
		u := base
		u.SendCounts = make([][]int, p)
		for i := range u.SendCounts {
			u.SendCounts[i] = make([]int, p)
			for j := range u.SendCounts[i] {
				u.SendCounts[i][j] = rng.IntN(n+1) * rng.IntN(2)
			}
		}
		specs = append(specs, u)
	}
	return specs
}

// TestLedgerInvariants checks the invariants documented on sim.Ledger for
// every applicable (collective, algorithm) at a few P, even and uneven:
// Σ sent == Σ received == Σ round bytes == TotalBytes; every rank's totals
// are the sum of its phases and of its per-round RoundRanks; the round
// summaries are the maxima of RoundRanks; Busiest has the largest Sent
// (lowest rank on ties); Steps counts the rounds with messages; reduced
// bytes are exactly the bytes received in reducing rounds.
func TestLedgerInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{1, 2, 3, 5, 8, 13, 16} {
				for _, n := range []int{0, 1, p + 1, 100} {
					for _, sp := range ledgerSpecs(c, p, n, rng) {
						name := fmt.Sprintf("%s/%s/P=%d/n=%d/uneven=%v", c, a, p, n, sp.Counts != nil || sp.SendCounts != nil)
						s, err := sched.Build(sp, a, sched.Options{})
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						checkLedger(t, name, s)
					}
				}
			}
		}
	}
}

func checkLedger(t *testing.T, name string, s *sched.Schedule) {
	t.Helper()
	const e = 4
	l := sim.NewLedger(s, e)
	p := s.Spec.Ranks
	if l.ElemSize != e || len(l.Ranks) != p || len(l.Rounds) != len(s.Rounds) {
		t.Fatalf("%s: ledger shape elem %d, %d ranks, %d rounds", name, l.ElemSize, len(l.Ranks), len(l.Rounds))
	}
	var sent, recv, roundBytes, reducedInReducingRounds, reduced int64
	for _, b := range l.Ranks {
		sent += b.Sent
		recv += b.Received
		reduced += b.Reduced
	}
	steps := 0
	perRound := make([]sim.Bytes, p)
	for i, rs := range l.Rounds {
		roundBytes += rs.Bytes
		if rs.Phase != s.Rounds[i].Phase {
			t.Fatalf("%s: round %d phase %q, schedule says %q", name, i, rs.Phase, s.Rounds[i].Phase)
		}
		msgs := 0
		for _, x := range s.Rounds[i].Transfers {
			if x.Src != x.Dst {
				msgs++
			}
		}
		if rs.Messages != msgs {
			t.Fatalf("%s: round %d has %d messages, the ledger says %d", name, i, msgs, rs.Messages)
		}
		if msgs > 0 {
			steps++
		}
		var rsum, maxS, maxR, maxD int64
		for r, b := range sim.RoundRanks(s, i, e) {
			rsum += b.Sent
			maxS, maxR, maxD = max(maxS, b.Sent), max(maxR, b.Received), max(maxD, b.Reduced)
			perRound[r].Sent += b.Sent
			perRound[r].Received += b.Received
			perRound[r].Reduced += b.Reduced
			if !s.Rounds[i].Reduce && b.Reduced != 0 {
				t.Fatalf("%s: round %d copies but rank %d reduces %d bytes", name, i, r, b.Reduced)
			}
		}
		if rsum != rs.Bytes || maxS != rs.MaxSent || maxR != rs.MaxRecv || maxD != rs.MaxReduce {
			t.Fatalf("%s: round %d summary %+v, RoundRanks say bytes %d max sent %d recv %d reduced %d", name, i, rs, rsum, maxS, maxR, maxD)
		}
		if s.Rounds[i].Reduce {
			reducedInReducingRounds += rs.Bytes
		}
	}
	if sent != recv || sent != roundBytes || sent != l.TotalBytes {
		t.Fatalf("%s: Σ sent %d, Σ received %d, Σ round bytes %d, TotalBytes %d: not conserved", name, sent, recv, roundBytes, l.TotalBytes)
	}
	if reduced != reducedInReducingRounds {
		t.Fatalf("%s: Σ reduced %d, bytes of reducing rounds %d", name, reduced, reducedInReducingRounds)
	}
	if !s.Spec.Collective.Reduces() && reduced != 0 {
		t.Fatalf("%s: %s reduces %d bytes", name, s.Spec.Collective, reduced)
	}
	if l.Steps != steps {
		t.Fatalf("%s: Steps %d, rounds with messages %d", name, l.Steps, steps)
	}
	phaseRounds := 0
	for i, ph := range l.Phases {
		phaseRounds += ph.Rounds
		if i > 0 && l.Phases[i-1].Phase == ph.Phase {
			t.Fatalf("%s: phases %d and %d are both %q; consecutive rounds of a phase belong together", name, i-1, i, ph.Phase)
		}
	}
	if phaseRounds != len(s.Rounds) {
		t.Fatalf("%s: phases cover %d rounds of %d", name, phaseRounds, len(s.Rounds))
	}
	for r := 0; r < p; r++ {
		var sum sim.Bytes
		for _, ph := range l.Phases {
			sum.Sent += ph.Ranks[r].Sent
			sum.Received += ph.Ranks[r].Received
			sum.Reduced += ph.Ranks[r].Reduced
		}
		if sum != l.Ranks[r] || perRound[r] != l.Ranks[r] {
			t.Fatalf("%s: rank %d totals %+v, phases sum to %+v, rounds to %+v", name, r, l.Ranks[r], sum, perRound[r])
		}
		if b := l.Ranks[r].Sent; b > l.Ranks[l.Busiest].Sent || b == l.Ranks[l.Busiest].Sent && r < l.Busiest {
			t.Fatalf("%s: Busiest is rank %d (%d B) but rank %d sends %d B", name, l.Busiest, l.Ranks[l.Busiest].Sent, r, b)
		}
	}
	// Bytes scale with the element size.
	l8 := sim.NewLedger(s, 2*e)
	if l8.TotalBytes != 2*l.TotalBytes || l8.Busiest != l.Busiest {
		t.Fatalf("%s: doubling the element size gives %d bytes (busiest %d), want %d (busiest %d)", name, l8.TotalBytes, l8.Busiest, 2*l.TotalBytes, l.Busiest)
	}
}

// TestLedgerLectureClaims checks the byte counts the lecture states
// (lecture 09, §2.2, §4.4, §5.2) on executed schedules.
func TestLedgerLectureClaims(t *testing.T) {
	const e = 4
	build := func(a sched.Algorithm, p, n int) *sim.Ledger {
		t.Helper()
		s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: prim.Sum}, a, sched.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return sim.NewLedger(s, e)
	}
	t.Run("ring sends 2(P−1)/P·S per rank when P | n", func(t *testing.T) {
		for p := 2; p <= 33; p++ {
			for _, k := range []int{1, 7} {
				n := p * k
				s := int64(n * e)
				want := 2 * int64(p-1) * s / int64(p) // exact: P | n
				l := build(sched.Ring, p, n)
				for r, b := range l.Ranks {
					if b.Sent != want || b.Received != want {
						t.Fatalf("P=%d n=%d: rank %d sends %d, receives %d; want 2(P−1)/P·S = %d", p, n, r, b.Sent, b.Received, want)
					}
				}
				if want := int64(p-1) * s / int64(p); l.Ranks[0].Reduced != want {
					t.Fatalf("P=%d n=%d: rank 0 reduces %d bytes, want (P−1)/P·S = %d", p, n, l.Ranks[0].Reduced, want)
				}
			}
		}
	})
	t.Run("naive master: the root sends (P−1)·S and receives (P−1)·S", func(t *testing.T) {
		for p := 2; p <= 33; p++ {
			n := 10
			s := int64(n * e)
			l := build(sched.Naive, p, n)
			if got := l.Ranks[0]; got.Sent != int64(p-1)*s || got.Received != int64(p-1)*s {
				t.Fatalf("P=%d: the master sends %d, receives %d; want (P−1)·S = %d each", p, got.Sent, got.Received, int64(p-1)*s)
			}
			if l.Busiest != 0 || l.TotalBytes != 2*int64(p-1)*s {
				t.Fatalf("P=%d: busiest %d, total %d; want the master and 2(P−1)·S = %d through its NIC", p, l.Busiest, l.TotalBytes, 2*int64(p-1)*s)
			}
			for r := 1; r < p; r++ {
				if got := l.Ranks[r]; got.Sent != s || got.Received != s {
					t.Fatalf("P=%d: worker %d sends %d, receives %d; want S = %d each", p, r, got.Sent, got.Received, s)
				}
			}
		}
	})
	t.Run("tree: the busiest rank sends about 2S", func(t *testing.T) {
		for p := 2; p <= 70; p++ {
			for _, n := range []int{1000, 1001, 4096} {
				s := int64(n * e)
				l := build(sched.Tree, p, n)
				got := l.Ranks[l.Busiest].Sent
				if got < s || got > 2*s+2*e {
					t.Fatalf("P=%d n=%d: the busiest rank sends %d B; want between S = %d and 2S + 2 elements = %d", p, n, got, s, 2*s+2*e)
				}
				if p >= 4 && got < 2*s {
					t.Fatalf("P=%d n=%d: the busiest rank sends %d B; with two-child interior ranks it is at least 2S = %d", p, n, got, 2*s)
				}
			}
		}
	})
}

// TestLedgerFor: with GPUs per node the ledger splits bytes by link class
// (NewClusterLedger's), without it there is no split (NewLedger's); both
// count the same bytes.
func TestLedgerFor(t *testing.T) {
	s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: 8, Count: 64, Op: prim.Sum}, sched.Ring, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	flat, placed := sim.LedgerFor(s, 4, 0), sim.LedgerFor(s, 4, 4)
	if diff := cmp.Diff(sim.NewLedger(s, 4), flat); diff != "" {
		t.Errorf("flat ledger (-NewLedger +LedgerFor):\n%s", diff)
	}
	if diff := cmp.Diff(sim.NewClusterLedger(s, 4, 4), placed); diff != "" {
		t.Errorf("placed ledger (-NewClusterLedger +LedgerFor):\n%s", diff)
	}
	if flat.InterBytes != 0 || placed.InterBytes == 0 || flat.TotalBytes != placed.TotalBytes {
		t.Errorf("flat: %d inter of %d B; placed on 2 nodes: %d inter of %d B", flat.InterBytes, flat.TotalBytes, placed.InterBytes, placed.TotalBytes)
	}
}
