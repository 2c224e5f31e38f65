package cost_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// fieldErr asserts a *fielderr.Error on field whose message says every
// string of says.
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
}

// TestParamsValidateErrors: every field of Params refuses bad values with a
// *fielderr.Error named as the CLI and API name it, saying what is accepted.
// Evaluate refuses the same Params with the same error.
func TestParamsValidateErrors(t *testing.T) {
	good := base(prim.AllReduce, sched.Ring, 8)
	with := func(f func(*cost.Params)) cost.Params { q := good; f(&q); return q }
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		reason string
		p      cost.Params
		field  string
		says   []string
	}{
		{"unknown collective", with(func(q *cost.Params) { q.Collective = "barrier" }), "collective", []string{"allreduce", "alltoall"}},
		{"zero ranks", with(func(q *cost.Params) { q.Ranks = 0 }), "ranks", []string{"from 1 to 1048576"}},
		{"above prim.MaxRanks", with(func(q *cost.Params) { q.Ranks = prim.MaxRanks + 1 }), "ranks", []string{"from 1 to 1048576"}},
		{"root outside the communicator", with(func(q *cost.Params) { q.Collective, q.Algorithm, q.Root = prim.Broadcast, sched.Tree, 8 }), "root", []string{"from 0 to 7"}},
		{"root on allreduce", with(func(q *cost.Params) { q.Root = 1 }), "root", []string{"has no root"}},
		{"algorithm that does not apply", with(func(q *cost.Params) { q.Algorithm = sched.Pairwise }), "algorithm", []string{"naive, ring, tree, binomial", "auto"}},
		{"unknown algorithm", with(func(q *cost.Params) { q.Algorithm = "nccl" }), "algorithm", []string{"auto"}},
		{"zero-byte elements", with(func(q *cost.Params) { q.ElemSize = 0 }), "dtype", []string{"≥ 1 byte"}},
		{"negative size", with(func(q *cost.Params) { q.Size = -1 }), "size", []string{"≥ 0 bytes"}},
		{"a size that is not whole elements", with(func(q *cost.Params) { q.Size = 10 }), "size", []string{"not a whole number of 4-byte elements"}},
		{"zero bandwidth", with(func(q *cost.Params) { q.Bandwidth = 0 }), "bandwidth", []string{"> 0"}},
		{"negative bandwidth", with(func(q *cost.Params) { q.Bandwidth = -5 }), "bandwidth", []string{"> 0"}},
		{"NaN bandwidth", with(func(q *cost.Params) { q.Bandwidth = nan }), "bandwidth", []string{"> 0"}},
		{"infinite bandwidth", with(func(q *cost.Params) { q.Bandwidth = inf }), "bandwidth", []string{"≤ 1e18"}},
		{"bandwidth above 1e18 B/s", with(func(q *cost.Params) { q.Bandwidth = 2e18 }), "bandwidth", []string{"≤ 1e18"}},
		{"zero efficiency", with(func(q *cost.Params) { q.Efficiency = 0 }), "efficiency", []string{"(0, 1]"}},
		{"efficiency above 1", with(func(q *cost.Params) { q.Efficiency = 1.5 }), "efficiency", []string{"(0, 1]"}},
		{"NaN efficiency", with(func(q *cost.Params) { q.Efficiency = nan }), "efficiency", []string{"(0, 1]"}},
		{"negative latency", with(func(q *cost.Params) { q.Latency = -1e-6 }), "latency", []string{"from 0 to 1e6 s"}},
		{"NaN latency", with(func(q *cost.Params) { q.Latency = nan }), "latency", []string{"from 0 to 1e6 s"}},
		{"infinite latency", with(func(q *cost.Params) { q.Latency = inf }), "latency", []string{"from 0 to 1e6 s"}},
		{"negative gamma", with(func(q *cost.Params) { q.Gamma = -1 }), "gamma", []string{"from 0 to 1e6"}},
		{"NaN gamma", with(func(q *cost.Params) { q.Gamma = nan }), "gamma", []string{"from 0 to 1e6"}},
		{"negative chunks", with(func(q *cost.Params) { q.Chunks = -1 }), "chunks", []string{"≥ 1 (or 0 for the best)"}},
		{"chunks for ring allreduce", with(func(q *cost.Params) { q.Chunks = 4 }), "chunks", []string{"does not pipeline"}},
		{"more tree chunks than elements per half", with(func(q *cost.Params) { q.Algorithm, q.Size, q.Chunks = sched.Tree, 40, 6 }), "chunks", []string{"want 1 to 5", "10 elements"}},
	}
	if err := good.Validate(); err != nil {
		t.Fatalf("the base Params are invalid: %v", err)
	}
	for _, tc := range cases {
		err := tc.p.Validate()
		fieldErr(t, tc.reason, err, tc.field, tc.says...)
		if _, eerr := cost.Evaluate(tc.p); err == nil || eerr == nil || eerr.Error() != err.Error() {
			t.Errorf("%s: Evaluate error %v, Validate error %v; want the same", tc.reason, eerr, err)
		}
	}
}

// TestParamsSpec: Params.Spec is the exact call the closed forms price —
// S/e elements; blocked collectives and AllToAll cut into P near-equal
// blocks (even blocks as Count, uneven ones as Counts / SendCounts).
func TestParamsSpec(t *testing.T) {
	cases := []struct {
		c       prim.Collective
		p       int
		elems   int64
		count   int
		counts  []int
		reason  string
		sendRow []int
	}{
		{prim.AllReduce, 4, 10, 10, nil, "vector collectives carry the whole vector", nil},
		{prim.AllGather, 4, 12, 3, nil, "P | n: Count is the block", nil},
		{prim.ReduceScatter, 4, 10, 2, []int{3, 3, 2, 2}, "P ∤ n: near-equal Counts, larger first", nil},
		{prim.AllToAll, 3, 7, 2, nil, "P ∤ n: every row is the same near-equal split", []int{3, 2, 2}},
	}
	for _, tc := range cases {
		q := base(tc.c, sched.Applicable(tc.c)[0], tc.p)
		q.Size = tc.elems * int64(q.ElemSize)
		sp := q.Spec()
		if sp.Collective != tc.c || sp.Ranks != tc.p || sp.Count != tc.count || sp.Op != prim.Sum {
			t.Errorf("%s: Spec %+v", tc.reason, sp)
		}
		if tc.counts != nil && !equalInts(sp.Counts, tc.counts) {
			t.Errorf("%s: Counts %v, want %v", tc.reason, sp.Counts, tc.counts)
		}
		if tc.sendRow != nil {
			for i, row := range sp.SendCounts {
				if !equalInts(row, tc.sendRow) {
					t.Errorf("%s: SendCounts[%d] = %v, want %v", tc.reason, i, row, tc.sendRow)
				}
			}
		}
		if got := int64(sp.SizeElems()); got != tc.elems && tc.c != prim.AllToAll {
			t.Errorf("%s: SizeElems %d, want S/e = %d", tc.reason, got, tc.elems)
		}
		if err := sp.Validate(); err != nil {
			t.Errorf("%s: %v", tc.reason, err)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
