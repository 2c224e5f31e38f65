package figure

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
)

// Crossover is a size at which the cheapest algorithm changes
// (cost.Crossover: From is the cheapest one element below SizeBytes, To at
// it; the two times are the model's at SizeBytes).
type Crossover = cost.Crossover

// Crossovers is cost.CrossoversAmong over the range of the sweep sizes
// (ascending positive multiples of p.ElemSize): the one finder, whose
// crossovers every face prints. The sweep only sets the range; ties go to
// the algorithm listed first. Cost: that of cost.CrossoversAmong.
func Crossovers(p cost.Params, algs []sched.Algorithm, sizes []int64) ([]Crossover, error) {
	return crossovers(p, algs, sizes, nil)
}

// crossovers is Crossovers, calling stop as cost.CrossoversAmongUntil does.
func crossovers(p cost.Params, algs []sched.Algorithm, sizes []int64, stop func() error) ([]Crossover, error) {
	if err := checkAlgorithms(p.Collective, algs); err != nil {
		return nil, err
	}
	if p.ElemSize < 1 {
		return nil, fielderr.New("dtype", "cost.elem_size.min", p.ElemSize)
	}
	if len(sizes) == 0 {
		return nil, fielderr.New("minbytes", "figure.sizes.none")
	}
	e := int64(p.ElemSize)
	for i, s := range sizes {
		if s <= 0 || s%e != 0 || (i > 0 && s <= sizes[i-1]) {
			return nil, fielderr.New("minbytes", "figure.sizes.order", e, s)
		}
	}
	return cost.CrossoversAmongUntil(p, algs, sizes[0], sizes[len(sizes)-1], stop)
}
