package figure

import (
	"math"
	"math/bits"
	"strconv"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Layout kinds: how Place arranges the ranks of an algorithm.
const (
	KindRing       = string(sched.Ring)     // ranks on a circle, neighbours linked (ring; hierarchical with one GPU per node)
	KindCircle     = "circle"               // ranks on a circle, no links: each round's messages are chords
	KindStar       = "star"                 // the root in the centre, the others around it (naive)
	KindBinomial   = string(sched.Binomial) // binomial tree: column = rank relative to the root, row = its popcount
	KindDoubleTree = "double-tree"          // the double binary tree's two in-order trees, one above the other
	KindNodes      = "nodes"                // one box per node, its GPUs inside (hierarchical)
)

// headerHeight is the room above a layout for the title and caption.
const headerHeight = 56

// Slot is one drawn copy of a rank. Group is the tree (0 = A, 1 = B) of a
// double tree, the node of a hierarchical layout, −1 for a rank drawn once
// and shared by both trees (the root outside the double tree), else 0.
type Slot struct {
	Rank  int
	At    chart.Pt
	Group int
}

// Placement is a schedule's ranks laid out in a Width × Height box (the
// title's band excluded): every rank has one slot per group it belongs to,
// Links are the structure's edges (index pairs into Slots), Boxes and Notes
// decorate. Index[g][r] is rank r's slot in arrow group g: the two trees of
// a double tree (Groups() == 2), else one group (every rank drawn once).
type Placement struct {
	Kind          string
	Describe      string // how the ranks are drawn, for the SVG description
	Width, Height int
	R             float64 // node radius
	Slots         []Slot
	Links         [][2]int
	Boxes         []chart.GraphBox
	Notes         []chart.GraphNote
	Index         [][]int
}

// Groups is the number of groups (trees or nodes) arrows are resolved in.
func (pl Placement) Groups() int { return len(pl.Index) }

// KindOf is the layout Place uses for algorithm a on collective c with
// gpusPerNode GPUs per node (0 or 1 = no nodes).
func KindOf(c prim.Collective, a sched.Algorithm, gpusPerNode int) string {
	switch a {
	case sched.Ring:
		return KindRing
	case sched.Tree:
		return KindDoubleTree
	case sched.Naive:
		if c == prim.AllToAll || c == prim.SendRecv {
			return KindCircle // no centre: everyone talks to everyone (or to a neighbour)
		}
		return KindStar
	case sched.Binomial:
		return KindBinomial
	case sched.Hierarchical:
		if gpusPerNode > 1 {
			return KindNodes
		}
		return KindRing // one GPU per node: the flat ring
	}
	return KindCircle
}

// Place lays out schedule s's ranks for its algorithm (KindOf) in a
// width × height box: a circle for ring, the two complementary in-order
// trees of the double binary tree (sched.NewInOrderTree; tree A gives label l
// to member l−1, tree B to member l−2, so B is A shifted by one), a star for
// naive (the root in the centre), a binomial tree for binomial, one box per
// node for hierarchical (gpusPerNode GPUs each), and a circle for the rest
// (recursive doubling/halving, Rabenseifner, Bruck, pairwise: every round's
// messages are chords whose length shows the distance). gpusPerNode must be
// 0 or divide P when the algorithm is hierarchical (a *fielderr.Error on
// "gpus-per-node" otherwise). Every position lies inside the box.
// O(P log P).
func Place(s *sched.Schedule, gpusPerNode, width, height int) (Placement, error) {
	sp := s.Spec
	p := sp.Ranks
	if p < 1 {
		return Placement{}, fielderr.New("ranks", "topo.ranks.min", p)
	}
	if gpusPerNode < 0 || (s.Algorithm == sched.Hierarchical && gpusPerNode > 0 && p%gpusPerNode != 0) {
		return Placement{}, fielderr.New("gpus-per-node", "figure.gpus_per_node.divisor", p, gpusPerNode)
	}
	pl := Placement{Kind: KindOf(sp.Collective, s.Algorithm, gpusPerNode), Width: width, Height: height}
	switch pl.Kind {
	case KindRing:
		pl.circle(p, nil)
		for r := 0; r < p && p > 1; r++ {
			if p == 2 && r == 1 {
				break // one link between two ranks
			}
			pl.Links = append(pl.Links, [2]int{r, (r + 1) % p})
		}
		pl.Describe = "ranks on a circle, ring neighbours linked"
	case KindStar:
		root := centre(sp)
		order := make([]int, 0, p)
		for k := 1; k < p; k++ {
			order = append(order, (root+k)%p)
		}
		pl.circle(p-1, order)
		pl.Index[0][root] = len(pl.Slots)
		pl.Slots = append(pl.Slots, Slot{Rank: root, At: pl.middle()})
		for _, r := range order {
			pl.Links = append(pl.Links, [2]int{pl.Index[0][root], pl.Index[0][r]})
		}
		pl.Describe = "a star: rank " + strconv.Itoa(root) + " in the centre, the others around it"
	case KindBinomial:
		pl.binomial(sp)
	case KindDoubleTree:
		pl.doubleTree(sp)
	case KindNodes:
		pl.nodes(p, gpusPerNode)
	default:
		pl.circle(p, nil)
		pl.Describe = "ranks on a circle; each message is a chord"
	}
	return pl, nil
}

// centre is the star's centre: the root of a rooted collective, else rank 0
// (naive AllReduce, AllGather and ReduceScatter gather to rank 0).
func centre(sp prim.Spec) int {
	if sp.Collective.Rooted() {
		return sp.Root
	}
	return 0
}

// top is the first y below the title band; middle the centre of the rest.
func (pl *Placement) top() float64 { return headerHeight + 8 }
func (pl *Placement) middle() chart.Pt {
	return chart.Pt{X: float64(pl.Width) / 2, Y: (float64(pl.Height) + headerHeight) / 2}
}

// circle places ranks order (nil = 0…n−1) clockwise on a circle, the first
// at the top, as slots of group 0; Index gets room for every rank.
func (pl *Placement) circle(n int, order []int) {
	total := n
	if order != nil {
		total = n + 1 // the star's centre is added by the caller
	}
	pl.Index = [][]int{make([]int, max(total, 1))}
	c := pl.middle()
	radius := math.Max(10, math.Min(float64(pl.Width), float64(pl.Height)-headerHeight)/2-40)
	pl.R = math.Max(3, math.Min(18, math.Pi*radius/float64(max(n, 1))*0.7))
	for i := 0; i < n; i++ {
		r := i
		if order != nil {
			r = order[i]
		}
		at := c
		if n > 1 || order != nil {
			sin, cos := math.Sincos(2 * math.Pi * float64(i) / float64(n))
			at = chart.Pt{X: c.X + radius*sin, Y: c.Y - radius*cos}
		}
		pl.Index[0][r] = len(pl.Slots)
		pl.Slots = append(pl.Slots, Slot{Rank: r, At: at})
	}
}

// binomial draws the binomial tree as a tidy tree: row = depth (the number
// of set bits of the relative rank v = (r − root) mod P, since a parent is v
// without one set bit), column = depth-first preorder, so every subtree
// owns a contiguous run of columns and no two links cross. The drawn tree's
// parent is v − (highest bit of v) for Broadcast (round j sends v → v + 2^j)
// and v − (lowest bit of v) for Reduce, Scatter and Gather; AllReduce
// (Reduce then Broadcast at rank 0) is placed by its Reduce tree and links
// both trees' parents.
func (pl *Placement) binomial(sp prim.Spec) {
	p := sp.Ranks
	root := 0
	if sp.Collective.Rooted() {
		root = sp.Root
	}
	high := func(v int) int { return v - 1<<(bits.Len(uint(v))-1) }
	low := func(v int) int { return v - v&-v }
	parent := low
	if sp.Collective == prim.Broadcast {
		parent = high
	}
	children := make([][]int, p)
	for v := 1; v < p; v++ {
		children[parent(v)] = append(children[parent(v)], v)
	}
	col := make([]int, p)
	stack, next := []int{0}, 0
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		col[v] = next
		next++
		for i := len(children[v]) - 1; i >= 0; i-- { // visit children in ascending order
			stack = append(stack, children[v][i])
		}
	}
	rows := bits.Len(uint(p-1)) + 1
	m := 20.0
	colW := (float64(pl.Width) - 2*m) / float64(p)
	rowH := (float64(pl.Height) - pl.top() - m) / float64(rows)
	pl.R = math.Max(3, math.Min(14, math.Min(colW*0.42, rowH*0.3)))
	pl.Index = [][]int{make([]int, p)}
	for v := 0; v < p; v++ {
		r := (root + v) % p
		at := chart.Pt{X: m + (float64(col[v])+0.5)*colW, Y: pl.top() + (float64(bits.OnesCount(uint(v)))+0.5)*rowH}
		pl.Index[0][r] = len(pl.Slots)
		pl.Slots = append(pl.Slots, Slot{Rank: r, At: at})
	}
	seen := map[[2]int]bool{}
	link := func(v, parent int) {
		k := [2]int{pl.Index[0][(root+parent)%p], pl.Index[0][(root+v)%p]}
		if !seen[k] {
			seen[k] = true
			pl.Links = append(pl.Links, k)
		}
	}
	for v := 1; v < p; v++ {
		link(v, parent(v))
		if sp.Collective == prim.AllReduce {
			link(v, high(v))
		}
	}
	pl.Describe = "a binomial tree rooted at rank " + strconv.Itoa(root) +
		" (row = depth, each subtree in its own run of columns)"
}

