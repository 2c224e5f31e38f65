package job

import (
	"fmt"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/transport"
)

// series times one collective and algorithm over the sweep on every rank
// — sizes rounded as Bench rounds them, each after a barrier, the slowest
// rank's mean reported — and prices each row's schedule on cluster (nil:
// no prediction) and fits the algorithm's own α and β, as Bench does.
func (b *benchRun) series(ser *measure.BenchSeries, sizes []int64, g int, cluster *topo.Cluster) error {
	c, a := prim.Collective(ser.Collective), sched.Algorithm(ser.Algorithm)
	p, r := b.ep.Ranks(), b.ep.Rank()
	var sf seriesFit
	for _, size := range sizes {
		size = cost.RoundSize(c, p, transport.ElemSize, size)
		if size == 0 || (len(ser.Rows) > 0 && ser.Rows[len(ser.Rows)-1].SizeBytes == size) {
			b.done++
			continue
		}
		b.step(fmt.Sprintf("%s %s, %s", c, a, units.FormatBytes(float64(size), true)))
		q := cost.Params{Collective: c, Algorithm: a, Ranks: p, Size: size, ElemSize: transport.ElemSize, Bandwidth: 1, Efficiency: 1}
		s, err := sched.Build(q.Spec(), a, sched.Options{GPUsPerNode: g})
		if err != nil {
			return err
		}
		q.Chunks, ser.Chunks = s.Chunks, s.Chunks
		in, want, err := rankBuffers(Call{Spec: s.Spec, Algorithm: a}, r)
		if err != nil {
			return err
		}
		ws := new(transport.Workspace[float64])
		ws.Reserve(s.WorkLen[r])
		if _, err := b.barrier(0); err != nil {
			return err
		}
		t, err := transport.TimeRank(b.ep, s, b.seq, in, want, ws, b.cfg.Warmup, b.cfg.Iters)
		if err != nil {
			return err
		}
		b.seq = t.Seq
		slowest, err := b.barrier(t.Mean)
		if err != nil {
			return err
		}
		row := benchRow(c, p, size, slowest)
		if cluster != nil {
			row.ModelS = sim.Price(s, transport.ElemSize, sim.Model{Link: cluster.Link}).Total()
			row.ModelDiff = measure.DiffPct(row.ModelS, slowest)
		}
		sf.add(q, slowest)
		ser.Rows = append(ser.Rows, row)
	}
	sf.fit(ser)
	return nil
}

// rankBuffers are rank r's send buffer for call c and its expected
// output. For AllReduce they are computed for this rank alone (every
// rank's buffers of a 256 MiB call would take gigabytes per process);
// other collectives build every rank's and take r's.
func rankBuffers(c Call, r int) (in, want []float64, err error) {
	if c.Spec.Collective != prim.AllReduce {
		all := c.inputs()
		ref, err := prim.Reference(c.Spec, all)
		if err != nil {
			return nil, nil, err
		}
		return all[r], ref[r], nil
	}
	n := c.Spec.Count
	in, want = make([]float64, n), make([]float64, n)
	for k := range n {
		in[k] = inputValue(prim.AllReduce, r, k)
		for q := range c.Spec.Ranks {
			want[k] += inputValue(prim.AllReduce, q, k)
		}
	}
	return in, want, nil
}
