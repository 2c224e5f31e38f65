package doctor

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/nccltests"
)

// FewChannels finds fewer channels than the system opens: on a single node
// of a system with a MinChannels, the most ring channels (or "coll
// channels") NCCL reports is below it; or NCCL_MAX_NCHANNELS caps them
// there. Multi-node runs are not judged (their channel count follows the
// NICs).
func FewChannels(ev *nccltests.Evidence, inf Inference) []Cause {
	if !inf.System.Known || inf.System.Value.MinChannels == 0 {
		return nil
	}
	want := inf.System.Value.MinChannels
	if s := ev.Setting("NCCL_MAX_NCHANNELS"); s != nil {
		if n, err := strconv.Atoi(s.Value); err == nil && n < want {
			return []Cause{cause(KindChannels, s.Line, say("doctor.cause.channels.cap", s.Name, n, n, inf.System.Value.Key, want))}
		}
	}
	if !inf.Nodes.Known || inf.Nodes.Value != 1 {
		return nil
	}
	best, line := 0, 0
	for _, c := range ev.Channels {
		if (c.Kind == "ring" || c.Kind == "coll") && c.Count > best {
			best, line = c.Count, c.Line
		}
	}
	if best > 0 && best < want {
		return []Cause{cause(KindChannels, line, say("doctor.cause.channels.few", best, inf.System.Value.Key, want))}
	}
	return nil
}

// NVLSAbsent finds NVLink SHARP missing on a system that has it: "NVLS
// multicast support is not available", "0 nvls channels",
// NCCL_NVLS_ENABLE=0, or an NCCL version older than 2.17 (the first with
// NVLS).
func NVLSAbsent(ev *nccltests.Evidence, inf Inference) []Cause {
	if !inf.System.Known || !inf.System.Value.NVLS {
		return nil
	}
	key := inf.System.Value.Key
	for _, n := range ev.NVLS {
		if !n.Supported {
			return []Cause{cause(KindNoNVLS, n.Line, say("doctor.cause.nvls.unavailable", key))}
		}
	}
	for _, c := range ev.Channels {
		if c.Kind == "nvls" && c.Count == 0 && inf.Nodes.Known && inf.Nodes.Value == 1 {
			return []Cause{cause(KindNoNVLS, c.Line, say("doctor.cause.nvls.nochannels", key))}
		}
	}
	if s := ev.Setting("NCCL_NVLS_ENABLE"); s != nil && s.Value == "0" {
		return []Cause{cause(KindNoNVLS, s.Line, say("doctor.cause.nvls.off", s.Name, key))}
	}
	if v := ev.Version(); v != nil && versionBefore(v.Version, 2, 17) {
		return []Cause{cause(KindNoNVLS, v.Line, say("doctor.cause.nvls.version", v.Version, key))}
	}
	return nil
}

// versionBefore reports whether "2.16.5+cuda12.0" is before major.minor.
func versionBefore(v string, major, minor int) bool {
	f := strings.SplitN(strings.SplitN(v, "+", 2)[0], ".", 3)
	if len(f) < 2 {
		return false
	}
	a, err1 := strconv.Atoi(f[0])
	b, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return false
	}
	return a < major || a == major && b < minor
}

// PCIeGPUs finds GPUs that talk over PCIe: the device line's model is a
// PCIe card (or a board sold only as one), or NCCL's topology dump shows
// GPUs under PCI links and no NVLink. With one GPU per node no GPU talks
// to another inside a node, and PCIe is no cause.
func PCIeGPUs(ev *nccltests.Evidence, inf Inference) []Cause {
	if oneGPUPerNode(inf) {
		return nil
	}
	if inf.System.Known && inf.System.Value.PCIe {
		return []Cause{cause(KindPCIe, inf.System.Line, say("doctor.cause.pcie.cards", inf.GPU.Value))}
	}
	pci := 0
	for _, t := range ev.Topo {
		if t.Kind == "NVL" {
			return nil
		}
		if pci == 0 && t.Kind == "PCI" && strings.HasPrefix(t.Target, "GPU/") {
			pci = t.Line
		}
	}
	if pci > 0 {
		return []Cause{cause(KindPCIe, pci, say("doctor.cause.pcie.topo"))}
	}
	return nil
}
