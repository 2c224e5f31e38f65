package doctor

import (
	"sort"

	"github.com/ccplay/ccplay/core/nccltests"
)

// Cause is a likely reason for low bandwidth that a line of the log shows.
// Msg is an English sentence, Msg == fmt.Sprintf(Format, Args...), so a
// front end can translate Format and reuse Args (the pattern of
// core/fielderr).
type Cause struct {
	// Kind is one of the Kind* constants.
	Kind   string `json:"kind"`
	Line   int    `json:"line"`
	Msg    string `json:"msg"`
	Format string `json:"format"`
	Args   []any  `json:"args,omitempty"`
}

// The kinds of Cause.
const (
	KindSocket   = "socket"   // NET/Socket instead of InfiniBand/RoCE
	KindGDROff   = "gdr-off"  // GPU Direct RDMA disabled
	KindChannels = "channels" // fewer channels than the system opens
	KindForced   = "forced"   // NCCL_ALGO / NCCL_PROTO (or a transport) forced
	KindNoNVLS   = "no-nvls"  // NVLS absent on a system that has it
	KindUnequal  = "unequal"  // ranks per host unequal
	KindPCIe     = "pcie"     // GPUs attached over PCIe
)

// cause is a Cause of kind at line whose sentence is msg, an error built
// by fielderr.Errorf with a literal format (so the zh catalog's test finds
// the format).
func cause(kind string, line int, msg error) Cause {
	t := textOf(msg)
	return Cause{Kind: kind, Line: line, Msg: t.Msg, Format: t.Format, Args: t.Args}
}

// Causes runs every check over the evidence and returns what they find,
// ordered by line (then kind). Each check is a pure function, O(facts);
// none guesses: without a line that shows it, there is no Cause.
func Causes(ev *nccltests.Evidence, inf Inference) []Cause {
	var out []Cause
	for _, check := range []func(*nccltests.Evidence, Inference) []Cause{
		SocketTransport, GDROff, FewChannels, Forced, NVLSAbsent, UnequalRanks, PCIeGPUs,
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
