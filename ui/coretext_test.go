package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
)

// TestCoreTextTranslated runs NCCL's model over every collective on flat
// networks and on clusters with PCIe-class and NVLink-class intra links, one
// to four nodes, and checks that every sentence core returns for the page
// (assumptions, why a cell is off) has a zh translation, and that the zh
// NCCL view then shows none of them in English.
func TestCoreTextTranslated(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range prim.Collectives() {
		for _, g := range []int{0, 2, 8} {
			for _, intra := range []float64{32e9, 450e9} {
				for _, nodes := range []int{1, 2, 4} {
					p := cost.Params{Collective: c, Algorithm: "auto", Ranks: max(g, 1) * nodes, Size: 1 << 20, ElemSize: 4,
						Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6, GPUsPerNode: g, IntraBandwidth: intra, CostModel: cost.ModelNCCL}
					if p.Ranks < 2 {
						continue
					}
					r, err := cost.NCCL(p)
					if err != nil {
						continue // the model refuses some setups (e.g. SendRecv); those show no text
					}
					for _, a := range r.Assumptions {
						seen[a] = true
					}
					for _, cell := range r.Cells {
						if cell.Reason != "" {
							seen[cell.Reason] = true
						}
					}
				}
			}
		}
	}
	if len(seen) < 8 { // six assumptions and at least the two kinds of reasons
		t.Fatalf("only %d sentences seen; the sweep does not reach the model's texts: %v", len(seen), seen)
	}
	zh := &State{Lang: "zh"}
	en := &State{Lang: "en"}
	for s := range seen {
		if _, ok := coreTextZH[s]; !ok {
			t.Errorf("no zh translation for core's %q (add it to coreTextZH)", s)
		}
		if en.CoreText(s) != s || zh.CoreText(s) == s {
			t.Errorf("CoreText(%q): en %q, zh %q", s, en.CoreText(s), zh.CoreText(s))
		}
	}
	st := NewState("model=nccl&ranks=16&gpus-per-node=8&intra-preset=pcie5&collective=allgather&size=1MiB", "zh")
	if st.Err != "" || st.R.NCCL == nil {
		t.Fatalf("state: %q, NCCL result %v", st.Err, st.R.NCCL)
	}
	page := html.UnescapeString(render(t, &NcclModel{S: st}))
	mustContain(t, page, coreTextZH[st.R.NCCL.Assumptions[0]], coreTextZH["NCCL has no Tree for allgather"], coreTextZH["LL128 is enabled by default only over NVLink paths"])
	for s := range seen {
		if strings.Contains(page, s) {
			t.Errorf("the zh page shows core's English %q", s)
		}
	}
}
