package figure

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// lecture is the lecture's Experiment 3 setting: 100 MiB, 50 GB/s, α = 5 µs.
func lecture() cost.Params {
	return cost.Params{Collective: prim.AllReduce, Ranks: 8, Size: 100 << 20, ElemSize: 4,
		Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
}

// TestTimeVsRanksIsExperiment3: the chart's points are the lecture's
// Experiment 3 table (lecture 09, §7.3, milliseconds to two decimals), an
// independent derivation of the same numbers.
func TestTimeVsRanksIsExperiment3(t *testing.T) {
	want := map[int][3]float64{ // naive, ring, tree in ms
		4: {12.61, 3.18, 4.21}, 8: {29.43, 3.74, 4.22}, 16: {63.06, 4.08, 4.23},
		64: {264.87, 4.76, 4.25}, 256: {1072.10, 6.73, 4.27}, 1024: {4301.00, 14.42, 4.29},
	}
	ranks := []int{4, 8, 16, 64, 256, 1024}
	c, err := TimeVsRanks(lecture(), ranks, []sched.Algorithm{sched.Naive, sched.Ring, sched.Tree})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Series) != 3 {
		t.Fatalf("want 3 series, got %d", len(c.Series))
	}
	for i, s := range c.Series {
		if len(s.Points) != len(ranks) {
			t.Fatalf("%s: want %d points, got %d", s.Name, len(ranks), len(s.Points))
		}
		for _, pt := range s.Points {
			ms := math.Round(pt.Y*1e5) / 100
			if w := want[int(pt.X)][i]; ms != w {
				t.Errorf("%s at P=%g: %.2f ms, the lecture's table says %.2f ms", s.Name, pt.X, ms, w)
			}
		}
	}
	for _, want := range []string{"P = 1024", "naive 4.301 s", "ring 14.42 ms", "cheapest there is tree"} {
		if !strings.Contains(c.Desc, want) {
			t.Errorf("description %q should contain %q", c.Desc, want)
		}
	}
	if c.X.Min != 4 || c.X.Max != 1024 || c.Y.Min > 3.18e-3 || c.Y.Max < 4.301 {
		t.Errorf("axes must cover the data: x %g..%g, y %g..%g", c.X.Min, c.X.Max, c.Y.Min, c.Y.Max)
	}
}

// cheapestAt evaluates every algorithm directly (no memo, no bisection).
func cheapestAt(t *testing.T, p cost.Params, algs []sched.Algorithm, size int64) sched.Algorithm {
	t.Helper()
	best, bestT := sched.Algorithm(""), math.Inf(1)
	for _, a := range algs {
		q := p
		q.Algorithm, q.Size, q.Chunks = a, size, 0
		r, err := cost.Evaluate(q)
		if err != nil {
			t.Fatalf("Evaluate(%s, %d): %v", a, size, err)
		}
		if r.TimeS < bestT {
			best, bestT = a, r.TimeS
		}
	}
	return best
}

func doubling(lo, hi int64) []int64 {
	var s []int64
	for x := lo; x <= hi; x *= 2 {
		s = append(s, x)
	}
	return s
}

