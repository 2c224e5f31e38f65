package playground

import (
	"fmt"
	"testing"
)

// TestKVNumbersOneLine: a short number with its unit ("899.3 µs",
// "24.8 GiB") in a view's key–value grid stays on one line at desktop,
// course-column and phone widths, in both languages (its label wraps
// first) — four columns at 1280 px broke them after the number.
func TestKVNumbersOneLine(t *testing.T) {
	base := server(t)
	for _, w := range []int64{1280, 1000, 760, 390} {
		p := browser(t, w, 900)
		for _, lang := range []string{"zh", "en"} {
			for _, q := range []string{"view=timing", "view=timing&algorithm=hierarchical&ranks=128&gpus-per-node=8&intra-preset=nvlink4&preset=ib400", "view=ncclmodel&model=nccl&ranks=16&gpus-per-node=8&intra-preset=nvlink4&preset=ib400"} {
				p.open(fmt.Sprintf("%s/?lang=%s&%s", base, lang, q))
				broken := eval[[]string](p, `[...document.querySelectorAll("#panel .kv-row dd")].filter(d => d.textContent.length <= 12).filter(d => { const r = document.createRange(); r.selectNodeContents(d); return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1 }).map(d => d.id + " " + d.textContent)`)
				if len(broken) > 0 {
					t.Errorf("%d px, %s, %s: values on two lines: %q", w, lang, q, broken)
				}
			}
		}
		p.noConsoleErrors()
	}
}
