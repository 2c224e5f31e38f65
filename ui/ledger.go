package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/vugu/vugu"
)

// Ledger is the byte-ledger view: the executed schedule's per-rank bytes
// (sim.NewLedger), per phase and in total, the busiest rank, and the check
// that the ledger equals the closed form of the timing view.
type Ledger struct {
	S *State
}

// LedgerMaxTransfers caps the schedules the page builds: beyond it building
// and scanning would take longer than a frame, so the view shows the closed
// form's summary and says why. The CLI's `ccplay run` has no such cap.
const LedgerMaxTransfers = 1 << 21

// LedgerPageSize is the number of ranks per page of the per-rank table
// (Vugu rebuilds the whole tree on every event: the DOM stays small).
const LedgerPageSize = 16

// LedgerData is the ledger of the current question, or why there is none.
type LedgerData struct {
	Sched  *sched.Schedule
	L      *sim.Ledger
	Reason string // why there is no ledger ("" if there is one)
}

// ledgerData builds the schedule the last valid question prices
// (cost.ScheduleOf: auto resolved and the chunk count as the closed form
// chose, gpus-per-node honoured, refused above LedgerMaxTransfers before
// anything is built) and its ledger. Cached per question.
//
// Not inlined: its cached closure would be copied into every caller
// (≈ 3–7 KB of wasm each).
//
//go:noinline
func (s *State) ledgerData() LedgerData {
	return s.cached("ledger", func() any {
		p := s.P
		if p.Ranks > sched.MaxRanks {
			return LedgerData{Reason: s.Tf("l.toomanyranks", p.Ranks, sched.MaxRanks)}
		}
		sc, err := cost.ScheduleOf(p, LedgerMaxTransfers)
		if err != nil {
			return LedgerData{Reason: s.Tf("l.toobig", s.ErrMsg(err))}
		}
		if p.GPUsPerNode > 0 {
			return LedgerData{Sched: sc, L: sim.NewClusterLedger(sc, p.ElemSize, p.GPUsPerNode)}
		}
		return LedgerData{Sched: sc, L: sim.NewLedger(sc, p.ElemSize)}
	}).(LedgerData)
}

// LedgerReason is why the ledger is not shown ("" when it is).
func (s *State) LedgerReason() string { return s.ledgerData().Reason }

// LedgerSummary is what the closed form says about the bytes; shown with or
// without a ledger.
func (s *State) LedgerSummary() []KV {
	r := s.R
	return []KV{
		{ID: "l-sum-sent", Label: s.T("t.sent"), Value: BytesShort(r.BytesSentPerRank), Title: Bytes(r.BytesSentPerRank)},
		{ID: "l-sum-total", Label: s.T("t.total"), Value: BytesShort(r.TotalBytes), Title: Bytes(r.TotalBytes)},
		{ID: "l-sum-steps", Label: s.T("t.steps"), Value: strconv.Itoa(r.Steps)},
	}
}

// Check is one line of the ledger-versus-formula check.
type Check struct {
	ID, Label, Ledger, Formula string
	OK                         bool
	Mark                       string
}

// LedgerChecks compares the executed schedule's ledger with the closed form
// (cost.Evaluate): the busiest rank's bytes sent, the bytes on the wire,
// the rounds and, with GPUs per node, the busiest rank's inter-node bytes. Where the closed form is a limit (tree), the rounds differ
// and the check says so instead of failing.
func (s *State) LedgerChecks() []Check {
	d := s.ledgerData()
	if d.L == nil {
		return nil
	}
	l, r := d.L, s.R
	mk := func(id, key string, a, b int64, show func(int64) string) Check {
		c := Check{ID: id, Label: s.T(key), Ledger: show(a), Formula: show(b), OK: a == b}
		c.Mark = "✓"
		if !c.OK {
			c.Mark = "✗"
		}
		return c
	}
	out := []Check{
		mk("chk-sent", "t.sent", l.Ranks[l.Busiest].Sent, r.BytesSentPerRank, Bytes),
		mk("chk-total", "t.total", l.TotalBytes, r.TotalBytes, Bytes),
		mk("chk-steps", "t.steps", int64(l.Steps), int64(r.Steps), func(v int64) string { return strconv.FormatInt(v, 10) }),
	}
	// With GPUs per node: the busiest rank's inter-node bytes, executed
	// (sim.NewClusterLedger) against core's answer (Result.Topology).
	if tr := r.Topology; s.LedgerSplit() && tr != nil && tr.InterBytesPerRank >= 0 {
		var most int64
		for _, b := range l.Ranks {
			most = max(most, b.InterSent)
		}
		out = append(out, mk("chk-inter", "t.inter", most, tr.InterBytesPerRank, Bytes))
	}
	if !r.Exact {
		for i := range out {
			if !out[i].OK {
				out[i].Mark = s.T("l.limit")
			}
		}
	}
	return out
}

