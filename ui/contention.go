package ui

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/lecture"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
)

// Contention is the hierarchy and moe lessons' view of congested switches
// (lecture 09 §0.2, §8): ring AllReduce and the question's collective
// simulated on a fat-tree at oversubscription 1, 2, 4 and 8
// (lecture.FabricContention, cost.FabricRatios), AllToAll's bisection
// bound beside its times, the hottest link of each at the view's ratio,
// and a link that opens the same question in the fabric view. Its fields
// are the lesson block's contention.fabric, contention.leaf-nodes and
// contention.oversubscription, read by core's fabric reader.
type Contention struct {
	S *State

	kind, leaf, ratio string
	runs              *lecture.ContentionMemo // the lesson's fabric runs (nil: none kept)
}

// contentionFields are the view's fields (contention.<field> in a lesson).
var contentionFields = []string{"fabric", "leaf-nodes", "oversubscription"}

// set applies one of the view's fields.
func (c *Contention) set(k, v string) {
	switch k {
	case "fabric":
		c.kind = v
	case "leaf-nodes":
		c.leaf = v
	case "oversubscription":
		c.ratio = v
	}
}

// fields are the view's fields as given, by their question names.
func (c *Contention) fields() map[string]string {
	m := map[string]string{}
	for k, v := range map[string]string{"fabric": c.kind, "leaf-nodes": c.leaf, "oversubscription": c.ratio} {
		if v != "" {
			m[k] = v
		}
	}
	return m
}

// contentionState is core's figure for the question and the view's
// fabric, and the question on that fabric at the view's ratio.
type contentionState struct {
	ct  lecture.Contention
	p   cost.Params
	at  int // the index of the view's ratio in ct.Ratios (−1: not among them)
	err error
}

// state computes the figure once per question and fields.
func (c *Contention) state() contentionState {
	s := c.S
	return s.cached("contention|"+c.kind+"|"+c.leaf+"|"+c.ratio, func() any {
		f, err := question.CostParams(field.Map(c.fields()))
		if err != nil {
			return contentionState{err: err}
		}
		p := s.P
		p.CostModel, p.Fabric = "", f.Fabric
		q, err := cost.Concrete(p)
		if err != nil {
			return contentionState{err: err}
		}
		cases := []lecture.ContentionCase{{Collective: prim.AllReduce, Algorithm: sched.Ring}}
		if q.Collective != prim.AllReduce || q.Algorithm != sched.Ring {
			cases = append(cases, lecture.ContentionCase{Collective: q.Collective, Algorithm: q.Algorithm})
		}
		ct, err := c.runs.FabricContention(p, cases, cost.FabricRatios)
		st := contentionState{ct: ct, p: p, at: -1, err: err}
		for i, r := range cost.FabricRatios {
			if r == max(p.Fabric.Oversubscription, 1) {
				st.at = i
			}
		}
		return st
	}).(contentionState)
}

// Err is why there is no figure ("" when there is one), naming the field.
func (c *Contention) Err() string {
	if err := c.state().err; err != nil {
		return c.S.ErrMsg(err)
	}
	return ""
}

// Case says what is simulated: the GPUs, nodes and leaves, and the size.
func (c *Contention) Case() string {
	st := c.state()
	p := st.p
	g := max(p.GPUsPerNode, 1)
	nodes := p.Ranks / g
	leaf := p.Fabric.Normal(nodes).LeafNodes
	return c.S.Tf("ct.case", c.S.T("fb."+p.Fabric.Kind), p.Ranks, nodes, g, leaf, (nodes+leaf-1)/leaf, BytesShort(p.Size))
}

// ContentionHead is a column of the figure.
type ContentionHead struct{ ID, Name string }

// Heads are the columns after the ratio: one per line, then the
// bisection bound when a line is an AllToAll.
func (c *Contention) Heads() []ContentionHead {
	var out []ContentionHead
	for i, l := range c.state().ct.Lines {
		out = append(out, ContentionHead{ID: "ct-h" + strconv.Itoa(i), Name: c.S.CollName(l.Collective) + " · " + c.S.AlgName(l.Algorithm)})
		if l.BoundsS != nil {
			out = append(out, ContentionHead{ID: "ct-hb", Name: c.S.T("ct.bound")})
		}
	}
	return out
}

