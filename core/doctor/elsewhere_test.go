package doctor

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// slowRows is a copy of an nccl-tests log whose rows of sizes lo..hi took
// k times as long: times × k, algbw and busbw ÷ k, as the run would have
// printed them.
func slowRows(t *testing.T, log string, lo, hi int64, k float64) []byte {
	t.Helper()
	lines := strings.Split(log, "\n")
	n := 0
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 13 || strings.HasPrefix(f[0], "#") {
			continue
		}
		size, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || size < lo || size > hi {
			continue
		}
		for _, c := range []int{5, 9} { // out-of-place and in-place: time, algbw, busbw
			tm, e1 := strconv.ParseFloat(f[c], 64)
			ab, e2 := strconv.ParseFloat(f[c+1], 64)
			bb, e3 := strconv.ParseFloat(f[c+2], 64)
			if e1 != nil || e2 != nil || e3 != nil {
				t.Fatalf("line %d: not a row: %q", i+1, l)
			}
			f[c], f[c+1], f[c+2] = fmt.Sprintf("%.1f", tm*k), fmt.Sprintf("%.2f", ab/k), fmt.Sprintf("%.2f", bb/k)
		}
		lines[i] = "  " + strings.Join(f, "  ")
		n++
	}
	if n == 0 {
		t.Fatalf("no row between %d and %d bytes", lo, hi)
	}
	return []byte(strings.Join(lines, "\n"))
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
