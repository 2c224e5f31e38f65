package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// ringForm is exact for sched.buildRing.
//
// AllReduce (Patarasuk & Yuan 2009; the lecture's §4): 2(P−1) rounds of one
// chunk of at most ⌈n/P⌉ elements per port, the first P−1 reducing:
//
//	T = 2(P−1)·α + 2(P−1)·⌈S/P⌉·β + (P−1)·⌈S/P⌉·γ   (= 2(P−1)α + 2(P−1)/P·S·β + … when P | n)
//
// Rank r skips chunk r in ReduceScatter and chunk r+1 in AllGather, so it
// sends 2S − c_r − c_{r+1}. ReduceScatter and AllGather are either half.
// Broadcast/Reduce are the pipelined chain with K chunks: K+P−2 rounds.
func ringForm(c prim.Collective, s shape, m model) Terms {
	t := Terms{Exact: true}
	p, n := s.p, s.n
	if n == 0 {
		return t
	}
	chunks := split(n, p)
	big := s.bytes(chunks.largest())
	switch c {
	case prim.AllReduce:
		t.add(p-1, 1, big, big, m)
		t.add(p-1, 1, big, 0, m)
		t.MaxSent = int64(s.bytes(2*n - chunks.smallestAdjacentPair()))
		t.Total = int64(s.bytes(2 * (p - 1) * n))
	case prim.ReduceScatter, prim.AllGather:
		red := 0.0
		if c == prim.ReduceScatter {
			red = big
		}
		t.add(p-1, 1, big, red, m)
		t.MaxSent = int64(s.bytes(n - chunks.q))
		t.Total = int64(s.bytes((p - 1) * n))
	case prim.Broadcast, prim.Reduce:
		chainForm(&t, s, c == prim.Reduce, m)
		t.MaxSent = int64(s.bytes(n))
		t.Total = int64(s.bytes((p - 1) * n))
	}
	return t
}

// smallestAdjacentPair is min over i of part i + part i+1 (cyclically).
func (ne nearEqual) smallestAdjacentPair() int64 {
	if ne.parts-ne.rem >= 2 || ne.rem == 0 {
		return 2 * ne.q
	}
	return 2*ne.q + 1
}

// chainForm: K near-equal chunks down a chain of P ranks, K+P−2 rounds; round
// t carries chunks max(0, t−P+2) … min(t, K−1), so it carries one of the
// n mod K larger chunks exactly when t < (n mod K) + P − 2.
func chainForm(t *Terms, s shape, reduce bool, m model) {
	ch := split(s.n, s.k)
	rounds := s.k + s.p - 2
	bigRounds := int64(0)
	if ch.rem > 0 {
		bigRounds = ch.rem + s.p - 2
	}
	for _, r := range [2]struct {
		n     int64
		elems int64
	}{{bigRounds, ch.q + 1}, {rounds - bigRounds, ch.q}} {
		b := s.bytes(r.elems)
		red := 0.0
		if reduce {
			red = b
		}
		t.add(r.n, 1, b, red, m)
	}
}

// bestChainChunks picks the K in [1, n] that minimises the chain's time:
// the continuous optimum K* = √((P−2)·β·S/α) (its derivative's zero), then
// the better of its two integer neighbours under the exact closed form.
func bestChainChunks(s shape, reduce bool, m model) int64 {
	if s.n <= 1 || s.p <= 2 {
		return 1
	}
	if m.alpha == 0 {
		return s.n
	}
	kStar := sqrt(float64(s.p-2) * m.beta * s.bytes(s.n) / m.alpha)
	best, bestT := int64(1), -1.0
	for _, k := range []int64{int64(kStar), int64(kStar) + 1} {
		k = min(max(k, 1), s.n)
		c := s
		c.k = k
		var t Terms
		chainForm(&t, c, reduce, m)
		if bestT < 0 || t.Time() < bestT {
			best, bestT = k, t.Time()
		}
	}
	return best
}

// ringCost is Ring's closed form and formula.
var ringCost = algorithmCost{
	id:   sched.Ring,
	form: ringForm,
	formula: func(c prim.Collective) Formula {
		f := map[prim.Collective]string{
			prim.AllReduce:     "2(P−1)·α + 2(P−1)/P·S·β + (P−1)/P·S·γ",
			prim.ReduceScatter: "(P−1)·α + (P−1)/P·S·(β + γ)",
			prim.AllGather:     "(P−1)·α + (P−1)/P·S·β",
			prim.Broadcast:     "(K+P−2)·(α + S/K·β)",
			prim.Reduce:        "(K+P−2)·(α + S/K·(β + γ))",
		}[c]
		return form(plainForm(f), srcLecture, srcPatarsuk)
	},
}
