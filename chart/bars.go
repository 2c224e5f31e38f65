package chart

import (
	"bytes"
	"io"
)

// BarSeries is one named set of bar heights, one per category. Labels, if
// set, gives each bar's value as text for its tooltip.
type BarSeries struct {
	Name   string
	Values []float64
	Labels []string
}

// Bars is a grouped bar chart: for each category one bar per series, on a
// linear Y axis (which should start at 0).
type Bars struct {
	ID         string
	Title      string
	Desc       string
	XLabel     string
	Categories []string
	Series     []BarSeries
	Y          Axis
}

// Bar is one bar laid out.
type Bar struct {
	Rect
	Colour string
	Label  string // "<series> <category>: <value label>", for a tooltip
}

// BarsView is a Bars chart laid out in pixels.
type BarsView struct {
	ID, Title, Desc string
	Width, Height   int
	Plot            Rect
	XLabel, YLabel  string
	XTicks, YTicks  []TickMark
	Bars            []Bar
	Legend          []LegendItem
}

// View lays the chart out in a width × height box; category labels are
// thinned so that at most about 16 are written. Values are clipped to the Y
// axis. O(categories × series).
func (c Bars) View(width, height int) BarsView {
	v := BarsView{ID: c.ID, Title: c.Title, Desc: c.Desc, Width: width, Height: height, XLabel: c.XLabel, YLabel: c.Y.Label}
	if v.ID == "" {
		v.ID = "chart"
	}
	v.Plot = Rect{X: marginLeft, Y: marginTop, W: float64(width) - marginLeft - marginRight, H: float64(height) - marginTop - marginBottom}
	n := len(c.Categories)
	if !c.Y.Valid() || c.Y.Scale != Linear || n == 0 || len(c.Series) == 0 || v.Plot.W <= 0 || v.Plot.H <= 0 {
		return v
	}
	py := func(y float64) float64 {
		f := min(max(c.Y.Frac(y), 0), 1)
		return v.Plot.Y + (1-f)*v.Plot.H
	}
	for _, t := range c.Y.Ticks {
		if c.Y.Contains(t.Value) {
			v.YTicks = append(v.YTicks, TickMark{Pos: py(t.Value), Label: t.Label})
		}
	}
	group := v.Plot.W / float64(n)
	bar := group * 0.8 / float64(len(c.Series))
	every := (n + 15) / 16
	for i, cat := range c.Categories {
		x0 := v.Plot.X + float64(i)*group + group*0.1
		if i%every == 0 {
			v.XTicks = append(v.XTicks, TickMark{Pos: v.Plot.X + (float64(i)+0.5)*group, Label: cat})
		}
		for j, s := range c.Series {
			if i >= len(s.Values) {
				continue
			}
			top := py(s.Values[i])
			label := s.Name + " " + cat
			if i < len(s.Labels) {
				label += ": " + s.Labels[i]
			}
			v.Bars = append(v.Bars, Bar{Rect: Rect{X: x0 + float64(j)*bar, Y: top, W: bar, H: v.Plot.Y + v.Plot.H - top},
				Colour: colour(j), Label: label})
		}
	}
	for j, s := range c.Series {
		item := LegendItem{Name: s.Name, Colour: colour(j), Sample: Pt{v.Plot.X + v.Plot.W + 16, v.Plot.Y + 8 + float64(j)*22}}
		item.Text = Pt{item.Sample.X + 30, item.Sample.Y + 4}
		v.Legend = append(v.Legend, item)
	}
	return v
}

// WriteSVG writes the view as a standalone SVG document.
func (v BarsView) WriteSVG(w io.Writer) error {
	s := &svgWriter{w: w}
	s.open(v.ID, v.Width, v.Height, v.Title, v.Desc)
	s.text(float64(v.Width)/2, 24, "middle", "15", "600", "#111111", v.Title)
	p := v.Plot
	for _, t := range v.YTicks {
		s.line(p.X, t.Pos, p.X+p.W, t.Pos, "#e4e4e4", "1", "")
		s.line(p.X-5, t.Pos, p.X, t.Pos, "#888888", "1", "")
		s.text(p.X-8, t.Pos+4, "end", "11", "", "#333333", t.Label)
	}
	for _, b := range v.Bars {
		s.print(`<rect x="`, num(b.X), `" y="`, num(b.Y), `" width="`, num(b.W), `" height="`, num(b.H),
			`" fill="`, b.Colour, `"><title>`, esc(b.Label), "</title></rect>\n")
	}
	s.line(p.X, p.Y+p.H, p.X+p.W, p.Y+p.H, "#888888", "1", "")
	s.line(p.X, p.Y, p.X, p.Y+p.H, "#888888", "1", "")
	for _, t := range v.XTicks {
		s.text(t.Pos, p.Y+p.H+17, "middle", "11", "", "#333333", t.Label)
	}
	s.text(p.X+p.W/2, p.Y+p.H+42, "middle", "12", "", "#111111", v.XLabel)
	cy := p.Y + p.H/2
	s.print(`<text x="16" y="`, num(cy), `" transform="rotate(-90 16 `, num(cy), `)" text-anchor="middle" font-family="`,
		Font, `" font-size="12" fill="#111111">`, esc(v.YLabel), "</text>\n")
	for _, l := range v.Legend {
		s.print(`<rect x="`, num(l.Sample.X), `" y="`, num(l.Sample.Y-6), `" width="24" height="12" fill="`, l.Colour, `"/>`, "\n")
		s.text(l.Text.X, l.Text.Y, "start", "12", "", "#111111", l.Name)
	}
	s.close()
	return s.err
}

// SVG renders the chart at the default size.
func (c Bars) SVG() []byte {
	var b bytes.Buffer
	c.View(DefaultWidth, DefaultHeight).WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
	return b.Bytes()
}
