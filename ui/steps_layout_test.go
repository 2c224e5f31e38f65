package ui

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestStepsLayoutFollowsAlgorithm: the animation draws the layout of the
// chosen algorithm (figure.KindOf), labelled in the page's language: the
// two trees for tree, boxes per node for hierarchical with GPUs per node
// (whose ledger is then the two-level schedule's: 2(g−1) + 2(k−1) rounds),
// and the layout's explanation under the figure. Every case renders.
func TestStepsLayoutFollowsAlgorithm(t *testing.T) {
	cases := []struct {
		query, want, layout, why string
	}{
		{"algorithm=tree&ranks=8&lang=zh", "树 A", "双二叉树", "tree: the two complementary trees, in Chinese"},
		{"algorithm=tree&ranks=8&lang=en", "tree B", "double binary tree", "tree: both trees"},
		{"algorithm=hierarchical&ranks=8&gpus-per-node=4&lang=en", "node 1", "One box per node", "hierarchical: a box per node"},
		{"algorithm=naive&ranks=6&lang=en", `<circle cx="220" cy="248"`, "A star", "naive: the root in the centre of the 440 px box"},
		{"algorithm=ring&ranks=4&lang=en", `stroke="#c9ced6"`, "ring neighbour", "ring: neighbours linked"},
		{"algorithm=recursive_doubling&ranks=8&lang=en", `<circle`, "chord", "recursive doubling: a circle with chords"},
		{"collective=broadcast&algorithm=binomial&ranks=8&root=2&lang=en", `stroke="#c9ced6"`, "binomial tree", "binomial Broadcast (non-roots have no input: the chunk grid must cope)"},
		{"collective=scatter&algorithm=naive&ranks=5&lang=en", `<circle`, "A star", "naive Scatter"},
	}
	for _, tc := range cases {
		s := NewState("view=steps&"+tc.query, "en")
		a := NewApp(s)
		if s.Err != "" {
			t.Fatalf("%s: %s", tc.why, s.Err)
		}
		render(t, a)
		a.Steps.StepBy(1)
		render(t, a)
		svg := string(a.Steps.AnimSVG())
		if !strings.Contains(svg, tc.want) {
			t.Errorf("%s: SVG lacks %q", tc.why, tc.want)
		}
		if !strings.Contains(a.Steps.AnimLayout(), tc.layout) {
			t.Errorf("%s: layout note %q lacks %q", tc.why, a.Steps.AnimLayout(), tc.layout)
		}
	}
	a := NewApp(NewState("view=steps&algorithm=hierarchical&ranks=8&gpus-per-node=4", "en"))
	if got, want := a.Steps.AnimRounds(), 2*(4-1)+2*(2-1); got != want {
		t.Errorf("hierarchical 2 nodes × 4 GPUs: %d rounds, want 2(g−1)+2(k−1) = %d", got, want)
	}
	for _, c := range a.Ledger.LedgerChecks() { // the ledger runs the same two-level schedule the closed form prices
		if !c.OK {
			t.Errorf("hierarchical 2 × 4: ledger check %s: ledger %s, formula %s", c.Label, c.Ledger, c.Formula)
		}
	}
	if q := a.Query(); !strings.Contains(q, "gpus-per-node=4") {
		t.Errorf("URL %q lacks gpus-per-node", q)
	}
}

// TestStepsTokensClearOfNodes: on every layout a chunk's dot starts off
// its sender's circle and ends off its receiver's, so it never hides a
// rank's number (the tree's short leaf edges had it over both), through
// the rounds of the shots' questions.
func TestStepsTokensClearOfNodes(t *testing.T) {
	nodeRE := regexp.MustCompile(`<circle cx="([0-9.]+)" cy="([0-9.]+)" r="([0-9.]+)" fill="#(?:e8f1f8|f2f2f2)"`)
	tokRE := regexp.MustCompile(`<g class="tok" style="--dx:(-?[0-9.]+)px;--dy:(-?[0-9.]+)px"><circle cx="([0-9.]+)" cy="([0-9.]+)" r="([0-9.]+)"`)
	f := func(s string) float64 {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, q := range []string{"algorithm=tree&ranks=8", "algorithm=ring&ranks=8", "algorithm=naive&ranks=8", "collective=broadcast&algorithm=binomial&ranks=8",
		"algorithm=hierarchical&ranks=16&gpus-per-node=4", "algorithm=recursive_doubling&ranks=16", "collective=alltoall&algorithm=pairwise&ranks=4"} {
		a := NewApp(NewState("view=steps&lang=en&"+q, "en"))
		render(t, a)
		tokens := 0
		for r := 1; r <= min(a.Steps.AnimRounds(), 6); r++ {
			a.Steps.StepBy(1)
			render(t, a)
			svg := string(a.Steps.AnimSVG())
			nodes := nodeRE.FindAllStringSubmatch(svg, -1)
			for _, m := range tokRE.FindAllStringSubmatch(svg, -1) {
				tokens++
				dx, dy, x, y, tr := f(m[1]), f(m[2]), f(m[3]), f(m[4]), f(m[5])
				for _, end := range [][2]float64{{x, y}, {x + dx, y + dy}} {
					for _, n := range nodes {
						if d := math.Hypot(end[0]-f(n[1]), end[1]-f(n[2])); d < f(n[3])+tr {
							t.Errorf("%s round %d: a dot at (%.0f, %.0f) lies %.1f px from the node at (%s, %s), within its %s px and the dot's %.0f", q, r, end[0], end[1], d, n[1], n[2], n[3], tr)
						}
					}
				}
			}
		}
		if tokens == 0 {
			t.Errorf("%s: no chunk's dot drawn; the test reads the SVG wrongly", q)
		}
	}
}
