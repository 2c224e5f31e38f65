package chart

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// svgDoc is what the tests read back from an SVG document.
type svgDoc struct {
	XMLName    xml.Name `xml:"svg"`
	Role       string   `xml:"role,attr"`
	Labelledby string   `xml:"aria-labelledby,attr"`
	Title      struct {
		ID   string `xml:"id,attr"`
		Text string `xml:",chardata"`
	} `xml:"title"`
	Desc struct {
		ID   string `xml:"id,attr"`
		Text string `xml:",chardata"`
	} `xml:"desc"`
}

// parseSVG checks that b is well-formed XML with an accessible name and
// description, and returns them.
func parseSVG(t *testing.T, reason string, b []byte) svgDoc {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("%s: not well-formed XML: %v\n%s", reason, err, b)
		}
	}
	var d svgDoc
	if err := xml.Unmarshal(b, &d); err != nil {
		t.Fatalf("%s: %v", reason, err)
	}
	if d.Role != "img" || d.Labelledby != d.Title.ID+" "+d.Desc.ID || d.Title.ID == "" || d.Desc.ID == "" {
		t.Errorf("%s: want role=img and aria-labelledby pointing at <title> and <desc>, got %+v", reason, d)
	}
	return d
}

func sampleLine() Line {
	return Line{
		ID: "t", Title: `Time & "size" <1>`, Desc: "Two lines; one crossover.",
		X: Axis{Label: "x", Scale: Log, Min: 1, Max: 1024, Ticks: LogTicks(1, 1024, 2, plain)},
		Y: Axis{Label: "y", Scale: Log, Min: 1e-3, Max: 10, Ticks: LogTicks(1e-3, 10, 10, plain)},
		Series: []Series{
			{Name: "a", Points: []Point{{1, 1e-3}, {32, 0.1}, {1024, 10}}},
			{Name: "b", Points: []Point{{1, 1}, {32, 0}, {1024, 1}}}, // 0 is off a log axis: a gap
		},
		Markers: []Marker{{X: 32, Y: 0.1, Label: "a→b"}},
	}
}

func TestLineViewLayout(t *testing.T) {
	c := sampleLine()
	v := c.View(DefaultWidth, DefaultHeight)
	if len(v.Paths) != 2 || len(v.Legend) != 2 || len(v.Markers) != 1 {
		t.Fatalf("want 2 paths, 2 legend entries, 1 marker; got %d, %d, %d", len(v.Paths), len(v.Legend), len(v.Markers))
	}
	for _, p := range v.Paths {
		for _, d := range p.Dots {
			if d.X < v.Plot.X-1e-9 || d.X > v.Plot.X+v.Plot.W+1e-9 || d.Y < v.Plot.Y-1e-9 || d.Y > v.Plot.Y+v.Plot.H+1e-9 {
				t.Errorf("series %s: dot %+v outside the plot %+v", p.Name, d, v.Plot)
			}
		}
	}
	a := v.Paths[0]
	if a.Dots[0] != (Pt{v.Plot.X, v.Plot.Y + v.Plot.H}) || a.Dots[2] != (Pt{v.Plot.X + v.Plot.W, v.Plot.Y}) {
		t.Errorf("the axis ends must map to the plot corners, got %+v", a.Dots)
	}
	if got := strings.Count(v.Paths[1].D, "M "); got != 2 || len(v.Paths[1].Dots) != 2 {
		t.Errorf("a point off the axis must break the line into two pieces, got %q", v.Paths[1].D)
	}
	if len(v.XTicks) != len(c.X.Ticks) || len(v.YTicks) != len(c.Y.Ticks) {
		t.Errorf("every tick inside the axis is laid out: %d/%d x, %d/%d y", len(v.XTicks), len(c.X.Ticks), len(v.YTicks), len(c.Y.Ticks))
	}
}

