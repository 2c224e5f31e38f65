package doctor

import "github.com/ccplay/ccplay/core/nccltests"

// Inferred is a value read off the log with the line that shows it. Known
// is false when the log does not say (Value is then the zero value).
type Inferred[T any] struct {
	Value T    `json:"value"`
	Line  int  `json:"line,omitempty"`
	Known bool `json:"known"`
}

func known[T any](v T, line int) Inferred[T] { return Inferred[T]{Value: v, Line: line, Known: true} }

// Inference is the system an nccl-tests log ran on, as far as its evidence
// says.
type Inference struct {
	// GPU is the model of the first "# Rank" line; System its preset.
	GPU    Inferred[string] `json:"gpu"`
	System Inferred[System] `json:"system"`
	// Hosts lists the ranks each host ran, in the order the log first
	// names them; Nodes is their number and GPUsPerNode the ranks per host
	// when every host ran the same number. Unequal is true when they did
	// not — and only when the device list is complete (a log cut inside it
	// says nothing about the hosts it does not reach).
	Hosts       []HostRanks   `json:"hosts,omitempty"`
	Nodes       Inferred[int] `json:"nodes"`
	GPUsPerNode Inferred[int] `json:"gpus_per_node"`
	Unequal     bool          `json:"unequal,omitempty"`
	// Ranks is the number of ranks the "# Rank" list shows: its length
	// when it lists ranks 0 … P−1, or the last rank + 1 when the poster
	// elided lines ("# Rank 0", "…", "# Rank 63": nccl-tests prints every
	// rank in order, so the last line of an uncut list is rank P−1).
	// Elided is true then, and Nodes and GPUsPerNode stay unknown: the
	// hosts of the left-out lines are not in the log.
	Ranks  Inferred[int] `json:"ranks"`
	Elided bool          `json:"elided,omitempty"`
	// Transport is "IB", "RoCE", "Socket" or a network plugin's name, from
	// the INFO lines (or NCCL_IB_DISABLE=1 on the command line).
	Transport Inferred[string] `json:"transport"`
	// NICsPerNode counts the NICs NCCL uses on a node (the largest NET/IB
	// list), or the names NCCL_IB_HCA gives.
	NICsPerNode Inferred[int] `json:"nics_per_node"`
	// EFA is true when the aws-ofi-nccl plugin ran over AWS's Elastic
	// Fabric Adapter: its first line that selects the "efa" provider or
	// names the AWS instance type it runs on.
	EFA Inferred[bool] `json:"efa,omitzero"`
}

// HostRanks is one host and its ranks; Line is its first "# Rank" line.
type HostRanks struct {
	Host  string `json:"host"`
	Ranks int    `json:"ranks"`
	Line  int    `json:"line"`
}

// Infer reads the system off the evidence: O(facts).
func Infer(ev *nccltests.Evidence) Inference {
	var inf Inference
	devs, cut := ev.Devices()
	if len(devs) > 0 && devs[0].Model != "" {
		inf.GPU = known(devs[0].Model, devs[0].Line)
		if sys, ok := SystemOf(devs[0].Model); ok {
			inf.System = known(sys, devs[0].Line)
		}
	}
	inferLayout(&inf, ev, devs, cut)
	inferNetwork(&inf, ev)
	return inf
}

// inferTable is the inference for table k of the log: the whole log's,
// with the GPU and the layout of the "# Rank" list of the run that printed
// table k when that run has its own list (a log of several runs). O(facts).
func inferTable(d *Diagnosis, k int) Inference {
	ev := d.Evidence
	for _, h := range ev.Headers {
		if h.Table != k || len(h.Devices) == 0 {
			continue
		}
		inf := Inference{Transport: d.Inference.Transport, NICsPerNode: d.Inference.NICsPerNode, EFA: d.Inference.EFA}
		if m := h.Devices[0]; m.Model != "" {
			inf.GPU = known(m.Model, m.Line)
			if sys, ok := SystemOf(m.Model); ok {
				inf.System = known(sys, m.Line)
			}
		}
		inferLayout(&inf, ev, h.Devices, h.DevicesCut)
		return inf
	}
	return d.Inference
}
