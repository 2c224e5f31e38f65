package cost

import (
	"fmt"
	"math"
	"strings"

	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// Formula is a closed form, with the paper or lecture it comes from. Msg is
// the form as a message (its mathematics, and the words that explain its
// symbols where it has some); Text is Msg in English. SourceMsg is where
// it comes from as a message (papers keep their titles); Source is it in
// English.
type Formula struct {
	Text      string
	Msg       msg.Message
	Source    string
	SourceMsg msg.Message
}

// form is the Formula of the message m with its sources, "; "-joined.
func form(m msg.Message, sources ...msg.Message) Formula {
	src := sources[0]
	for _, s := range sources[1:] {
		src = msg.New("cost.source.and", src, s)
	}
	return Formula{m.String(), m, src.String(), src}
}

// plainForm is the message of a formula that is mathematics only.
func plainForm(f string) msg.Message { return msg.New("cost.formula", f) }

// folded is the message of a folded (MPICH non-power-of-two) form: f and
// what its symbols mean.
func folded(f string) msg.Message { return msg.New("cost.formula.folded", f) }

// The formulas' sources, as messages (core/msg): the lecture's sections
// are translated, a paper is cited as published (cost.source.paper).
var (
	srcLecture  = msg.New("cost.source.lecture")
	srcThakur   = msg.New("cost.source.paper", "Thakur, Rabenseifner & Gropp 2005, Optimization of Collective Communication Operations in MPICH")
	srcPatarsuk = msg.New("cost.source.paper", "Patarasuk & Yuan 2009, Bandwidth optimal all-reduce algorithms for clusters of workstations")
	srcSanders  = msg.New("cost.source.sanders", "Sanders, Speck & Träff 2009")
	srcBruck    = msg.New("cost.source.paper", "Bruck, Ho, Kipnis, Upfal & Weathersby 1997, Efficient algorithms for all-to-all communications in multiport message-passing systems")
	srcChan     = msg.New("cost.source.paper", "Chan, Heimlich, Purkayastha & van de Geijn 2007, Collective communication: theory, practice, and experience")
)

// formulaOf returns the closed form of (c, a) in the symbols of the lecture:
// P ranks, S bytes, α, β = 1/B, γ per byte reduced, L = ⌈log₂P⌉, K chunks,
// from a's registry entry (algorithmCost); empty for an unknown a.
func formulaOf(c prim.Collective, a sched.Algorithm) Formula {
	if e, ok := costOf(a); ok {
		return e.formula(c)
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
func topoNumbers(p Params, s shape, t Terms) msg.Message {
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
		return plainForm(strings.Join(parts, " + ") + " = " + FormatSeconds(t.Time()))
	}
	return msg.New("cost.numbers.rounds", t.Steps,
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
