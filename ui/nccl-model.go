package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/cost"
)

// NcclModel is the view of NCCL's algorithm × protocol model
// (cost.NCCL, Result.NCCL, present when the model field is "nccl"): the
// tuning table as NCCL_DEBUG_SUBSYS=TUNING prints it, every entry's
// predicted time, the winner and the model's assumptions. It formats what
// the core returns and computes nothing.
type NcclModel struct {
	S *State
}

// ncclFuncNames are NCCL's names of the collectives (ncclFuncStr).
var ncclFuncNames = map[string]string{
	"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
	"broadcast": "Broadcast", "reduce": "Reduce",
}

// NCCLModelOn reports whether the core answered with NCCL's model.
func (c *NcclModel) NCCLModelOn() bool { return c.S.R.NCCL != nil }

// NCCLModelSummary is the one-line answer: collective, size, ranks, NCCL
// version, winner and its time.
func (c *NcclModel) NCCLModelSummary() string {
	s := c.S
	n := s.R.NCCL
	if n == nil {
		return ""
	}
	return s.Tf("m.summary", s.T("coll."+n.Collective), BytesShort(n.SizeBytes), n.Ranks, n.Version, n.Winner, Secs(n.TimeS))
}

// NCCLModelCluster describes the cluster NCCL's model assumed.
func (c *NcclModel) NCCLModelCluster() string {
	s := c.S
	n := s.R.NCCL
	if n == nil {
		return ""
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
	return s.Tf("m.cluster", n.Nodes, n.GPUsPerNode, n.IntraHW, n.Channels, f(n.BwIntraGBs[0]), f(n.BwIntraGBs[1]), f(n.BwInterGBs[0]), f(n.BwInterGBs[1]))
}

// TuningCell is one entry of the TUNING line: "latency/bandwidth" as NCCL
// prints it ("%8.1f/%6.1f", 0.0/0.0 when disabled).
type TuningCell struct {
	ID, Text, Class, Title string
}

// NCCLFuncName is NCCL's name of the question's collective.
func (c *NcclModel) NCCLFuncName() string {
	s := c.S
	if n := s.R.NCCL; n != nil {
		return ncclFuncNames[n.Collective]
	}
	return ""
}

// NCCLTuningCells are the six entries in NCCL's order (Tree LL, LL128,
// Simple, then Ring), the winner's class "win".
func (c *NcclModel) NCCLTuningCells() []TuningCell {
	s := c.S
	n := s.R.NCCL
	if n == nil {
		return nil
	}
	var out []TuningCell
	for _, e := range n.Cells {
		lat, bw := e.LatencyUs, e.AlgBwGBs
		cell := TuningCell{ID: "m-" + e.Algorithm + "-" + e.Protocol, Class: "num"}
		if !e.Enabled {
			lat, bw = 0, 0
			cell.Class, cell.Title = "num off", s.CoreText(e.Reason)
		}
		if e.Algorithm+"/"+e.Protocol == n.Winner {
			cell.Class = "num win"
		}
		cell.Text = strconv.FormatFloat(lat, 'f', 1, 64) + "/" + strconv.FormatFloat(bw, 'f', 1, 64)
		out = append(out, cell)
	}
	return out
}

// PredictRow is one entry's prediction for the question's size.
type PredictRow struct {
	ID, Algorithm, Protocol, Latency, BusBw, AlgBw, Time, Class string
}

// NCCLPredictions are every entry's latency, bandwidths and predicted time
// (ncclTopoGetAlgoTime) for the question's size; disabled entries say why.
func (c *NcclModel) NCCLPredictions() []PredictRow {
	s := c.S
	n := s.R.NCCL
	if n == nil {
		return nil
	}
	gb := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) + " GB/s" }
	var out []PredictRow
	for _, e := range n.Cells {
		r := PredictRow{ID: "mp-" + e.Algorithm + "-" + e.Protocol, Algorithm: e.Algorithm, Protocol: e.Protocol}
		switch {
		case !e.Enabled:
			r.Class, r.Time = "off", s.T("m.disabled")+s.CoreText(e.Reason)
		default:
			r.Latency = strconv.FormatFloat(e.LatencyUs, 'f', 2, 64) + " µs"
			r.BusBw, r.AlgBw, r.Time = gb(e.BusBwGBs), gb(e.AlgBwGBs), cost.FormatSeconds(e.TimeUs*1e-6)
			if e.Algorithm+"/"+e.Protocol == n.Winner {
				r.Class = "win"
			}
		}
		out = append(out, r)
	}
	return out
}

// NCCLModelRows are the winner's numbers and the α-β-γ answer beside them.
func (c *NcclModel) NCCLModelRows() []KV {
	s := c.S
	n := s.R.NCCL
	if n == nil {
		return nil
	}
	return []KV{
		{ID: "m-winner", Label: s.T("m.winner"), Value: n.Winner},
		{ID: "m-time", Label: s.T("t.time"), Value: Secs(n.TimeS)},
		{ID: "m-algbw", Label: s.T("t.algbw"), Value: Rate(n.AlgBwBps)},
		{ID: "m-busbw", Label: s.T("t.busbw"), Value: Rate(n.BusBwBps)},
		{ID: "m-ab", Label: s.T("m.ab"), Value: s.R.Algorithm + " " + Secs(s.R.TimeS)},
	}
}

// NCCLAssumptions are the model's assumptions, as the core states them, in
// the page's language.
func (c *NcclModel) NCCLAssumptions() []string {
	s := c.S
	n := s.R.NCCL
	if n == nil {
		return nil
	}
	out := make([]string, len(n.Assumptions))
	for i, a := range n.Assumptions {
		out[i] = s.CoreText(a)
	}
	return out
}

// NCCLSource names the NCCL source the model follows.
func (c *NcclModel) NCCLSource() string {
	s := c.S
	if n := s.R.NCCL; n != nil {
		return n.Source
	}
	return ""
}

// UseNCCLModel switches the cost model to NCCL's.
func (c *NcclModel) UseNCCLModel() { c.S.SetField("model", "nccl") }

// NCCLVersion is the NCCL release the model follows.
func (c *NcclModel) NCCLVersion() string { return cost.NCCLVersion }
