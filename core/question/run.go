package question

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// Run is the body of `ccplay run` and POST /api/v1/run: one collective on
// real per-rank buffers, with its own spec (the buffers' lengths, counts,
// sendcounts) and the algorithm named, or sched.DefaultFor's when none is.
// inputs[r] is rank r's send buffer (null where it is not significant); counts gives uneven per-rank blocks, sendcounts an
// uneven AllToAll; chunks sets the pipeline chunks of tree and ring
// Broadcast/Reduce; gpus_per_node places ranks in order on nodes of that
// many GPUs (the hierarchical algorithm's nodes, and the ledger's split
// into intra- and inter-node bytes; 0 = no nodes).
type Run struct {
	Collective  string              `json:"collective"`
	Algorithm   string              `json:"algorithm"`
	Op          string              `json:"op"`
	Root        int                 `json:"root"`
	DType       string              `json:"dtype"`
	Inputs      [][]json.RawMessage `json:"inputs"`
	Counts      []int               `json:"counts"`
	SendCounts  [][]int             `json:"sendcounts"`
	Chunks      int                 `json:"chunks"`
	GPUsPerNode int                 `json:"gpus_per_node"`
}

// RunResult is the answer: every rank's receive buffer (null where MPI
// leaves it undefined), the byte ledger and the number of rounds.
type RunResult struct {
	Outputs []any       `json:"outputs"`
	Ledger  *sim.Ledger `json:"ledger"`
	Rounds  int         `json:"rounds"`
}

// MaxRunElements caps the elements of one run (all inputs together).
const MaxRunElements = 1 << 24

// DecodeRun reads one JSON object strictly: unknown fields, trailing data
// and wrong types are errors naming the field.
func DecodeRun(data []byte) (Run, error) {
	var r Run
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return r, fielderr.New("body", "question.run.body.more")
	}
	return r, nil
}

// jsonKind says in JSON's words what a field of Run holds (its Go type,
// as encoding/json names it, is no help to the caller).
func jsonKind(goType string) msg.Message {
	switch goType {
	case "[][]json.RawMessage":
		return msg.New("question.run.kind.buffers")
	case "[]json.RawMessage":
		return msg.New("question.run.kind.numbers")
	case "[][]int":
		return msg.New("question.run.kind.int_matrix")
	case "[]int":
		return msg.New("question.run.kind.ints")
	case "int":
		return msg.New("question.run.kind.int")
	case "string":
		return msg.New("question.run.kind.string")
	}
	return msg.New("question.run.kind.other")
}

func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" { // the body itself is not an object
			return fielderr.New("body", "question.run.body.type", te.Value)
		}
		return fielderr.New(te.Field, "question.run.json.type", jsonKind(te.Type.String()), te.Value)
	}
	if q, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		accepted := msg.New("question.run.fields")
		if name, uerr := strconv.Unquote(q); uerr == nil && name != "" {
			return fielderr.New(name, "question.run.field.unknown", accepted)
		}
		return fielderr.New("body", "question.run.body.unknown", q, accepted)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fielderr.New("body", "question.run.json.syntax", se.Offset, err)
	}
	return fielderr.New("body", "question.run.json.invalid", err)
}

// Do runs r: builds the schedule, executes it on the inputs, verifies the
// result against the reference semantics (an internal error if they differ,
// which the property tests rule out) and returns outputs and ledger.
func Do(r Run) (RunResult, error) { return do(context.Background(), r, false) }

// DoWithin is Do within the budgets of package budget (checked from the
// estimate of the schedule and its buffers, before anything is built:
// runWork), stopping between rounds with ctx.Err() once ctx ends. The HTTP
// API answers with it.
func DoWithin(ctx context.Context, r Run) (RunResult, error) { return do(ctx, r, true) }

func do(ctx context.Context, r Run, bounded bool) (RunResult, error) {
	c, err := prim.ParseCollective(r.Collective)
	if err != nil {
		return RunResult{}, fielderr.On("collective", err)
	}
	alg := sched.DefaultFor(c)
	if r.Algorithm != "" {
		if alg, err = sched.ParseAlgorithm(r.Algorithm); err != nil {
			return RunResult{}, fielderr.On("algorithm", err)
		}
	}
	if alg == sched.Auto {
		return RunResult{}, fielderr.New("algorithm", "question.run.algorithm.auto", sched.Applicable(c))
	}
	op, err := prim.ParseOp(r.Op)
	if err != nil {
		return RunResult{}, fielderr.On("op", err)
	}
	if len(r.Inputs) == 0 {
		return RunResult{}, fielderr.New("inputs", "question.run.inputs.none")
	}
	sp := prim.Spec{Collective: c, Ranks: len(r.Inputs), Root: r.Root, Op: op, Counts: r.Counts, SendCounts: r.SendCounts}
	sp.Count = inferCount(sp, r.Inputs)
	if err := sp.Validate(); err != nil {
		return RunResult{}, err
	}
	total := 0
	for _, in := range r.Inputs {
		total += len(in)
	}
	if total > MaxRunElements {
		return RunResult{}, fielderr.New("inputs", "question.run.inputs.max", MaxRunElements, total)
	}
	if r.GPUsPerNode < 0 || r.GPUsPerNode > 0 && sp.Ranks%r.GPUsPerNode != 0 {
		return RunResult{}, fielderr.New("gpus_per_node", "question.run.gpus_per_node", sp.Ranks, r.GPUsPerNode)
	}
	if r.DType != "" && r.DType != "int64" && r.DType != "float64" {
		return RunResult{}, fielderr.New("dtype", "question.run.dtype", r.DType)
	}
	o := sched.Options{Chunks: r.Chunks, GPUsPerNode: r.GPUsPerNode}
	if bounded {
		if err := checkRunBudget(sp, alg, o); err != nil {
			return RunResult{}, err
		}
	}
	s, err := sched.Build(sp, alg, o)
	if err != nil {
		return RunResult{}, err
	}
	if r.DType == "float64" {
		return execute[float64](ctx, s, r.Inputs, parseFloat, r.GPUsPerNode)
	}
	return execute[int64](ctx, s, r.Inputs, parseInt, r.GPUsPerNode)
}

