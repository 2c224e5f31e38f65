package crossface

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// planQuestions are parallelism plans, written with `ccplay plan`'s flag
// names. Every field whose playground default differs from the CLI's (the
// planner view starts from 70B, ZeRO-3, DP 8 × TP 8) is stated.
var planQuestions = []question{
	{"plan: 70B, ZeRO-3, DP 8 × TP 8", "model=70b&dp=8&tp=8&pp=1&zero=3"},
	{"plan: 13B, DDP, DP 16 on two nodes", "model=13b&dp=16&tp=1&pp=1&zero=0&preset=eth200"},
	{"plan: 70B, TP 8 × PP 4 × DP 4 with sequence parallelism", "model=70b&dp=4&tp=8&pp=4&zero=1&sp=on&micro-batches=16"},
	{"plan: Mixtral 8×7B, EP 8", "model=mixtral-8x7b&dp=8&tp=2&pp=1&ep=8&zero=1&mfu=0.35"},
	{"plan: Mixtral 8×7B, EP 8 across 4 nodes on a 4:1 fat-tree", "model=mixtral-8x7b&dp=8&tp=1&pp=1&ep=8&zero=1&gpus-per-node=2&fabric=fat-tree&oversubscription=4&leaf-nodes=2"},
}

// planJSON is what the tests read of plan.Result's JSON.
type planJSON struct {
	World int `json:"gpus"`
	Rows  []struct {
		Strategy   string  `json:"strategy"`
		Collective string  `json:"collective"`
		Bytes      int64   `json:"bytes_per_call"`
		Calls      int64   `json:"calls_per_step"`
		SentBytes  int64   `json:"sent_per_step_bytes"`
		TimeS      float64 `json:"time_per_step_s"`
	} `json:"collectives"`
	Totals []struct {
		Strategy  string  `json:"strategy"`
		Bytes     int64   `json:"bytes_per_step"`
		SentBytes int64   `json:"sent_per_step_bytes"`
		TimeS     float64 `json:"time_per_step_s"`
	} `json:"totals"`
	ComputeS float64 `json:"compute_s"`
	BubbleS  float64 `json:"bubble_s"`
	CommS    float64 `json:"comm_s"`
	StepS    float64 `json:"step_s"`
}

const (
	facePlanCLI  = "CLI (ccplay plan --json)"
	facePlanAPI  = "API (GET /api/v1/plan)"
	facePlanUI   = "playground (planner view)"
	facePlanCLIt = "CLI (ccplay plan, text)"
	facePlanAPIt = "API (GET /api/v1/plan?format=text)"
	facePlanUIt  = "playground (planner's text export)"
)

