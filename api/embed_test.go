package api

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// svgText returns the <title> and <desc> of a well-formed SVG document.
func svgText(t *testing.T, reason, body string) (title, desc string) {
	t.Helper()
	var doc struct {
		XMLName xml.Name `xml:"svg"`
		Title   string   `xml:"title"`
		Desc    string   `xml:"desc"`
	}
	dec := xml.NewDecoder(strings.NewReader(body))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("%s: not well-formed: %v", reason, err)
		}
	}
	if err := xml.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatalf("%s: %v", reason, err)
	}
	if doc.Title == "" || doc.Desc == "" {
		t.Errorf("%s: every chart needs a <title> and a <desc>", reason)
	}
	return doc.Title, doc.Desc
}

// TestEmbedCharts: every chart answers its example and a 64-rank 400 Gbps sweep
// with an accessible SVG, cacheable, from any origin, with no way to run
// scripts.
func TestEmbedCharts(t *testing.T) {
	targets := []string{"/embed/time-vs-size.svg?collective=allreduce&ranks=64&bandwidth=400Gbps&latency=5us",
		"/embed/time-vs-size.svg?ranks=64&gpus-per-node=8",                  // topology fields reach the charts
		"/embed/time-vs-ranks.svg?gpus-per-node=8&minranks=8&maxranks=4096", // … both sweeps
		"/embed/time-vs-ranks.svg?maxranks=1048576&size=1GiB"}
	for _, c := range charts {
		targets = append(targets, "/embed/"+c.name+".svg?"+c.example, "/embed/"+c.name+".svg")
	}
	for _, target := range targets {
		a := get(t, target)
		wantOK(t, target, a, svgType)
		if csp := a.header.Get("Content-Security-Policy"); !strings.HasPrefix(csp, "default-src 'none'") {
			t.Errorf("%s: CSP %q", target, csp)
		}
		svgText(t, target, a.body)
	}
}

