package cost

import (
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
)

// FabricTime is the time of p simulated on its switched fabric (p.Fabric
// active): the algorithm Quick prices (auto resolved on the closed form),
// its schedule simulated as Evaluate simulates it. It returns the
// simulated time, the closed form's terms (whose time is the one without
// contention) and the algorithm. Cost: one schedule of at most
// FabricTransfers transfers, built and simulated.
func FabricTime(p Params) (float64, Terms, sched.Algorithm, error) {
	t, a, err := Quick(p)
	if err != nil {
		return 0, Terms{}, "", err
	}
	q := p
	q.Algorithm = a
	r := Result{TimeS: t.Time()}
	if _, _, err := runFabric(q, &r, nil); err != nil {
		return 0, Terms{}, "", err
	}
	return r.TimeS, t, a, nil
}

// TableFabricSize is what a table of p's sweep on p.Fabric holds before it
// runs (FabricSize of each row, summed): the transfers of every row's
// schedule and the links of their routes. Zero for the ideal fabric;
// O(rows).
func TableFabricSize(p Params, dt DType, w Sweep) (transfers, routeLinks int64, err error) {
	if !p.Fabric.Active() {
		return 0, 0, nil
	}
	sizes, err := w.Sizes()
	if err != nil {
		return 0, 0, err
	}
	p.ElemSize = dt.Size
	for _, s := range sizes {
		q := p
		q.Size = RoundSize(p.Collective, p.Ranks, dt.Size, s)
		n, l, err := FabricSize(q)
		if err != nil {
			return 0, 0, err
		}
		transfers, routeLinks = transfers+n, routeLinks+l
	}
	return transfers, routeLinks, nil
}

// checkTableFabric refuses, before any row is simulated, a table on a
// switched fabric whose rows together may simulate more than
// FabricTransfers transfers (naming maxbytes: fewer sizes) or that asks
// for NCCL's model, whose algorithms are not schedules to simulate.
func checkTableFabric(p Params, dt DType, w Sweep) error {
	if !p.Fabric.Active() {
		return nil
	}
	if p.CostModel == ModelNCCL {
		return fielderr.New("fabric", "cost.table.fabric-nccl")
	}
	n, links, err := TableFabricSize(p, dt, w)
	switch {
	case err != nil:
		return err
	case n > FabricTransfers:
		return fielderr.New("maxbytes", "cost.table.fabric-size", n, int64(FabricTransfers))
	case links > FabricPathLinks:
		return fielderr.New("maxbytes", "fabric.paths", links, int64(FabricPathLinks))
	}
	return nil
}