func TestSVGIsAccessibleAndEscaped(t *testing.T) {
	for _, tt := range []struct {
		reason string
		svg    []byte
		title  string
	}{
		{"line chart", sampleLine().SVG(), `Time & "size" <1>`},
		{"bar chart", Bars{ID: "b", Title: "bytes <per> rank", Desc: "d", Categories: []string{"0", "1"},
			Series: []BarSeries{{Name: "sent", Values: []float64{1, 2}, Labels: []string{"1 B", "2 B"}}},
			Y:      Axis{Scale: Linear, Min: 0, Max: 2, Ticks: LinearTicks(0, 2, 1, plain)}}.SVG(), "bytes <per> rank"},
		{"ring diagram", Ring{ID: "r", Title: "round & step", Desc: "d", Nodes: []string{"0", "1", "2"},
			Arrows: []Arrow{{0, 1, "x"}, {1, 0, "y"}, {2, 2, "self"}, {5, 0, "bad"}}}.SVG(), "round & step"},
	} {
		d := parseSVG(t, tt.reason, tt.svg)
		if d.Title.Text != tt.title {
			t.Errorf("%s: title %q, want %q (escaped in the document, intact when read)", tt.reason, d.Title.Text, tt.title)
		}
		if strings.Contains(string(tt.svg), "NaN") || strings.Contains(string(tt.svg), "Inf") {
			t.Errorf("%s: a coordinate is not a finite number", tt.reason)
		}
	}
}

func TestRingView(t *testing.T) {
	c := Ring{Nodes: []string{"0", "1", "2", "3"}, Arrows: []Arrow{{0, 1, "a"}, {1, 0, "b"}, {2, 2, ""}, {0, 9, ""}}}
	v := c.View(560, 560)
	if len(v.Arrows) != 2 {
		t.Fatalf("self-arrows and arrows to missing nodes are not drawn: got %d arrows", len(v.Arrows))
	}
	if v.Nodes[0].At.X != 280 || v.Nodes[0].At.Y >= v.Nodes[2].At.Y {
		t.Errorf("node 0 is at the top centre, node 2 at the bottom: %+v", v.Nodes)
	}
	if v.Arrows[0].From == v.Arrows[1].To {
		t.Errorf("a pair of opposite arrows must be drawn apart, got %+v", v.Arrows)
	}
	big := Ring{Nodes: make([]string, 64)}
	if bv := big.View(560, 560); bv.LabelsInside || bv.Nodes[0].R >= 10 {
		t.Errorf("64 nodes are drawn small with labels outside, got r=%g inside=%v", bv.Nodes[0].R, bv.LabelsInside)
	}
}

func TestBarsView(t *testing.T) {
	c := Bars{Categories: make([]string, 64), Series: []BarSeries{{Name: "a", Values: make([]float64, 64)}, {Name: "b", Values: make([]float64, 10)}},
		Y: Axis{Scale: Linear, Min: 0, Max: 1}}
	v := c.View(DefaultWidth, DefaultHeight)
	if len(v.Bars) != 74 {
		t.Errorf("one bar per value: want 74, got %d", len(v.Bars))
	}
	if len(v.XTicks) > 16 {
		t.Errorf("category labels are thinned to about 16, got %d", len(v.XTicks))
	}
	if none := (Bars{Y: Axis{Scale: Log, Min: 1, Max: 2}}).View(100, 100); len(none.Bars) != 0 {
		t.Errorf("bars need a linear axis")
	}
}

type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	if f.n--; f.n < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

func TestWriteSVGReportsWriteErrors(t *testing.T) {
	if err := sampleLine().View(DefaultWidth, DefaultHeight).WriteSVG(&failWriter{n: 3}); err == nil {
		t.Errorf("a failing writer must give an error")
	}
}

func TestSVGIsDeterministic(t *testing.T) {
	if a, b := sampleLine().SVG(), sampleLine().SVG(); !bytes.Equal(a, b) {
		t.Errorf("the same chart must give the same bytes")
	}
}

// TestEscMatchesEncodingXML: esc writes what encoding/xml's EscapeText
// writes, for markup, quotes, white space, control characters, a
// surrogate's encoding, invalid UTF-8, U+FFFE and text in both languages.
func TestEscMatchesEncodingXML(t *testing.T) {
	for _, s := range []string{"", "plain", `a <b> & "c" 'd'`, "tab\there\nnew\rline", "bell\x07 nul\x00",
		"\xed\xa0\x80 surrogate", "bad \xff\xfe utf-8", "\uFFFE\uFFFF\uFFFD", "交换机与链路 · 4 MiB ⇄ 100 %", "\U0001F600"} {
		var want bytes.Buffer
		if err := xml.EscapeText(&want, []byte(s)); err != nil {
			t.Fatal(err)
		}
		if got := esc(s); got != want.String() {
			t.Errorf("esc(%q) = %q, encoding/xml writes %q", s, got, want.String())
		}
	}
}
