package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

func TestTimingShowsCoreNumbers(t *testing.T) {
	cases := []struct {
		query, reason string
	}{
		{"", "the CLI's defaults: ring AllReduce, 8 ranks, 100 MiB, 50 GB/s, 5 µs"},
		{"ranks=1024&algorithm=tree", "the lecture's Experiment 3 tree row at P = 1024"},
		{"ranks=1048576&algorithm=ring", "closed forms answer up to 2^20 ranks"},
		{"collective=alltoall&algorithm=auto&size=1MiB", "auto lists its alternatives"},
	}
	for _, tc := range cases {
		s := NewState(tc.query, "en")
		if s.Err != "" {
			t.Fatalf("%s: unexpected error %s", tc.reason, s.Err)
		}
		p, err := question.CostParams(field.Map(parseQuery(tc.query)))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := cost.Evaluate(p)
		html := render(t, &Timing{S: s})
		mustContain(t, html, Secs(want.TimeS), Secs(want.LatencyTermS), Secs(want.BandwidthTermS), Rate(want.BusBwBps), want.FormulaNumbers)
		if len(want.Alternatives) > 0 {
			mustContain(t, html, "alt-"+want.Alternatives[0].Algorithm)
		}
	}
}

func TestControlChangeUpdatesTiming(t *testing.T) {
	s := NewState("", "en")
	a := NewApp(s)
	before := render(t, a)
	// The generated handler calls SetField with the event's target value.
	ev := event("64")
	s.SetField("ranks", ev.PropString("target", "value"))
	p, _ := question.CostParams(field.Map(map[string]string{"ranks": "64"}))
	want, _ := cost.Evaluate(p)
	after := render(t, a)
	if before == after {
		t.Fatal("changing ranks did not change the page")
	}
	mustContain(t, after, Secs(want.TimeS), `value="64"`)
}

func TestBadInputKeepsLastValidResult(t *testing.T) {
	cases := []struct {
		field, text, reason string
	}{
		{"ranks", "0", "below the minimum of 1"},
		{"ranks", "2000000", "above 2^20"},
		{"size", "12 apples", "unknown unit"},
		{"bandwidth", "fast", "not a rate"},
		{"latency", "-3us", "negative"},
		{"algorithm", "bruck", "Bruck does not run AllReduce"},
	}
	for _, tc := range cases {
		s := NewState("ranks=16", "en")
		a := NewApp(s)
		good := s.R
		s.SetField(tc.field, tc.text)
		if s.Field != tc.field || s.Err == "" {
			t.Errorf("%s: error on %q (%q), want one on %q", tc.reason, s.Field, s.Err, tc.field)
		}
		if s.R.TimeS != good.TimeS || s.R.Ranks != good.Ranks {
			t.Errorf("%s: the result changed on bad input", tc.reason)
		}
		_, cliErr := question.CostParams(field.Map(map[string]string{"ranks": "16", tc.field: tc.text}))
		if cliErr == nil || !contains(cliErr.Error(), s.Err) {
			t.Errorf("%s: message %q differs from the CLI's %v", tc.reason, s.Err, cliErr)
		}
		page := render(t, a)
		mustContain(t, page, `class="err"`, html.EscapeString(s.Err), Secs(good.TimeS))
	}
}

func contains(a, b string) bool { return strings.Contains(a, b) && b != "" }
