package ui

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
)

// DeferLedgerTransfers is the size of schedule (ledgerSize) above
// which a render of a pending question does not build the schedule and
// ledger its view draws (a tree at P = 4096 took ≈ 57 ms natively, two to
// three times that in wasm: a long task): the render shows the closed form
// with a note, and the page's completion, which builds the executed
// schedule in slices anyway, builds them in slices too (BuildLedger) and
// hands them over (SetLedger) before it re-renders.
const DeferLedgerTransfers = 1 << 17

// deferLedger is the stand-in for the schedule and ledger of a pending
// question above DeferLedgerTransfers (ok), recording that the page's
// completion is to build them (LedgerDeferred). The stand-in is not kept
// by the memo, nor is anything computed from it.
func (s *State) deferLedger() (LedgerData, bool) {
	if !s.pending || ledgerSize(s.P, s.R.Steps) <= DeferLedgerTransfers {
		return LedgerData{}, false
	}
	s.memo.unsettled, s.memo.deferred = true, true
	return LedgerData{Reason: s.T("l.pending")}, true
}

// ledgerSize is a rough size of the schedule of p, whose closed form takes
// steps steps: P messages a step (P² in AllToAll), two for the double
// binary tree's two trees.
func ledgerSize(p cost.Params, steps int) int64 {
	n := int64(max(steps, 1)) * int64(p.Ranks) * 2
	if p.Collective == prim.AllToAll {
		n *= int64(p.Ranks)
	}
	return n
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
// question), calling yield after every round of the schedule. It reads
// only the language of s: call it without the event lock, from the
// completion's goroutine.
func (s *State) BuildLedger(p cost.Params, yield func()) BuiltLedger {
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