// TestCrossoversAreExactAndComplete: each crossover is exact to one element
// (From is cheapest one element below, To at the size), and the list
// predicts the cheapest algorithm at 300 sizes spread over the range,
// checked by evaluating every algorithm directly.
func TestCrossoversAreExactAndComplete(t *testing.T) {
	for _, tt := range []struct {
		reason string
		p      cost.Params
		algs   []sched.Algorithm
		lo, hi int64
		min    int // crossovers expected at least
	}{
		{"allreduce P=8: tree below, ring above", func() cost.Params { p := lecture(); return p }(), sched.Applicable(prim.AllReduce), 1 << 10, 1 << 30, 1},
		{"allreduce P=64 at 400 Gbps", func() cost.Params { p := lecture(); p.Ranks = 64; return p }(), sched.Applicable(prim.AllReduce), 1 << 10, 1 << 34, 1},
		{"broadcast P=16 with γ", func() cost.Params {
			p := lecture()
			p.Collective, p.Ranks, p.Gamma = prim.Broadcast, 16, 1e-11
			return p
		}(), sched.Applicable(prim.Broadcast), 8, 1 << 30, 0},
		{"naive vs ring allgather, int8 elements", func() cost.Params {
			p := lecture()
			p.Collective, p.ElemSize = prim.AllGather, 1
			return p
		}(), []sched.Algorithm{sched.Naive, sched.Ring}, 1, 1 << 30, 0},
	} {
		sizes := doubling(tt.lo, tt.hi)
		xs, err := Crossovers(tt.p, tt.algs, sizes)
		if err != nil {
			t.Fatalf("%s: %v", tt.reason, err)
		}
		if len(xs) < tt.min {
			t.Errorf("%s: want at least %d crossovers, got %v", tt.reason, tt.min, xs)
		}
		e := int64(tt.p.ElemSize)
		for i, x := range xs {
			if got := cheapestAt(t, tt.p, tt.algs, x.SizeBytes-e); got != x.From {
				t.Errorf("%s: one element below %d bytes the cheapest is %s, crossover says %s", tt.reason, x.SizeBytes, got, x.From)
			}
			if got := cheapestAt(t, tt.p, tt.algs, x.SizeBytes); got != x.To {
				t.Errorf("%s: at %d bytes the cheapest is %s, crossover says %s", tt.reason, x.SizeBytes, got, x.To)
			}
			if i > 0 && (x.SizeBytes <= xs[i-1].SizeBytes || x.From != xs[i-1].To) {
				t.Errorf("%s: crossovers must chain in size order: %v", tt.reason, xs)
			}
		}
		first := cheapestAt(t, tt.p, tt.algs, sizes[0])
		for k := 0; k < 300; k++ {
			s := int64(float64(tt.lo)*math.Pow(float64(tt.hi)/float64(tt.lo), float64(k)/299)) / e * e
			if s < sizes[0] {
				continue
			}
			want := first
			for _, x := range xs {
				if s >= x.SizeBytes {
					want = x.To
				}
			}
			if got := cheapestAt(t, tt.p, tt.algs, s); got != want {
				t.Errorf("%s: at %d bytes the cheapest is %s, the crossovers predict %s (%v)", tt.reason, s, got, want, xs)
				break
			}
		}
	}
}

func TestTimeVsSizeMarksTheCrossovers(t *testing.T) {
	c, xs, err := TimeVsSize(lecture(), doubling(1<<10, 1<<30), sched.Applicable(prim.AllReduce))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Markers) != len(xs) || len(xs) == 0 {
		t.Fatalf("one marker per crossover: %d markers, %d crossovers", len(c.Markers), len(xs))
	}
	for i, x := range xs {
		if c.Markers[i].X != float64(x.SizeBytes) || c.Markers[i].Y != x.ToTimeS {
			t.Errorf("marker %d at (%g, %g), crossover at (%d, %g)", i, c.Markers[i].X, c.Markers[i].Y, x.SizeBytes, x.ToTimeS)
		}
		if !strings.Contains(c.Desc, fmt.Sprintf("%s from", x.To)) || !strings.Contains(c.Desc, fmt.Sprint(x.SizeBytes)) {
			t.Errorf("the description must name crossover %v: %q", x, c.Desc)
		}
	}
	for _, s := range c.Series {
		if len(s.Points) != 21 {
			t.Errorf("%s: want a point per size (21), got %d", s.Name, len(s.Points))
		}
	}
	one, xs1, err := TimeVsSize(lecture(), doubling(1<<10, 1<<30), []sched.Algorithm{sched.Ring})
	if err != nil || len(xs1) != 0 || !strings.Contains(one.Desc, "no crossover") {
		t.Errorf("one algorithm: no crossover, said in the description; got %v %v %q", err, xs1, one.Desc)
	}
}

