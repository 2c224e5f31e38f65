package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestClassicUnevenAndOps drives the classic MPI algorithms (recursive
// doubling/halving, Rabenseifner, Bruck, pairwise ReduceScatter,
// scatter + allgather) through the shapes the folding and the packing find
// hardest, each checked against prim.Reference with a conserved ledger:
// every operator, every root for small P, blocks that are all on one rank,
// alternating empty blocks, single-element vectors over many ranks, and
// sparse AllToAll matrices.
func TestClassicUnevenAndOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pairs := []struct {
		c prim.Collective
		a sched.Algorithm
	}{
		{prim.AllGather, sched.RecursiveDoubling}, {prim.AllReduce, sched.RecursiveDoubling},
		{prim.ReduceScatter, sched.RecursiveHalving}, {prim.AllReduce, sched.Rabenseifner},
		{prim.Reduce, sched.Rabenseifner}, {prim.AllGather, sched.Bruck}, {prim.AllToAll, sched.Bruck},
		{prim.ReduceScatter, sched.Pairwise}, {prim.Broadcast, sched.ScatterAllgather},
	}
	for _, pr := range pairs {
		for p := 1; p <= 24; p++ {
			for _, sp := range classicSpecs(pr.c, p, rng) {
				name := fmt.Sprintf("%s/%s/P=%d/root=%d/op=%s/count=%d/counts=%v/sendcounts=%v",
					pr.c, pr.a, p, sp.Root, sp.Op, sp.Count, sp.Counts, sp.SendCounts)
				checkOne(t, name, sp, pr.a, rng)
			}
		}
	}
}

// classicSpecs lists the calls TestClassicUnevenAndOps runs for c over P ranks.
func classicSpecs(c prim.Collective, p int, rng *rand.Rand) []prim.Spec {
	var out []prim.Spec
	ops := []prim.Op{prim.Sum}
	if c.Reduces() {
		ops = []prim.Op{prim.Sum, prim.Prod, prim.Max, prim.Min}
	}
	roots := []int{0}
	if c.Rooted() {
		roots = roots[:0]
		for r := 0; r < p; r++ {
			roots = append(roots, r)
		}
	}
	for _, op := range ops {
		for _, root := range roots {
			base := prim.Spec{Collective: c, Ranks: p, Root: root, Op: op}
			switch {
			case c.Blocked():
				for _, counts := range blockPatterns(p, rng) {
					sp := base
					sp.Counts = counts
					out = append(out, sp)
				}
			case c == prim.AllToAll:
				for _, m := range matrixPatterns(p, rng) {
					sp := base
					sp.SendCounts = m
					out = append(out, sp)
				}
			default:
				for _, n := range []int{0, 1, p - 1, 2*p + 1, 37} {
					sp := base
					sp.Count = n
					out = append(out, sp)
				}
			}
		}
	}
	return out
}

// blockPatterns: all on the last rank, all on rank 0, alternating empty,
// one element each, random with zeros.
func blockPatterns(p int, rng *rand.Rand) [][]int {
	last, first, alt, ones, rnd := make([]int, p), make([]int, p), make([]int, p), make([]int, p), make([]int, p)
	last[p-1] = 5
	first[0] = 3
	for r := range p {
		alt[r] = (r % 2) * (r + 1)
		ones[r] = 1
		rnd[r] = max(0, rng.IntN(5)-1)
	}
	return [][]int{last, first, alt, ones, rnd}
}

// matrixPatterns: one sender, one receiver, a diagonal-only matrix, a
// random sparse one.
func matrixPatterns(p int, rng *rand.Rand) [][][]int {
	mk := func(f func(i, j int) int) [][]int {
		m := make([][]int, p)
		for i := range m {
			m[i] = make([]int, p)
			for j := range m[i] {
				m[i][j] = f(i, j)
			}
		}
		return m
	}
	return [][][]int{
		mk(func(i, j int) int { return b2i(i == p-1) * (j + 1) }),
		mk(func(i, j int) int { return b2i(j == 0) * 2 }),
		mk(func(i, j int) int { return b2i(i == j) * 3 }),
		mk(func(i, j int) int { return b2i(rng.IntN(3) == 0) * (1 + rng.IntN(3)) }),
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
