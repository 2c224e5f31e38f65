package playground

import (
	"net/url"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/ui"
)

// TestControlsMatchCore changes every control, one after another, and checks
// after each change that the numbers on the page equal cost.Evaluate of the
// same texts computed here; then that the URL carries every field with the
// CLI's names and that loading it restores the page.
func TestControlsMatchCore(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en")
	fields := map[string]string{}
	steps := []struct {
		field, value, reason string
	}{
		{"ranks", "64", "more ranks"},
		{"size", "1GiB", "a binary size"},
		{"bandwidth", "400Gbps", "bits per second"},
		{"latency", "2us", "a smaller α"},
		{"efficiency", "90%", "efficiency as a percent"},
		{"gamma", "1e-11", "a reduction cost"},
		{"algorithm", "tree", "the double binary tree"},
		{"dtype", "half", "2-byte elements"},
		{"chunks", "4", "pipeline chunks for the tree"},
		{"collective", "reduce", "a rooted collective"},
		{"root", "3", "a root other than 0"},
		{"chunks", "0", "back to the best chunk count (auto refuses a fixed one)"},
		{"algorithm", "auto", "auto picks and lists the others"},
		{"ranks", "1048576", "the largest P, closed forms only"},
	}
	for _, st := range steps {
		fields[st.field] = st.value
		p.setField("f-"+st.field, st.value)
		want := evaluate(t, fields)
		for id, v := range map[string]string{
			"t-time":  cost.FormatSeconds(want.TimeS),
			"t-alpha": cost.FormatSeconds(want.LatencyTermS),
			"t-beta":  cost.FormatSeconds(want.BandwidthTermS),
			"t-gamma": cost.FormatSeconds(want.ComputeTermS),
			"t-busbw": ui.Rate(want.BusBwBps),
			"t-lb":    cost.FormatSeconds(want.LowerBoundS),
		} {
			if got := p.text(id); !strings.HasPrefix(got, v) {
				t.Errorf("after %s (%s=%s): #%s shows %q, core says %q", st.reason, st.field, st.value, id, got, v)
			}
		}
		if got := p.text("t-numbers"); got != want.FormulaNumbers {
			t.Errorf("after %s: formula numbers %q, core %q", st.reason, got, want.FormulaNumbers)
		}
	}
	// The URL is written (debounced) with the CLI's flag names.
	p.waitJS("URL written", `location.search.includes("ranks=1048576")`)
	q, err := url.ParseQuery(strings.TrimPrefix(eval[string](p, `location.search`), "?"))
	if err != nil {
		t.Fatal(err)
	}
	for f, v := range fields {
		if v == "0" { // chunks back at its default: left out of the URL
			v = ""
		}
		if q.Get(f) != v {
			t.Errorf("URL has %s=%q, want %q", f, q.Get(f), v)
		}
	}
	// Round trip: a fresh load of that URL shows the same state.
	link := eval[string](p, `location.href`)
	before := p.text("t-time")
	p2 := browser(t, 1280, 800)
	p2.open(link)
	if got := p2.text("t-time"); got != before {
		t.Errorf("reloaded link shows %q, the page showed %q", got, before)
	}
	for f, v := range fields {
		if got := eval[string](p2, `document.getElementById("f-`+f+`").value`); got != v {
			t.Errorf("reloaded link: field %s = %q, want %q", f, got, v)
		}
	}
	p.noConsoleErrors()
	p2.noConsoleErrors()
}

// TestBadInputAndLanguage types bad values: an inline message beside the
// field with the CLI's words, the last valid result kept; then switches
// the language and checks strings come from the other catalog.
func TestBadInputAndLanguage(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&ranks=16")
	good := p.text("t-time")
	cases := []struct {
		field, value, want, reason string
	}{
		{"ranks", "0", "want an integer from 1 to 1048576", "below the range"},
		{"size", "12 apples", "accepted: B, KB", "unknown unit"},
		{"bandwidth", "fast", "400 Gbps", "not a rate"},
		{"algorithm", "bruck", "for allreduce use one of", "not applicable"},
	}
	for _, tc := range cases {
		p.setField("f-"+tc.field, tc.value)
		msg := eval[string](p, `(document.querySelector("#f-`+tc.field+`").parentElement.querySelector(".err")||{}).textContent||""`)
		if !strings.Contains(msg, tc.want) {
			t.Errorf("%s: message beside %s is %q, want it to contain %q", tc.reason, tc.field, msg, tc.want)
		}
		if got := p.text("t-time"); got != good {
			t.Errorf("%s: time changed to %q on bad input (was %q)", tc.reason, got, good)
		}
		restore := map[string]string{"ranks": "16", "size": "100MiB", "bandwidth": "50GB/s", "algorithm": "ring"}[tc.field]
		p.setField("f-"+tc.field, restore)
	}
	// Language switch.
	if got := p.text("tab-ledger"); got != ui.T("en", "view.ledger") {
		t.Errorf("en tab label %q", got)
	}
	p.click("lang-zh")
	if got := p.text("tab-ledger"); got != ui.T("zh", "view.ledger") {
		t.Errorf("after switching to zh the tab reads %q, want %q", got, ui.T("zh", "view.ledger"))
	}
	if lang := eval[string](p, `document.getElementById("app").getAttribute("lang")`); lang != "zh-CN" {
		t.Errorf("lang attribute %q after switching", lang)
	}
	p.waitJS("lang in URL", `location.search.includes("lang=zh")`)
	p.noConsoleErrors()
}

// TestDefaultLanguageFollowsBrowser: without ?lang, a browser preferring
// Chinese gets zh, others en.
func TestDefaultLanguageFollowsBrowser(t *testing.T) {
	base := server(t)
	p := browser(t, 800, 600)
	p.open(base + "/")
	if got := p.text("tab-timing"); got != ui.T("en", "view.timing") {
		t.Errorf("en-US browser: %q", got)
	}
	p.do("prefer Chinese", setLocale("zh-CN"))
	p.open(base + "/")
	if got := p.text("tab-timing"); got != ui.T("zh", "view.timing") {
		t.Errorf("zh-CN browser: %q, want %q", got, ui.T("zh", "view.timing"))
	}
	p.noConsoleErrors()
}
