package job

import (
	"fmt"
	"math"
	"strings"

	"github.com/ccplay/ccplay/core/measure"
)

// FitText is table i (0-based) of the fits of file path: a heading naming
// the series, the line's and each algorithm's fit, then per row the
// measured time and busbw and each fit's time and difference. Tables
// after the first start with a blank line. O(rows × algorithms).
func FitText(path string, i int, ft FitTable) string {
	var b strings.Builder
	if i > 0 {
		b.WriteString("\n")
	}
	if ft.Measured != "" {
		fmt.Fprintf(&b, "# %s, series %d: %s/%s on %d ranks (ccplay %s), %s, %d rows", path, i+1, ft.Collective, ft.Measured, ft.Ranks, ft.Source, ft.Type, len(ft.Rows))
	} else {
		fmt.Fprintf(&b, "# %s, table %d: %s on %d ranks (collective from %s), %s, %s, %d rows", path, i+1, ft.Collective, ft.Ranks, ft.Source, ft.Type, ft.Variant, len(ft.Rows))
	}
	if ft.Skipped > 0 {
		fmt.Fprintf(&b, " (%d skipped: size 0 or no time)", ft.Skipped)
	}
	b.WriteString("\n")
	if ft.Line != nil {
		fmt.Fprintf(&b, "# line   T = α + β·S:   %s\n", fitText(*ft.Line))
	} else {
		fmt.Fprintf(&b, "# line: no fit: %s\n", ft.LineError)
	}
	for _, a := range ft.Algorithms {
		if a.Fit != nil {
			fmt.Fprintf(&b, "# %-6s T = A·α + B·β: %s\n", a.Algorithm, fitText(*a.Fit))
		} else {
			fmt.Fprintf(&b, "# %-6s no fit: %s\n", a.Algorithm, a.Error)
		}
	}
	fmt.Fprintf(&b, "# %12s  %10s  %8s  %10s  %7s", "size", "measured", "busbw", "line", "diff")
	for _, a := range ft.Algorithms {
		fmt.Fprintf(&b, "  %10s  %7s", a.Algorithm, "diff")
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "# %12s  %10s  %8s  %10s  %7s", "(B)", "(us)", "(GB/s)", "(us)", "(%)")
	for range ft.Algorithms {
		fmt.Fprintf(&b, "  %10s  %7s", "(us)", "(%)")
	}
	b.WriteString("\n")
	for k, r := range ft.Rows {
		fmt.Fprintf(&b, "  %12d  %10.2f  %8.2f  %10s  %7s", r.SizeBytes, r.TimeS*1e6, r.BusBwGBs, usOrDash(r.LineS), pctDiff(r.LineS, r.TimeS))
		for _, a := range ft.Algorithms {
			p := 0.0
			if k < len(a.PredS) {
				p = a.PredS[k]
			}
			fmt.Fprintf(&b, "  %10s  %7s", usOrDash(p), pctDiff(p, r.TimeS))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// usOrDash is seconds s in µs to two decimals, "-" for none.
func usOrDash(s float64) string {
	if s == 0 || math.IsNaN(s) {
		return "-"
	}
	return fmt.Sprintf("%.2f", s*1e6)
}

// pctDiff is the model's error relative to the measurement
// (measure.DiffPct), "-" where either is missing.
func pctDiff(model, measured float64) string {
	if model == 0 || measured == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.1f", measure.DiffPct(model, measured))
}
