package cost

import "github.com/ccplay/ccplay/core/topo"

// NCCL's algorithms and protocols in NCCL's own order (NCCL_ALGO_TREE …
// NCCL_ALGO_PAT, NCCL_PROTO_LL … NCCL_PROTO_SIMPLE) and spelling (ncclAlgoStr,
// ncclProtoStr), which NCCL_ALGO and NCCL_PROTO accept case-insensitively.
const (
	ncclTree = iota
	ncclRing
	ncclCollNetDirect
	ncclCollNetChain
	ncclNVLS
	ncclNVLSTree
	ncclPAT
	ncclNumAlgos
)

const (
	ncclLL = iota
	ncclLL128
	ncclSimple
	ncclNumProtos
)

var (
	ncclAlgoNames  = [ncclNumAlgos]string{"Tree", "Ring", "CollNetDirect", "CollNetChain", "NVLS", "NVLSTree", "PAT"}
	ncclProtoNames = [ncclNumProtos]string{"LL", "LL128", "Simple"}
)

// Architecture index of NCCL's per-architecture tables.
const (
	ncclVolta = iota
	ncclAmpere
	ncclHopper
	ncclBlackwell
)

// ncclArchIndex is tuning.cc's compCapIndex: ≥ 10.0 Blackwell, ≥ 9.0
// Hopper, ≥ 8.0 Ampere, else Volta.
func ncclArchIndex(cc int) int {
	switch {
	case cc >= 100:
		return ncclBlackwell
	case cc >= 90:
		return ncclHopper
	case cc >= 80:
		return ncclAmpere
	}
	return ncclVolta
}

// Hardware classes of NCCL's latency table (NCCL_HW_NVLINK, NCCL_HW_PCI,
// NCCL_HW_NET).
const (
	ncclHwNVLink = iota
	ncclHwPCI
	ncclHwNet
)

