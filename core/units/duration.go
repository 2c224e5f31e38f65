// This file defines Duration, a model time in float seconds, and
// ParseDuration, which insists on an explicit unit.

package units

import (
	"math"
	"strconv"
)

// Duration is a time in seconds. It is a float64, not a time.Duration,
// because model times such as α + n/β need sub-nanosecond precision.
type Duration float64

// durationAccepted lists the units ParseDuration accepts.
const durationAccepted = "ns, us, µs, ms, s"

// durationExample is a valid duration quoted in error messages.
const durationExample = "5us"

// ParseDuration parses a time such as "5us", "5 µs", "3.18ms", "0.3s" or
// "0 s". The unit is required and case-sensitive: ns, us, µs (micro sign
// U+00B5) or μs (Greek mu U+03BC), ms or s, optionally after spaces. A bare
// number is refused. Zero is allowed (a latency of 0 is a valid model);
// negative values are not.
func ParseDuration(s string) (Duration, error) {
	n, unit, why, ok := splitQuantity(s, durationExample)
	if !ok {
		return 0, newErrorFor(kindDuration, s, why)
	}
	div, ok := durationDivisor(unit)
	if !ok {
		if unit == "" {
			return 0, newError(kindDuration, s, "units.duration.no_unit")
		}
		return 0, newError(kindDuration, s, "units.duration.unit", strconv.Quote(unit), durationAccepted)
	}
	if n.negative() {
		return 0, newError(kindDuration, s, "units.duration.negative")
	}
	if n.isZero() {
		return 0, nil
	}
	v := n.float() / div
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, newError(kindDuration, s, "units.too_large")
	}
	return Duration(v), nil
}

// durationDivisor returns how many of unit make one second.
func durationDivisor(unit string) (float64, bool) {
	switch unit {
	case "ns":
		return 1e9, true
	case "us", "\u00b5s", "\u03bcs":
		return 1e6, true
	case "ms":
		return 1e3, true
	case "s":
		return 1, true
	}
	return 0, false
}

// Seconds returns the duration in seconds.
func (d Duration) Seconds() float64 { return float64(d) }

// durationScales are the units String chooses from, ascending.
func durationScales() []scale {
	return []scale{
		{"ns", 1, 1e9},
		{"\u00b5s", 1, 1e6},
		{"ms", 1, 1e3},
		{"s", 1, 1},
	}
}

// String writes the duration in the largest of ns, µs (U+00B5), ms and s
// that keeps the number at least 1 (so below 1000, except below 1 ns or
// from 1000 s up), with the fewest significant digits that ParseDuration
// reads back to within 1e-12 relative: "5 µs", "3.18 ms", "0.311 s".
// Zero is "0 s".
func (d Duration) String() string {
	if d == 0 {
		return "0 s"
	}
	sc := durationScales()
	return formatScaled(float64(d), sc, sc[len(sc)-1])
}
