package chart

import (
	"io"
	"math"
	"strconv"
)

// GraphNode is a node placed at a pixel position (a rank of a schedule; one
// rank may appear more than once, e.g. once per tree of a double tree).
type GraphNode struct {
	At     Pt
	Label  string
	Active bool // drawn in colour (else grey)
}

// GraphBox is a labelled rectangle drawn behind the nodes (a machine
// holding several GPUs).
type GraphBox struct {
	X, Y, W, H float64
	Label      string
}

// GraphNote is a free text label (e.g. "tree A").
type GraphNote struct {
	At   Pt
	Text string
}

// GraphArrow is a message from node From to node To (indices into Nodes).
// Colour picks the arrow colour from ArrowColours (cycled).
type GraphArrow struct {
	From, To int
	Label    string
	Colour   int
}

// ArrowColours are the arrow colours by GraphArrow.Colour (Okabe–Ito
// vermillion, then bluish green).
var ArrowColours = []string{"#D55E00", "#009E73"}

// Graph is a diagram of nodes at given positions, faint links between them
// (Links, index pairs into Nodes), boxes, notes and arrows: one round of a
// schedule on a per-algorithm layout. Positions are in the Width × Height
// pixel box; the caller lays them out.
type Graph struct {
	ID, Title, Desc, Caption string
	Width, Height            int
	R                        float64 // node radius
	Nodes                    []GraphNode
	Links                    [][2]int
	Boxes                    []GraphBox
	Notes                    []GraphNote
	Arrows                   []GraphArrow // arrows with an out-of-range end are not drawn
	// Centre, when set, is the point arrow labels move away from (the
	// middle of a circle of nodes, so labels sit outside the chords); unset,
	// a label prefers its arrow's right-hand side.
	Centre *Pt
}

// LabelsInside reports whether node labels are drawn (inside the node):
// only when the radius leaves room for two digits.
func (g Graph) LabelsInside() bool { return g.R >= 8 }

