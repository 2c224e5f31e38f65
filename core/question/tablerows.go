package question

import (
	"context"

	"github.com/ccplay/ccplay/core/budget"
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

// FabricSize is what simulating the table t on its switched fabric holds
// before it runs: cost.TableFabricSize summed over the data types (each
// reduction operation reuses its data type's rows). Zero on the ideal
// fabric; O(rows).
func (t Table) FabricSize() (transfers, routeLinks int64, err error) {
	for _, dt := range t.DTypes {
		n, l, err := cost.TableFabricSize(t.Params, dt, t.Sweep)
		if err != nil {
			return 0, 0, err
		}
		transfers, routeLinks = transfers+n, routeLinks+l
	}
	return transfers, routeLinks, nil
}

// FabricWork is the work simulating the table t on its switched fabric
// may cost: cost.TableFabricWork summed over the data types (each
// reduction operation reuses its data type's rows), math.MaxInt64 where
// the sum overflows. Zero on the ideal fabric; O(rows).
func (t Table) FabricWork() (int64, error) {
	var sum int64
	for _, dt := range t.DTypes {
		x, err := cost.TableFabricWork(t.Params, dt, t.Sweep)
		if err != nil {
			return 0, err
		}
		sum = budget.Add(sum, x)
	}
	return sum, nil
}

// CheckBudget refuses, with a *budget.Error on maxbytes, a table on a
// switched fabric whose rows together may simulate more than budget.Flows
// transfers or budget.RouteLinks route links (FabricSize), or cost more
// than budget.FabricWork units of work (FabricWork: about a second of
// CPU, as one question of /cost may): what a face answering for someone
// else admits. O(rows).
func (t Table) CheckBudget() error {
	n, links, err := t.FabricSize()
	switch {
	case err != nil:
		return err
	case n > budget.Flows:
		return budget.New("maxbytes", "cost.table.fabric-size", n, int64(budget.Flows))
	case links > budget.RouteLinks:
		return budget.New("maxbytes", "fabric.paths", links, int64(budget.RouteLinks))
	}
	w, err := t.FabricWork()
	switch {
	case err != nil:
		return err
	case w > budget.FabricWork:
		return budget.New("maxbytes", "fabric.budget", w, int64(budget.FabricWork))
	}
	return nil
}

// TableRows prices the table question t in nccl-tests' order: for each
// data type, for each reduction operation, the sweep's rows (cost.Table);
// the redop column names the operation for a reducing collective and
// "none" otherwise, as nccl-tests prints it. The operations share their
// data type's rows: the model's time does not depend on the operation.
// With a non-nil ctx it stops with ctx.Err() before any row once ctx ends
// (cost.TableContext).
func TableRows(ctx context.Context, t Table) ([]cost.Row, error) {
	if len(t.Redops) == 0 {
		return nil, nil
	}
	var out []cost.Row
	for _, dt := range t.DTypes {
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
		if !t.Params.Collective.Reduces() {
			out = append(out, rows...) // every op gives the same rows: nccl-tests prints them once
			continue
		}
		for _, op := range t.Redops {
			for _, r := range rows {
				r.Redop = op
				out = append(out, r)
			}
		}
	}
	return out, nil
}
