package request

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// topology reads the cluster and slowdown fields into p: gpus-per-node
// (0 = one flat network), the intra-node link (intra-preset,
// intra-bandwidth, intra-latency; only with gpus-per-node), and one
// slowdown: slow-rank R or slow-link "A-B", with slow-factor F ≥ 1.
func topology(get Lookup, p *cost.Params) error {
	var err error
	if p.GPUsPerNode, err = intField(get, "gpus-per-node", 0, prim.MaxRanks); err != nil {
		return err
	}
	if p.GPUsPerNode == 0 {
		for _, f := range []string{"intra-preset", "intra-bandwidth", "intra-latency"} {
			if _, ok := get(f); ok {
				return fielderr.Errorf(f, "describes the link inside a node: give gpus-per-node too (0 GPUs per node is one flat network)")
			}
		}
	} else {
		l, err := Link(get, "intra-preset", "", "intra-bandwidth", "intra-latency")
		if err != nil {
			return err
		}
		p.IntraBandwidth, p.IntraLatency = l.Bandwidth, l.Alpha
	}
	rankText, rankGiven := get("slow-rank")
	linkText, linkGiven := get("slow-link")
	factorText, factorGiven := get("slow-factor")
	switch {
	case rankGiven && linkGiven:
		return fielderr.Errorf("slow-link", "slow either one rank (slow-rank) or one link (slow-link), not both")
	case (rankGiven || linkGiven) && !factorGiven:
		name := "slow-rank"
		if linkGiven {
			name = "slow-link"
		}
		return fielderr.Errorf(name, "give slow-factor too: how many times slower, e.g. 4")
	case factorGiven && !rankGiven && !linkGiven:
		return fielderr.Errorf("slow-factor", "give slow-rank R or slow-link A-B too: what is slow")
	case !factorGiven:
		return nil
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(factorText), 64)
	if err != nil || !(f >= 1) || f > 1e6 {
		return fielderr.Errorf("slow-factor", "want a slowdown factor from 1 to 1e6, such as 4, got %q", factorText)
	}
	p.Slow.Factor = f
	if rankGiven {
		r, err := strconv.Atoi(strings.TrimSpace(rankText))
		if err != nil || r < 0 || r >= p.Ranks {
			return fielderr.Errorf("slow-rank", "want a rank from 0 to %d, got %q", p.Ranks-1, rankText)
		}
		p.Slow.Rank = r
		return nil
	}
	a, b, ok := strings.Cut(strings.TrimSpace(linkText), "-")
	x, errA := strconv.Atoi(strings.TrimSpace(a))
	y, errB := strconv.Atoi(strings.TrimSpace(b))
	if !ok || errA != nil || errB != nil || x < 0 || y < 0 || x >= p.Ranks || y >= p.Ranks || x == y {
		return fielderr.Errorf("slow-link", "want two different ranks from 0 to %d joined by '-', such as 3-4, got %q", p.Ranks-1, linkText)
	}
	p.Slow.IsLink, p.Slow.A, p.Slow.B = true, x, y
	return nil
}
