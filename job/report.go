package job

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
)

// result is rank r's line for call i (1-based), if it reported one.
func (res Result) result(r, call int) (Line, bool) {
	for _, l := range res.Procs[r].Lines {
		if l.Event == "result" && l.Call == call {
			return l, true
		}
	}
	return Line{}, false
}

// summary is rank r's "done" line, if it reported one.
func (res Result) summary(r int) (Line, bool) {
	for _, l := range res.Procs[r].Lines {
		if l.Event == "done" {
			return l, true
		}
	}
	return Line{}, false
}

// Text is the report: per call, every rank's input and output, and the
// slowest rank's time. Calls no rank reported (the rest of a failed run)
// are counted, not listed. O(calls × ranks × lines).
func (res Result) Text() string {
	var b strings.Builder
	pids := make([]string, len(res.Procs))
	for i, p := range res.Procs {
		pids[i] = strconv.Itoa(p.PID)
	}
	fmt.Fprintf(&b, "launched %d processes (pids %s); rank 0 serves the rendezvous on %s\n", len(res.Procs), strings.Join(pids, " "), res.Addr)
	verified, silent := 0, 0
	for i, c := range res.Config.Calls {
		slowest, mean, reported, warmup := 0.0, 0.0, false, 0
		for r := range res.Procs {
			if l, ok := res.result(r, i+1); ok {
				slowest, reported = max(slowest, l.TimeS), true
			}
			if s, ok := res.summary(r); ok && i < len(s.MeanS) {
				mean, warmup = max(mean, s.MeanS[i]), s.Warmup
			}
		}
		if !reported {
			silent++ // a failed run: listed as a count below, not call by call
			continue
		}
		fmt.Fprintf(&b, "\n%s (%s), input %s:", c.Spec.Collective, c.Algorithm, c.Input)
		if slowest > 0 {
			fmt.Fprintf(&b, " %s", cost.FormatSeconds(slowest))
			if res.Config.Repeat > 1 && mean > 0 {
				fmt.Fprintf(&b, ", mean of %d after %d warm-up: %s", res.Config.Repeat, warmup, cost.FormatSeconds(mean))
			}
		}
		b.WriteString("\n")
		for r := range res.Procs {
			l, ok := res.result(r, i+1)
			if !ok {
				fmt.Fprintf(&b, "  rank %d: no result\n", r)
				continue
			}
			verified++
			in := formatVec(l.Input, l.InputLen)
			if l.Input == nil {
				in = "(no input)"
			}
			fmt.Fprintf(&b, "  rank %d: %s -> %s\n", r, in, formatVec(l.Output, l.OutputLen))
		}
	}
	if silent > 0 {
		fmt.Fprintf(&b, "\n%d of %d calls: no result from any rank\n", silent, len(res.Config.Calls))
	}
	total := len(res.Config.Calls) * len(res.Procs)
	switch {
	case res.Signal != nil:
		fmt.Fprintf(&b, "\n%d of %d results reported and verified; then launch was stopped by %s (see below)\n", verified, total, res.Signal)
	case res.Failed():
		fmt.Fprintf(&b, "\n%d of %d results reported and verified; then the run failed (errors below)\n", verified, total)
	case verified == total:
		fmt.Fprintf(&b, "\nall %d results match the collective's definition; %s wall\n", total, cost.FormatSeconds(res.Wall.Seconds()))
		b.WriteString(res.linkText())
	default:
		fmt.Fprintf(&b, "\n%d of %d results reported and verified; see the errors below\n", verified, total)
	}
	return b.String()
}

// formatVec prints a buffer of total elements, of which v is the start, as
// [10 10 10 10], or [0 1 2 3 4 5 6 7 …] (1024 elements) when long.
func formatVec(v []float64, total int) string {
	if v == nil {
		return "undefined"
	}
	const keep = 16
	n := len(v)
	if total > keep {
		n = min(n, keep/2)
	}
	parts := make([]string, n)
	for i, x := range v[:n] {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	if total > n {
		return "[" + strings.Join(parts, " ") + " …] (" + strconv.Itoa(total) + " elements)"
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// Report is the JSON form of a launch (ccplay launch --json).
type Report struct {
	Ranks int             `json:"ranks"`
	Addr  string          `json:"addr"`
	PIDs  []int           `json:"pids"`
	Calls []ReportCall    `json:"calls"`
	OK    bool            `json:"ok"`
	Fails []ReportFailure `json:"failures,omitempty"`
	// Signal names the signal that stopped the launch ("interrupt",
	// "terminated"); its ranks' failures say they were stopped.
	Signal string  `json:"signal,omitempty"`
	WallS  float64 `json:"wall_s"`
}

// ReportCall is one call of a Report: every rank's result line.
type ReportCall struct {
	Call       int       `json:"call"`
	Collective string    `json:"collective"`
	Algorithm  string    `json:"algorithm"`
	Input      string    `json:"input"`
	Results    []Line    `json:"results"`
	MeanS      []float64 `json:"mean_s,omitempty"` // per rank, over the repetitions
}

// ReportFailure is a failed rank process of a Report.
type ReportFailure struct {
	Rank  int    `json:"rank"`
	PID   int    `json:"pid"`
	Error string `json:"error"`
}

// Report is the launch as its JSON report.
func (res Result) Report() Report {
	out := Report{Ranks: len(res.Procs), Addr: res.Addr, OK: !res.Failed(), WallS: res.Wall.Seconds()}
	if res.Signal != nil {
		out.Signal = res.Signal.String()
	}
	for _, p := range res.Procs {
		out.PIDs = append(out.PIDs, p.PID)
		if p.Failure != "" {
			out.Fails = append(out.Fails, ReportFailure{p.Rank, p.PID, p.Failure})
		}
	}
	for i, c := range res.Config.Calls {
		lc := ReportCall{Call: i + 1, Collective: string(c.Spec.Collective), Algorithm: string(c.Algorithm), Input: c.Input, Results: []Line{}}
		for r := range res.Procs {
			if l, ok := res.result(r, i+1); ok {
				lc.Results = append(lc.Results, l)
			}
			if s, ok := res.summary(r); ok && i < len(s.MeanS) {
				lc.MeanS = append(lc.MeanS, s.MeanS[i])
			}
		}
		out.Calls = append(out.Calls, lc)
	}
	return out
}
