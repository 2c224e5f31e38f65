package ui

import (
	"errors"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/lecture"
	"github.com/ccplay/ccplay/core/plan"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/units"
)

// Metrics are what a lesson's question can ask, each read from core's
// answer to a variant's question:
//
//	time    cost.Evaluate's time          steps  its steps
//	sent    bytes the busiest rank sends  busbw  busbw ÷ algbw (×2(P−1)/P)
//	pct     % of the lower bound          rate   the effective bandwidth
//	speedup the base question's time ÷ the variant's
//	inter   a flat ring's inter-node bytes ÷ hierarchical's (Topology)
//	slow    how many times longer a slowdown makes the call (Topology)
//	state   plan.ShardedState's bytes per GPU (fields model, zero, dp)
//	hot     how many times longer an AllToAll takes when a share (field
//	        hot) of every rank's tokens goes to one expert's rank
//	        (lecture.HotExpertAllToAll)
//	stall   when thinking problem 2's program stops: its last op's end,
//	        or the moment its hang is certain (fields gpus, pause, fix;
//	        lecture.RunStreams)
//	stuck   how many of its streams are blocked for good
//	gain    the time an MoE layer gains when its AllToAlls are split into
//	        micro-batches (field micro) overlapped with the experts' GEMMs
//	        (field gemm, the whole batch's); lecture.MoEOverlap
//	contention how many times longer the question takes on its fat-tree
//	        or rail fabric (fields fabric, leaf-nodes, oversubscription)
//	        than at oversubscription 1; lecture.FabricContention
var Metrics = []string{"time", "steps", "sent", "busbw", "pct", "rate", "speedup", "inter", "slow", "state", "hot", "stall", "stuck", "gain", "contention"}

// Answer is a question's options as core computes them: Values[i] is
// variant i's value (variant 0 is the one asked), Labels[i] as shown.
type Answer struct {
	Values []float64
	Labels []string
	Err    error
	// Pending: the page's completion still computes the values (the
	// contention metric's runs, contentionOf); nothing is to be shown.
	Pending bool
}

// Options are the variants' indices in ascending order of value, so the
// right one is not always first; variants whose labels repeat an earlier
// one are left out.
func (a Answer) Options() []int {
	var idx []int // an insertion sort: a few options, and no sort package in app.wasm for it
	for i := range a.Values {
		j := len(idx)
		for j > 0 && a.Values[idx[j-1]] > a.Values[i] {
			j--
		}
		idx = append(idx[:j], append([]int{i}, idx[j:]...)...)
	}
	seen := map[string]bool{}
	var out []int
	for _, i := range idx {
		if !seen[a.Labels[i]] {
			seen[a.Labels[i]] = true
			out = append(out, i)
		}
	}
	return out
}

// Explain is the question's explanation with {i} replaced by variant i's
// label.
func (a Answer) Explain(why string) string {
	for i := len(a.Labels) - 1; i >= 0; i-- {
		why = strings.ReplaceAll(why, "{"+strconv.Itoa(i)+"}", a.Labels[i])
	}
	return why
}

// AnswerOf asks core every variant of question b. O(variants × one
// cost.Evaluate).
func AnswerOf(b Block) Answer { return answerOf(b, nil) }

// answerOf is AnswerOf with the contention metric's simulated runs the
// page's (s.contentionOf; nil s: simulated at once, none kept). Pending
// when s's completion still simulates them.
func answerOf(b Block, s *State) Answer {
	var a Answer
	var base float64
	if b.Metric == "speedup" {
		r, err := evalFields(b.VariantFields(-1))
		if err != nil {
			return Answer{Err: err}
		}
		base = r.TimeS
	}
	for i := range b.Variants {
		v, label, err := metricOf(b.Metric, b.VariantFields(i), base, s)
		if err == errPending { // the other variants' runs are asked for too: one completion computes all
			a.Pending = true
			continue
		}
		if err != nil {
			return Answer{Err: err}
		}
		a.Values, a.Labels = append(a.Values, v), append(a.Labels, label)
	}
	if a.Pending {
		return Answer{Pending: true}
	}
	return a
}

