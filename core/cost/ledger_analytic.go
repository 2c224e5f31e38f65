package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// AnalyticLedger is the byte ledger that sim.NewLedger (sim.NewClusterLedger
// when p has GPUs per node) derives from the executed schedule of p —
// every rank's bytes sent, received and reduced, per phase and in total,
// the per-round summaries, the busiest rank, the inter-node split — worked
// out from the algorithm's structure instead of from its transfers. ok is
// false where it has no such derivation (the caller builds the schedule and
// calls sim.NewLedger); p must be valid. It covers the ring algorithms:
// AllReduce, ReduceScatter and AllGather on the ring, and the pipelined
// chain of ring Broadcast and Reduce. TestAnalyticLedgerIsTheExecutedOne
// checks it equals the executed ledger field for field.
//
// O(P + rounds) time and memory, where the executed ledger is
// O(transfers) = O(P·rounds): a ring AllReduce on 1024 ranks is 2M
// transfers, here 1024 ranks and 2046 round summaries.
//
// Ring rounds (sched's buildRing): block sizes b₀ … b_{P−1}, Σ = n.
//
//	ReduceScatter: in round s rank r sends block r−s−1 to r+1, which reduces it:
//	  sent(r) = n − b_r, received(r) = reduced(r) = n − b_{r−1}
//	AllGather:     in round s rank r forwards block r−s:
//	  sent(r) = n − b_{r+1}, received(r) = n − b_r
//	every round moves each block once: n elements, max block, #non-empty blocks messages
//	Broadcast/Reduce: chain c₀ → c₁ → … → c_{P−1}, k chunks: every link carries all n;
//	  round t moves chunks t−i for i ∈ [max(0, t−k+1), min(t, P−2)]
func AnalyticLedger(p Params) (*sim.Ledger, bool) {
	if p.Validate() != nil || p.Ranks > sched.MaxRanks {
		return nil, false
	}
	p = concrete(p)
	if p.Algorithm != sched.Ring || p.Ranks < 2 {
		return nil, false
	}
	sp := p.Spec()
	e := int64(p.ElemSize)
	g := 0
	if p.GPUsPerNode > 0 {
		g = p.GPUsPerNode
	}
	l := &sim.Ledger{ElemSize: p.ElemSize, Ranks: make([]sim.Bytes, p.Ranks), Rounds: make([]sim.RoundSummary, 0, 2*p.Ranks), GPUsPerNode: g}
	switch p.Collective {
	case prim.AllReduce:
		off := sched.Split(sp.Count, p.Ranks)
		ringPhase(l, off, e, g, true)
		ringPhase(l, off, e, g, false)
	case prim.ReduceScatter:
		ringPhase(l, prim.Offsets(sp.Blocks()), e, g, true)
	case prim.AllGather:
		ringPhase(l, prim.Offsets(sp.Blocks()), e, g, false)
	case prim.Broadcast, prim.Reduce:
		k := p.Chunks
		if k == 0 {
			k = sched.DefaultChunks(p.Collective, p.Algorithm, p.Ranks, sp.Count)
		}
		chain := make([]int, p.Ranks)
		for i := range chain {
			chain[i] = (sp.Root + i) % p.Ranks
			if p.Collective == prim.Reduce {
				chain[i] = (sp.Root + 1 + i) % p.Ranks
			}
		}
		chainPhase(l, chain, sched.Split(sp.Count, k), e, g, p.Collective == prim.Reduce)
	default:
		return nil, false
	}
	for _, ph := range l.Phases {
		for r := range l.Ranks {
			addBytes(&l.Ranks[r], ph.Ranks[r])
		}
	}
	for r := range l.Ranks {
		if l.Ranks[r].Sent > l.Ranks[l.Busiest].Sent {
			l.Busiest = r
		}
	}
	return l, true
}

func addBytes(b *sim.Bytes, o sim.Bytes) {
	b.Sent += o.Sent
	b.Received += o.Received
	b.Reduced += o.Reduced
	b.InterSent += o.InterSent
	b.InterReceived += o.InterReceived
}

// crosses reports whether a message from rank a to rank b leaves its node
// (nodes of g ranks; g = 0: no nodes, nothing is counted).
func crosses(a, b, g int) bool { return g > 0 && a/g != b/g }

