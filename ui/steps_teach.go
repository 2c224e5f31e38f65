package ui

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// pipelinable reports whether the question's algorithm pipelines chunks
// (the tree; ring Broadcast and Reduce), so the view offers the
// "pipelined" switch.
func (c *Steps) pipelinable() bool {
	return sched.Pipelined(c.S.P.Collective, sched.Algorithm(c.S.R.Algorithm))
}

// data is the schedule the view steps through: the question's, except that
// a pipelining algorithm runs unpipelined (chunks = 1), the form to learn
// from, until the "pipelined" switch is on. Cached per question.
//
//go:noinline
func (c *Steps) data() LedgerData {
	s := c.S
	if !c.pipelinable() || c.piped {
		return s.ledgerData()
	}
	return s.cached("steps-unpiped", func() any { return scheduleData(s, sched.Algorithm(s.R.Algorithm), 1) }).(LedgerData)
}

// scheduleData is the schedule of the question by algorithm a with k
// chunks (0: the default), or why there is none.
func scheduleData(s *State, a sched.Algorithm, k int) LedgerData {
	p := s.P
	p.Algorithm, p.Chunks = a, k
	if p.Ranks > sched.MaxRanks {
		return LedgerData{Reason: s.Tf("l.toomanyranks", p.Ranks, sched.MaxRanks)}
	}
	sc, err := cost.ScheduleOf(p, LedgerMaxTransfers)
	if err != nil {
		return LedgerData{Reason: s.Tf("l.toobig", s.ErrMsg(err))}
	}
	return LedgerData{Sched: sc}
}

// Piped reports whether the "pipelined" switch is on.
func (c *Steps) Piped() bool { return c.piped }

// ShowPipe reports whether the view offers the "pipelined" switch.
func (c *Steps) ShowPipe() bool { return c.pipelinable() && c.AnimReason() == "" }

// TogglePipe switches between the unpipelined and the pipelined schedule
// and goes back to round 0.
func (c *Steps) TogglePipe() {
	defer c.S.guard()
	c.piped = !c.piped
	c.set(0, false)
}

// PipeNote says what chunking buys: the rounds and the executed time of
// the unpipelined and the pipelined schedule (sim.Price of each).
func (c *Steps) PipeNote() string {
	s := c.S
	one := s.cached("steps-unpiped", func() any { return scheduleData(s, sched.Algorithm(s.R.Algorithm), 1) }).(LedgerData)
	many := s.ledgerData()
	if one.Sched == nil || many.Sched == nil {
		return ""
	}
	t1 := sim.Price(one.Sched, s.P.ElemSize, s.P.Model()).Total()
	tk := sim.Price(many.Sched, s.P.ElemSize, s.P.Model()).Total()
	return s.Tf("a.pipe.note", len(one.Sched.Rounds), Secs(t1), max(many.Sched.Chunks, 1), len(many.Sched.Rounds), Secs(tk))
}

// Caption says in words what the round shown does (sched.CaptionOf): the
// ring's shift as "rank i sends chunk (i − s) mod P to rank i + 1", any
// other round as its messages; before round 1, what to press.
func (c *Steps) Caption() string {
	s := c.S
	d := c.data()
	t := c.pos()
	if d.Sched == nil || t == 0 {
		return s.T("a.cap.start")
	}
	cp := sched.CaptionOf(d.Sched, t-1)
	verb := "copy"
	if cp.Reduce {
		verb = "reduce"
	}
	head := s.Tf("a.cap.head", cp.Round, cp.Rounds, s.PhaseName(cp.Phase))
	if cp.Shift {
		return head + s.Tf("a.cap.shift."+verb, chunkExpr(cp.Offset, d.Sched.Spec.Ranks))
	}
	var b strings.Builder
	for i, x := range cp.Pairs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(x.Src) + " → " + strconv.Itoa(x.Dst))
		if x.Chunk >= 0 {
			b.WriteString(" (" + s.Tf("a.cap.chunk", x.Chunk) + ")")
		}
	}
	if cp.More > 0 {
		b.WriteString(s.Tf("a.cap.more", cp.More))
	}
	return head + s.Tf("a.cap.pairs."+verb, b.String())
}

