package ui

import (
	"bytes"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/vugu/vugu"
)

// Steps is the step-through view: one round of the schedule at a time, the
// ranks laid out per algorithm with an arrow per message (figure.StepGraph), every rank's
// chunks coloured by whose data they already hold (sim.NewRun), and the
// round's ledger (sim.RoundRanks). It owns the animation: the round shown,
// whether it plays and its speed.
type Steps struct {
	S       *State
	round   int  // the round shown (0 = before the first round)
	playing bool // the animation plays
	at      int  // State.Edits() when round and playing were set: a new question starts paused at 0
	speed   int  // rounds per second, 1 to 8 (0 = 1)
	gen     int  // bumped when play starts or stops, so an old ticker quits
	piped   bool // a pipelining algorithm is shown pipelined (else chunks = 1)
}

// AnimMaxRanks is the most ranks the animation draws; above it the view
// says why and shows the summary. Arrows for more ranks would not be legible.
const AnimMaxRanks = 64

// ChunkGridMaxRanks and ChunkGridMaxCells bound the chunk grid (P rows of
// work-buffer cells), which needs int64 bit masks (≤ 62 ranks) and a small
// DOM.
const (
	ChunkGridMaxRanks = 16
	ChunkGridMaxCells = 64
)

// AnimReason is why the animation is not offered ("" when it is).
func (c *Steps) AnimReason() string {
	s := c.S
	if s.P.Ranks > AnimMaxRanks {
		return s.Tf("a.toomany", s.P.Ranks, AnimMaxRanks)
	}
	if c.data().Sched == nil {
		return c.data().Reason
	}
	return ""
}

// AnimRounds is the number of rounds of the schedule, counted as core
// counts its steps (Schedule.Steps: a round of local copies only is part of
// the step after it).
func (c *Steps) AnimRounds() int { return len(c.stepRounds()) }

// stepRounds is the shown schedule's Schedule.StepRounds: the round index
// of each step. Cached per question and switch.
//
//go:noinline
func (c *Steps) stepRounds() []int {
	s := c.S
	return s.cached("steps-rounds-"+strconv.FormatBool(c.piped), func() any {
		if d := c.data(); d.Sched != nil {
			return d.Sched.StepRounds()
		}
		return []int(nil)
	}).([]int)
}

// roundOf is the schedule round of step t (1-based).
func (c *Steps) roundOf(t int) int { return c.stepRounds()[t-1] }

// pos is the round shown, clamped to the schedule: 0 for a question the
// round was not set for.
func (c *Steps) pos() int {
	if c.at != c.S.Edits() {
		return 0
	}
	return min(max(c.round, 0), c.AnimRounds())
}

// isPlaying reports whether the animation plays (a new question pauses it).
func (c *Steps) isPlaying() bool { return c.playing && c.at == c.S.Edits() }

// set shows round t (clamped) and plays or pauses; a ticker of another
// generation stops.
func (c *Steps) set(t int, playing bool) {
	if playing != c.isPlaying() {
		c.gen++
	}
	c.round, c.playing, c.at = min(max(t, 0), c.AnimRounds()), playing, c.S.Edits()
}

// pause stops the animation where it is.
func (c *Steps) pause() {
	if c.isPlaying() {
		c.set(c.pos(), false)
	}
}

// AnimLabel says which round is shown and its phase.
func (c *Steps) AnimLabel() string {
	s := c.S
	t := c.pos()
	if t == 0 {
		return s.Tf("a.before", c.AnimRounds())
	}
	d := c.data()
	return s.Tf("a.round", t, c.AnimRounds(), s.PhaseName(d.Sched.Rounds[c.roundOf(t)].Phase))
}

// AnimSVG draws the round shown on the algorithm's layout (figure.StepGraph:
// a circle for ring, the double binary tree's two trees for tree, a star
// for naive, a binomial tree, one box per node for hierarchical, a circle
// with chords for the rest); before the first round, the layout without
// arrows. Tree and node labels are translated here.
func (c *Steps) AnimSVG() vugu.HTML {
	s := c.S
	d := c.data()
	if d.Sched == nil || s.P.Ranks > AnimMaxRanks {
		return ""
	}
	t := c.pos()
	return s.cached("anim-svg-"+strconv.FormatBool(c.piped)+strconv.Itoa(t), func() any {
		g, err := figure.StepGraph(d.Sched, t, s.P.ElemSize, c.gpusPerNode(), 440, 440)
		if err != nil {
			return vugu.HTML("")
		}
		g.ID = "anim"
		g.Title = s.Tf("a.short", t, c.AnimRounds())
		if s.Lang == "zh" {
			g.Desc = s.Tf("a.desc", g.Title, s.CollName(string(s.P.Collective)), s.R.Algorithm, s.P.Ranks,
				s.T("a.layout."+figure.KindOf(s.P.Collective, sched.Algorithm(s.R.Algorithm), c.gpusPerNode())))
		}
		g.Caption = ""
		for i := range g.Notes {
			g.Notes[i].Text = s.T("a.tree" + strconv.Itoa(i))
		}
		for i := range g.Boxes {
			g.Boxes[i].Label = s.Tf("a.node", i)
		}
		var b bytes.Buffer
		g.WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
		svg := b.String()
		if i := strings.LastIndex(svg, "</svg>"); i >= 0 {
			svg = svg[:i] + c.tokens(g, d.Sched, t) + svg[i:]
		}
		return vugu.HTML(svg)
	}).(vugu.HTML)
}

