package figure

import (
	"math"
	"strconv"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/units"
)

// SecondsLabel writes a tick value in seconds with the unit that keeps the
// number in [1, 1000) and at most three significant figures: "10 µs",
// "2.5 ms", "1 s".
func SecondsLabel(v float64) string {
	if v == 0 {
		return "0 s"
	}
	a := math.Abs(v)
	unit, name := 1.0, "s"
	switch {
	case a < 1e-6:
		unit, name = 1e-9, "ns"
	case a < 1e-3:
		unit, name = 1e-6, "µs"
	case a < 1:
		unit, name = 1e-3, "ms"
	}
	m, _ := strconv.ParseFloat(strconv.FormatFloat(v/unit, 'g', 3, 64), 64)
	return strconv.FormatFloat(m, 'f', -1, 64) + " " + name
}

// BytesLabel writes a byte count with binary units ("1 KiB", "64 MiB").
func BytesLabel(v float64) string { return units.FormatBytes(v, true) }

// RanksLabel writes a rank count as an integer.
func RanksLabel(v float64) string { return strconv.FormatFloat(math.Round(v), 'f', -1, 64) }

// linkText describes the link parameters of p: "50 GB/s, α = 5 µs", with
// the efficiency and γ when they are not the defaults.
func linkText(p cost.Params) string {
	s := units.Bandwidth(p.Bandwidth).String() + ", α = " + units.Duration(p.Latency).String()
	if p.Efficiency != 1 {
		s += ", efficiency " + strconv.FormatFloat(p.Efficiency*100, 'g', 4, 64) + " %"
	}
	if p.Gamma != 0 {
		s += ", γ = " + strconv.FormatFloat(p.Gamma, 'g', -1, 64) + " s/B"
	}
	return s
}

// logRange returns log-axis ends that enclose [lo, hi] on 1-2-5 values,
// widened when lo == hi.
func logRange(lo, hi float64) (float64, float64) {
	a, b := chart.NiceFloor(lo), chart.NiceCeil(hi)
	if a == b {
		a, b = chart.NiceFloor(a*0.9), chart.NiceCeil(b*1.1)
	}
	return a, b
}

// timeRange gathers the positive times of a time chart: lo and hi are the
// least and the greatest added (0 and 0 until one is).
type timeRange struct{ lo, hi float64 }

// add appends the times t at x to c's series, one per algorithm, leaving
// out those that are not positive (no time), and widens r to hold them.
func (r *timeRange) add(c *chart.Line, x float64, t []float64) {
	for i, v := range t {
		if v > 0 {
			c.Series[i].Points = append(c.Series[i].Points, chart.Point{X: x, Y: v})
			if r.lo == 0 || v < r.lo {
				r.lo = v
			}
			r.hi = max(r.hi, v)
		}
	}
}

// logAxes sets c's axes, both logarithmic: X labelled xLabel from xlo to
// xhi (halved and doubled when equal), ticked at powers of 2 labelled by
// label; Y the modelled time over r on 1-2-5 ends (1 µs to 1 s when r is
// empty), ticked at powers of 10. It returns X's ends.
func logAxes(c *chart.Line, xLabel string, xlo, xhi float64, label func(float64) string, r timeRange) (float64, float64) {
	if xlo == xhi {
		xlo, xhi = xlo/2, xhi*2
	}
	c.X = chart.Axis{Label: xLabel, Scale: chart.Log, Min: xlo, Max: xhi,
		Ticks: chart.LogTicks(xlo, xhi, 2, label)}
	lo, hi := r.lo, r.hi
	if hi == 0 {
		lo, hi = 1e-6, 1
	}
	ylo, yhi := logRange(lo, hi)
	c.Y = chart.Axis{Label: "time (α-β-γ model)", Scale: chart.Log, Min: ylo, Max: yhi,
		Ticks: chart.LogTicks(ylo, yhi, 10, SecondsLabel)}
	return xlo, xhi
}
