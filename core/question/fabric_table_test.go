package question_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/question"
)

// A table question reads the fabric fields as a cost question does; on a
// fat-tree every reduction operation's rows are the one simulated table
// of its data type, and FabricSize counts each data type's rows once.
func TestTableFabricFields(t *testing.T) {
	in := map[string]string{"ranks": "32", "gpus-per-node": "4", "fabric": "fat-tree", "oversubscription": "4", "leaf-nodes": "2",
		"minbytes": "1M", "maxbytes": "16M", "stepfactor": "4", "redop": "all", "dtype": "all"}
	tq, err := question.ReadTable(field.Map(in))
	if err != nil {
		t.Fatal(err)
	}
	if want := (fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 2}); tq.Params.Fabric != want {
		t.Fatalf("fabric %+v, want %+v", tq.Params.Fabric, want)
	}
	rows, err := question.TableRows(nil, tq)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := tq.Rows(); len(rows) != n {
		t.Errorf("%d rows, Rows says %d", len(rows), n)
	}
	var sum int64
	i := 0
	for _, dt := range tq.DTypes {
		want, err := cost.Table(tq.Params, dt, tq.Sweep)
		if err != nil {
			t.Fatal(err)
		}
		n, _, err := cost.TableFabricSize(tq.Params, dt, tq.Sweep)
		if err != nil || n <= 0 {
			t.Fatalf("%s: TableFabricSize %d, %v", dt.Name, n, err)
		}
		sum += n
		for _, op := range tq.Redops {
			for _, w := range want {
				w.Redop = op
				if !reflect.DeepEqual(rows[i], w) {
					t.Errorf("row %d: %+v, want %+v", i, rows[i], w)
				}
				i++
			}
		}
	}
	if n, _, err := tq.FabricSize(); err != nil || n != sum {
		t.Errorf("FabricSize = %d, %v; the data types' tables hold %d", n, err, sum)
	}
}

// A table with fabric=ideal is the table without the field, bit for bit.
func TestTableIdealFabric(t *testing.T) {
	in := map[string]string{"collective": "alltoall", "ranks": "16", "gpus-per-node": "8", "minbytes": "8", "maxbytes": "1G"}
	plain, err := question.ReadTable(field.Map(in))
	if err != nil {
		t.Fatal(err)
	}
	in["fabric"] = "ideal"
	ideal, err := question.ReadTable(field.Map(in))
	if err != nil {
		t.Fatal(err)
	}
	a, errA := question.TableRows(nil, plain)
	b, errB := question.TableRows(nil, ideal)
	if errA != nil || errB != nil || len(a) == 0 || !reflect.DeepEqual(a, b) {
		t.Errorf("fabric=ideal changes the table (%v, %v):\n%+v\n%+v", errA, errB, a, b)
	}
}

// A bad fabric field of a table question is refused by name, with the
// sweep's fields read beside it.
func TestTableFabricRefused(t *testing.T) {
	for _, c := range []struct {
		in    map[string]string
		field string
		id    msg.ID
	}{
		{map[string]string{"fabric": "mesh"}, "fabric", "field.choice"},
		{map[string]string{"fabric": "fat-tree", "oversubscription": "0.5"}, "oversubscription", "field.float.range"},
		{map[string]string{"fabric": "rail", "torus-dims": "2x4"}, "torus-dims", "fabric.unused"},
		{map[string]string{"fabric": "torus", "torus-dims": "3x3"}, "torus-dims", "fabric.dims-product"},
		{map[string]string{"leaf-nodes": "4"}, "leaf-nodes", "fabric.unused"},
	} {
		c.in["maxbytes"] = "1M"
		_, err := question.ReadTable(field.Map(c.in))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != c.field || fe.ID != c.id {
			t.Errorf("%v: got %v, want %s on %s", c.in, err, c.id, c.field)
		}
	}
}

// CheckBudget admits a table whose rows together stay within
// budget.Flows transfers and budget.FabricWork units of work and refuses
// a larger one on maxbytes with a *budget.Error, before any row is
// simulated; the ideal fabric costs nothing.
func TestTableCheckBudget(t *testing.T) {
	read := func(in map[string]string) question.Table {
		tq, err := question.ReadTable(field.Map(in))
		if err != nil {
			t.Fatal(err)
		}
		return tq
	}
	small := read(map[string]string{"ranks": "64", "algorithm": "ring", "fabric": "fat-tree", "maxbytes": "1M"})
	big := read(map[string]string{"ranks": "256", "algorithm": "ring", "fabric": "fat-tree"})
	if err := small.CheckBudget(); err != nil {
		t.Errorf("ring on 64 ranks, 8 B to 1 MiB: %v", err)
	}
	n, _, _ := big.FabricSize()
	var be *budget.Error
	var fe *fielderr.Error
	if err := big.CheckBudget(); !errors.As(err, &be) || !errors.As(err, &fe) || fe.Field != "maxbytes" || n <= budget.Flows {
		t.Errorf("ring on 256 ranks, 8 B to 8 GiB (%d transfers): %v", n, err)
	}
	if err := read(map[string]string{"ranks": "1024", "algorithm": "ring"}).CheckBudget(); err != nil {
		t.Errorf("the ideal fabric: %v", err)
	}
	// One row of pairwise AllToAll at 8:1, within the transfers and the
	// route links, is refused on its work where /cost refuses the same
	// question (388 ranks) and admitted where /cost admits it (387): the
	// table's work is the question's.
	for _, P := range []int{387, 388} {
		in := map[string]string{"collective": "alltoall", "algorithm": "pairwise", "ranks": fmt.Sprint(P), "fabric": "fat-tree", "oversubscription": "8",
			"minbytes": "1MiB", "maxbytes": "1MiB"}
		row := read(in)
		w, err := row.FabricWork()
		q := row.Params
		q.Size = 1 << 20
		one, err2 := cost.FabricWork(q)
		if err != nil || err2 != nil || w != one {
			t.Fatalf("%d ranks: the table's work %d, the question's %d (%v, %v)", P, w, one, err, err2)
		}
		err = row.CheckBudget()
		if refused := question.CheckFabricBudget(q) != nil; refused != (err != nil) {
			t.Errorf("%d ranks: the table refused %v (%v), the question refused %v", P, err != nil, err, refused)
		}
		if err != nil && (!errors.As(err, &fe) || fe.Field != "maxbytes" || fe.ID != "fabric.budget") {
			t.Errorf("%d ranks: %v, want refused on maxbytes for its work", P, err)
		}
	}
}