// gpusPerNode is the GPUs per node the schedule was built with (0 = none).
func (c *Steps) gpusPerNode() int {
	s := c.S
	if sched.Algorithm(s.R.Algorithm) == sched.Hierarchical {
		return s.P.GPUsPerNode
	}
	return 0
}

// AnimLayout says how the animation lays the ranks out and what the arrow
// colours mean (figure.KindOf).
func (c *Steps) AnimLayout() string {
	s := c.S
	return s.T("a.layout." + figure.KindOf(s.P.Collective, sched.Algorithm(s.R.Algorithm), c.gpusPerNode()))
}

// RoundRow is one rank's traffic in the round shown.
type RoundRow struct{ Rank, Sent, Received, Reduced string }

// AnimRoundRows is the round's ledger: the ranks that send or receive in it
// (sim.RoundRanks), at most 16 rows, then a count of the rest.
func (c *Steps) AnimRoundRows() []RoundRow {
	s := c.S
	d := c.data()
	t := c.pos()
	if d.Sched == nil || t == 0 || s.P.Ranks > AnimMaxRanks {
		return nil
	}
	var out []RoundRow
	for r, b := range sim.RoundRanks(d.Sched, c.roundOf(t), s.P.ElemSize) {
		if b.Sent == 0 && b.Received == 0 {
			continue
		}
		if len(out) == 16 {
			out = append(out, RoundRow{Rank: "…"})
			break
		}
		out = append(out, RoundRow{strconv.Itoa(r), BytesShort(b.Sent), BytesShort(b.Received), BytesShort(b.Reduced)})
	}
	return out
}

// demo is a small run of the same collective, algorithm and P (one element
// per chunk), used only to colour the chunks; it is shown only when it has
// exactly the rounds of the real schedule.
type demo struct {
	s      *sched.Schedule
	inputs [][]int64
	ok     bool
}

// Not inlined: its cached closure would be copied into every caller
// (≈ 3–7 KB of wasm each).
//
//go:noinline
func (c *Steps) demoRun() demo {
	s := c.S
	return s.cached("demo-"+strconv.FormatBool(c.piped), func() any {
		real := c.data().Sched
		p := s.P
		if real == nil || p.Ranks > ChunkGridMaxRanks {
			return demo{}
		}
		// The same question with one element per chunk: P·k elements is k
		// per block for the blocked collectives and AllToAll, P·k in all
		// for the others (cost.Params.Spec).
		q := p
		q.Algorithm, q.Chunks, q.ElemSize = sched.Algorithm(s.R.Algorithm), 0, 1
		k := 1
		if sched.Pipelined(q.Collective, q.Algorithm) {
			k = max(real.Chunks, 1)
			q.Chunks = k
		}
		q.Size = int64(p.Ranks) * int64(k)
		ds, err := cost.ScheduleOf(q, LedgerMaxTransfers)
		if err != nil || !slices.Equal(ds.StepRounds(), c.stepRounds()) || len(ds.Rounds) != len(real.Rounds) || maxLen(ds.WorkLen) > ChunkGridMaxCells {
			return demo{}
		}
		sp := ds.Spec
		in := make([][]int64, p.Ranks)
		for r := range in {
			in[r] = make([]int64, max(sp.InLen(r), 0)) // Undefined (−1): no input
			for i := range in[r] {
				in[r][i] = 1 << r
			}
		}
		return demo{s: ds, inputs: in, ok: true}
	}).(demo)
}

// Cell is one element of a rank's work buffer in the chunk grid; Class
// marks the cells the round shown changed.
type Cell struct {
	Class, Style, Title, Text string
}

// GridRow is one rank's work buffer.
type GridRow struct {
	Rank  string
	Cells []Cell
}

