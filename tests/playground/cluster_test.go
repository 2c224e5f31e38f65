package playground

import (
	"net/url"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/ui"
)

// TestClusterFromURL loads two nodes of 8 GPUs on NVLink 4 inside and 400G
// InfiniBand between them from the URL and checks the inter-node bytes and
// the ledger split the timing view shows against cost.Evaluate of the same
// fields computed here.
func TestClusterFromURL(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	fields := map[string]string{"gpus-per-node": "8", "ranks": "16", "intra-preset": "nvlink4", "preset": "ib400"}
	q := url.Values{"lang": {"en"}}
	for k, v := range fields {
		q.Set(k, v)
	}
	p.open(base + "/?" + q.Encode())
	want := evaluate(t, fields)
	tr := want.Topology
	if tr == nil || tr.Ledger == nil || tr.InterBytesPerRank <= 0 {
		t.Fatalf("core: no inter-node bytes for %v: %+v", fields, tr)
	}
	for id, v := range map[string]string{
		"t-time":        cost.FormatSeconds(want.TimeS),
		"t-inter":       ui.Bytes(tr.InterBytesPerRank),
		"t-split-inter": ui.BytesShort(tr.Ledger.InterBytes),
		"t-split-intra": ui.BytesShort(tr.Ledger.IntraBytes),
	} {
		if got := p.text(id); !strings.HasPrefix(got, v) {
			t.Errorf("#%s shows %q, core says %q", id, got, v)
		}
	}
	// The intra-node controls are on screen with the preset's values.
	if got := eval[string](p, `document.getElementById("f-intra-preset").value`); got != "nvlink4" {
		t.Errorf("intra preset select shows %q", got)
	}
	if got := eval[string](p, `document.getElementById("f-intra-bandwidth").value`); got != "450 GB/s" {
		t.Errorf("intra bandwidth shows %q, want NVLink 4's 450 GB/s", got)
	}
	p.noConsoleErrors()
}

// TestSlowRankRatio types a slow rank and its factor and checks the time
// without the slowdown and the ratio shown against cost.Evaluate.
func TestSlowRankRatio(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&ranks=8")
	p.setField("f-slow-factor", "4")
	// The factor alone is incomplete: the CLI's message beside the field.
	if got := eval[string](p, `(document.getElementById("f-slow-factor").parentElement.querySelector(".err")||{}).textContent||""`); !strings.Contains(got, "give slow-rank R or slow-link A-B too") {
		t.Errorf("after the factor alone the field says %q", got)
	}
	p.setField("f-slow-rank", "3")
	want := evaluate(t, map[string]string{"ranks": "8", "slow-rank": "3", "slow-factor": "4"})
	tr := want.Topology
	if tr == nil || !(tr.UnslowedTimeS > 0) {
		t.Fatalf("core: no slowdown answer: %+v", tr)
	}
	for id, v := range map[string]string{
		"t-time":      cost.FormatSeconds(want.TimeS),
		"t-unslowed":  cost.FormatSeconds(tr.UnslowedTimeS),
		"t-slowratio": ui.SlowRatio(want.TimeS / tr.UnslowedTimeS),
	} {
		if got := p.text(id); got != v {
			t.Errorf("#%s shows %q, core says %q", id, got, v)
		}
	}
	p.waitJS("URL written", `location.search.includes("slow-rank=3") && location.search.includes("slow-factor=4")`)
	p.noConsoleErrors()
}
