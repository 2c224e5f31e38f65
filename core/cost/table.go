package cost

import (
	"context"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Sweep is an nccl-tests size sweep: -b MinBytes -e MaxBytes with either a
// multiplicative -f StepFactor (> 1) or an additive -i StepBytes (> 0).
type Sweep struct {
	MinBytes, MaxBytes int64
	StepFactor         int64
	StepBytes          int64
}

// MaxRows caps a sweep's length.
const MaxRows = 4096

// Sizes lists the swept sizes (MinBytes, then ×StepFactor or +StepBytes, up
// to MaxBytes inclusive), validating the sweep.
func (w Sweep) Sizes() ([]int64, error) {
	switch {
	case w.MinBytes < 0:
		return nil, fielderr.New("minbytes", "cost.sweep.min", w.MinBytes)
	case w.MaxBytes < w.MinBytes:
		return nil, fielderr.New("maxbytes", "cost.sweep.max", w.MinBytes, w.MaxBytes)
	case w.StepBytes == 0 && w.StepFactor < 2:
		return nil, fielderr.New("stepfactor", "cost.sweep.factor", w.StepFactor)
	case w.StepBytes < 0:
		return nil, fielderr.New("stepbytes", "cost.sweep.step", w.StepBytes)
	case w.StepBytes == 0 && w.MinBytes == 0:
		return nil, fielderr.New("minbytes", "cost.sweep.zero")
	}
	var sizes []int64
	for s := w.MinBytes; s <= w.MaxBytes; {
		if len(sizes) == MaxRows {
			return nil, fielderr.New("maxbytes", "cost.sweep.rows", MaxRows)
		}
		sizes = append(sizes, s)
		next := s + w.StepBytes
		if w.StepBytes == 0 {
			next = s * w.StepFactor
		}
		if next <= s { // overflow
			break
		}
		s = next
	}
	return sizes, nil
}

// Row is one line of the expected nccl-tests table.
type Row struct {
	SizeBytes int64   `json:"size_bytes"`
	Count     int64   `json:"count"` // nccl-tests' "count" column: elements per rank's part (see Table)
	Type      string  `json:"type"`
	Redop     string  `json:"redop"`
	Root      int     `json:"root"` // −1 for collectives without a root, as nccl-tests prints
	TimeUs    float64 `json:"time_us"`
	AlgBwGBs  float64 `json:"algbw_GBps"`
	BusBwGBs  float64 `json:"busbw_GBps"`
	Algorithm string  `json:"algorithm"`
	// Protocol is the protocol of NCCL's choice (LL, LL128, Simple) with
	// CostModel "nccl", whose Algorithm is then "algorithm/protocol".
	Protocol string `json:"protocol,omitempty"`
	// TunerTimeUs is, with CostModel "nccl", NCCL's tuner estimate for its
	// choice; TimeUs (and the bandwidths) are then the predicted run time
	// (NCCLResult.Predicted), what nccl-tests should print.
	TunerTimeUs float64 `json:"tuner_time_us,omitempty"`
}

// Table predicts the rows nccl-tests would print for the sweep. Each size
// is rounded down with RoundSize, the one size-step rule: to a whole number
// of elements, and for Scatter, Gather, AllGather, ReduceScatter and
// AllToAll to a multiple of P elements, since every rank's part is equal.
// p.Size is ignored. SizeBytes is the whole buffer and Count the elements
// nccl-tests passes to the NCCL call, SizeBytes / SizeStep: all of them for
// AllReduce, Broadcast and Reduce, one rank's part for the other five —
// nccl-tests prints its "paramcount" (NVIDIA/nccl-tests src/all_gather.cu,
// reduce_scatter.cu, alltoall.cu, scatter.cu and gather.cu,
// GetCollByteCount: paramcount = count / nranks; common.cu prints
// args->nbytes / wordSize with nbytes = paramcount × wordSize), as its
// published all_gather logs show (64 B, count 1 on 16 ranks). Each row is
// the closed form (Quick); with CostModel "nccl" it is NCCL's model instead,
// its Algorithm the winning NCCL algorithm/protocol; on a switched fabric
// (Params.Fabric) it is the closed form's algorithm simulated there
// (FabricTime), the bandwidths following the simulated time. A table on a
// fabric is refused before its first row when its rows together may
// simulate more than FabricTransfers transfers (TableFabricSize), and with
// NCCL's model.
func Table(p Params, dt DType, w Sweep) ([]Row, error) {
	return table(p, dt, w, nil)
}

// TableContext is Table, stopping with ctx.Err() before any row once ctx
// ends: a table of many rows stops within a row of its client going away.
// ctx.Err() is read once per row.
func TableContext(ctx context.Context, p Params, dt DType, w Sweep) ([]Row, error) {
	return table(p, dt, w, ctx.Err)
}

// table is Table, calling stop (when not nil) before each row and
// returning its error, if any. (Table does not go through a
// context.Background: that would keep time's formatting and parsing in the
// playground's wasm, ≈ 25 KB gzipped.)
func table(p Params, dt DType, w Sweep, stop func() error) ([]Row, error) {
	p.ElemSize = dt.Size
	p.Size = 0
	if err := p.Validate(); err != nil {
		return nil, err
	}
	sizes, err := w.Sizes()
	if err != nil {
		return nil, err
	}
	if last := sizes[len(sizes)-1]; last > MaxSize(p.Ranks) {
		return nil, fielderr.New("maxbytes", "cost.sweep.size", last, p.Ranks, MaxSize(p.Ranks))
	}
	if err := checkTableFabric(p, dt, w); err != nil {
		return nil, err
	}
	unit := SizeStep(p.Collective, p.Ranks, dt.Size) // bytes per counted element
	redop, root := "none", -1
	if p.Collective.Reduces() {
		redop = "sum"
	}
	if p.Collective.Rooted() {
		root = p.Root
	}
	rows := make([]Row, 0, len(sizes))
	for _, s := range sizes {
		if stop != nil {
			if err := stop(); err != nil {
				return nil, err
			}
		}
		q := p
		q.Size = RoundSize(p.Collective, p.Ranks, dt.Size, s)
		row := Row{SizeBytes: q.Size, Count: q.Size / unit, Type: dt.Name, Redop: redop, Root: root}
		var t float64
		if p.CostModel == ModelNCCL {
			r, err := NCCL(q)
			if err != nil {
				return nil, err
			}
			t, row.Algorithm, row.Protocol = r.Predicted.TimeS, r.Winner, r.Protocol
			row.TunerTimeUs = r.TimeS * 1e6
		} else if p.Fabric.Active() {
			sim, _, a, err := FabricTime(q)
			if err != nil {
				return nil, err
			}
			t, row.Algorithm = sim, string(a)
		} else {
			terms, a, err := Quick(q)
			if err != nil {
				return nil, err
			}
			t, row.Algorithm = terms.Time(), string(a)
		}
		row.TimeUs = t * 1e6
		alg, bus := Bandwidths(p.Collective, p.Ranks, q.Size, t)
		row.AlgBwGBs, row.BusBwGBs = alg/1e9, bus/1e9
		if err := p.CheckFinite(row); err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}
