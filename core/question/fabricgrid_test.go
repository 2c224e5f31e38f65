package question_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
)

// gridShape is one shape of the boundary grid: a collective and algorithm
// on a fabric, at a size; the ranks are what the budget decides.
type gridShape struct {
	c       prim.Collective
	a       sched.Algorithm
	kind    string
	ratio   float64 // fat-tree and rail
	gpn     int     // GPUs a node (1: one a node)
	quarter bool    // leaves of a quarter of the nodes, else of 16
	size    string
}

func (s gridShape) String() string {
	if s.kind == fabric.Torus {
		return fmt.Sprintf("%s %s torus gpn=%d %s", s.a, s.c, s.gpn, s.size)
	}
	leaf := "16"
	if s.quarter {
		leaf = "¼"
	}
	return fmt.Sprintf("%s %s %s %g:1 gpn=%d leaves=%s %s", s.a, s.c, s.kind, s.ratio, s.gpn, leaf, s.size)
}

// at is the question of shape s on nodes nodes, read as the API reads it.
func (s gridShape) at(nodes int) (cost.Params, error) {
	m := map[string]string{"collective": string(s.c), "algorithm": string(s.a), "ranks": fmt.Sprint(nodes * s.gpn),
		"size": s.size, "fabric": s.kind}
	if s.gpn > 1 {
		m["gpus-per-node"] = fmt.Sprint(s.gpn)
	}
	if s.kind != fabric.Torus {
		m["oversubscription"] = fmt.Sprint(s.ratio)
		m["leaf-nodes"] = "16"
		if s.quarter {
			m["leaf-nodes"] = fmt.Sprint(max(1, nodes/4))
		}
	}
	return question.CostParams(field.Map(m))
}

// linkRule is the work a simulation is allowed per message and link as
// docs/limits.md states it: on a fat-tree or rail fabric 64 units at a
// ratio R ≤ 1, 256 at R ≤ 2, 1,024 at R ≤ 4, 5,120 at R ≤ 64 and R/64
// times that beyond; 2,048 on a torus.
func linkRule(kind string, r float64) float64 {
	switch {
	case kind == fabric.Torus:
		return 2048
	case r <= 1:
		return 64
	case r <= 2:
		return 256
	case r <= 4:
		return 1024
	}
	return 5120 * math.Max(1, r/64)
}

// ceilingRule is the most work per message and link a schedule's
// simulation is allowed on any fabric, as docs/limits.md lists it per
// algorithm and collective.
var ceilingRule = map[string]float64{
	"naive sendrecv":  64,
	"naive broadcast": 64, "ring broadcast": 128, "tree broadcast": 5120, "binomial broadcast": 64, "scatter_allgather broadcast": 2048,
	"naive scatter": 64, "binomial scatter": 64,
	"naive gather": 64, "binomial gather": 64,
	"naive reduce": 64, "ring reduce": 128, "tree reduce": 5120, "binomial reduce": 64, "rabenseifner reduce": 5120,
	"naive allreduce": 64, "ring allreduce": 128, "tree allreduce": 1024, "binomial allreduce": 64,
	"recursive_doubling allreduce": 5120, "rabenseifner allreduce": 5120, "hierarchical allreduce": 64,
	"naive reducescatter": 64, "ring reducescatter": 128, "recursive_halving reducescatter": 512, "pairwise reducescatter": 2048,
	"naive allgather": 64, "ring allgather": 128, "recursive_doubling allgather": 5120, "bruck allgather": 4096,
	"naive alltoall": 128, "pairwise alltoall": 2048, "bruck alltoall": 128,
}

// scheduleRule is the work a simulation of algorithm a's collective c is
// allowed per message and link by the documented rule: linkRule, at most
// the schedule's ceilingRule (R/64 times it past 64:1).
func scheduleRule(c prim.Collective, a sched.Algorithm, kind string, r float64) float64 {
	return math.Min(linkRule(kind, r), ceilingRule[fmt.Sprintf("%s %s", a, c)]*math.Max(1, r/64))
}

// ruleFits reports whether p is within the budget of one request by the
// documented rule, derived here from its parts: at most budget.Flows
// transfers (the schedule's bound) and budget.RouteLinks route links
// (cost.FabricSize), and cost.SetupWork per transfer plus scheduleRule
// per transfer and link of the longest route at most budget.FabricWork.
func ruleFits(p cost.Params) bool {
	if p.Validate() != nil {
		return false
	}
	q, err := cost.Concrete(p)
	if err != nil {
		return false
	}
	n := float64(cost.TransferBound(q))
	spec := p.Fabric.Normal(p.Ranks / max(p.GPUsPerNode, 1))
	_, links, err := cost.FabricSize(p)
	if err != nil || n > budget.Flows || links > budget.RouteLinks {
		return false
	}
	return n*(cost.SetupWork+float64(spec.MaxHops())*scheduleRule(q.Collective, q.Algorithm, spec.Kind, spec.Oversubscription)) <= budget.FabricWork
}

// boundary is the largest question of shape s the documented rule admits
// (in whole nodes, 2 to 4,096 ranks), and whether it admits one.
func boundary(s gridShape) (cost.Params, bool) {
	fits := func(nodes int) bool {
		p, err := s.at(nodes)
		return err == nil && ruleFits(p)
	}
	lo, hi := 2, 4096/s.gpn
	if !fits(lo) {
		return cost.Params{}, false
	}
	for lo < hi {
		if m := lo + (hi-lo+1)/2; fits(m) {
			lo = m
		} else {
			hi = m - 1
		}
	}
	p, _ := s.at(lo)
	return p, true
}

