package crossface

// This file is the one adapter between the tests and the playground's view
// model (package ui): every question asked of the playground goes through
// it, so a change to ui's methods is mended here alone.

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/doctor"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/ui"
)

// playground is the playground's page for one URL, read natively as the
// browser's components read it (English page): the question's state and
// the views, each with its own state (ui.App).
type playground struct {
	s *ui.State
	a *ui.App
}

// askPlayground opens the playground at ?query: ui.NewState reads the URL
// as the page does and, as on the first page, completes the answer (the
// executed schedule's cost included); ui.NewApp makes the views, which
// read their own fields (the sweep, the planner's) from the same URL; the
// simulation on a fabric a view leaves to the page's worker (the planner's
// plan on its fabric) is then run to its end, as the worker runs it in
// slices.
func askPlayground(query string) playground {
	s := ui.NewState(query, "en")
	a := ui.NewApp(s)
	for j := a.FabricJob(); j != nil; j = a.FabricJob() {
		j.Advance(math.MaxInt64, nil)
		if !a.SettleFabric(j) {
			panic("crossface: a view refused its own simulation")
		}
	}
	return playground{s, a}
}

// refusal is the cost field the page marks as wrong and its message
// ("", "" when the question is valid).
func (p playground) refusal() (field, msg string) { return p.s.Field, p.s.Err }

// cost is the answer behind the timing view (and the other views).
func (p playground) cost() cost.Result { return p.s.R }

// ledger is the byte-ledger view's data, as its JSON export gives it, or
// the reason the view shows no ledger.
func (p playground) ledger() (*ledger, string) {
	if why := p.a.Ledger.LedgerReason(); why != "" {
		return nil, why
	}
	var l ledger
	if err := json.Unmarshal([]byte(p.a.Ledger.LedgerJSON()), &l); err != nil {
		return nil, "the ledger's JSON export does not decode: " + err.Error()
	}
	return &l, ""
}

// crossovers are the sizes the time-vs-size chart marks, where the cheapest
// algorithm changes, exact to the byte; the rows under the chart group
// them (a near tie is one row), and every crossover belongs to one row.
func (p playground) crossovers() ([]crossover, error) {
	var out []crossover
	for _, x := range p.a.Charts.Crossovers() {
		out = append(out, crossover{SizeBytes: x.SizeBytes, From: string(x.From), To: string(x.To)})
	}
	rows := p.a.Charts.CrossoverRows()
	if len(out) > 0 && (len(rows) == 0 || len(rows) > len(out)) {
		return nil, fmt.Errorf("%d crossovers shown in %d rows", len(out), len(rows))
	}
	if out == nil && p.a.Charts.NoCrossover() == "" {
		return nil, fmt.Errorf("the charts view shows neither crossovers nor 'no crossover' (chart error: %q)", p.a.Charts.ChartsErr())
	}
	return out, nil
}

// chartMinBytes and chartMaxBytes are the size range of the playground's
// time-vs-size chart: 4 B to 4 GiB (further only to reach loaded measurements, which these tests
// never load).
const chartMinBytes, chartMaxBytes = 4, 4 << 30

// table is the nccl-tests view's table for the sweep given in the URL
// (minbytes, maxbytes, stepfactor), from its JSON export, or the view's
// error.
func (p playground) table() ([]cost.Row, string) {
	if e := p.a.Nccl.NCCLErr(); e != "" {
		return nil, e
	}
	for _, f := range ui.SweepFields {
		if e := p.a.Nccl.SweepErr(f); e != "" {
			return nil, e
		}
	}
	var rows []cost.Row
	if err := json.Unmarshal([]byte(p.a.Nccl.NCCLJSON()), &rows); err != nil {
		return nil, "the table's JSON export does not decode: " + err.Error()
	}
	return rows, ""
}

// planQuery turns the CLI's plan flags into the playground's URL keys
// (plan.<flag>).
func planQuery(query string) string {
	var out []string
	for _, kv := range strings.Split(query, "&") {
		if kv != "" {
			out = append(out, "plan."+kv)
		}
	}
	return strings.Join(out, "&")
}

