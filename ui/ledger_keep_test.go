package ui

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// TestLedgerKeptAcrossModelChanges: a change of the bandwidth or the
// latency shows the same ledger again (the same bytes: not derived anew),
// and it still equals core's analytic ledger of the new question and
// passes every check against the new closed form; a change of the size
// derives a new one, whose busiest rank sends the closed form's bytes.
func TestLedgerKeptAcrossModelChanges(t *testing.T) {
	s := NewState("view=ledger&algorithm=ring&ranks=1024&size=100MiB&lang=en", "en")
	c := &Ledger{S: s}
	first := s.ledgerView().L
	if first == nil {
		t.Fatalf("no ledger at P = 1024: %q", s.ledgerView().Reason)
	}
	for _, e := range [][2]string{{"bandwidth", "40GB/s"}, {"latency", "6us"}, {"efficiency", "0.5"}} {
		s.SetField(e[0], e[1])
		l := s.ledgerView().L
		if l != first {
			t.Errorf("%s = %s: the ledger was derived again for the same bytes", e[0], e[1])
		}
		want, _ := cost.AnalyticLedger(s.P)
		if !reflect.DeepEqual(l, want) {
			t.Fatalf("%s = %s: the kept ledger differs from core's for the new question", e[0], e[1])
		}
		for _, k := range c.LedgerChecks() {
			if !k.OK {
				t.Errorf("%s = %s: check %s fails: ledger %s, formula %s", e[0], e[1], k.ID, k.Ledger, k.Formula)
			}
		}
	}
	s.SetField("size", "99MiB")
	l := s.ledgerView().L
	if l == first {
		t.Fatalf("a new size showed the old ledger")
	}
	if got := l.Ranks[l.Busiest].Sent; got != s.R.BytesSentPerRank {
		t.Errorf("after the size change the busiest rank sends %d B, the closed form says %d B", got, s.R.BytesSentPerRank)
	}
}

// TestLedgerKeyFollowsTheChoice: where the model decides the schedule — the
// tree's chunk count, auto's algorithm — a change of the bandwidth or the
// latency that changes the choice derives the ledger again: after every
// change it is the one a fresh build of the question gives.
func TestLedgerKeyFollowsTheChoice(t *testing.T) {
	for _, q := range []string{"algorithm=tree&ranks=16&size=64MiB", "algorithm=auto&ranks=32&size=4KiB"} {
		s := NewState("view=ledger&lang=en&"+q, "en")
		seen := map[string]bool{}
		for _, e := range [][2]string{{"latency", "100us"}, {"bandwidth", "1GB/s"}, {"latency", "1us"}, {"bandwidth", "400GB/s"}, {"size", "1GiB"}, {"latency", "50us"}} {
			s.SetField(e[0], e[1])
			seen[s.R.Algorithm+"/"+strconv.Itoa(s.R.Chunks)] = true
			got := s.ledgerView()
			fresh := NewState(NewApp(s).Query(), "en")
			want := fresh.ledgerData()
			if got.L == nil || !reflect.DeepEqual(got.L, want.L) {
				t.Fatalf("%s, %s = %s: the ledger shown differs from a fresh build (%s, %d chunks)", q, e[0], e[1], s.R.Algorithm, s.R.Chunks)
			}
		}
		if len(seen) < 2 {
			t.Errorf("%s: the changes never changed the algorithm or chunk count (%v): the test checks nothing", q, seen)
		}
	}
}
