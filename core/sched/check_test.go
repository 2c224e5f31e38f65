package sched_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// allAlgorithms are the registry's algorithm identifiers, Auto excluded
// (cost's TestAlgorithmRegistryIsComplete checks each is documented).
var allAlgorithms = sched.Algorithms()

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

// TestApplicable: every collective lists its basic algorithms first, in
// this order (naive, then ring, tree and binomial where they apply, pairwise
// for AllToAll), the classic MPI ones after them; never Auto, no duplicates,
// and Applicable returns a copy of the table.
func TestApplicable(t *testing.T) {
	basicFirst := map[prim.Collective][]sched.Algorithm{
		prim.SendRecv:      {sched.Naive},
		prim.Broadcast:     {sched.Naive, sched.Ring, sched.Tree, sched.Binomial},
		prim.Scatter:       {sched.Naive, sched.Binomial},
		prim.Gather:        {sched.Naive, sched.Binomial},
		prim.Reduce:        {sched.Naive, sched.Ring, sched.Tree, sched.Binomial},
		prim.AllReduce:     {sched.Naive, sched.Ring, sched.Tree, sched.Binomial},
		prim.ReduceScatter: {sched.Naive, sched.Ring},
		prim.AllGather:     {sched.Naive, sched.Ring},
		prim.AllToAll:      {sched.Naive, sched.Pairwise},
	}
	for _, c := range prim.Collectives() {
		got := sched.Applicable(c)
		if len(got) < len(basicFirst[c]) || !slices.Equal(got[:len(basicFirst[c])], basicFirst[c]) {
			t.Errorf("Applicable(%s) = %v, want it to start with %v", c, got, basicFirst[c])
		}
		seen := map[sched.Algorithm]bool{}
		for _, a := range got {
			if a == sched.Auto || seen[a] || !slices.Contains(allAlgorithms, a) {
				t.Errorf("Applicable(%s) = %v: %q is auto, repeated or unknown", c, got, a)
			}
			seen[a] = true
		}
		got[0] = "mutated" // the caller's copy, not the table
		if sched.Applicable(c)[0] != basicFirst[c][0] {
			t.Errorf("Applicable(%s) returns the shared table, not a copy", c)
		}
	}
}

// TestCheckNamesTheApplicableAlgorithms: every (collective, algorithm) pair
// outside Applicable is refused with an error on "algorithm" that names the
// algorithms that do apply, and auto.
func TestCheckNamesTheApplicableAlgorithms(t *testing.T) {
	for _, c := range prim.Collectives() {
		apps := sched.Applicable(c)
		for _, a := range allAlgorithms {
			err := sched.Check(c, a)
			if slices.Contains(apps, a) {
				if err != nil {
					t.Errorf("Check(%s, %s) = %v, want nil", c, a, err)
				}
				continue
			}
			says := []string{string(a), string(c), "auto"}
			for _, x := range apps {
				says = append(says, string(x))
			}
			fieldErr(t, "Check("+string(c)+", "+string(a)+")", err, "algorithm", says...)
			// Build refuses it the same way.
			_, berr := sched.Build(prim.Spec{Collective: c, Ranks: 4, Count: 4, Op: prim.Sum}, a, sched.Options{})
			fieldErr(t, "Build "+string(c)+"/"+string(a), berr, "algorithm", says...)
		}
		if err := sched.Check(c, sched.Auto); err != nil {
			t.Errorf("Check(%s, auto) = %v, want nil (auto always applies)", c, err)
		}
	}
	// The message for a real case, in full, as the CLI prints it after "--algorithm: ".
	names := []string{}
	for _, a := range sched.Applicable(prim.AllGather) {
		names = append(names, string(a))
	}
	err := sched.Check(prim.AllGather, sched.Tree)
	want := "algorithm: tree has no allgather algorithm; for allgather use one of: " + strings.Join(names, ", ") + ", auto"
	if err == nil || err.Error() != want {
		t.Errorf("Check(allgather, tree) = %v, want %q", err, want)
	}
}

func TestParseAlgorithm(t *testing.T) {
	cases := []struct {
		in     string
		want   sched.Algorithm
		reason string
	}{
		{"ring", sched.Ring, "identifier"},
		{" Tree ", sched.Tree, "case and space tolerated"},
		{"recursive-doubling", sched.RecursiveDoubling, "dash for underscore"},
		{"SCATTER_ALLGATHER", sched.ScatterAllgather, "capitals"},
		{"auto", sched.Auto, "auto parses; Build refuses it"},
	}
	for _, tc := range cases {
		got, err := sched.ParseAlgorithm(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseAlgorithm(%q) = %q, %v; want %q (%s)", tc.in, got, err, tc.want, tc.reason)
		}
	}
	for _, bad := range []string{"", "nccl", "double_tree", "ring,tree"} {
		_, err := sched.ParseAlgorithm(bad)
		fieldErr(t, "ParseAlgorithm("+bad+")", err, "algorithm", "naive, ring, tree, binomial", "auto")
	}
}
