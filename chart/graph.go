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
// the notes, the boxes' labels and the other labels (placeLabel).
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
	var placed []labelBox // the notes, the boxes' labels, then each arrow label as placed
	for _, m := range g.Notes {
		placed = append(placed, labelBox{m.At.X, m.At.X + textWidth(m.Text, 11), m.At.Y - 11, m.At.Y})
	}
	for _, b := range g.Boxes {
		placed = append(placed, labelBox{b.X + 6, b.X + 6 + textWidth(b.Label, 10), b.Y + 2, b.Y + 12})
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
			if away := -uy*(mx-c.X) + ux*(my-c.Y); math.Abs(away) > 1 {
				side = math.Copysign(1, away) // outside the circle's chords
			}
		}
		b := g.placeLabel(a, side, text, placed)
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
func (g Graph) DotPath(a GraphArrow) (from, to Pt, ok bool) {
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

// placeLabel places arrow a's label beside it on the given side (+1
// right-hand, −1 left-hand), its box clear of every dot's path (the band
// DotR + ring + labelClear around each DotPath), of every node, of the
// boxes placed and inside the picture below the title. It tries, nearest
// first, distances from the arrow's line (the least at which the box
// clears its own dot, then farther out); at each, points half-way, a third
// and a fifth of the way from either end, then just beyond either end
// (outside a circle of chords, whose middles may all cross); at each, the
// preferred side, then the other. If nothing fits, the first place is
// kept. O(arrows + nodes + placed) per place tried, at most 126 places.
func (g Graph) placeLabel(a GraphArrow, side float64, text string, placed []labelBox) labelBox {
	p, q := g.Nodes[a.From].At, g.Nodes[a.To].At
	d := math.Hypot(q.X-p.X, q.Y-p.Y)
	ux, uy := (q.X-p.X)/d, (q.Y-p.Y)/d
	nx, ny := -uy, ux
	w, h := textWidth(text, arrowFont), arrowFont
	band := DotR + 0.75 + labelClear
	// The least distance from the arrow's line at which the box clears the band.
	reach := band + w/2*math.Abs(nx) + h/2*math.Abs(ny)
	var first labelBox
	try := 0
	for _, extra := range []float64{0, 6, 14, 24, 36, 50, 70, 95, 125} {
		for _, at := range []float64{0.5, 0.35, 0.65, 0.2, 0.8, -0.1, 1.1} {
			for _, sd := range []float64{side, -side} {
				cx := p.X + (q.X-p.X)*at + nx*sd*(reach+extra)
				cy := p.Y + (q.Y-p.Y)*at + ny*sd*(reach+extra)
				b := labelBox{cx - w/2, cx + w/2, cy - h/2, cy + h/2}
				if try++; try == 1 {
					first = b
				}
				if g.labelFits(b, band, placed) {
					return b
				}
			}
		}
	}
	return first
}

// labelFits reports whether box b lies inside the picture below the title
// band and keeps clear of every dot's path by band, of every node and of
// the boxes placed.
func (g Graph) labelFits(b labelBox, band float64, placed []labelBox) bool {
	if b.L < 0 || b.R > float64(g.Width) || b.T < 50 || b.B > float64(g.Height) {
		return false
	}
	for _, a := range g.Arrows {
		if from, to, ok := g.DotPath(a); ok && segBoxDist(from, to, b) < band {
			return false
		}
	}
	for _, m := range g.Nodes {
		if ptBoxDist(m.At, b) < g.R+labelClear {
			return false
		}
	}
	for _, o := range placed {
		if b.L < o.R+labelClear && o.L < b.R+labelClear && b.T < o.B+labelClear && o.T < b.B+labelClear {
			return false
		}
	}
	return true
}

// ptBoxDist is the distance from point p to box b (0 inside it).
func ptBoxDist(p Pt, b labelBox) float64 {
	dx := math.Max(0, math.Max(b.L-p.X, p.X-b.R))
	dy := math.Max(0, math.Max(b.T-p.Y, p.Y-b.B))
	return math.Hypot(dx, dy)
}

// ptSegDist is the distance from point p to the segment from a to b.
func ptSegDist(p, a, b Pt) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// segBoxDist is the distance from the segment from a to c to box b: 0
// when they meet, else the least of the ends' distances to the box and
// the corners' distances to the segment.
func segBoxDist(a, c Pt, b labelBox) float64 {
	if segMeetsBox(a, c, b) {
		return 0
	}
	m := math.Min(ptBoxDist(a, b), ptBoxDist(c, b))
	for _, k := range []Pt{{b.L, b.T}, {b.R, b.T}, {b.L, b.B}, {b.R, b.B}} {
		m = math.Min(m, ptSegDist(k, a, c))
	}
	return m
}

// segMeetsBox reports whether the segment from a to c meets box b
// (Liang–Barsky clipping).
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
