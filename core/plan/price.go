package plan

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Row is a Call priced with package cost on the links its group crosses.
// Groups of one family can sit differently (TP 4 on nodes of 6 GPUs); each
// distinct placement is priced and the slowest is the row's (a step waits for
// its slowest group): Shape, Algorithm, TimePerCall and SentPerCall are that
// group's.
type Row struct {
	Call
	Shapes      []Placement `json:"shapes"` // every distinct placement of the family's groups
	Shape       Placement   `json:"shape"`  // the slowest
	Links       []string    `json:"links"`  // link classes the slowest group crosses
	Algorithm   string      `json:"algorithm"`
	AutoChosen  bool        `json:"auto_chosen,omitempty"`
	TimePerCall float64     `json:"time_per_call_s"`
	SentPerCall int64       `json:"sent_per_call_bytes"` // by the busiest rank of the group
	TimeS       float64     `json:"time_per_step_s"`     // Calls · TimePerCall
	SentBytes   int64       `json:"sent_per_step_bytes"` // Calls · SentPerCall
	BytesTotal  int64       `json:"bytes_per_step"`      // Calls · Bytes
	Note        string      `json:"note,omitempty"`
	// NoteMsg is Note as a message (Note is it in English); its ID is ""
	// when the row has no note.
	NoteMsg msg.Message `json:"-"`
}

// params is the cost question of one call on a group of shape sh: a group
// inside one node uses only the intra link, one rank per node only the
// network, k nodes of g ranks each the two-class cluster with g GPUs per
// node; an uneven group is priced as if every hop crossed the network (an
// upper bound), and says so (plan.note.uneven; a zero Message otherwise).
func params(in Input, c Call, sh Placement, a sched.Algorithm) (cost.Params, msg.Message) {
	cl := in.Cluster
	p := cost.Params{Collective: c.Collective, Algorithm: a, Ranks: c.GroupSize, Size: c.Bytes, ElemSize: Elem,
		Efficiency: cl.Efficiency, Bandwidth: cl.Inter.Bandwidth, Latency: cl.Inter.Alpha}
	var note msg.Message
	switch {
	case sh.Nodes == 1:
		p.Bandwidth, p.Latency = cl.Intra.Bandwidth, cl.Intra.Alpha
	case sh.Uneven:
		note = msg.New("plan.note.uneven")
	case sh.PerNode > 1:
		p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = sh.PerNode, cl.Intra.Bandwidth, cl.Intra.Alpha
	}
	if a != sched.Auto && sched.Check(c.Collective, a) != nil {
		p.Algorithm = sched.Auto
	}
	if c.Collective == prim.SendRecv {
		p.Algorithm = sched.Naive
	}
	if onFabric(in, c, sh) {
		p.Fabric = groupFabric(in, c.Group)
	}
	return p, note
}

// price prices c on every shape of its family and keeps the slowest; on a
// switched fabric a shape priced there (onFabric) takes its simulated time
// (pricer.simulate). It also returns the slowest shape's time per call
// without contention (the closed form's, the row of the ideal network).
func (pr *pricer) price(c Call, shapes []Placement) (Row, float64, error) {
	in := pr.in
	r := Row{Call: c, Shapes: shapes}
	first, ideal := true, 0.0
	for _, sh := range shapes {
		p, note := params(in, c, sh, in.Parallel.Algorithm)
		t, alg, err := cost.Quick(p)
		if fe, ok := err.(*fielderr.Error); ok && fe.Field == "bandwidth" && sh.Nodes == 1 {
			err = fielderr.On("intra-bandwidth", fe) // params put the intra link in Bandwidth
		}
		if err != nil {
			return Row{}, 0, err
		}
		time := t.Time()
		ideal = max(ideal, time)
		if p.Fabric.Active() {
			if time, err = pr.simulate(p, c.Group); err != nil {
				return Row{}, 0, err
			}
		}
		if first || time > r.TimePerCall {
			first = false
			r.Shape, r.Links, r.NoteMsg = sh, sh.Classes(), note
			r.Note = ""
			if note.ID != "" {
				r.Note = note.String()
			}
			r.Algorithm, r.AutoChosen = string(alg), p.Algorithm == sched.Auto
			r.TimePerCall, r.SentPerCall = time, t.MaxSent
		}
	}
	r.TimeS = float64(c.Calls) * r.TimePerCall
	r.SentBytes = c.Calls * r.SentPerCall
	r.BytesTotal = c.Calls * c.Bytes
	return r, ideal, nil
}
