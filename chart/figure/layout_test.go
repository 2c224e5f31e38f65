package figure

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"testing"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// layoutCases builds a schedule for every collective, applicable algorithm
// and P in ps (root 1 when P > 1, so rooted layouts are not all centred on
// rank 0); hierarchical also with 2 and 4 GPUs per node where they divide P.
type layoutCase struct {
	name string
	s    *sched.Schedule
	gpus int
}

func layoutCases(t *testing.T, ps []int) []layoutCase {
	t.Helper()
	var out []layoutCase
	for _, c := range []prim.Collective{prim.SendRecv, prim.Broadcast, prim.Scatter, prim.Gather, prim.Reduce,
		prim.AllReduce, prim.ReduceScatter, prim.AllGather, prim.AllToAll} {
		for _, a := range sched.Applicable(c) {
			if a == sched.Auto {
				continue
			}
			for _, p := range ps {
				sp := prim.Spec{Collective: c, Ranks: p, Op: prim.Sum, Count: 2 * p}
				if c.Rooted() {
					sp.Root = min(1, p-1)
				}
				opt := sched.Options{}
				if sched.Pipelined(c, a) {
					opt.Chunks = 1 + min(p/4, 1) // 2 chunks from P = 4, when the vector has room
				}
				if c.Blocked() || c == prim.AllToAll {
					sp.Count = 2
				}
				gs := []int{0}
				if a == sched.Hierarchical {
					gs = []int{0, 1, 2, 4}
				}
				for _, g := range gs {
					if g > 0 && p%g != 0 {
						continue
					}
					opt.GPUsPerNode = g
					s, err := sched.Build(sp, a, opt)
					if err != nil {
						t.Fatalf("%s %s P=%d g=%d: %v", c, a, p, g, err)
					}
					out = append(out, layoutCase{name: string(c) + "/" + string(a) + "/P=" + strconv.Itoa(p) + "/g=" + strconv.Itoa(g), s: s, gpus: g})
				}
			}
		}
	}
	return out
}

// TestPlaceEveryRankOnceInsideTheBox: every rank has exactly one slot per
// arrow group (a double tree draws each member once per tree and the root
// once for both), Index points at the rank's own slot, and every node lies
// wholly inside the box below the title band.
func TestPlaceEveryRankOnceInsideTheBox(t *testing.T) {
	for _, tc := range layoutCases(t, []int{1, 2, 3, 5, 8, 13, 16, 64}) {
		pl, err := Place(tc.s, tc.gpus, 440, 440)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p := tc.s.Spec.Ranks
		if pl.Kind != KindOf(tc.s.Spec.Collective, tc.s.Algorithm, tc.gpus) {
			t.Errorf("%s: kind %s, KindOf says otherwise", tc.name, pl.Kind)
		}
		for g := 0; g < pl.Groups(); g++ {
			seen := make([]int, p)
			for _, sl := range pl.Slots {
				if sl.Group == g || sl.Group == -1 || pl.Groups() == 1 {
					seen[sl.Rank]++
				}
			}
			for r := 0; r < p; r++ {
				if seen[r] != 1 {
					t.Errorf("%s: group %d draws rank %d %d times, want once", tc.name, g, r, seen[r])
				}
				if pl.Slots[pl.Index[g][r]].Rank != r {
					t.Errorf("%s: Index[%d][%d] is a slot of rank %d", tc.name, g, r, pl.Slots[pl.Index[g][r]].Rank)
				}
			}
		}
		wantSlots := p
		if pl.Kind == KindDoubleTree {
			members, root := Members(tc.s.Spec)
			wantSlots = 2 * len(members)
			if root >= 0 {
				wantSlots++
			}
		}
		if len(pl.Slots) != wantSlots {
			t.Errorf("%s: %d slots, want %d", tc.name, len(pl.Slots), wantSlots)
		}
		if pl.R < 3 {
			t.Errorf("%s: radius %.1f < 3 px", tc.name, pl.R)
		}
		for _, sl := range pl.Slots {
			if sl.At.X-pl.R < 0 || sl.At.X+pl.R > 440 || sl.At.Y-pl.R < headerHeight || sl.At.Y+pl.R > 440 {
				t.Errorf("%s: rank %d at (%.1f, %.1f) r %.1f leaves the box", tc.name, sl.Rank, sl.At.X, sl.At.Y, pl.R)
			}
		}
		for i, b := range pl.Boxes { // nodes: each GPU inside its own box
			for _, sl := range pl.Slots {
				if sl.Group == i && (sl.At.X-pl.R < b.X || sl.At.X+pl.R > b.X+b.W || sl.At.Y-pl.R < b.Y || sl.At.Y+pl.R > b.Y+b.H) {
					t.Errorf("%s: rank %d outside node box %d", tc.name, sl.Rank, i)
				}
			}
		}
	}
}

