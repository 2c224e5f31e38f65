package ui

import (
	"math"
	"strconv"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/units"
	"github.com/vugu/vugu"
)

// Fabric is the fabric view: the question's executed schedule simulated on
// a fat-tree or rail fabric (cost.StudyFabric) — the switches and cables
// drawn and coloured by utilisation, the hottest link named, and the time
// of the question, ring AllReduce and AllToAll at oversubscription 1, 2, 4
// and 8 beside each one's time without contention. Every number is core's.
type Fabric struct {
	S     *State
	kind  string
	ratio float64
	done  fabricDone // the last study finished
	job   *FabricJob // the study under way, nil when none
	// badKind and badRatio are the URL's fabric.kind and fabric.ratio
	// when they match no button (nil: none), until a button of theirs is
	// pressed (URLErr).
	badKind, badRatio *string
}

// fabricTransfers is the page's budget: each schedule the study simulates
// has at most this many transfers (pairwise AllToAll on 256 ranks).
const fabricTransfers = 1 << 16

func newFabric(s *State) *Fabric { return &Fabric{S: s, kind: fabric.FatTree, ratio: 4} }

// FabricChoice is one button of the view's own controls.
type FabricChoice struct {
	ID, Label string
	Pressed   bool
	Set       func()
}

// Kinds are the fabric buttons.
func (c *Fabric) Kinds() []FabricChoice {
	var out []FabricChoice
	for _, k := range []string{fabric.FatTree, fabric.Rail} {
		out = append(out, FabricChoice{ID: "fb-" + k, Label: c.S.T("fb." + k), Pressed: c.kind == k, Set: func() { defer c.S.guard(); c.kind, c.badKind = k, nil }})
	}
	return out
}

// Ratios are the oversubscription buttons.
func (c *Fabric) Ratios() []FabricChoice {
	var out []FabricChoice
	for _, r := range cost.FabricRatios {
		out = append(out, FabricChoice{ID: "fb-r" + ratioText(r), Label: ratioText(r) + ":1", Pressed: c.ratio == r, Set: func() { defer c.S.guard(); c.ratio, c.badRatio = r, nil }})
	}
	return out
}

func ratioText(r float64) string { return strconv.FormatFloat(r, 'g', -1, 64) }

// Pressed is a button's aria-pressed value.
func (b FabricChoice) PressedAttr() string { return strconv.FormatBool(b.Pressed) }

// fabricState is the study for the current question, kind and ratio:
// its answer or error, or running while a FabricJob computes it.
type fabricState struct {
	st      cost.FabricStudy
	err     string
	running bool
}

// params is the question on the view's fabric: leaves of a quarter of the
// nodes (so that four leaves are drawn), the α-β model.
func (c *Fabric) params() cost.Params {
	p := c.S.P
	p.CostModel = ""
	nodes := p.Ranks / max(p.GPUsPerNode, 1)
	p.Fabric = fabric.Spec{Kind: c.kind, Oversubscription: c.ratio, LeafNodes: max(1, nodes/4)}
	return p
}

// state is the study of params(): the one finished last if it is that
// question's; else the one the page was handed for it (HandOver); else
// computed at once when small (DeferFabricTransfers), or left to a
// FabricJob (running), which replaces any older one.
func (c *Fabric) state() fabricState {
	p := c.params()
	if !c.done.ok || c.done.p != p {
		if c.job != nil && c.job.p == p {
			return fabricState{running: true}
		}
		c.job = nil
		if st, ok := c.S.handedStudy(p); ok {
			c.done = fabricDone{ok: true, p: p, st: st, sliced: true}
			return fabricState{st: st}
		}
		run, err := cost.StartStudy(p, fabricTransfers)
		if err == nil && run.Transfers() > DeferFabricTransfers {
			c.job = &FabricJob{p: p, run: run, field: "ranks"}
			return fabricState{running: true}
		}
		var st cost.FabricStudy
		if err == nil {
			_, err = run.Advance(math.MaxInt64)
			st = run.Study()
		}
		c.done = fabricDone{ok: true, p: p, st: st, err: err}
	}
	if c.done.err != nil {
		return fabricState{err: c.S.ErrMsg(c.done.err) + c.S.budgetNote(c.done.err, func(f string) string { return c.S.T("f." + f) })}
	}
	return fabricState{st: c.done.st}
}

