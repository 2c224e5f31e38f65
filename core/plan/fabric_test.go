package plan

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// moe64 is an MoE plan whose EP and DP groups span 8 nodes of 8 GPUs:
// DeepSeek-V3, DP 64 = EP 64, ZeRO-1, ring wherever ring applies.
func moe64() map[string]string {
	return map[string]string{"model": "deepseek-v3", "dp": "64", "ep": "64", "tp": "1", "pp": "1", "zero": "1", "algorithm": "ring"}
}

// with is fields plus more.
func with(fields map[string]string, more ...string) map[string]string {
	out := map[string]string{}
	for k, v := range fields {
		out[k] = v
	}
	for i := 0; i+1 < len(more); i += 2 {
		out[more[i]] = more[i+1]
	}
	return out
}

// The ideal fabric is today's plan, bit for bit (its JSON has no fabric).
func TestPlanIdealFabricIsUnchanged(t *testing.T) {
	for _, q := range []map[string]string{moe64(), {"model": "70b", "dp": "8", "tp": "8", "zero": "3"},
		{"model": "13b", "dp": "16", "zero": "0", "preset": "eth200"}} {
		a, _ := json.Marshal(mustPlan(t, q))
		b, _ := json.Marshal(mustPlan(t, with(q, "fabric", "ideal")))
		if string(a) != string(b) {
			t.Errorf("%v: fabric=ideal changes the plan:\n%s\n%s", q, a, b)
		}
	}
}

// The lecture's physics on the planner: at 4:1 on a fat-tree of leaves of
// 2 nodes, the MoE plan's AllToAll rows are slower by exactly the factor
// core/fabric gives that AllToAll alone (cost.Evaluate of the same call on
// the same fabric), the DP ring rows within 10 %, the TP-free plan's other
// numbers unchanged, and the fabric section agrees with the rows.
func TestPlanFabricPhysics(t *testing.T) {
	ideal := mustPlan(t, moe64())
	fat := mustPlan(t, with(moe64(), "fabric", "fat-tree", "oversubscription", "4", "leaf-nodes", "2"))
	if ideal.Fabric != nil || fat.Fabric == nil || len(fat.Rows) != len(ideal.Rows) {
		t.Fatalf("fabric sections: ideal %v, fat-tree %v", ideal.Fabric, fat.Fabric)
	}
	a2a, ring := 0, 0
	for i, row := range fat.Rows {
		id := ideal.Rows[i]
		switch {
		case row.Collective == prim.AllToAll:
			a2a++
			cl := fat.Input.Cluster
			p := cost.Params{Collective: prim.AllToAll, Algorithm: sched.Auto, Ranks: 64, Size: row.Bytes, ElemSize: Elem,
				Bandwidth: cl.Inter.Bandwidth, Latency: cl.Inter.Alpha, Efficiency: cl.Efficiency,
				GPUsPerNode: 8, IntraBandwidth: cl.Intra.Bandwidth, IntraLatency: cl.Intra.Alpha,
				Fabric: fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 2}}
			alone, err := cost.Evaluate(p)
			if err != nil {
				t.Fatal(err)
			}
			got := row.TimeS / id.TimeS
			if !near(got, alone.Fabric.Slowdown, 1e-12) || got < 2 {
				t.Errorf("AllToAll row %d: %.6g× slower on the fabric; the same AllToAll alone is %.6g×", i, got, alone.Fabric.Slowdown)
			}
		case row.Algorithm == string(sched.Ring) && row.Strategy == StratZero:
			ring++
			if r := row.TimeS / id.TimeS; r > 1.10 || r < 1-1e-9 {
				t.Errorf("DP ring row %d (%s): %.4g× on the fabric", i, row.Collective, r)
			}
		}
	}
	if a2a != 2 || ring == 0 {
		t.Fatalf("%d AllToAll rows, %d DP ring rows", a2a, ring)
	}
	if fat.ComputeS != ideal.ComputeS || fat.Memory != ideal.Memory || fat.Fabric.IdealCommS != ideal.CommS {
		t.Errorf("compute %g / %g s, ideal communication %g / %g s", fat.ComputeS, ideal.ComputeS, fat.Fabric.IdealCommS, ideal.CommS)
	}
	if len(fat.Fabric.Rows) != len(fat.Rows) {
		t.Errorf("%d rows simulated of %d; every row is DP, ZeRO or EP across nodes", len(fat.Fabric.Rows), len(fat.Rows))
	}
	for _, x := range fat.Fabric.Rows {
		if x.IdealS != ideal.Rows[x.Row].TimeS || x.TimeS != fat.Rows[x.Row].TimeS || x.Slowdown != cost.Slowdown(x.TimeS, x.IdealS) {
			t.Errorf("fabric row %+v; rows %g → %g s", x, ideal.Rows[x.Row].TimeS, fat.Rows[x.Row].TimeS)
		}
	}
}

