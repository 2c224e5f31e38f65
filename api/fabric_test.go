package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// /cost takes the fabric fields and answers with the simulated fabric; a
// schedule over budget.Flows transfers, budget.RouteLinks route links or
// budget.FabricWork units of work is refused with 413 before any work,
// and the same question without the fabric is answered.
func TestCostOnFabric(t *testing.T) {
	a := get(t, "/api/v1/cost?collective=alltoall&ranks=64&gpus-per-node=8&size=64MiB&fabric=fat-tree&oversubscription=4&leaf-nodes=2")
	if a.status != http.StatusOK {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	var r cost.Result
	if err := json.Unmarshal([]byte(a.body), &r); err != nil || r.Fabric == nil || r.Fabric.Kind != "fat-tree" || len(r.Fabric.Links) == 0 {
		t.Fatalf("no fabric in %s (%v)", a.body, err)
	}
	if r.TimeS <= r.Fabric.IdealTimeS || r.TimeS < r.Fabric.BisectionBoundS {
		t.Errorf("AllToAll at 4:1: %g s, without contention %g s, bisection bound %g s", r.TimeS, r.Fabric.IdealTimeS, r.Fabric.BisectionBoundS)
	}
	big := "/api/v1/cost?collective=allreduce&algorithm=ring&ranks=1024&gpus-per-node=8&size=256MiB"
	wantError(t, "ring AllReduce on 1024 ranks has 2,095,104 transfers", get(t, big+"&fabric=fat-tree"), http.StatusRequestEntityTooLarge, "ranks", "flows")
	if b := get(t, big); b.status != http.StatusOK {
		t.Errorf("without the fabric: status %d", b.status)
	}
	wantError(t, "ring AllGather on a 1 × 256 torus: 65,280 flows of up to 130 links", get(t, "/api/v1/cost?collective=allgather&ranks=256&size=1MiB&fabric=torus&torus-dims=1x256"),
		http.StatusRequestEntityTooLarge, "ranks", "links")
	wantError(t, "a fabric field without a fabric", get(t, "/api/v1/cost?oversubscription=4"), http.StatusBadRequest, "oversubscription", "fabrics")
	// Pairwise AllToAll on 361 ranks, leaves of 90 nodes and one of 1: past
	// 8:1 a simulation's work per link grows with the ratio, so at 64:1
	// its route links count 8 times each and it is refused before work, on
	// the ratio, with the largest ratio accepted; at 2:1 it is answered.
	tangled := "/api/v1/cost?collective=alltoall&algorithm=pairwise&ranks=361&size=1MiB&fabric=fat-tree&leaf-nodes=90&oversubscription="
	wantError(t, "pairwise AllToAll on 361 ranks at 64:1", get(t, tangled+"64"), http.StatusRequestEntityTooLarge, "oversubscription", "links")
	if b := get(t, tangled+"2"); b.status != http.StatusOK {
		t.Errorf("pairwise AllToAll on 361 ranks at 2:1: status %d: %s", b.status, b.body)
	}
	// Pairwise AllToAll on 147 ranks at 8:1 may cost more units of work
	// than one request may spend (146 is the most it admits there,
	// question.TestFabricWorkBoundary): refused on the ratio, with one
	// accepted.
	wantError(t, "pairwise AllToAll on 147 ranks at 8:1", get(t, "/api/v1/cost?collective=alltoall&algorithm=pairwise&ranks=147&size=1MiB&fabric=fat-tree&oversubscription=8"),
		http.StatusRequestEntityTooLarge, "oversubscription", "units of work", ":1, the other fields as given, it is accepted")
}

// /table takes the fabric fields: its rows are simulated (each the /cost
// answer at that size on the fabric), its text header names the fabric;
// a table whose rows together exceed budget.Flows transfers is refused
// with 413 on maxbytes before any row, and a bad fabric field is named.
func TestTableOnFabric(t *testing.T) {
	q := "collective=alltoall&algorithm=pairwise&ranks=64&gpus-per-node=8&fabric=fat-tree&oversubscription=4&leaf-nodes=2"
	a := get(t, "/api/v1/table?"+q+"&minbytes=1M&maxbytes=64M&stepfactor=8")
	if a.status != http.StatusOK {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	var rows []cost.Row
	if err := json.Unmarshal([]byte(a.body), &rows); err != nil || len(rows) != 3 {
		t.Fatalf("rows %s (%v)", a.body, err)
	}
	for _, row := range rows {
		c := get(t, fmt.Sprintf("/api/v1/cost?%s&size=%d", q, row.SizeBytes))
		var r cost.Result
		if err := json.Unmarshal([]byte(c.body), &r); err != nil || r.Fabric == nil || r.TimeS*1e6 != row.TimeUs {
			t.Errorf("%d B: row %g µs, /cost %s", row.SizeBytes, row.TimeUs, c.body)
		}
	}
	if txt := get(t, "/api/v1/table?format=text&"+q+"&minbytes=256K&maxbytes=1M"); !strings.Contains(txt.body, "; fabric fat-tree, 2 nodes per leaf, 4:1 oversubscribed, nvswitch inside a node") {
		t.Errorf("the text header does not name the fabric:\n%s", txt.body)
	}
	wantError(t, "ring AllReduce on 256 ranks, 8 B to 8 GiB: 31 rows of 130,560 transfers",
		get(t, "/api/v1/table?collective=allreduce&algorithm=ring&ranks=256&fabric=fat-tree"), http.StatusRequestEntityTooLarge, "maxbytes", "flows")
	if b := get(t, "/api/v1/table?collective=allreduce&algorithm=ring&ranks=256"); b.status != http.StatusOK {
		t.Errorf("without the fabric: status %d", b.status)
	}
	wantError(t, "tiers on a rail fabric", get(t, "/api/v1/table?fabric=rail&tiers=3"), http.StatusBadRequest, "tiers", "fabrics")
}

// /plan takes the fabric fields: the answer gains "fabric" with the rows
// it changed; plans whose simulations together exceed budget.Flows, or
// may cost more than budget.FabricWork units of work, are refused with
// 413 on the largest group's field before any, and a bad fabric field is
// named.
func TestPlanOnFabric(t *testing.T) {
	q := "/api/v1/plan?model=deepseek-v3&dp=64&ep=64&tp=1&pp=1&zero=1&algorithm=ring"
	a := get(t, q+"&fabric=fat-tree&oversubscription=4&leaf-nodes=2")
	if a.status != http.StatusOK {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	var r struct {
		CommS  float64 `json:"comm_s"`
		Fabric *struct {
			Kind  string  `json:"kind"`
			Ideal float64 `json:"ideal_comm_s"`
			Rows  []struct {
				Collective string  `json:"collective"`
				Slowdown   float64 `json:"slowdown"`
			} `json:"rows"`
		} `json:"fabric"`
	}
	if err := json.Unmarshal([]byte(a.body), &r); err != nil || r.Fabric == nil || r.Fabric.Kind != "fat-tree" || len(r.Fabric.Rows) == 0 {
		t.Fatalf("no fabric in the plan (%v): %.300s", err, a.body)
	}
	if r.CommS <= r.Fabric.Ideal {
		t.Errorf("communication %g s on the fabric, %g s without", r.CommS, r.Fabric.Ideal)
	}
	if b := get(t, q); strings.Contains(b.body, `"fabric"`) {
		t.Errorf("the plan without a fabric names one")
	}
	wantError(t, "the same plan with pairwise exchanges on 128 GPUs at 4:1: 1.2 times the work budget", get(t, strings.Replace(q, "dp=64&ep=64&tp=1&pp=1&zero=1&algorithm=ring", "dp=128&ep=128&tp=1&pp=1&zero=1&algorithm=pairwise", 1)+"&fabric=fat-tree&oversubscription=4&leaf-nodes=2"), http.StatusRequestEntityTooLarge, "dp", "units of work", "268435456")
	wantError(t, "DDP over 256 ranks on a torus: 1.25 times the work budget", get(t, "/api/v1/plan?model=13b&dp=256&zero=0&algorithm=ring&fabric=torus"), http.StatusRequestEntityTooLarge, "dp", "units of work")
	big := "/api/v1/plan?model=13b&dp=512&zero=0&algorithm=ring"
	wantError(t, "DDP over 512 ranks, ring: two bucket sizes of 523,264 transfers", get(t, big+"&fabric=fat-tree"), http.StatusRequestEntityTooLarge, "dp", "flows")
	if b := get(t, big); b.status != http.StatusOK {
		t.Errorf("without the fabric: status %d", b.status)
	}
	wantError(t, "torus-dims on the planner", get(t, q+"&fabric=torus&torus-dims=2x4"), http.StatusBadRequest, "torus-dims", "torus")
}
