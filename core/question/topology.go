package question

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// readTopology reads the cluster and slowdown fields into p: gpus-per-node
// (0 = one flat network), the intra-node link (intra-preset,
// intra-bandwidth, intra-latency; only with gpus-per-node or a system),
// and one slowdown: slow-rank R or slow-link "A-B", with slow-factor F ≥ 1.
func readTopology(f *field.Form, p *cost.Params) {
	p.GPUsPerNode = f.Int("gpus-per-node", 0, prim.MaxRanks)
	system := f.Given("system")
	if p.GPUsPerNode == 0 && !system {
		for _, name := range []string{"intra-preset", "intra-bandwidth", "intra-latency"} {
			if f.Given(name) {
				f.Fail(fielderr.New(name, "question.intra.flat"))
			}
		}
	} else {
		l := f.Link("intra-preset", "intra-bandwidth", "intra-latency")
		p.IntraBandwidth, p.IntraLatency = l.Bandwidth, l.Alpha
	}
	readSlow(f, p)
}

// readSlow reads one slowdown: slow-rank R or slow-link A-B with
// slow-factor F.
func readSlow(f *field.Form, p *cost.Params) {
	rank, link, factor := f.Given("slow-rank"), f.Given("slow-link"), f.Given("slow-factor")
	switch {
	case rank && link:
		f.Fail(fielderr.New("slow-link", "question.slow.both"))
		return
	case (rank || link) && !factor:
		name := "slow-rank"
		if link {
			name = "slow-link"
		}
		f.Fail(fielderr.New(name, "question.slow.nofactor"))
		return
	case factor && !rank && !link:
		f.Fail(fielderr.New("slow-factor", "question.slow.nowhat"))
		return
	case !factor:
		return
	}
	text, _ := f.Raw("slow-factor")
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || !(v >= 1) || v > 1e6 {
		f.Fail(fielderr.New("slow-factor", "question.slow.factor", text))
	} else {
		p.Slow.Factor = v
		f.Set("slow-factor", v, field.Given)
	}
	if !f.OK("ranks") {
		return
	}
	if rank {
		text, _ := f.Raw("slow-rank")
		r, err := strconv.Atoi(text)
		if err != nil || r < 0 || r >= p.Ranks {
			f.Fail(fielderr.New("slow-rank", "question.slow.rank", p.Ranks-1, text))
			return
		}
		p.Slow.Rank = r
		f.Set("slow-rank", r, field.Given)
		return
	}
	text, _ = f.Raw("slow-link")
	a, b, ok := strings.Cut(text, "-")
	x, errA := strconv.Atoi(strings.TrimSpace(a))
	y, errB := strconv.Atoi(strings.TrimSpace(b))
	if !ok || errA != nil || errB != nil || x < 0 || y < 0 || x >= p.Ranks || y >= p.Ranks || x == y {
		f.Fail(fielderr.New("slow-link", "question.slow.link", p.Ranks-1, text))
		return
	}
	p.Slow.IsLink, p.Slow.A, p.Slow.B = true, x, y
	f.Set("slow-link", text, field.Given)
}
