package doctor

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/topo"
)

// The checks of this file read the settings a log carries on its command
// line, its "export" lines or NCCL's echo, and the hints it gives about the
// PCIe fabric. Each names the line that shows it; the effects follow
// NCCL's environment-variable documentation (docs.nvidia.com/deeplearning
// /nccl, "Environment Variables") and its troubleshooting guide (PCI
// Access Control Services, IOMMU).

// GDRLevel finds NCCL_NET_GDR_LEVEL set to PIX, PXB or PHB (1–3): GPU
// Direct RDMA only where the GPU and the NIC share a PCIe switch (PIX),
// several switches (PXB) or a CPU (PHB); a NIC further from its GPU — on
// servers where NCCL's own choice would use GDR — then stages data
// through host memory. (LOC is GDROff's, SYS Forced's.)
func GDRLevel(ev *nccltests.Evidence, inf Inference) []Cause {
	s := ev.Setting("NCCL_NET_GDR_LEVEL")
	if s == nil || inf.Transport.Known && inf.Transport.Value == "Socket" {
		return nil
	}
	switch strings.ToUpper(s.Value) {
	case "PIX", "1", "PXB", "2", "PHB", "3":
		return []Cause{cause(KindGDROff, s.Line, say("doctor.cause.gdr.restricted", s.Name, s.Value))}
	}
	return nil
}

// P2PLevel finds NCCL_P2P_LEVEL overriding NCCL's choice of GPU
// peer-to-peer paths: LOC (0) turns P2P off; NVL allows it over NVLink
// only, which on PCIe GPUs turns it off too (traffic goes through host
// memory) and elsewhere still overrides NCCL's own path choice. With one
// GPU per node P2P joins no GPUs and is no cause.
func P2PLevel(ev *nccltests.Evidence, inf Inference) []Cause {
	s := ev.Setting("NCCL_P2P_LEVEL")
	if s == nil || oneGPUPerNode(inf) {
		return nil
	}
	switch v := strings.ToUpper(s.Value); {
	case v == "LOC" || v == "0":
		return []Cause{cause(KindForced, s.Line, say("doctor.cause.p2p.loc", s.Name, s.Value))}
	case v == "NVL" && inf.System.Known && inf.System.Value.PCIe:
		return []Cause{cause(KindForced, s.Line, say("doctor.cause.p2p.nvl.pcie", s.Name, s.Value, inf.GPU.Value))}
	case v == "NVL":
		return []Cause{cause(KindForced, s.Line, say("doctor.cause.p2p.nvl", s.Name, s.Value))}
	}
	return nil
}

// ManyQPs is the NCCL_IB_QPS_PER_CONNECTION value from which a setting is
// a cause: NCCL's default is 1 queue pair per connection and vendors'
// tuning guides raise it to 2 or 4 for adaptive routing; 8 or more splits
// every message into that many pieces, each with its own completion.
const ManyQPs = 8

// IBQPs finds NCCL_IB_QPS_PER_CONNECTION ≥ ManyQPs on a run across nodes
// (or one whose layout the log does not show).
func IBQPs(ev *nccltests.Evidence, inf Inference) []Cause {
	s := ev.Setting("NCCL_IB_QPS_PER_CONNECTION")
	if s == nil || inf.Nodes.Known && inf.Nodes.Value == 1 {
		return nil
	}
	if n, err := strconv.Atoi(s.Value); err == nil && n >= ManyQPs {
		return []Cause{cause(KindNetSetting, s.Line, say("doctor.cause.ib.qps", s.Name, n))}
	}
	return nil
}

// DeviceOrder finds CUDA_VISIBLE_DEVICES listing GPUs out of order or with
// gaps on a node with several GPUs: NCCL builds its rings from the
// topology, but the ranks of a one-process-per-GPU launch follow this
// order, and a subset with gaps may span PCIe switches or CPU sockets the
// full set would not.
func DeviceOrder(ev *nccltests.Evidence, inf Inference) []Cause {
	s := ev.Setting("CUDA_VISIBLE_DEVICES")
	if s == nil || oneGPUPerNode(inf) {
		return nil
	}
	prev := -1
	for _, f := range strings.Split(s.Value, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil // UUIDs or MIG names: no order to judge
		}
		if n != prev+1 {
			return []Cause{cause(KindTopology, s.Line, say("doctor.cause.devices.order", s.Name, s.Value))}
		}
		prev = n
	}
	return nil
}

// ACSHints finds lines that mention PCIe ACS or the IOMMU: with either
// on, GPU peer-to-peer and GPU Direct RDMA traffic is routed up to the
// CPU's root complex instead of across the PCIe switch (NCCL's
// troubleshooting guide), which costs bandwidth or hangs. One Cause, at
// the first such line.
func ACSHints(ev *nccltests.Evidence, _ Inference) []Cause {
	if len(ev.Hints) == 0 {
		return nil
	}
	return []Cause{cause(KindTopology, ev.Hints[0].Line, say("doctor.cause.acs"))}
}

// SHMBetweenGPUs finds GPUs of one node connected "via SHM": NCCL stages
// their traffic through host memory because GPU peer-to-peer is off (a
// GeForce card's driver, NCCL_P2P_DISABLE, ACS, a VM), which costs a
// PCIe box a third of its bandwidth or more.
func SHMBetweenGPUs(ev *nccltests.Evidence, inf Inference) []Cause {
	if oneGPUPerNode(inf) {
		return nil
	}
	for _, l := range ev.Links {
		if l.Kind == "SHM" {
			return []Cause{cause(KindP2POff, l.Line, say("doctor.cause.shm", l.Transport))}
		}
	}
	return nil
}

// PCIeLinks finds a GPU or NIC link trained below its capability: an
// lspci "LnkSta:" line marked "(downgraded)", or one below 16 lanes or 8
// GT/s (PCIe Gen3), where a GPU needs x16 of Gen4 or later for its rate;
// or NCCL's topology rating a GPU's PCIe link ("+ PCI[12.0] - GPU/…")
// below the x16 link of the PCIe generation the GPU's preset has (NCCL
// rates a link from its speed and width: 12 GB/s is Gen3 x16 or Gen4 x8,
// src/graph/topo.cc).
func PCIeLinks(ev *nccltests.Evidence, inf Inference) []Cause {
	for _, l := range ev.PCIe {
		if l.Downgraded || l.Width > 0 && l.Width < 16 || l.GTs > 0 && l.GTs < 8 {
			return []Cause{cause(KindPCIe, l.Line, say("doctor.cause.pcie.link", l.GTs, l.Width))}
		}
	}
	if !inf.System.Known {
		return nil
	}
	sys, err := topo.LookupSystem("system", presetOf(inf.System.Value.Key, 0, false))
	if err != nil {
		return nil
	}
	want := cost.NCCLPCIeGBs(sys.PCIeGen)
	for _, t := range ev.Topo {
		if t.Kind == "PCI" && strings.HasPrefix(t.Target, "GPU/") && t.Bw > 0 && t.Bw < want {
			return []Cause{cause(KindPCIe, t.Line, say("doctor.cause.pcie.rated", t.Target, t.Bw, want, sys.PCIeGen, inf.GPU.Value))}
		}
	}
	return nil
}
