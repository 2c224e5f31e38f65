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

// fabricPlans are plans on switched fabrics, their DP, ZeRO and EP calls
// simulated.
var fabricPlans = []question{
	{"plan: DeepSeek-V3, EP 64 across 8 nodes, 4:1 fat-tree", "model=deepseek-v3&dp=64&ep=64&tp=1&pp=1&zero=1&algorithm=ring&fabric=fat-tree&oversubscription=4&leaf-nodes=2"},
	{"plan: 70B, ZeRO-3, DP 8 × TP 8 on a rail fabric", "model=70b&dp=8&tp=8&pp=1&zero=3&fabric=rail&leaf-nodes=4&oversubscription=2"},
	{"plan: 13B, DDP, DP 16 on a torus", "model=13b&dp=16&tp=1&pp=1&zero=0&gpus-per-node=2&fabric=torus"},
}

// TestPlanBytes checks that GET /api/v1/plan answers what `ccplay plan
// --json` prints and, with format=text, what `ccplay plan` prints, on the
// ideal network and on switched fabrics.
func TestPlanBytes(t *testing.T) {
	for _, q := range append(append([]question{}, planQuestions...), fabricPlans...) {
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

// fabricTables are tables on switched fabrics, each row simulated.
var fabricTables = []tableQuestion{
	{question{"table: AllToAll on a 4:1 fat-tree, 8 nodes of 8", "collective=alltoall&ranks=64&gpus-per-node=8&bandwidth=50GB/s&fabric=fat-tree&oversubscription=4&leaf-nodes=2"}, "minbytes=64K&maxbytes=256M&stepfactor=4"},
	{question{"table: ring AllReduce on a rail fabric, halves", "collective=allreduce&algorithm=ring&ranks=32&gpus-per-node=4&fabric=rail&leaf-nodes=4&oversubscription=2"}, "minbytes=8&maxbytes=64M&stepfactor=16&dtype=half&redop=all"},
	{question{"table: AllGather on a 4 × 4 torus", "collective=allgather&ranks=16&fabric=torus&torus-dims=4x4"}, "minbytes=1K&maxbytes=16M&stepfactor=8"},
	{question{"table: AllReduce on the ideal fabric", "collective=allreduce&ranks=16&gpus-per-node=8&fabric=ideal"}, "minbytes=8&maxbytes=1G&stepfactor=2"},
}

// TestTableBytes checks that GET /api/v1/table answers what `ccplay table
// --json` prints and, with format=text, what `ccplay table` prints, on
// the ideal network and on switched fabrics.
func TestTableBytes(t *testing.T) {
	for _, q := range append(append(append([]tableQuestion{}, tableQuestions...), ncclTable), fabricTables...) {
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