// TestPlan asks each plan through `ccplay plan --json`, GET /api/v1/plan
// and the playground's planner, and checks the same totals: per strategy
// the bytes, the busiest rank's bytes and the time per step, and compute,
// bubble, communication and step times exactly between the CLI and the
// API; the planner view's totals and rows as it shows them (rounded for
// display, so compared with the CLI's numbers rounded the same way; calls
// per step exactly); and the plan's text byte for byte on all three.
func TestPlan(t *testing.T) {
	for _, q := range planQuestions {
		var c, a planJSON
		ok := cliJSON(t, &c, "", append([]string{"plan", "--json"}, queryArgs(t, q.query)...)...)
		ok = apiJSON(t, &a, "/api/v1/plan?"+q.query) && ok
		p := askPlayground(planQuery(q.query))
		if f, msg := p.planRefusal(); f != "" || msg != "" {
			t.Errorf("%s: the playground refuses ?%s: %s: %s", q.name, planQuery(q.query), f, msg)
			ok = false
		}
		if !ok {
			continue
		}
		agree(t, q.name, "GPUs", say(facePlanCLI, c.World), say(facePlanAPI, a.World))
		agreeFloat(t, q.name, "compute time (s)", say(facePlanCLI, c.ComputeS), say(facePlanAPI, a.ComputeS))
		agreeFloat(t, q.name, "bubble time (s)", say(facePlanCLI, c.BubbleS), say(facePlanAPI, a.BubbleS))
		agreeFloat(t, q.name, "communication time (s)", say(facePlanCLI, c.CommS), say(facePlanAPI, a.CommS))
		agreeFloat(t, q.name, "step time (s)", say(facePlanCLI, c.StepS), say(facePlanAPI, a.StepS))

		shown := p.planTotals()
		agree(t, q.name, "compute time, as shown", say(facePlanCLI, showSecs(c.ComputeS)), say(facePlanUI, shown["pl-compute"]))
		agree(t, q.name, "bubble time, as shown", say(facePlanCLI, showSecs(c.BubbleS)), say(facePlanUI, shown["pl-bubble"]))
		agree(t, q.name, "communication time, as shown", say(facePlanCLI, showSecs(c.CommS)), say(facePlanUI, shown["pl-comm"]))
		agree(t, q.name, "step time, as shown", say(facePlanCLI, showSecs(c.StepS)), say(facePlanUI, shown["pl-step"]))

		if agree(t, q.name, "strategies", say(facePlanCLI, len(c.Totals)), say(facePlanAPI, len(a.Totals))) {
			for i, x := range c.Totals {
				what := "total of " + x.Strategy
				agree(t, q.name, what+": strategy", say(facePlanCLI, x.Strategy), say(facePlanAPI, a.Totals[i].Strategy))
				agree(t, q.name, what+": bytes per step", say(facePlanCLI, x.Bytes), say(facePlanAPI, a.Totals[i].Bytes))
				agree(t, q.name, what+": busiest rank's bytes per step", say(facePlanCLI, x.SentBytes), say(facePlanAPI, a.Totals[i].SentBytes))
				agreeFloat(t, q.name, what+": time per step (s)", say(facePlanCLI, x.TimeS), say(facePlanAPI, a.Totals[i].TimeS))
				agree(t, q.name, what+", as shown", say(facePlanCLI, showTotal(x.Bytes, x.TimeS)), say(facePlanUI, shown["pl-t-"+x.Strategy]))
			}
		}
		var strategies []string
		for k := range shown {
			if s, ok := strings.CutPrefix(k, "pl-t-"); ok {
				strategies = append(strategies, s)
			}
		}
		agree(t, q.name, "strategies with a total", say(facePlanCLI, len(c.Totals)), say(facePlanUI, len(strategies)))

		rows := p.planRows()
		if agree(t, q.name, "collective rows", say(facePlanCLI, len(c.Rows)), say(facePlanAPI, len(a.Rows)), say(facePlanUI, len(rows))) {
			for i, x := range c.Rows {
				what := fmt.Sprintf("row %d (%s %s)", i+1, x.Strategy, x.Collective)
				agree(t, q.name, what+": bytes per call", say(facePlanCLI, x.Bytes), say(facePlanAPI, a.Rows[i].Bytes))
				agree(t, q.name, what+": busiest rank's bytes per step", say(facePlanCLI, x.SentBytes), say(facePlanAPI, a.Rows[i].SentBytes))
				agreeFloat(t, q.name, what+": time per step (s)", say(facePlanCLI, x.TimeS), say(facePlanAPI, a.Rows[i].TimeS))
				agree(t, q.name, what+": calls per step", say(facePlanCLI, strconv.FormatInt(x.Calls, 10)),
					say(facePlanAPI, strconv.FormatInt(a.Rows[i].Calls, 10)), say(facePlanUI, rows[i][planCallsColumn]))
			}
		}

		text := cli(t, "", append([]string{"plan"}, queryArgs(t, q.query)...)...)
		apiText := apiDo("GET", "/api/v1/plan?"+q.query+"&format=text", nil)
		agree(t, q.name, "the plan as text", say(facePlanCLIt, text.stdout), say(facePlanAPIt, apiText.body), say(facePlanUIt, p.planText()))
	}
}
