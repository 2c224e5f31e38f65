package question_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
	"github.com/google/go-cmp/cmp"
)

// A pasted nccl-tests command line becomes the table question's fields:
// the binary's collective, a launcher's processes, the flags by their
// nccl-tests meaning, and the flags a model ignores set aside.
func TestNCCLTestsCommand(t *testing.T) {
	fields, un, err := question.NCCLTestsCommand([]string{"NCCL_DEBUG=INFO", "mpirun", "-np", "2", "-x", "NCCL_ALGO=Ring",
		"./build/all_gather_perf", "-b", "8", "-e", "128M", "--stepfactor=2", "-g", "8", "-d", "half", "-n", "20", "-w", "5"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"collective": "allgather", "nprocs": "2", "minbytes": "8", "maxbytes": "128M", "stepfactor": "2", "ngpus": "8", "dtype": "half"}
	if d := cmp.Diff(want, fields); d != "" {
		t.Errorf("fields (-want +got):\n%s", d)
	}
	if len(un) != 2 || un[0].Flag.Short != "n" || un[0].Value != "20" || un[1].Flag.Short != "w" {
		t.Errorf("unmodelled %+v, want -n 20 and -w 5", un)
	}
	q, err := question.ReadTable(field.Map(fields))
	if err != nil {
		t.Fatal(err)
	}
	if q.Params.Ranks != 16 || q.Inputs["ranks"].From != field.Derived || q.DTypes[0].Name != "half" {
		t.Errorf("2 processes × 8 GPUs: %d ranks from %q, dtype %v", q.Params.Ranks, q.Inputs["ranks"].From, q.DTypes)
	}
	for _, bad := range [][]string{{"./a.out", "-b", "8"}, {"all_reduce_perf", "-q", "1"}, {"all_reduce_perf", "-b"}, {"mpirun", "-np", "x", "all_reduce_perf"}} {
		if _, _, err := question.NCCLTestsCommand(bad); !fielderr.All(err).Has("command") {
			t.Errorf("%q: %v, want an error on command", bad, err)
		}
	}
}

// -d all and -o all sweep every data type and operation in nccl-tests'
// order; ranks given with -g must agree with it.
func TestTableAllTypesAndOps(t *testing.T) {
	q, err := question.ReadTable(field.Map(map[string]string{"dtype": "all", "redop": "all", "ranks": "4", "minbytes": "64", "maxbytes": "128"}))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := question.TableRows(nil, q)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := q.Rows()
	if len(rows) != n || n != 2*len(question.Redops)*10 {
		t.Fatalf("%d rows, Rows says %d, want 2 sizes × %d ops × 10 types", len(rows), n, len(question.Redops))
	}
	if rows[0].Type != "float" || rows[0].Redop != "sum" || rows[2].Redop != "prod" || rows[len(rows)-1].Type != "double" {
		t.Errorf("order: first %+v, third %+v, last %+v", rows[0], rows[2], rows[len(rows)-1])
	}
	_, err = question.ReadTable(field.Map(map[string]string{"ngpus": "8", "ranks": "4"}))
	if !fielderr.All(err).Has("ngpus") {
		t.Errorf("-g 8 with 4 ranks: %v", err)
	}
	q, err = question.ReadTable(field.Map(map[string]string{"collective": "broadcast", "redop": "all", "maxbytes": "64"}))
	if err != nil {
		t.Fatal(err)
	}
	if rows, _ := question.TableRows(nil, q); len(rows) != 4 || rows[0].Redop != "none" {
		t.Errorf("broadcast has no op: %d rows, redop %q", len(rows), rows[0].Redop)
	}
}

// Rows counts what TableRows prices, for the budget checked before it.
func TestTableRowsCounted(t *testing.T) {
	for _, in := range []map[string]string{
		{"collective": "broadcast", "redop": "all", "maxbytes": "64"},
		{"dtype": "all", "maxbytes": "1K"},
		{"redop": "all", "collective": "reducescatter", "ranks": "4", "minbytes": "64", "maxbytes": "4K"},
	} {
		q, err := question.ReadTable(field.Map(in))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := question.TableRows(nil, q)
		n, _ := q.Rows()
		if err != nil || len(rows) != n {
			t.Errorf("%v: %d rows priced, Rows says %d (%v)", in, len(rows), n, err)
		}
	}
}