// CheckClass is the CSS class of a check's mark.
func (c Check) Class() string {
	if c.OK {
		return "ok"
	}
	return "no"
}

// LedgerBusiest describes the busiest rank.
func (s *State) LedgerBusiest() string {
	d := s.ledgerData()
	if d.L == nil {
		return ""
	}
	b := d.L.Ranks[d.L.Busiest]
	return s.Tf("l.busiest", d.L.Busiest, BytesShort(b.Sent), BytesShort(b.Received))
}

// PhaseRow is one phase of the ledger, aggregated over ranks.
type PhaseRow struct {
	Phase, Rounds, Sent, MaxSent, Reduced string
}

// LedgerPhases aggregates each phase over the ranks: total and busiest bytes.
func (s *State) LedgerPhases() []PhaseRow {
	d := s.ledgerData()
	if d.L == nil {
		return nil
	}
	var out []PhaseRow
	for _, ph := range d.L.Phases {
		var sum, mx, red int64
		for _, b := range ph.Ranks {
			sum += b.Sent
			mx = max(mx, b.Sent)
			red += b.Reduced
		}
		out = append(out, PhaseRow{ph.Phase, strconv.Itoa(ph.Rounds), BytesShort(sum), BytesShort(mx), BytesShort(red)})
	}
	return out
}

// RankRow is one rank of the per-rank table.
type RankRow struct {
	Rank, Sent, Received, Reduced string
	Intra, Inter                  string   // bytes sent inside / across nodes (with GPUs per node)
	Phases                        []string // bytes sent per phase
	Busiest                       bool
}

// Class is the row's CSS class.
func (r RankRow) Class() string {
	if r.Busiest {
		return "busiest"
	}
	return ""
}

// LedgerSplit reports whether the per-rank table splits the bytes sent by
// link class (sim.NewClusterLedger: the question has GPUs per node).
func (s *State) LedgerSplit() bool { return s.P.GPUsPerNode > 0 && s.ledgerData().L != nil }

// PhaseNames are the ledger's phases (column heads of the per-rank table).
func (s *State) PhaseNames() []string {
	d := s.ledgerData()
	if d.L == nil {
		return nil
	}
	var out []string
	for _, ph := range d.L.Phases {
		out = append(out, ph.Phase)
	}
	return out
}

// LedgerPages is the number of pages of the per-rank table.
func (s *State) LedgerPages() int {
	d := s.ledgerData()
	if d.L == nil {
		return 0
	}
	return (len(d.L.Ranks) + LedgerPageSize - 1) / LedgerPageSize
}

// LedgerRows are the ranks of the current page. O(LedgerPageSize × phases).
func (s *State) LedgerRows() []RankRow {
	d := s.ledgerData()
	if d.L == nil {
		return nil
	}
	pg := min(max(s.LedgerPage, 0), s.LedgerPages()-1)
	lo, hi := pg*LedgerPageSize, min((pg+1)*LedgerPageSize, len(d.L.Ranks))
	var out []RankRow
	for r := lo; r < hi; r++ {
		b := d.L.Ranks[r]
		row := RankRow{Rank: strconv.Itoa(r), Sent: BytesShort(b.Sent), Received: BytesShort(b.Received), Reduced: BytesShort(b.Reduced), Busiest: r == d.L.Busiest,
			Intra: BytesShort(b.Sent - b.InterSent), Inter: BytesShort(b.InterSent)}
		for _, ph := range d.L.Phases {
			row.Phases = append(row.Phases, BytesShort(ph.Ranks[r].Sent))
		}
		out = append(out, row)
	}
	return out
}

