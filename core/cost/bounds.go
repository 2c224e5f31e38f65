package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// LowerBound is the time no algorithm can beat under the model (Chan,
// Heimlich, Purkayastha & van de Geijn 2007, "Collective communication:
// theory, practice, and experience", Table 1): ⌈log₂P⌉·α (information
// doubles at best every round) + the bytes some rank must move·β + the
// bytes some rank must reduce·γ:
//
//	Broadcast, Reduce, SendRecv   S·β
//	Scatter, Gather, AllGather, ReduceScatter, AllToAll   (P−1)/P·S·β
//	AllReduce   2(P−1)/P·S·β
//	γ: (P−1)/P·S for Reduce, AllReduce and ReduceScatter.
//
// SendRecv's latency bound is α. P = 1 costs nothing. Scatter and Gather
// are bounded for the exact call Params.Spec prices: the root moves every
// block but its own, S − own·e bytes (= (P−1)/P·S when P | n), and only the
// m non-root ranks with a non-empty block need a message, ⌈log₂(m+1)⌉·α
// (= ⌈log₂P⌉·α when n ≥ P); Chan's even-block figures would exceed the cost
// of real schedules when P ∤ n.
type LowerBound struct {
	Latency, Bandwidth, Compute float64
}

// Total is the sum of the three bounds.
func (b LowerBound) Total() float64 { return b.Latency + b.Bandwidth + b.Compute }

func lowerBound(c prim.Collective, sh shape, m model) LowerBound {
	p, sizeBytes := sh.p, sh.n*sh.e
	if p == 1 || sizeBytes == 0 {
		return LowerBound{}
	}
	s := float64(sizeBytes)
	frac := float64(p-1) / float64(p)
	b := LowerBound{Latency: float64(sched.Log2Ceil(int(p))) * m.alpha}
	switch c {
	case prim.SendRecv:
		b.Latency = m.alpha
		b.Bandwidth = s * m.beta
	case prim.Broadcast:
		b.Bandwidth = s * m.beta
	case prim.Reduce:
		b.Bandwidth = s * m.beta
		b.Compute = frac * s * m.gamma
	case prim.AllReduce:
		b.Bandwidth = 2 * frac * s * m.beta
		b.Compute = frac * s * m.gamma
	case prim.ReduceScatter:
		b.Bandwidth = frac * s * m.beta
		b.Compute = frac * s * m.gamma
	case prim.Scatter, prim.Gather:
		blocks := split(sh.n, p)
		own := blocks.size(sh.root)
		others := blocks.nonEmpty() - b2i(own > 0)
		b.Latency = float64(sched.Log2Ceil(int(others+1))) * m.alpha
		b.Bandwidth = sh.bytes(sh.n-own) * m.beta
	default: // AllGather, AllToAll
		b.Bandwidth = frac * s * m.beta
	}
	return b
}
