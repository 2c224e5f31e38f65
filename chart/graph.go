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
	// a label sits on its arrow's right-hand side.
	Centre *Pt
}

// LabelsInside reports whether node labels are drawn (inside the node):
// only when the radius leaves room for two digits.
func (g Graph) LabelsInside() bool { return g.R >= 8 }

// WriteSVG writes the diagram as a standalone SVG document. Arrows are
// shortened to the node rims; a pair of opposite arrows is drawn as two
// parallel lines, labelled once ("⇄ 4 MiB") when both carry the same bytes;
// arrow labels are kept only when there are at most 16 arrows.
// O(nodes + links + arrows).
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
		mx, my := (p.X+q.X)/2, (p.Y+q.Y)/2
		if pair && back == a.Label {
			if a.From > a.To {
				continue // an exchange of equal sizes is labelled once
			}
			text = "⇄ " + a.Label
		}
		tx, ty := mx-uy*11, my+ux*11 // the arrow's right-hand side
		if c := g.Centre; c != nil && !(pair && back != a.Label) {
			if od := math.Hypot(mx-c.X, my-c.Y); od > 1 {
				away := g.R + 12 // clear of the nodes at the chord's ends
				tx, ty = mx+(mx-c.X)/od*away, my+(my-c.Y)/od*away
			}
		}
		// Keep the label (≈ 60 px wide) inside the picture.
		tx = math.Min(math.Max(tx, 32), float64(g.Width)-32)
		s.text(tx, ty+4, "middle", "10", "", "#8a3a00", text)
	}
	s.close()
	return s.err
}
