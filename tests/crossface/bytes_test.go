package crossface

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// sameBytes reports where the CLI's output and the API's body first
// differ, naming the question and both faces.
func sameBytes(t *testing.T, name, cliFace, apiFace string, r cliResult, a apiAnswer) {
	t.Helper()
	if r.code != 0 || a.status != http.StatusOK {
		t.Errorf("%s: %s exit status %d (%s), %s status %d (%s)", name, cliFace, r.code, strings.TrimSpace(r.stderr), apiFace, a.status, strings.TrimSpace(a.body))
		return
	}
	if r.stdout == a.body {
		return
	}
	i := 0
	for i < len(r.stdout) && i < len(a.body) && r.stdout[i] == a.body[i] {
		i++
	}
	excerpt := func(s string) string {
		lo, hi := max(0, i-40), min(len(s), i+40)
		return strconv.Quote(s[lo:hi])
	}
	t.Errorf("%s: %s and %s differ from byte %d (lengths %d and %d):\n  %s\n  %s",
		name, cliFace, apiFace, i, len(r.stdout), len(a.body), excerpt(r.stdout), excerpt(a.body))
}

// TestCostBytes checks README's claim that GET /api/v1/cost answers byte
// for byte what `ccplay cost --json` prints, for every cost question.
func TestCostBytes(t *testing.T) {
	for _, q := range append(append([]question{}, costQuestions...), crossoverQuestions...) {
		sameBytes(t, q.name, "ccplay cost --json", "GET /api/v1/cost",
			cli(t, "", append([]string{"cost", "--json"}, queryArgs(t, q.query)...)...),
			apiDo(http.MethodGet, "/api/v1/cost?"+q.query, nil))
	}
}

// TestPlanBytes checks that GET /api/v1/plan answers what `ccplay plan
// --json` prints and, with format=text, what `ccplay plan` prints.
func TestPlanBytes(t *testing.T) {
	for _, q := range planQuestions {
		args := queryArgs(t, q.query)
		sameBytes(t, q.name, "ccplay plan --json", "GET /api/v1/plan",
			cli(t, "", append([]string{"plan", "--json"}, args...)...),
			apiDo(http.MethodGet, "/api/v1/plan?"+q.query, nil))
		sameBytes(t, q.name, "ccplay plan", "GET /api/v1/plan?format=text",
			cli(t, "", append([]string{"plan"}, args...)...),
			apiDo(http.MethodGet, "/api/v1/plan?format=text&"+q.query, nil))
	}
}

// ncclTable is an nccl-tests command line on NCCL's model of a DGX H100
// (-g 8 -d half -o sum, in their long names).
var ncclTable = tableQuestion{question{"table: NCCL's model on a DGX H100", "model=nccl&system=dgx-h100"}, "minbytes=8&maxbytes=128M&stepfactor=2&ngpus=8&dtype=half&redop=sum"}

// TestTableBytes checks that GET /api/v1/table answers what `ccplay table
// --json` prints and, with format=text, what `ccplay table` prints.
func TestTableBytes(t *testing.T) {
	for _, q := range append(append([]tableQuestion{}, tableQuestions...), ncclTable) {
		query := q.query + "&" + q.sweep
		args := queryArgs(t, query)
		sameBytes(t, q.name, "ccplay table --json", "GET /api/v1/table",
			cli(t, "", append([]string{"table", "--json"}, args...)...),
			apiDo(http.MethodGet, "/api/v1/table?"+query, nil))
		sameBytes(t, q.name, "ccplay table", "GET /api/v1/table?format=text",
			cli(t, "", append([]string{"table"}, args...)...),
			apiDo(http.MethodGet, "/api/v1/table?format=text&"+query, nil))
	}
}

// TestDoctorBytes checks that POST /api/v1/doctor answers what `ccplay
// doctor --json` prints, for every log of doctorQuestions.
func TestDoctorBytes(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range doctorQuestions {
		args, body, _ := doctorAsked(t, root, q.file, q.o)
		r := cli(t, "", args...)
		r.code -= q.status // a log with unreadable lines exits 2 and still prints its verdict
		sameBytes(t, q.name, "ccplay doctor --json", "POST /api/v1/doctor", r, apiDo(http.MethodPost, "/api/v1/doctor", strings.NewReader(string(body))))
	}
}
