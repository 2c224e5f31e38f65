package figure

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// checkAlgorithms refuses an empty list, duplicates and algorithms that do
// not apply to c (naming those that do), on field "algorithms".
func checkAlgorithms(c prim.Collective, algs []sched.Algorithm) error {
	if len(algs) == 0 {
		return fielderr.New("algorithms", "figure.algorithms.none", c, sched.Applicable(c))
	}
	seen := map[sched.Algorithm]bool{}
	for _, a := range algs {
		if seen[a] {
			return fielderr.New("algorithms", "figure.algorithms.twice", a)
		}
		seen[a] = true
		if err := sched.Check(c, a); err != nil {
			return fielderr.On("algorithms", err)
		}
	}
	return nil
}

// times evaluates every algorithm at the parameters p (Algorithm and Chunks
// are overridden: each algorithm gets its best chunk count) with
// cost.Quick: the closed form's time, the same number as cost.Evaluate's
// time_s, without text or schedule. O(len(algs)).
func times(p cost.Params, algs []sched.Algorithm) ([]float64, error) {
	out := make([]float64, len(algs))
	for i, a := range algs {
		q := p
		q.Algorithm, q.Chunks = a, 0
		t, _, err := cost.Quick(q)
		if err != nil {
			return nil, err
		}
		out[i] = t.Time()
	}
	return out, nil
}

// stopped is stop's error, or nil when there is no stop function.
func stopped(stop func() error) error {
	if stop == nil {
		return nil
	}
	return stop()
}

// argmin is the index of the smallest time (the first on ties).
func argmin(t []float64) int {
	best := 0
	for i, v := range t {
		if v < t[best] {
			best = i
		}
	}
	return best
}
