package topo

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// GPU architectures as NCCL groups them (NCCL_VOLTA_COMPCAP_IDX …
// NCCL_BLACKWELL_COMPCAP_IDX in NVIDIA/nccl v2.30.7 src/graph/tuning.cc):
// the index of every per-architecture table of NCCL's tuner.
const (
	ArchVolta     = "volta"     // compute capability 7.x
	ArchAmpere    = "ampere"    // 8.x (A100, and Ada such as L40S)
	ArchHopper    = "hopper"    // 9.0 (H100, H200, H20, H800)
	ArchBlackwell = "blackwell" // 10.x (B200, GB200)
)

// Host CPU vendors as NCCL distinguishes them in its tuner (the LL
// bandwidth ceiling on several nodes and the network post overhead,
// src/graph/tuning.cc).
const (
	CPUIntel = "intel"
	CPUAMD   = "amd"
	CPUArm   = "arm"
)

// System is a whole machine: the GPUs of one node and how they are joined
// inside the node and to the network. Each preset names its source.
type System struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	GPU   string `json:"gpu"`
	// Arch is one of ArchVolta … ArchBlackwell; CompCap is the compute
	// capability × 10 (90 for 9.0), which selects NCCL's NVLink rate and
	// speed tables.
	Arch    string `json:"arch"`
	CompCap int    `json:"compute_capability"`
	// GPUsPerNode is the GPUs NCCL sees as one node: a server, or a
	// multi-node NVLink domain (GB200 NVL72), which NCCL treats as one.
	GPUsPerNode int `json:"gpus_per_node"`
	// NVLinks is the NVLink count of one GPU (0: GPUs talk over PCIe);
	// NVLinkGen its generation; NVSwitch whether all links go to NVSwitch
	// chips; NVLS whether those switches reduce in the network (NVLink
	// SHARP, NVSwitch generation 3 and later).
	NVLinks   int  `json:"nvlinks"`
	NVLinkGen int  `json:"nvlink_gen"`
	NVSwitch  bool `json:"nvswitch"`
	NVLS      bool `json:"nvls"`
	// LineRateGBs is the NVLink line rate of one GPU per direction (GB/s),
	// or the PCIe rate where there is no NVLink: the figure NVIDIA
	// publishes, not NCCL's internal rate.
	LineRateGBs float64 `json:"line_rate_GBs"`
	// PCIeGen is the generation of the x16 links of GPUs and NICs.
	PCIeGen int `json:"pcie_gen"`
	// NICs is the network adapters (ports) of one node used for GPU traffic
	// and NICGbps the rate of each in Gbit/s; CollNet whether the network
	// switches can reduce (InfiniBand SHARP).
	NICs    int     `json:"nics"`
	NICGbps float64 `json:"nic_Gbps"`
	CollNet bool    `json:"collnet"`
	// Net names the transport ("InfiniBand NDR", "GPUDirect-TCPXO", …).
	Net string `json:"net"`
	CPU string `json:"cpu"` // CPUIntel, CPUAMD or CPUArm
	// Sockets is the CPU sockets of a node; for PCIe systems GPUs on
	// different sockets talk through the inter-socket link.
	Sockets int `json:"sockets"`
	// NoP2P is true where the GPUs of a node cannot reach each other's
	// memory over PCIe (GeForce cards on NVIDIA's stock driver): NCCL then
	// stages GPU-to-GPU traffic through host memory (its SHM transport).
	NoP2P bool `json:"no_p2p,omitempty"`
	// NCCL is NCCL's environment as the system's provider sets it for its
	// network (the zero value: NCCL's defaults).
	NCCL   NCCLEnv `json:"nccl,omitzero"`
	Source string  `json:"source"`
}

// NCCLEnv is NCCL_ALGO, NCCL_PROTO and NCCL_BUFFSIZE as a provider's
// profile exports them (empty or 0: unset); a question's own knobs win.
type NCCLEnv struct {
	Algo     string `json:"algo,omitempty"`
	Proto    string `json:"proto,omitempty"`
	BuffSize int64  `json:"buffsize,omitempty"`
}

