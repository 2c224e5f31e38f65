package sched_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestBuildRefuses lists every refusal of Build, each with the field it
// names and what its message must say.
func TestBuildRefuses(t *testing.T) {
	ar := func(p, n int) prim.Spec {
		return prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: prim.Sum}
	}
	bc := func(p, n int) prim.Spec { return prim.Spec{Collective: prim.Broadcast, Ranks: p, Count: n} }
	cases := []struct {
		reason string
		spec   prim.Spec
		alg    sched.Algorithm
		opt    sched.Options
		field  string
		says   []string
	}{
		{"auto is resolved by package cost, not built", ar(4, 8), sched.Auto, sched.Options{},
			"algorithm", []string{"auto must be resolved"}},
		{"P above sched.MaxRanks: names the limit and the closed-form alternative", ar(sched.MaxRanks+1, 8), sched.Ring, sched.Options{},
			"ranks", []string{"up to 4096 ranks", "got 4097", "closed-form", "1048576"}},
		{"P far above, at prim.MaxRanks", ar(prim.MaxRanks, 1), sched.Naive, sched.Options{},
			"ranks", []string{"4096", "closed-form"}},
		{"an invalid Spec is refused with its own error", ar(0, 8), sched.Ring, sched.Options{},
			"ranks", []string{"from 1 to 1048576"}},
		{"negative chunks", ar(4, 10), sched.Tree, sched.Options{Chunks: -1},
			"chunks", []string{"want 1 to 5 pipeline chunks for 10 elements", "got -1"}},
		{"tree: more chunks than elements per half", ar(4, 10), sched.Tree, sched.Options{Chunks: 6},
			"chunks", []string{"want 1 to 5", "got 6"}},
		{"tree of an odd count: ⌈n/2⌉ chunks at most", ar(4, 11), sched.Tree, sched.Options{Chunks: 7},
			"chunks", []string{"want 1 to 6", "got 7"}},
		{"ring broadcast: at most one chunk per element", bc(4, 3), sched.Ring, sched.Options{Chunks: 4},
			"chunks", []string{"want 1 to 3", "got 4"}},
		{"an empty vector still takes exactly one chunk", bc(4, 0), sched.Tree, sched.Options{Chunks: 2},
			"chunks", []string{"want 1 to 1", "got 2"}},
		{"ring allreduce does not pipeline", ar(4, 100), sched.Ring, sched.Options{Chunks: 2},
			"chunks", []string{"ring allreduce does not pipeline", "leave chunks unset"}},
		{"binomial broadcast does not pipeline, even with one chunk", bc(4, 100), sched.Binomial, sched.Options{Chunks: 1},
			"chunks", []string{"binomial broadcast does not pipeline"}},
		{"naive does not pipeline", ar(4, 100), sched.Naive, sched.Options{Chunks: 3},
			"chunks", []string{"naive allreduce does not pipeline"}},
		{"a transfer cap one below the schedule's 2·(P−1)·P = 112 transfers", ar(8, 8), sched.Ring, sched.Options{MaxTransfers: 111},
			"ranks", []string{"exceed 111 transfers", "closed-form"}},
		{"a cap of one transfer", ar(2, 2), sched.Naive, sched.Options{MaxTransfers: 1},
			"ranks", []string{"exceed 1 transfers"}},
	}
	for _, tc := range cases {
		s, err := sched.Build(tc.spec, tc.alg, tc.opt)
		if s != nil {
			t.Errorf("%s: Build returned a schedule with the error %v", tc.reason, err)
		}
		fieldErr(t, tc.reason, err, tc.field, tc.says...)
	}
}

// TestBuildAcceptsTheLimits: the edges of every refusal above are accepted.
func TestBuildAcceptsTheLimits(t *testing.T) {
	cases := []struct {
		reason string
		spec   prim.Spec
		alg    sched.Algorithm
		opt    sched.Options
		chunks int
	}{
		{"exactly the transfer cap (2·7·8 = 112)", prim.Spec{Collective: prim.AllReduce, Ranks: 8, Count: 8, Op: prim.Sum}, sched.Ring, sched.Options{MaxTransfers: 112}, 0},
		{"P = sched.MaxRanks with one element (naive: P−1 transfers)", prim.Spec{Collective: prim.Broadcast, Ranks: sched.MaxRanks, Count: 1}, sched.Naive, sched.Options{}, 0},
		{"tree with ⌈n/2⌉ chunks", prim.Spec{Collective: prim.AllReduce, Ranks: 4, Count: 11, Op: prim.Sum}, sched.Tree, sched.Options{Chunks: 6}, 6},
		{"tree default: P chunks capped by ⌈n/2⌉", prim.Spec{Collective: prim.AllReduce, Ranks: 8, Count: 6, Op: prim.Sum}, sched.Tree, sched.Options{}, 3},
		{"ring broadcast default: P chunks", prim.Spec{Collective: prim.Broadcast, Ranks: 5, Count: 100}, sched.Ring, sched.Options{}, 5},
		{"an empty vector takes one chunk", prim.Spec{Collective: prim.Reduce, Ranks: 5, Count: 0, Op: prim.Sum}, sched.Ring, sched.Options{}, 1},
		{"a negative cap means the default cap", prim.Spec{Collective: prim.AllGather, Ranks: 3, Count: 1}, sched.Ring, sched.Options{MaxTransfers: -1}, 0},
	}
	for _, tc := range cases {
		s, err := sched.Build(tc.spec, tc.alg, tc.opt)
		if err != nil {
			t.Errorf("%s: %v", tc.reason, err)
			continue
		}
		if err := s.Verify(); err != nil {
			t.Errorf("%s: Verify: %v", tc.reason, err)
		}
		if s.Chunks != tc.chunks {
			t.Errorf("%s: Chunks = %d, want %d", tc.reason, s.Chunks, tc.chunks)
		}
		if s.Algorithm != tc.alg {
			t.Errorf("%s: Algorithm = %s, want %s", tc.reason, s.Algorithm, tc.alg)
		}
	}
}
