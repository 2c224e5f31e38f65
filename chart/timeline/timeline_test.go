package timeline

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/plan"
)

// The SVG is well-formed XML with one rect per span (plus the background),
// an accessible title and description stating the exposed time, and bars
// inside the plot.
func TestSVG(t *testing.T) {
	tl := plan.Timeline{Name: "demo", About: "a <demo> & test", Compute: 2e-3, Finish: 3e-3, Serial: 4e-3, Exposed: 1e-3,
		Spans: []plan.Span{{Lane: plan.LaneCompute, Start: 0, End: 2e-3, Label: "compute"}, {Lane: plan.LaneComm, Start: 1e-3, End: 3e-3, Label: "comm"}}}
	b := SVG(tl)
	d := xml.NewDecoder(strings.NewReader(string(b)))
	rects := 0
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("not XML: %v\n%s", err, b)
			}
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			rects++
		}
	}
	if rects != 3 {
		t.Errorf("%d rects, want background + 2 spans", rects)
	}
	for _, w := range []string{"a &lt;demo&gt; &amp; test", "exposed communication 1 ms", `role="img"`, "compute alone"} {
		if !strings.Contains(string(b), w) {
			t.Errorf("SVG lacks %q", w)
		}
	}
	if g := Gantt(tl); g.Max != 3e-3 || len(g.Bars) != 2 || g.Bars[1].Lane != plan.LaneComm {
		t.Errorf("gantt %+v", g)
	}
}
