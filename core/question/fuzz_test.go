package question_test

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// runSeeds are `ccplay run` bodies, valid and invalid, covering every
// collective, both dtypes, the uneven variants and the usual mistakes.
var runSeeds = []string{
	`{"collective":"allreduce","algorithm":"ring","inputs":[[1,2],[3,4],[5,6]]}`,
	`{"collective":"allreduce","algorithm":"tree","op":"max","dtype":"float64","inputs":[[1.5,-2],[3,4e10],[5,6],[0,-0]]}`,
	`{"collective":"allreduce","algorithm":"binomial","op":"prod","inputs":[[2,3],[4,5],[6,7]]}`,
	`{"collective":"allreduce","algorithm":"naive","op":"min","inputs":[[9],[3],[7],[1],[5]]}`,
	`{"collective":"broadcast","algorithm":"tree","root":1,"chunks":2,"inputs":[null,[7,8,9],null]}`,
	`{"collective":"broadcast","algorithm":"ring","inputs":[[1,2,3,4,5],null,null,null]}`,
	`{"collective":"reduce","algorithm":"ring","root":2,"op":"max","inputs":[[1,5],[4,2],[3,3]]}`,
	`{"collective":"scatter","algorithm":"binomial","root":0,"inputs":[[10,20,30,40],null,null,null]}`,
	`{"collective":"scatter","counts":[1,0,2],"inputs":[[1,2,3],null,null]}`,
	`{"collective":"gather","algorithm":"binomial","root":3,"inputs":[[1],[2],[3],[4]]}`,
	`{"collective":"gather","counts":[2,0,1],"inputs":[[1,2],[],[3]]}`,
	`{"collective":"allgather","algorithm":"ring","inputs":[[1],[2],[3]]}`,
	`{"collective":"allgather","counts":[1,2],"inputs":[[1],[2,3]]}`,
	`{"collective":"reducescatter","algorithm":"ring","inputs":[[1,2,3,4],[5,6,7,8]]}`,
	`{"collective":"reducescatter","counts":[3,0],"dtype":"float64","inputs":[[1,2,3],[4,5,6]]}`,
	`{"collective":"alltoall","algorithm":"pairwise","inputs":[[1,2,3],[4,5,6],[7,8,9]]}`,
	`{"collective":"alltoall","sendcounts":[[0,2],[1,0]],"inputs":[[1,2],[3]]}`,
	`{"collective":"sendrecv","inputs":[[1],[2]]}`,
	`{"collective":"allreduce","inputs":[null,null]}`,
	// float64 sums whose value depends on the order of the reduction.
	`{"collective":"allreduce","algorithm":"ring","dtype":"float64","inputs":[[1e16],[1],[1],[-1e16]]}`,
	`{"collective":"allreduce","algorithm":"ring","dtype":"float64","inputs":[[1e308],[1e308],[-1e308]]}`,
	`{"collective":"reduce","algorithm":"tree","op":"prod","dtype":"float64","inputs":[[1e200],[1e200],[1e-200]]}`,
	// Invalid bodies.
	``,
	`null`,
	`[1,2]`,
	`{}`,
	`{"foo":1}`,
	`{"":1}`,
	`{"collective":"allreduce","inputs":[[1],[2,3]]}`,
	`{"collective":"allreduce","inputs":[[1.5],[2]]}`,
	`{"collective":"allreduce","inputs":[[1e400],[2]],"dtype":"float64"}`,
	`{"collective":"allreduce","inputs":[[99999999999999999999],[2]]}`,
	`{"collective":"allreduce","algorithm":"auto","inputs":[[1],[2]]}`,
	`{"collective":"allreduce","algorithm":"pairwise","inputs":[[1],[2]]}`,
	`{"collective":"allreduce","op":"avg","inputs":[[1],[2]]}`,
	`{"collective":"reduce","root":-1,"inputs":[[1],[2]]}`,
	`{"collective":"broadcast","inputs":[[1],[2]]}`,
	`{"collective":"alltoall","sendcounts":[[1]],"inputs":[[1],[2]]}`,
	`{"collective":"scatter","counts":[1,-1],"inputs":[[1],null]}`,
	`{"collective":"allreduce","dtype":"int32","inputs":[[1],[2]]}`,
	`{"collective":"allreduce","inputs":[[1],[2]]} {}`,
	`{"collective":"allreduce","inputs":"x"}`,
}

