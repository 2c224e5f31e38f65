package request

import (
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/topo"
)

// NCCLFields are the whole-system preset and NCCL's knobs: system (a
// topo.Systems name), nccl-algo and nccl-proto (NCCL_ALGO and NCCL_PROTO
// in NCCL's syntax), nccl-channels (NCCL_MIN_NCHANNELS = NCCL_MAX_NCHANNELS)
// and nccl-collnet (NCCL_COLLNET_ENABLE: 0 or 1).
var NCCLFields = []string{"system", "nccl-algo", "nccl-proto", "nccl-channels", "nccl-collnet"}

// ncclFields reads NCCLFields into p. A system sets what the question does
// not give: gpus-per-node (its node, or all ranks when fewer), the intra
// link (its NVLink or PCIe line rate) and the network (its NICs shared by
// its GPUs); NCCL's model then uses the system's hardware. The knobs need
// the NCCL model.
func ncclFields(get Lookup, p *cost.Params) error {
	if name, ok := get("system"); ok && strings.TrimSpace(name) != "" {
		s, err := topo.LookupSystem("system", name)
		if err != nil {
			return err
		}
		p.NCCL.System = s
		if _, ok := get("gpus-per-node"); !ok {
			p.GPUsPerNode = min(s.GPUsPerNode, p.Ranks)
			if p.Ranks%p.GPUsPerNode != 0 {
				return fielderr.Errorf("ranks", "system %s has %d GPUs per node: want a multiple of %d ranks (or fewer), got %d", s.Name, s.GPUsPerNode, s.GPUsPerNode, p.Ranks)
			}
			if _, ok := get("intra-bandwidth"); !ok {
				if _, ok := get("intra-preset"); !ok {
					p.IntraBandwidth = s.IntraBandwidth()
				}
			}
			if p.IntraLatency == 0 {
				p.IntraLatency = 1e-6
			}
		}
		_, bw := get("bandwidth")
		_, preset := get("preset")
		if !bw && !preset {
			p.Bandwidth = s.NetworkPerGPU()
		}
	}
	knob := false
	for _, f := range []struct {
		name string
		dst  *string
	}{{"nccl-algo", &p.NCCL.Algo}, {"nccl-proto", &p.NCCL.Proto}} {
		if v, ok := get(f.name); ok {
			*f.dst, knob = strings.TrimSpace(v), true
		}
	}
	if _, ok := get("nccl-channels"); ok {
		n, err := intField(get, "nccl-channels", 1, 64)
		if err != nil {
			return err
		}
		p.NCCL.MinChannels, p.NCCL.MaxChannels, knob = n, n, true
	}
	if _, ok := get("nccl-collnet"); ok {
		n, err := intField(get, "nccl-collnet", 0, 1)
		if err != nil {
			return err
		}
		p.NCCL.CollNet, knob = n == 1, true
	}
	if knob && p.CostModel != cost.ModelNCCL {
		return fielderr.Errorf("model", "nccl-algo, nccl-proto, nccl-channels and nccl-collnet are NCCL's knobs: give model nccl too")
	}
	return nil
}
