package plan

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// checkLanes: spans of a lane never overlap; Serial and Exposed follow.
func checkLanes(t *testing.T, tl Timeline) {
	t.Helper()
	end := map[int]float64{}
	var comm, cpu float64
	for _, s := range tl.Spans {
		if s.End < s.Start || s.Start < end[s.Lane]-1e-15 {
			t.Errorf("%s: span %+v overlaps its lane (free at %g)", tl.Name, s, end[s.Lane])
		}
		end[s.Lane] = s.End
		if s.Lane == LaneComm {
			comm += s.End - s.Start
		} else {
			cpu += s.End - s.Start
		}
	}
	if !near(cpu, tl.Compute, 1e-9) || !near(tl.Serial, tl.Compute+comm, 1e-12) || !near(tl.Exposed, tl.Finish-tl.Compute, 1e-12) {
		t.Errorf("%s: compute %g (spans %g), serial %g, exposed %g, finish %g", tl.Name, tl.Compute, cpu, tl.Serial, tl.Exposed, tl.Finish)
	}
	if tl.Finish > tl.Serial+1e-12 {
		t.Errorf("%s: overlap made it slower: %g > %g", tl.Name, tl.Finish, tl.Serial)
	}
}

// DDP: when every full bucket's AllReduce c is shorter than the backward
// time that produces the next bucket, each is done before the next is
// ready; the last full bucket is ready when only the tail's share of
// backward (bwd·tail/Ψ) is left, and the tail, ready when backward ends,
// starts after it: exposed = max(0, c − bwd·tail/Ψ) + c_tail. With one
// bucket, all of it is exposed.
func TestDDPTimeline(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "7b", "dp": "8", "global-batch": "64", "micro-batch": "8", "gpus-per-node": "1", "nodes": "8"})
	tl, err := DDPTimeline(r)
	if err != nil {
		t.Fatal(err)
	}
	checkLanes(t, tl)
	rows := rowsOf(r, StratDP, "allreduce")
	last := rows[len(rows)-1]
	perBucket := 2 * r.ComputeS / 3 * float64(25<<20) / float64(r.Total(StratDP).Bytes)
	if rows[0].TimePerCall >= perBucket {
		t.Fatalf("setup: bucket AllReduce %g s not shorter than its backward share %g s", rows[0].TimePerCall, perBucket)
	}
	bwd := 2 * r.ComputeS / 3
	want := max(0, rows[0].TimePerCall-bwd*float64(last.Bytes)/float64(r.Total(StratDP).Bytes)) + last.TimePerCall
	if !near(tl.Exposed, want, 1e-9) {
		t.Errorf("exposed %g s, want %g s", tl.Exposed, want)
	}
	// Accumulation: 4 micro-batches, only the last one's backward overlaps.
	acc := mustPlan(t, map[string]string{"model": "7b", "dp": "8", "micro-batches": "4", "bucket": "1TiB"})
	tla, _ := DDPTimeline(acc)
	checkLanes(t, tla)
	if c := rowsOf(acc, StratDP, "allreduce")[0]; len(tla.Spans) != 4 || !near(tla.Exposed, c.TimePerCall, 1e-12) || tla.Spans[0].End != acc.ComputeS*3/4 {
		t.Errorf("4 micro-batches: spans %+v, exposed %g, want 3/4 of compute first and the whole AllReduce exposed", tla.Spans, tla.Exposed)
	}
	one := mustPlan(t, map[string]string{"model": "7b", "dp": "8", "bucket": "1TiB"})
	tl1, _ := DDPTimeline(one)
	if len(tl1.Spans) != 3 || !near(tl1.Exposed, rowsOf(one, StratDP, "allreduce")[0].TimePerCall, 1e-12) {
		t.Errorf("one bucket: exposed %g s, want its whole AllReduce", tl1.Exposed)
	}
	if _, err := DDPTimeline(mustPlan(t, map[string]string{"model": "7b", "dp": "8", "zero": "3"})); err == nil {
		t.Error("DDP timeline of a ZeRO-3 plan: no error")
	}
}

