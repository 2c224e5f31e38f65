package sched_test

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// classicCase is one (collective, algorithm) pair of the classic MPI
// algorithms with the number of rounds that carry messages, as a function
// of L = ⌈log₂P⌉, L' = ⌊log₂P⌋ and δ = [P is not a power of two].
type classicCase struct {
	c      prim.Collective
	a      sched.Algorithm
	rounds func(p, l, lf, d int) int
}

var classicCases = []classicCase{
	{prim.AllGather, sched.RecursiveDoubling, func(p, l, lf, d int) int { return lf + 2*d }},
	{prim.AllReduce, sched.RecursiveDoubling, func(p, l, lf, d int) int { return lf + 2*d }},
	{prim.ReduceScatter, sched.RecursiveHalving, func(p, l, lf, d int) int { return lf + 2*d }},
	{prim.AllReduce, sched.Rabenseifner, func(p, l, lf, d int) int { return 2*lf + 2*d }},
	{prim.Reduce, sched.Rabenseifner, func(p, l, lf, d int) int { return 2*lf + d }},
	{prim.AllGather, sched.Bruck, func(p, l, lf, d int) int { return l }},
	{prim.AllToAll, sched.Bruck, func(p, l, lf, d int) int { return l }},
	{prim.ReduceScatter, sched.Pairwise, func(p, l, lf, d int) int { return p - 1 }},
	{prim.Broadcast, sched.ScatterAllgather, func(p, l, lf, d int) int { return 2*lf + d }},
}

// classicSpec is a call where every message of every round is non-empty:
// 3 elements a block, or 3P elements a vector (≥ one per chunk).
func classicSpec(c prim.Collective, p, root int) prim.Spec {
	sp := prim.Spec{Collective: c, Ranks: p, Count: 3, Op: prim.Sum}
	if !c.Blocked() && c != prim.AllToAll {
		sp.Count = 3 * p
	}
	if c.Rooted() {
		sp.Root = root
	}
	return sp
}

// commRounds counts the rounds with at least one message between ranks.
func commRounds(s *sched.Schedule) int {
	n := 0
	for _, rd := range s.Rounds {
		for _, x := range rd.Transfers {
			if x.Src != x.Dst {
				n++
				break
			}
		}
	}
	return n
}

// TestClassicRoundsAndPorts: every classic algorithm takes the documented
// number of message rounds for every P from 1 to 70 (MPICH's fold adds one
// round before and one after on non-powers of two; Bruck needs none), and in
// every round each rank sends at most one message and receives at most one
// (the cost rule's single port). Bruck's local copies sit in rounds of
// their own.
func TestClassicRoundsAndPorts(t *testing.T) {
	for _, cc := range classicCases {
		for p := 1; p <= 70; p++ {
			lf := sched.Log2Floor(p)
			d := 0
			if p != 1<<lf {
				d = 1
			}
			for _, root := range []int{0, p / 2, p - 1} {
				if !cc.c.Rooted() && root != 0 {
					continue
				}
				name := fmt.Sprintf("%s/%s/P=%d/root=%d", cc.c, cc.a, p, root)
				s, err := sched.Build(classicSpec(cc.c, p, root), cc.a, sched.Options{})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if got, want := commRounds(s), cc.rounds(p, sched.Log2Ceil(p), lf, d); got != want {
					t.Errorf("%s: %d message rounds, want %d", name, got, want)
				}
				for i, rd := range s.Rounds {
					sends, recvs := map[int32]int{}, map[int32]int{}
					local, remote := 0, 0
					for _, x := range rd.Transfers {
						if x.Src == x.Dst {
							local++
							continue
						}
						remote++
						sends[x.Src]++
						recvs[x.Dst]++
						if sends[x.Src] > 1 || recvs[x.Dst] > 1 {
							t.Fatalf("%s: round %d: rank %d sends or rank %d receives a second message", name, i, x.Src, x.Dst)
						}
					}
					if local > 0 && remote > 0 {
						t.Errorf("%s: round %d mixes %d local copies with %d messages", name, i, local, remote)
					}
				}
			}
		}
	}
}

// TestClassicFoldRoles: on non-powers of two the r = P − 2^⌊log₂P⌋ folded-out
// ranks send only in the fold-in round and receive only in the fold-out
// round; for the rooted collectives the root is never folded out (the pairs
// are counted from the root), so Reduce and Broadcast need no extra round to
// or from the root.
func TestClassicFoldRoles(t *testing.T) {
	for _, cc := range classicCases {
		if cc.a == sched.Bruck || cc.a == sched.Pairwise {
			continue
		}
		for p := 2; p <= 24; p++ {
			r := p - 1<<sched.Log2Floor(p)
			for root := 0; root < p; root++ {
				if !cc.c.Rooted() && root != 0 {
					continue
				}
				name := fmt.Sprintf("%s/%s/P=%d/root=%d", cc.c, cc.a, p, root)
				s, err := sched.Build(classicSpec(cc.c, p, root), cc.a, sched.Options{})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				folded := map[int32]bool{}
				for v := 0; v < r; v++ {
					folded[int32((root+2*v+1)%p)] = true
				}
				for i, rd := range s.Rounds {
					for _, x := range rd.Transfers {
						switch {
						case rd.Phase == "fold-in" && !folded[x.Src], rd.Phase == "fold-out" && !folded[x.Dst]:
							t.Fatalf("%s: round %d (%s) %+v does not involve a folded-out rank", name, i, rd.Phase, x)
						case rd.Phase != "fold-in" && folded[x.Src], rd.Phase != "fold-out" && folded[x.Dst]:
							t.Fatalf("%s: round %d (%s) %+v involves a folded-out rank", name, i, rd.Phase, x)
						}
					}
				}
				if folded[int32(root)] && cc.c.Rooted() {
					t.Errorf("%s: the root is folded out", name)
				}
			}
		}
	}
}

