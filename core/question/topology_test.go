package question_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/topo"
)

// TestTopologyFields: the cluster and slowdown fields reach cost.Params;
// presets fill what is not given explicitly; no field means today's flat
// network.
func TestTopologyFields(t *testing.T) {
	for _, c := range []struct {
		in     map[string]string
		g      int
		intra  [2]float64 // bandwidth B/s, latency s
		net    [2]float64
		slow   topo.Slow
		reason string
	}{
		{map[string]string{}, 0, [2]float64{}, [2]float64{50e9, 5e-6}, topo.Slow{}, "no topology field: one flat network as before"},
		{map[string]string{"gpus-per-node": "8"}, 8, [2]float64{450e9, 1e-6}, [2]float64{50e9, 5e-6}, topo.Slow{}, "the intra link defaults to NVLink 4"},
		{map[string]string{"gpus-per-node": "4", "intra-preset": "pcie5", "preset": "eth100"}, 4, [2]float64{64e9, 2e-6}, [2]float64{12.5e9, 10e-6}, topo.Slow{}, "presets set both classes"},
		{map[string]string{"gpus-per-node": "4", "intra-preset": "nvlink3", "intra-latency": "3us", "preset": "ib400", "bandwidth": "100Gbps"}, 4, [2]float64{300e9, 3e-6}, [2]float64{12.5e9, 5e-6}, topo.Slow{}, "explicit fields win over presets"},
		{map[string]string{"slow-rank": "3", "slow-factor": "4"}, 0, [2]float64{}, [2]float64{50e9, 5e-6}, topo.Slow{Factor: 4, Rank: 3}, "a straggler"},
		{map[string]string{"slow-link": " 2-7 ", "slow-factor": "1.5"}, 0, [2]float64{}, [2]float64{50e9, 5e-6}, topo.Slow{Factor: 1.5, IsLink: true, A: 2, B: 7}, "a slow link"},
	} {
		p, err := question.CostParams(field.Map(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.reason, err)
			continue
		}
		if p.GPUsPerNode != c.g || p.IntraBandwidth != c.intra[0] || p.IntraLatency != c.intra[1] ||
			p.Bandwidth != c.net[0] || p.Latency != c.net[1] || p.Slow != c.slow {
			t.Errorf("%s: got g=%d intra %g B/s %g s, net %g B/s %g s, slow %+v", c.reason, p.GPUsPerNode,
				p.IntraBandwidth, p.IntraLatency, p.Bandwidth, p.Latency, p.Slow)
		}
	}
}

// TestTopologyFieldErrors: each bad topology input names its field.
func TestTopologyFieldErrors(t *testing.T) {
	for _, c := range []struct {
		in            map[string]string
		field, reason string
		says          string
	}{
		{map[string]string{"gpus-per-node": "3"}, "gpus-per-node", "8 ranks do not fill nodes of 3", "divisor of 8"},
		{map[string]string{"gpus-per-node": "-1"}, "gpus-per-node", "negative", "integer"},
		{map[string]string{"intra-bandwidth": "100GB/s"}, "intra-bandwidth", "an intra link without nodes", "gpus-per-node"},
		{map[string]string{"gpus-per-node": "8", "intra-preset": "hbm3"}, "intra-preset", "memory is not a link", "memory tier"},
		{map[string]string{"preset": "nvlink9"}, "preset", "unknown preset", "ib400"},
		{map[string]string{"slow-rank": "3"}, "slow-rank", "no factor", "slow-factor"},
		{map[string]string{"slow-factor": "3"}, "slow-factor", "nothing slowed", "slow-rank"},
		{map[string]string{"slow-rank": "8", "slow-factor": "2"}, "slow-rank", "rank outside 8 ranks", "0 to 7"},
		{map[string]string{"slow-rank": "1", "slow-factor": "0.5"}, "slow-factor", "a speed-up is not a slowdown", "from 1"},
		{map[string]string{"slow-link": "3", "slow-factor": "2"}, "slow-link", "one end only", "3-4"},
		{map[string]string{"slow-link": "3-3", "slow-factor": "2"}, "slow-link", "a rank to itself", "different"},
		{map[string]string{"slow-link": "1-2", "slow-rank": "1", "slow-factor": "2"}, "slow-link", "both kinds", "not both"},
	} {
		_, err := question.CostParams(field.Map(c.in))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != c.field || !strings.Contains(fe.Msg, c.says) {
			t.Errorf("%s: %v; want field %q saying %q", c.reason, err, c.field, c.says)
		}
	}
}

// TestRunOnNodes: gpus_per_node places ranks on nodes for the hierarchical
// schedule and splits the ledger; a count that does not fill whole nodes is
// an error on gpus_per_node.
func TestRunOnNodes(t *testing.T) {
	r, err := question.DecodeRun([]byte(`{"collective":"allreduce","algorithm":"hierarchical","gpus_per_node":2,
		"inputs":[[1,2,3,4],[1,2,3,4],[1,2,3,4],[1,2,3,4]]}`))
	if err != nil {
		t.Fatal(err)
	}
	res, err := question.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	// 2 nodes × 2: per rank, intra RS + AG send 2 pieces of 2 elements, the
	// inter ring sends 2 sub-chunks of 1 element: 6 elements, 2 across.
	l := res.Ledger
	if l.GPUsPerNode != 2 || l.InterBytes != 4*2*8 || l.Ranks[0].Sent != 6*8 || l.Ranks[0].InterSent != 2*8 {
		t.Errorf("ledger %+v", l)
	}
	for _, o := range res.Outputs {
		if !slices.Equal(o.([]int64), []int64{4, 8, 12, 16}) {
			t.Errorf("outputs %v", res.Outputs)
		}
	}
	r.GPUsPerNode = 3
	_, err = question.Do(r)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "gpus_per_node" {
		t.Errorf("3 GPUs per node on 4 ranks: %v", err)
	}
}
