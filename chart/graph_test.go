package chart

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// TestGraphSVG: an exchange of equal sizes is labelled once ("⇄"), unequal
// opposite arrows each keep their label, arrows to missing nodes are not
// drawn, small nodes carry their label as a tooltip, and the output is XML.
func TestGraphSVG(t *testing.T) {
	g := Graph{ID: "g", Title: "t <&>", Width: 200, Height: 200, R: 10,
		Nodes:  []GraphNode{{At: Pt{X: 50, Y: 100}, Label: "0"}, {At: Pt{X: 150, Y: 100}, Label: "1"}, {At: Pt{X: 100, Y: 160}, Label: "2"}},
		Links:  [][2]int{{0, 1}, {0, 9}},
		Boxes:  []GraphBox{{X: 10, Y: 60, W: 180, H: 130, Label: "node 0"}},
		Arrows: []GraphArrow{{From: 0, To: 1, Label: "4 MiB"}, {From: 1, To: 0, Label: "4 MiB"}, {From: 1, To: 2, Label: "1 KiB"}, {From: 2, To: 1, Label: "2 KiB", Colour: 1}, {From: 0, To: 7, Label: "x"}}}
	var b bytes.Buffer
	if err := g.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	checks := []struct {
		what string
		n    int
		why  string
	}{
		{"⇄ 4 MiB", 1, "the equal exchange 0⇄1 is labelled once"},
		{">4 MiB<", 0, "and not per direction"},
		{">1 KiB<", 1, "unequal opposite arrows keep their own labels"},
		{">2 KiB<", 1, "unequal opposite arrows keep their own labels"},
		{"<line", 1 + 4, "one link (the other has a missing end) and four arrows (0→7 is dropped)"},
		{`url(#g-arrow1)`, 1, "the second colour's marker"},
		{`<title>`, 0, "labels inside the nodes: no tooltips (the document's title has an id)"},
		{"node 0", 1, "the box label"},
	}
	for _, c := range checks {
		if got := strings.Count(svg, c.what); got != c.n {
			t.Errorf("%s: %q appears %d times, want %d", c.why, c.what, got, c.n)
		}
	}
	g.R = 4
	b.Reset()
	g.WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
	if got := strings.Count(b.String(), "<title>"); got != 3 {
		t.Errorf("small nodes: %d tooltips, want one per node", got)
	}
	dec := xml.NewDecoder(&b)
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("not XML: %v", err)
		}
	}
}
