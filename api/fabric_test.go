package api

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// /cost takes the fabric fields and answers with the simulated fabric; a
// schedule over budget.Flows transfers is refused with 413 before any work,
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
}
