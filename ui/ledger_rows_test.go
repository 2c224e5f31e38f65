package ui

import (
	"strings"
	"testing"
)

// TestLedgerRowsHTML: the rendered per-rank table has one row per rank of
// the page and one cell per column head (rank, sent, received, reduced,
// intra and inter with GPUs per node, one per phase), the cells in the
// order of LedgerRows, and exactly the busiest rank's row marked.
func TestLedgerRowsHTML(t *testing.T) {
	for _, q := range []string{"algorithm=ring&ranks=1024", "algorithm=ring&ranks=16&gpus-per-node=4", "algorithm=tree&ranks=8", "collective=alltoall&ranks=5"} {
		s := NewState("view=ledger&lang=en&"+q, "en")
		c := &Ledger{S: s}
		for _, move := range []func(){func() {}, c.PageToBusiest} {
			move()
			h := string(c.LedgerRowsHTML())
			rows := c.LedgerRows()
			trs := strings.Split(h, "<tr")[1:]
			if len(rows) == 0 || len(trs) != len(rows) {
				t.Fatalf("%s: %d rows in the HTML, %d ranks on the page", q, len(trs), len(rows))
			}
			cols := 4 + len(c.PhaseNames())
			if c.LedgerSplit() {
				cols += 2
			}
			marked := 0
			for i, tr := range trs {
				if got := strings.Count(tr, "<td"); got != cols {
					t.Errorf("%s: rank %s has %d cells, the table %d columns", q, rows[i].Rank, got, cols)
				}
				r := rows[i]
				want := []string{r.Rank, r.Sent, r.Received, r.Reduced}
				if c.LedgerSplit() {
					want = append(want, r.Intra, r.Inter)
				}
				want = append(want, r.Phases...)
				at := 0
				for _, w := range want {
					k := strings.Index(tr[at:], ">"+w+"</td>")
					if k < 0 {
						t.Fatalf("%s: rank %s: cell %q missing or out of order in %s", q, r.Rank, w, tr)
					}
					at += k + 1
				}
				if strings.HasPrefix(tr, ` class="busiest"`) {
					marked++
					if !r.Busiest {
						t.Errorf("%s: rank %s marked busiest", q, r.Rank)
					}
				}
			}
			if busy := s.ledgerView().L.Busiest; busy/LedgerPageSize == c.pg() && marked != 1 {
				t.Errorf("%s: the page holds the busiest rank %d, %d rows marked", q, busy, marked)
			}
		}
	}
}