// String lists the variables e sets as NAME=value, space-separated, in
// the order NCCL_ALGO, NCCL_PROTO, NCCL_BUFFSIZE ("" when none is set).
func (e NCCLEnv) String() string {
	var set []string
	if e.Algo != "" {
		set = append(set, "NCCL_ALGO="+e.Algo)
	}
	if e.Proto != "" {
		set = append(set, "NCCL_PROTO="+e.Proto)
	}
	if e.BuffSize != 0 {
		set = append(set, "NCCL_BUFFSIZE="+strconv.FormatInt(e.BuffSize, 10))
	}
	return strings.Join(set, " ")
}

// NICGBs is one NIC's rate in GB/s (Gbit/s ÷ 8).
func (s System) NICGBs() float64 { return s.NICGbps / 8 }

// NetworkPerGPU is the network bandwidth of one GPU in bytes/s: the node's
// NICs shared by its GPUs.
func (s System) NetworkPerGPU() float64 {
	return float64(s.NICs) * s.NICGbps * 1e9 / 8 / float64(s.GPUsPerNode)
}

// NICsFor is the NICs a node of s has when gpn of its GPUs share it: the
// preset's, or, for another node size, the same share of them (at least
// one). gpn ≤ 0 is the preset's node.
func (s System) NICsFor(gpn int) int {
	if gpn <= 0 || gpn == s.GPUsPerNode {
		return s.NICs
	}
	return max(1, s.NICs*gpn/s.GPUsPerNode)
}

// IntraBandwidth is the intra-node bandwidth of one GPU in bytes/s per
// direction: the published NVLink line rate, or PCIe's.
func (s System) IntraBandwidth() float64 { return s.LineRateGBs * 1e9 }

