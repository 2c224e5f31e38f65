package ui

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/topo"
)

// NcclModel is the view of NCCL's algorithm × protocol model (cost.NCCL):
// the winner with the formula of its time and every factor in it, the
// machine as NCCL's search sees it (channels and per-channel speeds), the
// enabled entries' predictions for the question's size (fastest first),
// the disabled ones folded with their reasons, NCCL's TUNING table, and the
// model's assumptions. With the cost model "nccl" it shows Result.NCCL;
// with the α-β model it asks the core for NCCL's answer to the same
// question as a preview, so the view (and its embed) is useful either way.
// It formats what the core returns and computes nothing.
type NcclModel struct {
	S *State
}

// NCCLModelOn reports whether the page's cost model is NCCL's (the core
// answered every view with it).
func (c *NcclModel) NCCLModelOn() bool { return c.S.R.NCCL != nil }

// ncclPreview is the core's NCCL answer the view shows: Result.NCCL, or,
// under the α-β model, cost.NCCL on the same question (cached per
// question), with the error that refuses it.
type ncclPreview struct {
	r   *cost.NCCLResult
	err error
}

func (c *NcclModel) model() ncclPreview {
	s := c.S
	if s.R.NCCL != nil {
		return ncclPreview{r: s.R.NCCL}
	}
	return s.cached("ncclmodel", func() any {
		q := s.P
		q.CostModel = cost.ModelNCCL
		r, err := cost.NCCL(q)
		if err != nil {
			return ncclPreview{err: err}
		}
		return ncclPreview{r: &r}
	}).(ncclPreview)
}

// Has reports whether there is an NCCL answer to show.
func (c *NcclModel) Has() bool { return c.model().r != nil }

// ModelErr is why NCCL's model cannot answer: the model field's error
// under the NCCL model, the core's refusal of the preview otherwise.
func (c *NcclModel) ModelErr() string {
	s := c.S
	if e := s.ErrText("model"); e != "" {
		return e
	}
	if err := c.model().err; err != nil && !c.NCCLModelOn() {
		return s.Tf("nm.refused", s.ErrMsg(err))
	}
	return ""
}

// Cells are the model's 21 entries in NCCL's order.
func (c *NcclModel) Cells() []cost.NCCLCell {
	if r := c.model().r; r != nil {
		return r.Cells
	}
	return nil
}

// NCCLModelSummary is the one-line answer: collective, size, ranks, NCCL
// version, winner and its time.
func (c *NcclModel) NCCLModelSummary() string {
	s := c.S
	n := c.model().r
	if n == nil {
		return ""
	}
	return s.Tf("m.summary", s.CollName(n.Collective), BytesShort(n.SizeBytes), n.Ranks, n.Version, n.Winner, Secs(n.TimeS), Secs(n.Predicted.TimeS))
}

// WinnerFormula is the winner's time with every factor NCCL applies:
// "T = ℓ × f_ℓ + S ÷ (b × f_b) = 131.60 µs × 1.4 + 64 KiB ÷ (213.3 GB/s × 1) = 184.5 µs".
func (c *NcclModel) WinnerFormula() string {
	s := c.S
	n := c.model().r
	if n == nil {
		return ""
	}
	e, ok := n.WinnerCell()
	if !ok {
		return ""
	}
	return "T = ℓ × fℓ + S ÷ (b × fb) = " + us(e.LatencyUs) + " × " + factor(e.LatencyFactor) + " + " + BytesShort(n.SizeBytes) +
		" ÷ (" + gbs(e.AlgBwGBs) + " × " + factor(e.BwFactor) + ") = " + Secs(e.TimeUs*1e-6) + "  (" + s.T("nm.formula.names") + ")"
}

func us(x float64) string     { return strconv.FormatFloat(x, 'f', 2, 64) + " µs" }
func gbs(x float64) string    { return strconv.FormatFloat(x, 'f', 1, 64) + " GB/s" }
func factor(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }

// NCCLModelCluster describes the machine NCCL's model assumed.
func (c *NcclModel) NCCLModelCluster() string {
	s := c.S
	n := c.model().r
	if n == nil {
		return ""
	}
	sys := s.T("nm.nosystem")
	if n.System != "" {
		if t, err := topo.LookupSystem("system", n.System); err == nil {
			sys = n.System + " (" + s.systemLabel(t) + ")"
		}
	}
	return s.Tf("nm.cluster", sys, n.Nodes, n.GPUsPerNode, n.Arch, n.IntraHW, n.Channels)
}

