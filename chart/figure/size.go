package figure

import (
	"fmt"
	"strings"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/sched"
)

// TimeVsSize charts the modelled time of p's collective on p.Ranks ranks
// against the size S for each algorithm, marks the crossovers Crossovers
// finds over the sweep's range (the finder's, not the sweep's: a crossover
// between two sweep sizes is marked where it is) and returns them too.
// Crossovers are drawn as cost.GroupCrossovers groups them with
// cost.TieBand: one marker per single crossover, one shaded band per tie.
// sizes must be ascending positive multiples of p.ElemSize; p.Size and
// p.Algorithm are ignored. Both axes are logarithmic.
// O(len(sizes) × len(algs)) closed forms plus those of Crossovers.
func TimeVsSize(p cost.Params, sizes []int64, algs []sched.Algorithm) (chart.Line, []Crossover, error) {
	return TimeVsSizeUntil(p, sizes, algs, nil)
}

// TimeVsSizeUntil is TimeVsSize calling stop (when not nil) before each
// size and each step of the crossover search, returning its error, if any:
// a server passes its request context's Err, so that a sweep stops within
// one point of the client going away. (A stop function rather than a
// context keeps package context out of the playground's wasm.)
func TimeVsSizeUntil(p cost.Params, sizes []int64, algs []sched.Algorithm, stop func() error) (chart.Line, []Crossover, error) {
	xs, err := crossovers(p, algs, sizes, stop)
	if err != nil {
		return chart.Line{}, nil, err
	}
	c := chart.Line{ID: "time-vs-size"}
	for _, a := range algs {
		c.Series = append(c.Series, chart.Series{Name: string(a)})
	}
	var tr timeRange
	var first []float64
	for _, s := range sizes {
		if err := stopped(stop); err != nil {
			return chart.Line{}, nil, err
		}
		q := p
		q.Size = s
		t, err := times(q, algs)
		if err != nil {
			return chart.Line{}, nil, err
		}
		if first == nil {
			first = t
		}
		tr.add(&c, float64(s), t)
	}
	for _, g := range cost.GroupCrossovers(p, xs, cost.TieBand) {
		if g.Tie {
			c.Bands = append(c.Bands, chart.Band{X0: float64(g.LoBytes), X1: float64(g.HiBytes),
				Label: fmt.Sprintf("%s ≈ %s (within %g %%)", g.A, g.B, 100*cost.TieBand)})
			continue
		}
		c.Markers = append(c.Markers, chart.Marker{X: float64(g.LoBytes), Y: g.TimeS,
			Label: fmt.Sprintf("→ %s at %s", g.To, BytesLabel(float64(g.LoBytes)))})
	}
	name := p.Collective.Name()
	c.Title = fmt.Sprintf("%s time vs size (P = %d, %s)", name, p.Ranks, linkText(p))
	xlo, xhi := logAxes(&c, "size S (bytes, nccl-tests convention)", float64(sizes[0]), float64(sizes[len(sizes)-1]), BytesLabel, tr)
	c.Desc = fmt.Sprintf("Modelled time of one %s on %d ranks with links of %s, for S from %s to %s, "+
		"both axes logarithmic, for %s. %s", name, p.Ranks, linkText(p), BytesLabel(xlo), BytesLabel(xhi),
		joinAlgs(algs), cheapestText(algs, first, xs))
	return c, xs, nil
}

// cheapestText says which algorithm is cheapest over which sizes.
// first holds the times at the smallest size.
func cheapestText(algs []sched.Algorithm, first []float64, xs []Crossover) string {
	if len(xs) == 0 {
		return fmt.Sprintf("%s is the cheapest over the whole range; no crossover.", algs[argmin(first)])
	}
	parts := []string{fmt.Sprintf("%s is the cheapest below %s", xs[0].From, BytesLabel(float64(xs[0].SizeBytes)))}
	for _, x := range xs {
		parts = append(parts, fmt.Sprintf("%s from %s (%d bytes)", x.To, BytesLabel(float64(x.SizeBytes)), x.SizeBytes))
	}
	return "Cheapest: " + strings.Join(parts, ", then ") + "."
}

func joinAlgs(algs []sched.Algorithm) string {
	s := make([]string, len(algs))
	for i, a := range algs {
		s[i] = string(a)
	}
	return strings.Join(s, ", ")
}
