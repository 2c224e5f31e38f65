package cost

import (
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// naiveForm: the star through the root (sched.buildNaive).
func naiveForm(c prim.Collective, s shape, m model) Terms {
	t := Terms{Exact: true}
	p, n := s.p, s.n
	if n == 0 {
		return t
	}
	full := s.bytes(n)
	blocks := split(n, p)
	switch c {
	case prim.SendRecv:
		t.add(1, 1, full, 0, m)
		t.MaxSent, t.Total = int64(full), p*int64(full)
	case prim.Broadcast:
		t.add(p-1, 1, full, 0, m)
		t.MaxSent, t.Total = (p-1)*int64(full), (p-1)*int64(full)
	case prim.Reduce:
		t.add(p-1, 1, full, full, m)
		t.MaxSent, t.Total = int64(full), (p-1)*int64(full)
	case prim.AllReduce:
		t.add(p-1, 1, full, full, m)
		t.add(p-1, 1, full, 0, m)
		t.MaxSent, t.Total = (p-1)*int64(full), 2*(p-1)*int64(full)
	case prim.Scatter, prim.Gather:
		own := blocks.size(s.root)
		starBlocks(&t, s, blocks, own, m)
		if c == prim.Scatter {
			t.MaxSent = int64(s.bytes(n - own))
		} else {
			t.MaxSent = int64(s.bytes(blocks.largestExcept(s.root)))
		}
		t.Total = int64(s.bytes(n - own))
	case prim.AllGather: // gather to 0, then broadcast the whole buffer
		starBlocks(&t, s, blocks, blocks.size(0), m)
		t.add(p-1, 1, full, 0, m)
		t.MaxSent = (p - 1) * int64(full)
		t.Total = int64(s.bytes(n-blocks.size(0))) + (p-1)*int64(full)
	case prim.ReduceScatter: // reduce the whole buffer to 0, then scatter
		t.add(p-1, 1, full, full, m)
		starBlocks(&t, s, blocks, blocks.size(0), m)
		t.MaxSent = max(int64(full), int64(s.bytes(n-blocks.size(0))))
		t.Total = (p-1)*int64(full) + int64(s.bytes(n-blocks.size(0)))
	case prim.AllToAll:
		naiveAllToAll(&t, s, blocks, m)
	}
	return t
}

// starBlocks adds the rounds of a star that moves every non-root block once:
// one round per non-empty block, all rounds together carrying n − own elements.
func starBlocks(t *Terms, s shape, blocks nearEqual, own int64, m model) {
	rounds := blocks.nonEmpty()
	if own > 0 {
		rounds--
	}
	if rounds == 0 {
		return
	}
	t.Steps += int(rounds)
	t.Latency += float64(rounds) * m.alpha
	t.Bandwidth += s.bytes(s.n-own) * m.beta
}

// largestExcept is the largest part other than part i.
func (ne nearEqual) largestExcept(i int64) int64 {
	if ne.parts < 2 {
		return 0
	}
	if ne.rem == 1 && i == 0 || ne.rem == 0 {
		return ne.q
	}
	return ne.q + 1
}

// naiveAllToAll: one round in which rank i sends its P−1 foreign blocks and
// receives P−1 blocks of its own size; the cost rule serialises them, so the
// round lasts as long as the busiest port over the two classes of rank (those
// whose block is ⌈n/P⌉ and those whose block is ⌊n/P⌋).
func naiveAllToAll(t *Terms, s shape, blocks nearEqual, m model) {
	p, n := s.p, s.n
	nz := blocks.nonEmpty()
	best, bestLat, bestBw := -1.0, 0.0, 0.0
	for _, c := range []int64{blocks.q + 1, blocks.q} {
		if c == blocks.q+1 && blocks.rem == 0 {
			continue
		}
		sendMsgs := nz
		if c > 0 {
			sendMsgs--
		}
		recvMsgs := int64(0)
		if c > 0 {
			recvMsgs = p - 1
		}
		for _, port := range [2][2]float64{
			{float64(sendMsgs) * m.alpha, s.bytes(n-c) * m.beta},
			{float64(recvMsgs) * m.alpha, s.bytes((p-1)*c) * m.beta},
		} {
			if port[0]+port[1] > best {
				best, bestLat, bestBw = port[0]+port[1], port[0], port[1]
			}
		}
	}
	t.Steps, t.Latency, t.Bandwidth = 1, bestLat, bestBw
	t.MaxSent = int64(s.bytes(n - blocks.q))
	t.Total = int64(s.bytes((p - 1) * n))
}

// naiveCost is Naive's closed form and formula.
var naiveCost = algorithmCost{
	id:   sched.Naive,
	form: naiveForm,
	formula: func(c prim.Collective) Formula {
		f := map[prim.Collective]string{
			prim.SendRecv:      "α + S·β",
			prim.Broadcast:     "(P−1)·(α + S·β)",
			prim.Reduce:        "(P−1)·(α + S·β + S·γ)",
			prim.AllReduce:     "2(P−1)·(α + S·β) + (P−1)·S·γ",
			prim.Scatter:       "(P−1)·α + (P−1)/P·S·β",
			prim.Gather:        "(P−1)·α + (P−1)/P·S·β",
			prim.AllGather:     "2(P−1)·α + (P−1)/P·S·β + (P−1)·S·β",
			prim.ReduceScatter: "2(P−1)·α + (P−1)·S·(β + γ) + (P−1)/P·S·β",
			prim.AllToAll:      "(P−1)·α + (P−1)/P·S·β",
		}[c]
		return form(plainForm(f), msg.New("cost.source.naive"), srcThakur)
	},
}
