// This file prints a Size exactly, in the unit that gives the shortest
// number, so that ParseSize reads the text back to the same Size.

package units

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// String writes s exactly as a number followed, without a space, by a unit,
// e.g. "100MiB", "8GiB", "1.5KiB", "100MB", "1025B", "0B".
//
// The rule: every binary unit (PiB, TiB, GiB, MiB, KiB) and decimal unit
// (PB, TB, GB, MB, KB) in which s is at least 1 gives an exact decimal
// number, as does plain "B". String picks the candidate whose number has
// the fewest characters; ties go to binary units before decimal ones and
// both before plain bytes, and to larger units before smaller ones. So
// 1536 is "1.5KiB", 10^8 is "100MB", 1280 is "1.25KiB" and 1025 is "1025B".
// ParseSize(s.String()) == s for every s ≥ 0. Negative sizes, which no
// parser produces, are written with a leading '-'.
func (s Size) String() string {
	if s < 0 {
		if s == math.MinInt64 {
			return "-9223372036854775808B"
		}
		return "-" + (-s).String()
	}
	// Candidates in tie-break order: a later one wins only when its number
	// is strictly shorter. Plain bytes come last and always qualify.
	candidates := [...]struct {
		num  string
		unit string
	}{
		{binaryMantissa(s, 50), "PiB"},
		{binaryMantissa(s, 40), "TiB"},
		{binaryMantissa(s, 30), "GiB"},
		{binaryMantissa(s, 20), "MiB"},
		{binaryMantissa(s, 10), "KiB"},
		{decimalMantissa(s, 15), "PB"},
		{decimalMantissa(s, 12), "TB"},
		{decimalMantissa(s, 9), "GB"},
		{decimalMantissa(s, 6), "MB"},
		{decimalMantissa(s, 3), "KB"},
		{strconv.FormatInt(int64(s), 10), "B"},
	}
	best, bestUnit := "", ""
	for _, c := range candidates {
		if c.num != "" && (best == "" || len(c.num) < len(best)) {
			best, bestUnit = c.num, c.unit
		}
	}
	return best + bestUnit
}

// binaryMantissa returns s / 2^shift as exact decimal text, or "" when that
// is below 1 or needs too many digits to beat the plain byte count.
func binaryMantissa(s Size, shift uint) string {
	u := uint64(s)
	q := u >> shift
	if q == 0 {
		return ""
	}
	frac := u & (1<<shift - 1)
	if frac == 0 {
		return strconv.FormatUint(q, 10)
	}
	// frac / 2^shift = odd / 2^d, which has exactly d decimal places.
	tz := uint(bits.TrailingZeros64(frac))
	odd, d := frac>>tz, shift-tz
	if d > 17 {
		// At least 19 characters; the byte count (at most 19) wins.
		return ""
	}
	digits := strconv.FormatUint(odd*pow5(d), 10) // odd·5^d < 10^d
	return strconv.FormatUint(q, 10) + "." + strings.Repeat("0", int(d)-len(digits)) + digits
}

// decimalMantissa returns s / 10^exp as exact decimal text, or "" when that
// is below 1.
func decimalMantissa(s Size, exp int) string {
	p := uint64(1)
	for range exp {
		p *= 10
	}
	u := uint64(s)
	q, r := u/p, u%p
	if q == 0 {
		return ""
	}
	if r == 0 {
		return strconv.FormatUint(q, 10)
	}
	frac := strconv.FormatUint(r, 10)
	frac = strings.Repeat("0", exp-len(frac)) + frac
	return strconv.FormatUint(q, 10) + "." + strings.TrimRight(frac, "0")
}

// pow5 returns 5^d for d ≤ 27.
func pow5(d uint) uint64 {
	p := uint64(1)
	for range d {
		p *= 5
	}
	return p
}
