package units

import "strconv"

// FormatShare writes a share f of a whole (0.004 for 0.4 %) as a
// percentage with digits decimals, without the sign: "0.4", "100.0". A
// share above zero that would round to zero is "< 1" (digits 0) or
// "< 0.1" (digits 1), so a link that was busy a little never reads as
// idle. O(1).
func FormatShare(f float64, digits int) string {
	p := 100 * f
	s := strconv.FormatFloat(p, 'f', digits, 64)
	if p > 0 {
		if least := strconv.FormatFloat(0, 'f', digits, 64); s == least {
			tiny := 1.0
			for range digits {
				tiny /= 10
			}
			return "< " + strconv.FormatFloat(tiny, 'f', digits, 64)
		}
	}
	return s
}