// slotPairs is the set of undirected slot pairs the schedule's transfers
// join (each resolved in its arrow group): the executed structure.
func slotPairs(s *sched.Schedule, pl Placement) map[[2]int]bool {
	out := map[[2]int]bool{}
	for _, rd := range s.Rounds {
		for _, t := range rd.Transfers {
			if t.Src == t.Dst {
				continue
			}
			g := ArrowGroup(s, pl, t)
			a, b := pl.Index[g][t.Src], pl.Index[g][t.Dst]
			out[[2]int{min(a, b), max(a, b)}] = true
		}
	}
	return out
}

// TestLinksAreTheExecutedStructure: for ring, star, binomial and the double
// tree the drawn links are exactly the pairs the executed schedule uses
// (an independent derivation: Place computes links from the tree formulas,
// the schedule from sched's builders), and every transfer of a double tree
// runs along a link of the tree its half belongs to.
func TestLinksAreTheExecutedStructure(t *testing.T) {
	for _, tc := range layoutCases(t, []int{2, 3, 5, 8, 13, 16, 64}) {
		pl, err := Place(tc.s, tc.gpus, 440, 440)
		if err != nil {
			t.Fatal(err)
		}
		switch pl.Kind {
		case KindRing, KindStar, KindBinomial, KindDoubleTree:
		default:
			continue
		}
		if pl.Kind == KindRing && tc.s.Spec.Collective != prim.AllReduce && tc.s.Spec.Collective != prim.AllGather &&
			tc.s.Spec.Collective != prim.ReduceScatter {
			continue // rooted rings are chains: one link of the circle is unused
		}
		got := map[[2]int]bool{}
		for _, l := range pl.Links {
			got[[2]int{min(l[0], l[1]), max(l[0], l[1])}] = true
		}
		want := slotPairs(tc.s, pl)
		for k := range want {
			if !got[k] {
				t.Errorf("%s: schedule uses ranks %d–%d, not linked", tc.name, pl.Slots[k[0]].Rank, pl.Slots[k[1]].Rank)
			}
		}
		for k := range got {
			if !want[k] {
				t.Errorf("%s: link %d–%d unused by the schedule", tc.name, pl.Slots[k[0]].Rank, pl.Slots[k[1]].Rank)
			}
		}
	}
}

// TestDoubleTreeLinksAreParentLinks: tree A's links are InOrderTree's
// parent links on members l−1, tree B's on members l−2 (A shifted by one):
// at P = 8 AllReduce, tree A's root is rank 7 (label 8) and tree B's rank 6.
func TestDoubleTreeLinksAreParentLinks(t *testing.T) {
	s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: 8, Op: prim.Sum, Count: 16}, sched.Tree, sched.Options{Chunks: 1})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := Place(s, 0, 440, 440)
	if err != nil {
		t.Fatal(err)
	}
	tr := sched.NewInOrderTree(8)
	want := map[[3]int]bool{}
	for tree := 0; tree < 2; tree++ {
		for l := 1; l <= 8; l++ {
			if pa := tr.Parent[l]; pa != 0 {
				want[[3]int{tree, (pa - 1 - tree + 8) % 8, (l - 1 - tree + 8) % 8}] = true
			}
		}
	}
	got := map[[3]int]bool{}
	for _, l := range pl.Links {
		a, b := pl.Slots[l[0]], pl.Slots[l[1]]
		got[[3]int{a.Group, a.Rank, b.Rank}] = true
	}
	if len(got) != len(want) {
		t.Fatalf("%d links, want %d", len(got), len(want))
	}
	for k := range want {
		if !got[k] {
			t.Errorf("tree %d: missing parent link %d → child %d", k[0], k[1], k[2])
		}
	}
	// Tree A's root is label 8 = member 7 = rank 7; tree B's label 8 = rank 6.
	top := func(g int) int {
		best := -1
		for _, sl := range pl.Slots {
			if sl.Group == g && (best < 0 || sl.At.Y < pl.Slots[best].At.Y) {
				best = pl.Index[g][sl.Rank]
			}
		}
		return pl.Slots[best].Rank
	}
	if top(0) != 7 || top(1) != 6 {
		t.Errorf("tree roots are ranks %d and %d, want 7 and 6", top(0), top(1))
	}
}

// TestStarAndNodes: the star's centre is the root (rank 0 when unrooted)
// at the middle of the box; hierarchical 8 ranks × 4 GPUs draws two boxes,
// ranks 0–3 in the first.
func TestStarAndNodes(t *testing.T) {
	s, err := sched.Build(prim.Spec{Collective: prim.Broadcast, Ranks: 6, Root: 2, Op: prim.Sum, Count: 4}, sched.Naive, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pl, _ := Place(s, 0, 440, 440)
	c := pl.Slots[pl.Index[0][2]].At
	if pl.Kind != KindStar || c != pl.middle() || len(pl.Links) != 5 {
		t.Errorf("star: kind %s, root at %v (middle %v), %d links; want root 2 in the middle and 5 spokes", pl.Kind, c, pl.middle(), len(pl.Links))
	}
	h, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: 8, Op: prim.Sum, Count: 16}, sched.Hierarchical, sched.Options{GPUsPerNode: 4})
	if err != nil {
		t.Fatal(err)
	}
	pl, _ = Place(h, 4, 440, 440)
	if pl.Kind != KindNodes || len(pl.Boxes) != 2 {
		t.Fatalf("hierarchical 8 = 2×4: kind %s, %d boxes", pl.Kind, len(pl.Boxes))
	}
	for r := 0; r < 8; r++ {
		if g := pl.Slots[pl.Index[0][r]].Group; g != r/4 {
			t.Errorf("rank %d in node %d, want %d", r, g, r/4)
		}
	}
	if _, err := Place(h, 3, 440, 440); !isField(err, "gpus-per-node") {
		t.Errorf("3 GPUs per node on 8 ranks: err %v, want a field error on gpus-per-node", err)
	}
}

