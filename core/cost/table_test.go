package cost_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestSweepSizes follows nccl-tests' -b/-e with -f (multiply) or -i (add),
// MaxBytes inclusive.
func TestSweepSizes(t *testing.T) {
	cases := []struct {
		w      cost.Sweep
		want   []int64
		reason string
	}{
		{cost.Sweep{MinBytes: 8, MaxBytes: 128, StepFactor: 2}, []int64{8, 16, 32, 64, 128}, "-b 8 -e 128 -f 2"},
		{cost.Sweep{MinBytes: 8, MaxBytes: 100, StepFactor: 2}, []int64{8, 16, 32, 64}, "-e not on the grid: stop below it"},
		{cost.Sweep{MinBytes: 1, MaxBytes: 1000, StepFactor: 10}, []int64{1, 10, 100, 1000}, "-f 10"},
		{cost.Sweep{MinBytes: 100, MaxBytes: 400, StepBytes: 100}, []int64{100, 200, 300, 400}, "-i 100"},
		{cost.Sweep{MinBytes: 0, MaxBytes: 2, StepBytes: 1}, []int64{0, 1, 2}, "an additive sweep may start at 0"},
		{cost.Sweep{MinBytes: 64, MaxBytes: 64, StepFactor: 2}, []int64{64}, "-b = -e: one row"},
	}
	for _, tc := range cases {
		got, err := tc.w.Sizes()
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, %v; want %v", tc.reason, got, err, tc.want)
		}
	}
	// -b 8 -e 8G -f 2 (8G = 8 GiB, nccl-tests' binary suffix): 8 … 2^33, 31 rows.
	got, err := cost.Sweep{MinBytes: 8, MaxBytes: 8 << 30, StepFactor: 2}.Sizes()
	if err != nil || len(got) != 31 || got[30] != 8<<30 {
		t.Errorf("-b 8 -e 8G -f 2: %d sizes ending %d (%v); want 31 ending 8 GiB", len(got), got[len(got)-1], err)
	}
	// Near the top of int64 the sweep stops instead of overflowing.
	got, err = cost.Sweep{MinBytes: 1, MaxBytes: math.MaxInt64, StepFactor: 2}.Sizes()
	if err != nil || len(got) != 63 || got[62] != 1<<62 {
		t.Errorf("up to MaxInt64: %d sizes (%v); want 63 ending 2^62", len(got), err)
	}
}

func TestSweepErrors(t *testing.T) {
	cases := []struct {
		w      cost.Sweep
		field  string
		says   string
		reason string
	}{
		{cost.Sweep{MinBytes: -1, MaxBytes: 8, StepFactor: 2}, "minbytes", "≥ 0", "negative -b"},
		{cost.Sweep{MinBytes: 16, MaxBytes: 8, StepFactor: 2}, "maxbytes", "≥ minbytes (16)", "-e below -b"},
		{cost.Sweep{MinBytes: 8, MaxBytes: 64, StepFactor: 1}, "stepfactor", "factor ≥ 2", "-f 1 never advances"},
		{cost.Sweep{MinBytes: 8, MaxBytes: 64}, "stepfactor", "or stepbytes > 0", "no step at all"},
		{cost.Sweep{MinBytes: 8, MaxBytes: 64, StepBytes: -8}, "stepbytes", "> 0 bytes", "negative -i"},
		{cost.Sweep{MinBytes: 0, MaxBytes: 64, StepFactor: 2}, "minbytes", "start at 1 or more", "0 × f stays 0"},
		{cost.Sweep{MinBytes: 1, MaxBytes: 1 << 40, StepBytes: 1}, "maxbytes", "more than 4096 sizes", "a sweep longer than MaxRows"},
	}
	for _, tc := range cases {
		_, err := tc.w.Sizes()
		fieldErr(t, tc.reason, err, tc.field, tc.says)
		_, terr := cost.Table(base(prim.AllReduce, sched.Ring, 8), cost.DTypes()[0], tc.w)
		fieldErr(t, tc.reason+" (Table)", terr, tc.field, tc.says)
	}
	// Bad Params are reported before the sweep.
	q := base(prim.AllReduce, sched.Ring, 0)
	_, err := cost.Table(q, cost.DTypes()[0], cost.Sweep{MinBytes: -1})
	fieldErr(t, "Table with 0 ranks", err, "ranks", "from 1 to")
}