// WriteSVG writes the diagram as a standalone SVG document. Arrows are
// shortened to the node rims; a pair of opposite arrows is drawn as two
// parallel lines, labelled once ("⇄ 4 MiB") when both carry the same bytes;
// arrow labels are kept only when there are at most 16 arrows, each placed
// beside its arrow clear of every arrow's dot path (DotPath), the nodes,
// the notes and the other labels (placeLabel).
// O(nodes + links + arrows) without labels, O(arrows × (arrows + nodes))
// with them.
func (g Graph) WriteSVG(w io.Writer) error {
	id := g.ID
	if id == "" {
		id = "graph"
	}
	s := &svgWriter{w: w}
	s.open(id, g.Width, g.Height, g.Title, g.Desc)
	s.print("<defs>")
	for i, c := range ArrowColours {
		s.print(`<marker id="`, id, `-arrow`, strconv.Itoa(i), `" viewBox="0 0 10 10" refX="2" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">`,
			`<path d="M 0 0 L 10 5 L 0 10 z" fill="`, c, `"/></marker>`)
	}
	s.print("</defs>\n")
	s.text(float64(g.Width)/2, 24, "middle", "15", "600", "#111111", g.Title)
	if g.Caption != "" {
		s.text(float64(g.Width)/2, 44, "middle", "12", "", "#333333", g.Caption)
	}
	for _, b := range g.Boxes {
		s.print(`<rect x="`, num(b.X), `" y="`, num(b.Y), `" width="`, num(b.W), `" height="`, num(b.H),
			`" rx="6" fill="#f7f9fc" stroke="#98a2b3" stroke-width="1"/>`, "\n")
		s.text(b.X+6, b.Y+12, "start", "10", "", "#475467", b.Label)
	}
	for _, n := range g.Notes {
		s.text(n.At.X, n.At.Y, "start", "11", "600", "#475467", n.Text)
	}
	n := len(g.Nodes)
	for _, l := range g.Links {
		if l[0] < 0 || l[0] >= n || l[1] < 0 || l[1] >= n {
			continue
		}
		p, q := g.Nodes[l[0]].At, g.Nodes[l[1]].At
		s.line(p.X, p.Y, q.X, q.Y, "#c9ced6", "1", "")
	}
	for _, m := range g.Nodes {
		fill, stroke := "#e8f1f8", "#0072B2"
		if !m.Active {
			fill, stroke = "#f2f2f2", "#aaaaaa"
		}
		s.print(`<circle cx="`, num(m.At.X), `" cy="`, num(m.At.Y), `" r="`, num(g.R), `" fill="`, fill,
			`" stroke="`, stroke, `" stroke-width="1.5">`)
		if !g.LabelsInside() {
			s.print("<title>", esc(m.Label), "</title>")
		}
		s.print("</circle>\n")
		if g.LabelsInside() {
			size := "12"
			if g.R < 11 {
				size = "10"
			}
			s.text(m.At.X, m.At.Y+4, "middle", size, "", "#111111", m.Label)
		}
	}
	label := map[[2]int]string{}
	for _, a := range g.Arrows {
		label[[2]int{a.From, a.To}] = a.Label
	}
	labels := len(g.Arrows) <= 16
	var placed []labelBox // the notes, then each arrow label as placed
	for _, m := range g.Notes {
		placed = append(placed, labelBox{m.At.X, m.At.X + textWidth(m.Text, 11), m.At.Y - 11, m.At.Y})
	}
	var keep []keepOut // every dot's path, every node
	for _, a := range g.Arrows {
		if from, to, ok := g.DotPath(a); ok && labels {
			keep = append(keep, keepOut{from, to, DotR + 0.75 + labelClear})
		}
	}
	for _, m := range g.Nodes {
		keep = append(keep, keepOut{m.At, m.At, g.R + labelClear})
	}
	for _, a := range g.Arrows {
		if a.From < 0 || a.From >= n || a.To < 0 || a.To >= n || a.From == a.To {
			continue
		}
		p, q := g.Nodes[a.From].At, g.Nodes[a.To].At
		dx, dy := q.X-p.X, q.Y-p.Y
		d := math.Hypot(dx, dy)
		if d < 1e-9 {
			continue
		}
		ux, uy := dx/d, dy/d
		back, pair := label[[2]int{a.To, a.From}]
		off := 0.0
		if pair {
			off = math.Max(2, math.Min(4, g.R/2))
		}
		nx, ny := -uy*off, ux*off
		k := ((a.Colour % len(ArrowColours)) + len(ArrowColours)) % len(ArrowColours)
		x1, y1 := p.X+ux*(g.R+2)+nx, p.Y+uy*(g.R+2)+ny
		x2, y2 := q.X-ux*(g.R+6)+nx, q.Y-uy*(g.R+6)+ny
		s.print(`<line x1="`, num(x1), `" y1="`, num(y1), `" x2="`, num(x2), `" y2="`, num(y2),
			`" stroke="`, ArrowColours[k], `" stroke-width="1.75" marker-end="url(#`, id, `-arrow`, strconv.Itoa(k), `)"/>`, "\n")
		if !labels || a.Label == "" {
			continue
		}
		text := a.Label
		if pair && back == a.Label {
			if a.From > a.To {
				continue // an exchange of equal sizes is labelled once
			}
			text = "⇄ " + a.Label
		}
		side := 1.0 // the arrow's right-hand side
		if c := g.Centre; c != nil && !(pair && back != a.Label) {
			mx, my := (p.X+q.X)/2, (p.Y+q.Y)/2
			switch away := -uy*(mx-c.X) + ux*(my-c.Y); { // outside the circle's chords
			case away > 1:
				side = 1
			case away < -1:
				side = -1
			}
		}
		b := placeArrowLabel(p, q, side, textWidth(text, arrowFont), float64(g.Width), float64(g.Height), keep, placed)
		placed = append(placed, b)
		s.text((b.L+b.R)/2, b.B, "middle", num(arrowFont), "", "#8a3a00", text)
	}
	s.close()
	return s.err
}

// DotR is the radius of a dot drawn travelling an arrow (the
// step-through's chunk); its white ring, 1.5 px wide, reaches DotR + 0.75.
const DotR = 8