// simulateAdmitted simulates p's schedule on its fabric as a request does
// (the schedule cost.Evaluate builds, the work cap it grants) and returns
// the work spent, the cap, the links of the messages' longest routes
// together (transfers × the fabric's MaxHops, what the cap is counted per)
// and the simulation's error.
func simulateAdmitted(t testing.TB, p cost.Params) (work, limit, links int64, err error) {
	t.Helper()
	q, err := cost.Concrete(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cost.ScheduleOf(q, cost.FabricTransfers)
	if err != nil {
		return 0, 0, 0, err
	}
	net := fabric.Build(p.Fabric, p.Cluster())
	limit = net.WorkCap(q.Collective, q.Algorithm, int64(s.Transfers()))
	r, err := fabric.Simulate(s, p.ElemSize, net, p.Gamma, limit)
	return r.Work, limit, int64(s.Transfers()) * int64(net.Spec.MaxHops()), err
}

// checkBoundary checks the largest question of s the documented rule
// admits: the API admits it (question.CheckFabricBudget) and refuses one
// node more where the rule does, and its simulation ends within half its
// work cap — the margin the cap was set with. It returns the question,
// the work its simulation spent, its cap and the links it is counted per
// (simulateAdmitted); ok false when the rule admits no rank count.
func checkBoundary(t testing.TB, s gridShape) (p cost.Params, work, limit, links int64, ok bool) {
	t.Helper()
	if p, ok = boundary(s); !ok {
		if q, err := s.at(2); err == nil && question.CheckFabricBudget(q) == nil {
			t.Errorf("%v: the rule admits no rank count, the API admits 2 nodes", s)
		}
		return p, 0, 0, 0, false
	}
	if err := question.CheckFabricBudget(p); err != nil {
		t.Errorf("%v: %d ranks, within the documented rule, refused: %v", s, p.Ranks, err)
	}
	nodes := p.Ranks / s.gpn
	if next, err := s.at(nodes + 1); err == nil && nodes < 4096/s.gpn && !ruleFits(next) && question.CheckFabricBudget(next) == nil {
		t.Errorf("%v: %d ranks, over the documented rule, admitted", s, next.Ranks)
	}
	work, limit, links, err := simulateAdmitted(t, p)
	if err != nil || 2*work > limit {
		t.Errorf("%v: %d ranks admitted: %d units of work of its cap %d (%v)", s, p.Ranks, work, limit, err)
	}
	return p, work, limit, links, true
}

// TestAdmittedFabricQuestionsFinish: the largest question the budget
// admits, by the documented rule, of the shapes that spent the most work
// per message and link in the full grid (go tool task fabric:grid;
// docs/performance.md) — a tree's AllReduce at 1:1 and 2:1, recursive
// doubling on a rail fabric at 3:1, pairwise ReduceScatter on a rail
// fabric at 4:1 with an uneven last leaf, Bruck's AllGather at 64:1, and
// on tori pairwise ReduceScatter, pairwise AllToAll and Bruck's AllGather
// — and of the schedules held to a ceiling below the fabric's allowance,
// at the boundaries their ceilings admit, the shape that spent the most
// of it — ring AllReduce on a rail fabric at 16:1, naive AllToAll at
// 64:1, Bruck's AllToAll at 32:1, pairwise AllToAll on a rail fabric at
// 12:1 — with ring AllReduce at 8:1 and on a torus and a tree's AllReduce
// at 8:1, is admitted by the API, one node more is refused, and its
// simulation ends within half its work cap: no admitted question of
// these shapes fails on the cap.
func TestAdmittedFabricQuestionsFinish(t *testing.T) {
	for _, s := range []gridShape{
		{prim.AllReduce, sched.Tree, fabric.FatTree, 1, 1, false, "256MiB"},
		{prim.AllReduce, sched.Tree, fabric.FatTree, 2, 1, false, "256MiB"},
		{prim.AllReduce, sched.RecursiveDoubling, fabric.Rail, 3, 8, false, "256MiB"},
		{prim.ReduceScatter, sched.Pairwise, fabric.Rail, 4, 8, true, "256MiB"},
		{prim.AllGather, sched.Bruck, fabric.FatTree, 64, 1, false, "256MiB"},
		{prim.ReduceScatter, sched.Pairwise, fabric.Torus, 1, 1, false, "256MiB"},
		{prim.AllToAll, sched.Pairwise, fabric.Torus, 1, 8, false, "256MiB"},
		{prim.AllGather, sched.Bruck, fabric.Torus, 1, 8, false, "256MiB"},
		{prim.AllReduce, sched.Ring, fabric.Rail, 16, 8, true, "256MiB"},
		{prim.AllToAll, sched.Naive, fabric.FatTree, 64, 1, true, "1MiB"},
		{prim.AllToAll, sched.Bruck, fabric.FatTree, 32, 1, false, "1MiB"},
		{prim.AllToAll, sched.Pairwise, fabric.Rail, 12, 8, true, "256MiB"},
		{prim.AllReduce, sched.Ring, fabric.FatTree, 8, 8, false, "256MiB"},
		{prim.AllReduce, sched.Ring, fabric.Torus, 1, 8, false, "256MiB"},
		{prim.AllReduce, sched.Tree, fabric.FatTree, 8, 1, false, "256MiB"},
	} {
		if _, _, _, _, ok := checkBoundary(t, s); !ok {
			t.Errorf("%v: no rank count admitted", s)
		}
	}
}
