package crossface

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// manyRefusals are questions with several bad fields: every face names
// every one of them, the same ones in the same order.
var manyRefusals = []struct {
	question
	fields []string
}{
	{question{"ranks, size and bandwidth at once", "ranks=0&size=-1&bandwidth=x"}, []string{"ranks", "size", "bandwidth"}},
	{question{"a latency without a unit and an unknown preset", "latency=5&preset=pigeon"}, []string{"latency", "preset"}},
	{question{"non-finite gamma and efficiency, a bad dtype", "gamma=NaN&efficiency=Inf&dtype=float128"}, []string{"gamma", "efficiency", "dtype"}},
}

// TestEveryBadFieldOnEveryFace asks each question through the CLI (one
// "ccplay: --field: message" line per field, exit 2), the API (400 with
// an errors list) and the playground (every field marked from one call)
// and demands the same fields and messages.
func TestEveryBadFieldOnEveryFace(t *testing.T) {
	for _, q := range manyRefusals {
		c := cli(t, "", append([]string{"cost", "--json"}, queryArgs(t, q.query)...)...)
		var cliFields, cliMsgs []string
		for _, line := range strings.Split(strings.TrimSpace(c.stderr), "\n") {
			f, m := cliField(line)
			cliFields, cliMsgs = append(cliFields, f), append(cliMsgs, m)
		}
		a := apiDo(http.MethodGet, "/api/v1/cost?"+q.query, nil)
		var body struct {
			Errors []struct{ Field, Error string } `json:"errors"`
		}
		json.Unmarshal([]byte(a.body), &body) //nolint:errcheck // an empty list is reported below
		var apiFields, apiMsgs []string
		for _, e := range body.Errors {
			apiFields, apiMsgs = append(apiFields, e.Field), append(apiMsgs, e.Error)
		}
		p := askPlayground(q.query)
		var uiFields []string
		for _, f := range q.fields {
			if p.s.ErrFor(f) != "" {
				uiFields = append(uiFields, f)
			}
		}
		want := strings.Join(q.fields, ",")
		agree(t, q.name, "exit status", say("CLI (ccplay cost)", c.code), say("expected", 2))
		agree(t, q.name, "HTTP status", say("API (GET /api/v1/cost)", a.status), say("expected", http.StatusBadRequest))
		agree(t, q.name, "fields refused", say("expected", want), say(faceCLI, strings.Join(cliFields, ",")),
			say(faceAPI, strings.Join(apiFields, ",")), say(faceUI, strings.Join(uiFields, ",")))
		agree(t, q.name, "messages", say(faceCLI, strings.Join(cliMsgs, "|")), say(faceAPI, strings.Join(apiMsgs, "|")))
		for i, f := range q.fields {
			if i < len(apiMsgs) && !strings.Contains(p.s.ErrFor(f), apiMsgs[i]) {
				t.Errorf("%s: %s: the playground says %q, the API %q", q.name, f, p.s.ErrFor(f), apiMsgs[i])
			}
		}
	}
}
