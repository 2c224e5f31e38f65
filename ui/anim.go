package ui

import (
	"bytes"
	"math/bits"
	"strconv"
	"time"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/vugu/vugu"
)

// Anim is the step-through view's state: the round shown (0 = before the
// first round), whether it plays, and its speed in rounds per second.
type Anim struct {
	Round   int
	Playing bool
	Speed   int
	gen     int // bumped when play starts or stops, so an old ticker quits
}

// Steps is the step-through view: one round of the schedule at a time, the
// ranks laid out per algorithm with an arrow per message (figure.StepGraph), every rank's
// chunks coloured by whose data they already hold (sim.NewRun), and the
// round's ledger (sim.RoundRanks).
type Steps struct {
	S *State
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
func (s *State) AnimReason() string {
	if s.P.Ranks > AnimMaxRanks {
		return s.Tf("a.toomany", s.P.Ranks, AnimMaxRanks)
	}
	if s.ledgerData().Sched == nil {
		return s.ledgerData().Reason
	}
	return ""
}

// AnimRounds is the number of rounds of the schedule.
func (s *State) AnimRounds() int {
	if d := s.ledgerData(); d.Sched != nil {
		return len(d.Sched.Rounds)
	}
	return 0
}

// round is the round shown, clamped to the schedule.
func (s *State) round() int { return min(max(s.Anim.Round, 0), s.AnimRounds()) }

// AnimLabel says which round is shown and its phase.
func (s *State) AnimLabel() string {
	t := s.round()
	if t == 0 {
		return s.Tf("a.before", s.AnimRounds())
	}
	d := s.ledgerData()
	return s.Tf("a.round", t, s.AnimRounds(), d.Sched.Rounds[t-1].Phase)
}

// AnimSVG draws the round shown on the algorithm's layout (figure.StepGraph:
// a circle for ring, the double binary tree's two trees for tree, a star
// for naive, a binomial tree, one box per node for hierarchical, a circle
// with chords for the rest); before the first round, the layout without
// arrows. Tree and node labels are translated here.
func (s *State) AnimSVG() vugu.HTML {
	d := s.ledgerData()
	if d.Sched == nil || s.P.Ranks > AnimMaxRanks {
		return ""
	}
	t := s.round()
	return s.cached("anim-svg-"+strconv.Itoa(t), func() any {
		g, err := figure.StepGraph(d.Sched, t, s.P.ElemSize, s.gpusPerNode(), 440, 440)
		if err != nil {
			return vugu.HTML("")
		}
		g.ID = "anim"
		g.Title = s.Tf("a.short", t, s.AnimRounds())
		g.Caption = ""
		for i := range g.Notes {
			g.Notes[i].Text = s.T("a.tree" + strconv.Itoa(i))
		}
		for i := range g.Boxes {
			g.Boxes[i].Label = s.Tf("a.node", i)
		}
		var b bytes.Buffer
		g.WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
		return vugu.HTML(b.String())
	}).(vugu.HTML)
}

// gpusPerNode is the GPUs per node the schedule was built with (0 = none).
func (s *State) gpusPerNode() int {
	if sched.Algorithm(s.R.Algorithm) == sched.Hierarchical {
		return s.P.GPUsPerNode
	}
	return 0
}

// AnimLayout says how the animation lays the ranks out and what the arrow
// colours mean (figure.KindOf).
func (s *State) AnimLayout() string {
	return s.T("a.layout." + figure.KindOf(s.P.Collective, sched.Algorithm(s.R.Algorithm), s.gpusPerNode()))
}

// RoundRow is one rank's traffic in the round shown.
type RoundRow struct{ Rank, Sent, Received, Reduced string }

// AnimRoundRows is the round's ledger: the ranks that send or receive in it
// (sim.RoundRanks), at most 16 rows, then a count of the rest.
func (s *State) AnimRoundRows() []RoundRow {
	d := s.ledgerData()
	t := s.round()
	if d.Sched == nil || t == 0 || s.P.Ranks > AnimMaxRanks {
		return nil
	}
	var out []RoundRow
	for r, b := range sim.RoundRanks(d.Sched, t-1, s.P.ElemSize) {
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
func (s *State) demoRun() demo {
	return s.cached("demo", func() any {
		real := s.ledgerData().Sched
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
			k = max(s.R.Chunks, 1)
			q.Chunks = k
		}
		q.Size = int64(p.Ranks) * int64(k)
		ds, err := cost.ScheduleOf(q, LedgerMaxTransfers)
		if err != nil || len(ds.Rounds) != len(real.Rounds) || maxLen(ds.WorkLen) > ChunkGridMaxCells {
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

// Cell is one element of a rank's work buffer in the chunk grid.
type Cell struct {
	Style, Title, Text string
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
func (s *State) ChunkGrid() []GridRow {
	d := s.demoRun()
	if !d.ok {
		return nil
	}
	run, err := sim.NewRun(d.s, d.inputs)
	if err != nil {
		return nil
	}
	for i := 0; i < s.round(); i++ {
		run.Step()
	}
	p := s.P.Ranks
	reduces := s.P.Collective.Reduces()
	var out []GridRow
	for r := 0; r < p; r++ {
		row := GridRow{Rank: strconv.Itoa(r)}
		for _, v := range run.Work(r) {
			n := bits.OnesCount64(uint64(v))
			c := Cell{Text: strconv.Itoa(n)}
			switch {
			case v == 0:
				c.Style, c.Text, c.Title = "background:#e4e7ec;color:#667085", "·", s.T("a.empty")
			case reduces:
				// Lightness falls from 85 % (one rank's data) to 30 % (all P).
				l := 85 - 55*float64(n-1)/float64(max(p-1, 1))
				c.Style = "background:hsl(150,55%," + strconv.FormatFloat(l, 'f', 0, 64) + "%);color:" + textOn(l)
				c.Title = s.Tf("a.holds", n, p)
			default:
				src := bits.TrailingZeros64(uint64(v))
				c.Style = "background:" + chart.Palette[src%len(chart.Palette)] + ";color:#fff"
				c.Text = strconv.Itoa(src)
				c.Title = s.Tf("a.from", src)
			}
			row.Cells = append(row.Cells, c)
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
func (s *State) GridStyle() string {
	if d := s.demoRun(); d.ok {
		return "grid-template-columns:2.5rem repeat(" + strconv.Itoa(maxLen(d.s.WorkLen)) + ",minmax(0,1fr))"
	}
	return ""
}

// GridLegend explains the colours.
func (s *State) GridLegend() string {
	if s.P.Collective.Reduces() {
		return s.T("a.legend.reduce")
	}
	return s.T("a.legend.copy")
}

// StepBy moves the animation by delta rounds (clamped) and pauses it.
func (s *State) StepBy(delta int) {
	defer s.guard()
	s.Anim.Playing = false
	s.Anim.gen++
	s.Anim.Round = min(max(s.round()+delta, 0), s.AnimRounds())
}

// Scrub jumps to the round given as text (the range input's value).
func (s *State) Scrub(v string) {
	defer s.guard()
	if t, err := strconv.Atoi(v); err == nil {
		s.Anim.Playing = false
		s.Anim.gen++
		s.Anim.Round = min(max(t, 0), s.AnimRounds())
	}
}

// SetSpeed sets the speed in rounds per second (1 to 8).
func (s *State) SetSpeed(v string) {
	defer s.guard()
	if n, err := strconv.Atoi(v); err == nil && n >= 1 && n <= 8 {
		s.Anim.Speed = n
	}
}

// SpeedOptions are the speeds offered.
func (s *State) SpeedOptions() []Option {
	var out []Option
	for _, n := range []int{1, 2, 4, 8} {
		out = append(out, Option{Value: strconv.Itoa(n), Label: strconv.Itoa(n) + "×", Selected: s.Anim.Speed == n})
	}
	return out
}

// PlayLabel is the play/pause button's text.
func (s *State) PlayLabel() string {
	if s.Anim.Playing {
		return s.T("a.pause")
	}
	return s.T("a.play")
}

// Tick advances a playing animation by one round (stopping at the end) and
// reports whether it still plays. gen must be the generation the ticker was
// started with.
func (s *State) Tick(gen int) bool {
	defer s.guard()
	if !s.Anim.Playing || gen != s.Anim.gen {
		return false
	}
	if s.round() >= s.AnimRounds() {
		s.Anim.Playing = false
		return false
	}
	s.Anim.Round = s.round() + 1
	if s.Anim.Round >= s.AnimRounds() {
		s.Anim.Playing = false
	}
	return s.Anim.Playing
}

// TogglePlay starts or pauses the animation. Playing starts a ticker that
// advances one round per 1/speed s under the event environment's lock and
// asks for a render after each round; it stops at the last round, on pause,
// or when anything else moves the animation.
func (c *Steps) TogglePlay(e vugu.DOMEvent) {
	s := c.S
	defer s.guard()
	s.Anim.gen++
	if s.Anim.Playing {
		s.Anim.Playing = false
		return
	}
	if s.round() >= s.AnimRounds() {
		s.Anim.Round = 0
	}
	s.Anim.Playing = true
	gen, env := s.Anim.gen, e.EventEnv()
	if env == nil {
		return
	}
	go func() {
		for {
			env.RLock()
			d := time.Second / time.Duration(max(s.Anim.Speed, 1))
			env.RUnlock()
			time.Sleep(d)
			env.Lock()
			more := s.Tick(gen)
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
