package job

import (
	"fmt"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/transport"
)

// ClusterBench is a benchmark on the hosts of a job (BenchJob). Its
// measure.Bench part is what `ccplay fit --bench` and the playground
// read: PingPong and Link are the inter-node class (ranks 0 and g, on
// two hosts), and every row's ModelS is the executed schedule priced by
// the cost rule with both fitted classes. The intra-node class (ranks 0
// and 1, on one host) and the layout come beside it.
type ClusterBench struct {
	measure.Bench
	Hosts          int                 `json:"hosts"`
	RanksPerHost   int                 `json:"ranks_per_host"`
	IntraPingPong  []measure.BenchPing `json:"intra_pingpong,omitempty"`
	IntraLink      *fit.Result         `json:"intra_link,omitempty"`
	IntraLinkError string              `json:"intra_link_error,omitempty"`
}

// Progress is told, on rank 0, each step of a long run as it starts:
// done of total steps, and what the step is.
type Progress func(done, total int, what string)

// BenchJob measures cfg with this process as rank ep.Rank() of a job
// whose ranks sit on their hosts in blocks of g (NodeLayout of
// transport.Hosts): the one-way ping-pong of the intra-node class (ranks 0
// and 1) and of the inter-node class (ranks 0 and g) over the sweep,
// each fitted T = α + β·S; then each series over the sweep
// (transport.TimeRank on every rank, hierarchical schedules on the hosts'
// nodes; the slowest rank's mean); then each row's prediction: its
// schedule priced by the cost rule (sim.Price) on a cluster of g ranks
// per node with the two fitted links, γ = 0 (a rank folds a reduction
// into the receive as the bytes arrive). Every rank calls it with the
// same cfg; a barrier separates the steps, so no step's traffic
// overlaps another's. The complete report is rank 0's; the others return
// theirs without times. progress (may be nil) is called on rank 0.
func BenchJob(ep transport.Endpoint, cfg BenchConfig, progress Progress) (ClusterBench, error) {
	p, r := ep.Ranks(), ep.Rank()
	g, err := NodeLayout(transport.Hosts(ep))
	if err != nil {
		return ClusterBench{}, err
	}
	rep := ClusterBench{Bench: measure.Bench{Transport: "job", Ranks: p, Type: "double", Iters: cfg.Iters, Warmup: cfg.Warmup,
		SpinS: cfg.Spin.Seconds(), SpinYield: cfg.Yield}, Hosts: p / g, RanksPerHost: g}
	sizes, err := cfg.Sweep.Sizes()
	if err != nil {
		return rep, err
	}
	b := &benchRun{ep: ep, cfg: cfg, seq: 1, progress: progress}
	b.total = len(sizes) * len(cfg.Series)
	if g > 1 {
		b.total += len(sizes)
	}
	if p > g {
		b.total += len(sizes)
	}
	var intra, inter *fit.Result
	if g > 1 {
		rep.IntraPingPong, intra, rep.IntraLinkError, err = b.pingPong("intra-node", 1, sizes)
		if err != nil {
			return rep, err
		}
		rep.IntraLink = intra
	}
	if p > g {
		rep.PingPong, inter, rep.LinkError, err = b.pingPong("inter-node", g, sizes)
		if err != nil {
			return rep, err
		}
		rep.Link = inter
	}
	if r != 0 {
		rep.IntraPingPong, rep.PingPong = nil, nil
	}
	cluster := predictionCluster(p, g, intra, inter)
	for _, ser := range cfg.Series {
		if err := b.series(&ser, sizes, g, cluster); err != nil {
			return rep, err
		}
		rep.Series = append(rep.Series, ser)
	}
	return rep, nil
}

// benchRun is the state of one BenchJob: the next call number and the
// steps done.
type benchRun struct {
	ep          transport.Endpoint
	cfg         BenchConfig
	seq         uint64
	done, total int
	progress    Progress
}

// step reports the next step on rank 0.
func (b *benchRun) step(what string) {
	if b.progress != nil && b.ep.Rank() == 0 {
		b.progress(b.done, b.total, what)
	}
	b.done++
}

// barrier waits until every rank has reached it (a one-element naive
// AllReduce) and returns the largest of the ranks' v.
func (b *benchRun) barrier(v float64) (float64, error) {
	s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: b.ep.Ranks(), Op: prim.Max, Count: 1}, sched.Naive, sched.Options{})
	if err != nil {
		return 0, err
	}
	out, err := transport.Run(b.ep, s, b.seq, []float64{v})
	b.seq++
	if err != nil {
		return 0, err
	}
	return out[0], nil
}

// pingPong times ranks 0 and peer over the sweep, each size after a
// barrier, and fits the line on rank 0.
func (b *benchRun) pingPong(class string, peer int, sizes []int64) ([]measure.BenchPing, *fit.Result, string, error) {
	var rows []measure.BenchPing
	var pts []fit.Point
	r := b.ep.Rank()
	for _, s := range sizes {
		b.step(fmt.Sprintf("ping-pong %s (ranks 0 and %d), %s", class, peer, units.FormatBytes(float64(s), true)))
		if _, err := b.barrier(0); err != nil {
			return nil, nil, "", err
		}
		if r != 0 && r != peer {
			b.seq += uint64(b.cfg.Warmup + b.cfg.Iters)
			continue
		}
		other := peer
		if r == peer {
			other = 0
		}
		t, err := transport.PingPongRank(b.ep, other, r == 0, int(s), b.cfg.Warmup, b.cfg.Iters, b.seq)
		if err != nil {
			return nil, nil, "", err
		}
		b.seq = t.Seq
		bw, _ := cost.Bandwidths(prim.SendRecv, 2, s, t.Seconds)
		rows = append(rows, measure.BenchPing{SizeBytes: s, TimeS: t.Seconds, BwGBs: bw / 1e9})
		pts = append(pts, fit.Point{Size: float64(s), Time: t.Seconds})
	}
	if r != 0 {
		return nil, nil, "", nil
	}
	link, err := fit.FitLine(pts, fit.Relative)
	if err != nil {
		return rows, nil, err.Error(), nil
	}
	return rows, &link, "", nil
}

// predictionCluster is the cluster of p ranks, g per node, on the fitted
// links (nil: a class that was not measured or not fitted, and then no
// prediction). With one rank per host every link is the inter-node one.
func predictionCluster(p, g int, intra, inter *fit.Result) *topo.Cluster {
	link := func(f *fit.Result) (topo.Link, bool) {
		if f == nil || f.Beta <= 0 {
			return topo.Link{}, false
		}
		return topo.Link{Alpha: max(f.Alpha, 0), Bandwidth: f.BwBps}, true
	}
	c := topo.Cluster{Ranks: p, GPUsPerNode: g}
	var ok bool
	switch {
	case g == p: // one host: every link intra-node
		c.Intra, ok = link(intra)
		c.Inter = c.Intra
	case g == 1:
		c.Inter, ok = link(inter)
		c.Intra = c.Inter
	default:
		var ok1, ok2 bool
		c.Intra, ok1 = link(intra)
		c.Inter, ok2 = link(inter)
		ok = ok1 && ok2
	}
	if !ok {
		return nil
	}
	return &c
}
