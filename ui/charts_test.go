package ui

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/sched"
)

func TestChartsAreFigures(t *testing.T) {
	s := NewState("view=charts&ranks=64&size=64KiB", "en")
	a := NewApp(s)
	html := render(t, a)
	mustContain(t, html, `id="c-ranks"`, `id="c-size"`, "<svg", "time against P", "time against message size")
	// The crossovers listed are figure.Crossovers' for the same sweep.
	xs, err := figure.Crossovers(s.P, sched.Applicable(s.P.Collective), chartSizes(s.P))
	if err != nil {
		t.Fatal(err)
	}
	rows := a.Charts.CrossoverRows()
	if len(rows) != len(xs) {
		t.Fatalf("%d crossovers shown, figure finds %d", len(rows), len(xs))
	}
	for i, x := range xs {
		if !strings.Contains(rows[i].Text, BytesShort(x.SizeBytes)) || !strings.Contains(rows[i].Text, string(x.To)) {
			t.Errorf("crossover %d: %q does not name %s at %s", i, rows[i].Text, x.To, BytesShort(x.SizeBytes))
		}
		// Just below the crossover From is cheaper; at it, To is (cost.Evaluate).
		q := s.P
		q.Chunks = 0
		q.Size, q.Algorithm = x.SizeBytes, x.To
		to, _ := cost.Evaluate(q)
		q.Algorithm = x.From
		from, _ := cost.Evaluate(q)
		if !(to.TimeS <= from.TimeS) {
			t.Errorf("at %d B %s (%g) is not cheaper than %s (%g)", x.SizeBytes, x.To, to.TimeS, x.From, from.TimeS)
		}
	}
}

func TestChartAxes(t *testing.T) {
	cases := []struct {
		p, last int
		reason  string
	}{
		{8, 1024, "small P: the lecture's range up to 1024"},
		{3000, 3000, "P beyond 2048 is added as the last point"},
		{1 << 20, 1 << 20, "the largest P"},
	}
	for _, tc := range cases {
		r := chartRanks(tc.p)
		if r[0] != 2 || r[len(r)-1] != tc.last {
			t.Errorf("%s: axis %v", tc.reason, r)
		}
	}
	s := NewState("collective=allgather&ranks=6&dtype=double", "en")
	for _, v := range chartSizes(s.P) {
		if v%(6*8) != 0 {
			t.Fatalf("size %d is not a whole number of 6 blocks of doubles", v)
		}
	}
}

// TestChartsTieBand: Experiment 3 at P = 1024 (the tree lesson's chart):
// the tree/Rabenseifner flips are one shaded tie in the chart and one row
// under it, naming the band; the other crossovers keep one row each.
func TestChartsTieBand(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		s := NewState("view=charts&collective=allreduce&algorithm=ring&ranks=1024&size=100MiB&bandwidth=50GB/s&latency=5us", lang)
		a := NewApp(s)
		gs := a.Charts.charts().Groups
		xs := a.Charts.charts().Crossovers
		ties, n := 0, 0
		for _, g := range gs {
			n += g.Count
			if g.Tie {
				ties++
			}
		}
		if ties != 1 || n != len(xs) || len(xs) < 10 {
			t.Fatalf("%s: %d crossovers in %d groups, %d ties; want the flips as one tie", lang, len(xs), len(gs), ties)
		}
		rows := a.Charts.CrossoverRows()
		if len(rows) != len(gs) || len(rows) > 3 {
			t.Errorf("%s: %d rows for %d groups", lang, len(rows), len(gs))
		}
		svg := string(a.Charts.SizeSVG())
		if strings.Count(svg, `class="band"`) != 1 || !strings.Contains(svg, "≈") {
			t.Errorf("%s: the size chart does not draw one tie band", lang)
		}
	}
}

// TestCrossoverTimesSaidOnce: at a crossover the two algorithms' times
// (cost.Evaluate at its size) are mostly equal to the digits shown; the
// row then says the time once ("both 51 µs"), and names both where they
// differ, in both languages.
func TestCrossoverTimesSaidOnce(t *testing.T) {
	same := 0
	for _, lang := range []string{"en", "zh"} {
		for _, q := range []string{"view=charts", "view=charts&ranks=64", "view=charts&ranks=128&gpus-per-node=8", "view=charts&collective=broadcast&ranks=32"} {
			a := NewApp(NewState(q+"&lang="+lang, lang))
			for i, g := range a.Charts.charts().Groups {
				if g.Tie {
					continue
				}
				x := a.Charts.charts().Crossovers[a.Charts.firstOf(i)]
				p := a.S.P
				p.Size, p.Chunks, p.Algorithm = x.SizeBytes, 0, x.To
				to, err := cost.Evaluate(p)
				if err != nil {
					t.Fatal(err)
				}
				p.Algorithm = x.From
				from, err := cost.Evaluate(p)
				if err != nil {
					t.Fatal(err)
				}
				text := a.Charts.CrossoverRows()[i].Text
				ts, fs := Secs(to.TimeS), Secs(from.TimeS)
				if ts == fs {
					same++
					both := map[string]string{"en": "both " + ts, "zh": "都是 " + ts}[lang]
					if strings.Count(text, ts) != 1 || !strings.Contains(text, both) {
						t.Errorf("%s %s: %q does not say %q once", lang, q, text, both)
					}
				} else if !strings.Contains(text, ts) || !strings.Contains(text, fs) {
					t.Errorf("%s %s: %q does not name %s and %s", lang, q, text, ts, fs)
				}
			}
		}
	}
	if same == 0 {
		t.Error("no crossover with equal times shown: the case is not exercised")
	}
}
