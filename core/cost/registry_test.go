package cost

import (
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// TestAlgorithmRegistryIsComplete walks the algorithm registry as a new
// entry would be walked: every algorithm sched lists has cost's half, a
// name no other algorithm has, collectives it actually builds, a formula
// with a source for each, a closed form equal to its executed schedule
// under the cost rule (or labelled inexact), an Estimate that bounds the
// schedule Build makes, and a row in docs/conventions.md's identifier
// table. Every collective's default algorithm applies to it.
func TestAlgorithmRegistryIsComplete(t *testing.T) {
	doc, err := os.ReadFile("../../docs/conventions.md")
	if err != nil {
		t.Fatal(err)
	}
	table := identifierTable(t, string(doc))
	algs := sched.Algorithms()
	if len(algs) != len(algorithmCosts) {
		t.Fatalf("sched lists %d algorithms, cost %d", len(algs), len(algorithmCosts))
	}
	names := map[string]sched.Algorithm{}
	m := sim.Model{Alpha: 5e-6, Beta: 1 / 50e9, Gamma: 3e-11}
	for i, a := range algs {
		info, ok := sched.Info(a)
		if !ok || info.ID != a {
			t.Fatalf("%s: Info = %+v, %v", a, info, ok)
		}
		if algorithmCosts[i].id != a {
			t.Errorf("entry %d: sched has %s, cost %s (the lists must agree in order)", i, a, algorithmCosts[i].id)
		}
		if p, err := sched.ParseAlgorithm(strings.ToUpper(string(a))); err != nil || p != a {
			t.Errorf("%s: ParseAlgorithm = %q, %v", a, p, err)
		}
		if info.Name == "" || names[info.Name] != "" {
			t.Errorf("%s: name %q is empty or also %s's", a, info.Name, names[info.Name])
		}
		names[info.Name] = a
		if !strings.Contains(table, "`"+string(a)+"`") {
			t.Errorf("%s: not in docs/conventions.md's table of algorithm identifiers", a)
		}
		if len(info.Collectives) == 0 {
			t.Errorf("%s: runs no collective", a)
		}
		for _, c := range info.Collectives {
			if err := sched.Check(c, a); err != nil {
				t.Errorf("%s lists %s but Check refuses it: %v", a, c, err)
			}
			if f := formulaOf(c, a); f.Text == "" || f.Source == "" {
				t.Errorf("%s %s: formula %q, source %q", a, c, f.Text, f.Source)
			}
			for _, p := range []int{2, 3, 4, 7, 8, 16} {
				for _, n := range []int{1, p - 1, p, 1009} {
					par := Params{Collective: c, Algorithm: a, Ranks: p, Size: int64(4 * n), ElemSize: 4,
						Bandwidth: 50e9, Efficiency: 1, Latency: m.Alpha, Gamma: m.Gamma}
					if c.Rooted() {
						par.Root = p - 1
					}
					checkClosedForm(t, par, m)
					checkEstimate(t, par)
				}
			}
		}
	}
	if len(names) == 0 || sched.Auto.Name() == "" || names[sched.Auto.Name()] != "" {
		t.Errorf("auto's name %q is empty or an algorithm's", sched.Auto.Name())
	}
	for _, c := range prim.Collectives() {
		if d := sched.DefaultFor(c); sched.Check(c, d) != nil || d == sched.Auto {
			t.Errorf("%s: default algorithm %q does not run it", c, d)
		}
	}
}

// checkEstimate checks that sched.EstimateOf bounds the transfers and the
// work elements of the schedule Build makes for par.
func checkEstimate(t *testing.T, par Params) {
	t.Helper()
	sp := par.Spec()
	s, err := sched.Build(sp, par.Algorithm, sched.Options{})
	if err != nil {
		t.Fatalf("%s %s P=%d: Build: %v", par.Algorithm, par.Collective, par.Ranks, err)
	}
	e := sched.EstimateOf(sp, par.Algorithm, sched.Options{})
	transfers, work := int64(0), int64(0)
	for _, r := range s.Rounds {
		transfers += int64(len(r.Transfers))
	}
	for _, n := range s.WorkLen {
		work += int64(n)
	}
	if transfers > e.Slots || work > e.WorkElems {
		t.Errorf("%s %s P=%d n=%d: %d transfers and %d work elements, estimated %d and %d",
			par.Algorithm, par.Collective, par.Ranks, sp.Count, transfers, work, e.Slots, e.WorkElems)
	}
}

// identifierTable is the table of algorithm identifiers under the
// "## Algorithms" heading of docs/conventions.md.
func identifierTable(t *testing.T, doc string) string {
	t.Helper()
	_, after, ok := strings.Cut(doc, "\n## Algorithms\n")
	if !ok {
		t.Fatal(`docs/conventions.md has no "## Algorithms" section`)
	}
	before, _, _ := strings.Cut(after, "\n#")
	return before
}

// TestCollectiveRegistry checks the collective registry: unique
// identifiers and names, every collective parses by its identifier and by
// its name, and NCCL's model covers exactly the collectives NCCL has.
func TestCollectiveRegistry(t *testing.T) {
	ids, names := map[string]bool{}, map[string]bool{}
	for _, info := range prim.CollectiveInfos() {
		for _, k := range []struct {
			seen map[string]bool
			s    string
		}{{ids, string(info.ID)}, {names, info.Name}} {
			if k.s == "" || k.seen[k.s] {
				t.Errorf("%s: %q is empty or repeated", info.ID, k.s)
			}
			k.seen[k.s] = true
			if c, err := prim.ParseCollective(k.s); err != nil || c != info.ID {
				t.Errorf("ParseCollective(%q) = %q, %v", k.s, c, err)
			}
		}
		if len(sched.Applicable(info.ID)) == 0 {
			t.Errorf("%s: no algorithm runs it", info.ID)
		}
	}
	for _, c := range []prim.Collective{prim.Broadcast, prim.Reduce, prim.AllGather, prim.ReduceScatter, prim.AllReduce} {
		if !NCCLCovers(c) {
			t.Errorf("NCCL's model should cover %s", c)
		}
	}
	for _, c := range []prim.Collective{prim.SendRecv, prim.Scatter, prim.Gather, prim.AllToAll} {
		if NCCLCovers(c) {
			t.Errorf("NCCL has no %s function", c)
		}
	}
}