// FuzzDecodeRunAndDo: DecodeRun and Do never panic; every refusal is a
// *fielderr.Error naming a field; whatever Do returns equals the
// collective's definition (prim.Reference), derived here independently.
//
// One refusal is not a FieldError: Do compares a float64 result with the
// rank-order reference within 1e-9 relative, which fails when reordering a
// sum cancels differently (1e16 + 1 + 1 − 1e16) or overflows; it then
// returns "internal error". The fuzz target accepts that only after
// executing the schedule itself and confirming that the difference is
// within what reordering a floating-point reduction can cause.
func FuzzDecodeRunAndDo(f *testing.F) {
	for _, s := range runSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := question.DecodeRun(body)
		if err != nil {
			requireFieldError(t, err)
			return
		}
		res, err := question.Do(r)
		if err != nil {
			if r.DType == "float64" && strings.HasPrefix(err.Error(), "internal error") {
				checkReorderOnly(t, r)
				return
			}
			requireFieldError(t, err)
			return
		}
		sp, in, want := reference(t, r)
		if len(res.Outputs) != sp.Ranks || res.Ledger == nil {
			t.Fatalf("%d outputs for %d ranks (ledger %v)", len(res.Outputs), sp.Ranks, res.Ledger != nil)
		}
		tol := newTolerance(sp, in)
		tol.exact = tol.exact || r.DType != "float64" // int64 arithmetic is exact in any order
		for rank, w := range want {
			got := res.Outputs[rank]
			if (w == nil) != (got == nil) {
				t.Fatalf("rank %d: output defined = %v, the definition says %v", rank, got != nil, w != nil)
			}
			if w == nil {
				continue
			}
			g := floats(t, got)
			if len(g) != len(w) {
				t.Fatalf("rank %d: %d elements, want %d", rank, len(g), len(w))
			}
			for i := range w {
				if !tol.ok(g[i], w[i]) {
					t.Fatalf("rank %d element %d = %v, the definition says %v", rank, i, g[i], w[i])
				}
			}
		}
	})
}

// requireFieldError fails unless err is a *fielderr.Error with a field and
// a message.
func requireFieldError(t *testing.T, err error) {
	t.Helper()
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field == "" || fe.Msg == "" {
		t.Fatalf("error %q (%T) does not name a field", err, err)
	}
}

// reference derives the Spec of r from the definition: the count is the one
// for which the buffers have the lengths the collective requires (found by
// trying every length the buffers suggest, not by Do's own inference), and
// returns the inputs as float64 and the reference outputs (nil where
// undefined).
func reference(t *testing.T, r question.Run) (prim.Spec, [][]float64, [][]float64) {
	t.Helper()
	c, err := prim.ParseCollective(r.Collective)
	if err != nil {
		t.Fatalf("Do accepted collective %q: %v", r.Collective, err)
	}
	op, err := prim.ParseOp(r.Op)
	if err != nil {
		t.Fatalf("Do accepted op %q: %v", r.Op, err)
	}
	sp := prim.Spec{Collective: c, Ranks: len(r.Inputs), Root: r.Root, Op: op, Counts: r.Counts, SendCounts: r.SendCounts}
	candidates := []int{0}
	for _, buf := range r.Inputs {
		candidates = append(candidates, len(buf), len(buf)/sp.Ranks)
	}
	if r.DType == "float64" {
		in := decode[float64](t, r.Inputs)
		for _, n := range candidates {
			sp.Count = n
			if want, err := prim.Reference(sp, in); err == nil {
				return sp, in, want
			}
		}
	} else {
		in := decode[int64](t, r.Inputs)
		for _, n := range candidates {
			sp.Count = n
			if want, err := prim.Reference(sp, in); err == nil {
				return sp, toFloats(in), toFloats(want)
			}
		}
	}
	t.Fatalf("Do succeeded but no count makes the inputs valid for %s", c)
	return sp, nil, nil
}

