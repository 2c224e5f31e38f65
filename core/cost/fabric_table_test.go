package cost_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// A table on the ideal fabric is the table without one, row for row and
// bit for bit, flat and on nodes, with auto's choice per size.
func TestTableIdealFabricIsUnchanged(t *testing.T) {
	w := cost.Sweep{MinBytes: 8, MaxBytes: 1 << 30, StepFactor: 4}
	for _, c := range []prim.Collective{prim.AllReduce, prim.AllToAll, prim.AllGather, prim.Broadcast} {
		for _, g := range []int{0, 4} {
			p := base(c, sched.Auto, 16)
			if g > 0 {
				p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = g, 450e9, 1e-6
			}
			want, err := cost.Table(p, float32T, w)
			if err != nil {
				t.Fatal(err)
			}
			p.Fabric = fabric.Spec{Kind: fabric.Ideal}
			got, err := cost.Table(p, float32T, w)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(want, got) {
				t.Errorf("%s g=%d: the ideal fabric changes the table:\n%+v\n%+v", c, g, want, got)
			}
		}
	}
}

// On a fat-tree each row is the cost answer at its size on that fabric
// (Evaluate's simulated time and algorithm), its bandwidths follow the
// simulated time, and at 4:1 AllToAll's large rows are slower than the
// same table at 1:1 while ring AllReduce's are within 10 %.
func TestTableOnFatTree(t *testing.T) {
	w := cost.Sweep{MinBytes: 1 << 16, MaxBytes: 64 << 20, StepFactor: 16}
	table := func(c prim.Collective, a sched.Algorithm, r float64) ([]cost.Row, cost.Params) {
		p := base(c, a, 64)
		p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = 8, 450e9, 1e-6
		p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: r, LeafNodes: 2}
		rows, err := cost.Table(p, float32T, w)
		if err != nil {
			t.Fatal(err)
		}
		return rows, p
	}
	for _, c := range []struct {
		coll prim.Collective
		alg  sched.Algorithm
	}{{prim.AllReduce, sched.Ring}, {prim.AllToAll, sched.Pairwise}, {prim.AllReduce, sched.Auto}} {
		rows, p := table(c.coll, c.alg, 4)
		for _, row := range rows {
			q := p
			q.Size = row.SizeBytes
			r, err := cost.Evaluate(q)
			if err != nil {
				t.Fatal(err)
			}
			if r.Fabric == nil || row.TimeUs != r.TimeS*1e6 || row.Algorithm != r.Algorithm {
				t.Errorf("%s %s %d B: row %g µs (%s), cost answer %g µs (%s)", c.coll, c.alg, row.SizeBytes, row.TimeUs, row.Algorithm, r.TimeS*1e6, r.Algorithm)
			}
			if row.AlgBwGBs != r.AlgBwBps/1e9 || row.BusBwGBs != r.BusBwBps/1e9 {
				t.Errorf("%s %d B: bandwidths %g/%g GB/s, the cost answer's %g/%g", c.coll, row.SizeBytes, row.AlgBwGBs, row.BusBwGBs, r.AlgBwBps/1e9, r.BusBwBps/1e9)
			}
		}
	}
	ring1, _ := table(prim.AllReduce, sched.Ring, 1)
	ring4, _ := table(prim.AllReduce, sched.Ring, 4)
	a2a1, _ := table(prim.AllToAll, sched.Pairwise, 1)
	a2a4, _ := table(prim.AllToAll, sched.Pairwise, 4)
	last := len(ring1) - 1
	if ring4[last].TimeUs > 1.10*ring1[last].TimeUs {
		t.Errorf("ring AllReduce of %d B: %g µs at 4:1, %g µs at 1:1", ring1[last].SizeBytes, ring4[last].TimeUs, ring1[last].TimeUs)
	}
	if a2a4[last].TimeUs < 2*a2a1[last].TimeUs {
		t.Errorf("AllToAll of %d B: %g µs at 4:1, %g µs at 1:1", a2a1[last].SizeBytes, a2a4[last].TimeUs, a2a1[last].TimeUs)
	}
}

// A table on a fabric is refused before its first row when its rows
// together may simulate more than FabricTransfers transfers (naming
// maxbytes, with the sum TableFabricSize gives), and with NCCL's model
// (naming fabric).
func TestTableFabricRefused(t *testing.T) {
	p := base(prim.AllReduce, sched.Ring, 1024)
	p.Fabric = fabric.Spec{Kind: fabric.FatTree}
	w := cost.Sweep{MinBytes: 1 << 20, MaxBytes: 1 << 30, StepFactor: 2}
	n, _, err := cost.TableFabricSize(p, float32T, w)
	if err != nil || n <= cost.FabricTransfers {
		t.Fatalf("TableFabricSize = %d, %v; want more than %d", n, err, cost.FabricTransfers)
	}
	one, _, err := cost.FabricSize(func() cost.Params { q := p; q.Size = 1 << 20; return q }())
	if err != nil || n != 11*one {
		t.Errorf("TableFabricSize = %d; 11 rows of %d transfers each are %d", n, one, 11*one)
	}
	_, err = cost.Table(p, float32T, w)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "maxbytes" || fe.ID != "cost.table.fabric-size" {
		t.Errorf("a table of %d transfers: %v, want refused on maxbytes", n, err)
	}
	p.Ranks, p.CostModel = 16, cost.ModelNCCL
	_, err = cost.Table(p, float32T, cost.Sweep{MinBytes: 8, MaxBytes: 1 << 20, StepFactor: 2})
	if !errors.As(err, &fe) || fe.Field != "fabric" || fe.ID != "cost.table.fabric-nccl" {
		t.Errorf("NCCL's model on a fabric: %v, want refused on fabric", err)
	}
}

// float32T is nccl-tests' float.
var float32T = func() cost.DType { d, _ := cost.ParseDType("float"); return d }()
