package crossface

import (
	"strconv"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

const (
	faceCLI = "CLI (ccplay cost --json)"
	faceAPI = "API (GET /api/v1/cost)"
	faceUI  = "playground (timing view)"
)

// askCost asks q through the three faces; ok is false (and the test has
// failed) when a face refused it.
func askCost(t *testing.T, q question) (cli, api, ui cost.Result, ok bool) {
	t.Helper()
	ok = cliJSON(t, &cli, "", append([]string{"cost", "--json"}, queryArgs(t, q.query)...)...)
	ok = apiJSON(t, &api, "/api/v1/cost?"+q.query) && ok
	p := askPlayground(q.query)
	if f, msg := p.refusal(); f != "" || msg != "" {
		t.Errorf("%s: the playground refuses ?%s: %s: %s", q.name, q.query, f, msg)
		ok = false
	}
	return cli, api, p.cost(), ok
}

// TestCost asks every cost question through `ccplay cost --json`, GET
// /api/v1/cost and the playground's state, and checks that the three
// answer with the same algorithm (auto's choice), chunks, time and its α,
// β, γ terms, steps, busiest rank's bytes, total bytes, algbw/busbw, lower
// bound, exactness, executed schedule's time and steps, auto's runners-up,
// the cluster's inter-node bytes, flat-ring comparison and ledger split,
// the straggler's ratio, and NCCL's choice and times.
func TestCost(t *testing.T) {
	for _, q := range costQuestions {
		c, a, u, ok := askCost(t, q)
		if !ok {
			continue
		}
		agreeResults(t, q.name, c, a, u)
	}
}

// agreeResults compares the numbers of three answers to one question.
func agreeResults(t *testing.T, name string, c, a, u cost.Result) {
	t.Helper()
	str := func(what string, f func(cost.Result) string) {
		agree(t, name, what, say(faceCLI, f(c)), say(faceAPI, f(a)), say(faceUI, f(u)))
	}
	num := func(what string, f func(cost.Result) int64) {
		agree(t, name, what, say(faceCLI, f(c)), say(faceAPI, f(a)), say(faceUI, f(u)))
	}
	flt := func(what string, f func(cost.Result) float64) {
		agreeFloat(t, name, what, say(faceCLI, f(c)), say(faceAPI, f(a)), say(faceUI, f(u)))
	}
	str("collective", func(r cost.Result) string { return r.Collective })
	str("algorithm", func(r cost.Result) string { return r.Algorithm })
	num("ranks", func(r cost.Result) int64 { return int64(r.Ranks) })
	num("size (bytes)", func(r cost.Result) int64 { return r.SizeBytes })
	num("chunks", func(r cost.Result) int64 { return int64(r.Chunks) })
	flt("time (s)", func(r cost.Result) float64 { return r.TimeS })
	flt("latency term (s)", func(r cost.Result) float64 { return r.LatencyTermS })
	flt("bandwidth term (s)", func(r cost.Result) float64 { return r.BandwidthTermS })
	flt("compute term (s)", func(r cost.Result) float64 { return r.ComputeTermS })
	num("steps", func(r cost.Result) int64 { return int64(r.Steps) })
	num("busiest rank's bytes sent", func(r cost.Result) int64 { return r.BytesSentPerRank })
	num("total bytes", func(r cost.Result) int64 { return r.TotalBytes })
	flt("algbw (B/s)", func(r cost.Result) float64 { return r.AlgBwBps })
	flt("busbw (B/s)", func(r cost.Result) float64 { return r.BusBwBps })
	flt("lower bound (s)", func(r cost.Result) float64 { return r.LowerBoundS })
	agree(t, name, "exact", say(faceCLI, c.Exact), say(faceAPI, a.Exact), say(faceUI, u.Exact))
	flt("executed schedule's time (s)", func(r cost.Result) float64 { return r.ScheduleTimeS })
	num("executed schedule's steps", func(r cost.Result) int64 { return int64(r.ScheduleSteps) })

	num("alternatives", func(r cost.Result) int64 { return int64(len(r.Alternatives)) })
	if len(c.Alternatives) == len(a.Alternatives) && len(c.Alternatives) == len(u.Alternatives) {
		for i := range c.Alternatives {
			str("runner-up "+strconv.Itoa(i+1), func(r cost.Result) string { return r.Alternatives[i].Algorithm })
			flt("runner-up "+strconv.Itoa(i+1)+" time (s)", func(r cost.Result) float64 { return r.Alternatives[i].TimeS })
		}
	}

	has := func(r cost.Result) bool { return r.Topology != nil }
	agree(t, name, "has a topology answer", say(faceCLI, has(c)), say(faceAPI, has(a)), say(faceUI, has(u)))
	if has(c) && has(a) && has(u) {
		num("inter-node bytes of the busiest rank", func(r cost.Result) int64 { return r.Topology.InterBytesPerRank })
		flt("time without the straggler (s)", func(r cost.Result) float64 { return r.Topology.UnslowedTimeS })
		flt("executed time without the straggler (s)", func(r cost.Result) float64 { return r.Topology.UnslowedScheduleTimeS })
		flt("straggler's slowdown ratio", func(r cost.Result) float64 { return r.Topology.SlowRatio })
		flat := func(r cost.Result) bool { return r.Topology.FlatRing != nil }
		agree(t, name, "has a flat-ring comparison", say(faceCLI, flat(c)), say(faceAPI, flat(a)), say(faceUI, flat(u)))
		if flat(c) && flat(a) && flat(u) {
			flt("flat ring's time (s)", func(r cost.Result) float64 { return r.Topology.FlatRing.TimeS })
			num("flat ring's inter-node bytes", func(r cost.Result) int64 { return r.Topology.FlatRing.InterBytesPerRank })
		}
		split := func(r cost.Result) bool { return r.Topology.Ledger != nil }
		agree(t, name, "has a ledger split by link", say(faceCLI, split(c)), say(faceAPI, split(a)), say(faceUI, split(u)))
		if split(c) && split(a) && split(u) {
			num("intra-node bytes (ledger)", func(r cost.Result) int64 { return r.Topology.Ledger.IntraBytes })
			num("inter-node bytes (ledger)", func(r cost.Result) int64 { return r.Topology.Ledger.InterBytes })
			num("busiest rank's inter-node bytes (ledger)", func(r cost.Result) int64 { return r.Topology.Ledger.MaxInterSent })
		}
	}

	hasN := func(r cost.Result) bool { return r.NCCL != nil }
	agree(t, name, "has NCCL's model", say(faceCLI, hasN(c)), say(faceAPI, hasN(a)), say(faceUI, hasN(u)))
	if hasN(c) && hasN(a) && hasN(u) {
		str("NCCL's choice", func(r cost.Result) string { return r.NCCL.Winner })
		num("NCCL's cells", func(r cost.Result) int64 { return int64(len(r.NCCL.Cells)) })
		flt("NCCL's tuner estimate (s)", func(r cost.Result) float64 { return r.NCCL.TimeS })
		flt("predicted run time (s)", func(r cost.Result) float64 { return r.NCCL.Predicted.TimeS })
		flt("predicted busbw (B/s)", func(r cost.Result) float64 { return r.NCCL.Predicted.BusBwBps })
		if len(c.NCCL.Cells) == len(a.NCCL.Cells) && len(c.NCCL.Cells) == len(u.NCCL.Cells) {
			for i, cell := range c.NCCL.Cells {
				what := "NCCL " + cell.Algorithm + "/" + cell.Protocol
				flt(what+" time (µs)", func(r cost.Result) float64 { return r.NCCL.Cells[i].TimeUs })
				flt(what+" latency (µs)", func(r cost.Result) float64 { return r.NCCL.Cells[i].LatencyUs })
				flt(what+" algbw (GB/s)", func(r cost.Result) float64 { return r.NCCL.Cells[i].AlgBwGBs })
			}
		}
	}
}
