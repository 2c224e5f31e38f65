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
	"github.com/ccplay/ccplay/core/units"
	"github.com/vugu/vugu"
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

// contentionState is core's figure for the question and the view's
// fabric, and where the view's ratio is in it.
type contentionState struct {
	ct   lecture.Contention
	leaf int // nodes per leaf
	at   int // the index of the view's ratio in ct.Ratios (−1: not among them)
	err  error
	// pending: the runs are simulated by the page's completion (contentionOf)
	pending bool
}

// state computes the figure once per question and fields.
func (c *Contention) state() contentionState {
	s := c.S
	return s.cached("contention|"+c.kind+"|"+c.leaf+"|"+c.ratio, func() any {
		f, err := question.CostParams(field.Map(map[string]string{"fabric": c.kind, "leaf-nodes": c.leaf, "oversubscription": c.ratio}))
		if err != nil {
			return contentionState{err: err}
		}
		p := s.P
		p.CostModel, p.Fabric = "", f.Fabric
		cases := []lecture.ContentionCase{{Collective: prim.AllReduce, Algorithm: sched.Ring}}
		if p.Collective != prim.AllReduce || p.Algorithm != sched.Ring {
			cases = append(cases, lecture.ContentionCase{Collective: p.Collective, Algorithm: p.Algorithm})
		}
		ct, pending, err := s.contentionOf(p, cases, cost.FabricRatios)
		if pending {
			s.memo.unsettled = true // not kept: the next render asks again
			return contentionState{pending: true}
		}
		st := contentionState{ct: ct, leaf: p.Fabric.Normal(p.Ranks / max(p.GPUsPerNode, 1)).LeafNodes, at: -1, err: err}
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

// Pending reports whether the figure's runs are still simulated by the
// page's completion (contentionOf).
func (c *Contention) Pending() bool { return c.state().pending }

// Figure is the figure as HTML (one string: no generated code per cell;
// the lesson's prose says what the bound is): what is simulated, a table with a row per ratio (the view's marked) and
// a column per line, each time with its multiple of the 1:1 time and a bar
// of its length against the longest, AllToAll's bisection bound ("≥")
// beside its times; each line's hottest link at the view's ratio; and the
// link to the fabric view.
func (c *Contention) Figure() vugu.HTML {
	st, s := c.state(), c.S
	ct := st.ct
	top := 0.0
	head := "<th>" + escapeHTML(s.T("ct.ratio"), false) + "</th>"
	var hot string
	for _, l := range ct.Lines {
		name := s.CollName(l.Collective) + " · " + s.AlgName(l.Algorithm)
		head += "<th>" + escapeHTML(name, false) + "</th>"
		if l.BoundsS != nil {
			head += "<th>" + escapeHTML(s.T("ct.bound"), false) + "</th>"
		}
		for i := range l.TimesS {
			top = max(top, l.TimesS[i])
			if l.BoundsS != nil {
				top = max(top, l.BoundsS[i])
			}
		}
		if st.at >= 0 {
			h := l.Hottest[st.at]
			hot += "<li>" + escapeHTML(s.Tf("ct.hottest", name, ratioText(ct.Ratios[st.at]), h.From, h.To, units.FormatShare(h.Utilisation, 0)), false) + "</li>"
		}
	}
	// cell is a time (times "" for a bound) over a bar of its length.
	cell := func(id, bar string, t float64, times string) string {
		v, x := Secs(t), `<span class="ct-x">`+times+"</span>"
		if times == "" {
			v, x = "≥ "+v, ""
		}
		return `<td class="num" id="` + id + `"><span class="ct-bar` + bar + `" style="width: ` + strconv.FormatFloat(100*t/max(top, 1e-300), 'f', 1, 64) + `%"></span><span class="ct-t">` + v + "</span>" + x + "</td>"
	}
	body := ""
	for i, r := range ct.Ratios {
		at := ""
		if i == st.at {
			at = ` class="at"`
		}
		body += `<tr id="ct-r` + ratioText(r) + `"` + at + "><th>" + ratioText(r) + ":1</th>"
		for j, l := range ct.Lines {
			body += cell("ct-"+strconv.Itoa(j)+"-"+ratioText(r), "", l.TimesS[i], times(l.Slowdowns[i]))
			if l.BoundsS != nil {
				body += cell("ct-b-"+ratioText(r), " bound", l.BoundsS[i], "")
			}
		}
		body += "</tr>"
	}
	p := c.S.P
	g := max(p.GPUsPerNode, 1)
	nodes := p.Ranks / g
	leaf := st.leaf
	return vugu.HTML(`<p class="note" id="ct-case">` + escapeHTML(s.Tf("ct.case", p.Ranks, nodes, g, leaf, (nodes+leaf-1)/leaf, BytesShort(p.Size)), false) + `</p><div class="scroll"><table class="ct-table" id="ct-table"><thead><tr>` + head + "</tr></thead><tbody>" + body +
		`</tbody></table></div><ul class="ct-hot" id="ct-hottest">` + hot + `</ul><p><a id="ct-open" href="` + escapeHTML(c.Href(), true) + `">` + escapeHTML(s.T("ct.open"), false) + "</a></p>")
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