// TestTableRows: every row is Evaluate of its size — sizes rounded down to
// whole elements (to P elements for AllGather, ReduceScatter and AllToAll,
// as nccl-tests does), count = size / element size, nccl-tests' type, redop
// and root columns, time in µs, algbw = S/t in GB/s and busbw = algbw ×
// factor.
func TestTableRows(t *testing.T) {
	f32, err := cost.ParseDType("float")
	if err != nil {
		t.Fatal(err)
	}
	f64, err := cost.ParseDType("double")
	if err != nil {
		t.Fatal(err)
	}
	w := cost.Sweep{MinBytes: 8, MaxBytes: 1 << 20, StepFactor: 4}
	sizes, err := w.Sizes()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		c      prim.Collective
		a      sched.Algorithm
		dt     cost.DType
		root   int
		unit   int64
		redop  string
		reason string
	}{
		{prim.AllReduce, sched.Ring, f32, -1, 4, "sum", "AllReduce: whole floats, count = all of them"},
		{prim.AllGather, sched.Ring, f32, -1, 8 * 4, "none", "AllGather: P·4 bytes, every rank's part equal; count = one part"},
		{prim.ReduceScatter, sched.Ring, f64, -1, 8 * 8, "sum", "ReduceScatter: P·8 bytes; count = one part"},
		{prim.AllToAll, sched.Pairwise, f32, -1, 8 * 4, "none", "AllToAll: P·4 bytes; count = one part"},
		{prim.Broadcast, sched.Auto, f64, 3, 8, "none", "Broadcast: rooted, auto picks per size"},
		{prim.Reduce, sched.Tree, f32, 5, 4, "sum", "Reduce: rooted reduction"},
	}
	for _, tc := range cases {
		q := base(tc.c, tc.a, 8)
		q.Size = 3 // ignored by Table
		if tc.root >= 0 {
			q.Root = tc.root
		}
		rows, err := cost.Table(q, tc.dt, w)
		if err != nil {
			t.Fatalf("%s: %v", tc.reason, err)
		}
		if len(rows) != len(sizes) {
			t.Fatalf("%s: %d rows for %d sizes", tc.reason, len(rows), len(sizes))
		}
		for i, row := range rows {
			want := sizes[i] / tc.unit * tc.unit
			if row.SizeBytes != want || row.Count != want/tc.unit || row.Type != tc.dt.Name || row.Redop != tc.redop || row.Root != tc.root {
				t.Errorf("%s: row %d = %+v; want size %d, count %d, type %s, redop %s, root %d", tc.reason, i, row, want, want/tc.unit, tc.dt.Name, tc.redop, tc.root)
			}
			one := q
			one.Size, one.ElemSize = want, tc.dt.Size
			r, err := cost.Evaluate(one)
			if err != nil {
				t.Fatal(err)
			}
			if !closeRel(row.TimeUs, r.TimeS*1e6) || row.Algorithm != r.Algorithm {
				t.Errorf("%s: row %d: %g µs by %s; Evaluate says %g µs by %s", tc.reason, i, row.TimeUs, row.Algorithm, r.TimeS*1e6, r.Algorithm)
			}
			if row.TimeUs > 0 {
				if algbw := float64(row.SizeBytes) / (row.TimeUs * 1e-6) / 1e9; !closeRel(row.AlgBwGBs, algbw) {
					t.Errorf("%s: row %d: algbw %g GB/s, S/t = %g", tc.reason, i, row.AlgBwGBs, algbw)
				}
			}
			if busbw := row.AlgBwGBs * tc.c.BusBwFactor(8); !closeRel(row.BusBwGBs, busbw) {
				t.Errorf("%s: row %d: busbw %g GB/s, algbw × factor = %g", tc.reason, i, row.BusBwGBs, busbw)
			}
		}
	}
}

