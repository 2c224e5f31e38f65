package cost

import (
	"math"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

func sqrt(x float64) float64 { return math.Sqrt(x) }

// treeLimit is the lecture's §5 model of the pipelined (double binary) tree,
// the limit of infinitely many chunks in which only the depth pays α and the
// pipeline streams S through every rank's links:
//
//	AllReduce  2⌈log₂P⌉·α + 2·S·β + S·γ
//	Broadcast  ⌈log₂P⌉·α + S·β        Reduce  ⌈log₂P⌉·α + S·β + S·γ
//
// It is not the cost of any finite schedule (Exact is false): the executed
// schedule with K chunks costs more, and Evaluate reports both. The byte
// ledger summary is exact for sched.buildTree: tree A carries ⌈n/2⌉
// elements, tree B the rest; in AllReduce a non-root interior rank with two
// children sends S + 2⌈n/2⌉.
func treeLimit(c prim.Collective, s shape, m model) Terms {
	t := Terms{}
	p, n := s.p, s.n
	if n == 0 {
		t.Exact = true
		return t
	}
	l := int64(sched.Log2Ceil(int(p)))
	full := s.bytes(n)
	hA := (n + 1) / 2
	reps := int64(1)
	if c == prim.AllReduce {
		reps = 2
	}
	t.Steps = int(reps * l)
	t.Latency = float64(reps*l) * m.alpha
	t.Bandwidth = float64(reps) * full * m.beta
	if c != prim.Broadcast {
		t.Compute = full * m.gamma
	}
	nodes := p // tree members
	if c != prim.AllReduce {
		nodes = p - 1
	}
	switch c {
	case prim.AllReduce:
		t.Total = int64(s.bytes(2 * (nodes - 1) * n))
		switch {
		case nodes >= 4:
			t.MaxSent = int64(s.bytes(n + 2*hA))
		case nodes == 3:
			t.MaxSent = int64(s.bytes(n + hA))
		default:
			t.MaxSent = int64(full)
		}
	case prim.Broadcast:
		t.Total = int64(s.bytes((p - 1) * n))
		t.MaxSent = int64(full)
		if nodes >= 3 {
			t.MaxSent = int64(s.bytes(max(n, 2*hA)))
		}
	case prim.Reduce:
		t.Total = int64(s.bytes((p - 1) * n))
		t.MaxSent = int64(full)
	}
	return t
}

// treeHeight is the height of sched.InOrderTree on the tree's members:
// ⌊log₂N⌋ with N = P (AllReduce) or P−1 (rooted), plus one level for the
// root that feeds (or is fed by) the two trees.
func treeHeight(c prim.Collective, p int64) int64 {
	if c == prim.AllReduce {
		return int64(sched.Log2Floor(int(p)))
	}
	return int64(sched.Log2Floor(int(p-1))) + 1
}

// bestTreeChunks minimises the steady-state price of the executed tree,
// R(K)·(2α + β·S/K) with R(K) = 2(K+H−1) rounds (AllReduce; K+H−1 for the
// rooted ones): K* = √((H−1)·β·S/(2α)), within [1, ⌈n/2⌉].
func bestTreeChunks(c prim.Collective, s shape, m model) int64 {
	maxK := max(1, (s.n+1)/2)
	if m.alpha == 0 {
		return maxK
	}
	h := treeHeight(c, s.p)
	k := int64(math.Round(sqrt(float64(max(h-1, 1)) * m.beta * s.bytes(s.n) / (2 * m.alpha))))
	return min(max(k, 1), maxK)
}

// treeCost is Tree's closed form and formula.
var treeCost = algorithmCost{
	id:   sched.Tree,
	form: treeLimit,
	formula: func(c prim.Collective) Formula {
		f := map[prim.Collective]string{
			prim.AllReduce: "2L·α + 2·S·β + S·γ",
			prim.Broadcast: "L·α + S·β",
			prim.Reduce:    "L·α + S·β + S·γ",
		}[c]
		return form(plainForm(f), srcSanders)
	},
}
