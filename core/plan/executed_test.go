package plan

import (
	"testing"

	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// Closed form == executed schedule: every row of a small plan is built as
// a real schedule (sched.Build of the exact spec the closed form prices),
// its ranks mapped back onto the rank grid (local rank i is the i-th member
// of the group holding rank 0), and every transfer classified by the nodes
// of its two global ranks. A TP group inside a node moves no byte between
// nodes; a DP group with one rank per node moves every byte between nodes;
// the ledger's busiest rank sends what the row says.
func TestRowsMatchExecutedSchedules(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "custom", "layers": "2", "hidden": "64", "heads": "4", "kv-heads": "4", "ffn": "128",
		"vocab": "64", "seq": "16", "dp": "4", "tp": "4", "pp": "2", "gpus-per-node": "4", "algorithm": "ring", "bucket": "1KiB"})
	g := newGrid(r.Input.Parallel, 4)
	tp, pp, dp, _, _ := g.groups(r.Input.Parallel)
	fam := map[string]Group{"tp": tp, "dp": dp, "pp": {Name: "pp", Stride: pp.Stride, Size: 2}}
	seen := map[string]bool{}
	for _, x := range r.Rows {
		p, _ := params(r.Input, x.Call, x.Shape, sched.Algorithm(x.Algorithm))
		s, err := sched.Build(p.Spec(), p.Algorithm, sched.Options{GPUsPerNode: p.GPUsPerNode})
		if err != nil {
			t.Fatalf("%s %s: %v", x.Strategy, x.Collective, err)
		}
		l := sim.NewLedger(s, Elem)
		if got := l.Ranks[l.Busiest].Sent; got != x.SentPerCall {
			t.Errorf("%s %s: executed busiest rank sends %d B, closed form %d", x.Strategy, x.Collective, got, x.SentPerCall)
		}
		members := g.Members(0, fam[x.Group])
		var inter, intra int64
		for _, rd := range s.Rounds {
			for _, tr := range rd.Transfers {
				if tr.Src == tr.Dst {
					continue
				}
				if members[tr.Src]/4 != members[tr.Dst]/4 {
					inter += int64(tr.Len) * Elem
				} else {
					intra += int64(tr.Len) * Elem
				}
			}
		}
		seen[x.Group] = true
		switch x.Group {
		case "tp":
			if inter != 0 || intra == 0 {
				t.Errorf("TP %s: %d B between nodes, %d inside; want all inside", x.Collective, inter, intra)
			}
		case "dp", "pp":
			if intra != 0 || inter == 0 {
				t.Errorf("%s %s: %d B inside nodes, %d between; want all between", x.Group, x.Collective, intra, inter)
			}
		}
	}
	for _, gname := range []string{"tp", "dp", "pp"} {
		if !seen[gname] {
			t.Errorf("no %s rows", gname)
		}
	}
}