// The tuner's constants, NVIDIA/nccl v2.30.7 src/graph/tuning.cc
// (ncclTunerConstantsDefaults), in µs and GB/s, indexed [algorithm][protocol].
var (
	// baseLatencies: per operation.
	ncclBaseLat = [ncclNumAlgos][ncclNumProtos]float64{
		{6.8, 14.0, 8.4}, {6.6, 14.0, 8.4}, // Tree, Ring
		{0, 0, 0}, {0, 0, 0}, // CollNet Direct, Chain
		{0, 0, 0}, {0, 0, 0}, // NVLS, NVLSTree
		{8.0, 8.0, 8.0}, // PAT
	}
	// hwLatencies: per hop, [NVLink, PCI, network].
	ncclHwLat = [3][ncclNumAlgos][ncclNumProtos]float64{
		{{0.6, 1.25, 4.0}, {0.6, 1.9, 3.4}, {0, 0, 3.7}, {0, 0, 2.8}, {0, 0, 25}, {0, 0, 25}, {0, 0, 4.0}},
		{{1.0, 1.9, 4.0}, {1.0, 2.5, 5.7}, {0, 0, 3.7}, {0, 0, 2.8}, {0, 0, 0}, {0, 0, 0}, {0, 0, 4.0}},
		{{5.0, 8.5, 14}, {2.7, 4.0, 14.0}, {0, 0, 31}, {0, 0, 30}, {0, 0, 18}, {0, 0, 20.9}, {0, 0, 14}},
	}
	// llMaxBws [row][1 node, 2 nodes, more]: one node reads the row of its
	// GPU architecture; several nodes read row 0 (Intel host) or row 1
	// (AMD host), whatever the GPU.
	ncclLLMaxBw = [4][3]float64{
		{39.0, 39.0, 20.4},
		{87.7, 22.5, 19.0},
		{141.0, 45.0, 35.0},
		{2 * 141.0, 2 * 45.0, 2 * 35.0},
	}
	// Per-channel caps [architecture][1 node, 2 nodes, more].
	ncclPerChRingLL128 = [4][3]float64{{20, 20, 20}, {20, 20, 20}, {36.7, 36.7, 36.7}, {40, 40, 40}}
	ncclPerChTreeLL128 = [4][3]float64{{20, 20, 20}, {20, 20, 20}, {36.7, 36.7, 29.0}, {55.6, 31.67, 20.0}}
	ncclPerChTree      = [4][3]float64{{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {38.7, 41.4, 36.0}, {70.0, 42.8, 24.0}}
	ncclPerChNVLSTree  = [4][3]float64{{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {0, 57.7, 45.5}, {0, 96.0, 80.0}}
	// nvlsEfficiency per architecture (Volta and Ampere have no NVLS).
	ncclNVLSEfficiency = [4]float64{0, 0, 0.85, 0.74}
	// treeCorrectionFactor [protocol][log₂(S/64)], applied to Tree
	// AllReduce (and NVLSTree AllReduce on Blackwell x86 hosts) below
	// 2^23 · 64 B = 512 MiB (ncclTopoGetAlgoTime reads the first 23 of 24).
	ncclTreeCorrection = [ncclNumProtos][24]float64{
		{1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
		{1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0},
		{.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9},
	}
)

// ncclNetOverheadUs is getNetOverhead (src/graph/tuning.cc): the cost of
// posting a network operation, 1 µs on Intel hosts, 2 µs on AMD, 1 µs
// otherwise.
func ncclNetOverheadUs(cpu string) float64 {
	if cpu == topo.CPUAMD {
		return 2
	}
	return 1
}

// NCCLNVLinkGBs is the rate NCCL's topology assigns one NVLink of a GPU of
// compute capability cc (× 10), in GB/s (NVIDIA/nccl v2.30.7
// src/graph/topo.h, ncclTopoNVLinkBw: SM60 18, SM70/SM80 20, SM86 12,
// SM90 20.6, SM100 40.1; 20 for others, as NCCL). About 80 % of the line
// rate: what a transfer reaches once the link's protocol is paid.
func NCCLNVLinkGBs(cc int) float64 {
	switch {
	case cc >= 100:
		return 40.1
	case cc >= 90:
		return 20.6
	case cc == 86:
		return 12.0
	case cc >= 70:
		return 20.0
	case cc >= 60:
		return 18.0
	}
	return 20.0
}

// NCCLPCIeGBs is the rate NCCL's topology assigns a PCIe x16 link of
// generation gen, in GB/s (NVIDIA/nccl v2.30.7 src/graph/topo.cc: width ×
// per-lane rate ÷ 80: Gen3 and older 12, Gen4 24, Gen5 48, Gen6 96), about
// 75 % of the line rate once PCIe's packet overhead is paid.
func NCCLPCIeGBs(gen int) float64 {
	switch {
	case gen >= 6:
		return 96
	case gen == 5:
		return 48
	case gen == 4:
		return 24
	}
	return 12
}

// Inter-socket rates (GB/s) of topo.h: Intel Sapphire/Emerald Rapids
// (SRP_QPI_BW 22), AMD (AMD_BW 16), Arm (ARM_BW 6).
func ncclSocketBw(cpu string) float64 {
	switch cpu {
	case topo.CPUAMD:
		return 16
	case topo.CPUArm:
		return 6
	}
	return 22
}

// The per-channel speeds the topology search tries, fastest first
// (src/graph/search.cc): inside one node and across nodes, for compute
// capability < 9.0, 9.x and ≥ 10.0.
var (
	ncclSpeedIntra      = []float64{40.0, 30.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0}
	ncclSpeedInter      = []float64{48.0, 30.0, 28.0, 24.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.4, 1.2, 0.24, 0.12}
	ncclSpeedIntraSM90  = []float64{60.0, 50.0, 40.0, 30.0, 24.0, 20.0, 15.0, 12.0, 11.0, 6.0, 3.0}
	ncclSpeedInterSM90  = []float64{48.0, 45.0, 42.0, 40.0, 30.0, 24.0, 22.0, 20.0, 17.5, 15.0, 12.0, 6.0, 3.0, 2.4, 1.2, 0.24, 0.12}
	ncclSpeedIntraSM100 = []float64{90.0, 80.0, 70.0, 60.0, 50.0, 45.0, 40.0, 30.0, 24.0, 20.0, 19.0, 18.0}
	ncclSpeedInterSM100 = []float64{96.0, 86.0, 80.0, 48.0, 45.1, 42.0, 40.0, 30.0, 24.0, 22.0, 20.0, 17.5, 15.0, 12.0, 6.0, 3.0, 2.4, 1.2, 0.24, 0.12}
)

func ncclSpeeds(cc int, inter bool) []float64 {
	switch {
	case cc >= 100 && inter:
		return ncclSpeedInterSM100
	case cc >= 100:
		return ncclSpeedIntraSM100
	case cc >= 90 && inter:
		return ncclSpeedInterSM90
	case cc >= 90:
		return ncclSpeedIntraSM90
	case inter:
		return ncclSpeedInter
	}
	return ncclSpeedIntra
}

// Channel limits (src/include/device.h and src/init.cc): rings search up to
// MAXCHANNELS/2 = 32 channels, NVLS up to NCCL_MAX_NVLS_ARITY = 32 heads,
// CollNet Direct up to NCCL_MAX_DIRECT_ARITY + 1 = 8 local GPUs; kernels
// run on at most MAXCHANNELS = 64.
const (
	ncclMaxChannels     = 64
	ncclMaxRingChannels = ncclMaxChannels / 2
	ncclMaxNVLSArity    = 32
	ncclMaxDirectArity  = 7
)