// ChunkGrid runs the demo to the round shown (sim.NewRun) and colours every
// rank's work-buffer elements: for reducing collectives by how many ranks'
// data the element already holds (all P = complete), otherwise by the rank
// the data came from. Each rank's input is the bit 1<<rank, so a sum of
// distinct ranks is their set. O(rounds × transfers) of the demo.
func (c *Steps) ChunkGrid() []GridRow {
	s := c.S
	d := c.demoRun()
	if !d.ok {
		return nil
	}
	run, err := sim.NewRun(d.s, d.inputs)
	if err != nil {
		return nil
	}
	// Run through the shown step's round (its packing rounds included),
	// keeping the buffers as they were after the step before.
	var before [][]int64
	if t := c.pos(); t > 0 {
		from, to := 0, c.roundOf(t)
		if t > 1 {
			from = c.roundOf(t-1) + 1
		}
		for i := 0; i <= to; i++ {
			if i == from {
				before = make([][]int64, s.P.Ranks)
				for r := range before {
					before[r] = append([]int64(nil), run.Work(r)...)
				}
			}
			run.Step()
		}
	}
	p := s.P.Ranks
	reduces := s.P.Collective.Reduces()
	var out []GridRow
	for r := 0; r < p; r++ {
		row := GridRow{Rank: strconv.Itoa(r)}
		for i, v := range run.Work(r) {
			n := bits.OnesCount64(uint64(v))
			cell := Cell{Class: "chunk", Text: strconv.Itoa(n)}
			if before != nil && before[r][i] != v {
				cell.Class = "chunk chg"
			}
			switch {
			case v == 0:
				cell.Style, cell.Text, cell.Title = "background:#e4e7ec;color:#667085", "·", s.T("a.empty")
			case reduces:
				// Lightness falls from 85 % (one rank's data) to 30 % (all P).
				l := 85 - 55*float64(n-1)/float64(max(p-1, 1))
				cell.Style = "background:hsl(150,55%," + strconv.FormatFloat(l, 'f', 0, 64) + "%);color:" + textOn(l)
				cell.Title = s.Tf("a.holds", n, p)
			default:
				src := bits.TrailingZeros64(uint64(v))
				cell.Style = "background:" + chart.Palette[src%len(chart.Palette)] + ";color:#fff"
				cell.Text = strconv.Itoa(src)
				cell.Title = s.Tf("a.from", src)
			}
			row.Cells = append(row.Cells, cell)
		}
		out = append(out, row)
	}
	return out
}

func textOn(lightness float64) string {
	if lightness > 60 {
		return "#1b1f24"
	}
	return "#fff"
}

// GridStyle is the CSS grid template of the chunk grid.
func (c *Steps) GridStyle() string {
	if d := c.demoRun(); d.ok {
		return "grid-template-columns:2.5rem repeat(" + strconv.Itoa(maxLen(d.s.WorkLen)) + ",minmax(0,1fr))"
	}
	return ""
}

// GridLegend explains the colours.
func (c *Steps) GridLegend() string {
	s := c.S
	if s.P.Collective.Reduces() {
		return s.T("a.legend.reduce")
	}
	return s.T("a.legend.copy")
}

// StepBy moves the animation by delta rounds (clamped) and pauses it.
func (c *Steps) StepBy(delta int) {
	defer c.S.guard()
	c.set(c.pos()+delta, false)
}

// Scrub jumps to the round given as text (the range input's value) and
// pauses.
func (c *Steps) Scrub(v string) {
	defer c.S.guard()
	if t, err := strconv.Atoi(v); err == nil {
		c.set(t, false)
	}
}

// Speed is the speed in rounds per second.
func (c *Steps) Speed() int { return max(c.speed, 1) }

// SetSpeed sets the speed in rounds per second (1 to 8).
func (c *Steps) SetSpeed(v string) {
	defer c.S.guard()
	if n, err := strconv.Atoi(v); err == nil && n >= 1 && n <= 8 {
		c.speed = n
	}
}

// SpeedOptions are the speeds offered.
func (c *Steps) SpeedOptions() []Option {
	var out []Option
	for _, n := range []int{1, 2, 4, 8} {
		out = append(out, Option{Value: strconv.Itoa(n), Label: strconv.Itoa(n) + "×", Selected: c.Speed() == n})
	}
	return out
}

// PlayLabel is the play/pause button's text.
func (c *Steps) PlayLabel() string {
	if c.isPlaying() {
		return c.S.T("a.pause")
	}
	return c.S.T("a.play")
}

// Round is the round shown, as the scrubber's value.
func (c *Steps) Round() string { return strconv.Itoa(c.pos()) }

// Tick advances a playing animation by one round (stopping at the end) and
// reports whether it still plays. gen must be the generation the ticker was
// started with.
func (c *Steps) Tick(gen int) bool {
	defer c.S.guard()
	if !c.isPlaying() || gen != c.gen {
		return false
	}
	t := c.pos() + 1
	c.set(t, t < c.AnimRounds())
	return c.isPlaying()
}

// TogglePlay starts or pauses the animation (from the first round when it
// stands at the last). Playing starts a ticker that advances one round per
// 1/speed s under the event environment's lock and asks for a render after
// each round; it stops at the last round, on pause, or when anything else
// moves the animation or changes the question.
func (c *Steps) TogglePlay(e vugu.DOMEvent) {
	defer c.S.guard()
	if c.isPlaying() {
		c.set(c.pos(), false)
		return
	}
	t := c.pos()
	if t >= c.AnimRounds() {
		t = 0
	}
	c.set(t, true)
	gen, env := c.gen, e.EventEnv()
	if env == nil {
		return
	}
	go func() {
		for {
			env.RLock()
			d := time.Second / time.Duration(c.Speed())
			env.RUnlock()
			time.Sleep(d)
			env.Lock()
			more := c.Tick(gen)
			env.UnlockRender()
			if !more {
				return
			}
		}
	}()
}

func maxLen(v []int) int {
	m := 0
	for _, x := range v {
		m = max(m, x)
	}
	return m
}
