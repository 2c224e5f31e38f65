package chart

import (
	"bytes"
	"io"
	"strings"
)

// Point is one data point in data units.
type Point struct{ X, Y float64 }

// Series is one named line. Points are drawn in order; a point that does
// not fit the axes (e.g. ≤ 0 on a log axis) breaks the line there.
type Series struct {
	Name   string
	Points []Point
}

// Marker is an annotated point, e.g. a crossover: a vertical guide at X and
// a dot at (X, Y) with Label beside it.
type Marker struct {
	X, Y  float64
	Label string
}

// Scatter is a set of measured points drawn as square markers without a
// line, filled with the colour of Series[Series] (−1: hollow, outlined in
// black), with its own legend entry. Points outside the axes are not drawn.
type Scatter struct {
	Name   string
	Series int
	Points []Point
}

// Line is a line chart: series over two axes, optional markers, measured
// points (Scatter), a legend.
type Line struct {
	// ID prefixes the element ids (title, desc) so that several charts can
	// be inlined in one page; "" means "chart".
	ID      string
	Title   string
	Desc    string
	X, Y    Axis
	Series  []Series
	Markers []Marker
	Scatter []Scatter
}

// Default pixel size of a chart.
const (
	DefaultWidth  = 720
	DefaultHeight = 440
)

// Rect is a rectangle in pixels.
type Rect struct{ X, Y, W, H float64 }

// TickMark is a tick laid out: Pos is its pixel coordinate along the axis.
type TickMark struct {
	Pos   float64
	Label string
}

// Path is one series laid out: D is an SVG path ("M x y L x y …"), Dots its
// vertices.
type Path struct {
	Name   string
	Colour string
	Dash   string
	D      string
	Dots   []Pt
}

// Pt is a point in pixels.
type Pt struct{ X, Y float64 }

// MarkerMark is a marker laid out, with its label's anchor point.
type MarkerMark struct {
	At     Pt
	Label  string
	Text   Pt
	Anchor string // text-anchor: start or end
}

// LegendItem is one legend entry: a sample line from Sample to Sample+24 px
// (or, for measured points, a square marker at Sample+12 px) and the name
// at Text.
type LegendItem struct {
	Name   string
	Colour string
	Dash   string
	Square bool   // a measured-points entry
	Stroke string // its square's outline
	Sample Pt
	Text   Pt
}

// ScatterMark is a Scatter laid out: its points in pixels, their fill and
// outline colours.
type ScatterMark struct {
	Name           string
	Colour, Stroke string
	Dots           []Pt
}

// LineView is a Line laid out in pixels: everything a renderer needs.
type LineView struct {
	ID, Title, Desc string
	Width, Height   int
	Plot            Rect
	XLabel, YLabel  string
	XTicks, YTicks  []TickMark
	Paths           []Path
	Markers         []MarkerMark
	Scatters        []ScatterMark
	Legend          []LegendItem
}

// Margins of the plot area inside the chart: left for y tick labels, right
// for the legend, top for the title, bottom for x tick labels and the x label.
const (
	marginLeft   = 78
	marginRight  = 172 // room for "recursive_doubling" at 12 px
	marginTop    = 40
	marginBottom = 56
)

// View lays the chart out in a width × height box. Invalid axes give a view
// with no paths (the title and description are still there). O(points).
func (c Line) View(width, height int) LineView {
	v := LineView{ID: c.ID, Title: c.Title, Desc: c.Desc, Width: width, Height: height,
		XLabel: c.X.Label, YLabel: c.Y.Label}
	if v.ID == "" {
		v.ID = "chart"
	}
	v.Plot = Rect{X: marginLeft, Y: marginTop, W: float64(width) - marginLeft - marginRight, H: float64(height) - marginTop - marginBottom}
	if !c.X.Valid() || !c.Y.Valid() || v.Plot.W <= 0 || v.Plot.H <= 0 {
		return v
	}
	px := func(x float64) float64 { return v.Plot.X + c.X.Frac(x)*v.Plot.W }
	py := func(y float64) float64 { return v.Plot.Y + (1-c.Y.Frac(y))*v.Plot.H }
	for _, t := range c.X.Ticks {
		if c.X.Contains(t.Value) {
			v.XTicks = append(v.XTicks, TickMark{Pos: px(t.Value), Label: t.Label})
		}
	}
	for _, t := range c.Y.Ticks {
		if c.Y.Contains(t.Value) {
			v.YTicks = append(v.YTicks, TickMark{Pos: py(t.Value), Label: t.Label})
		}
	}
	for i, s := range c.Series {
		p := Path{Name: s.Name, Colour: colour(i), Dash: dash(i)}
		var d strings.Builder
		pen := false
		for _, pt := range s.Points {
			if !c.X.Contains(pt.X) || !c.Y.Contains(pt.Y) {
				pen = false
				continue
			}
			q := Pt{px(pt.X), py(pt.Y)}
			if pen {
				d.WriteString(" L ")
			} else {
				if d.Len() > 0 {
					d.WriteString(" ")
				}
				d.WriteString("M ")
			}
			d.WriteString(num(q.X) + " " + num(q.Y))
			pen = true
			p.Dots = append(p.Dots, q)
		}
		p.D = d.String()
		v.Paths = append(v.Paths, p)
		item := LegendItem{Name: s.Name, Colour: p.Colour, Dash: p.Dash,
			Sample: Pt{v.Plot.X + v.Plot.W + 16, v.Plot.Y + 8 + float64(i)*22}}
		item.Text = Pt{item.Sample.X + 30, item.Sample.Y + 4}
		v.Legend = append(v.Legend, item)
	}
	for i, sc := range c.Scatter {
		m := ScatterMark{Name: sc.Name, Colour: "#ffffff", Stroke: "#111111"}
		if sc.Series >= 0 {
			m.Colour, m.Stroke = colour(sc.Series), "#ffffff"
		}
		for _, pt := range sc.Points {
			if c.X.Contains(pt.X) && c.Y.Contains(pt.Y) {
				m.Dots = append(m.Dots, Pt{px(pt.X), py(pt.Y)})
			}
		}
		v.Scatters = append(v.Scatters, m)
		item := LegendItem{Name: sc.Name, Colour: m.Colour, Stroke: m.Stroke, Square: true,
			Sample: Pt{v.Plot.X + v.Plot.W + 16, v.Plot.Y + 8 + float64(len(c.Series)+i)*22}}
		item.Text = Pt{item.Sample.X + 30, item.Sample.Y + 4}
		v.Legend = append(v.Legend, item)
	}
	for _, m := range c.Markers {
		if !c.X.Contains(m.X) || !c.Y.Contains(m.Y) {
			continue
		}
		at := Pt{px(m.X), py(m.Y)}
		mm := MarkerMark{At: at, Label: m.Label, Text: Pt{at.X + 6, at.Y - 8}, Anchor: "start"}
		if at.X > v.Plot.X+v.Plot.W*0.6 {
			mm.Text.X, mm.Anchor = at.X-6, "end"
		}
		v.Markers = append(v.Markers, mm)
	}
	return v
}