// Err is why nothing is drawn ("" when the study ran).
func (c *Fabric) Err() string { return c.state().err }

// Has reports whether the study ran.
func (c *Fabric) Has() bool { return c.state().err == "" && c.state().st.Drawing != nil }

// Summary is the headline: the question's simulated time beside its time
// without contention.
func (c *Fabric) Summary() string {
	st := c.state().st
	r, f := st.Result, st.Result.Fabric
	return c.S.Tf("fb.summary", c.S.CollName(r.Collective), c.S.AlgName(r.Algorithm), ratioText(c.ratio), Secs(r.TimeS), Secs(f.IdealTimeS), f.Slowdown)
}

// BelowIdeal is core's word on a simulated time below the one without
// contention (cost.FabricResult.SlowdownNoteMsg) in the page's language;
// "" when it is not below.
func (c *Fabric) BelowIdeal() string {
	return c.S.say(c.state().st.Result.Fabric.SlowdownNoteMsg)
}

// Layout describes the fabric drawn.
func (c *Fabric) Layout() string {
	st := c.state().st
	d, f := st.Drawing, st.Result.Fabric
	return c.S.Tf("fb.layout", len(d.Spines), len(d.Leaves), f.LeafNodes, len(d.Nodes), f.UplinksPerLeaf)
}

// Hottest names the hottest link and its utilisation.
func (c *Fabric) Hottest() string {
	h := c.state().st.Drawing.Hottest
	return c.S.Tf("fb.hottest", h.From, h.To, units.FormatShare(h.Utilisation, 0))
}

// Bisection is AllToAll's bisection bound at the view's ratio ("" when
// the question is not an AllToAll).
func (c *Fabric) Bisection() string {
	f := c.state().st.Result.Fabric
	if f.BisectionBoundS <= 0 {
		return ""
	}
	return c.S.Tf("fb.bisection", ratioText(c.ratio), Secs(f.BisectionBoundS))
}

// SVG is the drawing laid out for a wide window; NarrowSVG the same for a
// phone. The page holds both and its style sheet shows one by the window's
// width, so the server's page (no script) reads on a phone too.
func (c *Fabric) SVG() vugu.HTML { return vugu.HTML(c.chart("fb-svg").SVG()) }

// NarrowSVG is the drawing laid out for a phone (chart.Fabric.NarrowSVG),
// which the view heads with the caption (Layout) as text.
func (c *Fabric) NarrowSVG() vugu.HTML { return vugu.HTML(c.chart("fb-svg-narrow").NarrowSVG()) }

// chart is the drawing's data, its SVG's id id.
func (c *Fabric) chart(id string) chart.Fabric {
	d := c.state().st.Drawing
	f := chart.Fabric{ID: id, Title: c.S.T("fb.title"), Desc: c.Summary(), Caption: c.Layout(),
		Rows: [3][]string{d.Spines, d.Leaves, d.Nodes}, Legend: c.S.T("fb.legend")}
	for _, k := range d.Cables {
		f.Cables = append(f.Cables, chart.FabricCable{Tier: k.Tier, Upper: k.Upper, Lower: k.Lower, Utilisation: k.Utilisation})
	}
	return f
}

// FabricRow is one row of the time-vs-oversubscription table.
type FabricRow struct {
	ID, Name, Ideal string
	Times           []FabricTime
}

// FabricTime is one cell of the table: a simulated time and its multiple
// of the time without contention (on a line of its own on a phone).
type FabricTime struct{ T, X string }

// RatioHeads are the table's column heads.
func (c *Fabric) RatioHeads() []string {
	var out []string
	for _, r := range cost.FabricRatios {
		out = append(out, ratioText(r)+":1")
	}
	return out
}

// Rows are the table's rows: each collective's simulated times.
func (c *Fabric) Rows() []FabricRow {
	var out []FabricRow
	for i, r := range c.state().st.Rows {
		row := FabricRow{ID: "fb-row-" + strconv.Itoa(i), Name: c.S.CollName(r.Collective) + " · " + c.S.AlgName(r.Algorithm), Ideal: Secs(r.IdealS)}
		for i, t := range r.TimesS {
			row.Times = append(row.Times, FabricTime{T: Secs(t), X: "(" + strconv.FormatFloat(r.Slowdowns[i], 'f', 2, 64) + "×)"})
		}
		out = append(out, row)
	}
	return out
}
