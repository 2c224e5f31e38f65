package figure

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"testing"

	"github.com/ccplay/ccplay/chart"
)

// TestArrowLabelsClearOfDots: on every layout the step-through draws (440 ×
// 440, every collective and algorithm, P from 2 to 16), in every round, no
// arrow label's box comes within a dot's reach (chart.DotR and its ring) of
// any point of any arrow's dot path, so a moving chunk never covers a
// label. The boxes are read back from the SVG (font size, anchor, the text
// at 0.6 em a character) and each path is walked in 0.25-px steps.
func TestArrowLabelsClearOfDots(t *testing.T) {
	const reach = chart.DotR + 0.75
	for _, c := range layoutCases(t, []int{2, 3, 4, 5, 6, 7, 8, 9, 12, 16}) {
		for round := 1; round <= len(c.s.StepRounds()); round++ {
			g, err := StepGraph(c.s, round, 4, c.gpus, 440, 440)
			if err != nil {
				t.Fatalf("%s round %d: %v", c.name, round, err)
			}
			var b bytes.Buffer
			if err := g.WriteSVG(&b); err != nil {
				t.Fatal(err)
			}
		labels:
			for _, box := range arrowLabelBoxes(t, b.Bytes()) {
				for _, a := range g.Arrows {
					from, to, ok := g.DotPath(a)
					if !ok {
						continue
					}
					n := int(math.Ceil(math.Hypot(to.X-from.X, to.Y-from.Y)/0.25)) + 1
					for i := 0; i <= n; i++ {
						f := float64(i) / float64(n)
						x, y := from.X+f*(to.X-from.X), from.Y+f*(to.Y-from.Y)
						dx := math.Max(0, math.Max(box.l-x, x-box.r))
						dy := math.Max(0, math.Max(box.t-y, y-box.b))
						if math.Hypot(dx, dy) < reach {
							t.Errorf("%s round %d: label %q (x %.1f–%.1f, y %.1f–%.1f) under the dot of arrow %d→%d at (%.1f, %.1f)",
								c.name, round, box.text, box.l, box.r, box.t, box.b, a.From, a.To, x, y)
							continue labels
						}
					}
				}
			}
		}
	}
}

type arrowLabel struct {
	text       string
	l, r, t, b float64
}

// arrowLabelBoxes are the boxes of an SVG's arrow labels (the text filled
// #8a3a00, anchored at its middle): height the font size above the
// baseline, width 0.6 em a character (1 em an ideograph).
func arrowLabelBoxes(t *testing.T, svg []byte) []arrowLabel {
	t.Helper()
	var out []arrowLabel
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "text" {
			continue
		}
		at := map[string]string{}
		for _, a := range el.Attr {
			at[a.Name.Local] = a.Value
		}
		var text string
		if err := dec.DecodeElement(&text, &el); err != nil {
			t.Fatal(err)
		}
		if at["fill"] != "#8a3a00" {
			continue
		}
		if at["text-anchor"] != "middle" {
			t.Fatalf("label %q anchored %q", text, at["text-anchor"])
		}
		x, _ := strconv.ParseFloat(at["x"], 64)
		y, _ := strconv.ParseFloat(at["y"], 64)
		size, _ := strconv.ParseFloat(at["font-size"], 64)
		w := 0.0
		for _, r := range text {
			if r >= 0x2E80 {
				w += size
			} else {
				w += 0.6 * size
			}
		}
		out = append(out, arrowLabel{text, x - w/2, x + w/2, y - size, y})
	}
}
