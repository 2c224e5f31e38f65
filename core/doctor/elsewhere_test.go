package doctor

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/internal/slowlog"
)

// slowRows is log with its rows of lo..hi bytes k times as long.
func slowRows(t *testing.T, log string, lo, hi int64, k float64) []byte {
	t.Helper()
	out, err := slowlog.Slow(log, lo, hi, k)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(out)
}

// TestElsewhere: a healthy sweep gets no sentence beyond its summary; the
// same sweep with its middle rows twice as slow keeps its class (the
// bandwidth-bound rows decide) and gets one sentence, for the middle rows,
// at half their fraction; with its bandwidth-bound rows slow as well the
// class is below and the middle rows add nothing the summary does not say.
func TestElsewhere(t *testing.T) {
	const file = "../cost/testdata/nccl/all_reduce_2x8_aws-p5.txt"
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{System: "aws-p5"}
	healthy, _ := Judge(raw, o)
	if healthy.Class != ClassNormal || len(healthy.Elsewhere) != 0 {
		t.Fatalf("healthy p5 sweep: class %s, elsewhere %v", healthy.Class, healthy.Elsewhere)
	}
	var mid Regime
	for _, g := range healthy.Regimes {
		if g.Name == RegimeMiddle {
			mid = g
		}
	}
	if mid.Points == 0 {
		t.Fatal("the p5 sweep has no middle rows")
	}

	slow, _ := Judge(slowRows(t, string(raw), mid.MinBytes, mid.MaxBytes, 2), o)
	if slow.Class != ClassNormal || math.Abs(slow.Fraction-healthy.Fraction) > 1e-9 {
		t.Errorf("middle rows slowed: class %s at %.3f, want normal at %.3f", slow.Class, slow.Fraction, healthy.Fraction)
	}
	if len(slow.Elsewhere) != 1 {
		t.Fatalf("middle rows slowed: elsewhere %v, want one sentence", slow.Elsewhere)
	}
	var got Regime
	for _, g := range slow.Regimes {
		if g.Name == RegimeMiddle {
			got = g
		}
	}
	if math.Abs(got.Fraction/mid.Fraction-0.5) > 0.01 {
		t.Errorf("middle fraction %.3f slowed 2×: %.3f, want about half", mid.Fraction, got.Fraction)
	}
	for _, lang := range []string{"en", "zh"} {
		s := slow.Elsewhere[0].In(lang)
		want := fmt.Sprintf("%.0f %%", 100*got.Fraction)
		if !strings.Contains(s, want) || !strings.Contains(s, regimeName(RegimeMiddle).In(lang)) {
			t.Errorf("%s: %q does not name the middle rows at %s", lang, s, want)
		}
	}

	all, _ := Judge(slowRows(t, string(raw), mid.MinBytes, math.MaxInt64, 2), o)
	if all.Class != ClassBelow || len(all.Elsewhere) != 0 {
		t.Errorf("middle and bandwidth-bound rows slowed: class %s, elsewhere %v; want below and nothing more", all.Class, all.Elsewhere)
	}
}