// ZeRO-3: without prefetch nothing overlaps (finish = serial); with
// prefetch on a network fast enough (gather ≤ a layer's forward, gather +
// reduce-scatter ≤ its backward) only the first gather and the last
// reduce-scatter stay exposed.
func TestZeroTimeline(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "7b", "dp": "8", "zero": "3", "micro-batch": "4", "algorithm": "ring"})
	no, err := ZeroTimeline(r, false)
	if err != nil {
		t.Fatal(err)
	}
	checkLanes(t, no)
	if !near(no.Finish, no.Serial, 1e-12) {
		t.Errorf("no prefetch: finish %g, want serial %g", no.Finish, no.Serial)
	}
	var ag, rs Row
	for _, x := range r.Rows {
		if x.Calls == 32 && x.Collective == prim.AllGather {
			ag = x
		}
		if x.Calls == 32 && x.Collective == prim.ReduceScatter {
			rs = x
		}
	}
	tf, tb := r.ComputeS/3/32, 2*r.ComputeS/3/32 // one micro-batch: the step's compute
	if !(ag.TimePerCall <= tf && ag.TimePerCall+rs.TimePerCall <= tb) {
		t.Fatalf("setup: gather %g, rs %g vs layer forward %g, backward %g", ag.TimePerCall, rs.TimePerCall, tf, tb)
	}
	// Without prefetch: 2 gathers and 1 reduce-scatter per layer, all exposed.
	if want := 32 * (2*ag.TimePerCall + rs.TimePerCall); !near(no.Exposed, want, 1e-9) {
		t.Errorf("no prefetch: exposed %g, want 32·(2·gather + rs) = %g", no.Exposed, want)
	}
	pf, _ := ZeroTimeline(r, true)
	checkLanes(t, pf)
	r2 := mustPlan(t, map[string]string{"model": "7b", "dp": "8", "zero": "3", "micro-batches": "2"})
	if t2, _ := ZeroTimeline(r2, true); !near(t2.Compute, r2.ComputeS/2, 1e-12) {
		t.Errorf("2 micro-batches: the timeline draws %g s of compute, want one micro-batch's %g", t2.Compute, r2.ComputeS/2)
	}
	if want := ag.TimePerCall + rs.TimePerCall; !near(pf.Exposed, want, 1e-9) {
		t.Errorf("prefetch: exposed %g, want first gather + last reduce-scatter = %g", pf.Exposed, want)
	}
}

// MoE: one chunk exposes both AllToAlls; k chunks on a fast network expose
// one chunk's dispatch and one chunk's combine, each priced here
// independently on the same links with S/k bytes.
func TestMoETimeline(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "mixtral-8x7b", "dp": "8", "ep": "8", "micro-batch": "4", "gpus-per-node": "8", "algorithm": "pairwise"})
	a2a := rowsOf(r, StratEP, "alltoall")[0]
	one, err := MoETimeline(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	checkLanes(t, one)
	if !near(one.Exposed, 2*a2a.TimePerCall, 1e-12) {
		t.Errorf("1 chunk: exposed %g, want 2 AllToAll = %g", one.Exposed, 2*a2a.TimePerCall)
	}
	const k = 4
	p := cost.Params{Collective: prim.AllToAll, Algorithm: sched.Pairwise, Ranks: 8, Size: a2a.Bytes / k, ElemSize: 2,
		Bandwidth: 450e9, Latency: 1e-6, Efficiency: 1}
	terms, _, err := cost.Quick(p)
	if err != nil {
		t.Fatal(err)
	}
	four, _ := MoETimeline(r, k)
	checkLanes(t, four)
	if gemm := four.Compute / k; terms.Time() > gemm {
		t.Fatalf("setup: chunk AllToAll %g s longer than a chunk's GEMM %g s", terms.Time(), gemm)
	}
	if !near(four.Exposed, 2*terms.Time(), 1e-9) {
		t.Errorf("%d chunks: exposed %g, want one dispatch + one combine of S/%d = %g", k, four.Exposed, k, 2*terms.Time())
	}
	if _, err := MoETimeline(r, 0); err == nil {
		t.Error("0 chunks accepted")
	}
	var names []string
	for _, tl := range Timelines(r, 4) {
		names = append(names, tl.Name)
	}
	if fmt.Sprint(names) != "[ddp moe moe]" {
		t.Errorf("timelines %v for a MoE plan with ZeRO-0 (dense gradients AllReduced), want ddp and the MoE layer in 1 and 4 chunks", names)
	}
}