// inferCount derives Spec.Count from the buffers: the vector length, or the
// per-rank block for the blocked collectives and AllToAll.
func inferCount(sp prim.Spec, in [][]json.RawMessage) int {
	p := sp.Ranks
	switch sp.Collective {
	case prim.Broadcast, prim.Scatter:
		if sp.Root < 0 || sp.Root >= p {
			return 0
		}
		if sp.Collective == prim.Broadcast {
			return len(in[sp.Root])
		}
		return len(in[sp.Root]) / p
	case prim.ReduceScatter, prim.AllToAll:
		return len(in[0]) / p
	}
	return len(in[0])
}

func parseInt(m json.RawMessage) (int64, error) {
	var v int64
	if err := json.Unmarshal(m, &v); err != nil {
		return 0, msg.Errorf("question.run.value.int")
	}
	return v, nil
}

func parseFloat(m json.RawMessage) (float64, error) {
	var v float64
	if err := json.Unmarshal(m, &v); err != nil || math.IsInf(v, 0) {
		return 0, msg.Errorf("question.run.value.float")
	}
	return v, nil
}

func execute[T prim.Elem](ctx context.Context, s *sched.Schedule, raw [][]json.RawMessage, parse func(json.RawMessage) (T, error), gpusPerNode int) (RunResult, error) {
	in := make([][]T, len(raw))
	for r, buf := range raw {
		if buf == nil {
			continue
		}
		in[r] = make([]T, len(buf))
		for i, m := range buf {
			v, err := parse(m)
			if err != nil {
				return RunResult{}, fielderr.New("inputs", "question.run.inputs.value", r, i, err, m)
			}
			in[r][i] = v
		}
	}
	x, err := sim.NewRun(s, in)
	if err != nil {
		return RunResult{}, err
	}
	for !x.Done() {
		if err := ctx.Err(); err != nil {
			return RunResult{}, err
		}
		x.Step()
	}
	out := x.Outputs()
	res := RunResult{Outputs: make([]any, len(out)), Rounds: len(s.Rounds)}
	for r, o := range out {
		if o != nil {
			res.Outputs[r] = o
		}
	}
	res.Ledger = sim.LedgerFor(s, 8, gpusPerNode)
	if err := verify(s.Spec, in, out); err != nil {
		return RunResult{}, err
	}
	return res, nil
}

// verify compares out with the reference semantics: exactly for int64
// (wrapping arithmetic is order-independent) and for max/min; for float64
// sum within 1e-12·P·Σ|x| per element and prod within 1e-12·P relative,
// since the schedule may reduce in another order than rank order.
func verify[T prim.Elem](sp prim.Spec, in, out [][]T) error {
	want, err := prim.Reference(sp, in)
	if err != nil {
		return err
	}
	var scale [][]T
	if sp.Op == prim.Sum {
		abs := make([][]T, len(in))
		for r, b := range in {
			if b != nil {
				abs[r] = make([]T, len(b))
				for i, v := range b {
					abs[r][i] = max(v, -v)
				}
			}
		}
		if scale, err = prim.Reference(sp, abs); err != nil {
			return err
		}
	}
	tol := 1e-12 * float64(sp.Ranks)
	for r := range want {
		if (want[r] == nil) != (out[r] == nil) || len(want[r]) != len(out[r]) {
			return fmt.Errorf("internal error: rank %d's output has the wrong shape", r)
		}
		for i := range want[r] {
			a, b := float64(want[r][i]), float64(out[r][i])
			if math.IsInf(b, 0) || math.IsNaN(b) {
				return fielderr.New("inputs", "question.run.outputs.overflow", r, i, b)
			}
			if a == b {
				continue
			}
			var ok bool
			switch {
			case sp.Op == prim.Sum && scale != nil:
				ok = math.Abs(a-b) <= tol*float64(scale[r][i])
			case sp.Op == prim.Prod:
				ok = math.Abs(a-b) <= tol*math.Max(math.Abs(a), math.Abs(b)) || math.IsInf(a, 0)
			}
			if !ok {
				return fmt.Errorf("internal error: rank %d element %d is %v, the definition says %v", r, i, out[r][i], want[r][i])
			}
		}
	}
	return nil
}
