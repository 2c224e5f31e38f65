package ui

import (
	"slices"
	"strconv"

	"github.com/ccplay/ccplay/core/topo"
)

// The question's inputs each view uses: the controls show those (and any
// field in error), so no control sits above a view it cannot move.
var (
	// questionFields are the α-β question's fields, which the views that
	// price it use.
	questionFields = []string{"collective", "algorithm", "ranks", "size", "bandwidth", "efficiency", "latency", "gamma", "root", "dtype", "chunks", "gpus-per-node",
		"preset", "intra-preset", "intra-bandwidth", "intra-latency", "slow-rank", "slow-factor", "slow-link", "model"}
	// ncclFieldsUI are the fields of NCCL's model: the system and its knobs.
	ncclFieldsUI = []string{"system", "nccl-algo", "nccl-proto", "nccl-channels", "nccl-collnet", "nccl-buffsize"}

	viewFields = map[string][]string{
		"timing": questionFields,
		"charts": questionFields,
		"nccl":   questionFields,
		"ledger": {"collective", "algorithm", "ranks", "size", "root", "dtype", "chunks", "gpus-per-node", "bandwidth", "latency", "preset", "intra-preset", "intra-bandwidth", "intra-latency"},
		"steps":  {"collective", "algorithm", "ranks", "size", "root", "dtype", "chunks", "gpus-per-node"},
		"units":  {"size"},
		"fabric": {"collective", "algorithm", "ranks", "size", "bandwidth", "efficiency", "latency", "gamma", "root", "dtype", "chunks", "gpus-per-node", "preset", "intra-preset", "intra-bandwidth", "intra-latency"},
		"abacus": {"collective"},
		// NCCL's knobs join it (and every pricing view) under the NCCL model,
		// which alone accepts them (see ShownFields).
		"ncclmodel": {"collective", "ranks", "size", "dtype", "system", "gpus-per-node", "bandwidth", "efficiency", "preset", "intra-preset", "intra-bandwidth", "model"},
		"controls":  append(append([]string(nil), questionFields...), ncclFieldsUI...),
	}
)

// ShownFields are the fields the controls show for the selected view: the
// view's own, with NCCL's system and knobs wherever NCCL's model is the
// cost model, and every field in error (so an error never hides).
func (s *State) ShownFields() []string {
	var out []string
	seen := map[string]bool{}
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for _, f := range viewFields[s.View] {
		add(f)
	}
	if len(out) > 0 && s.showsNCCL() {
		for _, f := range ncclFieldsUI {
			add(f)
		}
	}
	for _, e := range s.errs {
		add(e.field)
	}
	return out
}

// Shows reports whether the controls show field f for the selected view:
// whether f is in ShownFields, without building that list (the controls
// ask once per field, every render).
func (s *State) Shows(f string) bool {
	own := viewFields[s.View]
	if slices.Contains(own, f) || len(own) > 0 && s.showsNCCL() && slices.Contains(ncclFieldsUI, f) {
		return true
	}
	for _, e := range s.errs {
		if e.field == f {
			return true
		}
	}
	return false
}

// showsNCCL reports whether NCCL's system and knobs join a view's own
// fields: under NCCL's model, in every view that prices a question.
func (s *State) showsNCCL() bool {
	return s.P.CostModel == "nccl" && s.View != "steps" && s.View != "ledger" && s.View != "abacus" && s.View != "units"
}

// viewUsesError reports whether the selected view shows a result that a
// field in error would change: a general error, or an error in one of the
// view's fields.
func (s *State) viewUsesError() bool {
	if s.general != nil {
		return true
	}
	for _, e := range s.errs {
		for _, f := range viewFields[s.View] {
			if f == e.field {
				return true
			}
		}
		if s.P.CostModel == "nccl" && len(viewFields[s.View]) > 0 {
			for _, f := range ncclFieldsUI {
				if f == e.field {
					return true
				}
			}
		}
	}
	return false
}

// systemLabel describes a whole-system preset in the page's language from
// its fields: "8 × H100-SXM5-80GB per node · NVLink 4 · 8 × 400G".
func (s *State) systemLabel(sys topo.System) string {
	link := "PCIe Gen" + strconv.Itoa(sys.PCIeGen)
	if sys.NVLinks > 0 {
		link = "NVLink " + strconv.Itoa(sys.NVLinkGen)
	}
	if sys.NoP2P {
		link = s.Tf("system.nop2p", link)
	}
	return s.Tf("system.label", sys.GPUsPerNode, sys.GPU, link, sys.NICs, strconv.FormatFloat(sys.NICGbps, 'g', -1, 64))
}
