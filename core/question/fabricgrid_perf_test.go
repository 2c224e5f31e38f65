//go:build perf

package question_test

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestPerfFabricGrid is the full boundary grid behind the simulation's
// work cap (fabric.Spec.WorkPerLink; docs/performance.md): every
// collective and algorithm, at 1 MiB and 256 MiB, on fat-trees (one GPU a
// node and nodes of 8, leaves of 16 nodes and of a quarter of the nodes)
// and rail fabrics (nodes of 8, both leaf sizes) at 1:1 to 64:1, and on
// square tori (one GPU a node and nodes of 8), each at the largest size
// the documented rule admits (checkBoundary). It prints, per fabric kind
// and ratio, the most work any shape spent per message and link and over
// its cap, and the longest question's wall time. Several minutes on two
// cores: go tool task fabric:grid.
func TestPerfFabricGrid(t *testing.T) {
	type worst struct {
		perLink, ofCap float64
		shape          gridShape
		ranks          int
	}
	most := map[string]worst{}
	var slowest time.Duration
	var slowShape gridShape
	questions := 0
	for _, size := range []string{"1MiB", "256MiB"} {
		for _, c := range prim.Collectives() {
			for _, a := range sched.Applicable(c) {
				var shapes []gridShape
				for _, g := range []int{1, 8} {
					shapes = append(shapes, gridShape{c, a, fabric.Torus, 1, g, false, size})
				}
				for _, r := range []float64{1, 2, 3, 4, 6, 8, 12, 16, 32, 64} {
					for _, q := range []bool{false, true} {
						shapes = append(shapes, gridShape{c, a, fabric.Rail, r, 8, q, size})
						for _, g := range []int{1, 8} {
							shapes = append(shapes, gridShape{c, a, fabric.FatTree, r, g, q, size})
						}
					}
				}
				for _, s := range shapes {
					start := time.Now()
					p, work, limit, ok := checkBoundary(t, s)
					if !ok || limit == 0 {
						continue
					}
					questions++
					if d := time.Since(start); d > slowest {
						slowest, slowShape = d, s
					}
					perLink := float64(work) / float64(limit) * linkRule(s.kind, s.ratio)
					key := fmt.Sprintf("%-8s %4g:1", s.kind, s.ratio)
					if w := most[key]; perLink > w.perLink {
						most[key] = worst{perLink, float64(work) / float64(limit), s, p.Ranks}
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
}
