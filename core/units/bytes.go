// This file formats byte counts for people (UI labels, tables), rounded
// rather than exact; use Size.String when the text must parse back.

package units

import (
	"math"
	"strconv"
	"strings"
)

// FormatBytes writes b bytes for display, e.g. "104.9 MB" or "100 MiB".
// With binary set it uses B, KiB, MiB, GiB, TiB, PiB, EiB (powers of 1024),
// otherwise B, KB, MB, GB, TB, PB, EB (powers of 1000), choosing the largest
// unit that keeps the number at least 1. The number is rounded to three
// significant figures, but never to fewer than one decimal place (so
// 104857600 gives "104.9 MB"), and trailing zeros are dropped ("100 MiB",
// "1.5 GB"). Values that round up to the next unit move to it, so 999.96 KB
// is "1 MB". NaN and infinities are written as "NaN B", "+Inf B", "-Inf B".
func FormatBytes(b float64, binary bool) string {
	if math.IsNaN(b) || math.IsInf(b, 0) {
		return strconv.FormatFloat(b, 'g', -1, 64) + " B"
	}
	if b < 0 {
		return "-" + FormatBytes(-b, binary)
	}
	names := [...]string{"B", "KB", "MB", "GB", "TB", "PB", "EB"}
	base := 1000.0
	if binary {
		names = [...]string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
		base = 1024
	}
	i, unit := 0, 1.0
	for i+1 < len(names) && b >= unit*base {
		i++
		unit *= base
	}
	for {
		text, r := roundForDisplay(b / unit)
		if r >= base && i+1 < len(names) {
			i++
			unit *= base
			continue
		}
		return text + " " + names[i]
	}
}

// ExactBytes writes a byte count exactly, then in binary and decimal
// units: "104857600 B (100 MiB, 104.9 MB)"; below 1000 B just "8 B". It is
// how every face states a byte count (docs/conventions.md, Units).
func ExactBytes(n int64) string {
	if n < 1000 && n > -1000 {
		return strconv.FormatInt(n, 10) + " B"
	}
	return strconv.FormatInt(n, 10) + " B (" + FormatBytes(float64(n), true) + ", " + FormatBytes(float64(n), false) + ")"
}

// roundForDisplay rounds m to three significant figures with at least one
// decimal place, drops trailing zeros, and returns the text and its value.
func roundForDisplay(m float64) (string, float64) {
	var text string
	switch {
	case m == 0:
		return "0", 0
	case m < 1:
		text = strconv.FormatFloat(m, 'g', 3, 64)
	case m < 10:
		text = strconv.FormatFloat(m, 'f', 2, 64)
	default:
		text = strconv.FormatFloat(m, 'f', 1, 64)
	}
	if strings.Contains(text, ".") && !strings.Contains(text, "e") {
		text = strings.TrimRight(strings.TrimRight(text, "0"), ".")
	}
	r, _ := strconv.ParseFloat(text, 64)
	return text, r
}
