package ui

import (
	"reflect"
	"testing"
)

// TestDeferredLedger: after a change to a large tree, the render stands in
// for the schedule and ledger (the note, no ledger) without keeping the
// stand-in or anything computed from it; the completion's BuildLedger,
// handed over with SetLedger, is the ledger a synchronous build gives,
// whose busiest rank sends the closed form's bytes per rank; a question
// changed meanwhile refuses the stale ledger. A small question is built
// at once, as before.
func TestDeferredLedger(t *testing.T) {
	s := NewState("view=ledger&algorithm=tree&ranks=1024&lang=en", "en")
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
	b := s.BuildLedger(p, func() { calls++ })
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

	stale := s.BuildLedger(p, nil)
	s.SetField("ranks", "2048")
	s.SetLedger(stale)
	if d := s.ledgerData(); d.L != nil && d.L.Ranks != nil && len(d.L.Ranks) == 4096 {
		t.Errorf("the ledger of P = 4096 was taken for P = 2048")
	}

	small := NewState("view=ledger&algorithm=tree&ranks=8&lang=en", "en")
	small.SetField("ranks", "16")
	if d := small.ledgerData(); d.L == nil {
		t.Errorf("a small tree's ledger was deferred: %q", d.Reason)
	}
}
