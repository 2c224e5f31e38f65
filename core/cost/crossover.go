package cost

import (
	"math"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
)

// Crossover is a size at which auto's choice changes: SizeBytes is the
// smallest size (a whole number of elements) at which To is the cheapest,
// and From was the cheapest one element below it.
type Crossover struct {
	SizeBytes int64  `json:"size_bytes"`
	From      string `json:"from"`
	To        string `json:"to"`
}

// CrossoverSamples is the scan density of Crossovers: sizes per doubling.
// Two changes of choice closer together than one sample step can be seen
// as one change (or none, if the choice changes back).
const CrossoverSamples = 16

// Crossovers returns, for the question p (its Algorithm is ignored: auto
// decides) and sizes from minBytes to maxBytes, every size at which auto's
// choice changes, in increasing order, each exact to the element: the
// closed forms are evaluated at CrossoverSamples geometric sizes per
// doubling, and wherever two neighbours choose differently a bisection on
// the element count finds the first size of the new choice. It returns an
// empty list when one algorithm wins throughout. O(log(max/min)·(16 +
// log n)) evaluations of auto, a few milliseconds at most.
func Crossovers(p Params, minBytes, maxBytes int64) ([]Crossover, error) {
	p.Algorithm = sched.Auto
	p.Chunks = 0
	e := int64(p.ElemSize)
	if e < 1 {
		return nil, fielderr.Errorf("dtype", "element size must be ≥ 1 byte, got %d", p.ElemSize)
	}
	lo, hi := max(minBytes, e)/e, maxBytes/e // element counts
	if hi < lo {
		return nil, fielderr.Errorf("maxbytes", "want a size range of at least one element: %d to %d bytes", minBytes, maxBytes)
	}
	p.Size = hi * e
	if err := p.Validate(); err != nil {
		return nil, err
	}
	pick := func(n int64) sched.Algorithm {
		q := p
		q.Size = n * e
		best, _ := choose(q)
		return best
	}
	var out []Crossover
	cur, at := pick(lo), lo
	step := math.Pow(2, 1.0/CrossoverSamples)
	for at < hi {
		next := min(hi, max(at+1, int64(math.Ceil(float64(at)*step))))
		w := pick(next)
		if w == cur {
			at = next
			continue
		}
		// smallest n in (at, next] whose choice differs from cur
		a, b := at, next
		for b-a > 1 {
			mid := a + (b-a)/2
			if pick(mid) == cur {
				a = mid
			} else {
				b = mid
			}
		}
		to := pick(b)
		out = append(out, Crossover{SizeBytes: b * e, From: string(cur), To: string(to)})
		cur, at = to, b
	}
	return out, nil
}

// RingTreeCrossover is the lecture's §5 crossover between ring AllReduce,
// 2(P−1)α + 2(P−1)/P·S·β + (P−1)/P·S·γ, and the pipelined tree,
// 2⌈log₂P⌉α + 2S·β + S·γ: they cost the same at
//
//	S* = P·(P−1−⌈log₂P⌉)·α / (β + γ/2)
//
// below which the tree is cheaper and above which the ring is. It is 0
// when P−1 ≤ ⌈log₂P⌉ (P ≤ 2: the ring is never slower) and when α = 0. O(1).
func RingTreeCrossover(p int, alpha, beta, gamma float64) float64 {
	d := float64(p - 1 - sched.Log2Ceil(p))
	if d <= 0 || alpha == 0 {
		return 0
	}
	return float64(p) * d * alpha / (beta + gamma/2)
}
