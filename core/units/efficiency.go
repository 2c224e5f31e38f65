// This file defines Efficiency, the fraction of a link's nominal bandwidth
// that a transfer achieves, and ParseEfficiency.

package units

import "strconv"

// Efficiency is a fraction in (0, 1]: the share of nominal bandwidth a
// transfer actually gets.
type Efficiency float64

// efficiencyRange names the accepted range in error messages.
var efficiencyRange = because("units.efficiency.range")

// ParseEfficiency parses a fraction such as "0.9" or "1", or a percentage
// such as "90%" or "90 %". The value must be greater than 0 and at most 1.
func ParseEfficiency(s string) (Efficiency, error) {
	n, unit, why, ok := splitQuantity(s, "0.9")
	if !ok {
		return 0, newErrorFor(kindEfficiency, s, why)
	}
	div := 1.0
	switch unit {
	case "":
	case "%":
		div = 100
	default:
		return 0, newError(kindEfficiency, s, "units.efficiency.unit", strconv.Quote(unit))
	}
	v := n.float() / div
	if n.negative() || !(v > 0 && v <= 1) { // also rejects NaN
		return 0, newErrorFor(kindEfficiency, s, efficiencyRange)
	}
	return Efficiency(v), nil
}

// Apply returns the bandwidth achieved at this efficiency: b × e.
func (e Efficiency) Apply(b Bandwidth) Bandwidth {
	return Bandwidth(float64(b) * float64(e))
}

// String writes the efficiency as a percentage with the fewest digits that
// ParseEfficiency reads back to within 1e-12 relative, e.g. "90%".
func (e Efficiency) String() string {
	pct := scale{"%", 1, 100}
	text := formatScaled(float64(e), []scale{pct}, pct)
	// formatScaled separates number and unit with a space; "90%" reads
	// better and parses the same.
	return text[:len(text)-2] + "%"
}
