package chart

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"
)

// textBox is one <text> element's estimated extent in px: its width by
// textWidth at its font size, placed by its x and text-anchor; a rotated
// element (the y axis label) spans its width along y instead.
type textBox struct {
	Text                   string
	Left, Right, Top, Base float64
}

// textBoxes reads every <text> element of an SVG document and the
// document's viewBox width and height.
func textBoxes(t *testing.T, svg []byte) (boxes []textBox, width, height float64) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return boxes, width, height
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range el.Attr {
			attr[a.Name.Local] = a.Value
		}
		f := func(name string) float64 {
			v, err := strconv.ParseFloat(attr[name], 64)
			if err != nil {
				t.Fatalf("<%s %s=%q>: %v", el.Name.Local, name, attr[name], err)
			}
			return v
		}
		switch el.Name.Local {
		case "svg":
			vb := strings.Fields(attr["viewBox"])
			if len(vb) != 4 || vb[0] != "0" || vb[1] != "0" {
				t.Fatalf("viewBox %q", attr["viewBox"])
			}
			width, _ = strconv.ParseFloat(vb[2], 64)
			height, _ = strconv.ParseFloat(vb[3], 64)
		case "text":
			var content string
			if err := dec.DecodeElement(&content, &el); err != nil {
				t.Fatal(err)
			}
			x, y, size := f("x"), f("y"), f("font-size")
			w := textWidth(content, size)
			b := textBox{Text: content, Top: y - size, Base: y}
			switch attr["text-anchor"] {
			case "start":
				b.Left, b.Right = x, x+w
			case "middle":
				b.Left, b.Right = x-w/2, x+w/2
			case "end":
				b.Left, b.Right = x-w, x
			default:
				t.Fatalf("text %q: text-anchor %q", content, attr["text-anchor"])
			}
			if attr["transform"] != "" { // rotate(-90 x y): the width runs along y
				b = textBox{Text: content, Left: x - size, Right: x, Top: y - w/2, Base: y + w/2}
			}
			boxes = append(boxes, b)
		}
	}
}

// TestLineTextInsideViewBox: at phone and desktop widths, with the
// playground's options and without, every label of a line chart — a tie
// band's long label wherever the band lies, crossover labels near either
// edge, legend entries, ticks — lies within the SVG's viewBox, in English
// and in Chinese.
func TestLineTextInsideViewBox(t *testing.T) {
	labels := []string{
		"tree ≈ rabenseifner (within 5 %)",
		"tree ≈ rabenseifner（相差 < 5 %）",
		"hierarchical ≈ rabenseifner (within 5 %) over a long range of sizes",
	}
	spans := [][2]float64{{2, 4}, {30, 60}, {200, 300}, {600, 900}, {1000, 1024}, {1, 1024}}
	for _, width := range []int{320, 360, 420, 720} {
		for _, narrow := range []bool{false, true} {
			for _, label := range labels {
				for _, sp := range spans {
					c := sampleLine()
					c.Bands = []Band{{X0: sp[0], X1: sp[1], Label: label}}
					c.Markers = []Marker{{X: 1.5, Y: 1.5e-3, Label: "→ rabenseifner at 1 KiB"},
						{X: 1000, Y: 9, Label: "→ tree at 512 MiB"}}
					c.Series[0].Name = "rabenseifner"
					c.MarkerLabelsTop, c.LegendBelow, c.NoTitleText = narrow, narrow, narrow
					var b bytes.Buffer
					if err := c.View(width, 400).WriteSVG(&b); err != nil {
						t.Fatal(err)
					}
					boxes, w, h := textBoxes(t, b.Bytes())
					if w != float64(width) || h != 400 {
						t.Fatalf("viewBox %gx%g, want %dx400", w, h, width)
					}
					found := 0
					for _, bx := range boxes {
						if strings.Contains(label, bx.Text) {
							found++
						}
						if bx.Left < 0 || bx.Right > w || bx.Top < 0 || bx.Base > h {
							t.Errorf("width %d narrow %v band %v: %q spans x %.1f–%.1f, y %.1f–%.1f, outside 0 0 %g %g",
								width, narrow, sp, bx.Text, bx.Left, bx.Right, bx.Top, bx.Base, w, h)
						}
					}
					if found == 0 {
						t.Errorf("width %d band %v: the band's label %q is not drawn", width, sp, label)
					}
				}
			}
		}
	}
}

// TestWrapText: a label wider than its room is cut at spaces into lines
// that each fit, and joined again they are the label.
func TestWrapText(t *testing.T) {
	s := "hierarchical ≈ rabenseifner (within 5 %)"
	for _, room := range []float64{60, 120, 200, 400} {
		lines := wrapText(s, 11, room)
		if strings.Join(lines, " ") != s {
			t.Errorf("room %g: lines %q do not join to %q", room, lines, s)
		}
		for _, l := range lines {
			if textWidth(l, 11) > room && strings.Contains(l, " ") {
				t.Errorf("room %g: line %q is %.1f px wide", room, l, textWidth(l, 11))
			}
		}
		if want := textWidth(s, 11) <= room; want != (len(lines) == 1) {
			t.Errorf("room %g: %d lines for a label %.1f px wide", room, len(lines), textWidth(s, 11))
		}
	}
}
