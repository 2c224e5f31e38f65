package crossface

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// verdict is what one face did with a question: answered (field == "")
// or refused naming field with msg.
type verdict struct {
	face, field, msg string
}

// cliVerdict runs the CLI: exit 0 answers, exit 2 refuses naming the flag
// ("ccplay: --field: message") or, for a field of a JSON body such as
// `ccplay run` reads, the field ("ccplay: field: message").
func cliVerdict(t *testing.T, face, stdin string, args ...string) verdict {
	t.Helper()
	c := cli(t, stdin, args...)
	switch c.code {
	case 0:
		return verdict{face: face}
	case 2:
		f, m := cliField(c.stderr)
		if rest, ok := strings.CutPrefix(m, "ccplay: "); f == "" && ok {
			f, m, _ = strings.Cut(rest, ": ")
		}
		return verdict{face, f, m}
	}
	return verdict{face, fmt.Sprintf("exit status %d", c.code), c.stderr}
}

// apiVerdict asks the API: 200 answers, 400 refuses naming the field; any
// other status is recorded as the field so that it never agrees.
func apiVerdict(method, target, body string) verdict {
	var r *strings.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	var a apiAnswer
	if r == nil {
		a = apiDo(method, target, nil)
	} else {
		a = apiDo(method, target, r)
	}
	face := "API (" + method + " " + strings.SplitN(target, "?", 2)[0] + ")"
	if a.status == http.StatusOK {
		return verdict{face: face}
	}
	status, f, m := apiError(a)
	if status != http.StatusBadRequest {
		return verdict{face, fmt.Sprintf("status %d", status), a.body}
	}
	return verdict{face, f, m}
}

// agreeVerdicts checks that every face gave want's verdict: the same field
// refused (or none: all answered) and, where a face refuses, the same
// message as want's.
func agreeVerdicts(t *testing.T, question, wantField string, vs ...verdict) {
	t.Helper()
	for _, v := range vs {
		switch {
		case v.field == wantField:
		case v.field == "":
			t.Errorf("%s: %s answers; want a refusal naming %q", question, v.face, wantField)
		default:
			t.Errorf("%s: %s refuses field %q (%s); want %q", question, v.face, v.field, v.msg, wantField)
		}
	}
	if wantField == "" {
		return
	}
	for _, v := range vs[1:] {
		if v.field == wantField && v.msg != vs[0].msg {
			t.Errorf("%s: message: %s says %q, %s says %q", question, vs[0].face, vs[0].msg, v.face, v.msg)
		}
	}
}

// costVerdicts asks one cost question of every face that answers it: the
// CLI, GET /api/v1/cost and /api/v1/schedule, the two schedule charts and
// the playground (which marks the field it refuses).
func costVerdicts(t *testing.T, q string) []verdict {
	t.Helper()
	uf, um := askPlayground(q).refusal()
	return []verdict{
		cliVerdict(t, "CLI (ccplay cost)", "", append([]string{"cost", "--json"}, queryArgs(t, q)...)...),
		apiVerdict(http.MethodGet, "/api/v1/cost?"+q, ""),
		apiVerdict(http.MethodGet, "/api/v1/schedule?"+q, ""),
		apiVerdict(http.MethodGet, "/embed/ledger-bars.svg?"+q, ""),
		apiVerdict(http.MethodGet, "/embed/ring-step.svg?"+q, ""),
		{faceUI, uf, um},
	}
}

