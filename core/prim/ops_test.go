package prim_test

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccplay/ccplay/core/prim"
)

// opCase is one operator applied to three ranks' vectors, with the result
// worked out by hand.
type opCase[T prim.Elem] struct {
	op     prim.Op
	reason string
	in     [][]T
	want   []T
}

// TestOpsInt64 checks the four operators of the lecture (SUM, MAX, MIN, PROD)
// on int64 through AllReduce, Reduce and ReduceScatter, signs included.
func TestOpsInt64(t *testing.T) {
	in := [][]int64{{3, -2, 5}, {-4, 7, 1}, {2, 2, -3}}
	runOpCases(t, []opCase[int64]{
		{prim.Sum, "3−4+2, −2+7+2, 5+1−3", in, []int64{1, 7, 3}},
		{prim.Prod, "3·−4·2, −2·7·2, 5·1·−3", in, []int64{-24, -28, -15}},
		{prim.Max, "largest per element", in, []int64{3, 7, 5}},
		{prim.Min, "smallest per element, negatives included", in, []int64{-4, -2, -3}},
		{prim.Prod, "int64 arithmetic wraps (two's complement), as Go's *", [][]int64{{math.MaxInt64}, {2}, {1}}, []int64{-2}},
		{prim.Sum, "int64 sum wraps too", [][]int64{{math.MaxInt64}, {1}, {0}}, []int64{math.MinInt64}},
	})
}

// TestOpsFloat64 checks the four operators on float64 with values that are
// exact in binary, so the expected results are exact.
func TestOpsFloat64(t *testing.T) {
	in := [][]float64{{1.5, -2, 0.25}, {4, 0.5, -8}, {-1, 3, 2}}
	runOpCases(t, []opCase[float64]{
		{prim.Sum, "1.5+4−1, −2+0.5+3, 0.25−8+2", in, []float64{4.5, 1.5, -5.75}},
		{prim.Prod, "1.5·4·−1, −2·0.5·3, 0.25·−8·2", in, []float64{-6, -3, -4}},
		{prim.Max, "largest per element", in, []float64{4, 3, 2}},
		{prim.Min, "smallest per element", in, []float64{-1, -2, -8}},
		{prim.Max, "infinities order as numbers", [][]float64{{math.Inf(-1)}, {-1e308}, {math.Inf(-1)}}, []float64{-1e308}},
	})
}

func runOpCases[T prim.Elem](t *testing.T, cases []opCase[T]) {
	t.Helper()
	for _, tc := range cases {
		p, n := len(tc.in), len(tc.in[0])
		// AllReduce: every rank gets the reduction.
		ar := prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: tc.op}
		got, err := prim.Reference(ar, tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.op, err)
		}
		for r := range got {
			if diff := cmp.Diff(tc.want, got[r]); diff != "" {
				t.Errorf("allreduce %s rank %d, %s (-want +got):\n%s", tc.op, r, tc.reason, diff)
			}
		}
		// Reduce to the last rank: only the root's buffer is defined.
		rd := prim.Spec{Collective: prim.Reduce, Ranks: p, Root: p - 1, Count: n, Op: tc.op}
		got, err = prim.Reference(rd, tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.op, err)
		}
		for r := range got {
			if r == p-1 {
				if diff := cmp.Diff(tc.want, got[r]); diff != "" {
					t.Errorf("reduce %s at the root, %s (-want +got):\n%s", tc.op, tc.reason, diff)
				}
			} else if got[r] != nil {
				t.Errorf("reduce %s: non-root rank %d has %v, want nil (undefined)", tc.op, r, got[r])
			}
		}
		// ReduceScatter with one element per block when n == p: rank r gets want[r].
		if n == p {
			rs := prim.Spec{Collective: prim.ReduceScatter, Ranks: p, Count: 1, Op: tc.op}
			got, err = prim.Reference(rs, tc.in)
			if err != nil {
				t.Fatalf("%s: %v", tc.op, err)
			}
			for r := range got {
				if diff := cmp.Diff(tc.want[r:r+1], got[r]); diff != "" {
					t.Errorf("reducescatter %s rank %d, %s (-want +got):\n%s", tc.op, r, tc.reason, diff)
				}
			}
		}
		// Combine, the executor's only arithmetic, folds the same way.
		acc := append([]T(nil), tc.in[0]...)
		for _, b := range tc.in[1:] {
			prim.Combine(tc.op, acc, b)
		}
		if diff := cmp.Diff(tc.want, acc); diff != "" {
			t.Errorf("Combine %s, %s (-want +got):\n%s", tc.op, tc.reason, diff)
		}
	}
}

func TestParseOp(t *testing.T) {
	cases := []struct {
		in     string
		want   prim.Op
		reason string
	}{
		{"", prim.Sum, "an absent op means sum"},
		{"sum", prim.Sum, "identifier"},
		{" MAX ", prim.Max, "case and surrounding space are tolerated"},
		{"Prod", prim.Prod, "mixed case"},
		{"min", prim.Min, "identifier"},
	}
	for _, tc := range cases {
		got, err := prim.ParseOp(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseOp(%q) = %q, %v; want %q (%s)", tc.in, got, err, tc.want, tc.reason)
		}
	}
	for _, bad := range []string{"avg", "mean", "+", "sum,max"} {
		_, err := prim.ParseOp(bad)
		if err == nil || !strings.Contains(err.Error(), "sum, prod, max, min") {
			t.Errorf("ParseOp(%q) error %v; want one listing sum, prod, max, min", bad, err)
		}
	}
}

func TestParseCollective(t *testing.T) {
	cases := []struct {
		in     string
		want   prim.Collective
		reason string
	}{
		{"allreduce", prim.AllReduce, "identifier"},
		{"all_reduce", prim.AllReduce, "nccl-tests' all_reduce_perf spelling"},
		{"All-Gather", prim.AllGather, "dashes and case are ignored"},
		{" reduce_scatter ", prim.ReduceScatter, "surrounding space is ignored"},
		{"AllToAll", prim.AllToAll, "camel case"},
		{"sendrecv", prim.SendRecv, "point to point"},
	}
	for _, tc := range cases {
		got, err := prim.ParseCollective(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseCollective(%q) = %q, %v; want %q (%s)", tc.in, got, err, tc.want, tc.reason)
		}
	}
	for _, bad := range []string{"", "allreduc", "barrier", "reduce scatter gather"} {
		_, err := prim.ParseCollective(bad)
		if err == nil || !strings.Contains(err.Error(), "sendrecv, broadcast, scatter, gather, reduce, allreduce, reducescatter, allgather, alltoall") {
			t.Errorf("ParseCollective(%q) error %v; want one listing every collective", bad, err)
		}
	}
}