// systems are the whole-system presets, in the order the playground lists
// them.
var systems = []System{
	{Name: "dgx-a100", Label: "NVIDIA DGX A100 (8× A100 SXM4, NVLink 3, 8× 200G HDR)", GPU: "A100-SXM4-80GB",
		Arch: ArchAmpere, CompCap: 80, GPUsPerNode: 8, NVLinks: 12, NVLinkGen: 3, NVSwitch: true,
		LineRateGBs: 300, PCIeGen: 4, NICs: 8, NICGbps: 200, Net: "InfiniBand HDR (ConnectX-6)", CPU: CPUAMD, Sockets: 2,
		Source: "NVIDIA DGX A100 User Guide (hardware overview: 8× A100 SXM4, 6 NVSwitches, 12 NVLinks per GPU = 600 GB/s total, 8× single-port ConnectX-6 200 Gb/s HDR for compute, 2× AMD EPYC 7742, PCIe Gen4)"},
	{Name: "dgx-h100", Label: "NVIDIA DGX H100 (8× H100 SXM5, NVLink 4, 8× 400G NDR)", GPU: "H100-SXM5-80GB",
		Arch: ArchHopper, CompCap: 90, GPUsPerNode: 8, NVLinks: 18, NVLinkGen: 4, NVSwitch: true, NVLS: true,
		LineRateGBs: 450, PCIeGen: 5, NICs: 8, NICGbps: 400, CollNet: true, Net: "InfiniBand NDR (ConnectX-7)", CPU: CPUIntel, Sockets: 2,
		Source: "NVIDIA DGX H100/H200 User Guide (8× H100 SXM5, 4 NVSwitch chips of 3rd generation with NVLink SHARP, 18 NVLinks per GPU = 900 GB/s total, 8× ConnectX-7 400 Gb/s for the compute fabric, 2× Intel Xeon Platinum 8480C, PCIe Gen5)"},
	{Name: "dgx-h200", Label: "NVIDIA DGX H200 (8× H200, NVLink 4, 8× 400G NDR)", GPU: "H200-141GB",
		Arch: ArchHopper, CompCap: 90, GPUsPerNode: 8, NVLinks: 18, NVLinkGen: 4, NVSwitch: true, NVLS: true,
		LineRateGBs: 450, PCIeGen: 5, NICs: 8, NICGbps: 400, CollNet: true, Net: "InfiniBand NDR (ConnectX-7)", CPU: CPUIntel, Sockets: 2,
		Source: "NVIDIA DGX H100/H200 User Guide and DGX H200 datasheet (8× H200 141 GB, NVLink 4 at 900 GB/s total per GPU through 4 NVSwitches, 8× ConnectX-7 400 Gb/s, 2× Intel Xeon Platinum 8480C, PCIe Gen5)"},
	{Name: "dgx-b200", Label: "NVIDIA DGX B200 (8× B200, NVLink 5, 8× 400G)", GPU: "B200-180GB",
		Arch: ArchBlackwell, CompCap: 100, GPUsPerNode: 8, NVLinks: 18, NVLinkGen: 5, NVSwitch: true, NVLS: true,
		LineRateGBs: 900, PCIeGen: 5, NICs: 8, NICGbps: 400, CollNet: true, Net: "InfiniBand NDR (ConnectX-7)", CPU: CPUIntel, Sockets: 2,
		Source: "NVIDIA DGX B200 User Guide and datasheet (8× B200, 2 NVSwitch chips of 5th-generation NVLink, 18 links = 1.8 TB/s total per GPU, 8 single-port ConnectX-7 400 Gb/s OSFP for the compute fabric, 2× Intel Xeon Platinum 8570, PCIe Gen5)"},
	{Name: "gb200-nvl72", Label: "NVIDIA GB200 NVL72 (72× B200 in one NVLink domain, 72× 400G)", GPU: "GB200 (B200)",
		Arch: ArchBlackwell, CompCap: 100, GPUsPerNode: 72, NVLinks: 18, NVLinkGen: 5, NVSwitch: true, NVLS: true,
		LineRateGBs: 900, PCIeGen: 5, NICs: 72, NICGbps: 400, CollNet: true, Net: "InfiniBand NDR (ConnectX-7)", CPU: CPUArm, Sockets: 36,
		Source: "NVIDIA GB200 NVL72 product page and reference architecture (72 Blackwell GPUs and 36 Grace CPUs in one NVLink 5 domain of 1.8 TB/s per GPU through 9 NVLink switch trays; 18 compute trays of 4 GPUs, each with 4 ConnectX-7 400 Gb/s); NCCL treats a multi-node NVLink domain as one node (MNNVL, NVIDIA/nccl src/graph/topo.cc)"},
	{Name: "a3-mega", Label: "Google Cloud A3 Mega (8× H100, NVLink 4, 8× 200G GPUDirect-TCPXO)", GPU: "H100-SXM5-80GB",
		Arch: ArchHopper, CompCap: 90, GPUsPerNode: 8, NVLinks: 18, NVLinkGen: 4, NVSwitch: true, NVLS: true,
		LineRateGBs: 450, PCIeGen: 5, NICs: 8, NICGbps: 200, Net: "GPUDirect-TCPXO (Ethernet)", CPU: CPUIntel, Sockets: 2,
		NCCL: NCCLEnv{Algo: "Ring,Tree", Proto: "Simple", BuffSize: 8 << 20},
		Source: "Google Cloud GPU machine types, a3-megagpu-8g (8× H100 80GB with NVSwitch, 8 GPU NICs of 200 Gbps = 1,600 Gbps with GPUDirect-TCPXO, Intel Sapphire Rapids); " +
			"NCCL as Google's cluster toolkit runs it over TCPXO (GoogleCloudPlatform/cluster-toolkit, examples/machine-learning/a3-megagpu-8g: nccl-tests/run-nccl-tests.sh sources nccl-env-profile.sh, " +
			"whose NCCL_ALGO=Ring,Tree, NCCL_PROTO=Simple and NCCL_BUFFSIZE=8388608 nemo-framework/Dockerfile repeats at commit 5417609d93161e3d3fd636c5aca34f9df8db10c2)"},
	{Name: "aws-p5", Label: "AWS p5.48xlarge (8× H100, NVLink 4, 32× 100G EFA as 8× 400G)", GPU: "H100-SXM5-80GB",
		Arch: ArchHopper, CompCap: 90, GPUsPerNode: 8, NVLinks: 18, NVLinkGen: 4, NVSwitch: true, NVLS: true,
		LineRateGBs: 450, PCIeGen: 5, NICs: 8, NICGbps: 400, Net: "Elastic Fabric Adapter (aws-ofi-nccl)", CPU: CPUAMD, Sockets: 2,
		Source: "AWS EC2 P5 instances (p5.48xlarge: 8× H100 80GB with 900 GB/s NVSwitch, 3,200 Gbps of EFA networking on 32 EFA devices, 3rd-generation AMD EPYC); the aws-ofi-nccl plugin groups the 4 EFA devices of a GPU into one NCCL device (multi-rail), so NCCL sees 8 NICs of 400 Gbps"},
	// p4d and p4de are DGX A100's node with a quarter of its network: 4
	// EFA devices of 100 Gbit/s, one per two GPUs. NCCL runs there with
	// NCCL_PROTO=Simple: the aws-ofi-nccl plugin exports it itself unless
	// the user set it (src/platform-aws.c: v1.6 marks p4d and p4de
	// force_proto_simple; later versions ask the EFA endpoint for 128-byte
	// in-order delivery, FI_OPT_EFA_SENDRECV_IN_ORDER_ALIGNED_128_BYTES,
	// which p4d's EFA does not give, and set it in configure_nccl_proto).
	// On p5 its RDMA protocol skips that check, so aws-p5 keeps NCCL's
	// defaults.
	{Name: "aws-p4de", Label: "AWS p4de.24xlarge (8× A100 80GB, NVLink 3, 4× 100G EFA)", GPU: "A100-SXM4-80GB",
		Arch: ArchAmpere, CompCap: 80, GPUsPerNode: 8, NVLinks: 12, NVLinkGen: 3, NVSwitch: true,
		LineRateGBs: 300, PCIeGen: 4, NICs: 4, NICGbps: 100, Net: "Elastic Fabric Adapter (aws-ofi-nccl)", CPU: CPUIntel, Sockets: 2,
		NCCL: NCCLEnv{Proto: "Simple"},
		Source: "AWS EC2 P4 instances (p4de.24xlarge: 8× A100 80GB on NVSwitch at 600 GB/s per GPU, 400 Gbps of EFA networking with GPUDirect RDMA on 4 EFA devices, " +
			"2 sockets of 2nd-generation Intel Xeon Scalable, Cascade Lake P-8275CL, as AWS Compute Blog's \"Amazon EC2 P4d instances deep dive\" draws the node); " +
			"NCCL_PROTO=simple as the aws-ofi-nccl plugin exports it on p4d and p4de unless the user set it (aws/aws-ofi-nccl src/platform-aws.c; " +
			"its log says \"NET/OFI Setting NCCL_PROTO to \\\"simple\\\"\", https://github.com/aws/aws-ofi-nccl/issues/715)"},
	{Name: "aws-p4d", Label: "AWS p4d.24xlarge (8× A100 40GB, NVLink 3, 4× 100G EFA)", GPU: "A100-SXM4-40GB",
		Arch: ArchAmpere, CompCap: 80, GPUsPerNode: 8, NVLinks: 12, NVLinkGen: 3, NVSwitch: true,
		LineRateGBs: 300, PCIeGen: 4, NICs: 4, NICGbps: 100, Net: "Elastic Fabric Adapter (aws-ofi-nccl)", CPU: CPUIntel, Sockets: 2,
		NCCL:   NCCLEnv{Proto: "Simple"},
		Source: "as aws-p4de, with 8× A100 40GB (AWS EC2 P4 instances, p4d.24xlarge)"},
	{Name: "pcie-l40s", Label: "PCIe server (8× L40S, no NVLink, 2 sockets, 4× 200G)", GPU: "L40S-48GB",
		Arch: ArchAmpere, CompCap: 89, GPUsPerNode: 8, PCIeGen: 4, LineRateGBs: 32,
		NICs: 4, NICGbps: 200, Net: "RoCE / InfiniBand 200G", CPU: CPUIntel, Sockets: 2,
		Source: "NVIDIA L40S datasheet (Ada Lovelace, compute capability 8.9, PCIe Gen4 x16 = 64 GB/s both directions, no NVLink) in NVIDIA's 2-8-5-200 reference server (2 CPU sockets, 8 GPUs, 4 east-west NICs of 200 Gb/s)"},
	// Workstations and PCIe servers of consumer and professional cards.
	// A GeForce card's x16 link runs at the rate of its PCIe generation,
	// as a data-center card's does; what differs is peer-to-peer: NVIDIA's
	// stock driver does not enable it on GeForce cards (NCCL falls back to
	// SHM), and tinygrad's open-gpu-kernel-modules (github.com/tinygrad/
	// open-gpu-kernel-modules, "P2P support for 4090") does. The "-p2p"
	// presets are those boxes with that driver.
	{Name: "ws-rtx4090-4x", Label: "Workstation (4× RTX 4090, PCIe Gen4, 1 socket, stock driver: no P2P)", GPU: "RTX 4090 24GB",
		Arch: ArchAmpere, CompCap: 89, GPUsPerNode: 4, PCIeGen: 4, LineRateGBs: 32,
		NICs: 1, NICGbps: 100, Net: "100G Ethernet (one NIC)", CPU: CPUAMD, Sockets: 1, NoP2P: true,
		Source: "NVIDIA GeForce RTX 4090 specifications (Ada Lovelace, compute capability 8.9 per the CUDA GPUs list, PCIe Gen4 x16, no NVLink); peer-to-peer off on the stock GeForce driver (NCCL reports the GPUs connected via SHM; tinygrad/open-gpu-kernel-modules README); one AMD Threadripper socket as in 4-GPU workstations"},
	{Name: "ws-rtx4090-4x-p2p", Label: "Workstation (4× RTX 4090, PCIe Gen4, 1 socket, P2P driver)", GPU: "RTX 4090 24GB",
		Arch: ArchAmpere, CompCap: 89, GPUsPerNode: 4, PCIeGen: 4, LineRateGBs: 32,
		NICs: 1, NICGbps: 100, Net: "100G Ethernet (one NIC)", CPU: CPUAMD, Sockets: 1,
		Source: "as ws-rtx4090-4x, with peer-to-peer over PCIe enabled by tinygrad/open-gpu-kernel-modules"},
	{Name: "srv-rtx4090-8x", Label: "Server (8× RTX 4090, PCIe Gen4, 2 AMD sockets, stock driver: no P2P)", GPU: "RTX 4090 24GB",
		Arch: ArchAmpere, CompCap: 89, GPUsPerNode: 8, PCIeGen: 4, LineRateGBs: 32,
		NICs: 2, NICGbps: 100, Net: "100G Ethernet", CPU: CPUAMD, Sockets: 2, NoP2P: true,
		Source: "NVIDIA GeForce RTX 4090 specifications (PCIe Gen4 x16, no NVLink) in a 2-socket AMD EPYC server with every GPU on a CPU root port (nvidia-smi topo shows SYS between GPUs of different sockets); peer-to-peer off on the stock GeForce driver"},
	{Name: "srv-rtx4090-8x-p2p", Label: "Server (8× RTX 4090, PCIe Gen4, 2 AMD sockets, P2P driver)", GPU: "RTX 4090 24GB",
		Arch: ArchAmpere, CompCap: 89, GPUsPerNode: 8, PCIeGen: 4, LineRateGBs: 32,
		NICs: 2, NICGbps: 100, Net: "100G Ethernet", CPU: CPUAMD, Sockets: 2,
		Source: "as srv-rtx4090-8x, with peer-to-peer over PCIe enabled by tinygrad/open-gpu-kernel-modules"},
	{Name: "ws-rtx3090-4x", Label: "Workstation (4× RTX 3090, PCIe Gen4, 1 socket, stock driver: no P2P over PCIe)", GPU: "RTX 3090 24GB",
		Arch: ArchAmpere, CompCap: 86, GPUsPerNode: 4, PCIeGen: 4, LineRateGBs: 32,
		NICs: 1, NICGbps: 100, Net: "100G Ethernet (one NIC)", CPU: CPUAMD, Sockets: 1, NoP2P: true,
		Source: "NVIDIA GeForce RTX 3090 specifications (Ampere, compute capability 8.6, PCIe Gen4 x16; its NVLink bridge joins two cards only, not modelled); peer-to-peer over PCIe off on the stock GeForce driver"},
	{Name: "ws-rtxa6000-4x", Label: "Workstation (4× RTX A6000, PCIe Gen4, 1 socket)", GPU: "RTX A6000 48GB",
		Arch: ArchAmpere, CompCap: 86, GPUsPerNode: 4, PCIeGen: 4, LineRateGBs: 32,
		NICs: 1, NICGbps: 100, Net: "100G Ethernet (one NIC)", CPU: CPUAMD, Sockets: 1,
		Source: "NVIDIA RTX A6000 datasheet (Ampere, compute capability 8.6, PCIe Gen4 x16 at 64 GB/s both directions; its 2-way NVLink bridge not modelled); professional cards enable peer-to-peer; one AMD Threadripper PRO socket"},
	{Name: "ws-rtx6000ada-4x", Label: "Workstation (4× RTX 6000 Ada, PCIe Gen4, 1 socket)", GPU: "RTX 6000 Ada 48GB",
		Arch: ArchAmpere, CompCap: 89, GPUsPerNode: 4, PCIeGen: 4, LineRateGBs: 32,
		NICs: 1, NICGbps: 100, Net: "100G Ethernet (one NIC)", CPU: CPUAMD, Sockets: 1,
		Source: "NVIDIA RTX 6000 Ada Generation datasheet (Ada Lovelace, compute capability 8.9, PCIe Gen4 x16, no NVLink); professional cards enable peer-to-peer; one AMD Threadripper PRO socket"},
	{Name: "pcie-l40s-4x", Label: "PCIe server (4× L40S, no NVLink, 1 socket, 2× 200G)", GPU: "L40S-48GB",
		Arch: ArchAmpere, CompCap: 89, GPUsPerNode: 4, PCIeGen: 4, LineRateGBs: 32,
		NICs: 2, NICGbps: 200, Net: "RoCE / InfiniBand 200G", CPU: CPUIntel, Sockets: 1,
		Source: "NVIDIA L40S datasheet (PCIe Gen4 x16, no NVLink) in a 1-socket server of 4 GPUs and 2 NICs of 200 Gb/s, half of NVIDIA's 2-8-5-200 reference server"},
	{Name: "pcie-a100", Label: "PCIe server (8× A100 PCIe, no NVLink bridges, 2 sockets, 4× 200G)", GPU: "A100-PCIE-80GB",
		Arch: ArchAmpere, CompCap: 80, GPUsPerNode: 8, PCIeGen: 4, LineRateGBs: 32,
		NICs: 4, NICGbps: 200, Net: "InfiniBand HDR / RoCE 200G", CPU: CPUAMD, Sockets: 2,
		Source: "NVIDIA A100 PCIe datasheet (compute capability 8.0, PCIe Gen4 x16 = 64 GB/s both directions; NVLink bridges optional, not modelled) in a 2-socket AMD EPYC server with 4 NICs of 200 Gb/s"},
	{Name: "pcie-h100", Label: "PCIe server (8× H100 PCIe, no NVLink bridges, 2 sockets, 4× 400G)", GPU: "H100-PCIE-80GB",
		Arch: ArchHopper, CompCap: 90, GPUsPerNode: 8, PCIeGen: 5, LineRateGBs: 64,
		NICs: 4, NICGbps: 400, Net: "InfiniBand NDR / RoCE 400G", CPU: CPUIntel, Sockets: 2,
		Source: "NVIDIA H100 PCIe datasheet (compute capability 9.0, PCIe Gen5 x16 = 128 GB/s both directions; NVLink bridges optional, not modelled) in a 2-socket Intel Xeon server with 4 NICs of 400 Gb/s"},
}

// Systems returns the whole-system presets (a copy).
func Systems() []System { return append([]System(nil), systems...) }

// SystemNames lists the presets' names.
func SystemNames() []string {
	names := make([]string, len(systems))
	for i, s := range systems {
		names[i] = s.Name
	}
	return names
}

// LookupSystem returns the preset named name (case-insensitive), or an
// error on field that lists the accepted names.
func LookupSystem(field, name string) (System, error) {
	k := strings.ToLower(strings.TrimSpace(name))
	for _, s := range systems {
		if s.Name == k {
			return s, nil
		}
	}
	return System{}, fielderr.New(field, "topo.system.unknown", name, strings.Join(SystemNames(), ", "))
}
