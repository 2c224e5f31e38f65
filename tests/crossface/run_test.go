package crossface

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// runQuestion is a collective run on real buffers (`ccplay run`, POST
// /api/v1/run) and the same question as a cost question on int64 elements
// (the playground's ledger, GET /api/v1/schedule).
type runQuestion struct {
	name       string
	collective string
	algorithm  string
	ranks      int
	count      int // elements of the cost question's size S (8 B each)
	root       int
	chunks     int
	gpn        int // GPUs per node (0: one flat network)
}

var runQuestions = []runQuestion{
	{name: "run: allreduce, ring", collective: "allreduce", algorithm: "ring", ranks: 4, count: 64},
	{name: "run: allreduce, hierarchical, 4 nodes of 4, 64 KiB", collective: "allreduce", algorithm: "hierarchical", ranks: 16, count: 8192, gpn: 4},
	{name: "run: allreduce, rabenseifner on 6 ranks", collective: "allreduce", algorithm: "rabenseifner", ranks: 6, count: 96},
	{name: "run: allreduce, tree in 4 chunks", collective: "allreduce", algorithm: "tree", ranks: 8, count: 256, chunks: 4},
	{name: "run: broadcast, binomial from rank 2", collective: "broadcast", algorithm: "binomial", ranks: 8, count: 40, root: 2},
	{name: "run: reduce, ring in 2 chunks", collective: "reduce", algorithm: "ring", ranks: 4, count: 32, chunks: 2},
	{name: "run: reducescatter, recursive_halving", collective: "reducescatter", algorithm: "recursive_halving", ranks: 8, count: 64},
	{name: "run: allgather, bruck on 6 ranks", collective: "allgather", algorithm: "bruck", ranks: 6, count: 60},
	{name: "run: alltoall, pairwise", collective: "alltoall", algorithm: "pairwise", ranks: 4, count: 32},
	{name: "run: allgather, ring over 2 nodes of 4", collective: "allgather", algorithm: "ring", ranks: 8, count: 64, gpn: 4},
}

// inputLen is the elements of rank r's send buffer (0: null, not
// significant) for the cost question's count elements, as nccl-tests
// counts S: the whole vector for AllReduce, Reduce, ReduceScatter and
// AllToAll, one block for AllGather, the root's vector for Broadcast.
func (q runQuestion) inputLen(r int) int {
	switch q.collective {
	case "allgather":
		return q.count / q.ranks
	case "broadcast":
		if r != q.root {
			return 0
		}
	}
	return q.count
}

// body is the run request: rank r's element i is (r·7 + i) mod 10.
func (q runQuestion) body() string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"collective":%q,"algorithm":%q,"root":%d,"chunks":%d,"gpus_per_node":%d,"dtype":"int64","inputs":[`,
		q.collective, q.algorithm, q.root, q.chunks, q.gpn)
	for r := 0; r < q.ranks; r++ {
		if r > 0 {
			b.WriteByte(',')
		}
		n := q.inputLen(r)
		if n == 0 {
			b.WriteString("null")
			continue
		}
		b.WriteByte('[')
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, (r*7+i)%10)
		}
		b.WriteByte(']')
	}
	b.WriteString("]}")
	return b.String()
}

// query is the same question as a cost question.
func (q runQuestion) query() string {
	s := fmt.Sprintf("collective=%s&algorithm=%s&ranks=%d&size=%d&dtype=int64&root=%d", q.collective, q.algorithm, q.ranks, 8*q.count, q.root)
	if q.chunks > 0 {
		s += fmt.Sprintf("&chunks=%d", q.chunks)
	}
	if q.gpn > 0 {
		s += fmt.Sprintf("&gpus-per-node=%d", q.gpn)
	}
	return s
}

// runAnswer is the answer of `ccplay run` and POST /api/v1/run.
type runAnswer struct {
	Outputs json.RawMessage `json:"outputs"`
	Ledger  ledger          `json:"ledger"`
	Rounds  int             `json:"rounds"`
}

const (
	faceRunCLI = "CLI (ccplay run)"
	faceRunAPI = "API (POST /api/v1/run)"
)

// TestRun runs collectives on real buffers through `ccplay run` and POST
// /api/v1/run and asks the same question of the playground's ledger and GET
// /api/v1/schedule: the outputs of the two runs are equal, and all four
// list the same transfers between ranks, the same bytes sent and received
// by every rank, the same busiest rank, total and steps; the runs and the
// listed schedule have the same rounds.
func TestRun(t *testing.T) {
	for _, q := range runQuestions {
		body := q.body()
		var c, a runAnswer
		ok := cliJSON(t, &c, body, "run")
		ok = decodeAnswer(t, &a, "POST /api/v1/run", apiDo(http.MethodPost, "/api/v1/run", strings.NewReader(body))) && ok
		var s apiSchedule
		ok = apiJSON(t, &s, "/api/v1/schedule?"+q.query()) && ok
		l, why := askPlayground(q.query()).ledger()
		if l == nil {
			t.Errorf("%s: the playground shows no ledger for ?%s: %s", q.name, q.query(), why)
			ok = false
		}
		if !ok {
			continue
		}
		agree(t, q.name, "outputs", say(faceRunCLI, string(c.Outputs)), say(faceRunAPI, string(a.Outputs)))
		agree(t, q.name, "rounds", say(faceRunCLI, c.Rounds), say(faceRunAPI, a.Rounds), say(faceSched, len(s.Rounds)))
		agree(t, q.name, "transfers between ranks", say(faceRunCLI, c.Ledger.transfers()), say(faceRunAPI, a.Ledger.transfers()),
			say(faceSched, s.messages()), say(faceLedger, l.transfers()))
		agreeLedgers(t, q.name, faceRunCLI, &c.Ledger, faceRunAPI, &a.Ledger)
		agreeLedgers(t, q.name, faceRunCLI, &c.Ledger, faceLedger, l)
		agreeLedgers(t, q.name, faceRunCLI, &c.Ledger, faceSchedLog, &s.Ledger)
	}
}