// TP inside a node and PP keep their closed forms on a fabric; a plan
// whose every group sits in one node simulates nothing.
func TestPlanFabricLeavesTPAndPP(t *testing.T) {
	q := map[string]string{"model": "70b", "dp": "4", "tp": "8", "pp": "4", "zero": "1", "micro-batches": "16"}
	ideal := mustPlan(t, q)
	fat := mustPlan(t, with(q, "fabric", "fat-tree", "oversubscription", "8", "leaf-nodes", "1"))
	for i, row := range fat.Rows {
		if (row.Strategy == StratTP || row.Strategy == StratPP) && row.TimeS != ideal.Rows[i].TimeS {
			t.Errorf("%s %s: %g s on the fabric, %g s without", row.Strategy, row.Collective, row.TimeS, ideal.Rows[i].TimeS)
		}
	}
	one := mustPlan(t, map[string]string{"model": "13b", "dp": "8", "zero": "0", "fabric": "rail"})
	if one.Fabric == nil || len(one.Fabric.Rows) != 0 || one.CommS != one.Fabric.IdealCommS {
		t.Errorf("one node: %+v", one.Fabric)
	}
}

// Bad fabric fields are refused by name; a plan whose simulations may
// exceed cost.FabricTransfers is refused before any, on the field of its
// largest group, and FabricSize counts what Plan would simulate.
func TestPlanFabricRefused(t *testing.T) {
	for _, c := range []struct {
		in    map[string]string
		field string
		id    msg.ID
	}{
		{with(moe64(), "fabric", "mesh"), "fabric", "field.choice"},
		{with(moe64(), "fabric", "fat-tree", "oversubscription", "0.5"), "oversubscription", "field.float.range"},
		{with(moe64(), "fabric", "rail", "tiers", "3"), "tiers", "fabric.unused"},
		{with(moe64(), "fabric", "torus", "torus-dims", "2x4"), "torus-dims", "plan.fabric.dims"},
		{with(moe64(), "leaf-nodes", "2"), "leaf-nodes", "fabric.unused"},
	} {
		_, err := Parse(field.Map(c.in))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != c.field || fe.ID != c.id {
			t.Errorf("%v: %v, want %s on %s", c.in, err, c.id, c.field)
		}
	}
	big := mustParse(t, map[string]string{"model": "13b", "dp": "2048", "zero": "0", "algorithm": "ring", "fabric": "fat-tree"})
	n, _, field, err := FabricSize(big)
	if err != nil || n <= cost.FabricTransfers || field != "dp" {
		t.Fatalf("FabricSize = %d on %q, %v; want more than %d on dp", n, field, err, cost.FabricTransfers)
	}
	_, err = Plan(big)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "dp" || fe.ID != "plan.fabric.too-large" {
		t.Errorf("DP 2048 ring on a fat-tree: %v", err)
	}
	small := mustParse(t, with(moe64(), "fabric", "fat-tree"))
	n, _, field, err = FabricSize(small)
	p, _ := params(small, Call{Strategy: StratEP, Collective: prim.AllToAll, GroupSize: 64, Bytes: rowsOf(mustPlan(t, moe64()), StratEP, "alltoall")[0].Bytes},
		Placement{Nodes: 8, PerNode: 8}, sched.Auto)
	one, _, _ := cost.FabricSize(p)
	if err != nil || field != "ep" || n <= one {
		t.Errorf("FabricSize = %d on %q, %v; the AllToAll alone holds %d", n, field, err, one)
	}
}

