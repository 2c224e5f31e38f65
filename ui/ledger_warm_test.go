package ui

import (
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// TestDeferredLedger: on a page that completes in the background, after a
// change to a large tree the render stands in for the schedule and ledger
// (the note, no ledger) without keeping the stand-in or anything computed
// from it; the completion's BuildLedger, handed over with SetLedger, is
// the ledger a synchronous build gives, whose busiest rank sends the
// closed form's bytes per rank; a question changed meanwhile refuses the
// stale ledger. A small question is built at once.
func TestDeferredLedger(t *testing.T) {
	s := NewState("view=ledger&algorithm=tree&ranks=1024&lang=en", "en")
	s.CompleteInBackground()
	s.SetField("ranks", "4096")
	if !s.Pending() {
		t.Fatalf("the tree at P = 4096 is not pending: nothing to defer")
	}
	d := s.ledgerData()
	if d.L != nil || d.Reason != s.T("l.pending") {
		t.Fatalf("the pending render built the ledger (reason %q)", d.Reason)
	}
	derived := s.cached("derived", func() any { return s.ledgerData().Reason })
	if _, kept := s.memo.vals["derived"]; kept || derived != s.T("l.pending") {
		t.Errorf("a value computed from the stand-in was kept")
	}
	p, ok := s.LedgerDeferred()
	if !ok || p != s.P {
		t.Fatalf("LedgerDeferred = %v, %v: the completion would not build the ledger", p, ok)
	}
	calls := 0
	b := s.BuildLedger(p, nil, func() { calls++ })
	s.SetLedger(b)
	got := s.ledgerData()
	want := s.ledgerOf(s.P, nil)
	if got.L == nil || !reflect.DeepEqual(got.L, want.L) || !reflect.DeepEqual(got.Sched, want.Sched) {
		t.Fatalf("the ledger handed over differs from the one built at once")
	}
	if calls < len(got.Sched.Rounds) {
		t.Errorf("BuildLedger yielded %d times for %d rounds", calls, len(got.Sched.Rounds))
	}
	if sent := got.L.Ranks[got.L.Busiest].Sent; sent != s.R.BytesSentPerRank {
		t.Errorf("the busiest rank sends %d B, the closed form says %d B", sent, s.R.BytesSentPerRank)
	}
	if _, ok := s.LedgerDeferred(); ok {
		t.Errorf("the ledger is still deferred after SetLedger")
	}

	stale := s.BuildLedger(p, nil, nil)
	s.SetField("ranks", "2048")
	s.SetLedger(stale)
	if d := s.ledgerData(); d.L != nil && d.L.Ranks != nil && len(d.L.Ranks) == 4096 {
		t.Errorf("the ledger of P = 4096 was taken for P = 2048")
	}

	small := NewState("view=ledger&algorithm=tree&ranks=8&lang=en", "en")
	small.CompleteInBackground()
	small.SetField("ranks", "16")
	if d := small.ledgerData(); d.L == nil {
		t.Errorf("a small tree's ledger was deferred: %q", d.Reason)
	}
}

// TestDeferredLedgerAnyAlgorithm: the rule holds for a question with
// nothing pending — a naive AllToAll at P = 1024 (a million transfers) is
// left to the completion on a page that completes in the background, which
// then reports work to do (Incomplete) until SetLedger hands the ledger
// over; its total equals the closed form's bytes on the wire. Without
// background completion (the server's rendering) the render builds it.
func TestDeferredLedgerAnyAlgorithm(t *testing.T) {
	q := "view=ledger&collective=alltoall&algorithm=naive&ranks=64&size=64MiB&lang=en"
	s := NewState(q, "en")
	s.CompleteInBackground()
	s.SetField("ranks", "1024")
	if s.Pending() {
		t.Fatalf("a naive AllToAll is pending: its closed form is exact")
	}
	if d := s.ledgerData(); d.L != nil || d.Reason != s.T("l.pending") {
		t.Fatalf("the render built the ledger of a million transfers (reason %q)", d.Reason)
	}
	if !s.Incomplete() {
		t.Fatalf("the deferred ledger leaves nothing to complete")
	}
	p, ok := s.LedgerDeferred()
	if !ok {
		t.Fatalf("LedgerDeferred is not set")
	}
	s.SetLedger(s.BuildLedger(p, nil, nil))
	if s.Incomplete() {
		t.Errorf("still incomplete after SetLedger")
	}
	d := s.ledgerData()
	if d.L == nil || d.L.TotalBytes != s.R.TotalBytes {
		t.Fatalf("the handed-over ledger's total differs from the closed form's %d B", s.R.TotalBytes)
	}

	native := NewState(q, "en")
	native.SetField("ranks", "128")
	if d := native.ledgerData(); d.L == nil || d.L.TotalBytes != native.R.TotalBytes {
		t.Errorf("without background completion the ledger is not built at once (reason %q)", d.Reason)
	}
}

// TestBuildLedgerReusesTheAnswersSchedule: the completion of a large
// tree builds its schedule once — cost.EvaluateBuilt builds and prices it
// for the pending answer, and BuildLedger derives the ledger from that
// very schedule (the same pointer; yield called once per round, for the
// ledger alone, where building as well calls it at least twice per round)
// — and the ledger is the one a build of its own gives.
func TestBuildLedgerReusesTheAnswersSchedule(t *testing.T) {
	s := NewState("view=ledger&algorithm=tree&ranks=1024&lang=en", "en")
	s.CompleteInBackground()
	s.SetField("ranks", "4096")
	s.ledgerData() // the render: the stand-in, the ledger left to the completion
	p, ok := s.LedgerDeferred()
	if !ok || !s.Pending() {
		t.Fatalf("the tree at P = 4096 is not both pending and deferred (%v, %v)", ok, s.Pending())
	}
	r, sc, err := cost.EvaluateBuilt(p, nil)
	if err != nil || sc == nil || r.ScheduleTimeS <= 0 {
		t.Fatalf("EvaluateBuilt: %v, schedule %v, time %g", err, sc != nil, r.ScheduleTimeS)
	}
	calls := 0
	b := s.BuildLedger(p, sc, func() { calls++ })
	if b.d.Sched != sc {
		t.Errorf("BuildLedger built another schedule instead of the answer's")
	}
	if calls != len(sc.Rounds) {
		t.Errorf("BuildLedger yielded %d times for %d rounds: it did more than derive the ledger", calls, len(sc.Rounds))
	}
	own := 0
	want := s.BuildLedger(p, nil, func() { own++ })
	if !reflect.DeepEqual(b.d.L, want.d.L) || !reflect.DeepEqual(sc, want.d.Sched) {
		t.Errorf("the ledger of the answer's schedule differs from one built anew")
	}
	if own < 2*len(sc.Rounds) {
		t.Errorf("building anew yielded %d times for %d rounds", own, len(sc.Rounds))
	}
	s.CompleteWith(s.Edits(), r, err)
	s.SetLedger(b)
	if d := s.ledgerData(); d.Sched != sc || d.L.Ranks[d.L.Busiest].Sent != s.R.BytesSentPerRank {
		t.Errorf("the page does not show the ledger of the answer's schedule")
	}
}