// GraphRows are NCCL's searched patterns: pattern, channels, per-channel
// speed inside a node and across nodes (GB/s).
func (c *NcclModel) GraphRows() [][4]string {
	n := c.model().r
	if n == nil {
		return nil
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
	var out [][4]string
	for _, g := range n.Graphs {
		out = append(out, [4]string{g.Pattern, strconv.Itoa(g.Channels), f(g.BwIntra), f(g.BwInter)})
	}
	return out
}

// MachineNote is one of core's sentences about the machine in the page's
// language; Cite marks the preset's label and source, shown as a
// citation (as published, in English).
type MachineNote struct {
	Text string
	Cite bool
}

// MachineNotes are the core's sentences about the machine (NCCL's rates,
// the preset and its source), rendered from their messages in the page's
// language.
func (c *NcclModel) MachineNotes() []MachineNote {
	n := c.model().r
	if n == nil {
		return nil
	}
	out := make([]MachineNote, len(n.MachineMsgs))
	for i, m := range n.MachineMsgs {
		out[i] = MachineNote{Text: m.In(c.S.Lang), Cite: m.ID == "cost.nccl.machine.source"}
	}
	return out
}

// TuningCell is one entry of the TUNING line: "latency/bandwidth" as NCCL
// prints it ("%8.1f/%6.1f", 0.0/0.0 when disabled).
type TuningCell struct {
	ID, Text, Class, Title string
}

// TuningRow is one algorithm's row of the TUNING table: LL, LL128, Simple.
type TuningRow struct {
	Algorithm, Class string
	Cells            []TuningCell
}

// NCCLFuncName is NCCL's name of the question's collective.
func (c *NcclModel) NCCLFuncName() string {
	if n := c.model().r; n != nil {
		return prim.Collective(n.Collective).Name()
	}
	return ""
}

// NCCLTuningCells are the 21 entries in NCCL's order (each algorithm's LL,
// LL128, Simple), the winner's class "win".
func (c *NcclModel) NCCLTuningCells() []TuningCell {
	s := c.S
	n := c.model().r
	if n == nil {
		return nil
	}
	var out []TuningCell
	for _, e := range n.Cells {
		lat, bw := e.LatencyUs, e.AlgBwGBs
		cell := TuningCell{ID: "m-" + e.Algorithm + "-" + e.Protocol, Class: "num"}
		if !e.Enabled {
			lat, bw = 0, 0
			cell.Class, cell.Title = "num off", e.ReasonMsg.In(s.Lang)
		}
		if e.Enabled && e.Algorithm+"/"+e.Protocol == n.Winner {
			cell.Class = "num win"
		}
		cell.Text = strconv.FormatFloat(lat, 'f', 1, 64) + "/" + strconv.FormatFloat(bw, 'f', 1, 64)
		out = append(out, cell)
	}
	return out
}

// TuningRows are the TUNING table by algorithm (NCCL's order), an
// algorithm with no enabled protocol dimmed.
func (c *NcclModel) TuningRows() []TuningRow {
	cells, all := c.NCCLTuningCells(), c.Cells()
	var out []TuningRow
	for i := 0; i+2 < len(cells); i += 3 {
		row := TuningRow{Algorithm: all[i].Algorithm, Cells: cells[i : i+3], Class: "off"}
		for _, e := range all[i : i+3] {
			if e.Enabled {
				row.Class = ""
			}
		}
		out = append(out, row)
	}
	return out
}

// PredictRow is one enabled entry's prediction for the question's size:
// NCCL's latency ℓ and bandwidth b, the factors of ncclTopoGetAlgoTime and
// the time T = ℓ·fℓ + S ÷ (b·fb).
type PredictRow struct {
	ID, Entry, Latency, LatFactor, LatTitle, Bw, BwFactor, BwTitle, Time, Class string
}

// NCCLPredictions are the enabled entries, fastest first (the winner at
// the top).
func (c *NcclModel) NCCLPredictions() []PredictRow {
	s := c.S
	n := c.model().r
	if n == nil {
		return nil
	}
	var on []cost.NCCLCell
	for _, e := range n.Cells {
		if e.Enabled {
			on = append(on, e)
		}
	}
	sort.SliceStable(on, func(i, j int) bool { return on[i].TimeUs < on[j].TimeUs })
	var out []PredictRow
	for _, e := range on {
		r := PredictRow{ID: "mp-" + e.Algorithm + "-" + e.Protocol, Entry: e.Algorithm + "/" + e.Protocol,
			Latency: us(e.LatencyUs), LatFactor: "× " + factor(e.LatencyFactor), Bw: gbs(e.AlgBwGBs), BwFactor: "× " + factor(e.BwFactor),
			Time: Secs(e.TimeUs * 1e-6)}
		if e.LatencyFactor != 1 {
			r.LatTitle = s.T("nm.plateau")
		}
		if e.BwFactor != 1 {
			r.BwTitle = s.T("nm.correction")
		}
		if e.Algorithm+"/"+e.Protocol == n.Winner {
			r.Class = "win"
		}
		out = append(out, r)
	}
	return out
}

// DisabledCount is how many entries NCCL does not run here.
func (c *NcclModel) DisabledCount() int {
	k := 0
	for _, e := range c.Cells() {
		if !e.Enabled {
			k++
		}
	}
	return k
}

// DisabledGroup is the disabled entries that share a reason.
type DisabledGroup struct{ Entries, Reason string }

// DisabledGroups are the disabled entries grouped by their reason, in
// NCCL's order of first appearance.
func (c *NcclModel) DisabledGroups() []DisabledGroup {
	s := c.S
	var out []DisabledGroup
	idx := map[string]int{}
	var entries [][]string
	for _, e := range c.Cells() {
		if e.Enabled {
			continue
		}
		i, ok := idx[e.Reason]
		if !ok {
			i = len(out)
			idx[e.Reason] = i
			out = append(out, DisabledGroup{Reason: e.ReasonMsg.In(s.Lang)})
			entries = append(entries, nil)
		}
		entries[i] = append(entries[i], e.Algorithm+"/"+e.Protocol)
	}
	for i := range out {
		out[i].Entries = strings.Join(entries[i], ", ")
	}
	return out
}

// NCCLModelRows are the winner's numbers as nccl-tests would print them
// (algbw = S ÷ T, busbw = algbw × factor) from NCCL's tuner estimate, the
// predicted run time (core's NCCLResult.Predicted) and the α-β-γ answer
// beside them.
func (c *NcclModel) NCCLModelRows() []KV {
	s := c.S
	n := c.model().r
	if n == nil {
		return nil
	}
	p := n.Predicted
	rows := []KV{
		{ID: "m-winner", Label: s.T("m.winner"), Value: n.Winner},
		{ID: "m-time", Label: s.T("nm.tuner.time"), Value: Secs(n.TimeS)},
		{ID: "m-algbw", Label: s.T("nm.algbw"), Value: Rate(n.AlgBwBps), Title: s.T("nm.algbw.title")},
		{ID: "m-busbw", Label: s.T("nm.busbw"), Value: Rate(n.BusBwBps)},
		{ID: "m-predicted", Label: s.T("nm.predicted"), Value: Secs(p.TimeS) + " (" + Rate(p.BusBwBps) + ")",
			Title: s.Tf("nm.predicted.title", Secs(p.StartUs*1e-6), Secs(p.FillUs*1e-6), Secs(p.BandwidthUs*1e-6))},
	}
	// Result's own time is the α-β-γ model's under either model (Result.NCCL
	// carries NCCL's).
	rows = append(rows, KV{ID: "m-ab", Label: s.T("m.ab"), Value: s.R.Algorithm + " " + Secs(s.R.TimeS)})
	return rows
}

// NCCLAssumptions are the model's assumptions, as the core states them, in
// the page's language.
func (c *NcclModel) NCCLAssumptions() []string {
	s := c.S
	n := c.model().r
	if n == nil {
		return nil
	}
	out := make([]string, len(n.AssumptionMsgs))
	for i, a := range n.AssumptionMsgs {
		out[i] = a.In(s.Lang)
	}
	return out
}

// NCCLSource names the NCCL source the model follows (a citation, kept in
// English).
func (c *NcclModel) NCCLSource() string {
	if n := c.model().r; n != nil {
		return n.Source
	}
	return ""
}

// UseNCCLModel switches the cost model to NCCL's.
func (c *NcclModel) UseNCCLModel() { c.S.SetField("model", "nccl") }

// NCCLVersion is the NCCL release the model follows.
func (c *NcclModel) NCCLVersion() string { return cost.NCCLVersion }
