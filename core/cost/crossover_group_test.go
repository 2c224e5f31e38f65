package cost_test

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestGroupCrossoversTie: the lecture's Experiment 3 at P = 1024 (100 MiB
// question, 50 GB/s, α = 5 µs) flips between tree and Rabenseifner many
// times where the two differ by hundredths of a percent; grouped with the
// 1 % band they are one tie, checked against the closed forms sampled
// densely across it, and the groups cover the list in order.
func TestGroupCrossoversTie(t *testing.T) {
	p := base(prim.AllReduce, sched.Ring, 1024)
	xs, err := cost.Crossovers(p, 1, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	gs := cost.GroupCrossovers(p, xs, cost.TieBand)
	n, ties := 0, 0
	for i, g := range gs {
		first, last := xs[n], xs[n+g.Count-1]
		if g.LoBytes != first.SizeBytes || g.HiBytes != last.SizeBytes || g.From != first.From || g.To != last.To {
			t.Errorf("group %d %+v does not span crossovers %d…%d (%+v … %+v)", i, g, n, n+g.Count-1, first, last)
		}
		n += g.Count
		if !g.Tie {
			if g.Count != 1 {
				t.Errorf("group %d: %d crossovers but no tie", i, g.Count)
			}
			continue
		}
		ties++
		for s := g.LoBytes; s <= g.HiBytes; s += max((g.HiBytes-g.LoBytes)/200/4*4, 4) {
			ta, tb := timeOf(t, p, g.A, s), timeOf(t, p, g.B, s)
			if d := math.Abs(ta-tb) / math.Min(ta, tb); d > cost.TieBand {
				t.Errorf("tie %s/%s at %d B: %g vs %g s differ by %.2f %%", g.A, g.B, s, ta, tb, 100*d)
			}
		}
		if g.MaxGap > cost.TieBand || g.Count < 2 {
			t.Errorf("tie %+v: gap or count out of range", g)
		}
	}
	if n != len(xs) {
		t.Errorf("groups cover %d of %d crossovers", n, len(xs))
	}
	if len(xs) < 10 || ties != 1 || len(gs) > 3 {
		t.Errorf("P = 1024: %d crossovers in %d groups with %d ties; want one tie holding the tree/Rabenseifner flips", len(xs), len(gs), ties)
	}
}

// TestGroupCrossoversNoBand: with a zero band nothing is a tie, and a
// single well-separated crossover (ring against tree on 8 ranks, the
// lecture's S*) stays a single annotated point with the band.
func TestGroupCrossoversNoBand(t *testing.T) {
	p := base(prim.AllReduce, sched.Ring, 1024)
	xs, _ := cost.Crossovers(p, 1, 1<<30)
	for _, g := range cost.GroupCrossovers(p, xs, 0) {
		if g.Tie || g.Count != 1 {
			t.Fatalf("band 0: %+v grouped", g)
		}
	}
	q := base(prim.AllReduce, sched.Ring, 8)
	ys, err := cost.CrossoversAmong(q, []sched.Algorithm{sched.Tree, sched.Ring}, 1<<10, 1<<30)
	if err != nil || len(ys) != 1 {
		t.Fatalf("ring/tree on 8 ranks: %v, %v; want one crossover", ys, err)
	}
	gs := cost.GroupCrossovers(q, ys, cost.TieBand)
	if len(gs) != 1 || gs[0].Tie || gs[0].LoBytes != ys[0].SizeBytes {
		t.Errorf("ring/tree on 8 ranks grouped as %+v", gs)
	}
}
