package plan

import (
	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// FabricEffect is what a switched fabric (Cluster.Fabric) does to a plan:
// the fabric with its defaults filled in, and each row priced on it — the
// DP, ZeRO and EP calls of groups that span nodes — with its time per step
// without contention and on the fabric. Every group is simulated alone on
// a fabric of its own nodes at the same oversubscription (groupFabric):
// the families' groups run at once and alike, so each has its share of a
// leaf's uplinks, the ratio R unchanged.
type FabricEffect struct {
	Kind             string  `json:"kind"`
	Node             string  `json:"node"`
	Oversubscription float64 `json:"oversubscription,omitempty"`
	LeafNodes        int     `json:"leaf_nodes,omitempty"`
	Tiers            int     `json:"tiers,omitempty"`
	PodLeaves        int     `json:"pod_leaves,omitempty"`
	// Rows are the rows simulated on the fabric, in the plan's order.
	Rows []FabricRow `json:"rows"`
	// IdealCommS is the plan's communication time without contention
	// (Result.CommS on the ideal network).
	IdealCommS float64 `json:"ideal_comm_s"`
}

// FabricRow is one row of a plan priced on its fabric.
type FabricRow struct {
	Row        int             `json:"row"` // index in Result.Rows
	Strategy   string          `json:"strategy"`
	Phase      string          `json:"phase"`
	What       string          `json:"what"`
	Collective prim.Collective `json:"collective"`
	Group      string          `json:"group"`
	IdealS     float64         `json:"ideal_time_per_step_s"`
	TimeS      float64         `json:"time_per_step_s"`
	// Slowdown is TimeS ÷ IdealS (cost.Slowdown).
	Slowdown float64 `json:"slowdown"`
}

// onFabric reports whether the call c on a group of shape sh is simulated
// on the plan's fabric: data-parallel gradients (DP, ZeRO) and MoE's
// AllToAll (EP) whose group spans nodes. TP, SP and PP keep their closed
// forms.
func onFabric(in Input, c Call, sh Placement) bool {
	if !in.Cluster.Fabric.Active() || sh.Nodes < 2 {
		return false
	}
	switch c.Strategy {
	case StratDP, StratZero, StratEP:
		return true
	}
	return false
}

// groupFabric is the fabric a group of the family group is simulated on
// alone: the plan's, with leaves (or rail groups) of L ÷ s of the group's
// nodes (at least 1) when its consecutive members sit s nodes apart (a
// rank stride of s·g), so the group has its nodes' share of each leaf's
// uplinks — L·g·B/R shared by the s·g/k groups whose k ranks a node holds
// is L/s·k·B/R — and the same fraction of its pairs under one leaf.
func groupFabric(in Input, group string) fabric.Spec {
	s := in.Cluster.Fabric
	if s.Kind != fabric.FatTree && s.Kind != fabric.Rail {
		return s
	}
	g := in.Cluster.GPUsPerNode
	tp, pp, dp, ep, edp := newGrid(in.Parallel, g).groups(in.Parallel)
	stride := 0
	for _, x := range []Group{tp, pp, dp, ep, edp} {
		if x.Name == group {
			stride = x.Stride
		}
	}
	if stride >= g && stride%g == 0 {
		s.LeafNodes = max(1, s.Normal(in.Cluster.Nodes).LeafNodes/(stride/g))
	}
	return s
}

// groupField names the plan field that sets a group's size: ep for EP
// groups, dp for the data-parallel ones.
func groupField(group string) string {
	if group == "ep" {
		return "ep"
	}
	return "dp"
}

// simKey is what a simulation of one group's call depends on within a plan.
type simKey struct {
	c     prim.Collective
	a     sched.Algorithm
	ranks int
	size  int64
	gpn   int
	leaf  int // the group's leaves (groupFabric)
}

func keyOf(p cost.Params) simKey {
	return simKey{p.Collective, p.Algorithm, p.Ranks, p.Size, p.GPUsPerNode, p.Fabric.LeafNodes}
}

// pricer prices a plan's calls, taking each distinct call's time on the
// fabric from sims (Run simulates them before the pricing).
type pricer struct {
	in   Input
	sims map[simKey]simulated
}

// simulated is one call's time on its fabric, or why it has none.
type simulated struct {
	t   float64
	err error
}

func newPricer(in Input) *pricer { return &pricer{in: in, sims: map[simKey]simulated{}} }

// simulate is p's time on its fabric (cost.FabricTime, simulated by Run
// before the pricing; at once if it was not), a refusal naming the field
// of the group (groupField) that makes it large.
func (pr *pricer) simulate(p cost.Params, group string) (float64, error) {
	k := keyOf(p)
	x, ok := pr.sims[k]
	if !ok {
		x.t, _, _, x.err = cost.FabricTime(p)
		pr.sims[k] = x
	}
	err := x.err
	if fe, ok := err.(*fielderr.Error); ok && fe.Field == "ranks" {
		err = fielderr.On(groupField(group), fe)
	}
	if err != nil {
		return 0, err
	}
	return x.t, nil
}

// fabricCall is a cost question a plan simulates on its fabric, with the
// family of the group that makes it.
type fabricCall struct {
	p     cost.Params
	group string
}

// fabricCalls are the distinct cost questions a plan simulates on its
// fabric, in pricing order: every shape priced there (onFabric) of every
// call, once per simKey. O(calls · shapes).
func fabricCalls(in Input, calls []Call, shapes map[string][]Placement) []fabricCall {
	seen := map[simKey]bool{}
	var out []fabricCall
	for _, c := range calls {
		for _, sh := range shapes[c.Group] {
			if !onFabric(in, c, sh) {
				continue
			}
			p, _ := params(in, c, sh, in.Parallel.Algorithm)
			if k := keyOf(p); !seen[k] {
				seen[k] = true
				out = append(out, fabricCall{p, c.Group})
			}
		}
	}
	return out
}

// fabricWork is what simulating the calls of a plan on its fabric holds
// and may cost before it runs: cost.FabricSize of each distinct call and
// shape priced there, summed, and the field of the group holding the most
// transfers; and cost.FabricWork of each, summed (math.MaxInt64 where the
// sum overflows), and the field of the group whose calls may cost the
// most. Calls the pricing refuses count nothing (the pricing reports
// them). O(calls · shapes).
func fabricWork(in Input, calls []Call, shapes map[string][]Placement) (size fabricLoad, work int64, workField string) {
	var most int64
	perGroup := map[string]int64{}
	for _, x := range fabricCalls(in, calls, shapes) {
		n, l, err := cost.FabricSize(x.p)
		if err != nil {
			continue
		}
		size.transfers, size.links = size.transfers+n, size.links+l
		if n > most {
			most, size.field = n, groupField(x.group)
		}
		w, err := cost.FabricWork(x.p)
		if err != nil {
			continue
		}
		f := groupField(x.group)
		perGroup[f] = budget.Add(perGroup[f], w)
		work = budget.Add(work, w)
		if workField == "" || perGroup[f] > perGroup[workField] {
			workField = f
		}
	}
	return size, work, workField
}

// fabricLoad is the transfers a plan's simulations hold, the links of
// their routes, and the field of the group holding the most transfers.
type fabricLoad struct {
	transfers, links int64
	field            string
}

// checkWork refuses, before any simulation, a plan whose calls on the
// fabric may simulate more than maxTransfers transfers or maxLinks route
// links together, on the field of the largest group, or (maxWork > 0)
// cost more than maxWork units of work together (cost.FabricWork summed),
// on the field of the group that may cost the most; with the error
// refuse makes (a *fielderr.Error, or a face's budget error).
func checkWork(in Input, calls []Call, shapes map[string][]Placement, maxTransfers, maxLinks, maxWork int64,
	refuse func(field string, id msg.ID, args ...any) error) error {
	size, work, workField := fabricWork(in, calls, shapes)
	switch {
	case size.transfers > maxTransfers:
		return refuse(size.field, "plan.fabric.too-large", size.transfers, maxTransfers)
	case size.links > maxLinks:
		return refuse(size.field, "fabric.paths", size.links, maxLinks)
	case maxWork > 0 && work > maxWork:
		return refuse(workField, "plan.fabric.budget", work, maxWork)
	}
	return nil
}

// effect is the FabricEffect of the result r on fabric s, whose rows
// without contention took ideal[i] per call.
func effect(r Result, s fabric.Spec, ideal []float64, idealComm float64) *FabricEffect {
	n := s.Normal(r.Input.Cluster.Nodes)
	e := &FabricEffect{Kind: n.Kind, Node: n.Node, IdealCommS: idealComm, Rows: []FabricRow{}}
	switch n.Kind {
	case fabric.FatTree, fabric.Rail:
		e.Oversubscription, e.LeafNodes = n.Oversubscription, n.LeafNodes
		if n.Kind == fabric.FatTree {
			e.Tiers = n.Tiers
			if n.Tiers == 3 {
				e.PodLeaves = n.PodLeaves
			}
		}
	}
	for i, row := range r.Rows {
		simulated := false
		for _, sh := range row.Shapes {
			simulated = simulated || onFabric(r.Input, row.Call, sh)
		}
		if !simulated {
			continue
		}
		id := float64(row.Calls) * ideal[i]
		e.Rows = append(e.Rows, FabricRow{Row: i, Strategy: row.Strategy, Phase: row.Phase, What: row.What, Collective: row.Collective,
			Group: row.Group, IdealS: id, TimeS: row.TimeS, Slowdown: cost.Slowdown(row.TimeS, id)})
	}
	return e
}

// FabricSize is what simulating the plan of in on its switched fabric holds
// before it runs (a face's budget counts it): the transfers of every
// distinct call priced there and the links of their routes, summed, and
// the field (dp or ep) of the group holding the most transfers. Zero on
// the ideal network. O(World + layers + rows · shapes).
func FabricSize(in Input) (transfers, links int64, field string, err error) {
	if err := in.Validate(); err != nil {
		return 0, 0, "", err
	}
	if !in.Cluster.Fabric.Active() {
		return 0, 0, "", nil
	}
	_, calls, shapes := layout(in)
	size, _, _ := fabricWork(in, calls, shapes)
	return size.transfers, size.links, size.field, nil
}

// FabricWork is what simulating the plan of in on its switched fabric may
// cost before it runs, in the simulation's units (a face's budget counts
// it): cost.FabricWork of every distinct call priced there, summed — each
// simulation stops at its work cap, so the plan's never spend more — and
// the field (dp or ep) of the group whose calls may cost the most. Zero on
// the ideal network. O(World + layers + rows · shapes).
func FabricWork(in Input) (work int64, field string, err error) {
	if err := in.Validate(); err != nil {
		return 0, "", err
	}
	if !in.Cluster.Fabric.Active() {
		return 0, "", nil
	}
	_, calls, shapes := layout(in)
	_, work, field = fabricWork(in, calls, shapes)
	return work, field, nil
}

// CheckBudget refuses, before any simulation, with a *budget.Error on a
// group's field (dp or ep), a plan whose simulations on its fabric may
// together take more than budget.Flows transfers or budget.RouteLinks
// route links (FabricSize; the field of the group holding the most
// transfers), or cost more than budget.FabricWork units of work, about a
// second of CPU (FabricWork; the field of the group that may cost the
// most): what a face answering for someone else admits. Plans Validate
// refuses pass through, for Plan to report.
func CheckBudget(in Input) error {
	if in.Validate() != nil || !in.Cluster.Fabric.Active() {
		return nil
	}
	_, calls, shapes := layout(in)
	return checkWork(in, calls, shapes, budget.Flows, budget.RouteLinks, budget.FabricWork, budget.New)
}

// CheckSize is CheckBudget without its work budget: it refuses a plan
// whose simulations may hold more than budget.Flows transfers or
// budget.RouteLinks route links, what a simulation keeps in memory. For
// the playground: the browser simulates on its visitor's own CPU, in
// slices, and a server's render counts the work it spends against its
// own budget as it runs.
func CheckSize(in Input) error {
	if in.Validate() != nil || !in.Cluster.Fabric.Active() {
		return nil
	}
	_, calls, shapes := layout(in)
	return checkWork(in, calls, shapes, budget.Flows, budget.RouteLinks, 0, budget.New)
}
