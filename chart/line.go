package chart

import (
	"bytes"
	"io"
	"strconv"
	"strings"
)

// formatG formats a value with four significant figures.
func formatG(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }

// Point is one data point in data units.
type Point struct{ X, Y float64 }

// Series is one named line. Points are drawn in order; a point that does
// not fit the axes (e.g. ≤ 0 on a log axis) breaks the line there.
type Series struct {
	Name   string
	Points []Point
	// Style, when > 0, is the palette entry (colour and dash) + 1 to draw
	// the series with instead of its position's: a line keeps its look when
	// others are left out.
	Style int
}

// Marker is an annotated point, e.g. a crossover: a vertical guide at X and
// a dot at (X, Y) with Label beside it.
type Marker struct {
	X, Y  float64
	Label string
}

// Band is a shaded range of x from X0 to X1 with Label along its top, e.g.
// sizes over which two algorithms tie.
type Band struct {
	X0, X1 float64
	Label  string
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
	Bands   []Band
	Scatter []Scatter

	// Options of the playground's inline charts; the zero value draws the
	// chart as the API serves it.
	//
	// Highlight names the series drawn bold (the one selected), the others
	// thinner and lighter. MarkerLabelsTop places the markers' labels in
	// rows along the top of the plot, each in a row where it overlaps no
	// other, instead of beside the dot among the lines. LegendBelow lays
	// the legend out in rows under the plot (a narrow chart). Probe adds,
	// per x of the series, a transparent column (data-probe="ID:i") whose
	// <title> lists every series' value there: a tooltip on hover, and a
	// target a page can read on tap. NoTitleText leaves the title out of
	// the drawing (it stays the SVG's accessible name) for a page that
	// prints it above the chart. YFormat and XFormat format the probe's
	// values (nil: the tick label format %g).
	Highlight       string
	MarkerLabelsTop bool
	LegendBelow     bool
	Probe           bool
	NoTitleText     bool
	XFormat         func(float64) string
	YFormat         func(float64) string
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
	Width  string // stroke width ("2" unless Line.Highlight is set)
	Faded  bool   // drawn lighter: another series is highlighted
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

// BandMark is a Band laid out: its pixel span (at least 4 px wide) and its
// label's anchor point, inside the plot. Lines is the label as drawn: one
// line where it fits the plot's width, else cut at spaces into lines that
// do, stacked upwards so that the last sits at Text.
type BandMark struct {
	X0, X1 float64
	Label  string
	Lines  []string
	Text   Pt
	Anchor string
}

// LegendItem is one legend entry: a sample line from Sample to Sample+24 px
// (or, for measured points, a square marker at Sample+12 px) and the name
// at Text.
type LegendItem struct {
	Bold   bool // the highlighted series
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
	Bands           []BandMark
	Scatters        []ScatterMark
	Legend          []LegendItem
	Probes          []ProbeColumn
	NoTitleText     bool
}

// ProbeColumn is one x of a chart laid out for the probe: the column's
// pixel span and what its tooltip says.
type ProbeColumn struct {
	X0, X1 float64
	Index  int
	Text   string
}

// Margins of the plot area inside the chart: left for y tick labels, right
// for the legend, top for the title, bottom for x tick labels and the x label.
const (
	marginLeft   = 78
	marginRight  = 172 // room for the longest algorithm identifier (18 letters) at 12 px
	marginTop    = 40
	marginBottom = 56
)

// View lays the chart out in a width × height box. Invalid axes give a view
// with no paths (the title and description are still there). O(points).
func (c Line) View(width, height int) LineView {
	v := LineView{ID: c.ID, Title: c.Title, Desc: c.Desc, Width: width, Height: height,
		XLabel: c.X.Label, YLabel: c.Y.Label, NoTitleText: c.NoTitleText}
	if v.ID == "" {
		v.ID = "chart"
	}
	top, right, bottom := float64(marginTop), float64(marginRight), float64(marginBottom)
	if c.NoTitleText {
		top = 14
	}
	legendRows := 0
	if c.LegendBelow {
		right = 16
		legendRows = (len(c.Series) + len(c.Scatter) + 1) / 2
		bottom += float64(legendRows)*20 + 6
	}
	v.Plot = Rect{X: marginLeft, Y: top, W: float64(width) - marginLeft - right, H: float64(height) - top - bottom}
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
	thinLabels(v.XTicks, 11)
	for _, t := range c.Y.Ticks {
		if c.Y.Contains(t.Value) {
			v.YTicks = append(v.YTicks, TickMark{Pos: py(t.Value), Label: t.Label})
		}
	}
	for i, s := range c.Series {
		st := i
		if s.Style > 0 {
			st = s.Style - 1
		}
		p := Path{Name: s.Name, Colour: colour(st), Dash: dash(st), Width: "2"}
		if c.Highlight != "" {
			if s.Name == c.Highlight {
				p.Width = "3.5"
			} else {
				p.Width, p.Faded = "1.6", true
			}
		}
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
		item := LegendItem{Name: s.Name, Colour: p.Colour, Dash: p.Dash, Bold: c.Highlight != "" && s.Name == c.Highlight,
			Sample: legendAt(c, v, i)}
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
			Sample: legendAt(c, v, len(c.Series)+i)}
		item.Text = Pt{item.Sample.X + 30, item.Sample.Y + 4}
		v.Legend = append(v.Legend, item)
	}
	for _, b := range c.Bands {
		x0, x1 := px(max(b.X0, c.X.Min)), px(min(b.X1, c.X.Max))
		if !(x1 >= x0) || x1 < v.Plot.X || x0 > v.Plot.X+v.Plot.W {
			continue
		}
		if x1-x0 < 4 {
			x0, x1 = (x0+x1)/2-2, (x0+x1)/2+2
		}
		lo, hi := v.Plot.X+4, v.Plot.X+v.Plot.W-4
		bm := BandMark{X0: x0, X1: x1, Label: b.Label, Lines: wrapText(b.Label, labelSize, hi-lo)}
		w := 0.0
		for _, l := range bm.Lines {
			w = max(w, textWidth(l, labelSize))
		}
		bm.Text.X, bm.Anchor = placeLabel(x0+4, x1-4, w, lo, hi)
		bm.Text.Y = v.Plot.Y + v.Plot.H - 8
		v.Bands = append(v.Bands, bm)
	}
	var rowEnds []float64 // per label row, the right end of its last label (MarkerLabelsTop)
	for _, m := range c.Markers {
		if !c.X.Contains(m.X) || !c.Y.Contains(m.Y) {
			continue
		}
		at := Pt{px(m.X), py(m.Y)}
		mm := MarkerMark{At: at, Label: m.Label, Text: Pt{at.X + 6, at.Y - 8}, Anchor: "start"}
		if at.X > v.Plot.X+v.Plot.W*0.6 {
			mm.Text.X, mm.Anchor = at.X-6, "end"
		}
		if c.MarkerLabelsTop {
			// A row where the label overlaps no earlier one, left to right.
			w := textWidth(m.Label, 11)
			x0, x1 := at.X+4, at.X+4+w
			mm.Anchor = "start"
			if x1 > v.Plot.X+v.Plot.W-2 {
				x0, x1 = at.X-4-w, at.X-4
				mm.Anchor = "end"
			}
			row := 0
			for row < len(rowEnds) && rowEnds[row] > x0-6 {
				row++
			}
			if row == len(rowEnds) {
				rowEnds = append(rowEnds, 0)
			}
			rowEnds[row] = x1
			mm.Text = Pt{at.X + 4, v.Plot.Y + 13 + float64(row)*14}
			if mm.Anchor == "end" {
				mm.Text.X = at.X - 4
			}
		}
		v.Markers = append(v.Markers, mm)
	}
	if c.Probe {
		v.Probes = probes(c, v, px)
	}
	return v
}

