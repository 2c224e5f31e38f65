package cost

import (
	"math"

	"github.com/ccplay/ccplay/core/sched"
)

// TieBand is the band within which two algorithms count as tied when a
// chart groups their crossovers (GroupCrossovers): 1 %, well below what
// the α-β model can tell apart.
const TieBand = 0.01

// CrossoverGroup is one annotation of a crossover list: either a single
// crossover (Tie false, LoBytes == HiBytes) or a tie, a run of crossovers
// back and forth between the same two algorithms over which they stay
// within the band of each other, drawn as one shaded range. From is the
// cheapest just below LoBytes, To the cheapest from HiBytes on; A and B
// are the tied pair (From and To of the first crossover); Count is how
// many crossovers the group holds and MaxGap the largest relative gap
// between A and B sampled in the range (0 for a single crossover).
type CrossoverGroup struct {
	LoBytes  int64           `json:"lo_bytes"`
	HiBytes  int64           `json:"hi_bytes"`
	From     sched.Algorithm `json:"from"`
	To       sched.Algorithm `json:"to"`
	Tie      bool            `json:"tie"`
	A        sched.Algorithm `json:"a"`
	B        sched.Algorithm `json:"b"`
	Count    int             `json:"count"`
	MaxGap   float64         `json:"max_gap"`
	TimeS    float64         `json:"time_s"` // To's time at LoBytes (the first crossover's)
	EndTimeS float64         `json:"end_time_s"`
}

// GroupCrossovers groups a crossover list (CrossoversAmong's, for the
// question p) for drawing: consecutive crossovers between the same two
// algorithms join one tie while the two stay within band of each other
// (|tA − tB| ≤ band · min(tA, tB)) at every crossover of the run and at
// the geometric middle between neighbouring ones; any other crossover
// stands alone. The groups are in increasing size and cover xs in order
// (their Counts add up to len(xs)). O(len(xs)) closed forms.
func GroupCrossovers(p Params, xs []Crossover, band float64) []CrossoverGroup {
	f := finder{p: p}
	gap := func(n int64, a, b sched.Algorithm) float64 {
		ta, tb := f.time(n, a), f.time(n, b)
		return math.Abs(ta-tb) / math.Min(ta, tb)
	}
	e := int64(max(p.ElemSize, 1))
	var out []CrossoverGroup
	for i := 0; i < len(xs); {
		x := xs[i]
		g := CrossoverGroup{LoBytes: x.SizeBytes, HiBytes: x.SizeBytes, From: x.From, To: x.To, A: x.From, B: x.To,
			Count: 1, TimeS: x.ToTimeS, EndTimeS: x.ToTimeS}
		worst := gap(x.SizeBytes/e, x.From, x.To)
		j := i + 1
		for ; j < len(xs); j++ {
			y := xs[j]
			if !samePair(x, y) {
				break
			}
			mid := int64(math.Sqrt(float64(xs[j-1].SizeBytes/e) * float64(y.SizeBytes/e)))
			w := max(worst, gap(mid, x.From, x.To), gap(y.SizeBytes/e, x.From, x.To))
			if w > band {
				break
			}
			worst = w
			g.HiBytes, g.To, g.EndTimeS = y.SizeBytes, y.To, y.ToTimeS
			g.Count++
		}
		if g.Count > 1 {
			g.Tie, g.MaxGap = true, worst
		}
		out = append(out, g)
		i = j
	}
	return out
}

// samePair reports whether two crossovers are between the same two
// algorithms, in either direction.
func samePair(x, y Crossover) bool {
	return x.From == y.From && x.To == y.To || x.From == y.To && x.To == y.From
}