// costExtremes are cost questions at the edges of float64: a β that is not
// finite, bytes times β that overflow, and values that are not numbers.
// Every face refuses each naming the same field with the same message.
var costExtremes = []refusal{
	{question{"extreme: bandwidth 1e-300 B/s (the answer overflows)", "bandwidth=1e-300B/s"}, "bandwidth"},
	{question{"extreme: bandwidth 1e-320 B/s (β is not finite)", "bandwidth=1e-320B/s"}, "bandwidth"},
	{question{"extreme: bandwidth NaN", "bandwidth=NaN"}, "bandwidth"},
	{question{"extreme: bandwidth Inf", "bandwidth=Inf"}, "bandwidth"},
	{question{"extreme: efficiency 1e-320", "efficiency=1e-320"}, "efficiency"},
	{question{"extreme: efficiency 1e-300 on 1 B/s", "bandwidth=1B/s&efficiency=1e-300"}, "efficiency"},
	{question{"extreme: efficiency NaN", "efficiency=NaN"}, "efficiency"},
	{question{"extreme: latency Inf", "latency=Inf"}, "latency"},
	{question{"extreme: gamma NaN", "gamma=NaN"}, "gamma"},
	{question{"extreme: size 1e400", "size=1e400"}, "size"},
	{question{"extreme: slow-factor Inf", "ranks=8&slow-rank=1&slow-factor=Inf"}, "slow-factor"},
	{question{"extreme: intra-bandwidth 1e-300 B/s on 2 nodes of 8", "ranks=16&gpus-per-node=8&intra-bandwidth=1e-300B/s"}, "intra-bandwidth"},
	{question{"extreme: intra-latency NaN on 2 nodes of 8", "ranks=16&gpus-per-node=8&intra-latency=NaN"}, "intra-latency"},
}

// costEdges are bandwidths around the smallest one whose answer is
// finite: whatever the CLI does with each, every face does the same.
var costEdges = []string{"1e-290B/s", "1e-296B/s", "1e-297B/s", "1e-298B/s", "1e-299B/s", "1e-300B/s"}

// TestExtremeCost asks the extreme cost questions and the edge bandwidths
// of every cost face (CLI, /cost, /schedule, ledger-bars, ring-step,
// playground): each refusal names the same field with the same message, and
// at the edge every face answers exactly when the CLI does.
func TestExtremeCost(t *testing.T) {
	for _, q := range costExtremes {
		agreeVerdicts(t, q.name, q.field, costVerdicts(t, q.query)...)
	}
	for _, bw := range costEdges {
		for _, base := range []string{"", "collective=alltoall&algorithm=pairwise&ranks=16&size=1GiB&", "collective=broadcast&algorithm=tree&ranks=32&size=1GiB&"} {
			q := base + "bandwidth=" + bw
			vs := costVerdicts(t, q)
			agreeVerdicts(t, "edge: "+q, vs[0].field, vs...)
		}
	}
}

// sweepExtremes are the same edges asked of the sweeps: the nccl-tests
// table (CLI, API) and the two sweep charts.
var sweepExtremes = []refusal{
	{question{"extreme sweep: bandwidth 1e-300 B/s", "bandwidth=1e-300B/s"}, "bandwidth"},
	{question{"extreme sweep: bandwidth 1e-320 B/s", "bandwidth=1e-320B/s"}, "bandwidth"},
	{question{"extreme sweep: bandwidth NaN", "bandwidth=NaN"}, "bandwidth"},
	{question{"extreme sweep: efficiency 1e-320", "efficiency=1e-320"}, "efficiency"},
	{question{"extreme sweep: latency Inf", "latency=Inf"}, "latency"},
	{question{"extreme sweep: intra-bandwidth 1e-300 B/s", "ranks=16&gpus-per-node=8&intra-bandwidth=1e-300B/s"}, "intra-bandwidth"},
}

// TestExtremeSweep asks each sweep extreme of `ccplay table`, GET
// /api/v1/table (JSON and text) and the time-vs-size and time-vs-ranks
// charts over a sweep that reaches 1 GiB: all refuse naming the field,
// with one message.
func TestExtremeSweep(t *testing.T) {
	const sweep = "minbytes=8&maxbytes=1G&stepfactor=16"
	for _, q := range sweepExtremes {
		ranks := ""
		if !strings.Contains(q.query, "ranks=") {
			ranks = "&ranks=8"
		}
		agreeVerdicts(t, q.name, q.field,
			cliVerdict(t, faceCLItab, "", append(append([]string{"table", "--json"}, queryArgs(t, q.query+ranks)...), queryArgs(t, sweep)...)...),
			apiVerdict(http.MethodGet, "/api/v1/table?"+q.query+ranks+"&"+sweep, ""),
			apiVerdict(http.MethodGet, "/api/v1/table?format=text&"+q.query+ranks+"&"+sweep, ""),
			apiVerdict(http.MethodGet, "/embed/time-vs-size.svg?maxbytes=1G&"+q.query+ranks, ""),
			apiVerdict(http.MethodGet, "/embed/time-vs-ranks.svg?size=1GiB&minranks=16&maxranks=64&"+withoutKeys(q.query, "ranks"), ""))
	}
}

