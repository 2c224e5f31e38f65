package job

import (
	"fmt"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/transport"
)

// linkText is the bytes every rank sent, by link class, as its sockets
// counted them (the done lines' link_bytes), beside the byte ledger's
// split of the same calls on the same nodes: every warm-up and timed
// call, and the barrier before the timed ones. "" when a rank did not
// report its bytes.
func (res Result) linkText() string {
	var intra, inter int64
	g := 0
	for r := range res.Procs {
		s, ok := res.summary(r)
		if !ok || s.LinkBytes == nil || s.RanksPerHost < 1 {
			return ""
		}
		intra, inter, g = intra+s.LinkBytes.IntraSent, inter+s.LinkBytes.InterSent, s.RanksPerHost
	}
	wantIntra, wantInter, err := ledgerSplit(res.Config, g)
	if err != nil {
		return ""
	}
	p := res.Config.Ranks
	return fmt.Sprintf("bytes sent, counted at the sockets: %s intra-node, %s inter-node on %d host(s) × %d ranks (the byte ledger: %s and %s)\n",
		bytesText(intra), bytesText(inter), p/g, g, bytesText(wantIntra), bytesText(wantInter))
}

// ledgerSplit is the intra- and inter-node bytes the ledger gives cfg's
// run on nodes of g ranks, as runCalls runs it.
func ledgerSplit(cfg Config, g int) (intra, inter int64, err error) {
	add := func(s *sched.Schedule, times int64) {
		l := sim.NewClusterLedger(s, transport.ElemSize, g)
		intra += times * (l.TotalBytes - l.InterBytes)
		inter += times * l.InterBytes
	}
	for _, c := range cfg.Calls {
		s, err := sched.Build(c.Spec, c.Algorithm, sched.Options{GPUsPerNode: g})
		if err != nil {
			return 0, 0, err
		}
		if cfg.Repeat == 1 {
			add(s, 1)
			continue
		}
		add(s, int64(cfg.Warmup+cfg.Repeat))
		barrier, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: cfg.Ranks, Op: prim.Sum, Count: 1}, sched.Naive, sched.Options{})
		if err != nil {
			return 0, 0, err
		}
		add(barrier, 1)
	}
	return intra, inter, nil
}

// bytesText is n bytes exactly, with a binary unit when it is large.
func bytesText(n int64) string {
	if n < 1<<10 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%d B (%s)", n, units.FormatBytes(float64(n), true))
}
