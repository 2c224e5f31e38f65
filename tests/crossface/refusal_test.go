package crossface

import (
	"net/http"
	"strings"
	"testing"
)

// refusal is a question no face can answer, and the field each must name.
type refusal struct {
	question
	field string
}

var costRefusals = []refusal{
	{question{"no ranks", "collective=allreduce&ranks=0"}, "ranks"},
	{question{"GPUs per node that do not divide the ranks", "ranks=12&gpus-per-node=8"}, "gpus-per-node"},
	{question{"an unknown collective", "collective=allsum"}, "collective"},
	{question{"an algorithm the collective does not have", "collective=scatter&algorithm=ring"}, "algorithm"},
	{question{"a slow rank that does not exist", "ranks=8&slow-rank=8&slow-factor=2"}, "slow-rank"},
	{question{"a size that is not a size", "size=lots"}, "size"},
}

var planRefusals = []refusal{
	{question{"plan: expert parallelism that does not divide DP", "model=mixtral-8x7b&dp=8&tp=1&pp=1&ep=3&zero=1"}, "ep"},
	{question{"plan: an unknown model", "model=gpt-9&dp=8&tp=8&pp=1&zero=3"}, "model"},
}

// TestRefusals asks questions no face can answer and checks that the CLI
// (exit status 2, "ccplay: --field: message"), the API (400 naming the
// field) and the playground (the field marked, its message shown) refuse
// them naming the same field with the same message.
func TestRefusals(t *testing.T) {
	for _, q := range costRefusals {
		c := cli(t, "", append([]string{"cost", "--json"}, queryArgs(t, q.query)...)...)
		cf, cm := cliField(c.stderr)
		status, af, am := apiError(apiDo(http.MethodGet, "/api/v1/cost?"+q.query, nil))
		uf, um := askPlayground(q.query).refusal()
		agree(t, q.name, "exit status", say("CLI (ccplay cost)", c.code), say("expected", 2))
		agree(t, q.name, "HTTP status", say("API (GET /api/v1/cost)", status), say("expected", http.StatusBadRequest))
		agree(t, q.name, "field refused", say("expected", q.field), say(faceCLI, cf), say(faceAPI, af), say(faceUI, uf))
		agree(t, q.name, "message", say(faceCLI, cm), say(faceAPI, am), say(faceUI, um))
	}
	for _, q := range planRefusals {
		c := cli(t, "", append([]string{"plan", "--json"}, queryArgs(t, q.query)...)...)
		cf, cm := cliField(c.stderr)
		status, af, am := apiError(apiDo(http.MethodGet, "/api/v1/plan?"+q.query, nil))
		uf, um := askPlayground(planQuery(q.query)).planRefusal()
		agree(t, q.name, "exit status", say("CLI (ccplay plan)", c.code), say("expected", 2))
		agree(t, q.name, "HTTP status", say("API (GET /api/v1/plan)", status), say("expected", http.StatusBadRequest))
		agree(t, q.name, "field refused", say("expected", q.field), say(facePlanCLI, cf), say(facePlanAPI, af), say(facePlanUI, uf))
		agree(t, q.name, "message", say(facePlanCLI, cm), say(facePlanAPI, am))
		if um == "" || cm == "" || !strings.Contains(um, cm) {
			t.Errorf("%s: message: %s shows %q, which does not contain %s's %q", q.name, facePlanUI, um, facePlanCLI, cm)
		}
	}
}
