package prim_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// fieldErr asserts that err is a *fielderr.Error on field whose message
// contains every string of says (what is accepted, and what was given).
func fieldErr(t *testing.T, ctx string, err error, field string, says ...string) {
	t.Helper()
	var fe *fielderr.Error
	if !errors.As(err, &fe) {
		t.Errorf("%s: got %v (%T), want a *fielderr.Error on %q", ctx, err, err, field)
		return
	}
	if fe.Field != field {
		t.Errorf("%s: error on field %q (%v), want %q", ctx, fe.Field, err, field)
	}
	for _, s := range says {
		if !strings.Contains(fe.Msg, s) {
			t.Errorf("%s: message %q does not say %q", ctx, fe.Msg, s)
		}
	}
	if got, want := err.Error(), fe.Field+": "+fe.Msg; got != want {
		t.Errorf("%s: Error() = %q, want %q", ctx, got, want)
	}
}

func TestSpecValidateErrors(t *testing.T) {
	all := "sendrecv, broadcast, scatter, gather, reduce, allreduce, reducescatter, allgather, alltoall"
	cases := []struct {
		reason string
		spec   prim.Spec
		field  string
		says   []string
	}{
		{"no collective", prim.Spec{Ranks: 2}, "collective", []string{all, `got ""`}},
		{"unknown collective", prim.Spec{Collective: "barrier", Ranks: 2}, "collective", []string{all, `"barrier"`}},
		{"a spelling only the parser accepts: Reference switches on the identifier",
			prim.Spec{Collective: "AllReduce", Ranks: 2, Op: prim.Sum}, "collective", []string{all, `"AllReduce"`}},
		{"zero ranks", prim.Spec{Collective: prim.AllReduce, Ranks: 0, Op: prim.Sum}, "ranks", []string{"from 1 to 1048576", "got 0"}},
		{"negative ranks", prim.Spec{Collective: prim.AllReduce, Ranks: -3, Op: prim.Sum}, "ranks", []string{"from 1 to 1048576", "got -3"}},
		{"above prim.MaxRanks", prim.Spec{Collective: prim.AllReduce, Ranks: prim.MaxRanks + 1, Op: prim.Sum}, "ranks", []string{"from 1 to 1048576", "got 1048577"}},
		{"root past the last rank", prim.Spec{Collective: prim.Broadcast, Ranks: 4, Root: 4}, "root", []string{"from 0 to 3", "got 4"}},
		{"negative root", prim.Spec{Collective: prim.Gather, Ranks: 4, Root: -1}, "root", []string{"from 0 to 3", "got -1"}},
		{"root on an unrooted collective", prim.Spec{Collective: prim.AllGather, Ranks: 4, Root: 2}, "root", []string{"allgather has no root", "leave it 0"}},
		{"no op on a reduction", prim.Spec{Collective: prim.AllReduce, Ranks: 2}, "op", []string{"sum, prod, max, min", `got ""`}},
		{"unknown op", prim.Spec{Collective: prim.Reduce, Ranks: 2, Op: "avg"}, "op", []string{"sum, prod, max, min", `"avg"`}},
		{"op spelt in capitals: Combine switches on the identifier", prim.Spec{Collective: prim.ReduceScatter, Ranks: 2, Op: "SUM"}, "op", []string{"sum, prod, max, min", `"SUM"`}},
		{"negative count", prim.Spec{Collective: prim.Broadcast, Ranks: 2, Count: -1}, "count", []string{"≥ 0", "got -1"}},
		{"counts on a vector collective", prim.Spec{Collective: prim.AllReduce, Ranks: 2, Op: prim.Sum, Counts: []int{1, 1}}, "counts",
			[]string{"scatter, gather, allgather and reducescatter", "not allreduce"}},
		{"counts on alltoall (it takes sendcounts)", prim.Spec{Collective: prim.AllToAll, Ranks: 2, Counts: []int{1, 1}}, "counts",
			[]string{"scatter, gather, allgather and reducescatter"}},
		{"too few counts", prim.Spec{Collective: prim.Scatter, Ranks: 3, Counts: []int{1, 2}}, "counts", []string{"want 3 per-rank counts", "got 2"}},
		{"too many counts", prim.Spec{Collective: prim.AllGather, Ranks: 1, Counts: []int{1, 2}}, "counts", []string{"want 1 per-rank counts", "got 2"}},
		{"a negative count in counts", prim.Spec{Collective: prim.Gather, Ranks: 3, Counts: []int{1, -2, 0}}, "counts", []string{"counts[1]", "≥ 0", "got -2"}},
		{"sendcounts on allgather", prim.Spec{Collective: prim.AllGather, Ranks: 2, SendCounts: [][]int{{1, 1}, {1, 1}}}, "sendcounts",
			[]string{"alltoall only", "not allgather"}},
		{"too few rows", prim.Spec{Collective: prim.AllToAll, Ranks: 3, SendCounts: [][]int{{1, 1, 1}}}, "sendcounts", []string{"want 3 rows", "got 1"}},
		{"a short row", prim.Spec{Collective: prim.AllToAll, Ranks: 2, SendCounts: [][]int{{1, 1}, {1}}}, "sendcounts", []string{"sendcounts[1]", "want 2 entries", "got 1"}},
		{"a negative entry", prim.Spec{Collective: prim.AllToAll, Ranks: 2, SendCounts: [][]int{{1, 1}, {0, -5}}}, "sendcounts", []string{"sendcounts[1][1]", "≥ 0", "got -5"}},
	}
	for _, tc := range cases {
		err := tc.spec.Validate()
		fieldErr(t, tc.reason, err, tc.field, tc.says...)
		// Reference refuses the same Spec with the same error, never a panic.
		_, rerr := prim.Reference[int64](tc.spec, nil)
		if rerr == nil || err == nil || rerr.Error() != err.Error() {
			t.Errorf("%s: Reference error %v, Validate error %v; want the same", tc.reason, rerr, err)
		}
	}
}

