package doctor

import (
	"github.com/ccplay/ccplay/core/nccltests"
)

// Forced finds settings that override NCCL's choices: NCCL_ALGO and
// NCCL_PROTO (e.g. NCCL_ALGO=Tree; NCCL_PROTO=simple as the aws-ofi-nccl
// plugin sets it on EFA platforms that cannot carry LL and LL128), GPU
// Direct RDMA forced across CPU sockets (NCCL_NET_GDR_LEVEL=SYS), and P2P
// or SHM disabled (=1), echoed by NCCL or on the pasted command line. One Cause per variable, at its
// last setting. P2P and SHM join GPUs of one node, so with one GPU per
// node (as the hosts of the "# Rank" lines show) turning them off costs
// nothing and is not a cause.
func Forced(ev *nccltests.Evidence, inf Inference) []Cause {
	var out []Cause
	if s := ev.Setting("NCCL_ALGO"); s != nil {
		out = append(out, cause(KindForced, s.Line, say("doctor.cause.forced.algo", s.Name, s.Value)))
	}
	if s := ev.Setting("NCCL_PROTO"); s != nil && s.Source == nccltests.SourceOFI {
		out = append(out, cause(KindForced, s.Line, say("doctor.cause.forced.plugin", s.Name, s.Value, s.Source)))
	} else if s != nil {
		out = append(out, cause(KindForced, s.Line, say("doctor.cause.forced.proto", s.Name, s.Value)))
	}
	if s := ev.Setting("NCCL_NET_GDR_LEVEL"); s != nil && (s.Value == "SYS" || s.Value == "5") {
		out = append(out, cause(KindForced, s.Line, say("doctor.cause.gdr.sys", s.Name, s.Value)))
	}
	if oneGPUPerNode(inf) {
		return out
	}
	if s := ev.Setting("NCCL_P2P_DISABLE"); s != nil && s.Value == "1" {
		out = append(out, cause(KindForced, s.Line, say("doctor.cause.p2p.disable", s.Name)))
	}
	if s := ev.Setting("NCCL_SHM_DISABLE"); s != nil && s.Value == "1" {
		out = append(out, cause(KindForced, s.Line, say("doctor.cause.shm.disable", s.Name)))
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
			return []Cause{cause(KindUnequal, h.Line, say("doctor.cause.unequal", name(first.Host), first.Ranks, name(h.Host), h.Ranks))}
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

// oneGPUPerNode reports whether the hosts of the "# Rank" lines show one
// GPU per node: nothing then moves between GPUs inside a node.
func oneGPUPerNode(inf Inference) bool {
	return inf.GPUsPerNode.Known && inf.GPUsPerNode.Value == 1
}
