package prim_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccplay/ccplay/core/prim"
)

// TestUnevenReference checks the uneven variants (per-rank Counts, the AllToAll
// SendCounts matrix) against hand-written layouts, zeros included: a rank
// with a zero block, and (for AllToAll) a rank that sends nothing at all, as
// in MoE routing where an expert receives no token.
func TestUnevenReference(t *testing.T) {
	cases := []struct {
		name   string
		reason string
		spec   prim.Spec
		in     [][]int64
		want   [][]int64
	}{
		{
			name:   "scatter",
			reason: "root 2 holds blocks of 2, 0, 3, 1 elements in rank order; rank 1's block is empty",
			spec:   prim.Spec{Collective: prim.Scatter, Ranks: 4, Root: 2, Counts: []int{2, 0, 3, 1}},
			in:     [][]int64{nil, nil, {1, 2, 3, 4, 5, 6}, nil},
			want:   [][]int64{{1, 2}, {}, {3, 4, 5}, {6}},
		},
		{
			name:   "gather",
			reason: "blocks of 1, 3, 0, 2 land at the root (rank 1) in rank order; the others are undefined",
			spec:   prim.Spec{Collective: prim.Gather, Ranks: 4, Root: 1, Counts: []int{1, 3, 0, 2}},
			in:     [][]int64{{10}, {20, 21, 22}, {}, {40, 41}},
			want:   [][]int64{nil, {10, 20, 21, 22, 40, 41}, nil, nil},
		},
		{
			name:   "allgather",
			reason: "zero-length blocks at both ends vanish from the concatenation",
			spec:   prim.Spec{Collective: prim.AllGather, Ranks: 4, Counts: []int{0, 2, 1, 0}},
			in:     [][]int64{{}, {7, 8}, {9}, {}},
			want:   [][]int64{{7, 8, 9}, {7, 8, 9}, {7, 8, 9}, {7, 8, 9}},
		},
		{
			name:   "allgather-all-empty",
			reason: "every block empty: every rank receives an empty (not undefined) buffer",
			spec:   prim.Spec{Collective: prim.AllGather, Ranks: 3, Counts: []int{0, 0, 0}},
			in:     [][]int64{{}, {}, {}},
			want:   [][]int64{{}, {}, {}},
		},
		{
			name:   "reducescatter",
			reason: "blocks of 2, 0, 1: rank 0 gets the sum of elements 0–1, rank 1 nothing, rank 2 the sum of element 2",
			spec:   prim.Spec{Collective: prim.ReduceScatter, Ranks: 3, Counts: []int{2, 0, 1}, Op: prim.Sum},
			in:     [][]int64{{1, 2, 3}, {10, 20, 30}, {100, 200, 300}},
			want:   [][]int64{{111, 222}, {}, {333}},
		},
		{
			name:   "reducescatter-max",
			reason: "uneven blocks with max",
			spec:   prim.Spec{Collective: prim.ReduceScatter, Ranks: 2, Counts: []int{1, 2}, Op: prim.Max},
			in:     [][]int64{{5, -1, 9}, {3, 4, -9}},
			want:   [][]int64{{5}, {4, 9}},
		},
		{
			name: "alltoall",
			reason: "sendcounts [[1,2,0],[0,0,0],[2,1,1]]: rank 1 sends nothing; rank j receives " +
				"the blocks i→j in sender order",
			spec: prim.Spec{Collective: prim.AllToAll, Ranks: 3, SendCounts: [][]int{{1, 2, 0}, {0, 0, 0}, {2, 1, 1}}},
			// rank i's send row: block i→0, then i→1, then i→2; value 100i+10j+k.
			in:   [][]int64{{0, 10, 11}, {}, {200, 201, 210, 220}},
			want: [][]int64{{0, 200, 201}, {10, 11, 210}, {220}},
		},
		{
			name:   "alltoall-even-count",
			reason: "Count without SendCounts: P blocks of Count elements each",
			spec:   prim.Spec{Collective: prim.AllToAll, Ranks: 2, Count: 2},
			in:     [][]int64{{1, 2, 3, 4}, {5, 6, 7, 8}},
			want:   [][]int64{{1, 2, 5, 6}, {3, 4, 7, 8}},
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
			for r := range got {
				want := tc.spec.OutLen(r)
				if (want == prim.Undefined) != (got[r] == nil) || (got[r] != nil && len(got[r]) != want) {
					t.Errorf("rank %d: OutLen says %d, Reference returned %d elements (nil=%v)", r, want, len(got[r]), got[r] == nil)
				}
			}
		})
	}
}

// TestSizeElems follows nccl-tests' S (docs/conventions.md): the vector for the
// vector collectives, the whole gathered buffer for the blocked ones, the
// largest send buffer for AllToAll.
func TestSizeElems(t *testing.T) {
	cases := []struct {
		spec   prim.Spec
		want   int
		reason string
	}{
		{prim.Spec{Collective: prim.AllReduce, Ranks: 8, Count: 100}, 100, "AllReduce: the vector"},
		{prim.Spec{Collective: prim.Broadcast, Ranks: 8, Count: 100}, 100, "Broadcast: the vector"},
		{prim.Spec{Collective: prim.SendRecv, Ranks: 8, Count: 100}, 100, "SendRecv: the message"},
		{prim.Spec{Collective: prim.AllGather, Ranks: 8, Count: 100}, 800, "AllGather: P × per-rank block"},
		{prim.Spec{Collective: prim.ReduceScatter, Ranks: 4, Counts: []int{1, 0, 2, 3}}, 6, "ReduceScatter: Σ blocks"},
		{prim.Spec{Collective: prim.Scatter, Ranks: 4, Count: 5}, 20, "Scatter: the root's whole buffer"},
		{prim.Spec{Collective: prim.AllToAll, Ranks: 3, Count: 2}, 6, "AllToAll: P blocks"},
		{prim.Spec{Collective: prim.AllToAll, Ranks: 2, SendCounts: [][]int{{1, 2}, {4, 0}}}, 4, "AllToAll uneven: the largest send row"},
	}
	for _, tc := range cases {
		if got := tc.spec.SizeElems(); got != tc.want {
			t.Errorf("%s: SizeElems = %d, want %d", tc.reason, got, tc.want)
		}
	}
}
