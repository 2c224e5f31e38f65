package plan

import (
	"math"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
)

// GroupInfo describes one communicator family on the rank grid.
type GroupInfo struct {
	Name    string      `json:"name"` // tp, pp, dp, ep, edp
	Size    int         `json:"size"`
	Stride  int         `json:"stride"`
	Example []int       `json:"example"` // the ranks of the group that holds rank 0 (at most 16)
	Shapes  []Placement `json:"shapes"`
}

// Total sums the rows of one strategy.
type Total struct {
	Strategy  string  `json:"strategy"`
	Bytes     int64   `json:"bytes_per_step"`      // Σ calls · bytes per call
	SentBytes int64   `json:"sent_per_step_bytes"` // Σ calls · bytes the busiest rank sends
	TimeS     float64 `json:"time_per_step_s"`
}

// Result is a plan: every collective of one training step priced, the
// totals per strategy, memory per GPU and compute time.
type Result struct {
	Input        Input       `json:"input"`
	Zero         string      `json:"zero"`
	Params       int64       `json:"params"`
	ActiveParams int64       `json:"active_params"`
	World        int         `json:"gpus"`
	MicroBatches int64       `json:"micro_batches"`
	Stage        Stage       `json:"stage"` // the stage the rows and memory describe
	DenseOnGPU   int64       `json:"dense_params_per_gpu"`
	ExpertsOnGPU int64       `json:"expert_params_per_gpu"`
	Groups       []GroupInfo `json:"groups"`
	Rows         []Row       `json:"collectives"`
	Totals       []Total     `json:"totals"`
	Memory       Memory      `json:"memory"`
	FLOPs        float64     `json:"flops_per_step"` // 6 · active params · tokens, all GPUs
	ComputeS     float64     `json:"compute_s"`      // per GPU at peak · MFU
	BubbleS      float64     `json:"bubble_s"`       // (PP − 1)/m · compute (1F1B)
	CommS        float64     `json:"comm_s"`         // Σ rows, nothing overlapped
	StepS        float64     `json:"step_s"`         // compute + bubble + comm
	CommShare    float64     `json:"comm_share"`     // comm / step
	// Fabric, present on a switched fabric (Cluster.Fabric), is the rows
	// it changed and by how much.
	Fabric *FabricEffect `json:"fabric,omitempty"`
}

// maxStepBytes keeps every row's byte totals exact in int64.
const maxStepBytes = 1 << 60

// Plan derives and prices one training step. It validates in first and
// returns a *fielderr.Error naming the bad field. O(World + layers +
// rows · shapes · cost.Quick); about a millisecond for 405B on 16,384 GPUs.
// On a switched fabric each distinct DP, ZeRO and EP call of a group that
// spans nodes is also simulated (cost.FabricTime), after the plan's
// simulations together are checked against cost.FabricTransfers and
// cost.FabricPathLinks (FabricSize): Start advanced to its end.
func Plan(in Input) (Result, error) {
	run, err := Start(in)
	if err != nil {
		return Result{}, err
	}
	if _, err := run.Advance(math.MaxInt64); err != nil {
		return Result{}, err
	}
	return run.Result(), nil
}

// price prices the calls of the plan r laid out (layout) with pr, whose
// simulations on the fabric are done, and completes r.
func price(in Input, r Result, calls []Call, shapes map[string][]Placement, pr *pricer) (Result, error) {
	p := in.Parallel
	var ideal []float64
	idealComm := 0.0
	for _, c := range calls {
		if float64(c.Calls)*float64(c.Bytes) > maxStepBytes || c.Bytes > cost.MaxSize(c.GroupSize) {
			return Result{}, fielderr.New(fieldOf(c), "plan.call.bytes",
				c.Strategy, c.Collective, c.Bytes, c.Calls)
		}
		row, id, err := pr.price(c, shapes[c.Group])
		if err != nil {
			return Result{}, err
		}
		r.Rows = append(r.Rows, row)
		r.CommS += row.TimeS
		r.addTotal(row)
		ideal = append(ideal, id)
		idealComm += float64(c.Calls) * id
	}
	r.Memory = memory(in, r.Stage, r.MicroBatches)

	tokens := float64(in.Shape.GlobalBatch) * float64(in.Shape.Seq)
	r.FLOPs = 6 * float64(r.ActiveParams) * tokens
	r.ComputeS = r.FLOPs / float64(r.World) / (in.Compute.PeakFLOPS * in.Compute.MFU)
	r.BubbleS = float64(p.PP-1) / float64(r.MicroBatches) * r.ComputeS
	r.StepS = r.ComputeS + r.BubbleS + r.CommS
	if r.StepS > 0 && !math.IsInf(r.StepS, 0) {
		r.CommShare = r.CommS / r.StepS
	}
	if in.Cluster.Fabric.Active() {
		r.Fabric = effect(r, in.Cluster.Fabric, ideal, idealComm)
	}
	if err := r.checkFinite(); err != nil {
		return Result{}, err
	}
	return r, nil
}

// layout is the part of a plan before pricing, for a valid in: the result
// with its groups on the rank grid, the calls of one step on the busiest
// stage, and the distinct placements of each group family.
func layout(in Input) (Result, []Call, map[string][]Placement) {
	p := in.Parallel
	m := int64(in.Shape.GlobalBatch / (in.Shape.MicroBatch * p.DP))
	st := busiestStage(in.Model, p)
	r := Result{Input: in, Zero: p.Zero.Label(), Params: in.Model.Params(), ActiveParams: in.Model.ActiveParams(),
		World: p.World(), MicroBatches: m, Stage: st}
	r.DenseOnGPU, r.ExpertsOnGPU = st.perGPU(p)

	g := newGrid(p, in.Cluster.GPUsPerNode)
	tp, pp, dp, ep, edp := g.groups(p)
	shapes := map[string][]Placement{}
	for _, gr := range []Group{tp, pp, dp, ep, edp} {
		if gr.Size < 2 || (gr.Name == "ep" || gr.Name == "edp") && !in.Model.MoE() {
			continue
		}
		var sh []Placement
		if gr.Name == "pp" {
			sh = g.boundaryShapes(gr)
		} else {
			sh = g.Shapes(gr)
		}
		shapes[gr.Name] = sh
		ex := g.Members(0, gr)
		if len(ex) > 16 {
			ex = ex[:16]
		}
		r.Groups = append(r.Groups, GroupInfo{Name: gr.Name, Size: gr.Size, Stride: gr.Stride, Example: ex, Shapes: sh})
	}
	return r, derive(in, st, m), shapes
}

// fieldOf names the input that sets a call's size.
func fieldOf(c Call) string {
	switch c.Strategy {
	case StratDP, StratZero:
		return "model"
	}
	return "micro-batch"
}

// addTotal adds row to its strategy's total, creating it in order.
func (r *Result) addTotal(row Row) {
	for i := range r.Totals {
		if r.Totals[i].Strategy == row.Strategy {
			r.Totals[i].Bytes += row.BytesTotal
			r.Totals[i].SentBytes += row.SentBytes
			r.Totals[i].TimeS += row.TimeS
			return
		}
	}
	r.Totals = append(r.Totals, Total{Strategy: row.Strategy, Bytes: row.BytesTotal, SentBytes: row.SentBytes, TimeS: row.TimeS})
}

// Total returns the total of a strategy (zero if it has no rows).
func (r Result) Total(strategy string) Total {
	for _, t := range r.Totals {
		if t.Strategy == strategy {
			return t
		}
	}
	return Total{Strategy: strategy}
}