// ContentionCell is one time of the figure: the time, its multiple of the
// 1:1 time ("" for a bound), and a bar whose length is the time over the
// figure's longest.
type ContentionCell struct {
	ID, Time, Times, Bar, Class string
}

// ContentionRow is one oversubscription.
type ContentionRow struct {
	ID, Ratio string
	At        bool // the view's ratio
	Cells     []ContentionCell
}

// Rows are the figure's rows, one per ratio: each line's simulated time
// and its slowdown over 1:1, and AllToAll's bound.
func (c *Contention) Rows() []ContentionRow {
	st := c.state()
	top := 0.0
	for _, l := range st.ct.Lines {
		for _, t := range append(append([]float64(nil), l.TimesS...), l.BoundsS...) {
			top = max(top, t)
		}
	}
	bar := func(t float64) string {
		if top <= 0 {
			return "width: 0"
		}
		return "width: " + strconv.FormatFloat(100*t/top, 'f', 1, 64) + "%"
	}
	var out []ContentionRow
	for i, r := range st.ct.Ratios {
		row := ContentionRow{ID: "ct-r" + ratioText(r), Ratio: ratioText(r) + ":1", At: i == st.at}
		for j, l := range st.ct.Lines {
			id := "ct-" + strconv.Itoa(j) + "-" + ratioText(r)
			row.Cells = append(row.Cells, ContentionCell{ID: id, Time: Secs(l.TimesS[i]), Times: times(l.Slowdowns[i]), Bar: bar(l.TimesS[i]), Class: "ct-bar"})
			if l.BoundsS != nil {
				row.Cells = append(row.Cells, ContentionCell{ID: "ct-b-" + ratioText(r), Time: "≥ " + Secs(l.BoundsS[i]), Bar: bar(l.BoundsS[i]), Class: "ct-bar bound"})
			}
		}
		out = append(out, row)
	}
	return out
}

// RowClass marks the view's ratio.
func (r ContentionRow) RowClass() string {
	if r.At {
		return "at"
	}
	return ""
}

// Hottest names each line's hottest link at the view's ratio and how busy
// it was.
func (c *Contention) Hottest() []string {
	st := c.state()
	if st.at < 0 {
		return nil
	}
	var out []string
	for _, l := range st.ct.Lines {
		h := l.Hottest[st.at]
		out = append(out, c.S.Tf("ct.hottest", c.S.CollName(l.Collective)+" · "+c.S.AlgName(l.Algorithm), ratioText(st.ct.Ratios[st.at]), h.From, h.To, 100*h.Utilisation))
	}
	return out
}

// HasBound reports whether a line is an AllToAll (its bound is drawn).
func (c *Contention) HasBound() bool {
	for _, l := range c.state().ct.Lines {
		if l.BoundsS != nil {
			return true
		}
	}
	return false
}

// BoundNote says what the bound is: S·R·(P − L)/(P·B), L the GPUs of a
// leaf.
func (c *Contention) BoundNote() string {
	p := c.state().p
	g := max(p.GPUsPerNode, 1)
	return c.S.Tf("ct.bound.note", p.Fabric.Normal(p.Ranks/g).LeafNodes*g)
}

// Href opens the question in the fabric view with the view's fabric and
// ratio (FabricViewParams); the fabric view's leaves hold a quarter of
// the nodes, as the lessons' blocks ask (a test holds them equal).
func (c *Contention) Href() string {
	var b strings.Builder
	add := func(k, v string) {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(k + "=" + escape(v))
	}
	c.S.addQuestion(add)
	add("fabric.kind", c.kind)
	add("fabric.ratio", c.ratio)
	add("lang", c.S.Lang)
	add("view", "fabric")
	return "?" + b.String()
}