// TestLedgerBarsAreTheLedger: the bars are sim.NewLedger's per-rank bytes,
// which for ring AllReduce are the closed form 2(P−1)/P·S per rank and for
// the naive master (P−1)·S through the root each way.
func TestLedgerBarsAreTheLedger(t *testing.T) {
	for _, tt := range []struct {
		reason   string
		alg      sched.Algorithm
		p        int
		size     int64
		sentRank func(r int) float64
	}{
		{"ring: every rank sends 2(P−1)/P·S", sched.Ring, 8, 8 << 20, func(int) float64 { return 2 * 7 * float64(1<<20) }},
		{"naive: the root sends (P−1)·S, the others S", sched.Naive, 5, 1000, func(r int) float64 {
			if r == 0 {
				return 4 * 1000
			}
			return 1000
		}},
	} {
		p := lecture()
		p.Ranks, p.Size = tt.p, tt.size
		s, err := sched.Build(p.Spec(), tt.alg, sched.Options{})
		if err != nil {
			t.Fatal(err)
		}
		c := LedgerBars(s, 4)
		l := sim.NewLedger(s, 4)
		if len(c.Categories) != tt.p || len(c.Series) != 2 {
			t.Fatalf("%s: want %d categories and 2 series", tt.reason, tt.p)
		}
		for r := 0; r < tt.p; r++ {
			if c.Series[0].Values[r] != float64(l.Ranks[r].Sent) || c.Series[1].Values[r] != float64(l.Ranks[r].Received) {
				t.Errorf("%s: rank %d bars differ from the ledger", tt.reason, r)
			}
			if c.Series[0].Values[r] != tt.sentRank(r) {
				t.Errorf("%s: rank %d sends %g, the closed form says %g", tt.reason, r, c.Series[0].Values[r], tt.sentRank(r))
			}
		}
		if top := c.Series[0].Values[l.Busiest]; c.Y.Max < top || c.Y.Min != 0 {
			t.Errorf("%s: the axis 0..%g must hold the tallest bar %g", tt.reason, c.Y.Max, top)
		}
	}
}

