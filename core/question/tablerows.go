package question

import (
	"context"

	"github.com/ccplay/ccplay/core/cost"
)

// Rows is how many rows the table t has: its sizes × data types ×
// reduction operations (what a face's work budget counts before pricing).
func (t Table) Rows() (int, error) {
	sizes, err := t.Sweep.Sizes()
	if err != nil {
		return 0, err
	}
	ops := len(t.Redops)
	if !t.Params.Collective.Reduces() {
		ops = 1
	}
	return len(sizes) * max(1, len(t.DTypes)) * max(1, ops), nil
}

// TableRows prices the table question t in nccl-tests' order: for each
// data type, for each reduction operation, the sweep's rows (cost.Table);
// the redop column names the operation for a reducing collective and
// "none" otherwise, as nccl-tests prints it. With a non-nil ctx it stops
// with ctx.Err() before any row once ctx ends (cost.TableContext).
func TableRows(ctx context.Context, t Table) ([]cost.Row, error) {
	var out []cost.Row
	for _, dt := range t.DTypes {
		for _, op := range t.Redops {
			var rows []cost.Row
			var err error
			if ctx != nil {
				rows, err = cost.TableContext(ctx, t.Params, dt, t.Sweep)
			} else {
				rows, err = cost.Table(t.Params, dt, t.Sweep)
			}
			if err != nil {
				return nil, err
			}
			if t.Params.Collective.Reduces() {
				for i := range rows {
					rows[i].Redop = op
				}
			}
			out = append(out, rows...)
			if !t.Params.Collective.Reduces() {
				break // every op gives the same rows: nccl-tests prints them once
			}
		}
	}
	return out, nil
}