// TestTableLecture: the lecture's Experiment 3 setting as an nccl-tests row —
// ring AllReduce of 100 MiB floats over 8 ranks at 50 GB/s, α = 5 µs takes
// 3.74 ms (lecture 09, §7.3) and runs at busbw = 1.75 × algbw.
func TestTableLecture(t *testing.T) {
	rows, err := cost.Table(base(prim.AllReduce, sched.Ring, 8), cost.DTypes()[0],
		cost.Sweep{MinBytes: 100 << 20, MaxBytes: 100 << 20, StepFactor: 2})
	if err != nil || len(rows) != 1 {
		t.Fatalf("%v, %d rows", err, len(rows))
	}
	r := rows[0]
	if r.SizeBytes != 104857600 || r.Count != 26214400 || r.Type != "float" || r.Redop != "sum" || r.Root != -1 {
		t.Errorf("row %+v", r)
	}
	if got := math.Round(r.TimeUs/10) / 100; got != 3.74 {
		t.Errorf("time %g µs, the lecture prints 3.74 ms", r.TimeUs)
	}
	if !closeRel(r.BusBwGBs, 1.75*r.AlgBwGBs) {
		t.Errorf("busbw %g, algbw %g; want the factor 2·7/8 = 1.75", r.BusBwGBs, r.AlgBwGBs)
	}
}

// TestTableColumnsMatchRealLogs lays cost.Table's size, count, type, redop
// and root columns beside published nccl-tests output (core/nccltests'
// testdata, sources in its README): an AllReduce run on 16 H100s (count =
// every element) and an AllGather run on 16 MI250Xs (count = one rank's
// part: 64 B is one float each).
func TestTableColumnsMatchRealLogs(t *testing.T) {
	logs := []struct {
		file string
		c    prim.Collective
	}{
		{"all_reduce_perf_16x_h100.txt", prim.AllReduce},
		{"all_gather_perf_16x_mi250x_error.txt", prim.AllGather},
	}
	for _, l := range logs {
		data, err := os.ReadFile(filepath.Join("..", "nccltests", "testdata", l.file))
		if err != nil {
			t.Fatal(err)
		}
		log, err := nccltests.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", l.file, err)
		}
		tab := log.Tables[0]
		first, last := tab.Rows[0], tab.Rows[len(tab.Rows)-1]
		dt, err := cost.ParseDType(first.Type)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := cost.Table(base(l.c, sched.Ring, tab.Ranks), dt,
			cost.Sweep{MinBytes: first.SizeBytes, MaxBytes: last.SizeBytes, StepFactor: 2})
		if err != nil {
			t.Fatalf("%s: %v", l.file, err)
		}
		if len(rows) != len(tab.Rows) {
			t.Fatalf("%s: %d rows predicted, the log has %d", l.file, len(rows), len(tab.Rows))
		}
		for i, got := range rows {
			want := tab.Rows[i]
			redop := want.Redop
			if redop == "" { // older layout: no redop column
				redop = got.Redop
			}
			if got.SizeBytes != want.SizeBytes || got.Count != want.Count || got.Type != want.Type || got.Redop != redop || got.Root != want.Root {
				t.Errorf("%s row %d: ccplay prints size %d count %d %s %s root %d; nccl-tests printed size %d count %d %s %s root %d",
					l.file, i, got.SizeBytes, got.Count, got.Type, got.Redop, got.Root, want.SizeBytes, want.Count, want.Type, want.Redop, want.Root)
			}
		}
	}
}

// Every row's size follows the one size-step rule (RoundSize) and its
// count is SizeBytes / SizeStep: one rank's part for Scatter and Gather as
// for AllGather, ReduceScatter and AllToAll (nccl-tests' scatter.cu and
// gather.cu: paramcount = count / nranks), the whole vector otherwise.
func TestTableRoundsWithSizeStep(t *testing.T) {
	w := cost.Sweep{MinBytes: 4, MaxBytes: 1 << 20, StepFactor: 4}
	dt, err := cost.ParseDType("float")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range prim.Collectives() {
		p := cost.Params{Collective: c, Algorithm: sched.Auto, Ranks: 6, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
		rows, err := cost.Table(p, dt, w)
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		sizes, _ := w.Sizes()
		step := cost.SizeStep(c, 6, 4)
		for i, r := range rows {
			if r.SizeBytes != cost.RoundSize(c, 6, 4, sizes[i]) || r.Count != r.SizeBytes/step {
				t.Errorf("%s: row %d is %d B, count %d; want %d B, count %d", c, i, r.SizeBytes, r.Count,
					cost.RoundSize(c, 6, 4, sizes[i]), cost.RoundSize(c, 6, 4, sizes[i])/step)
			}
		}
		if perRank := c == prim.Scatter || c == prim.Gather || c == prim.AllGather || c == prim.ReduceScatter || c == prim.AllToAll; perRank != (step == 24) {
			t.Errorf("%s: size step %d B on 6 ranks of 4-byte elements", c, step)
		}
	}
}