func isField(err error, field string) bool {
	var fe *fielderr.Error
	return errors.As(err, &fe) && fe.Field == field
}

// TestStepGraphArrowsAndSize: every message of the round is one arrow
// between the sender's and receiver's slots (bytes summed per pair), the
// SVG is well-formed XML and stays small at the animation's limit (P = 64):
// beyond MaxArrows messages (naive AllToAll) the rest are counted, not drawn.
// Rounds are counted as the schedule's steps: every round drawn has arrows
// (Bruck's packing copies belong to the step after them).
func TestStepGraphArrowsAndSize(t *testing.T) {
	for _, tc := range layoutCases(t, []int{5, 64}) {
		steps := tc.s.StepRounds()
		for round := 0; round <= min(len(steps), 3); round++ {
			g, err := StepGraph(tc.s, round, 4, tc.gpus, 440, 440)
			if err != nil {
				t.Fatalf("%s round %d: %v", tc.name, round, err)
			}
			pl, _ := Place(tc.s, tc.gpus, 440, 440)
			want := map[[2]int]int64{}
			if round > 0 {
				for _, x := range tc.s.Rounds[steps[round-1]].Transfers {
					if x.Src != x.Dst {
						grp := ArrowGroup(tc.s, pl, x)
						want[[2]int{pl.Index[grp][x.Src], pl.Index[grp][x.Dst]}] += 4 * x.Len
					}
				}
			}
			if round > 0 && len(g.Arrows) == 0 {
				t.Errorf("%s round %d: no arrows", tc.name, round)
			}
			if len(g.Arrows) != min(len(want), MaxArrows) {
				t.Errorf("%s round %d: %d arrows, want %d", tc.name, round, len(g.Arrows), len(want))
			}
			for _, a := range g.Arrows {
				b, ok := want[[2]int{a.From, a.To}]
				unlabelled := pl.Kind == KindNodes && a.Label == "" && a.Colour == 1 && len(want) > 8 // crowded arrows between nodes
				if !ok || (a.Label != BytesLabel(float64(b)) && !unlabelled) {
					t.Errorf("%s round %d: arrow %d→%d %q, want %v", tc.name, round, a.From, a.To, a.Label, b)
				}
			}
			var buf bytes.Buffer
			if err := g.WriteSVG(&buf); err != nil {
				t.Fatal(err)
			}
			if buf.Len() > 48<<10 {
				t.Errorf("%s round %d: SVG %d bytes, want ≤ 48 KiB", tc.name, round, buf.Len())
			}
			dec := xml.NewDecoder(&buf)
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("%s round %d: SVG is not XML: %v", tc.name, round, err)
				}
			}
		}
	}
	s, _ := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: 4, Op: prim.Sum, Count: 8}, sched.Ring, sched.Options{})
	if _, err := StepGraph(s, len(s.Rounds)+1, 4, 0, 440, 440); !isField(err, "round") {
		t.Errorf("round past the end: %v, want a field error on round", err)
	}
}

// TestBinomialLinksDoNotCross: the tidy binomial layout (row = depth,
// column = preorder) draws every single-tree binomial schedule without two
// links crossing (segments sharing an end excepted).
func TestBinomialLinksDoNotCross(t *testing.T) {
	cross := func(a, b, c, d chart.Pt) bool {
		orient := func(p, q, r chart.Pt) float64 { return (q.X-p.X)*(r.Y-p.Y) - (q.Y-p.Y)*(r.X-p.X) }
		return orient(a, b, c)*orient(a, b, d) < 0 && orient(c, d, a)*orient(c, d, b) < 0
	}
	for _, tc := range layoutCases(t, []int{5, 8, 13, 64}) {
		if tc.s.Algorithm != sched.Binomial || tc.s.Spec.Collective == prim.AllReduce {
			continue
		}
		pl, err := Place(tc.s, 0, 440, 440)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range pl.Links {
			for _, m := range pl.Links[i+1:] {
				if l[0] == m[0] || l[0] == m[1] || l[1] == m[0] || l[1] == m[1] {
					continue
				}
				if cross(pl.Slots[l[0]].At, pl.Slots[l[1]].At, pl.Slots[m[0]].At, pl.Slots[m[1]].At) {
					t.Errorf("%s: links %d–%d and %d–%d cross", tc.name, pl.Slots[l[0]].Rank, pl.Slots[l[1]].Rank, pl.Slots[m[0]].Rank, pl.Slots[m[1]].Rank)
				}
			}
		}
	}
}
