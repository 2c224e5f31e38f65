package cost

import (
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// FabricRatios are the oversubscriptions a FabricStudy compares.
var FabricRatios = []float64{1, 2, 4, 8}

// FabricStudy is one question on a fat-tree or rail fabric as the
// playground's fabric view shows it: the fabric drawn with the loads of
// the question at its own oversubscription, and the simulated time of the
// question, of ring AllReduce and of pairwise AllToAll (same ranks, size
// and links) at each of FabricRatios, beside each one's time without
// contention.
type FabricStudy struct {
	Result  Result
	Drawing *fabric.Drawing
	Rows    []FabricRow
}

// FabricRow is one collective's simulated times at FabricRatios, and
// each over its time without contention (Slowdown).
type FabricRow struct {
	Collective string
	Algorithm  string
	IdealS     float64
	TimesS     []float64
	Slowdowns  []float64
}

// StudyFabric answers p (whose Fabric is active) as a FabricStudy,
// refusing, before any work, a question whose schedules may exceed
// maxTransfers transfers each (the page's budget). Cost: 1 + 3 ×
// len(FabricRatios) simulations.
func StudyFabric(p Params, maxTransfers int64) (FabricStudy, error) {
	if err := p.Validate(); err != nil {
		return FabricStudy{}, err
	}
	qs := []Params{p}
	for _, x := range []struct {
		c prim.Collective
		a sched.Algorithm
	}{{prim.AllReduce, sched.Ring}, {prim.AllToAll, sched.Pairwise}} {
		q := p
		q.Collective, q.Algorithm, q.Root, q.Chunks = x.c, x.a, 0, 0
		if x.c == prim.AllToAll {
			q.Size = RoundSize(x.c, q.Ranks, q.ElemSize, q.Size)
		}
		if x.c != p.Collective || x.a != concrete(p).Algorithm {
			qs = append(qs, q)
		}
	}
	for _, q := range qs {
		if n := TransferBound(concrete(q)); n > maxTransfers {
			return FabricStudy{}, fielderr.New("ranks", "fabric.too-large", n, maxTransfers)
		}
	}
	var st FabricStudy
	r, net, res, err := evaluateFabric(p)
	if err != nil {
		return FabricStudy{}, err
	}
	st.Result, st.Drawing = r, net.Draw(res)
	for _, q := range qs {
		row := FabricRow{}
		for _, ratio := range FabricRatios {
			q.Fabric.Oversubscription = ratio
			x, err := Evaluate(q)
			if err != nil {
				return FabricStudy{}, err
			}
			row.Collective, row.Algorithm, row.IdealS = x.Collective, x.Algorithm, x.Fabric.IdealTimeS
			row.TimesS = append(row.TimesS, x.TimeS)
			row.Slowdowns = append(row.Slowdowns, x.Fabric.Slowdown)
		}
		st.Rows = append(st.Rows, row)
	}
	return st, nil
}
