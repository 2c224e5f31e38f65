package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/vugu/vugu"
)

// Ledger is the byte-ledger view: the executed schedule's per-rank bytes
// (sim.NewLedger), per phase and in total, the busiest rank, and the check
// that the ledger equals the closed form of the timing view.
type Ledger struct {
	S      *State
	page   int // 0-based page of the per-rank table
	pageAt int // State.Edits() when page was set: a new question shows page 0
}

// pg is the page shown: page while the question is the one it was set
// for, clamped to the table.
func (c *Ledger) pg() int {
	if c.pageAt != c.S.Edits() {
		return 0
	}
	return min(max(c.page, 0), max(c.LedgerPages()-1, 0))
}

// LedgerPageSize is the number of ranks per page of the per-rank table
// (Vugu rebuilds the whole tree on every event: the DOM stays small).
const LedgerPageSize = 16

// LedgerReason is why the ledger is not shown ("" when it is).
func (c *Ledger) LedgerReason() string { return c.S.ledgerView().Reason }

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
func (c *Ledger) LedgerChecks() []Check {
	s := c.S
	d := s.ledgerView()
	if d.L == nil {
		return nil
	}
	l, r := d.L, s.R
	mk := func(id, key string, a, b int64, show func(int64) string) Check {
		k := Check{ID: id, Label: s.T(key), Ledger: show(a), Formula: show(b), OK: a == b}
		k.Mark = "✓"
		if !k.OK {
			k.Mark = "✗"
		}
		return k
	}
	out := []Check{
		mk("chk-sent", "t.sent", l.Ranks[l.Busiest].Sent, r.BytesSentPerRank, Bytes),
		mk("chk-total", "t.total", l.TotalBytes, r.TotalBytes, Bytes),
		mk("chk-steps", "t.steps", int64(l.Steps), int64(r.Steps), func(v int64) string { return strconv.FormatInt(v, 10) }),
	}
	// With GPUs per node: the busiest rank's inter-node bytes, executed
	// (sim.NewClusterLedger) against core's closed form (Result.Topology);
	// where core has none it reports the ledger's own figure, which is no
	// check.
	if tr := r.Topology; c.LedgerSplit() && tr != nil && tr.InterBytesPerRank >= 0 && !tr.InterFromLedger {
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
func (c *Ledger) LedgerBusiest() string {
	s := c.S
	d := s.ledgerView()
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
func (c *Ledger) LedgerPhases() []PhaseRow {
	s := c.S
	d := s.ledgerView()
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
		out = append(out, PhaseRow{s.PhaseName(ph.Phase), strconv.Itoa(ph.Rounds), BytesShort(sum), BytesShort(mx), BytesShort(red)})
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

// LedgerSplit reports whether the per-rank table splits the bytes sent by
// link class (sim.NewClusterLedger: the question has GPUs per node).
func (c *Ledger) LedgerSplit() bool { return c.S.P.GPUsPerNode > 0 && c.S.ledgerView().L != nil }

// PhaseNames are the ledger's phases (column heads of the per-rank table).
func (c *Ledger) PhaseNames() []string {
	s := c.S
	d := s.ledgerView()
	if d.L == nil {
		return nil
	}
	var out []string
	for _, ph := range d.L.Phases {
		out = append(out, s.PhaseName(ph.Phase))
	}
	return out
}

// LedgerPages is the number of pages of the per-rank table.
func (c *Ledger) LedgerPages() int {
	s := c.S
	d := s.ledgerView()
	if d.L == nil {
		return 0
	}
	return (len(d.L.Ranks) + LedgerPageSize - 1) / LedgerPageSize
}

// LedgerRows are the ranks of the current page. O(LedgerPageSize × phases).
func (c *Ledger) LedgerRows() []RankRow {
	s := c.S
	d := s.ledgerView()
	if d.L == nil {
		return nil
	}
	pg := c.pg()
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
func (c *Ledger) PageLabel() string {
	s := c.S
	d := s.ledgerView()
	if d.L == nil {
		return ""
	}
	n := len(d.L.Ranks)
	pg := c.pg()
	return s.Tf("l.page", pg*LedgerPageSize, min((pg+1)*LedgerPageSize, n)-1, n)
}

// PageBy moves the per-rank table by delta pages (clamped to the table).
func (c *Ledger) PageBy(delta int) {
	defer c.S.guard()
	c.page, c.pageAt = min(max(c.pg()+delta, 0), max(c.LedgerPages()-1, 0)), c.S.Edits()
}

// PageToBusiest shows the page holding the busiest rank.
func (c *Ledger) PageToBusiest() {
	defer c.S.guard()
	if d := c.S.ledgerView(); d.L != nil {
		c.page, c.pageAt = d.L.Busiest/LedgerPageSize, c.S.Edits()
	}
}

// LedgerChartMaxRanks is the most ranks the per-rank bar chart draws.
const LedgerChartMaxRanks = 64

// ledgerChartW and ledgerChartH are the bar chart's box in SVG px; on a
// phone (State.Narrow) it is narrowLedgerW wide, so that scaled to the card
// its labels stay about 8 px or more instead of 5.
const ledgerChartW, ledgerChartH, narrowLedgerW = 720, 300, 480

// LedgerSVG is figure.LedgerBars of the schedule as inline SVG ("" above
// LedgerChartMaxRanks ranks, where the table's pages are the better view).
func (c *Ledger) LedgerSVG() vugu.HTML {
	s := c.S
	d := s.ledgerView()
	if d.L == nil || d.Sched == nil || len(d.L.Ranks) > LedgerChartMaxRanks {
		return ""
	}
	return s.cached("ledger-svg-"+strconv.FormatBool(s.Narrow), func() any {
		bars := figure.LedgerBars(d.Sched, s.P.ElemSize)
		bars.Title = s.T("l.chart")
		for i := range bars.Series {
			bars.Series[i].Name = s.T("l.series." + bars.Series[i].Name)
		}
		bars.XLabel = s.T("l.rank")
		bars.Y.Label = s.T("l.yaxis")
		if s.Lang == "zh" && d.L != nil {
			b := d.L.Ranks[d.L.Busiest]
			bars.Desc = s.Tf("l.desc", len(d.L.Ranks), s.CollName(string(s.P.Collective)), s.R.Algorithm, BytesShort(s.P.Size),
				d.L.Busiest, BytesShort(b.Sent), BytesShort(b.Received), BytesShort(d.L.TotalBytes))
		}
		var b bytes.Buffer
		w := ledgerChartW
		if s.Narrow {
			w = narrowLedgerW
		}
		bars.View(w, ledgerChartH).WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
		return vugu.HTML(b.String())
	}).(vugu.HTML)
}

// LedgerCSV is the whole per-rank ledger as CSV: rank, sent, received,
// reduced, then bytes sent per phase, then (with GPUs per node) bytes sent
// inside and across nodes. O(P × phases).
func (c *Ledger) LedgerCSV() string {
	s := c.S
	d := s.ledgerView()
	if d.L == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("rank,sent_bytes,received_bytes,reduced_bytes")
	for _, ph := range d.L.Phases {
		fmt.Fprintf(&b, ",%s_sent_bytes", ph.Phase)
	}
	split := c.LedgerSplit()
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
func (c *Ledger) LedgerJSON() string {
	s := c.S
	d := s.ledgerView()
	if d.L == nil {
		return ""
	}
	out, _ := json.MarshalIndent(d.L, "", " ")
	return string(out)
}

// PhaseName is a schedule round's phase name (sched.Round.Phase) in the
// page's language, from the catalogue's ph.* entries: "reduce-scatter"
// reads 规约发散 in Chinese. A phase the catalogue lacks reads as core
// names it.
func (s *State) PhaseName(ph string) string {
	if v := s.T("ph." + ph); v != "ph."+ph {
		return v
	}
	return ph
}

// ledgerView is the ledger the view shows: core's analytic ledger where it
// has one (cost.AnalyticLedger, the ring: O(P + rounds), tested equal to
// the executed one), else the executed schedule's (ledgerData). The
// schedule itself is built only where the view draws it (the bar chart,
// up to LedgerChartMaxRanks ranks). Cached per question, and kept across
// questions whose bytes are the same (keepLedger).
//
//go:noinline
func (s *State) ledgerView() LedgerData {
	return s.cached("ledger-view", func() any {
		return s.keepLedger(func() LedgerData {
			if l, ok := cost.AnalyticLedger(s.P); ok {
				d := LedgerData{L: l}
				if s.P.Ranks <= LedgerChartMaxRanks {
					d.Sched = s.ledgerData().Sched
				}
				return d
			}
			return s.ledgerData()
		})
	}).(LedgerData)
}
