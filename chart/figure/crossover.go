package figure

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
)

// Crossover is a size at which the cheapest algorithm changes: below
// SizeBytes (at SizeBytes − ElemSize) From is the cheapest, at SizeBytes To
// is. Times are the model's at SizeBytes.
type Crossover struct {
	From      sched.Algorithm `json:"from"`
	To        sched.Algorithm `json:"to"`
	SizeBytes int64           `json:"size_bytes"`
	FromTimeS float64         `json:"from_time_s"`
	ToTimeS   float64         `json:"to_time_s"`
}

// MaxCrossoverEvaluations bounds the cost evaluations of one Crossovers call
// (each evaluates every algorithm once).
const MaxCrossoverEvaluations = 4096

// Crossovers finds where the cheapest of algs changes as the size grows over
// the sweep sizes (ascending, each a positive multiple of p.ElemSize). It
// evaluates every algorithm at each sweep size (cost.Quick with p's other
// parameters and the best chunk count); between two neighbouring sizes whose
// cheapest algorithm differs it bisects on whole elements until it has the
// exact first size at which the new one is cheapest. If a third algorithm
// wins in between, both changes are found. A change and a change back
// between two sweep sizes is not seen: refine the sweep to find it.
// Ties go to the algorithm listed first.
//
// Cost: O(len(sizes) + crossovers × log₂(size gap in elements)) evaluations
// of every algorithm, at most MaxCrossoverEvaluations.
func Crossovers(p cost.Params, algs []sched.Algorithm, sizes []int64) ([]Crossover, error) {
	xs, _, err := crossovers(p, algs, sizes)
	return xs, err
}

// crossovers is Crossovers, also returning the finder with its memoised
// evaluations (every sweep size among them).
func crossovers(p cost.Params, algs []sched.Algorithm, sizes []int64) ([]Crossover, *finder, error) {
	if err := checkAlgorithms(p.Collective, algs); err != nil {
		return nil, nil, err
	}
	if p.ElemSize < 1 {
		return nil, nil, fielderr.Errorf("dtype", "element size must be ≥ 1 byte, got %d", p.ElemSize)
	}
	if len(sizes) == 0 {
		return nil, nil, fielderr.Errorf("minbytes", "want at least one size")
	}
	e := int64(p.ElemSize)
	for i, s := range sizes {
		if s <= 0 || s%e != 0 || (i > 0 && s <= sizes[i-1]) {
			return nil, nil, fielderr.Errorf("minbytes", "sweep sizes must be ascending positive multiples of %d bytes, got %d", e, s)
		}
	}
	f := &finder{p: p, algs: algs, memo: map[int64][]float64{}}
	var out []Crossover
	if _, err := f.cheapest(sizes[0] / e); err != nil {
		return nil, nil, err
	}
	for i := 0; i+1 < len(sizes); i++ {
		lo, hi := sizes[i]/e, sizes[i+1]/e
		a, err := f.cheapest(lo)
		if err != nil {
			return nil, nil, err
		}
		b, err := f.cheapest(hi)
		if err != nil {
			return nil, nil, err
		}
		if a != b {
			if out, err = f.refine(out, lo, hi, a, b); err != nil {
				return nil, nil, err
			}
		}
	}
	return out, f, nil
}

// finder memoises evaluations by element count.
type finder struct {
	p     cost.Params
	algs  []sched.Algorithm
	memo  map[int64][]float64
	evals int
}

func (f *finder) times(n int64) ([]float64, error) {
	if t, ok := f.memo[n]; ok {
		return t, nil
	}
	if f.evals++; f.evals > MaxCrossoverEvaluations {
		return nil, fielderr.Errorf("maxbytes", "finding the crossovers needs more than %d evaluations; narrow the sweep", MaxCrossoverEvaluations)
	}
	q := f.p
	q.Size = n * int64(f.p.ElemSize)
	t, err := times(q, f.algs)
	if err != nil {
		return nil, err
	}
	f.memo[n] = t
	return t, nil
}

func (f *finder) cheapest(n int64) (int, error) {
	t, err := f.times(n)
	if err != nil {
		return 0, err
	}
	return argmin(t), nil
}

// refine appends the changes of the cheapest algorithm in (lo, hi] given
// that a is cheapest at lo and b ≠ a at hi (element counts).
func (f *finder) refine(out []Crossover, lo, hi int64, a, b int) ([]Crossover, error) {
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		c, err := f.cheapest(mid)
		if err != nil {
			return nil, err
		}
		switch c {
		case a:
			lo = mid
		case b:
			hi = mid
		default: // a third algorithm: a→c in (lo, mid], c→b in (mid, hi]
			if out, err = f.refine(out, lo, mid, a, c); err != nil {
				return nil, err
			}
			return f.refine(out, mid, hi, c, b)
		}
	}
	t := f.memo[hi]
	return append(out, Crossover{From: f.algs[a], To: f.algs[b], SizeBytes: hi * int64(f.p.ElemSize),
		FromTimeS: t[a], ToTimeS: t[b]}), nil
}
