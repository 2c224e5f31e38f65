package sched_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// specsUnderTest lists, for collective c on P ranks with about n elements,
// the even Spec (root in the middle for rooted collectives) and an uneven one
// with zero blocks where the collective has per-rank counts or a matrix.
func specsUnderTest(c prim.Collective, p, n int, rng *rand.Rand) []prim.Spec {
	base := prim.Spec{Collective: c, Ranks: p, Count: n, Op: prim.Max}
	if c.Rooted() {
		base.Root = (p - 1) / 2
	}
	specs := []prim.Spec{base}
	if c.Blocked() {
		u := base
		u.Counts = make([]int, p)
		for r := range u.Counts {
			if rng.IntN(3) > 0 {
				u.Counts[r] = rng.IntN(n + 1)
			}
		}
		specs = append(specs, u)
	}
	if c == prim.AllToAll {
		u := base
		u.SendCounts = make([][]int, p)
		for i := range u.SendCounts {
			u.SendCounts[i] = make([]int, p)
			for j := range u.SendCounts[i] {
				if rng.IntN(3) > 0 {
					u.SendCounts[i][j] = rng.IntN(n + 1)
				}
			}
		}
		specs = append(specs, u)
	}
	return specs
}

// chunkOptions lists the chunk counts worth trying: 0 (the default) and,
// where the algorithm pipelines, 1, 2 and the largest valid count.
func chunkOptions(c prim.Collective, a sched.Algorithm, n int) []int {
	if !sched.Pipelined(c, a) {
		return []int{0}
	}
	m := sched.MaxChunks(c, a, n)
	return []int{0, 1, min(2, m), m}
}

// TestEveryScheduleVerifies builds every (collective, algorithm) over a grid
// of P, counts (including 0, counts below P and counts not divisible by P),
// roots, uneven blocks with zeros and chunk counts, and checks Verify, that
// no round is empty, and that pipelined schedules record their chunk count.
func TestEveryScheduleVerifies(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	built := 0
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 31, 33, 64} {
				for _, n := range []int{0, 1, 2, p - 1, p, 2*p + 3, 97} {
					for _, sp := range specsUnderTest(c, p, max(n, 0), rng) {
						for _, k := range chunkOptions(c, a, sp.Count) {
							name := fmt.Sprintf("%s/%s/P=%d/n=%d/chunks=%d/uneven=%v", c, a, p, n, k, sp.Counts != nil || sp.SendCounts != nil)
							s, err := sched.Build(sp, a, sched.Options{Chunks: k})
							if err != nil {
								t.Fatalf("%s: %v", name, err)
							}
							if err := s.Verify(); err != nil {
								t.Fatalf("%s: Verify: %v", name, err)
							}
							if sched.Pipelined(c, a) != (s.Chunks > 0) || k > 0 && s.Chunks != k {
								t.Fatalf("%s: Chunks = %d", name, s.Chunks)
							}
							built++
						}
					}
				}
			}
		}
	}
	if built < 2000 {
		t.Errorf("only %d schedules built; the grid shrank", built)
	}
}

// TestVerifyCatchesBrokenSchedules corrupts a valid schedule one invariant
// at a time; Verify must name each corruption.
func TestVerifyCatchesBrokenSchedules(t *testing.T) {
	fresh := func() *sched.Schedule {
		s, err := sched.Build(prim.Spec{Collective: prim.Gather, Ranks: 4, Root: 1, Count: 3}, sched.Naive, sched.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	cases := []struct {
		reason  string
		breakIt func(s *sched.Schedule)
	}{
		{"a rank missing from the layout", func(s *sched.Schedule) { s.WorkLen = s.WorkLen[:3] }},
		{"a transfer past the end of the destination buffer", func(s *sched.Schedule) { s.Rounds[0].Transfers[0].DstOff = int64(s.WorkLen[1]) }},
		{"a transfer from a negative offset", func(s *sched.Schedule) { s.Rounds[1].Transfers[0].SrcOff = -1 }},
		{"a transfer to a rank that does not exist", func(s *sched.Schedule) { s.Rounds[2].Transfers[0].Dst = 4 }},
		{"a zero-length transfer", func(s *sched.Schedule) { s.Rounds[0].Transfers[0].Len = 0 }},
		{"an empty round", func(s *sched.Schedule) { s.Rounds[1].Transfers = nil }},
		{"an output where MPI leaves the buffer undefined", func(s *sched.Schedule) { s.Out[0] = s.Out[1] }},
		{"a defined output without segments", func(s *sched.Schedule) { s.Out[1] = nil }},
		{"an input segment that covers too little", func(s *sched.Schedule) { s.In[2] = []sched.Seg{{From: 0, To: 0, Len: 2}} }},
		{"an input segment outside the work buffer", func(s *sched.Schedule) {
			s.In[2] = []sched.Seg{{From: 0, To: s.WorkLen[2] - 1, Len: 3}}
		}},
	}
	if err := fresh().Verify(); err != nil {
		t.Fatalf("the unbroken schedule fails Verify: %v", err)
	}
	for _, tc := range cases {
		s := fresh()
		tc.breakIt(s)
		if err := s.Verify(); err == nil {
			t.Errorf("%s: Verify = nil", tc.reason)
		}
	}
}

func TestSplit(t *testing.T) {
	cases := []struct {
		n, k   int
		want   []int
		reason string
	}{
		{10, 4, []int{0, 3, 6, 8, 10}, "the first n mod k parts get the extra element"},
		{8, 4, []int{0, 2, 4, 6, 8}, "even"},
		{2, 4, []int{0, 1, 2, 2, 2}, "fewer elements than parts: trailing parts are empty"},
		{0, 3, []int{0, 0, 0, 0}, "nothing to split"},
		{7, 1, []int{0, 7}, "one part"},
	}
	for _, tc := range cases {
		got := sched.Split(tc.n, tc.k)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("Split(%d, %d) = %v, want %v (%s)", tc.n, tc.k, got, tc.want, tc.reason)
		}
	}
	for p := 1; p <= 4096; p++ {
		c, f := sched.Log2Ceil(p), sched.Log2Floor(p)
		if 1<<f > p || p >= 1<<(f+1) || (c > 0 && 1<<(c-1) >= p) || 1<<c < p {
			t.Fatalf("P=%d: Log2Floor %d, Log2Ceil %d", p, f, c)
		}
	}
}
