package job

import (
	"fmt"
	"strings"

	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/measure"
)

// ClusterBenchText is a job benchmark's report: how the ranks sat, each
// link class's ping-pong rows and fit, then per series its rows with the
// measured time, busbw, the predicted time and the ratio measured ÷
// predicted, and, when hierarchical and ring AllReduce were both
// measured, the speed-up of the one over the other, measured and
// predicted. O(rows).
func ClusterBenchText(rep ClusterBench) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# ccplay bench on a job: %d ranks on %d hosts × %d, one process each, TCP between every pair\n",
		rep.Ranks, rep.Hosts, rep.RanksPerHost)
	fmt.Fprintf(&b, "# type %s; time = slowest rank's mean of %d calls after %d warm-up; every result verified\n", rep.Type, rep.Iters, rep.Warmup)
	b.WriteString("# predicted = the executed schedule priced by the cost rule with the two fitted links (docs/conventions.md)\n")
	pingText(&b, "intra-node: ranks 0 <-> 1, same host", rep.IntraPingPong, rep.IntraLink, rep.IntraLinkError)
	pingText(&b, fmt.Sprintf("inter-node: ranks 0 <-> %d, two hosts", rep.RanksPerHost), rep.PingPong, rep.Link, rep.LinkError)
	for _, s := range rep.Series {
		fmt.Fprintf(&b, "#\n# %s, %s", s.Collective, s.Algorithm)
		if s.Chunks > 0 {
			fmt.Fprintf(&b, " (%d chunks)", s.Chunks)
		}
		fmt.Fprintf(&b, "\n# %12s  %12s  %12s  %8s  %12s  %9s\n", "size", "count", "measured", "busbw", "predicted", "measured/")
		fmt.Fprintf(&b, "# %12s  %12s  %12s  %8s  %12s  %9s\n", "(B)", "(elements)", "(us)", "(GB/s)", "(us)", "predicted")
		for _, r := range s.Rows {
			pred, ratio := "-", "-"
			if r.ModelS > 0 {
				pred, ratio = fmt.Sprintf("%.1f", r.ModelS*1e6), fmt.Sprintf("%.3f", r.TimeS/r.ModelS)
			}
			fmt.Fprintf(&b, "  %12d  %12d  %12.1f  %8.3f  %12s  %9s\n", r.SizeBytes, r.Count, r.TimeS*1e6, r.BusBwGBs, pred, ratio)
		}
	}
	speedupText(&b, rep.Series)
	return b.String()
}

// pingText writes one link class's ping-pong rows and fit (nothing when
// the class was not measured).
func pingText(b *strings.Builder, what string, rows []measure.BenchPing, link *fit.Result, linkErr string) {
	if len(rows) == 0 && linkErr == "" {
		return
	}
	fmt.Fprintf(b, "#\n# ping-pong %s, one-way time (half the round trip)\n", what)
	fmt.Fprintf(b, "# %12s  %12s  %8s\n# %12s  %12s  %8s\n", "size", "time", "bw", "(B)", "(us)", "(GB/s)")
	for _, r := range rows {
		fmt.Fprintf(b, "  %12d  %12.1f  %8.3f\n", r.SizeBytes, r.TimeS*1e6, r.BwGBs)
	}
	if link != nil {
		fmt.Fprintf(b, "# fitted (T = α + β·S): %s\n", fitText(*link))
	} else {
		fmt.Fprintf(b, "# no fit: %s\n", linkErr)
	}
}

// speedupText writes, per size, ring's time ÷ hierarchical's, measured
// and predicted, when both AllReduce series are there.
func speedupText(b *strings.Builder, series []measure.BenchSeries) {
	var ring, hier *measure.BenchSeries
	for i := range series {
		s := &series[i]
		if s.Collective == "allreduce" && s.Algorithm == "ring" {
			ring = s
		}
		if s.Collective == "allreduce" && s.Algorithm == "hierarchical" {
			hier = s
		}
	}
	if ring == nil || hier == nil {
		return
	}
	b.WriteString("#\n# hierarchical against the flat ring: ring's time ÷ hierarchical's\n")
	fmt.Fprintf(b, "# %12s  %9s  %9s  %9s\n", "size (B)", "measured", "predicted", "meas/pred")
	for i, r := range hier.Rows {
		if i >= len(ring.Rows) || ring.Rows[i].SizeBytes != r.SizeBytes || r.TimeS <= 0 {
			continue
		}
		m := ring.Rows[i].TimeS / r.TimeS
		pred, ratio := "-", "-"
		if r.ModelS > 0 && ring.Rows[i].ModelS > 0 {
			p := ring.Rows[i].ModelS / r.ModelS
			pred, ratio = fmt.Sprintf("%.3f", p), fmt.Sprintf("%.3f", m/p)
		}
		fmt.Fprintf(b, "  %12d  %9.3f  %9s  %9s\n", r.SizeBytes, m, pred, ratio)
	}
}
