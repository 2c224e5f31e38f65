package chart

import (
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
