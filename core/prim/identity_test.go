package prim_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccplay/ccplay/core/prim"
)

// TestAllReduceIsReduceScatterThenAllGather checks the lecture's identity
// (§3: AllReduce ≡ ReduceScatter + AllGather, the way ring AllReduce runs)
// by composing two References: ReduceScatter with per-rank blocks c_r
// (Σ c_r = n, zeros allowed), then AllGather of those blocks with the same
// counts, must equal AllReduce of the whole vector on every rank. For
// P ∈ 1..17, counts n not divisible by P, random inputs and all four
// operators; int64 so that equality is exact.
func TestAllReduceIsReduceScatterThenAllGather(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 17))
	for p := 1; p <= 17; p++ {
		for _, n := range []int{0, 1, p + 1, 3*p + 1, 1009} {
			if p > 1 && n > 0 && n%p == 0 {
				t.Fatalf("test bug: n=%d is divisible by P=%d", n, p)
			}
			for _, op := range prim.Ops() {
				name := fmt.Sprintf("P=%d/n=%d/%s", p, n, op)
				counts := randomSplit(rng, n, p)
				in := make([][]int64, p)
				for r := range in {
					in[r] = make([]int64, n)
					for i := range in[r] {
						in[r][i] = rng.Int64N(41) - 20
					}
				}
				want, err := prim.Reference(prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: op}, in)
				if err != nil {
					t.Fatalf("%s: allreduce: %v", name, err)
				}
				shards, err := prim.Reference(prim.Spec{Collective: prim.ReduceScatter, Ranks: p, Counts: counts, Op: op}, in)
				if err != nil {
					t.Fatalf("%s: reducescatter: %v", name, err)
				}
				got, err := prim.Reference(prim.Spec{Collective: prim.AllGather, Ranks: p, Counts: counts}, shards)
				if err != nil {
					t.Fatalf("%s: allgather: %v", name, err)
				}
				if equal(want, got) {
					continue
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%s: counts %v: AllGather(ReduceScatter(x)) ≠ AllReduce(x) (-allreduce +composed):\n%s", name, counts, diff)
				}
			}
		}
	}
}

// equal is an exact comparison (nil ≠ empty); cmp.Diff, much slower on
// long slices, only explains a mismatch.
func equal(a, b [][]int64) bool {
	return slices.EqualFunc(a, b, func(x, y []int64) bool { return (x == nil) == (y == nil) && slices.Equal(x, y) })
}

// randomSplit cuts n into p non-negative parts at random (zeros likely).
func randomSplit(rng *rand.Rand, n, p int) []int {
	cuts := make([]int, p+1)
	cuts[p] = n
	for i := 1; i < p; i++ {
		cuts[i] = rng.IntN(n + 1)
	}
	slices.Sort(cuts[1:p])
	out := make([]int, p)
	for i := range out {
		out[i] = cuts[i+1] - cuts[i]
	}
	return out
}

// TestOutputSizes pins each collective's buffer sizes (the lecture's §8.1
// pitfall #4: AllReduce out = in, AllGather out = P × in) and checks that
// Reference returns exactly OutLen elements.
func TestOutputSizes(t *testing.T) {
	const p, c = 5, 3
	cases := []struct {
		coll    prim.Collective
		in, out func(r int) int // Undefined where not significant / undefined
		reason  string
	}{
		{prim.SendRecv, fixed(c), fixed(c), "the message in, the neighbour's message out"},
		{prim.Broadcast, rootOnly(c), fixed(c), "only the root's input counts; everyone gets the vector"},
		{prim.Scatter, rootOnly(p * c), fixed(c), "the root sends P blocks; everyone gets one"},
		{prim.Gather, fixed(c), rootOnly(p * c), "one block in; only the root's output is defined"},
		{prim.Reduce, fixed(c), rootOnly(c), "out = in at the root only"},
		{prim.AllReduce, fixed(c), fixed(c), "AllReduce: out = in"},
		{prim.ReduceScatter, fixed(p * c), fixed(c), "P blocks in, one block out"},
		{prim.AllGather, fixed(c), fixed(p * c), "AllGather: out = P × in"},
		{prim.AllToAll, fixed(p * c), fixed(p * c), "P blocks in, P blocks out"},
	}
	for _, tc := range cases {
		sp := prim.Spec{Collective: tc.coll, Ranks: p, Count: c, Op: prim.Sum}
		in := make([][]int64, p)
		for r := 0; r < p; r++ {
			if got, want := sp.InLen(r), tc.in(r); got != want {
				t.Errorf("%s: InLen(%d) = %d, want %d (%s)", tc.coll, r, got, want, tc.reason)
			}
			if got, want := sp.OutLen(r), tc.out(r); got != want {
				t.Errorf("%s: OutLen(%d) = %d, want %d (%s)", tc.coll, r, got, want, tc.reason)
			}
			if n := sp.InLen(r); n != prim.Undefined {
				in[r] = make([]int64, n)
			}
		}
		out, err := prim.Reference(sp, in)
		if err != nil {
			t.Fatalf("%s: %v", tc.coll, err)
		}
		for r, b := range out {
			want := tc.out(r)
			if want == prim.Undefined && b != nil || want != prim.Undefined && len(b) != want {
				t.Errorf("%s: rank %d output has %d elements (nil=%v), want %d (%s)", tc.coll, r, len(b), b == nil, want, tc.reason)
			}
		}
	}
}

func fixed(n int) func(int) int { return func(int) int { return n } }

// rootOnly is n at the root (rank 0 here) and Undefined elsewhere.
func rootOnly(n int) func(int) int {
	return func(r int) int {
		if r == 0 {
			return n
		}
		return prim.Undefined
	}
}