func TestSpecValidateAccepts(t *testing.T) {
	cases := []struct {
		reason string
		spec   prim.Spec
	}{
		{"non-reducing collectives need no op", prim.Spec{Collective: prim.Broadcast, Ranks: 3, Root: 2}},
		{"a single rank", prim.Spec{Collective: prim.AllReduce, Ranks: 1, Op: prim.Max}},
		{"the largest communicator", prim.Spec{Collective: prim.AllReduce, Ranks: prim.MaxRanks, Op: prim.Sum}},
		{"zero counts everywhere", prim.Spec{Collective: prim.ReduceScatter, Ranks: 3, Op: prim.Min, Counts: []int{0, 0, 0}}},
		{"an all-zero send matrix", prim.Spec{Collective: prim.AllToAll, Ranks: 2, SendCounts: [][]int{{0, 0}, {0, 0}}}},
	}
	for _, tc := range cases {
		if err := tc.spec.Validate(); err != nil {
			t.Errorf("%s: Validate = %v, want nil", tc.reason, err)
		}
	}
}

func TestCheckInputsErrors(t *testing.T) {
	bc := prim.Spec{Collective: prim.Broadcast, Ranks: 3, Root: 1, Count: 2}
	ag := prim.Spec{Collective: prim.AllGather, Ranks: 3, Counts: []int{2, 0, 1}}
	cases := []struct {
		reason string
		spec   prim.Spec
		in     [][]int64
		says   []string
	}{
		{"one buffer short", bc, [][]int64{nil, {1, 2}}, []string{"want 3 buffers (one per rank)", "got 2"}},
		{"one buffer too many", bc, [][]int64{nil, {1, 2}, nil, nil}, []string{"want 3 buffers", "got 4"}},
		{"a non-root broadcast buffer given", bc, [][]int64{{5}, {1, 2}, nil}, []string{"inputs[0]", "not significant", "root 1", "send null"}},
		{"the root's buffer missing", bc, [][]int64{nil, nil, nil}, []string{"inputs[1]", "needs 2 elements", "got null"}},
		{"the root's buffer too short", bc, [][]int64{nil, {1}, nil}, []string{"inputs[1]", "needs 2 elements for broadcast", "got 1"}},
		{"an uneven block too long", ag, [][]int64{{1, 2}, {3}, {4}}, []string{"inputs[1]", "needs 0 elements", "got 1"}},
		{"an uneven block missing", ag, [][]int64{{1, 2}, nil, nil}, []string{"inputs[2]", "needs 1 elements", "got null"}},
	}
	for _, tc := range cases {
		fieldErr(t, tc.reason, prim.CheckInputs(tc.spec, tc.in), "inputs", tc.says...)
		_, err := prim.Reference(tc.spec, tc.in)
		fieldErr(t, tc.reason+" (Reference)", err, "inputs", tc.says...)
	}
	// Empty buffers where nothing is expected are fine, nil or not.
	if err := prim.CheckInputs(ag, [][]int64{{1, 2}, nil, {4}}); err != nil {
		t.Errorf("a nil buffer for an empty block: %v, want nil", err)
	}
	if err := prim.CheckInputs(ag, [][]int64{{1, 2}, {}, {4}}); err != nil {
		t.Errorf("an empty buffer for an empty block: %v, want nil", err)
	}
}
