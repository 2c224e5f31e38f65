package crossface

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

const (
	faceCLItab = "CLI (ccplay table --json)"
	faceAPItab = "API (GET /api/v1/table)"
	faceUItab  = "playground (nccl-tests view)"
)

// tableQuestion is an nccl-tests sweep of a cost question (minbytes,
// maxbytes, stepfactor with nccl-tests' long flag names).
type tableQuestion struct {
	question
	sweep string
}

var tableQuestions = []tableQuestion{
	{question{"table: allreduce, ring, 8 ranks (the README's)", "collective=allreduce&algorithm=ring&ranks=8&bandwidth=400Gbps&latency=5us"}, "minbytes=8&maxbytes=1M&stepfactor=4"},
	{question{"table: allgather, bruck, 12 ranks, uneven sizes", "collective=allgather&algorithm=bruck&ranks=12"}, "minbytes=1000&maxbytes=100M&stepfactor=3"},
	{question{"table: reduce, tree from rank 3, doubles", "collective=reduce&algorithm=tree&ranks=16&root=3&dtype=double"}, "minbytes=8&maxbytes=1G&stepfactor=8"},
	{question{"table: NCCL's model, 2 nodes of 8", "collective=allreduce&ranks=16&gpus-per-node=8&preset=ib400&intra-preset=nvlink4&model=nccl"}, "minbytes=1K&maxbytes=1G&stepfactor=4"},
	{question{"table: hierarchical, 4 nodes of 4", "collective=allreduce&algorithm=hierarchical&ranks=16&gpus-per-node=4&bandwidth=50GB/s&latency=5us"}, "minbytes=64K&maxbytes=64M&stepfactor=8"},
}

// TestTable asks nccl-tests sweeps through `ccplay table --json`, GET
// /api/v1/table and the playground's nccl-tests view, and checks the same
// rows on all three (size, count, choice, time, busbw), each equal to the
// cost answer at that size (its time; with NCCL's model, NCCL's choice and
// its time).
func TestTable(t *testing.T) {
	for _, q := range tableQuestions {
		checkTable(t, q.question, q.sweep, &costBySize{t: t, q: q.question, cache: map[int64]cost.Result{}}, nil)
	}
}

// checkTable asks the nccl-tests table of q over sweep through the three
// faces, compares it row by row, and checks each row's choice and time
// against the cost answer at its size and each row's choice against each
// list of crossovers in xs (by face).
func checkTable(t *testing.T, q question, sweep string, ac *costBySize, xs map[string][]crossover) {
	t.Helper()
	base := withoutKeys(q.query, "size", "chunks")
	var c, a []cost.Row
	if !cliJSON(t, &c, "", append(append([]string{"table", "--json"}, queryArgs(t, base)...), queryArgs(t, sweep)...)...) ||
		!apiJSON(t, &a, "/api/v1/table?"+base+"&"+sweep) {
		return
	}
	u, why := askPlayground(base + "&" + sweep).table()
	if why != "" {
		t.Errorf("%s: %s: %s", q.name, faceUItab, why)
		return
	}
	if !agree(t, q.name, "rows of the table", say(faceCLItab, len(c)), say(faceAPItab, len(a)), say(faceUItab, len(u))) {
		return
	}
	if len(c) == 0 {
		t.Errorf("%s: the table has no rows", q.name)
	}
	nccl := queryValue(q.query, "model") == "nccl"
	for i := range c {
		row := fmt.Sprintf("%s, row %d (%d B)", q.name, i+1, c[i].SizeBytes)
		agree(t, row, "size (bytes)", say(faceCLItab, c[i].SizeBytes), say(faceAPItab, a[i].SizeBytes), say(faceUItab, u[i].SizeBytes))
		agree(t, row, "count", say(faceCLItab, c[i].Count), say(faceAPItab, a[i].Count), say(faceUItab, u[i].Count))
		agree(t, row, "choice", say(faceCLItab, c[i].Algorithm), say(faceAPItab, a[i].Algorithm), say(faceUItab, u[i].Algorithm))
		agreeFloat(t, row, "time (µs)", say(faceCLItab, c[i].TimeUs), say(faceAPItab, a[i].TimeUs), say(faceUItab, u[i].TimeUs))
		agreeFloat(t, row, "busbw (GB/s)", say(faceCLItab, c[i].BusBwGBs), say(faceAPItab, a[i].BusBwGBs), say(faceUItab, u[i].BusBwGBs))
		if c[i].SizeBytes == 0 {
			continue // a call too small to give every rank an element: no algorithm moves anything
		}
		if r, ok := ac.at(c[i].SizeBytes); ok {
			if nccl && r.NCCL != nil {
				agree(t, row, "NCCL's choice", say(faceCLItab, c[i].Algorithm), say(faceAPI, r.NCCL.Winner))
				agreeFloat(t, row, "NCCL's tuner estimate (µs)", say(faceCLItab, c[i].TunerTimeUs), say(faceAPI, ncclWinnerUs(r.NCCL)))
				agreeFloat(t, row, "predicted run time (µs)", say(faceCLItab, c[i].TimeUs), say(faceAPI, r.NCCL.Predicted.TimeS*1e6))
			} else if !nccl {
				agree(t, row, "choice", say(faceCLItab, c[i].Algorithm), say(faceAPI, r.Algorithm))
				agreeFloat(t, row, "time (µs)", say(faceCLItab, c[i].TimeUs), say(faceAPI, r.TimeS*1e6))
			} else {
				t.Errorf("%s: %s gives no NCCL answer", row, faceAPI)
			}
		}
		for _, face := range sortedKeys(xs) {
			if len(xs[face]) > 0 {
				agree(t, row, "choice", say(faceCLItab, c[i].Algorithm), say(face, choiceAt(xs[face], c[i].SizeBytes)))
			}
		}
	}
}

// ncclWinnerUs is the time of NCCL's choice, in µs.
func ncclWinnerUs(n *cost.NCCLResult) float64 {
	for _, c := range n.Cells {
		if c.Algorithm+"/"+c.Protocol == n.Winner {
			return c.TimeUs
		}
	}
	return -1
}