// DotPath is the segment the centre of arrow a's dot sweeps: from its
// sender's centre to its receiver's, keeping DotR and its ring clear of
// both nodes (so the dot never hides a node's number); on an arrow too
// short for that, the arrow's middle alone. ok is false for an arrow that
// is not drawn (an end out of range, or both ends at one point).
func (g *Graph) DotPath(a GraphArrow) (from, to Pt, ok bool) {
	n := len(g.Nodes)
	if a.From < 0 || a.From >= n || a.To < 0 || a.To >= n || a.From == a.To {
		return Pt{}, Pt{}, false
	}
	p, q := g.Nodes[a.From].At, g.Nodes[a.To].At
	dx, dy := q.X-p.X, q.Y-p.Y
	d := math.Hypot(dx, dy)
	if d < 1e-9 {
		return Pt{}, Pt{}, false
	}
	c := min((g.R+DotR+1.5)/d, 0.5)
	return Pt{p.X + c*dx, p.Y + c*dy}, Pt{q.X - c*dx, q.Y - c*dy}, true
}

// arrowFont is the font size of an arrow's label, labelClear the gap kept
// between a label's box and a dot's ring, a node or another label.
const (
	arrowFont  = 10.0
	labelClear = 2.0
)

// labelBox is a label's extent: left, right, top and baseline.
type labelBox struct{ L, R, T, B float64 }

// keepOut is a segment from A to B (a point when B = A) that a label's
// box keeps R away from.
type keepOut struct {
	A, B Pt
	R    float64
}

// placeArrowLabel places the label (w px wide) of the arrow from p to q beside
// it on the given side (+1 right-hand, −1 left-hand), its box clear of
// every keep-out (every dot's path and every node) and of the boxes placed,
// and inside the width × height picture below the title; each distance is measured along x
// or y, so a corner keeps a little more. It tries, nearest first, distances
// from the arrow's line (the least at which the box clears its own dot,
// then farther out); at each, points half-way, a third and a fifth of the
// way from either end, then just beyond either end (outside a circle of
// chords, whose middles may all cross); at each, the preferred side, then
// the other. If nothing fits, the first place is kept.
// O(keep-outs + placed) per place tried, at most 126 places.
func placeArrowLabel(p, q Pt, side, w, width, height float64, keep []keepOut, placed []labelBox) labelBox {
	d := math.Hypot(q.X-p.X, q.Y-p.Y)
	nx, ny := (p.Y-q.Y)/d, (q.X-p.X)/d
	reach := DotR + 0.75 + labelClear + w/2*math.Abs(nx) + arrowFont/2*math.Abs(ny) // the least that clears its own dot
	var first labelBox
try:
	for i := range 126 {
		at := [...]float64{0.5, 0.35, 0.65, 0.2, 0.8, -0.1, 1.1}[i/2%7]
		off := side * (1 - 2*float64(i%2)) * (reach + [...]float64{0, 6, 14, 24, 36, 50, 70, 95, 125}[i/14])
		x, y := p.X+(q.X-p.X)*at+nx*off, p.Y+(q.Y-p.Y)*at+ny*off
		b := labelBox{x - w/2, x + w/2, y - arrowFont/2, y + arrowFont/2}
		if i == 0 {
			first = b
		}
		if b.L < 0 || b.R > width || b.T < 50 || b.B > height {
			continue
		}
		for _, k := range keep {
			if segMeetsBox(k.A, k.B, labelBox{b.L - k.R, b.R + k.R, b.T - k.R, b.B + k.R}) {
				continue try
			}
		}
		for _, o := range placed {
			if b.L < o.R+labelClear && o.L < b.R+labelClear && b.T < o.B+labelClear && o.T < b.B+labelClear {
				continue try
			}
		}
		return b
	}
	return first
}

// segMeetsBox reports whether the segment from a to c (a point when c = a)
// meets box b (Liang–Barsky clipping).
func segMeetsBox(a, c Pt, b labelBox) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := c.X-a.X, c.Y-a.Y
	for _, e := range [4][2]float64{{-dx, a.X - b.L}, {dx, b.R - a.X}, {-dy, a.Y - b.T}, {dy, b.B - a.Y}} {
		pp, qq := e[0], e[1]
		if pp == 0 {
			if qq < 0 {
				return false
			}
			continue
		}
		r := qq / pp
		if pp < 0 {
			t0 = math.Max(t0, r)
		} else {
			t1 = math.Min(t1, r)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}
