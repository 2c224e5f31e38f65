package ui

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

func TestLedgerMatchesClosedForm(t *testing.T) {
	cases := []struct {
		query, reason string
		allOK         bool
	}{
		{"view=ledger", "ring AllReduce: ledger == formula on every line", true},
		{"view=ledger&ranks=100&size=1000000B", "uneven chunks still agree", true},
		{"view=ledger&collective=alltoall&algorithm=pairwise&ranks=16", "AllToAll pairwise", true},
		{"view=ledger&algorithm=tree&ranks=16", "tree: the closed form is a limit; bytes agree, rounds may not", false},
	}
	for _, tc := range cases {
		s := NewState(tc.query, "en")
		a := NewApp(s)
		if a.Ledger.LedgerReason() != "" {
			t.Fatalf("%s: no ledger: %s", tc.reason, a.Ledger.LedgerReason())
		}
		checks := a.Ledger.LedgerChecks()
		for _, c := range checks {
			if tc.allOK && !c.OK {
				t.Errorf("%s: %s ledger %s != formula %s", tc.reason, c.Label, c.Ledger, c.Formula)
			}
		}
		// Independent derivation: build the schedule here and compare.
		sc, err := sched.Build(s.P.Spec(), sched.Algorithm(s.R.Algorithm), sched.Options{Chunks: chunksFor(s)})
		if err != nil {
			t.Fatal(err)
		}
		l := sim.NewLedger(sc, s.P.ElemSize)
		html := render(t, a)
		mustContain(t, html, `id="view-ledger"`, "Busiest rank: "+strconv.Itoa(l.Busiest))
		if got := strings.Count(html, "<tr"); got > LedgerPageSize+3+8+4 {
			t.Errorf("%s: %d table rows in the DOM; the table must page", tc.reason, got)
		}
	}
}

func chunksFor(s *State) int {
	if sched.Pipelined(s.P.Collective, sched.Algorithm(s.R.Algorithm)) {
		return s.R.Chunks
	}
	return 0
}

func TestLedgerPagingAndLimits(t *testing.T) {
	s := NewState("view=ledger&ranks=1000", "en")
	a := NewApp(s)
	if a.Ledger.LedgerPages() != 63 { // ring on 1000 ranks: 1,998,000 transfers, under LedgerMaxTransfers
		t.Fatalf("pages = %d, want 63 for 1000 ranks", a.Ledger.LedgerPages())
	}
	a.Ledger.PageBy(-1)
	if a.Ledger.pg() != 0 {
		t.Errorf("paging before the first page moved to %d", a.Ledger.pg())
	}
	a.Ledger.PageBy(100)
	if a.Ledger.pg() != 62 || !strings.Contains(a.Ledger.PageLabel(), "ranks 992–999 of 1000") {
		t.Errorf("last page: %d %q", a.Ledger.pg(), a.Ledger.PageLabel())
	}
	csv := a.Ledger.LedgerCSV()
	if n := strings.Count(csv, "\n"); n != 1001 {
		t.Errorf("CSV has %d lines, want header + 1000", n)
	}

	big := NewState("view=ledger&ranks=1048576", "en")

	bigApp := NewApp(big)
	if !strings.Contains(bigApp.Ledger.LedgerReason(), "4096") {
		t.Errorf("P = 2^20: reason %q does not name the 4096 limit", bigApp.Ledger.LedgerReason())
	}
	html := render(t, bigApp)
	mustContain(t, html, `id="l-limit"`, BytesShort(big.R.BytesSentPerRank))

	huge := NewState("view=ledger&ranks=4096&collective=alltoall&algorithm=naive", "en")

	hugeApp := NewApp(huge)
	if hugeApp.Ledger.LedgerReason() == "" {
		t.Errorf("naive AllToAll on 4096 ranks (16M transfers) should be refused in the page")
	}
}

// TestLedgerChartNarrow: on a phone the per-rank bar chart is laid out
// narrower (its labels scale to a readable size in the card), and turning
// the window wide again gives the wide chart back (the memo keys both).
func TestLedgerChartNarrow(t *testing.T) {
	s := NewState("view=ledger&ranks=8&lang=en", "en")
	a := NewApp(s)
	wide := `viewBox="0 0 720 300"`
	narrow := `viewBox="0 0 480 300"`
	if got := string(a.Ledger.LedgerSVG()); !strings.Contains(got, wide) {
		t.Fatalf("wide window: chart lacks %s", wide)
	}
	s.Narrow = true
	if got := string(a.Ledger.LedgerSVG()); !strings.Contains(got, narrow) {
		t.Errorf("phone: chart lacks %s", narrow)
	}
	s.Narrow = false
	if got := string(a.Ledger.LedgerSVG()); !strings.Contains(got, wide) {
		t.Errorf("wide again: chart lacks %s", wide)
	}
}

// TestLedgerReducedSaysBytes: the column of bytes a rank folds into its
// buffer (what γ prices) says it counts bytes, in the ledger's and the
// step-through's tables, in both languages — "reduced" alone read as a yes/no.
func TestLedgerReducedSaysBytes(t *testing.T) {
	for lang, word := range map[string]string{"en": "bytes", "zh": "字节"} {
		s := NewState("view=ledger&ranks=4&lang="+lang, lang)
		h := s.T("l.reduced")
		if !strings.Contains(h, word) {
			t.Errorf("%s: the reduced column is headed %q", lang, h)
		}
		a := NewApp(s)
		if got := strings.Count(html.UnescapeString(render(t, a)), "<th>"+h+"</th>"); got != 2 {
			t.Errorf("%s: %q heads %d ledger columns, want 2 (per phase, per rank)", lang, h, got)
		}
	}
}