// TestEmbedIsTheFigure: the endpoint draws what package figure builds for
// the same parameters (here the lecture's Experiment 3 chart and the
// ledger of a naive AllReduce).
func TestEmbedIsTheFigure(t *testing.T) {
	p := cost.Params{Collective: prim.AllReduce, Algorithm: sched.Auto, Ranks: 4, Size: 100 << 20, ElemSize: 4, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
	c, err := figure.TimeVsRanks(p, []int{4, 8, 16, 32, 64, 128, 256, 512, 1024}, []sched.Algorithm{sched.Naive, sched.Ring, sched.Tree})
	if err != nil {
		t.Fatal(err)
	}
	a := get(t, "/embed/time-vs-ranks.svg?algorithms=naive,ring,tree")
	if a.body != string(c.SVG()) {
		t.Errorf("time-vs-ranks differs from figure.TimeVsRanks")
	}
	title, desc := svgText(t, "time-vs-ranks", a.body)
	if !strings.Contains(title, "AllReduce time vs ranks") || !strings.Contains(desc, "ring 14.42 ms") {
		t.Errorf("title %q / desc %q should describe Experiment 3", title, desc)
	}
	p.Algorithm, p.Ranks = sched.Naive, 8
	s, err := sched.Build(p.Spec(), sched.Naive, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a = get(t, "/embed/ledger-bars.svg?algorithm=naive")
	if !bytes.Equal([]byte(a.body), figure.LedgerBars(s, 4).SVG()) {
		t.Errorf("ledger-bars differs from figure.LedgerBars")
	}
	_, desc = svgText(t, "ledger-bars", a.body)
	if !strings.Contains(desc, "busiest rank, 0, sends 700 MiB") {
		t.Errorf("naive: the root sends (P−1)·S = 700 MiB; desc %q", desc)
	}
	// The crossover is the one finder's (within 10⁻⁵ of the lecture's S* =
	// P(P−1−⌈log₂P⌉)·α/β = 8 MB on 8 ranks, whose tree is the many-chunk limit).
	a = get(t, "/embed/time-vs-size.svg?minbytes=1K&maxbytes=1G&algorithms=ring,tree")
	_, desc = svgText(t, "time-vs-size", a.body)
	q := p
	q.Ranks = 8
	xs, err := cost.CrossoversAmong(q, []sched.Algorithm{sched.Ring, sched.Tree}, 1<<10, 1<<30)
	if err != nil || len(xs) != 1 || math.Abs(float64(xs[0].SizeBytes)-8e6) > 80 {
		t.Fatalf("ring vs tree on 8 ranks: %+v, %v; want one crossover near 8 MB", xs, err)
	}
	if want := fmt.Sprintf("tree is the cheapest below 7.63 MiB, then ring from 7.63 MiB (%d bytes)", xs[0].SizeBytes); !strings.Contains(desc, want) {
		t.Errorf("time-vs-size should state the crossover %q: %q", want, desc)
	}
	a = get(t, "/embed/ring-step.svg?round=14")
	title, _ = svgText(t, "ring-step", a.body)
	if title != "Round 14 of 14: ring AllReduce, P = 8" {
		t.Errorf("ring-step title %q", title)
	}
}

// TestEmbedErrors: bad chart parameters are 400s naming the field.
func TestEmbedErrors(t *testing.T) {
	for _, tt := range []struct {
		reason, target, field string
		want                  []string
	}{
		{"minranks below 2", "/embed/time-vs-ranks.svg?minranks=1", "minranks", []string{"2 to 1048576"}},
		{"maxranks below minranks", "/embed/time-vs-ranks.svg?minranks=64&maxranks=8", "maxranks", []string{"≥ minranks"}},
		{"an algorithm twice", "/embed/time-vs-ranks.svg?algorithms=ring,ring", "algorithms", []string{"twice"}},
		{"an unknown algorithm", "/embed/time-vs-size.svg?algorithms=ring,fast", "algorithms", []string{"unknown algorithm"}},
		{"auto in the list", "/embed/time-vs-size.svg?algorithms=auto", "algorithms", []string{"cheapest of the others"}},
		{"an algorithm that does not apply", "/embed/time-vs-size.svg?collective=alltoall&algorithms=ring", "algorithms", []string{"pairwise"}},
		{"root not below minranks", "/embed/time-vs-ranks.svg?collective=broadcast&root=4", "root", nil},
		{"time-vs-ranks takes no ranks", "/embed/time-vs-ranks.svg?ranks=8", "ranks", []string{"unknown parameter"}},
		{"time-vs-size takes no size", "/embed/time-vs-size.svg?size=8", "size", []string{"unknown parameter"}},
		{"maxbytes above 1 TiB", "/embed/time-vs-size.svg?maxbytes=2T", "maxbytes", []string{"1 TiB"}},
		{"minbytes 0", "/embed/time-vs-size.svg?minbytes=0", "minbytes", nil},
		{"minbytes not a size", "/embed/time-vs-size.svg?minbytes=lots", "minbytes", nil},
		{"maxbytes below minbytes", "/embed/time-vs-size.svg?minbytes=1M&maxbytes=1K", "maxbytes", nil},
		{"no whole element in range", "/embed/time-vs-size.svg?minbytes=1&maxbytes=3", "maxbytes", []string{"4-byte size step"}},
		{"ledger of P = 10⁶", "/embed/ledger-bars.svg?ranks=1000000", "ranks", []string{"64 ranks"}},
		{"round past the end", "/embed/ring-step.svg?round=15", "round", []string{"1 to 14"}},
		{"round 0", "/embed/ring-step.svg?round=0", "round", nil},
		{"round not a number", "/embed/ring-step.svg?round=x", "round", nil},
		{"a step of one rank has no rounds", "/embed/ring-step.svg?ranks=1", "round", []string{"no rounds"}},
		{"a core limit on S at a swept size names maxbytes", "/embed/time-vs-size.svg?ranks=1048576&maxbytes=1T&algorithms=ring", "maxbytes", nil},
	} {
		wantError(t, tt.reason, get(t, tt.target), http.StatusBadRequest, tt.field, tt.want...)
	}
}
