package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// LedgerMaxTransfers caps the schedules the page builds: beyond it building
// and scanning would take longer than a frame, so the view shows the closed
// form's summary and says why. The CLI's `ccplay run` has no such cap.
const LedgerMaxTransfers = 1 << 21

// LedgerData is the ledger of the current question, or why there is none:
// the schedule the ledger and steps views both draw.
type LedgerData struct {
	Sched  *sched.Schedule
	L      *sim.Ledger
	Reason string // why there is no ledger ("" if there is one)
}

// ledgerData builds the schedule the last valid question prices
// (cost.ScheduleOf: auto resolved and the chunk count as the closed form
// chose, gpus-per-node honoured, refused above LedgerMaxTransfers before
// anything is built) and its ledger. Cached per question. On a page that
// completes in the background, one above DeferLedgerRanks is built by the
// page's completion instead (deferLedger).
//
// Not inlined: its cached closure would be copied into every caller
// (≈ 3–7 KB of wasm each).
//
//go:noinline
func (s *State) ledgerData() LedgerData {
	return s.cached("ledger", func() any {
		if d, ok := s.deferLedger(); ok {
			return d
		}
		return s.ledgerOf(s.P, nil)
	}).(LedgerData)
}

// ledgerOf is the schedule and ledger of question p, or why there is none,
// the builder calling yield (if not nil) after every round.
func (s *State) ledgerOf(p cost.Params, yield func()) LedgerData {
	if p.Ranks > sched.MaxRanks {
		return LedgerData{Reason: s.Tf("l.toomanyranks", p.Ranks, sched.MaxRanks)}
	}
	sc, err := cost.ScheduleOfYielding(p, LedgerMaxTransfers, yield)
	if err != nil {
		return LedgerData{Reason: s.Tf("l.toobig", s.ErrMsg(err))}
	}
	return ledgerFrom(p, sc, yield)
}

// ledgerFrom is the ledger of sc, the schedule of question p, LedgerForYielding
// calling yield before every round.
func ledgerFrom(p cost.Params, sc *sched.Schedule, yield func()) LedgerData {
	return LedgerData{Sched: sc, L: sim.LedgerForYielding(sc, p.ElemSize, p.GPUsPerNode, yield)}
}

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