// ringPhase adds the P−1 rounds of a ring ReduceScatter (reduce) or
// AllGather over the blocks off. O(P) plus O(1) per round.
func ringPhase(l *sim.Ledger, off []int, e int64, g int, reduce bool) {
	p := len(off) - 1
	n := int64(off[p])
	if n == 0 {
		return // every transfer is empty: the builder adds no round
	}
	blk := func(i int) int64 { i = ((i % p) + p) % p; return int64(off[i+1] - off[i]) }
	var most int64
	nonEmpty := 0
	for i := 0; i < p; i++ {
		most = max(most, blk(i))
		if blk(i) > 0 {
			nonEmpty++
		}
	}
	name := "allgather"
	if reduce {
		name = "reduce-scatter"
	}
	ph := sim.PhaseBytes{Phase: name, Rounds: p - 1, Ranks: make([]sim.Bytes, p)}
	for r := 0; r < p; r++ {
		b := &ph.Ranks[r]
		if reduce {
			b.Sent, b.Received = (n-blk(r))*e, (n-blk(r-1))*e
			b.Reduced = b.Received
		} else {
			b.Sent, b.Received = (n-blk(r+1))*e, (n-blk(r))*e
		}
		if crosses(r, (r+1)%p, g) {
			b.InterSent = b.Sent
			l.InterBytes += b.Sent
		}
		if crosses((r-1+p)%p, r, g) {
			b.InterReceived = b.Received
		}
	}
	sum := sim.RoundSummary{Phase: name, Messages: nonEmpty, Bytes: n * e, MaxSent: most * e, MaxRecv: most * e}
	if reduce {
		sum.MaxReduce = most * e
	}
	for range p - 1 {
		l.Rounds = append(l.Rounds, sum)
		l.TotalBytes += sum.Bytes
		l.Steps++
	}
	l.Phases = append(l.Phases, ph)
}

// chainPhase adds the pipelined chain of ring Broadcast or Reduce: chunks
// off (k of them, near-equal) down chain. O(P + k).
func chainPhase(l *sim.Ledger, chain []int, off []int, e int64, g int, reduce bool) {
	p, k := len(chain), len(off)-1
	n := int64(off[k])
	name := "broadcast"
	if reduce {
		name = "reduce"
	}
	ph := sim.PhaseBytes{Phase: name, Ranks: make([]sim.Bytes, p)}
	// Chunk sizes are near-equal: the first rem chunks have q+1 elements.
	q, rem := off[k]/k, off[k]%k
	size := func(c int) int64 {
		if c < rem {
			return int64(q + 1)
		}
		return int64(q)
	}
	for t := 0; t < k+p-2; t++ {
		lo, hi := max(0, t-k+1), min(t, p-2) // positions i sending chunk t−i
		if lo > hi {
			continue
		}
		c0, c1 := t-hi, t-lo // the chunks moved: [c0, c1]
		var sum sim.RoundSummary
		sum.Phase = name
		// Σ size over [c0, c1] and how many are non-empty.
		sum.Bytes = (int64(off[c1+1]) - int64(off[c0])) * e
		switch {
		case q > 0:
			sum.Messages = c1 - c0 + 1
		case c0 < rem:
			sum.Messages = min(c1, rem-1) - c0 + 1
		}
		if sum.Messages == 0 {
			continue // an empty round is not added
		}
		sum.MaxSent = size(c0) * e // the largest chunk is the lowest index
		sum.MaxRecv = sum.MaxSent
		if reduce {
			sum.MaxReduce = sum.MaxSent
		}
		ph.Rounds++
		l.Rounds = append(l.Rounds, sum)
		l.TotalBytes += sum.Bytes
		l.Steps++
	}
	if ph.Rounds == 0 {
		return
	}
	for i := 0; i+1 < p; i++ {
		src, dst := chain[i], chain[i+1]
		ph.Ranks[src].Sent += n * e
		ph.Ranks[dst].Received += n * e
		if reduce {
			ph.Ranks[dst].Reduced += n * e
		}
		if crosses(src, dst, g) {
			ph.Ranks[src].InterSent += n * e
			ph.Ranks[dst].InterReceived += n * e
			l.InterBytes += n * e
		}
	}
	l.Phases = append(l.Phases, ph)
}
