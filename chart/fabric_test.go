package chart

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The fabric drawing has a box per switch and node, a line per cable
// coloured by utilisation (idle grey, full vermillion), the hottest cable
// four pixels wide, labels where the row has room, and its title and
// legend.
func TestFabricSVG(t *testing.T) {
	if heat(0) != "#bbbbbb" || heat(0.5) != "#e69f00" || heat(1) != "#d55e00" || heat(2) != heat(1) {
		t.Errorf("heat: %s %s %s", heat(0), heat(0.5), heat(1))
	}
	f := Fabric{ID: "f", Title: "T", Desc: "D", Legend: "L",
		Rows:   [3][]string{{"spine0", "spine1"}, {"leaf0", "leaf1"}, {"node0", "node1", "node2", "node3"}},
		Cables: []FabricCable{{0, 0, 0, 0.2}, {0, 1, 1, 0.9}, {1, 0, 0, 0}, {1, 1, 3, 0.5}}}
	svg := string(f.SVG())
	if n := strings.Count(svg, "<rect x="); n != 8+11 {
		t.Errorf("%d rects, want 8 boxes and 11 legend steps", n)
	}
	if n := strings.Count(svg, "<line "); n != 4 {
		t.Errorf("%d lines, want 4 cables", n)
	}
	if !strings.Contains(svg, `stroke="`+heat(0.9)+`" stroke-width="4"`) || strings.Count(svg, `stroke-width="4"`) != 1 {
		t.Errorf("the hottest cable is not the one drawn thick:\n%s", svg)
	}
	for _, w := range []string{">spine1<", ">node3<", ">T<", ">L<", `<desc id="f-desc">D</desc>`} {
		if !strings.Contains(svg, w) {
			t.Errorf("no %q", w)
		}
	}
}

// TestFabricNarrowSVG: the narrow drawing is NarrowWidth wide, every text
// in it is at least NarrowFont and lies inside it, for a small fabric, one
// whose 32 leaves are named rail0.0 … rail3.7 and one of 180 nodes; each
// row is headed by its first and last boxes' names, the boxes numbered
// where the numbers fit; every box has a positive width (the wide drawing's
// too).
func TestFabricNarrowSVG(t *testing.T) {
	names := func(prefix string, n int, name func(i int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = prefix + name(i)
		}
		return out
	}
	num := func(i int) string { return strconv.Itoa(i) }
	rail := func(i int) string { return strconv.Itoa(i/8) + "." + strconv.Itoa(i%8) }
	for _, tc := range []struct {
		name string
		rows [3][]string
		want []string // texts the drawing must hold
		not  []string // and must not
	}{
		{"small", [3][]string{{"spine0"}, names("leaf", 4, num), names("node", 8, num)}, []string{">spine0<", ">leaf0 … leaf3<", ">node0 … node7<", ">3<", ">7<"}, nil},
		{"rail", [3][]string{{"spine0"}, names("rail", 32, rail), names("node", 8, num)}, []string{">rail0.0 … rail3.7<", ">node0 … node7<", ">7<"}, []string{">3.7<"}},
		{"180 nodes", [3][]string{names("spine", 45, num), names("leaf", 4, num), names("node", 180, num)}, []string{">spine0 … spine44<", ">leaf0 … leaf3<", ">node0 … node179<", ">3<"}, []string{">179<"}},
	} {
		f := Fabric{ID: "n", Title: "T", Desc: "D", Caption: "C", Legend: "cable utilisation: 0 % → 100 %", Rows: tc.rows,
			Cables: []FabricCable{{0, 0, 0, 0.3}, {1, 3, 7, 1}}}
		svg := f.NarrowSVG()
		boxes, w, h := textBoxes(t, svg)
		if w != NarrowWidth {
			t.Errorf("%s: %g wide, want %d", tc.name, w, NarrowWidth)
		}
		for _, m := range regexp.MustCompile(`font-size="([0-9.]+)"`).FindAllStringSubmatch(string(svg), -1) {
			if v, _ := strconv.ParseFloat(m[1], 64); v < NarrowFont {
				t.Errorf("%s: font-size %s under %d", tc.name, m[1], NarrowFont)
			}
		}
		for _, b := range boxes {
			if b.Left < 0 || b.Right > w || b.Top < 0 || b.Base > h {
				t.Errorf("%s: %q spans x %.1f–%.1f, y %.1f–%.1f, outside 0 0 %g %g", tc.name, b.Text, b.Left, b.Right, b.Top, b.Base, w, h)
			}
		}
		for _, want := range tc.want {
			if !strings.Contains(string(svg), want) {
				t.Errorf("%s: no %q", tc.name, want)
			}
		}
		for _, not := range append(tc.not, ">T</text>", ">C</text>") {
			if strings.Contains(string(svg), not) {
				t.Errorf("%s: %q drawn", tc.name, not)
			}
		}
		for _, d := range [][]byte{svg, f.SVG()} {
			if regexp.MustCompile(`width="(-|0")`).Match(d) {
				t.Errorf("%s: a box of no width", tc.name)
			}
		}
	}
}