// A plan's simulations on a fabric together may cost at most
// budget.FabricWork units (about a second of CPU) where a face answers for
// someone else: FabricWork is, for every distinct call simulated, its
// transfers (the FabricSize the flows' budget counts) times
// cost.SetupWork plus the work allowed on each link of a 6-link fat-tree
// route (a ring's ceiling, 128 units, at 4:1 and 8:1, where the fabric
// allows 1,024 and 5,120: docs/limits.md), summed; the MoE plan with
// rings on 64 GPUs is admitted at 4:1 and 8:1, and on 256 GPUs refused at
// 8:1, before any simulation, on the field of the group that may cost the
// most, in English and in Chinese. The CLI's Start and the playground's CheckSize
// keep no work budget; both checks refuse a plan over the flows.
func TestPlanFabricWorkBudget(t *testing.T) {
	for _, c := range []struct {
		ratio, gpus string
		perLink     int64
		over        bool
	}{{"4", "64", 128, false}, {"8", "64", 128, false}, {"8", "256", 128, true}} {
		in := mustParse(t, with(moe64(), "fabric", "fat-tree", "oversubscription", c.ratio, "leaf-nodes", "2", "dp", c.gpus, "ep", c.gpus))
		n, _, _, err := FabricSize(in)
		if err != nil {
			t.Fatal(err)
		}
		w, field, err := FabricWork(in)
		if want := n * (cost.SetupWork + 6*c.perLink); err != nil || w != want || field != "dp" {
			t.Errorf("%s:1: FabricWork %d on %q (%v), want %d = %d transfers × (%d + 6 × %d) on dp", c.ratio, w, field, err, want, n, cost.SetupWork, c.perLink)
		}
		err = CheckBudget(in)
		var be *budget.Error
		var fe *fielderr.Error
		switch {
		case !c.over && err != nil:
			t.Errorf("%s:1: %d units, within budget, refused: %v", c.ratio, w, err)
		case c.over && (!errors.As(err, &be) || !errors.As(err, &fe) || fe.Field != "dp" || fe.ID != "plan.fabric.budget"):
			t.Errorf("%s:1: %d units over budget: %v, want plan.fabric.budget on dp", c.ratio, w, err)
		case c.over:
			if zh := msg.Render(err, "zh"); zh == err.Error() || !strings.Contains(zh, "工作量") {
				t.Errorf("%s:1: the refusal in Chinese: %q", c.ratio, zh)
			}
			if _, err := Start(in); err != nil {
				t.Errorf("%s:1: Start (the CLI's) refused: %v", c.ratio, err)
			}
		}
		if err := CheckSize(in); err != nil { // the playground's: no work budget
			t.Errorf("%s:1: CheckSize refused a plan within its flows: %v", c.ratio, err)
		}
	}
	big := mustParse(t, with(moe64(), "fabric", "fat-tree", "oversubscription", "8", "leaf-nodes", "2", "dp", "512"))
	if n, _, _, err := FabricSize(big); err != nil || n <= budget.Flows {
		t.Fatalf("DP 512: %d transfers (%v), want more than the %d flows", n, err, budget.Flows)
	}
	for name, check := range map[string]func(Input) error{"CheckSize": CheckSize, "CheckBudget": CheckBudget} {
		var fe *fielderr.Error
		if err := check(big); !errors.As(err, &fe) || fe.ID != "plan.fabric.too-large" {
			t.Errorf("%s on DP 512: %v, want plan.fabric.too-large", name, err)
		}
	}
}

