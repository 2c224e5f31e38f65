package plan

import (
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/topo"
)

// Grid is the rank grid of a layout: rank r has coordinate
// (r / Stride[d]) mod Degree[d] in dimension d. TP, PP and DP strides come
// from the order; EP groups are the innermost EP ranks of DP (stride of
// DP), expert-data-parallel groups the rest (stride DP · EP).
type Grid struct {
	World       int
	GPUsPerNode int
	tp, pp, dp  int // strides
}

// newGrid lays the degrees out in the given order (validated).
func newGrid(p Parallel, g int) Grid {
	order, _ := strides(p.Order)
	deg := map[string]int{"tp": p.TP, "pp": p.PP, "dp": p.DP}
	st := map[string]int{}
	s := 1
	for _, d := range order {
		st[d] = s
		s *= deg[d]
	}
	return Grid{World: s, GPUsPerNode: g, tp: st["tp"], pp: st["pp"], dp: st["dp"]}
}

// Group is one family of communicator groups on the grid: Size ranks Stride
// apart (the ranks whose coordinate in the dimension differs).
type Group struct {
	Name   string // tp, pp, dp, ep, edp
	Stride int
	Size   int
}

// Placement is where one group's ranks sit: on Nodes nodes with PerNode ranks
// on each (0 when the counts differ: Uneven).
type Placement struct {
	Nodes   int  `json:"nodes"`
	PerNode int  `json:"ranks_per_node"`
	Uneven  bool `json:"uneven,omitempty"`
}

// Classes lists the link classes a group of this shape uses.
func (s Placement) Classes() []string {
	switch {
	case s.Nodes == 1:
		return []string{topo.Intra.String()}
	case s.PerNode == 1:
		return []string{topo.Inter.String()}
	}
	return []string{topo.Intra.String(), topo.Inter.String()}
}

// shapeOf is the shape of the group whose first rank is base. O(size).
func (g Grid) shapeOf(base int, gr Group) Placement {
	nodes, run, per := 0, 0, -1
	uneven := false
	last := -1
	for i := 0; i < gr.Size; i++ {
		n := (base + i*gr.Stride) / g.GPUsPerNode
		if n != last {
			if last >= 0 {
				if per >= 0 && per != run {
					uneven = true
				}
				per = run
			}
			nodes++
			run = 0
			last = n
		}
		run++
	}
	if per >= 0 && per != run {
		uneven = true
	}
	if uneven {
		return Placement{Nodes: nodes, Uneven: true}
	}
	return Placement{Nodes: nodes, PerNode: run}
}

// Shapes returns the distinct shapes of all groups of the family, in the
// order of their first group. O(World).
func (g Grid) Shapes(gr Group) []Placement {
	var out []Placement
	for r := 0; r < g.World; r++ {
		if (r/gr.Stride)%gr.Size != 0 {
			continue
		}
		s := g.shapeOf(r, gr)
		seen := false
		for _, x := range out {
			seen = seen || x == s
		}
		if !seen {
			out = append(out, s)
		}
	}
	return out
}

// Members lists the ranks of the group that contains rank r. O(size).
func (g Grid) Members(r int, gr Group) []int {
	base := r - ((r/gr.Stride)%gr.Size)*gr.Stride
	out := make([]int, gr.Size)
	for i := range out {
		out[i] = base + i*gr.Stride
	}
	return out
}

// groups returns the communicator families of the layout.
func (g Grid) groups(p Parallel) (tp, pp, dp, ep, edp Group) {
	return Group{"tp", g.tp, p.TP}, Group{"pp", g.pp, p.PP}, Group{"dp", g.dp, p.DP},
		Group{"ep", g.dp, p.EP}, Group{"edp", g.dp * p.EP, p.DP / p.EP}
}

// boundaryShapes are the distinct shapes of the pipeline's neighbour pairs
// (r, r + stride) across every stage boundary. O(World).
func (g Grid) boundaryShapes(gr Group) []Placement {
	var out []Placement
	pair := Group{Name: "pp", Stride: gr.Stride, Size: 2}
	for r := 0; r < g.World; r++ {
		if (r/gr.Stride)%gr.Size == gr.Size-1 {
			continue
		}
		s := g.shapeOf(r, pair)
		seen := false
		for _, x := range out {
			seen = seen || x == s
		}
		if !seen {
			out = append(out, s)
		}
	}
	return out
}

// String describes a placement in English: "1 node × 8 (intra-node)".
func (s Placement) String() string { return s.Message().String() }

// Message describes a placement: its nodes, the GPUs of it on each, and
// the link classes it crosses.
func (s Placement) Message() msg.Message {
	links := LinksMessage(s.Classes(), "plan.links.plus")
	switch {
	case s.Uneven:
		return msg.New("plan.placement.uneven", s.Nodes, links)
	case s.Nodes == 1:
		return msg.New("plan.placement.node", s.PerNode, links)
	}
	return msg.New("plan.placement.nodes", s.Nodes, s.PerNode, links)
}