// PageLabel says which ranks the page shows.
func (s *State) PageLabel() string {
	d := s.ledgerData()
	if d.L == nil {
		return ""
	}
	n := len(d.L.Ranks)
	pg := min(max(s.LedgerPage, 0), s.LedgerPages()-1)
	return s.Tf("l.page", pg*LedgerPageSize, min((pg+1)*LedgerPageSize, n)-1, n)
}

// PageBy moves the per-rank table by delta pages (clamped to the table).
func (s *State) PageBy(delta int) {
	defer s.guard()
	s.LedgerPage = min(max(s.LedgerPage+delta, 0), max(s.LedgerPages()-1, 0))
}

// PageToBusiest shows the page holding the busiest rank.
func (s *State) PageToBusiest() {
	defer s.guard()
	if d := s.ledgerData(); d.L != nil {
		s.LedgerPage = d.L.Busiest / LedgerPageSize
	}
}

// LedgerChartMaxRanks is the most ranks the per-rank bar chart draws.
const LedgerChartMaxRanks = 64

// LedgerSVG is figure.LedgerBars of the schedule as inline SVG ("" above
// LedgerChartMaxRanks ranks, where the table's pages are the better view).
func (s *State) LedgerSVG() vugu.HTML {
	d := s.ledgerData()
	if d.L == nil || len(d.L.Ranks) > LedgerChartMaxRanks {
		return ""
	}
	return s.cached("ledger-svg", func() any {
		c := figure.LedgerBars(d.Sched, s.P.ElemSize)
		c.Title = s.T("l.chart")
		for i := range c.Series {
			c.Series[i].Name = s.T("l.series." + c.Series[i].Name)
		}
		c.XLabel = s.T("l.rank")
		c.Y.Label = s.T("l.yaxis")
		var b bytes.Buffer
		c.View(720, 300).WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
		return vugu.HTML(b.String())
	}).(vugu.HTML)
}

// LedgerCSV is the whole per-rank ledger as CSV: rank, sent, received,
// reduced, then bytes sent per phase, then (with GPUs per node) bytes sent
// inside and across nodes. O(P × phases).
func (s *State) LedgerCSV() string {
	d := s.ledgerData()
	if d.L == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("rank,sent_bytes,received_bytes,reduced_bytes")
	for _, ph := range d.L.Phases {
		fmt.Fprintf(&b, ",%s_sent_bytes", ph.Phase)
	}
	split := s.LedgerSplit()
	if split {
		b.WriteString(",intra_sent_bytes,inter_sent_bytes")
	}
	b.WriteString("\n")
	for r, x := range d.L.Ranks {
		fmt.Fprintf(&b, "%d,%d,%d,%d", r, x.Sent, x.Received, x.Reduced)
		for _, ph := range d.L.Phases {
			fmt.Fprintf(&b, ",%d", ph.Ranks[r].Sent)
		}
		if split {
			fmt.Fprintf(&b, ",%d,%d", x.Sent-x.InterSent, x.InterSent)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// LedgerJSON is the ledger as sim.Ledger's JSON.
func (s *State) LedgerJSON() string {
	d := s.ledgerData()
	if d.L == nil {
		return ""
	}
	out, _ := json.MarshalIndent(d.L, "", " ")
	return string(out)
}

// Export hands the file that data produces to the browser adapter (a
// download; natively it only records the name). data runs under the guard,
// so a panic while producing the file is reported, not fatal.
func (s *State) Export(name, mime string, data func() string) {
	defer s.guard()
	s.Exported = name
	if d := data(); s.Download != nil && d != "" {
		s.Download(name, mime, d)
	}
}
