package ui

import (
	"github.com/ccplay/ccplay/core/plan"
	"math"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// Derive is the derivation-cards view: the appendix's four drills with the
// user's numbers plugged in. Every result is cost.Evaluate's (or figure's);
// the cards only write the formula with the numbers substituted.
type Derive struct {
	S *State
}

// Card is one derivation or pitfall card: a title, lines of working, and a
// conclusion; OK marks a check that holds.
type Card struct {
	ID, Title string
	Lines     []string
	Result    string
}

// LineClass is the CSS class of a line of working: formulas with numbers
// (lines that contain "=" and no CJK or long prose) are set in monospace.
func LineClass(l string) string {
	if strings.Contains(l, "=") && !strings.ContainsFunc(l, func(r rune) bool { return r >= 0x2E80 }) && len(strings.Fields(l)) < 16 {
		return "mono"
	}
	return "line"
}

func itoa(n int) string { return strconv.Itoa(n) }

// DeriveCards are the four drills for the current P and M.
func (c *Derive) DeriveCards() []Card {
	s := c.S
	return s.cached("derive", func() any {
		P, M := s.P.Ranks, s.P.Size
		var cards []Card
		// 1. Ring AllReduce sends 2(P−1)/P·M per rank.
		if ring, ok := s.eval(prim.AllReduce, sched.Ring, P, M, 0); ok {
			cards = append(cards, Card{ID: "d-ring", Title: s.T("d1.title"), Lines: []string{
				s.T("d1.l1"), s.T("d1.l2"),
				"2·(P−1)/P·M = 2·" + itoa(P-1) + "/" + itoa(P) + "·" + BytesShort(M) + " = " + Bytes(ring.BytesSentPerRank),
				s.Tf("d1.l3", P, BytesShort(2*M)),
			}, Result: s.Tf("d1.r", Secs(ring.TimeS), ring.Steps)})
		}
		// 2. AllReduce = ReduceScatter + AllGather; ZeRO's memory.
		rs, ok1 := s.eval(prim.ReduceScatter, sched.Ring, P, M, 0)
		ag, ok2 := s.eval(prim.AllGather, sched.Ring, P, M, 0)
		ar, ok3 := s.eval(prim.AllReduce, sched.Ring, P, rs.SizeBytes, 0)
		if ok1 && ok2 && ok3 && P > 1 {
			sum := rs.TimeS + ag.TimeS
			mark := "✓"
			if math.Abs(sum-ar.TimeS) > 1e-9*ar.TimeS {
				mark = "≠"
			}
			cards = append(cards, Card{ID: "d-rsag", Title: s.T("d2.title"), Lines: []string{
				s.T("d2.l1"),
				"ReduceScatter " + Secs(rs.TimeS) + " + AllGather " + Secs(ag.TimeS) + " = " + Secs(sum) + " " + mark + " AllReduce " + Secs(ar.TimeS),
				s.Tf("d2.l2", BytesShort(rs.BytesSentPerRank), BytesShort(ag.BytesSentPerRank), BytesShort(ar.BytesSentPerRank)),
				s.Tf("d2.zero", strconv.FormatFloat(zeroState(70e9, plan.DDP, 1)/1e9, 'g', 5, 64)),
				s.Tf("d2.zero2", P, strconv.FormatFloat(zeroState(70e9, plan.Zero3, P)/1e9, 'g', 4, 64)),
			}, Result: s.T("d2.r")})
		}
		// 3. Ring vs tree under α-β, and why small messages pick the tree.
		{
			small := int64(4096)
			rb, ok1 := s.eval(prim.AllReduce, sched.Ring, P, M, 0)
			tb, ok2 := s.eval(prim.AllReduce, sched.Tree, P, M, 0)
			rsm, ok3 := s.eval(prim.AllReduce, sched.Ring, P, small, 0)
			tsm, ok4 := s.eval(prim.AllReduce, sched.Tree, P, small, 0)
			if ok1 && ok2 && ok3 && ok4 && P > 1 {
				lines := []string{
					"T_ring = 2(P−1)·α + 2(P−1)/P·M/B",
					"T_tree = 2⌈log₂P⌉·α + 2·M/B  (" + s.T("d3.model") + ")",
					s.Tf("d3.at", BytesShort(M), Secs(rb.LatencyTermS), Secs(rb.BandwidthTermS), Secs(tb.LatencyTermS), Secs(tb.BandwidthTermS)),
					s.Tf("d3.at", BytesShort(small), Secs(rsm.LatencyTermS), Secs(rsm.BandwidthTermS), Secs(tsm.LatencyTermS), Secs(tsm.BandwidthTermS)),
				}
				q := s.P
				q.Collective = prim.AllReduce
				res := s.T("d3.nox")
				if xs, err := figure.Crossovers(q, []sched.Algorithm{sched.Tree, sched.Ring}, chartSizes(q)); err == nil && len(xs) > 0 {
					x := xs[0]
					res = s.Tf("d3.x", x.From, BytesShort(x.SizeBytes), x.To)
				}
				cards = append(cards, Card{ID: "d-ringtree", Title: s.T("d3.title"), Lines: lines, Result: res})
			}
		}
		// 4. Hierarchical AllReduce: 128 nodes × 8 GPUs, NVLink inside, IB
		// between (your α on both); the phases and the inter-node bytes are
		// core's (cost.HierarchicalPhases, Result.Topology).
		const nodes, gpus = 128, 8
		nv, ib := 450e9, 50e9
		flat, ok1 := s.eval(prim.AllReduce, sched.Ring, nodes*gpus, M, ib)
		hp := s.P
		hp.Collective, hp.Algorithm, hp.Ranks, hp.Root, hp.Chunks, hp.Slow = prim.AllReduce, sched.Hierarchical, nodes*gpus, 0, 0, topo.Slow{}
		hp.Size = cost.RoundSize(prim.AllReduce, nodes*gpus, hp.ElemSize, M)
		hp.Bandwidth, hp.Efficiency, hp.GPUsPerNode, hp.IntraBandwidth, hp.IntraLatency = ib, 1, gpus, nv, hp.Latency
		hier, err1 := evaluate(hp)
		phs, err2 := cost.HierarchicalPhases(hp)
		if ok1 && err1 == nil && err2 == nil && hier.Topology != nil && hier.Topology.FlatRing != nil {
			inter := phs[1].TimeS() + phs[2].TimeS()
			cards = append(cards, Card{ID: "d-hier", Title: s.T("d4.title"), Lines: []string{
				s.T("d4.setup"),
				s.Tf("d4.flat", Secs(flat.TimeS), flat.Steps, BytesShort(hier.Topology.FlatRing.InterBytesPerRank)),
				s.Tf("d4.hier", Secs(phs[0].TimeS()), Secs(inter), Secs(phs[3].TimeS()), Secs(hier.TimeS)),
				s.Tf("d4.bytes", BytesShort(hier.Topology.InterBytesPerRank), BytesShort(hier.Topology.FlatRing.InterBytesPerRank), BytesShort(gpus*hier.Topology.InterBytesPerRank)),
			}, Result: s.Tf("d4.r", strconv.FormatFloat(flat.TimeS/hier.TimeS, 'f', 1, 64), flat.Steps, hier.Steps)})
		}
		return cards
	}).([]Card)
}

// zeroState is the training state of psi parameters per rank at a ZeRO stage
// over p ranks, from core/plan (16 B per parameter for mixed-precision Adam).
func zeroState(psi float64, z plan.Zero, p int) float64 {
	w, g, o := plan.ShardedState(psi, z, p)
	return w + g + o
}
