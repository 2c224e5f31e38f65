package figure

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// TimeVsRanks charts the modelled time of p's collective (p.Size bytes on
// p's links) against the communicator size for each algorithm: the
// lecture's Experiment 3 as a picture. ranks must be ascending and ≥ 2;
// p.Ranks and p.Algorithm are ignored (each point uses its own P and the
// algorithm's best chunk count). With nodes (p.GPUsPerNode > 0) a P that
// is not a whole number of nodes has no point; if no P is, the error says
// why. Both axes are logarithmic.
// O(len(ranks) × len(algs)) cost evaluations.
func TimeVsRanks(p cost.Params, ranks []int, algs []sched.Algorithm) (chart.Line, error) {
	return TimeVsRanksUntil(p, ranks, algs, nil)
}

// TimeVsRanksUntil is TimeVsRanks calling stop (when not nil) before each
// communicator size and returning its error, if any (see TimeVsSizeUntil).
func TimeVsRanksUntil(p cost.Params, ranks []int, algs []sched.Algorithm, stop func() error) (chart.Line, error) {
	if err := checkAlgorithms(p.Collective, algs); err != nil {
		return chart.Line{}, err
	}
	if len(ranks) == 0 {
		return chart.Line{}, fielderr.New("minranks", "figure.ranks.none")
	}
	for i, r := range ranks {
		if r < 2 || (i > 0 && r <= ranks[i-1]) {
			return chart.Line{}, fielderr.New("minranks", "figure.ranks.order", r)
		}
	}
	c := chart.Line{ID: "time-vs-ranks"}
	var tr timeRange
	last := make([]float64, len(algs))
	for _, a := range algs {
		c.Series = append(c.Series, chart.Series{Name: string(a)})
	}
	var firstErr error
	drawn, lastP := 0, 0
	for _, r := range ranks {
		if err := stopped(stop); err != nil {
			return chart.Line{}, err
		}
		q := p
		q.Ranks = r
		t, err := times(q, algs)
		if err != nil && p.GPUsPerNode > 0 && r%p.GPUsPerNode != 0 {
			firstErr = cmp.Or(firstErr, err)
			continue // not whole nodes of p.GPUsPerNode: no point at this P
		}
		if err != nil {
			return chart.Line{}, err
		}
		drawn, lastP = drawn+1, r
		tr.add(&c, float64(r), t)
		copy(last, t)
	}
	if drawn == 0 && firstErr != nil {
		return chart.Line{}, firstErr
	}
	name := p.Collective.Name()
	size := units.FormatBytes(float64(p.Size), true)
	c.Title = fmt.Sprintf("%s time vs ranks (%s, %s)", name, size, linkText(p))
	pmin, pmax := ranks[0], ranks[len(ranks)-1]
	logAxes(&c, "ranks P", float64(pmin), float64(pmax), RanksLabel, tr)
	var at []string
	for i, a := range algs {
		at = append(at, fmt.Sprintf("%s %s", a, cost.FormatSeconds(last[i])))
	}
	c.Desc = fmt.Sprintf("Modelled time of one %s of %s (S as nccl-tests counts it) on links of %s, "+
		"for P from %d to %d ranks, both axes logarithmic. At P = %d: %s; the cheapest there is %s.",
		name, size, linkText(p), pmin, pmax, lastP, strings.Join(at, ", "), algs[argmin(last)])
	return c, nil
}