func decode[T int64 | float64](t *testing.T, raw [][]json.RawMessage) [][]T {
	t.Helper()
	out := make([][]T, len(raw))
	for r, buf := range raw {
		if buf == nil {
			continue
		}
		out[r] = make([]T, len(buf))
		for i, m := range buf {
			if err := json.Unmarshal(m, &out[r][i]); err != nil {
				t.Fatalf("Do accepted inputs[%d][%d] = %s: %v", r, i, m, err)
			}
		}
	}
	return out
}

// toFloats converts int64 buffers for comparison; values beyond 2⁵³ may
// round, but identically on both sides, and the tolerance for int64 is 0.
func toFloats(in [][]int64) [][]float64 {
	out := make([][]float64, len(in))
	for r, buf := range in {
		if buf == nil {
			continue
		}
		out[r] = make([]float64, len(buf))
		for i, v := range buf {
			out[r][i] = float64(v)
		}
	}
	return out
}

func floats(t *testing.T, v any) []float64 {
	t.Helper()
	switch b := v.(type) {
	case []float64:
		return b
	case []int64:
		return toFloats([][]int64{b})[0]
	}
	t.Fatalf("output of type %T", v)
	return nil
}

// tolerance decides whether a result equals the reference. Copies, max and
// min are exact. A float64 sum reordered differs from the rank-order sum by
// at most about 2(P−1)·ε·Σ|x| (Higham, Accuracy and Stability of Numerical
// Algorithms, §4.2), and cannot overflow unless Σ|x| can; a product differs
// by at most about 2(P−1)·ε relative unless some partial product leaves
// the normal range, in which case any order may over- or underflow.
type tolerance struct {
	exact    bool
	op       prim.Op
	p        float64
	sumScale float64 // Σ_r max_i |x_r[i]|
	wild     bool    // a reordering may overflow or underflow
}

func newTolerance(sp prim.Spec, in [][]float64) tolerance {
	tol := tolerance{op: sp.Op, p: float64(sp.Ranks)}
	if !sp.Collective.Reduces() || sp.Op == prim.Max || sp.Op == prim.Min {
		tol.exact = true
		return tol
	}
	hi, lo := 0.0, 0.0 // log2 of the largest and smallest partial products
	for _, buf := range in {
		maxAbs, minAbs := 0.0, math.Inf(1)
		for _, x := range buf {
			maxAbs = math.Max(maxAbs, math.Abs(x))
			if x != 0 {
				minAbs = math.Min(minAbs, math.Abs(x))
			}
		}
		tol.sumScale += maxAbs
		if maxAbs > 1 {
			hi += math.Log2(maxAbs)
		}
		if minAbs < 1 {
			lo += math.Log2(minAbs)
		}
	}
	switch sp.Op {
	case prim.Sum:
		tol.wild = tol.sumScale > math.MaxFloat64/2
	case prim.Prod:
		tol.wild = hi > 1000 || lo < -1000
	}
	return tol
}

// ok reports whether got may be the result of the reduction whose
// rank-order value is want. For int64 (converted) the rule is exactness,
// since sums of integers are exact in any order (modulo 2⁶⁴).
func (tol tolerance) ok(got, want float64) bool {
	if got == want || (math.IsNaN(got) && math.IsNaN(want)) {
		return true
	}
	if tol.exact {
		return false
	}
	if tol.wild {
		return true
	}
	eps := 2 * tol.p * 0x1p-52
	switch tol.op {
	case prim.Sum:
		return math.Abs(got-want) <= eps*tol.sumScale
	case prim.Prod:
		return math.Abs(got-want) <= eps*math.Max(math.Abs(got), math.Abs(want))
	}
	return false
}

// checkReorderOnly confirms that Do's "internal error" for a float64 run is
// only the reduction order: it executes the schedule itself and compares
// the result with the reference within the reordering tolerance.
func checkReorderOnly(t *testing.T, r question.Run) {
	t.Helper()
	sp, in, want := reference(t, r)
	alg := sched.Naive
	if r.Algorithm != "" {
		a, err := sched.ParseAlgorithm(r.Algorithm)
		if err != nil {
			t.Fatalf("Do parsed algorithm %q: %v", r.Algorithm, err)
		}
		alg = a
	}
	s, err := sched.Build(sp, alg, sched.Options{Chunks: r.Chunks})
	if err != nil {
		t.Fatalf("Do built the schedule, this test cannot: %v", err)
	}
	out, err := sim.Execute(s, in)
	if err != nil {
		t.Fatalf("execute: %v", err)
	}
	tol := newTolerance(sp, in)
	if tol.exact {
		t.Fatalf("Do reported an internal error for an exact float64 %s %s", sp.Collective, sp.Op)
	}
	for rank := range want {
		for i := range want[rank] {
			if !tol.ok(out[rank][i], want[rank][i]) {
				t.Fatalf("rank %d element %d = %v, the definition says %v: more than reordering explains", rank, i, out[rank][i], want[rank][i])
			}
		}
	}
}