// chunkExpr is the ring's chunk index as a formula of the sender i:
// "i", "(i − 2) mod 8".
func chunkExpr(off, p int) string {
	if off == 0 {
		return "i"
	}
	return "(i − " + strconv.Itoa(-off) + ") mod " + strconv.Itoa(p)
}

// DoneCheck is "done ✓" at the last round: the demo run's outputs against
// the collective's definition (prim.Reference); "" before the end or
// without a demo.
func (c *Steps) DoneCheck() string {
	s := c.S
	if c.pos() == 0 || c.pos() < c.AnimRounds() {
		return ""
	}
	d := c.demoRun()
	if !d.ok {
		return s.Tf("a.done", c.AnimRounds())
	}
	got, err := sim.Execute(d.s, d.inputs)
	if err != nil {
		return ""
	}
	want, err := prim.Reference(d.s.Spec, d.inputs)
	if err != nil {
		return ""
	}
	for r := range want {
		if len(got[r]) != len(want[r]) {
			return s.Tf("a.done.bad", r)
		}
		for i := range want[r] {
			if got[r][i] != want[r][i] {
				return s.Tf("a.done.bad", r)
			}
		}
	}
	return s.Tf("a.done.ok", c.AnimRounds(), string(s.P.Collective))
}

// tokens are the chunks the round shown sends, one per arrow of g, drawn
// as numbered dots coloured by chunk index that move from the sender's rim
// to the receiver's along the arrow's chart.Graph.DotPath (CSS animation;
// at rest half-way under prefers-reduced-motion), which the arrows' labels
// keep clear of. ASCII SVG.
func (c *Steps) tokens(g chart.Graph, sc *sched.Schedule, t int) string {
	if t == 0 || len(g.Arrows) > 64 {
		return ""
	}
	off := sched.ChunkOffsets(sc)
	half := len(off) / 2
	chunks := map[[2]int][]int{}
	for _, x := range sc.Rounds[c.roundOf(t)].Transfers {
		if x.Src != x.Dst {
			k := [2]int{int(x.Src), int(x.Dst)}
			chunks[k] = append(chunks[k], sched.ChunkAt(off, x))
		}
	}
	var b strings.Builder
	for _, a := range g.Arrows {
		if a.From >= len(g.Nodes) || a.To >= len(g.Nodes) {
			continue
		}
		src, _ := strconv.Atoi(g.Nodes[a.From].Label)
		dst, _ := strconv.Atoi(g.Nodes[a.To].Label)
		ks := chunks[[2]int{src, dst}]
		if len(ks) == 0 {
			continue
		}
		k := ks[0]
		for _, x := range ks {
			if (x >= half) == (a.Colour == 1) {
				k = x
			}
		}
		from, to, ok := g.DotPath(a)
		if !ok {
			continue
		}
		x, y, dx, dy := from.X, from.Y, to.X-from.X, to.Y-from.Y
		fill, label := "#667085", ""
		if k >= 0 {
			fill, label = chart.Palette[k%len(chart.Palette)], strconv.Itoa(k)
		}
		b.WriteString(`<g class="tok" style="--dx:` + px(dx) + `;--dy:` + px(dy) + `"><circle cx="` + num(x) + `" cy="` + num(y) +
			`" r="` + strconv.Itoa(chart.DotR) + `" fill="` + fill + `" stroke="#fff" stroke-width="1.5"/><text x="` + num(x) + `" y="` + num(y+3.5) +
			`" text-anchor="middle" font-size="10" fill="#fff">` + label + `</text></g>`)
	}
	return b.String()
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

func px(x float64) string { return num(x) + "px" }
