//go:build perf

package question_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// gridRatios are the oversubscriptions of the grid's fat-trees and rail
// fabrics.
var gridRatios = []float64{1, 2, 3, 4, 6, 8, 12, 16, 32, 64}

// TestPerfFabricGrid is the full boundary grid behind the simulation's
// work cap (fabric.Spec.WorkPerLinkOf; docs/performance.md):
// every collective and algorithm, at 1 MiB and 256 MiB, on fat-trees (one GPU a
// node and nodes of 8, leaves of 16 nodes and of a quarter of the nodes)
// and rail fabrics (nodes of 8, both leaf sizes) at 1:1 to 64:1, and on
// square tori (one GPU a node and nodes of 8), each at the largest size
// the documented rule admits (checkBoundary). It prints, per fabric kind
// and ratio, the most work any shape spent per message and link and over
// its cap; per collective and algorithm, the largest share of its cap
// (scheduleRule) any shape spent, with the shape, and the most it spent
// per message and link on each fabric kind and ratio; and the longest
// question's wall time. Several minutes on two cores: go tool
// task fabric:grid.
func TestPerfFabricGrid(t *testing.T) {
	type worst struct {
		perLink, ofCap float64
		shape          gridShape
		ranks          int
	}
	most := map[string]worst{}   // kind and ratio → the worst shape
	byAlg := map[string]worst{}  // collective and algorithm → the largest share of its cap
	cell := map[string]float64{} // collective, algorithm, kind and ratio → most units a message and link
	var algs []string
	var slowest time.Duration
	var slowShape gridShape
	questions := 0
	for _, size := range []string{"1MiB", "256MiB"} {
		for _, c := range prim.Collectives() {
			for _, a := range sched.Applicable(c) {
				alg := fmt.Sprintf("%s %s", a, c)
				if size == "1MiB" {
					algs = append(algs, alg)
				}
				var shapes []gridShape
				for _, g := range []int{1, 8} {
					shapes = append(shapes, gridShape{c, a, fabric.Torus, 1, g, false, size})
				}
				for _, r := range gridRatios {
					for _, q := range []bool{false, true} {
						shapes = append(shapes, gridShape{c, a, fabric.Rail, r, 8, q, size})
						for _, g := range []int{1, 8} {
							shapes = append(shapes, gridShape{c, a, fabric.FatTree, r, g, q, size})
						}
					}
				}
				for _, s := range shapes {
					start := time.Now()
					p, work, limit, links, ok := checkBoundary(t, s)
					if !ok || limit == 0 || links == 0 {
						continue
					}
					questions++
					if d := time.Since(start); d > slowest {
						slowest, slowShape = d, s
					}
					perLink := float64(work) / float64(links)
					w := worst{perLink, float64(work) / float64(limit), s, p.Ranks}
					key := fmt.Sprintf("%-8s %4g:1", s.kind, s.ratio)
					if perLink > most[key].perLink {
						most[key] = w
					}
					ck := alg + " " + key
					cell[ck] = max(cell[ck], perLink)
					if w.ofCap > byAlg[alg].ofCap {
						byAlg[alg] = w
					}
				}
			}
		}
	}
	keys := make([]string, 0, len(most))
	for k := range most {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%d questions; the longest, boundary search and simulation, %v (wall): %v", questions, slowest, slowShape)
	for _, k := range keys {
		w := most[k]
		t.Logf("%s: at most %.0f units a message and link (%.2f of the cap): %v on %d ranks", k, w.perLink, w.ofCap, w.shape, w.ranks)
	}
	t.Logf("per collective and algorithm: the largest share of its cap spent, in units a message and link; then the most units a message and link, torus and fat-tree / rail at %v:1", gridRatios)
	for _, alg := range algs {
		w := byAlg[alg]
		var row strings.Builder
		fmt.Fprintf(&row, "torus %.0f |", cell[fmt.Sprintf("%s %-8s %4g:1", alg, fabric.Torus, 1.0)])
		for _, kind := range []string{fabric.FatTree, fabric.Rail} {
			for _, r := range gridRatios {
				fmt.Fprintf(&row, " %.0f", cell[fmt.Sprintf("%s %-8s %4g:1", alg, kind, r)])
			}
			row.WriteString(" |")
		}
		t.Logf("%-34s %.2f of its cap (%.0f units): %v on %d ranks; %s", alg, w.ofCap, w.perLink, w.shape, w.ranks, row.String())
	}
}
