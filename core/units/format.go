// This file holds the shared printing logic for the float quantities
// (Bandwidth, Duration, Efficiency): pick a unit, then write the fewest
// significant digits that the parser reads back to (almost) the same value.

package units

import (
	"math"
	"strconv"
)

// roundTripTolerance is the relative error String methods allow between a
// value and what its text parses back to. It is far tighter than the 1e-9
// the package promises, and loose enough that values computed as, say,
// 44999999999.99999 B/s print as "45 GB/s".
const roundTripTolerance = 1e-12

// scale is a display unit: a number m in this unit is m × mul / div base
// units. Exactly one of mul and div differs from 1 (or neither), which keeps
// the conversion to a single correctly rounded operation, matching the
// parsers.
type scale struct {
	name     string
	mul, div float64
}

// toBase converts a number in unit u to base units, exactly as the parsers
// do.
func (u scale) toBase(m float64) float64 { return m * u.mul / u.div }

// fromBase converts a value in base units to a number in unit u.
func (u scale) fromBase(v float64) float64 { return v / u.mul * u.div }

// size returns one unit u in base units.
func (u scale) size() float64 { return u.mul / u.div }

// formatScaled writes v in the largest of units (sorted ascending) that is
// not larger than v, moving up one unit when rounding reaches 1000. The
// number has the fewest significant digits that parse back to within
// roundTripTolerance of v. If no unit can do that (only at the edges of the
// float64 range) it falls back to fallback, which should be the base unit,
// with the shortest exact digits.
func formatScaled(v float64, units []scale, fallback scale) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return strconv.FormatFloat(v, 'g', -1, 64) + " " + fallback.name
	case v == 0:
		return "0 " + units[0].name
	case v < 0:
		return "-" + formatScaled(-v, units, fallback)
	}
	i := 0
	for i+1 < len(units) && v >= units[i+1].size() {
		i++
	}
	for ; i < len(units); i++ {
		text, r, ok := shortestMantissa(v, units[i])
		if !ok {
			break
		}
		if r >= 1000 && i+1 < len(units) {
			continue
		}
		return text + " " + units[i].name
	}
	return plainFloat(fallback.fromBase(v)) + " " + fallback.name
}

// shortestMantissa returns v in unit u with the fewest significant digits
// that convert back to within roundTripTolerance of v (v > 0), together with
// the rounded number itself.
func shortestMantissa(v float64, u scale) (string, float64, bool) {
	m := u.fromBase(v)
	if m == 0 || math.IsInf(m, 0) {
		return "", 0, false
	}
	for digits := 1; digits <= 17; digits++ {
		r, err := strconv.ParseFloat(strconv.FormatFloat(m, 'e', digits-1, 64), 64)
		if err != nil {
			continue
		}
		if math.Abs(u.toBase(r)-v) <= roundTripTolerance*v {
			return plainFloat(r), r, true
		}
	}
	return "", 0, false
}

// plainFloat writes r with the shortest digits that parse back to r,
// avoiding an exponent unless the number is very large or very small.
func plainFloat(r float64) string {
	if a := math.Abs(r); a >= 1e-4 && a < 1e21 {
		return strconv.FormatFloat(r, 'f', -1, 64)
	}
	return strconv.FormatFloat(r, 'g', -1, 64)
}