// Members is the ranks the double binary tree spans (sched's tree.go): all
// P for AllReduce, else the P−1 ranks after the root in order; and the root
// outside the trees (−1 for AllReduce).
func Members(sp prim.Spec) (members []int, root int) {
	p := sp.Ranks
	if sp.Collective == prim.AllReduce {
		members = make([]int, p)
		for i := range members {
			members[i] = i
		}
		return members, -1
	}
	members = make([]int, p-1)
	for i := range members {
		members[i] = (sp.Root + 1 + i) % p
	}
	return members, sp.Root
}

// TreeRank is the rank at label l (1…len(members)) of tree 0 (A: member
// l−1) or tree 1 (B: member l−2, i.e. A shifted by one), as sched builds them.
func TreeRank(members []int, tree, l int) int {
	nm := len(members)
	if tree == 0 {
		return members[l-1]
	}
	return members[(l-2+nm)%nm]
}

// doubleTree draws tree A in the upper half and tree B in the lower half,
// each in order (label l in column l) with depth as the row; a root outside
// the trees (Broadcast, Reduce) sits at the left between them.
func (pl *Placement) doubleTree(sp prim.Spec) {
	members, root := Members(sp)
	p := sp.Ranks
	pl.Index = [][]int{make([]int, p), make([]int, p)}
	left := 20.0
	if root >= 0 {
		left = 56
		pl.Index[0][root] = len(pl.Slots)
		pl.Index[1][root] = len(pl.Slots)
		pl.Slots = append(pl.Slots, Slot{Rank: root, At: chart.Pt{X: 24, Y: (pl.top() + float64(pl.Height)) / 2}, Group: -1})
	}
	nm := len(members)
	if nm == 0 {
		pl.R = 14
		pl.Describe = "a single rank"
		return
	}
	t := sched.NewInOrderTree(nm)
	height := t.Height[t.Root]
	panel := (float64(pl.Height) - pl.top() - 8) / 2
	colW := (float64(pl.Width) - left - 16) / float64(nm)
	rowH := (panel - 22) / float64(height+1)
	pl.R = math.Max(3, math.Min(13, math.Min(colW*0.42, rowH*0.32)))
	for tree := 0; tree < 2; tree++ {
		y0 := pl.top() + float64(tree)*(panel+8)
		pl.Notes = append(pl.Notes, chart.GraphNote{At: chart.Pt{X: left - 4, Y: y0 + 10}, Text: []string{"tree A", "tree B"}[tree]})
		first := len(pl.Slots)
		for l := 1; l <= nm; l++ {
			r := TreeRank(members, tree, l)
			at := chart.Pt{X: left + (float64(l)-0.5)*colW, Y: y0 + 18 + (float64(t.Depth[l])+0.5)*rowH}
			pl.Index[tree][r] = len(pl.Slots)
			pl.Slots = append(pl.Slots, Slot{Rank: r, At: at, Group: tree})
		}
		for l := 1; l <= nm; l++ {
			if pa := t.Parent[l]; pa != 0 {
				pl.Links = append(pl.Links, [2]int{first + pa - 1, first + l - 1})
			} else if root >= 0 {
				pl.Links = append(pl.Links, [2]int{pl.Index[0][root], first + l - 1})
			}
		}
	}
	pl.Describe = "the double binary tree: tree A (in-order labels 1…N on the ranks in order) above, " +
		"tree B (the same tree shifted by one rank) below"
	if root >= 0 {
		pl.Describe += ", the root " + strconv.Itoa(root) + " at the left feeding both"
	}
}