// TestClassicMessageSizes pins the message sizes the sources describe, on a
// power of two with 2 elements a block (P = 8, so a vector of 16):
// recursive doubling doubles, recursive halving halves, Rabenseifner halves
// then doubles, Bruck AllToAll sends P/2 blocks every round, pairwise one
// block, scatter+allgather halves then doubles.
func TestClassicMessageSizes(t *testing.T) {
	cases := []struct {
		reason string
		c      prim.Collective
		a      sched.Algorithm
		want   []int64 // elements of every message of each round
	}{
		{"RD allgather: 1, 2, 4 blocks", prim.AllGather, sched.RecursiveDoubling, []int64{2, 4, 8}},
		{"RD allreduce: the whole vector", prim.AllReduce, sched.RecursiveDoubling, []int64{16, 16, 16}},
		{"RH reducescatter: 4, 2, 1 blocks", prim.ReduceScatter, sched.RecursiveHalving, []int64{8, 4, 2}},
		{"Rabenseifner allreduce: S/2, S/4, S/8, then back", prim.AllReduce, sched.Rabenseifner, []int64{8, 4, 2, 2, 4, 8}},
		{"Rabenseifner reduce: halving, then a binomial gather", prim.Reduce, sched.Rabenseifner, []int64{8, 4, 2, 2, 4, 8}},
		{"Bruck allgather: 1, 2, 4 blocks", prim.AllGather, sched.Bruck, []int64{2, 4, 8}},
		{"Bruck alltoall: P/2 blocks a round", prim.AllToAll, sched.Bruck, []int64{8, 8, 8}},
		{"pairwise reducescatter: one block a round", prim.ReduceScatter, sched.Pairwise, []int64{2, 2, 2, 2, 2, 2, 2}},
		{"scatter+allgather: S/2, S/4, S/8, then doubling", prim.Broadcast, sched.ScatterAllgather, []int64{8, 4, 2, 2, 4, 8}},
	}
	for _, tc := range cases {
		sp := prim.Spec{Collective: tc.c, Ranks: 8, Count: 2, Op: prim.Sum, Root: 3}
		if !tc.c.Blocked() && tc.c != prim.AllToAll {
			sp.Count = 16
		}
		if !tc.c.Rooted() {
			sp.Root = 0
		}
		s, err := sched.Build(sp, tc.a, sched.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.reason, err)
		}
		var got []int64
		for _, rd := range s.Rounds {
			size := int64(-1)
			for _, x := range rd.Transfers {
				if x.Src == x.Dst {
					continue
				}
				if size >= 0 && x.Len != size {
					t.Errorf("%s: a round mixes messages of %d and %d elements", tc.reason, size, x.Len)
				}
				size = x.Len
			}
			if size >= 0 {
				got = append(got, size)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: message sizes %v, want %v", tc.reason, got, tc.want)
		}
	}
}

// TestClassicTransferCap: every classic schedule respects Options.MaxTransfers
// exactly (accepted at its own transfer count, refused one below with the
// error that points to the closed form), and Bruck AllToAll packs with fewer
// than P local copies a rank.
func TestClassicTransferCap(t *testing.T) {
	for _, cc := range classicCases {
		sp := classicSpec(cc.c, 13, 4)
		s, err := sched.Build(sp, cc.a, sched.Options{})
		if err != nil {
			t.Fatalf("%s/%s: %v", cc.c, cc.a, err)
		}
		n := s.Transfers()
		if _, err := sched.Build(sp, cc.a, sched.Options{MaxTransfers: n}); err != nil {
			t.Errorf("%s/%s: refused at its own %d transfers: %v", cc.c, cc.a, n, err)
		}
		s2, err := sched.Build(sp, cc.a, sched.Options{MaxTransfers: n - 1})
		if s2 != nil {
			t.Errorf("%s/%s: built above the cap", cc.c, cc.a)
		}
		fieldErr(t, fmt.Sprintf("%s/%s cap %d", cc.c, cc.a, n-1), err, "ranks", "exceed", "closed-form")
	}
	for _, p := range []int{2, 3, 8, 31, 64, 100, 128} {
		for _, count := range []int{0, 1, 5} {
			s, err := sched.Build(prim.Spec{Collective: prim.AllToAll, Ranks: p, Count: count}, sched.Bruck, sched.Options{})
			if err != nil {
				t.Fatalf("bruck alltoall P=%d: %v", p, err)
			}
			local := 0
			for _, rd := range s.Rounds {
				for _, x := range rd.Transfers {
					if x.Src == x.Dst {
						local++
					}
				}
			}
			if local >= p*p {
				t.Errorf("bruck alltoall P=%d count=%d: %d local copies, want < P per rank", p, count, local)
			}
			if count == 0 && len(s.Rounds) != 0 {
				t.Errorf("bruck alltoall P=%d of empty blocks has %d rounds", p, len(s.Rounds))
			}
		}
	}
}