// labelSize is the font size in px of the bands' and markers' labels.
const labelSize = 11

// placeLabel places a label w px wide beside a mark, inside [lo, hi]:
// starting at from where it fits there, else ending at to where it fits
// there, else starting where it ends at hi (or at lo, when it is wider
// than the room). It returns the text's x and its text-anchor.
func placeLabel(from, to, w, lo, hi float64) (float64, string) {
	switch {
	case from >= lo && from+w <= hi:
		return from, "start"
	case to <= hi && to-w >= lo:
		return to, "end"
	default:
		return max(lo, hi-w), "start"
	}
}

// wrapText cuts s at spaces into lines at most room px wide at a font
// size (a single word wider than room stays whole on its line); s that
// fits is one line.
func wrapText(s string, size, room float64) []string {
	if textWidth(s, size) <= room {
		return []string{s}
	}
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = word
		case textWidth(cur+" "+word, size) <= room:
			cur += " " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	return append(lines, cur)
}

// thinLabels blanks tick labels that would overlap their neighbours (a
// narrow chart): every k-th label is kept, for the smallest k that fits,
// the first always. The ticks themselves stay.
func thinLabels(ts []TickMark, size float64) {
	for k := 1; k <= len(ts); k++ {
		fits, last := true, -1e9
		for i, t := range ts {
			if i%k != 0 {
				continue
			}
			w := textWidth(t.Label, size)
			if t.Pos-w/2 < last+4 {
				fits = false
				break
			}
			last = t.Pos + w/2
		}
		if fits {
			if k > 1 {
				for i := range ts {
					if i%k != 0 {
						ts[i].Label = ""
					}
				}
			}
			return
		}
	}
}

