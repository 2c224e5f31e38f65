package ui

import (
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

func TestQueryRoundTrip(t *testing.T) {
	cases := []struct {
		query, want, reason string
	}{
		{"", "collective=allreduce&algorithm=ring&ranks=8&size=100MiB&bandwidth=50GB/s&latency=5us&lang=en", "defaults: the six main fields always, with the CLI's names"},
		{"ranks=64&lang=zh&view=ledger", "collective=allreduce&algorithm=ring&ranks=64&size=100MiB&bandwidth=50GB/s&latency=5us&lang=zh&view=ledger", "view and language kept"},
		{"efficiency=90%25&gamma=1e-11&embed=charts", "collective=allreduce&algorithm=ring&ranks=8&size=100MiB&bandwidth=50GB/s&efficiency=90%25&latency=5us&gamma=1e-11&lang=en&embed=charts", "non-default extras, escaped; embed names the view"},
		{"embed=timing&controls=1&lang=zh", "collective=allreduce&algorithm=ring&ranks=8&size=100MiB&bandwidth=50GB/s&latency=5us&lang=zh&embed=timing&controls=1", "an embedded view with its controls"},
		{"ranks=abc", "collective=allreduce&algorithm=ring&ranks=8&size=100MiB&bandwidth=50GB/s&latency=5us&lang=en", "bad text is reported, and the URL carries the last valid question (never a state the page refuses)"},
		{"size=1%20GiB&bogus=1&view=nope", "collective=allreduce&algorithm=ring&ranks=8&size=1+GiB&bandwidth=50GB/s&latency=5us&lang=en", "unknown keys and views are ignored"},
	}
	for _, tc := range cases {
		s := NewState(tc.query, "en")
		a := NewApp(s)
		if got := a.Query(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.reason, got, tc.want)
		}
		again := NewState(a.Query(), "zh")
		againApp := NewApp(again)
		if againApp.Query() != a.Query() || again.R.TimeS != s.R.TimeS {
			t.Errorf("%s: reloading the query does not restore the state", tc.reason)
		}
	}
}

func TestURLErrorsMatchCLI(t *testing.T) {
	s := NewState("ranks=abc", "en")
	_, err := question.CostParams(field.Map(map[string]string{"ranks": "abc"}))
	if s.Field != "ranks" || err == nil || !contains(err.Error(), s.Err) {
		t.Fatalf("field %q msg %q; CLI says %v", s.Field, s.Err, err)
	}
	if s.R.TimeS == 0 {
		t.Error("a bad URL left no result: the defaults should show")
	}
}
