package doctor

import (
	"sort"

	"github.com/ccplay/ccplay/core/nccltests"
)

// Cause is a likely reason for low bandwidth that a line of the log shows
// (line 0: a setting given outside the log), said as a Text.
type Cause struct {
	// Kind is one of the Kind* constants.
	Kind string `json:"kind"`
	Line int    `json:"line"`
	Text
}

// The kinds of Cause.
const (
	KindSocket   = "socket"   // NET/Socket instead of InfiniBand/RoCE
	KindGDROff   = "gdr-off"  // GPU Direct RDMA disabled
	KindChannels = "channels" // fewer channels than the system opens
	KindForced   = "forced"   // NCCL_ALGO / NCCL_PROTO (or a transport) forced
	KindNoNVLS   = "no-nvls"  // NVLS absent on a system that has it
	KindUnequal  = "unequal"  // ranks per host unequal
	KindPCIe     = "pcie"     // GPUs attached over PCIe, or a PCIe link below its rate
	KindP2POff   = "p2p-off"  // GPUs of one node talk through host memory (SHM)
	KindTopology = "topology" // ACS, IOMMU or the GPUs' order
	// KindNetSetting is a network setting that departs from NCCL's
	// default (queue pairs per connection).
	KindNetSetting = "net-setting"
)

// cause is a Cause of kind at line saying t.
func cause(kind string, line int, t Text) Cause { return Cause{Kind: kind, Line: line, Text: t} }

// Causes runs every check over the evidence and returns what they find,
// ordered by line (then kind). Each check is a pure function, O(facts);
// none guesses: without a line that shows it, there is no Cause.
func Causes(ev *nccltests.Evidence, inf Inference) []Cause {
	var out []Cause
	for _, check := range []func(*nccltests.Evidence, Inference) []Cause{
		SocketTransport, GDROff, GDRLevel, FewChannels, Forced, P2PLevel, IBQPs, NVLSAbsent, UnequalRanks,
		PCIeGPUs, PCIeLinks, SHMBetweenGPUs, DeviceOrder, ACSHints,
	} {
		out = append(out, check(ev, inf)...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}
