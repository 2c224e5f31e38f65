package figure

import (
	"fmt"

	"github.com/ccplay/ccplay/chart"
)

// Measured overlays measured points on a chart with logarithmic axes (such
// as TimeVsSize's): each set becomes a Scatter, drawn as squares in its
// series' colour, and the y axis grows to nice ends (with new ticks) so that
// every point with a positive time is on it; the x axis grows likewise.
// Points ≤ 0 cannot sit on a log axis and are left out. The description
// gains one sentence per set. O(points).
func Measured(c *chart.Line, sets []chart.Scatter) {
	if len(sets) == 0 || c.X.Scale != chart.Log || c.Y.Scale != chart.Log || !c.X.Valid() || !c.Y.Valid() {
		return
	}
	xlo, xhi, ylo, yhi := c.X.Min, c.X.Max, c.Y.Min, c.Y.Max
	for _, s := range sets {
		var kept []chart.Point
		for _, p := range s.Points {
			if p.X > 0 && p.Y > 0 {
				kept = append(kept, p)
				xlo, xhi = min(xlo, p.X), max(xhi, p.X)
				ylo, yhi = min(ylo, p.Y), max(yhi, p.Y)
			}
		}
		s.Points = kept
		c.Scatter = append(c.Scatter, s)
		c.Desc += fmt.Sprintf(" Measured: %d points of %s.", len(kept), s.Name)
	}
	if xlo < c.X.Min || xhi > c.X.Max {
		c.X.Min, c.X.Max = xlo, xhi
		c.X.Ticks = chart.LogTicks(xlo, xhi, 2, BytesLabel)
	}
	if ylo < c.Y.Min || yhi > c.Y.Max {
		c.Y.Min, c.Y.Max = logRange(ylo, yhi)
		c.Y.Ticks = chart.LogTicks(c.Y.Min, c.Y.Max, 10, SecondsLabel)
	}
}