// metricOf is one variant's value and label.
func metricOf(metric string, f map[string]string, base float64, s *State) (float64, string, error) {
	if metric == "state" {
		m, err := plan.LookupModel(f["model"])
		if err != nil {
			return 0, "", err
		}
		z, err := plan.ParseZero(f["zero"])
		if err != nil {
			return 0, "", err
		}
		n, err := strconv.Atoi(f["dp"])
		if err != nil || n < 1 {
			return 0, "", errors.New("dp: want a whole number ≥ 1")
		}
		b := zeroState(float64(m.Params()), z, n)
		return b, units.FormatBytes(b, false), nil
	}
	if metric == "hot" {
		p, err := question.CostParams(field.Map(f))
		if err != nil {
			return 0, "", err
		}
		share, err := strconv.ParseFloat(f["hot"], 64)
		if err != nil {
			return 0, "", errors.New("hot: want the hot expert's share of the tokens, from 0 to 1")
		}
		even, hot, err := lecture.HotExpertAllToAll(p, share)
		if err != nil {
			return 0, "", err
		}
		return hot.TimeS / even.TimeS, times(hot.TimeS / even.TimeS), nil
	}
	if metric == "stall" || metric == "stuck" {
		return streamsMetric(metric, f)
	}
	if metric == "gain" {
		return gainMetric(f)
	}
	if metric == "contention" {
		return contentionMetric(f, s)
	}
	r, err := evalFields(f)
	if err != nil {
		return 0, "", err
	}
	switch metric {
	case "time":
		return r.TimeS, Secs(r.TimeS), nil
	case "steps":
		return float64(r.Steps), strconv.Itoa(r.Steps), nil
	case "sent":
		return float64(r.BytesSentPerRank), BytesShort(r.BytesSentPerRank), nil
	case "busbw":
		return r.BusBwFactor, times(r.BusBwFactor), nil
	case "pct":
		return r.PctOfLowerBound, strconv.FormatFloat(r.PctOfLowerBound, 'f', 0, 64) + " %", nil
	case "rate":
		return r.BandwidthBps, Rate(r.BandwidthBps), nil
	case "speedup":
		return base / r.TimeS, times(base / r.TimeS), nil
	case "inter":
		if r.Topology == nil || r.Topology.FlatRing == nil {
			return 0, "", errors.New("inter: the question needs hierarchical AllReduce on nodes")
		}
		return r.Topology.FlatRing.InterRatio, times(r.Topology.FlatRing.InterRatio), nil
	case "slow":
		if r.Topology == nil {
			return 0, "", errors.New("slow: the question needs a slow rank or link")
		}
		return r.Topology.SlowRatio, times(r.Topology.SlowRatio), nil
	}
	return 0, "", errors.New("unknown metric " + `"` + metric + `"`)
}

// evalFields is cost.Evaluate of a question given as fields (the CLI's
// defaults for the rest), without the executed schedule.
func evalFields(f map[string]string) (cost.Result, error) {
	p, err := question.CostParams(field.Map(f))
	if err != nil {
		return cost.Result{}, err
	}
	return evaluate(p)
}

// times formats a ratio with at most two decimals: "×1.75", "×9", "×8.06".
func times(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	return "×" + strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// zeroState is the training state of psi parameters per rank at a ZeRO stage
// over p ranks, from core/plan (16 B per parameter for mixed-precision Adam).
func zeroState(psi float64, z plan.Zero, p int) float64 {
	w, g, o := plan.ShardedState(psi, z, p)
	return w + g + o
}

// streamsMetric is the stall or stuck metric of thinking problem 2's
// program with fields gpus, pause and fix (none or wait).
func streamsMetric(metric string, f map[string]string) (float64, string, error) {
	gpus, err1 := strconv.Atoi(f["gpus"])
	pause, err2 := strconv.Atoi(f["pause"])
	if err1 != nil || err2 != nil || f["fix"] != "none" && f["fix"] != "wait" {
		return 0, "", errors.New("stall, stuck: want gpus, pause and fix=none|wait")
	}
	p, err := lecture.SideStreamProgram(gpus, pause, f["fix"] == "wait")
	if err != nil {
		return 0, "", err
	}
	r, err := lecture.RunStreams(p)
	if err != nil {
		return 0, "", err
	}
	if metric == "stall" {
		return r.End, Secs(r.End), nil
	}
	return float64(r.Stuck), strconv.Itoa(r.Stuck), nil
}

// gainMetric is the gain metric: lecture.MoEOverlap of the question's
// AllToAll with fields micro and gemm.
func gainMetric(f map[string]string) (float64, string, error) {
	o := &Overlap{}
	o.set("micro", f["micro"])
	o.set("gemm", f["gemm"])
	p, err := question.CostParams(field.Map(f))
	if err != nil {
		return 0, "", err
	}
	g, err := units.ParseDuration(o.gemm)
	if err != nil {
		return 0, "", err
	}
	r, err := lecture.MoEOverlap(p, float64(g), o.micro)
	if err != nil {
		return 0, "", err
	}
	return r.Gain, Secs(r.Gain), nil
}

// contentionMetric is the contention metric: the question's simulated
// time at its oversubscription over its time at 1:1, on its fabric, the
// runs the page's (s.contentionOf; nil s: simulated at once); errPending
// while s's completion simulates them.
func contentionMetric(f map[string]string, s *State) (float64, string, error) {
	p, err := question.CostParams(field.Map(f))
	if err != nil {
		return 0, "", err
	}
	k := lecture.ContentionCase{Collective: p.Collective, Algorithm: p.Algorithm}
	cases, ratios := []lecture.ContentionCase{k}, []float64{1, max(p.Fabric.Oversubscription, 1)}
	var ct lecture.Contention
	if s == nil {
		ct, err = lecture.FabricContention(p, cases, ratios)
	} else {
		var pending bool
		ct, pending, err = s.contentionOf(p, cases, ratios)
		if pending {
			return 0, "", errPending
		}
	}
	if err != nil {
		return 0, "", err
	}
	x := ct.Lines[0].Slowdowns[1]
	return x, times(x), nil
}
