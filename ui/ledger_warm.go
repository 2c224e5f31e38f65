package ui

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/sched"
)

// DeferLedgerRanks is the most ranks whose schedule and ledger a render
// builds itself on a page that completes answers in the background
// (CompleteInBackground). Above it, where core has no analytic ledger
// (cost.AnalyticLedger), the render shows the closed form with a note and
// the page's completion builds them in slices (BuildLedger) and hands them
// over (SetLedger) before it re-renders: a tree at P = 1024 takes ≈ 8 ms
// natively and several times that in wasm, a naive AllToAll at P = 1024
// hundreds of milliseconds, while at P ≤ 64 every schedule takes well
// under a millisecond.
const DeferLedgerRanks = LedgerChartMaxRanks

// CompleteInBackground marks the page as one that completes in the
// background (the browser adapter): after painting a render it completes a
// pending answer and builds the schedule and ledger the render left to it.
// Without it (the server's rendering, native faces) every render builds
// what it shows.
func (s *State) CompleteInBackground() { s.background = true }

// deferLedger is the stand-in for the schedule and ledger of a question
// above DeferLedgerRanks on a page that completes in the background (ok),
// recording that the page's completion is to build them (LedgerDeferred).
// The stand-in is not kept by the memo, nor is anything computed from it.
func (s *State) deferLedger() (LedgerData, bool) {
	if !s.background || s.P.Ranks <= DeferLedgerRanks {
		return LedgerData{}, false
	}
	s.memo.unsettled, s.memo.deferred = true, true
	return LedgerData{Reason: s.T("l.pending")}, true
}

// Incomplete reports whether the last render left work to the page's
// completion: the executed schedule's cost (Pending), the schedule and
// ledger (LedgerDeferred) or the lessons' contention runs
// (ContentionWanted).
func (s *State) Incomplete() bool {
	_, deferred := s.LedgerDeferred()
	return s.pending || deferred || len(s.fabricRuns.wanted) > 0
}

// LedgerDeferred is the question whose schedule and ledger the last render
// left to the completion (ok false if none). Under the event lock.
func (s *State) LedgerDeferred() (p cost.Params, ok bool) {
	if !s.memo.deferred || s.memo.p != s.P {
		return cost.Params{}, false
	}
	return s.P, true
}

// BuiltLedger is the schedule and ledger BuildLedger built, for SetLedger.
type BuiltLedger struct {
	p cost.Params
	d LedgerData
}

// BuildLedger builds the schedule and ledger of p (LedgerDeferred's
// question), calling yield after every round of the schedule. built is
// p's schedule when the completion has it already (cost.EvaluateBuilt
// built and priced it for the pending answer): then only the ledger is
// derived from it; nil builds it. It reads only the language of s: call it
// without the event lock, from the completion's goroutine.
func (s *State) BuildLedger(p cost.Params, built *sched.Schedule, yield func()) BuiltLedger {
	if built != nil {
		return BuiltLedger{p: p, d: ledgerFrom(p, built, yield)}
	}
	return BuiltLedger{p: p, d: s.ledgerOf(p, yield)}
}

// SetLedger hands b to the views, if its question is still the page's.
// Under the event lock, before the re-render.
func (s *State) SetLedger(b BuiltLedger) {
	if b.p != s.P {
		return
	}
	s.memo.deferred = false
	s.cached("ledger", func() any { return b.d })
}

// The note beside the closed form while the schedule is built.
var warmEN = map[string]string{
	"l.pending": "Building this question's schedule in the background; the closed form answers meanwhile:",
}

var warmZH = map[string]string{
	"l.pending": "正在后台构建此问题的调度；在此之前，闭式公式给出：",
}

func init() {
	for k, v := range warmEN {
		en[k] = v
	}
	for k, v := range warmZH {
		zh[k] = v
	}
}