// legendAt is the sample's position of legend entry i: a column right of
// the plot, or (LegendBelow) two entries a row under the x label.
func legendAt(c Line, v LineView, i int) Pt {
	if !c.LegendBelow {
		return Pt{v.Plot.X + v.Plot.W + 16, v.Plot.Y + 8 + float64(i)*22}
	}
	col := float64(i % 2)
	return Pt{v.Plot.X - 40 + col*(v.Plot.W+40)/2, v.Plot.Y + v.Plot.H + marginBottom + 4 + float64(i/2)*20}
}

// textWidth estimates a label's width in px at a font size: ideographs a
// full em, other characters 0.6 em.
func textWidth(s string, size float64) float64 {
	w := 0.0
	for _, r := range s {
		if r >= 0x2E80 {
			w += size
		} else {
			w += 0.6 * size
		}
	}
	return w
}

// probes lays out the probe columns: one per x of the first series (the
// sweep's points), each spanning half the way to its neighbours, its
// tooltip "x: name value, …".
func probes(c Line, v LineView, px func(float64) float64) []ProbeColumn {
	if len(c.Series) == 0 {
		return nil
	}
	fx, fy := c.XFormat, c.YFormat
	if fx == nil {
		fx = func(x float64) string { return formatG(x) }
	}
	if fy == nil {
		fy = func(y float64) string { return formatG(y) }
	}
	var xs []float64
	for _, pt := range c.Series[0].Points {
		if c.X.Contains(pt.X) {
			xs = append(xs, pt.X)
		}
	}
	var out []ProbeColumn
	for i, x := range xs {
		x0, x1 := v.Plot.X, v.Plot.X+v.Plot.W
		if i > 0 {
			x0 = (px(xs[i-1]) + px(x)) / 2
		}
		if i+1 < len(xs) {
			x1 = (px(x) + px(xs[i+1])) / 2
		}
		var parts []string
		for _, s := range c.Series {
			for _, pt := range s.Points {
				if pt.X == x && c.Y.Contains(pt.Y) {
					parts = append(parts, s.Name+" "+fy(pt.Y))
				}
			}
		}
		out = append(out, ProbeColumn{X0: x0, X1: x1, Index: i, Text: fx(x) + ": " + strings.Join(parts, ", ")})
	}
	return out
}

// WriteSVG writes the view as a standalone SVG document.
func (v LineView) WriteSVG(w io.Writer) error {
	s := &svgWriter{w: w}
	s.open(v.ID, v.Width, v.Height, v.Title, v.Desc)
	if !v.NoTitleText {
		s.text(float64(v.Width)/2, 24, "middle", "15", "600", "#111111", v.Title)
	}
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
	for _, b := range v.Bands {
		s.print(`<rect class="band" x="`, num(b.X0), `" y="`, num(p.Y), `" width="`, num(b.X1-b.X0), `" height="`, num(p.H),
			`" fill="#dfe6f3" fill-opacity="0.8"><title>`, esc(b.Label), "</title></rect>\n")
	}
	for _, m := range v.Markers {
		s.line(m.At.X, p.Y, m.At.X, p.Y+p.H, "#999999", "1", "3 3")
	}
	for _, path := range v.Paths {
		if path.D != "" {
			w := path.Width
			if w == "" {
				w = "2"
			}
			s.print(`<path d="`, path.D, `" fill="none" stroke="`, path.Colour, `" stroke-width="`, w, `"`)
			if path.Faded {
				s.print(` stroke-opacity="0.55"`)
			}
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
	for _, b := range v.Bands {
		for i, l := range b.Lines {
			s.text(b.Text.X, b.Text.Y-float64(len(b.Lines)-1-i)*(labelSize+3), b.Anchor, "11", "600", "#344054", l)
		}
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
		weight := ""
		if l.Bold {
			weight = "700"
		}
		s.text(l.Text.X, l.Text.Y, "start", "12", weight, "#111111", l.Name)
	}
	for _, pr := range v.Probes {
		s.print(`<rect class="probe" data-probe="`, esc(v.ID), `:`, strconv.Itoa(pr.Index), `" x="`, num(pr.X0), `" y="`, num(v.Plot.Y), `" width="`, num(pr.X1-pr.X0),
			`" height="`, num(v.Plot.H), `" fill="#000000" fill-opacity="0"><title>`, esc(pr.Text), "</title></rect>\n")
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