// planExtremes are plans at the edges of float64: the compute time through
// peak × mfu, the communication through a link's β.
var planExtremes = []refusal{
	{question{"extreme plan: bandwidth 1e-300 B/s", "bandwidth=1e-300B/s"}, "bandwidth"},
	{question{"extreme plan: bandwidth 1e-320 B/s", "bandwidth=1e-320B/s"}, "bandwidth"},
	{question{"extreme plan: intra-bandwidth 1e-300 B/s", "intra-bandwidth=1e-300B/s"}, "intra-bandwidth"},
	{question{"extreme plan: efficiency 1e-320", "efficiency=1e-320"}, "efficiency"},
	{question{"extreme plan: mfu 1e-320", "mfu=1e-320"}, "mfu"},
	{question{"extreme plan: peak 1e-300 TFLOP/s", "peak=1e-300&mfu=1e-10"}, "peak"},
	{question{"extreme plan: bandwidth NaN", "bandwidth=NaN"}, "bandwidth"},
}

// TestExtremePlan asks each plan extreme of `ccplay plan`, GET /api/v1/plan
// (JSON, text, a timeline) and, where the planner view has the field (it
// takes links as presets), the view: all refuse naming the field; the CLI
// and the API with one message, the view showing it.
func TestExtremePlan(t *testing.T) {
	const base = "model=70b&dp=8&tp=8&pp=1&zero=3&"
	for _, q := range planExtremes {
		query := base + q.query
		uf, um := askPlayground(planQuery(query)).planRefusal()
		vs := []verdict{
			cliVerdict(t, facePlanCLI, "", append([]string{"plan", "--json"}, queryArgs(t, query)...)...),
			apiVerdict(http.MethodGet, "/api/v1/plan?"+query, ""),
			apiVerdict(http.MethodGet, "/api/v1/plan?format=text&"+query, ""),
			apiVerdict(http.MethodGet, "/api/v1/plan?timeline=zero3&"+query, ""),
		}
		agreeVerdicts(t, q.name, q.field, vs...)
		if planViewHas(q.field) && (uf != q.field || !strings.Contains(um, vs[0].msg)) {
			t.Errorf("%s: %s refuses %q with %q; want %q with %s's %q", q.name, facePlanUI, uf, um, q.field, facePlanCLI, vs[0].msg)
		}
	}
}

// runExtremes are runs whose float64 inputs or outputs JSON cannot carry.
var runExtremes = []struct {
	name, body, field string
}{
	{"extreme run: an AllReduce whose sum overflows", `{"collective":"allreduce","algorithm":"ring","dtype":"float64","inputs":[[1e308],[1e308]]}`, "inputs"},
	{"extreme run: an input past float64", `{"collective":"allreduce","algorithm":"ring","dtype":"float64","inputs":[[1e400],[1]]}`, "inputs"},
	{"extreme run: a Reduce of -1e308 twice", `{"collective":"reduce","algorithm":"binomial","dtype":"float64","inputs":[[-1e308],[-1e308],[-1e308]]}`, "inputs"},
}

// TestExtremeRun runs each extreme through `ccplay run` and POST
// /api/v1/run: both refuse naming the field, with one message.
func TestExtremeRun(t *testing.T) {
	for _, q := range runExtremes {
		agreeVerdicts(t, q.name, q.field,
			cliVerdict(t, faceRunCLI, q.body, "run"),
			apiVerdict(http.MethodPost, "/api/v1/run", q.body))
	}
}
