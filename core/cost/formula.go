package cost

import (
	"fmt"
	"math"
	"strings"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// Formula is a closed form as text, with the paper or lecture it comes from.
type Formula struct {
	Text   string
	Source string
}

const (
	srcLecture  = "lecture 09 §4.4 (ring AllReduce) and §7.3 (Experiment 3)"
	srcThakur   = "Thakur, Rabenseifner & Gropp 2005, Optimization of Collective Communication Operations in MPICH"
	srcPatarsuk = "Patarasuk & Yuan 2009, Bandwidth optimal all-reduce algorithms for clusters of workstations"
	srcSanders  = "Sanders, Speck & Träff 2009 (two-tree algorithms); the lecture's §5 tree model"
	srcBruck    = "Bruck, Ho, Kipnis, Upfal & Weathersby 1997, Efficient algorithms for all-to-all communications in multiport message-passing systems"
	srcChan     = "Chan, Heimlich, Purkayastha & van de Geijn 2007, Collective communication: theory, practice, and experience"
	// foldNote explains the symbols of the folded (MPICH non-power-of-two) forms.
	foldNote = "; L' = ⌊log₂P⌋, P' = 2^L', r = P − P', δ = 1 if P is not a power of two (fold-in and fold-out rounds of the r extra ranks), else 0"
)

// formulaOf returns the closed form of (c, a) in the symbols of the lecture:
// P ranks, S bytes, α, β = 1/B, γ per byte reduced, L = ⌈log₂P⌉, K chunks.
func formulaOf(c prim.Collective, a sched.Algorithm) Formula {
	switch a {
	case sched.Naive:
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
		return Formula{f, "lecture §2 (naive master); " + srcThakur}
	case sched.Ring:
		f := map[prim.Collective]string{
			prim.AllReduce:     "2(P−1)·α + 2(P−1)/P·S·β + (P−1)/P·S·γ",
			prim.ReduceScatter: "(P−1)·α + (P−1)/P·S·(β + γ)",
			prim.AllGather:     "(P−1)·α + (P−1)/P·S·β",
			prim.Broadcast:     "(K+P−2)·(α + S/K·β)",
			prim.Reduce:        "(K+P−2)·(α + S/K·(β + γ))",
		}[c]
		return Formula{f, srcLecture + "; " + srcPatarsuk}
	case sched.Binomial:
		f := map[prim.Collective]string{
			prim.Broadcast: "L·(α + S·β)",
			prim.Reduce:    "L·(α + S·β + S·γ)",
			prim.AllReduce: "2L·(α + S·β) + L·S·γ",
			prim.Scatter:   "L·α + (P−1)/P·S·β",
			prim.Gather:    "L·α + (P−1)/P·S·β",
		}[c]
		return Formula{f, srcThakur}
	case sched.Tree:
		f := map[prim.Collective]string{
			prim.AllReduce: "2L·α + 2·S·β + S·γ",
			prim.Broadcast: "L·α + S·β",
			prim.Reduce:    "L·α + S·β + S·γ",
		}[c]
		return Formula{f, srcSanders}
	case sched.Pairwise:
		if c == prim.ReduceScatter {
			return Formula{"(P−1)·α + (P−1)/P·S·(β + γ)", srcThakur}
		}
		return Formula{"(P−1)·(α + S/P·β)", srcThakur}
	case sched.RecursiveDoubling:
		f := map[prim.Collective]string{
			prim.AllReduce: "(L'+2δ)·(α + S·β) + (L'+δ)·S·γ",
			prim.AllGather: "(L'+2δ)·α + (P'−1 + Σ_{k<L'} min(2^k, r))/P·S·β + δ·(S/P + S)·β",
		}[c]
		return Formula{f + foldNote, srcThakur}
	case sched.RecursiveHalving:
		return Formula{"(L'+2δ)·α + (P'−1 + Σ_{k<L'} min(2^k, r))/P·S·(β + γ) + δ·(S·(β + γ) + S/P·β)" + foldNote, srcThakur}
	case sched.Rabenseifner:
		f := map[prim.Collective]string{
			prim.AllReduce: "2L'·α + 2(P'−1)/P'·S·β + (P'−1)/P'·S·γ + δ·(2α + 2S·β + S·γ)",
			prim.Reduce:    "2L'·α + 2(P'−1)/P'·S·β + (P'−1)/P'·S·γ + δ·(α + S·(β + γ))",
		}[c]
		return Formula{f + foldNote, srcThakur}
	case sched.Bruck:
		f := map[prim.Collective]string{
			prim.AllGather: "L·α + (P−1)/P·S·β",
			prim.AllToAll:  "L·α + Σ_{k<L} |J_k|·S/P·β, |J_k| = #{j < P : bit k of j set} (= L·(α + S/2·β) on a power of two)",
		}[c]
		return Formula{f, srcBruck + "; " + srcThakur}
	case sched.Hierarchical:
		return Formula{"2(g−1)·α₁ + 2(g−1)/g·S·β₁ + 2(k−1)·α₂ + 2(k−1)/k·(S/g)·β₂ + ((g−1)/g·S + (k−1)/k·S/g)·γ " +
			"(g GPUs per node on links α₁, β₁; k nodes on links α₂, β₂; uneven counts use the largest piece ⌈S/g⌉ and sub-chunk ⌈⌈S/g⌉/k⌉; on one flat network the ring's)",
			"the lecture's §9 (intra-node ReduceScatter → inter-node AllReduce per local rank → intra-node AllGather); " + srcThakur}
	case sched.ScatterAllgather:
		return Formula{"2L'·α + 2(P'−1)/P'·S·β + δ·(α + S·β)" + foldNote, srcThakur + "; " + srcChan}
	}
	return Formula{}
}

// numbers writes the evaluated terms as the formula's value: steps × α +
// critical-path bytes ÷ B + reduced bytes × γ = time.
func numbers(t Terms, m model, bw float64) string {
	var parts []string
	alpha := 0.0
	if t.Steps > 0 {
		alpha = t.Latency / float64(t.Steps)
	}
	parts = append(parts, fmt.Sprintf("%d × %s", t.Steps, FormatSeconds(alpha)))
	parts = append(parts, fmt.Sprintf("%s ÷ %s", units.FormatBytes(math.Round(t.Bandwidth*bw), false), units.Bandwidth(bw).String()))
	if m.gamma > 0 && t.Compute > 0 {
		parts = append(parts, fmt.Sprintf("%s × %g s/B", units.FormatBytes(math.Round(t.Compute/m.gamma), false), m.gamma))
	}
	return strings.Join(parts, " + ") + " = " + FormatSeconds(t.Time())
}

// topoNumbers writes the evaluated terms of a closed form on a cluster,
// where α and β differ by round: the hierarchical form phase by phase, any
// other as its three terms.
func topoNumbers(p Params, s shape, t Terms) string {
	if p.Algorithm == sched.Hierarchical && p.GPUsPerNode > 0 && !p.Slow.Active() && s.n > 0 {
		c := p.Cluster()
		g, k := int64(c.GPUsPerNode), int64(c.Nodes())
		c1 := split(s.n, g).largest()
		c2 := split(c1, k).largest()
		var parts []string
		if g > 1 {
			parts = append(parts, fmt.Sprintf("2×%d×(%s + %s ÷ %s)", g-1, FormatSeconds(c.Intra.Alpha),
				units.FormatBytes(s.bytes(c1), false), units.Bandwidth(c.Intra.Bandwidth)))
		}
		if k > 1 {
			parts = append(parts, fmt.Sprintf("2×%d×(%s + %s ÷ %s)", k-1, FormatSeconds(c.Inter.Alpha),
				units.FormatBytes(s.bytes(c2), false), units.Bandwidth(c.Inter.Bandwidth)))
		}
		if t.Compute > 0 {
			parts = append(parts, FormatSeconds(t.Compute)+" γ")
		}
		return strings.Join(parts, " + ") + " = " + FormatSeconds(t.Time())
	}
	return fmt.Sprintf("%d steps: %s α + %s β + %s γ (each round on the link it waits for) = %s", t.Steps,
		FormatSeconds(t.Latency), FormatSeconds(t.Bandwidth), FormatSeconds(t.Compute), FormatSeconds(t.Time()))
}

// FormatSeconds writes a model time for people with four significant
// figures in the unit that keeps the number in [1, 1000): "3.740 ms",
// "5.000 µs", "0 s".
func FormatSeconds(s float64) string {
	switch a := math.Abs(s); {
	case s == 0:
		return "0 s"
	case a < 1e-6:
		return fmt.Sprintf("%.4g ns", s*1e9)
	case a < 1e-3:
		return fmt.Sprintf("%.4g µs", s*1e6)
	case a < 1:
		return fmt.Sprintf("%.4g ms", s*1e3)
	}
	return fmt.Sprintf("%.4g s", s)
}
