package question

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/topo"
)

// readNCCL reads NCCLFields into p. A system supplies what the question
// does not give: gpus-per-node (its node, or all ranks when fewer), the
// intra link (its NVLink or PCIe line rate) and the network (its NICs
// shared by its GPUs); each such input's source is "system NAME". NCCL's
// model then uses the system's hardware. The knobs need the NCCL model.
func readNCCL(f *field.Form, p *cost.Params) {
	if name, ok := f.Raw("system"); ok && name != "" {
		s, err := topo.LookupSystem("system", name)
		if err != nil {
			f.Fail(err)
		} else {
			applySystem(f, p, s)
		}
	}
	knob := false
	for _, k := range []struct {
		name string
		dst  *string
	}{{"nccl-algo", &p.NCCL.Algo}, {"nccl-proto", &p.NCCL.Proto}} {
		if v, ok := f.Raw(k.name); ok {
			*k.dst, knob = v, true
			f.Set(k.name, v, field.Given)
		}
	}
	if f.Given("nccl-channels") {
		n := f.Int("nccl-channels", 1, 64)
		p.NCCL.MinChannels, p.NCCL.MaxChannels, knob = n, n, true
	}
	if f.Given("nccl-collnet") {
		p.NCCL.CollNet, knob = f.Int("nccl-collnet", 0, 1) == 1, true
	}
	if f.Given("nccl-buffsize") {
		p.NCCL.BuffSize, knob = f.Size("nccl-buffsize"), true
	}
	if knob && f.OK("model") && p.CostModel != cost.ModelNCCL {
		f.Fail(fielderr.New("model", "question.nccl.knobs"))
	}
}

// applySystem sets what system s supplies and the question leaves out.
func applySystem(f *field.Form, p *cost.Params, s topo.System) {
	p.NCCL.System = s
	f.Set("system", s.Name, field.Given)
	from := field.System(s.Name)
	if !f.Given("gpus-per-node") && f.OK("ranks") {
		p.GPUsPerNode = min(s.GPUsPerNode, p.Ranks)
		if p.Ranks%p.GPUsPerNode != 0 {
			f.Fail(fielderr.New("ranks", "question.system.ranks", s.Name, s.GPUsPerNode, s.GPUsPerNode, p.Ranks))
		} else {
			f.Set("gpus-per-node", p.GPUsPerNode, from)
		}
		if !f.Given("intra-bandwidth") && !f.Given("intra-preset") {
			p.IntraBandwidth = s.IntraBandwidth()
			f.Set("intra-bandwidth", p.IntraBandwidth, from)
		}
	}
	if !f.Given("bandwidth") && !f.Given("preset") {
		p.Bandwidth = s.NetworkPerGPU()
		f.Set("bandwidth", p.Bandwidth, from)
	}
}
