package plan

import (
	"fmt"
	"testing"
)

// Every group's placement, checked against a brute-force derivation: rank
// r's coordinates are decomposed digit by digit in the order's mixed radix,
// its TP group is every rank that differs only in the TP digit, and the
// nodes it touches are counted directly.
func TestPlacementBruteForce(t *testing.T) {
	for _, c := range []struct {
		dp, tp, pp, g int
		order         string
	}{
		{4, 2, 3, 4, "tp-pp-dp"}, {4, 2, 3, 6, "tp-pp-dp"}, {2, 4, 2, 8, "dp-tp-pp"}, {3, 4, 1, 3, "tp-dp-pp"}, {8, 8, 2, 8, "pp-dp-tp"},
	} {
		p := Parallel{DP: c.dp, TP: c.tp, PP: c.pp, EP: 1, Order: c.order}
		g := newGrid(p, c.g)
		ord, _ := strides(c.order)
		deg := map[string]int{"tp": c.tp, "pp": c.pp, "dp": c.dp}
		world := c.dp * c.tp * c.pp
		coords := func(r int) map[string]int {
			out := map[string]int{}
			for _, d := range ord {
				out[d] = r % deg[d]
				r /= deg[d]
			}
			return out
		}
		tp, pp, dp, _, _ := g.groups(p)
		for _, gr := range []Group{tp, pp, dp} {
			want := map[Placement]bool{}
			for r := 0; r < world; r++ {
				cr := coords(r)
				if cr[gr.Name] != 0 {
					continue
				}
				perNode := map[int]int{}
				var order []int
				for s := 0; s < world; s++ {
					cs := coords(s)
					same := true
					for _, d := range ord {
						same = same && (d == gr.Name || cs[d] == cr[d])
					}
					if same {
						if perNode[s/c.g] == 0 {
							order = append(order, s/c.g)
						}
						perNode[s/c.g]++
					}
				}
				pl := Placement{Nodes: len(order), PerNode: perNode[order[0]]}
				for _, n := range order {
					if perNode[n] != pl.PerNode {
						pl = Placement{Nodes: len(order), Uneven: true}
					}
				}
				want[pl] = true
			}
			var got map[Placement]bool = map[Placement]bool{}
			for _, s := range g.Shapes(gr) {
				got[s] = true
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%+v %s: placements %v, brute force %v", c, gr.Name, got, want)
			}
		}
	}
}
