package cost

import (
	"math"
	"math/bits"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
)

// Crossover is a size at which the cheapest algorithm changes: SizeBytes
// (a whole number of elements) is a size at which To is the cheapest and
// From was the cheapest one element below it. FromTimeS and ToTimeS are
// the two closed-form times at SizeBytes (each algorithm with its best
// chunk count).
type Crossover struct {
	SizeBytes int64           `json:"size_bytes"`
	From      sched.Algorithm `json:"from"`
	To        sched.Algorithm `json:"to"`
	FromTimeS float64         `json:"from_time_s"`
	ToTimeS   float64         `json:"to_time_s"`
}

// CrossoverSamples is the scan density of CrossoversAmong: grid sizes per
// doubling.
const CrossoverSamples = 16

// Crossovers is CrossoversAmong with every applicable algorithm: the sizes
// at which auto's choice changes.
func Crossovers(p Params, minBytes, maxBytes int64) ([]Crossover, error) {
	return CrossoversAmong(p, nil, minBytes, maxBytes)
}

// CrossoversAmong is the one crossover finder of the CLI, the API and the
// playground. For the question p (its Size, Algorithm and Chunks are
// ignored) it returns, in increasing order, sizes from minBytes to maxBytes
// at which the cheapest of algs changes (nil: every applicable algorithm,
// as auto chooses; ties go to the algorithm listed first), each exact to
// the element: at SizeBytes To is the cheapest, one element below From is.
// Consecutive crossovers chain (each From is the previous To).
//
// Method and tolerance: the closed forms are evaluated at the range's ends
// and at a fixed grid of element counts, ⌈2^(i/CrossoverSamples)⌉ for
// integer i, the same for every range, so two ranges list the same
// crossovers wherever they overlap (away from a range's last grid step).
// Between two neighbouring grid sizes whose cheapest differs, bisection on
// the element count finds a change, and again from there until the
// cheapest is the one at the upper grid size. A change and a change back
// between two grid sizes (an algorithm cheapest for less than about 4 % of
// the size, e.g. a near tie that uneven chunk rounding tips) is not seen.
//
// Cost: O((log₂(max/min)·CrossoverSamples + crossovers·log₂ n)·len(algs))
// closed forms, a few milliseconds.
func CrossoversAmong(p Params, algs []sched.Algorithm, minBytes, maxBytes int64) ([]Crossover, error) {
	return CrossoversAmongUntil(p, algs, minBytes, maxBytes, nil)
}

// CrossoversAmongUntil is CrossoversAmong calling stop (when not nil)
// before each grid step and returning its error, if any: a server passes
// its request context's Err so that a search stops within one grid step
// (len(algs) closed forms) of the client going away.
func CrossoversAmongUntil(p Params, algs []sched.Algorithm, minBytes, maxBytes int64, stop func() error) ([]Crossover, error) {
	p.Algorithm, p.Chunks = sched.Auto, 0
	e := int64(p.ElemSize)
	if e < 1 {
		return nil, fielderr.New("dtype", "cost.elem_size.min", p.ElemSize)
	}
	lo, hi := max(minBytes, e)/e, maxBytes/e // element counts
	if hi < lo {
		return nil, fielderr.New("maxbytes", "cost.crossover.range", minBytes, maxBytes)
	}
	p.Size = hi * e
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if algs == nil {
		algs = sched.Applicable(p.Collective)
	}
	for _, a := range algs {
		if err := sched.Check(p.Collective, a); err != nil {
			return nil, err
		}
	}
	f := finder{p: p, algs: algs}
	var out []Crossover
	cur := f.pick(lo)
	for a := lo; a < hi; {
		if stop != nil {
			if err := stop(); err != nil {
				return nil, err
			}
		}
		b := min(hi, nextGrid(a))
		target := f.pick(b)
		for target != cur {
			// a change in (a, b]: the first n with pick(n) ≠ cur by bisection
			l, r := a, b
			for r-l > 1 {
				mid := l + (r-l)/2
				if f.pick(mid) == cur {
					l = mid
				} else {
					r = mid
				}
			}
			to := f.pick(r)
			out = append(out, Crossover{SizeBytes: r * e, From: cur, To: to, FromTimeS: f.time(r, cur), ToTimeS: f.time(r, to)})
			cur, a = to, r
		}
		a = b
	}
	return out, nil
}

// nextGrid is the smallest grid size ⌈2^(i/CrossoverSamples)⌉ above n ≥ 1
// (element counts). O(CrossoverSamples).
func nextGrid(n int64) int64 {
	d := 63 - bits.LeadingZeros64(uint64(n)) // 2^d ≤ n
	for ; d < 63; d++ {
		for j := 0; j < CrossoverSamples; j++ {
			g := int64(math.Ceil(math.Ldexp(math.Exp2(float64(j)/CrossoverSamples), d)))
			if g > n {
				return g
			}
		}
	}
	return math.MaxInt64
}

// finder evaluates the closed forms of algs at element counts.
type finder struct {
	p    Params
	algs []sched.Algorithm
}

// time is algorithm a's closed-form time at n elements (best chunks).
func (f finder) time(n int64, a sched.Algorithm) float64 {
	q := f.p
	q.Size, q.Algorithm, q.Chunks = n*int64(f.p.ElemSize), a, 0
	return terms(q).Time()
}

// pick is the cheapest of algs at n elements, the first listed on ties.
func (f finder) pick(n int64) sched.Algorithm {
	best, bestT := f.algs[0], 0.0
	for i, a := range f.algs {
		if t := f.time(n, a); i == 0 || t < bestT {
			best, bestT = a, t
		}
	}
	return best
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
