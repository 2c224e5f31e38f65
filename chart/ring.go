package chart

import (
	"bytes"
	"io"
	"math"
)

// Arrow is a message from node From to node To, with an optional label.
type Arrow struct {
	From, To int
	Label    string
}

// Ring is a diagram of nodes placed clockwise on a circle (node 0 at the
// top) with arrows between them: one round of a schedule.
type Ring struct {
	ID      string
	Title   string
	Desc    string
	Caption string   // one line under the title
	Nodes   []string // node labels
	Active  []bool   // nodes drawn in colour (others grey); nil = all
	Arrows  []Arrow  // arrows with an out-of-range end are not drawn
}

// NodeMark is a node laid out.
type NodeMark struct {
	At     Pt
	R      float64
	Label  string
	Text   Pt // label position (inside the node when it fits, else outside)
	Active bool
}

// ArrowMark is an arrow laid out from From to To (already shortened to the
// node rims), with its label's position.
type ArrowMark struct {
	From, To Pt
	Label    string
	Text     Pt
}

// RingView is a Ring laid out in pixels.
type RingView struct {
	ID, Title, Desc, Caption string
	Width, Height            int
	Nodes                    []NodeMark
	Arrows                   []ArrowMark
	// LabelsInside tells whether node labels fit inside the nodes.
	LabelsInside bool
}

// View lays the diagram out in a width × height box. Node size shrinks with
// the node count; arrow labels are kept only when there are at most 16
// arrows. A pair of opposite arrows is drawn as two parallel lines.
// O(nodes + arrows).
func (c Ring) View(width, height int) RingView {
	v := RingView{ID: c.ID, Title: c.Title, Desc: c.Desc, Caption: c.Caption, Width: width, Height: height}
	if v.ID == "" {
		v.ID = "chart"
	}
	n := len(c.Nodes)
	if n == 0 {
		return v
	}
	cx, cy := float64(width)/2, (float64(height)+56)/2
	radius := math.Min(float64(width), float64(height)-56)/2 - 40
	if radius < 10 {
		radius = 10
	}
	r := math.Min(18, math.Pi*radius/float64(n)*0.7)
	v.LabelsInside = r >= 10
	for i, label := range c.Nodes {
		a := 2 * math.Pi * float64(i) / float64(n)
		sin, cos := math.Sincos(a)
		at := Pt{cx + radius*sin, cy - radius*cos}
		m := NodeMark{At: at, R: r, Label: label, Text: Pt{at.X, at.Y + 4}, Active: c.Active == nil || (i < len(c.Active) && c.Active[i])}
		if !v.LabelsInside {
			m.Text = Pt{cx + (radius+r+10)*sin, cy - (radius+r+10)*cos + 4}
		}
		v.Nodes = append(v.Nodes, m)
	}
	pairs := map[[2]int]bool{}
	for _, a := range c.Arrows {
		pairs[[2]int{a.From, a.To}] = true
	}
	labels := len(c.Arrows) <= 16
	for _, a := range c.Arrows {
		if a.From < 0 || a.From >= n || a.To < 0 || a.To >= n || a.From == a.To {
			continue
		}
		p, q := v.Nodes[a.From].At, v.Nodes[a.To].At
		dx, dy := q.X-p.X, q.Y-p.Y
		d := math.Hypot(dx, dy)
		ux, uy := dx/d, dy/d
		// Offset to the arrow's right when the opposite arrow is drawn too.
		off := 0.0
		if pairs[[2]int{a.To, a.From}] {
			off = math.Min(4, r/2)
		}
		nx, ny := -uy*off, ux*off
		m := ArrowMark{
			From: Pt{p.X + ux*(r+2) + nx, p.Y + uy*(r+2) + ny},
			To:   Pt{q.X - ux*(r+6) + nx, q.Y - uy*(r+6) + ny},
		}
		if labels {
			m.Label = a.Label
			// Put the label outside the chord, away from the centre.
			mx, my := (p.X+q.X)/2, (p.Y+q.Y)/2
			ox, oy := mx-cx, my-cy
			if off > 0 { // each of a pair labels its own side
				m.Text = Pt{mx - uy*14, my + ux*14 + 4}
			} else if od := math.Hypot(ox, oy); od > 1 {
				m.Text = Pt{mx + ox/od*12 + nx, my + oy/od*12 + ny + 4}
			} else {
				m.Text = Pt{mx - uy*12 + nx, my + ux*12 + ny + 4}
			}
		}
		v.Arrows = append(v.Arrows, m)
	}
	return v
}

// WriteSVG writes the view as a standalone SVG document.
func (v RingView) WriteSVG(w io.Writer) error {
	s := &svgWriter{w: w}
	s.open(v.ID, v.Width, v.Height, v.Title, v.Desc)
	s.print(`<defs><marker id="`, v.ID, `-arrow" viewBox="0 0 10 10" refX="2" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">`,
		`<path d="M 0 0 L 10 5 L 0 10 z" fill="#D55E00"/></marker></defs>`, "\n")
	s.text(float64(v.Width)/2, 24, "middle", "15", "600", "#111111", v.Title)
	if v.Caption != "" {
		s.text(float64(v.Width)/2, 44, "middle", "12", "", "#333333", v.Caption)
	}
	for _, n := range v.Nodes {
		fill, stroke := "#e8f1f8", "#0072B2"
		if !n.Active {
			fill, stroke = "#f2f2f2", "#aaaaaa"
		}
		s.print(`<circle cx="`, num(n.At.X), `" cy="`, num(n.At.Y), `" r="`, num(n.R), `" fill="`, fill,
			`" stroke="`, stroke, `" stroke-width="1.5"/>`, "\n")
		size := "12"
		if !v.LabelsInside {
			size = "10"
		}
		s.text(n.Text.X, n.Text.Y, "middle", size, "", "#111111", n.Label)
	}
	for _, a := range v.Arrows {
		s.print(`<line x1="`, num(a.From.X), `" y1="`, num(a.From.Y), `" x2="`, num(a.To.X), `" y2="`, num(a.To.Y),
			`" stroke="#D55E00" stroke-width="1.75" marker-end="url(#`, v.ID, `-arrow)"/>`, "\n")
		if a.Label != "" {
			s.text(a.Text.X, a.Text.Y, "middle", "10", "", "#8a3a00", a.Label)
		}
	}
	s.close()
	return s.err
}

// SVG renders the diagram at 560 × 560 px.
func (c Ring) SVG() []byte {
	var b bytes.Buffer
	c.View(560, 560).WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
	return b.Bytes()
}