// WriteSVG writes the view as a standalone SVG document.
func (v LineView) WriteSVG(w io.Writer) error {
	s := &svgWriter{w: w}
	s.open(v.ID, v.Width, v.Height, v.Title, v.Desc)
	s.text(float64(v.Width)/2, 24, "middle", "15", "600", "#111111", v.Title)
	p := v.Plot
	s.print(`<rect x="`, num(p.X), `" y="`, num(p.Y), `" width="`, num(p.W), `" height="`, num(p.H),
		`" fill="none" stroke="#888888" stroke-width="1"/>`, "\n")
	for _, t := range v.XTicks {
		s.line(t.Pos, p.Y, t.Pos, p.Y+p.H, "#e4e4e4", "1", "")
		s.line(t.Pos, p.Y+p.H, t.Pos, p.Y+p.H+5, "#888888", "1", "")
		s.text(t.Pos, p.Y+p.H+19, "middle", "11", "", "#333333", t.Label)
	}
	for _, t := range v.YTicks {
		s.line(p.X, t.Pos, p.X+p.W, t.Pos, "#e4e4e4", "1", "")
		s.line(p.X-5, t.Pos, p.X, t.Pos, "#888888", "1", "")
		s.text(p.X-8, t.Pos+4, "end", "11", "", "#333333", t.Label)
	}
	s.text(p.X+p.W/2, p.Y+p.H+42, "middle", "12", "", "#111111", v.XLabel)
	cy := p.Y + p.H/2
	s.print(`<text x="16" y="`, num(cy), `" transform="rotate(-90 16 `, num(cy), `)" text-anchor="middle" font-family="`,
		Font, `" font-size="12" fill="#111111">`, esc(v.YLabel), "</text>\n")
	for _, m := range v.Markers {
		s.line(m.At.X, p.Y, m.At.X, p.Y+p.H, "#999999", "1", "3 3")
	}
	for _, path := range v.Paths {
		if path.D != "" {
			s.print(`<path d="`, path.D, `" fill="none" stroke="`, path.Colour, `" stroke-width="2"`)
			if path.Dash != "" {
				s.print(` stroke-dasharray="`, path.Dash, `"`)
			}
			s.print(` stroke-linejoin="round"><title>`, esc(path.Name), "</title></path>\n")
		}
		for _, d := range path.Dots {
			s.print(`<circle cx="`, num(d.X), `" cy="`, num(d.Y), `" r="2.5" fill="`, path.Colour, `"/>`, "\n")
		}
	}
	for _, m := range v.Markers {
		s.print(`<circle cx="`, num(m.At.X), `" cy="`, num(m.At.Y), `" r="5" fill="#ffffff" stroke="#111111" stroke-width="1.5"/>`, "\n")
		s.text(m.Text.X, m.Text.Y, m.Anchor, "11", "", "#111111", m.Label)
	}
	for _, sc := range v.Scatters {
		if len(sc.Dots) == 0 {
			continue
		}
		s.print(`<g class="measured" fill="`, sc.Colour, `" stroke="`, sc.Stroke, `" stroke-width="1.2"><title>`, esc(sc.Name), "</title>\n")
		for _, d := range sc.Dots {
			s.square(d, 4.5)
		}
		s.print("</g>\n")
	}
	for _, l := range v.Legend {
		if l.Square {
			s.print(`<g fill="`, l.Colour, `" stroke="`, l.Stroke, `" stroke-width="1.2">`)
			s.square(Pt{l.Sample.X + 12, l.Sample.Y}, 4.5)
			s.print("</g>\n")
		} else {
			s.line(l.Sample.X, l.Sample.Y, l.Sample.X+24, l.Sample.Y, l.Colour, "2.5", l.Dash)
		}
		s.text(l.Text.X, l.Text.Y, "start", "12", "", "#111111", l.Name)
	}
	s.close()
	return s.err
}

// SVG renders the chart at the default size.
func (c Line) SVG() []byte {
	var b bytes.Buffer
	c.View(DefaultWidth, DefaultHeight).WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
	return b.Bytes()
}
