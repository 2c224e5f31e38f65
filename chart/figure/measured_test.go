package figure

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Measured points outside the model's range widen the axes to hold them
// (nice log ends); each set is drawn as one group of squares in its line's
// colour with a legend entry; points ≤ 0 are left out; the description
// counts them.
func TestMeasuredWidensAxesAndDrawsSquares(t *testing.T) {
	c, _, err := TimeVsSize(lecture(), doubling(1<<10, 1<<20), sched.Applicable(prim.AllReduce))
	if err != nil {
		t.Fatal(err)
	}
	x0, y0 := c.X, c.Y
	sets := []chart.Scatter{
		{Name: "measured ring", Series: 1, Points: []chart.Point{{X: 1 << 10, Y: 10}, {X: 1 << 22, Y: 20}, {X: 0, Y: 1}}},
		{Name: "nccl-tests", Series: -1, Points: []chart.Point{{X: 1 << 12, Y: y0.Min * 2}}},
	}
	Measured(&c, sets)
	if !(c.Y.Max >= 20 && c.Y.Min == y0.Min) || c.X.Max != 1<<22 || c.X.Min != x0.Min || len(c.Y.Ticks) <= len(y0.Ticks) {
		t.Errorf("axes x [%g, %g] y [%g, %g] (%d ticks), before y [%g, %g]", c.X.Min, c.X.Max, c.Y.Min, c.Y.Max, len(c.Y.Ticks), y0.Min, y0.Max)
	}
	if len(c.Scatter) != 2 || len(c.Scatter[0].Points) != 2 || !strings.Contains(c.Desc, "Measured: 2 points of measured ring. Measured: 1 points of nccl-tests.") {
		t.Errorf("scatter %+v desc %q", c.Scatter, c.Desc)
	}
	v := c.View(860, 420)
	var b bytes.Buffer
	if err := v.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if !strings.Contains(svg, `<g class="measured" fill="`+chart.Palette[1]+`"`) || !strings.Contains(svg, `<g class="measured" fill="#ffffff" stroke="#111111"`) ||
		strings.Count(svg, "<rect x=") != 1+3+2 { // frame, 3 points, 2 legend squares
		t.Errorf("svg: %d rects\n%s", strings.Count(svg, "<rect x="), svg)
	}
	if n := len(v.Legend); n != len(c.Series)+2 || !v.Legend[n-1].Square {
		t.Errorf("legend %+v", v.Legend)
	}
	// Nothing to overlay: the chart is unchanged.
	d, _, _ := TimeVsSize(lecture(), doubling(1<<10, 1<<20), sched.Applicable(prim.AllReduce))
	before := d.Desc
	Measured(&d, nil)
	if d.Desc != before || d.Scatter != nil {
		t.Error("an empty overlay changed the chart")
	}
}
