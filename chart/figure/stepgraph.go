package figure

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// MaxArrows is the most arrows StepGraph draws in one round (the first by
// sender); the caption counts the rest. It keeps the SVG small (≈ 150 bytes
// an arrow) where every rank sends to every other (naive AllToAll).
const MaxArrows = 256

// ArrowGroup is the arrow group (Placement.Index) of transfer t of schedule
// s: for the double binary tree the tree whose half of the vector it
// carries (tree A elements [0, ⌈n/2⌉), tree B the rest, as sched's tree.go
// splits them), else 0.
func ArrowGroup(s *sched.Schedule, pl Placement, t sched.Transfer) int {
	if pl.Groups() == 2 && t.SrcOff >= int64((s.Spec.Count+1)/2) {
		return 1
	}
	return 0
}

// StepGraph draws round `round` of schedule s on its algorithm's layout
// (Place, in a width × height box): one arrow per pair of drawn ranks that
// exchange bytes in the round (transfers between the same pair added up;
// local copies are not messages), labelled with the bytes. Round 0 is the
// layout before the first round, without arrows; rounds are counted as
// Schedule.Steps counts them (a round of local copies only is not one). For the double tree an
// arrow goes between the two ranks' copies in the tree that carries it and
// is coloured by tree; for nodes, arrows between nodes take the second
// colour (unlabelled when there are more than 8 arrows). At most MaxArrows
// arrows are drawn. Drawn ranks that neither send nor receive are grey. A round
// outside 0..Steps() is a *fielderr.Error on "round".
// O(P log P + transfers in the round).
func StepGraph(s *sched.Schedule, round, elemSize, gpusPerNode, width, height int) (chart.Graph, error) {
	steps := s.StepRounds()
	n := len(steps)
	if round < 0 || round > n {
		return chart.Graph{}, fielderr.New("round", "figure.round.range0", n, round)
	}
	pl, err := Place(s, gpusPerNode, width, height)
	if err != nil {
		return chart.Graph{}, err
	}
	g := chart.Graph{ID: "step", Width: width, Height: height, R: pl.R, Links: pl.Links, Boxes: pl.Boxes, Notes: pl.Notes}
	switch pl.Kind {
	case KindRing, KindCircle, KindStar: // labels outside the circle's chords
		c := pl.middle()
		g.Centre = &c
	}
	for _, sl := range pl.Slots {
		g.Nodes = append(g.Nodes, chart.GraphNode{At: sl.At, Label: strconv.Itoa(sl.Rank), Active: round == 0})
	}
	name := s.Spec.Collective.Name()
	if round == 0 {
		g.Title = "Before round 1 of " + strconv.Itoa(n) + ": " + string(s.Algorithm) + " " + name + ", P = " + strconv.Itoa(s.Spec.Ranks)
		g.Desc = "The " + strconv.Itoa(s.Spec.Ranks) + " ranks of " + string(s.Algorithm) + " " + name + " drawn as " + pl.Describe + ", before the first round."
		return g, nil
	}
	ring, err := Step(s, round, elemSize)
	if err != nil {
		return chart.Graph{}, err
	}
	g.Title, g.Caption = ring.Title, ring.Caption
	g.Desc = strings.Replace(ring.Desc, "drawn as ranks on a circle", "drawn as "+pl.Describe, 1)
	type pair struct{ from, to, colour int }
	bytes := map[pair]int64{}
	var order []pair
	for _, t := range s.Rounds[steps[round-1]].Transfers {
		if t.Src == t.Dst {
			continue
		}
		grp := ArrowGroup(s, pl, t)
		k := pair{pl.Index[grp][t.Src], pl.Index[grp][t.Dst], 0}
		switch {
		case pl.Kind == KindDoubleTree:
			k.colour = grp
		case pl.Kind == KindNodes && pl.Slots[k.from].Group != pl.Slots[k.to].Group:
			k.colour = 1
		}
		if _, ok := bytes[k]; !ok {
			order = append(order, k)
		}
		bytes[k] += t.Len * int64(elemSize)
		g.Nodes[k.from].Active, g.Nodes[k.to].Active = true, true
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if pl.Slots[a.from].Rank != pl.Slots[b.from].Rank {
			return pl.Slots[a.from].Rank < pl.Slots[b.from].Rank
		}
		return a.to < b.to
	})
	if len(order) > MaxArrows {
		g.Caption += " · " + strconv.Itoa(len(order)-MaxArrows) + " arrows not drawn"
		order = order[:MaxArrows]
	}
	for _, k := range order {
		label := units.FormatBytes(float64(bytes[k]), true)
		if pl.Kind == KindNodes && k.colour == 1 && len(order) > 8 {
			label = "" // many arrows between boxes cross: their labels would pile up (the round's ledger has the bytes)
		}
		g.Arrows = append(g.Arrows, chart.GraphArrow{From: k.from, To: k.to, Colour: k.colour, Label: label})
	}
	return g, nil
}