// planViewHas reports whether the planner view edits field (it takes
// links as presets, without bandwidth or efficiency fields).
func planViewHas(field string) bool { return slices.Contains(ui.PlanFields, field) }

// planRefusal is the planner field the view marks as wrong and its message
// ("", "" when the plan is valid).
func (p playground) planRefusal() (field, msg string) {
	for _, f := range ui.PlanFields {
		if m := p.a.Plan.PlanErrFor(f); m != "" {
			return f, m
		}
	}
	return "", p.a.Plan.PlanErr()
}

// planTotals are the planner's totals as the view shows them, by id:
// "pl-t-<strategy>" (bytes · time per step), pl-compute, pl-bubble,
// pl-comm, pl-step.
func (p playground) planTotals() map[string]string {
	out := map[string]string{}
	for _, kv := range p.a.Plan.PlanTotals() {
		out[kv.ID] = kv.Value
	}
	return out
}

// The planner view rounds for display: bytes with units.FormatBytes
// (decimal units, three significant figures) and times with
// cost.FormatSeconds (four significant figures), as `ccplay plan` prints
// them. showBytes and showSecs are those formats, so the exact numbers of
// the other faces can be compared with what the view shows.
func showBytes(b int64) string            { return units.FormatBytes(float64(b), false) }
func showSecs(s float64) string           { return cost.FormatSeconds(s) }
func showTotal(b int64, s float64) string { return showBytes(b) + " · " + showSecs(s) }

// planRows are the collective rows of the planner view, as shown; column 5
// is the calls per step (an integer, not rounded).
func (p playground) planRows() [][]string { return p.a.Plan.PlanRows() }

// planCallsColumn is the index of the calls-per-step column of planRows.
const planCallsColumn = 5

// planText is the plan as the view's "export as text" saves it.
func (p playground) planText() string {
	var text string
	p.s.Download = func(_, _, data string) { text = data }
	p.a.Plan.ExportPlanText()
	p.s.Download = nil
	return text
}

// doctorAnswer asks the playground's "check my log" view about a log with
// the CLI's options (typed into its fields, the forced algorithm and
// protocol picked among the choices it offers, the buffer typed, the log pasted and
// checked): the JSON its "Download JSON" saves and the verdict line it
// shows ("" and a reason when the view does not offer a choice).
func doctorAnswer(log []byte, o doctor.Options) (answer, verdict string) {
	d := askPlayground("view=doctor&lang=en").a.Doctor
	d.SetOption("system", o.System)
	if o.Ranks != 0 {
		d.SetOption("ranks", strconv.Itoa(o.Ranks))
	}
	d.SetOption("collective", o.Collective)
	for _, k := range []struct {
		field, value string
		offered      []ui.Option
	}{{"nccl-algo", o.NCCLAlgo, d.AlgoOptions()}, {"nccl-proto", o.NCCLProto, d.ProtoOptions()}} {
		if !slices.ContainsFunc(k.offered, func(c ui.Option) bool { return c.Value == k.value }) {
			return "", fmt.Sprintf("the view offers no %s choice %q", k.field, k.value)
		}
		d.SetOption(k.field, k.value)
	}
	d.SetOption("nccl-buffsize", o.NCCLBuffSize)
	d.SetPaste(string(log))
	d.CheckPaste()
	return d.AnswerJSON(), d.Verdict()
}

// doctorRegimes asks the view about a log with nothing but the log (pasted
// and checked) and returns its regimes table as shown (cells in the CLI's
// column order) and the note under its rows table (each regime's range,
// then where each departs).
func doctorRegimes(log []byte) (cells [][]string, note string) {
	d := askPlayground("view=doctor&lang=en").a.Doctor
	d.SetPaste(string(log))
	d.CheckPaste()
	for _, g := range d.Regimes() {
		cells = append(cells, g.Cells)
	}
	return cells, d.DepartsNote()
}