// FuzzPlanFabric: any text in the fabric fields of a small MoE plan gives
// a plan or field errors (every refused fabric field at once), never a
// panic; on a switched fabric the rows
// still sum to the communication time and every simulated row is listed
// with its time, on the ideal network none is.
func FuzzPlanFabric(f *testing.F) {
	f.Add("fat-tree", "4", "2", "2", "nvswitch")
	f.Add("rail", "2", "1", "", "pcie")
	f.Add("torus", "", "", "", "")
	f.Add("ideal", "", "", "", "")
	f.Add("fat-tree", "1.5", "3", "3", "")
	f.Fuzz(func(t *testing.T, kind, ratio, leaf, tiers, node string) {
		q := map[string]string{"model": "mixtral-8x7b", "dp": "8", "tp": "1", "ep": "8", "zero": "1", "gpus-per-node": "2", "fabric": kind}
		for k, v := range map[string]string{"oversubscription": ratio, "leaf-nodes": leaf, "tiers": tiers, "node-switch": node} {
			if v != "" {
				q[k] = v
			}
		}
		in, err := Parse(field.Map(q))
		var r Result
		if err == nil {
			r, err = Plan(in)
		}
		if err != nil {
			var fe *fielderr.Error
			var l fielderr.List
			if !errors.As(err, &fe) && !(errors.As(err, &l) && len(l) > 1) {
				t.Fatalf("error %v is neither a field error nor a list of them", err)
			}
			return
		}
		var sum float64
		for _, x := range r.Rows {
			sum += x.TimeS
		}
		if !near(sum, r.CommS, 1e-9) {
			t.Fatalf("rows sum to %g, comm %g", sum, r.CommS)
		}
		if (r.Fabric != nil) != in.Cluster.Fabric.Active() {
			t.Fatalf("fabric %+v, section %v", in.Cluster.Fabric, r.Fabric)
		}
		if r.Fabric != nil {
			for _, x := range r.Fabric.Rows {
				if x.TimeS != r.Rows[x.Row].TimeS || !(x.TimeS >= 0) || !(x.IdealS >= 0) {
					t.Fatalf("fabric row %+v, row %+v", x, r.Rows[x.Row])
				}
			}
		}
	})
}

// A group whose nodes sit s apart is simulated on leaves of L ÷ s of its
// nodes: with PP 2 after TP 8, DP's consecutive members are 2 nodes apart,
// so on leaves of 4 nodes each DP row is the same call alone on leaves of
// 2 nodes (cost.Evaluate), not of 4.
func TestPlanFabricGroupStride(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "13b", "dp": "8", "tp": "8", "pp": "2", "zero": "1",
		"fabric": "fat-tree", "oversubscription": "4", "leaf-nodes": "4"})
	rows := rowsOf(r, StratZero, "")
	if len(rows) == 0 || r.Fabric == nil || len(r.Fabric.Rows) != len(rows) {
		t.Fatalf("%d ZeRO rows, fabric %+v", len(rows), r.Fabric)
	}
	cl := r.Input.Cluster
	for _, row := range rows {
		if row.Shape != (Placement{Nodes: 8, PerNode: 1}) {
			t.Fatalf("DP group placed %+v", row.Shape)
		}
		at := func(leaf int) float64 {
			p := cost.Params{Collective: row.Collective, Algorithm: sched.Auto, Ranks: 8, Size: row.Bytes, ElemSize: Elem,
				Bandwidth: cl.Inter.Bandwidth, Latency: cl.Inter.Alpha, Efficiency: cl.Efficiency,
				Fabric: fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: leaf}}
			res, err := cost.Evaluate(p)
			if err != nil {
				t.Fatal(err)
			}
			return res.TimeS
		}
		if two, four := at(2), at(4); row.TimePerCall != two || two == four {
			t.Errorf("%s of %d B: %g s per call; alone on leaves of 2 nodes %g s, of 4 nodes %g s", row.Collective, row.Bytes, row.TimePerCall, two, four)
		}
	}
}
