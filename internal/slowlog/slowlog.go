// Package slowlog makes test logs: a copy of an nccl-tests log whose rows
// of chosen sizes ran k times as long, as the run would have printed them.
// Tests of the doctor and of its faces use it to make a regime depart
// from the model while the others stay as published.
package slowlog

import (
	"fmt"
	"strconv"
	"strings"
)

// Slow returns log with every table row of a size in lo..hi bytes k times
// as long: its out-of-place and in-place times × k, their algbw and busbw
// ÷ k (one and two decimals, as nccl-tests prints). Other lines are kept
// as they are. It fails when a row in range does not have the 13 columns
// of an nccl-tests row, or when no row is in range.
func Slow(log string, lo, hi int64, k float64) (string, error) {
	lines := strings.Split(log, "\n")
	n := 0
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		size, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || size < lo || size > hi {
			continue
		}
		if len(f) < 13 {
			return "", fmt.Errorf("line %d: %d columns, want 13", i+1, len(f))
		}
		for _, c := range []int{5, 9} { // out-of-place, in-place: time, algbw, busbw
			tm, e1 := strconv.ParseFloat(f[c], 64)
			ab, e2 := strconv.ParseFloat(f[c+1], 64)
			bb, e3 := strconv.ParseFloat(f[c+2], 64)
			if e1 != nil || e2 != nil || e3 != nil {
				return "", fmt.Errorf("line %d: columns %d–%d are not time, algbw, busbw", i+1, c+1, c+3)
			}
			f[c], f[c+1], f[c+2] = fmt.Sprintf("%.1f", tm*k), fmt.Sprintf("%.2f", ab/k), fmt.Sprintf("%.2f", bb/k)
		}
		lines[i] = "  " + strings.Join(f, "  ")
		n++
	}
	if n == 0 {
		return "", fmt.Errorf("no row between %d and %d bytes", lo, hi)
	}
	return strings.Join(lines, "\n"), nil
}
