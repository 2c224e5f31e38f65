package prim_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccplay/ccplay/core/prim"
)

// TestLectureAbacus replays the "abacus" table of the lecture's §3
// (lecture 09, §3.1–§3.8) on 4 ranks through the reference semantics. nil in
// the inputs is a buffer that is not significant; nil in the outputs is a
// buffer MPI leaves undefined ("others unchanged" in the lecture).
func TestLectureAbacus(t *testing.T) {
	const a, b, c, d = 'A', 'B', 'C', 'D' // AllGather's A..D as ints
	cases := []struct {
		name   string
		reason string
		spec   prim.Spec
		in     [][]int64
		want   [][]int64
	}{
		{
			name:   "broadcast",
			reason: "rank0 [99], others empty → all [99]",
			spec:   prim.Spec{Collective: prim.Broadcast, Ranks: 4, Count: 1},
			in:     [][]int64{{99}, nil, nil, nil},
			want:   [][]int64{{99}, {99}, {99}, {99}},
		},
		{
			name:   "scatter",
			reason: "rank0 [10,20,30,40] → r0 10, r1 20, r2 30, r3 40",
			spec:   prim.Spec{Collective: prim.Scatter, Ranks: 4, Count: 1},
			in:     [][]int64{{10, 20, 30, 40}, nil, nil, nil},
			want:   [][]int64{{10}, {20}, {30}, {40}},
		},
		{
			name:   "gather",
			reason: "r0 1, r1 2, r2 3, r3 4 → rank0 [1,2,3,4]; the others' buffers are undefined",
			spec:   prim.Spec{Collective: prim.Gather, Ranks: 4, Count: 1},
			in:     [][]int64{{1}, {2}, {3}, {4}},
			want:   [][]int64{{1, 2, 3, 4}, nil, nil, nil},
		},
		{
			name:   "reduce-sum",
			reason: "10+20+30+40 = 100 on the root only",
			spec:   prim.Spec{Collective: prim.Reduce, Ranks: 4, Count: 1, Op: prim.Sum},
			in:     [][]int64{{10}, {20}, {30}, {40}},
			want:   [][]int64{{100}, nil, nil, nil},
		},
		{
			name:   "allreduce-sum",
			reason: "1+2+3+4 = 10 on every rank",
			spec:   prim.Spec{Collective: prim.AllReduce, Ranks: 4, Count: 1, Op: prim.Sum},
			in:     [][]int64{{1}, {2}, {3}, {4}},
			want:   [][]int64{{10}, {10}, {10}, {10}},
		},
		{
			name:   "reducescatter-sum",
			reason: "r_i = [i+1]×4: block j sums to 1+2+3+4 = 10 and lands on rank j",
			spec:   prim.Spec{Collective: prim.ReduceScatter, Ranks: 4, Count: 1, Op: prim.Sum},
			in:     [][]int64{{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}, {4, 4, 4, 4}},
			want:   [][]int64{{10}, {10}, {10}, {10}},
		},
		{
			name:   "allgather",
			reason: "A, B, C, D → every rank [A,B,C,D]",
			spec:   prim.Spec{Collective: prim.AllGather, Ranks: 4, Count: 1},
			in:     [][]int64{{a}, {b}, {c}, {d}},
			want:   [][]int64{{a, b, c, d}, {a, b, c, d}, {a, b, c, d}, {a, b, c, d}},
		},
		{
			name:   "alltoall",
			reason: "rank i holds [i→0, i→1, i→2, i→3] (written 10i+j); rank j ends with [0→j, 1→j, 2→j, 3→j]: a transpose",
			spec:   prim.Spec{Collective: prim.AllToAll, Ranks: 4, Count: 1},
			in:     [][]int64{{0, 1, 2, 3}, {10, 11, 12, 13}, {20, 21, 22, 23}, {30, 31, 32, 33}},
			want:   [][]int64{{0, 10, 20, 30}, {1, 11, 21, 31}, {2, 12, 22, 32}, {3, 13, 23, 33}},
		},
		{
			name:   "sendrecv",
			reason: "not in the abacus, but the lecture's §2 P2P: each rank receives its left neighbour's buffer",
			spec:   prim.Spec{Collective: prim.SendRecv, Ranks: 4, Count: 2},
			in:     [][]int64{{0, 0}, {1, 1}, {2, 2}, {3, 3}},
			want:   [][]int64{{3, 3}, {0, 0}, {1, 1}, {2, 2}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := prim.Reference(tc.spec, tc.in)
			if err != nil {
				t.Fatalf("%s: %v", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestReferenceDoesNotModifyInputs: Reference documents that inputs are not
// modified; outputs must not alias them either (a caller may reuse inputs).
func TestReferenceDoesNotModifyInputs(t *testing.T) {
	for _, c := range prim.Collectives() {
		sp := prim.Spec{Collective: c, Ranks: 3, Count: 2, Op: prim.Sum}
		in := make([][]int64, 3)
		for r := range in {
			if n := sp.InLen(r); n != prim.Undefined {
				in[r] = make([]int64, n)
				for i := range in[r] {
					in[r][i] = int64(10*r + i + 1)
				}
			}
		}
		keep := cloneAll(in)
		out, err := prim.Reference(sp, in)
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		if diff := cmp.Diff(keep, in); diff != "" {
			t.Errorf("%s: Reference modified its inputs (-before +after):\n%s", c, diff)
		}
		for r := range out {
			for i := range out[r] {
				out[r][i] = -1
			}
		}
		if diff := cmp.Diff(keep, in); diff != "" {
			t.Errorf("%s: outputs alias the inputs (-before +after):\n%s", c, diff)
		}
	}
}

func cloneAll[T any](bs [][]T) [][]T {
	out := make([][]T, len(bs))
	for i, b := range bs {
		if b != nil {
			out[i] = append(make([]T, 0, len(b)), b...)
		}
	}
	return out
}
