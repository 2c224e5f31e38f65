package job

import (
	"fmt"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/measure"
)

// BenchText is a benchmark report as nccl-tests-style tables: a header
// saying how the ranks ran and waited, the ping-pong rows and the link
// fit, then per series its rows (size, count, type, redop, root, time,
// algbw, busbw, #wrong, the model's time on the fitted link, the
// difference, the series' own fit) and its fit. O(rows).
func BenchText(rep measure.Bench) string {
	var b strings.Builder
	how := "each pair of ranks connected over TCP on 127.0.0.1"
	if rep.Transport == "chan" {
		how = "messages through memory"
	} else if rep.SpinS > 0 {
		how += ", an idle socket polled for " + cost.FormatSeconds(rep.SpinS) + " before its rank sleeps"
		if rep.SpinYield {
			how += ", yielding the CPU between polls"
		}
	}
	fmt.Fprintf(&b, "# ccplay bench: %d ranks, one goroutine each, %s transport (%s)\n", rep.Ranks, rep.Transport, how)
	fmt.Fprintf(&b, "# type %s; time = slowest rank's mean of %d calls after %d warm-up; every result verified\n#\n", rep.Type, rep.Iters, rep.Warmup)
	b.WriteString("# ping-pong rank 0 <-> rank 1, one-way time (half the round trip)\n")
	fmt.Fprintf(&b, "# %12s  %10s  %8s\n", "size", "time", "bw")
	fmt.Fprintf(&b, "# %12s  %10s  %8s\n", "(B)", "(us)", "(GB/s)")
	for _, r := range rep.PingPong {
		fmt.Fprintf(&b, "  %12d  %10.2f  %8.3f\n", r.SizeBytes, r.TimeS*1e6, r.BwGBs)
	}
	if rep.Link != nil {
		fmt.Fprintf(&b, "# fitted link (T = α + β·S): %s\n", fitText(*rep.Link))
	} else {
		fmt.Fprintf(&b, "# no link fit: %s\n", rep.LinkError)
	}
	for _, s := range rep.Series {
		fmt.Fprintf(&b, "#\n# %s, %s", s.Collective, s.Algorithm)
		if s.Chunks > 0 {
			fmt.Fprintf(&b, " (%d chunks)", s.Chunks)
		}
		b.WriteString("; model = closed form on the fitted link, fit = this algorithm's own α-β fit\n")
		fmt.Fprintf(&b, "# %12s  %12s  %6s  %5s  %4s  %10s  %7s  %7s  %6s  %10s  %7s  %10s\n",
			"size", "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "model", "diff", "fit")
		fmt.Fprintf(&b, "# %12s  %12s  %6s  %5s  %4s  %10s  %7s  %7s  %6s  %10s  %7s  %10s\n",
			"(B)", "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(%)", "(us)")
		for _, r := range s.Rows {
			model, diff, fitted := "-", "-", "-"
			if r.ModelS > 0 {
				model, diff = fmt.Sprintf("%.2f", r.ModelS*1e6), fmt.Sprintf("%+.1f", r.ModelDiff)
			}
			if s.Fit != nil {
				fitted = fmt.Sprintf("%.2f", r.FitS*1e6)
			}
			fmt.Fprintf(&b, "  %12d  %12d  %6s  %5s  %4d  %10.2f  %7.3f  %7.3f  %6d  %10s  %7s  %10s\n",
				r.SizeBytes, r.Count, r.Type, r.Redop, r.Root, r.TimeS*1e6, r.AlgBwGBs, r.BusBwGBs, r.Wrong, model, diff, fitted)
		}
		if s.Fit != nil {
			fmt.Fprintf(&b, "# %s/%s fit (T = A·α + B·β): %s\n", s.Collective, s.Algorithm, fitText(*s.Fit))
		} else {
			fmt.Fprintf(&b, "# %s/%s: no fit: %s\n", s.Collective, s.Algorithm, s.FitError)
		}
	}
	return b.String()
}

// fitText is "α = 21.3 µs, 1/β = 1.52 GB/s, R² = 0.9980, residuals rms
// 3.1 %, max 7.9 % (12 points)".
func fitText(r fit.Result) string {
	var bw string
	if r.Beta > 0 {
		bw = formatBps(r.BwBps)
	} else {
		bw = fmt.Sprintf("%g s/B (not positive)", r.Beta)
	}
	return fmt.Sprintf("α = %s, 1/β = %s, R² = %.4f, residuals rms %.1f %%, max %.1f %% (%d points)",
		cost.FormatSeconds(r.Alpha), bw, r.R2, 100*r.RMSRe, 100*r.MaxRe, r.N)
}

// formatBps prints a bandwidth with four significant digits in GB/s, MB/s
// or kB/s (10⁹, 10⁶ and 10³ B/s).
func formatBps(bps float64) string {
	switch {
	case bps >= 1e9:
		return fmt.Sprintf("%.4g GB/s", bps/1e9)
	case bps >= 1e6:
		return fmt.Sprintf("%.4g MB/s", bps/1e6)
	}
	return fmt.Sprintf("%.4g kB/s", bps/1e3)
}