// FuzzCostParams: CostParams never panics; a refusal names one of the cost
// fields; an accepted question is answered by cost.Evaluate with finite,
// non-negative times. An empty string stands for a field not given.
func FuzzCostParams(f *testing.F) {
	f.Add("allreduce", "ring", "8", "100MiB", "50GB/s", "5us", "", "", "", "", "")
	f.Add("", "auto", "1048576", "1GB", "400Gbps", "2µs", "2e-12", "90%", "", "bf16", "")
	f.Add("broadcast", "tree", "2048", "8GiB", "25GiB/s", "0s", "0", "1", "2047", "double", "64")
	f.Add("alltoall", "pairwise", "3", "12", "1bps", "1s", "1", "0.5", "", "int8", "")
	f.Add("reduce", "ring", "5", "0", "1Tbps", "1ms", "", "", "4", "half", "3")
	f.Add("reducescatter", "naive", "7", "1KB", "100 Gb/s", "10 ns", "", "", "", "", "")
	f.Add("gather", "binomial", "1", "4", "1B/s", "1000000s", "1", "0.0001", "0", "float", "")
	f.Add("allreduce", "ring", "0", "100MiB", "50GB/s", "5us", "", "", "", "", "")
	f.Add("allreduce", "pairwise", "8", "-1", "0GB/s", "5", "-1", "2", "9", "float128", "-1")
	f.Add("scatter", "ring", "8", "9", "50GBps", "5 parsecs", "NaN", "Inf", "x", "", "1e3")
	f.Fuzz(func(t *testing.T, collective, algorithm, ranks, size, bandwidth, latency, gamma, efficiency, root, dtype, chunks string) {
		given := map[string]string{}
		for i, v := range []string{collective, algorithm, ranks, size, bandwidth, latency, gamma, efficiency, root, dtype, chunks} {
			if v != "" {
				given[question.CostFields[i]] = v
			}
		}
		p, err := question.CostParams(field.Map(given))
		if err != nil {
			all := fielderr.All(err)
			for _, fe := range all {
				if !isCostField(fe.Field) || fe.Msg == "" {
					t.Fatalf("error %q (%T) does not name a cost field", err, err)
				}
			}
			if len(all) == 0 {
				t.Fatalf("error %q names no field", err)
			}
			return
		}
		r, err := cost.Evaluate(p)
		if err != nil {
			t.Fatalf("CostParams accepted %+v but Evaluate refuses it: %v", p, err)
		}
		for name, v := range map[string]float64{
			"time_s": r.TimeS, "latency_term_s": r.LatencyTermS, "bandwidth_term_s": r.BandwidthTermS,
			"compute_term_s": r.ComputeTermS, "lower_bound_s": r.LowerBoundS, "schedule_time_s": r.ScheduleTimeS,
			"algbw_Bps": r.AlgBwBps, "busbw_Bps": r.BusBwBps,
		} {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				t.Fatalf("%s = %v for %+v", name, v, p)
			}
		}
		for _, a := range r.Alternatives {
			if math.IsNaN(a.TimeS) || math.IsInf(a.TimeS, 0) || a.TimeS < 0 {
				t.Fatalf("alternative %s takes %v for %+v", a.Algorithm, a.TimeS, p)
			}
		}
		if sum := r.LatencyTermS + r.BandwidthTermS + r.ComputeTermS; math.Abs(sum-r.TimeS) > 1e-12*r.TimeS {
			t.Fatalf("terms add up to %v, time is %v", sum, r.TimeS)
		}
	})
}

func isCostField(name string) bool {
	for _, f := range question.CostFields {
		if f == name {
			return true
		}
	}
	return false
}
