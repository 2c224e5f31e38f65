package doctor

import "github.com/ccplay/ccplay/core/nccltests"

// forcedVars are the NCCL variables whose setting overrides NCCL's own
// choice of algorithm, protocol or transport, with what they take away.
var forcedVars = []struct{ name, what string }{
	{"NCCL_ALGO", "the algorithm"},
	{"NCCL_PROTO", "the protocol"},
	{"NCCL_P2P_DISABLE", "GPU peer-to-peer (NVLink/PCIe P2P)"},
	{"NCCL_SHM_DISABLE", "shared-memory transport"},
}

// Forced finds settings that override NCCL's choices: NCCL_ALGO and
// NCCL_PROTO (e.g. NCCL_ALGO=Tree), and P2P or SHM disabled (=1), echoed
// by NCCL or on the pasted command line. One Cause per variable, at its
// last setting.
func Forced(ev *nccltests.Evidence, _ Inference) []Cause {
	var out []Cause
	for _, v := range forcedVars {
		s := ev.Setting(v.name)
		if s == nil {
			continue
		}
		switch v.name {
		case "NCCL_ALGO", "NCCL_PROTO":
			out = append(out, cause(KindForced, s.Line, "%s=%s forces %s: NCCL cannot pick the fastest one per size", s.Name, s.Value, v.what))
		default:
			if s.Value == "1" {
				out = append(out, cause(KindForced, s.Line, "%s=1 turns off %s: traffic takes a slower path", s.Name, v.what))
			}
		}
	}
	return out
}

// UnequalRanks finds hosts that ran different numbers of ranks (from a
// complete device list): the node with the fewest ranks or the most
// traffic sets the pace. The Cause cites the first host that differs.
func UnequalRanks(_ *nccltests.Evidence, inf Inference) []Cause {
	if !inf.Unequal {
		return nil
	}
	first := inf.Hosts[0]
	for _, h := range inf.Hosts[1:] {
		if h.Ranks != first.Ranks {
			return []Cause{cause(KindUnequal, h.Line, "hosts run unequal numbers of ranks (%s: %d, %s: %d): NCCL's rings and trees are unbalanced", name(first.Host), first.Ranks, name(h.Host), h.Ranks)}
		}
	}
	return nil
}

func name(host string) string {
	if host == "" {
		return "(unnamed)"
	}
	return host
}