// nodes draws one box per node (g consecutive ranks each), boxes in a grid,
// the node's GPUs clockwise on a small circle inside its box (so the
// intra-node ring reads as a ring); a slot's Group is its node (one arrow
// group: every rank is drawn once).
func (pl *Placement) nodes(p, g int) {
	k := p / g
	cols := int(math.Ceil(math.Sqrt(float64(k))))
	rows := (k + cols - 1) / cols
	m, gap := 12.0, 10.0
	bw := (float64(pl.Width) - 2*m - float64(cols-1)*gap) / float64(cols)
	bh := (float64(pl.Height) - pl.top() - m - float64(rows-1)*gap) / float64(rows)
	outer := math.Min(bw, bh-16) / 2 // the circle of GPUs with its nodes, below the box label
	pl.R = math.Max(3, math.Min(14, math.Min(outer*0.3, math.Pi*outer/float64(g)*0.6)))
	radius := outer - pl.R - 6
	pl.Index = [][]int{make([]int, p)}
	for node := 0; node < k; node++ {
		x := m + float64(node%cols)*(bw+gap)
		y := pl.top() + float64(node/cols)*(bh+gap)
		pl.Boxes = append(pl.Boxes, chart.GraphBox{X: x, Y: y, W: bw, H: bh, Label: "node " + strconv.Itoa(node)})
		c := chart.Pt{X: x + bw/2, Y: y + 16 + (bh-16)/2}
		for l := 0; l < g; l++ {
			r := node*g + l
			sin, cos := math.Sincos(2 * math.Pi * float64(l) / float64(g))
			pl.Index[0][r] = len(pl.Slots)
			pl.Slots = append(pl.Slots, Slot{Rank: r, At: chart.Pt{X: c.X + radius*sin, Y: c.Y - radius*cos}, Group: node})
		}
	}
	pl.Describe = strconv.Itoa(k) + " nodes of " + strconv.Itoa(g) + " GPUs, one box per node"
}