func TestStepDrawsOneRound(t *testing.T) {
	p := lecture()
	s, err := sched.Build(p.Spec(), sched.Ring, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Step(s, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Nodes) != 8 || len(c.Arrows) != 8 {
		t.Fatalf("ring round: 8 ranks, 8 arrows; got %d, %d", len(c.Nodes), len(c.Arrows))
	}
	for _, a := range c.Arrows {
		if a.To != (a.From+1)%8 || a.Label != "12.5 MiB" {
			t.Errorf("ring arrows go to the next rank with S/P = 12.5 MiB, got %+v", a)
		}
	}
	if !strings.Contains(c.Title, "Round 3 of 14") || !strings.Contains(c.Caption, "reduce-scatter") {
		t.Errorf("title %q, caption %q", c.Title, c.Caption)
	}
}

func TestBadArguments(t *testing.T) {
	p := lecture()
	ring, _ := sched.Build(p.Spec(), sched.Ring, sched.Options{})
	one := p
	one.Ranks = 1
	empty, _ := sched.Build(one.Spec(), sched.Ring, sched.Options{})
	step := func(s *sched.Schedule, r int) error { _, err := Step(s, r, 4); return err }
	for _, tt := range []struct {
		reason, field string
		err           error
	}{
		{"no algorithms", "algorithms", func() error { _, err := Crossovers(p, nil, []int64{4}); return err }()},
		{"an algorithm twice", "algorithms", func() error {
			_, err := Crossovers(p, []sched.Algorithm{sched.Ring, sched.Ring}, []int64{4})
			return err
		}()},
		{"an algorithm that does not apply", "algorithms", func() error {
			_, err := TimeVsRanks(p, []int{4}, []sched.Algorithm{sched.Pairwise})
			return err
		}()},
		{"sizes not ascending", "minbytes", func() error { _, err := Crossovers(p, []sched.Algorithm{sched.Ring}, []int64{8, 4}); return err }()},
		{"a size that is not whole elements", "minbytes", func() error { _, err := Crossovers(p, []sched.Algorithm{sched.Ring}, []int64{6}); return err }()},
		{"no sizes", "minbytes", func() error { _, _, err := TimeVsSize(p, nil, []sched.Algorithm{sched.Ring}); return err }()},
		{"ranks below 2", "minranks", func() error { _, err := TimeVsRanks(p, []int{1, 4}, []sched.Algorithm{sched.Ring}); return err }()},
		{"no ranks", "minranks", func() error { _, err := TimeVsRanks(p, nil, []sched.Algorithm{sched.Ring}); return err }()},
		{"round 0", "round", step(ring, 0)},
		{"round past the end", "round", step(ring, 15)},
		{"a schedule without rounds", "round", step(empty, 1)},
	} {
		var fe *fielderr.Error
		if !errors.As(tt.err, &fe) || fe.Field != tt.field {
			t.Errorf("%s: want a *fielderr.Error on %q, got %v", tt.reason, tt.field, tt.err)
		}
	}
}

func TestLabels(t *testing.T) {
	for _, tt := range []struct {
		got, want string
	}{
		{SecondsLabel(1e-5), "10 µs"}, {SecondsLabel(2.5e-3), "2.5 ms"}, {SecondsLabel(1), "1 s"},
		{SecondsLabel(5e-9), "5 ns"}, {SecondsLabel(0), "0 s"}, {SecondsLabel(1234), "1230 s"},
		{BytesLabel(1 << 20), "1 MiB"}, {RanksLabel(1024), "1024"}, {prim.ReduceScatter.Name(), "ReduceScatter"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestCrossoversAreTheCores: the chart's crossovers are the one finder's
// (cost.CrossoversAmong) over the sweep's range — not a second scan of the
// sweep — and its annotations are cost.GroupCrossovers' groups: a marker
// at each single crossover's size and To's time, a band over each tie.
// At P = 1024 the tree/Rabenseifner flips are one band.
func TestCrossoversAreTheCores(t *testing.T) {
	for _, p := range []cost.Params{
		lecture(),
		func() cost.Params { p := lecture(); p.Ranks = 1024; p.Bandwidth = 50e9; return p }(),
		func() cost.Params { p := lecture(); p.Collective, p.Ranks = prim.Broadcast, 32; return p }(),
	} {
		algs := sched.Applicable(p.Collective)
		sizes := doubling(4, 1<<32)
		c, mine, err := TimeVsSize(p, sizes, algs)
		if err != nil {
			t.Fatal(err)
		}
		core, err := cost.CrossoversAmong(p, algs, 4, 1<<32)
		if err != nil {
			t.Fatal(err)
		}
		if len(mine) != len(core) {
			t.Fatalf("%s P=%d: chart %d crossovers, the finder %d", p.Collective, p.Ranks, len(mine), len(core))
		}
		for i, x := range core {
			if mine[i] != x {
				t.Errorf("%s P=%d: crossover %d: chart %+v, the finder %+v", p.Collective, p.Ranks, i, mine[i], x)
			}
		}
		var singles, ties []cost.CrossoverGroup
		for _, g := range cost.GroupCrossovers(p, core, cost.TieBand) {
			if g.Tie {
				ties = append(ties, g)
			} else {
				singles = append(singles, g)
			}
		}
		if len(c.Markers) != len(singles) || len(c.Bands) != len(ties) {
			t.Fatalf("%s P=%d: %d marks and %d bands for %d single crossovers and %d ties", p.Collective, p.Ranks, len(c.Markers), len(c.Bands), len(singles), len(ties))
		}
		for i, g := range singles {
			if c.Markers[i].X != float64(g.LoBytes) || c.Markers[i].Y != g.TimeS {
				t.Errorf("%s P=%d: mark %d at (%g, %g), want %+v", p.Collective, p.Ranks, i, c.Markers[i].X, c.Markers[i].Y, g)
			}
		}
		for i, g := range ties {
			if c.Bands[i].X0 != float64(g.LoBytes) || c.Bands[i].X1 != float64(g.HiBytes) {
				t.Errorf("%s P=%d: band %d %+v, want %+v", p.Collective, p.Ranks, i, c.Bands[i], g)
			}
		}
		if p.Ranks == 1024 && (len(ties) != 1 || len(c.Markers)+len(c.Bands) > 3) {
			t.Errorf("P = 1024: %d marks and %d bands, want the flips as one band", len(c.Markers), len(c.Bands))
		}
	}
}

// With nodes of 8 GPUs the P that are not whole nodes have no point; the
// others are the cost answers; no whole node at all is an error.
func TestTimeVsRanksOnNodes(t *testing.T) {
	p := lecture()
	p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = 8, 450e9, 1e-6
	c, err := TimeVsRanks(p, []int{2, 4, 8, 16, 32}, []sched.Algorithm{sched.Ring})
	if err != nil {
		t.Fatal(err)
	}
	pts := c.Series[0].Points
	if len(pts) != 3 || pts[0].X != 8 || pts[2].X != 32 {
		t.Fatalf("points at %v, want P = 8, 16, 32", pts)
	}
	q := p
	q.Ranks, q.Algorithm = 32, sched.Ring
	r, err := cost.Evaluate(q)
	if err != nil || pts[2].Y != r.TimeS {
		t.Errorf("P = 32: %g s, cost says %g s (%v)", pts[2].Y, r.TimeS, err)
	}
	if _, err := TimeVsRanks(p, []int{2, 4}, []sched.Algorithm{sched.Ring}); err == nil {
		t.Error("no whole node: want an error")
	}
}
