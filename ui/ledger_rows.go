package ui

import (
	"html"
	"strings"

	"github.com/vugu/vugu"
)

// LedgerRowsHTML is the per-rank table's body: LedgerRows as one HTML
// string of <tr> rows (the busiest rank's with class "busiest"; with GPUs
// per node, the intra and inter cells before the phases'). One string
// instead of a Vugu node per row and cell: the page syncs about 200 fewer
// DOM nodes on every render at any P (Vugu visits every node of the page
// on each one). O(LedgerPageSize × phases).
func (c *Ledger) LedgerRowsHTML() vugu.HTML {
	split := c.LedgerSplit()
	var b strings.Builder
	cell := func(class, v string) {
		b.WriteString("<td")
		if class != "" {
			b.WriteString(` class="` + class + `"`)
		}
		b.WriteString(">")
		b.WriteString(html.EscapeString(v))
		b.WriteString("</td>")
	}
	for _, r := range c.LedgerRows() {
		if r.Busiest {
			b.WriteString(`<tr class="busiest">`)
		} else {
			b.WriteString("<tr>")
		}
		cell("", r.Rank)
		cell("", r.Sent)
		cell("", r.Received)
		cell("", r.Reduced)
		if split {
			cell("intra", r.Intra)
			cell("inter", r.Inter)
		}
		for _, v := range r.Phases {
			cell("", v)
		}
		b.WriteString("</tr>")
	}
	return vugu.HTML(b.String())
}
