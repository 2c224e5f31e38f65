package cost

import (
	"strings"

	"github.com/ccplay/ccplay/core/topo"
)

// Constants of the pipeline NCCL's kernels run, read from NVIDIA/nccl
// v2.30.7 (commit 5067397); the file is named beside each.
const (
	// ncclSteps is NCCL_STEPS (src/include/device.h): the slots of a
	// connection's buffer, the chunks one channel keeps in flight.
	ncclSteps = 8
	// Buffer sizes per connection (src/init.cc): DEFAULT_BUFFSIZE 4 MiB for
	// Simple; DEFAULT_LL_BUFFSIZE = NCCL_LL_LINES_PER_THREAD 8 ×
	// NCCL_LL_MAX_NTHREADS 512 × NCCL_STEPS × 16-byte lines; and
	// DEFAULT_LL128_BUFFSIZE = NCCL_LL128_ELEMS_PER_THREAD 120 ×
	// NCCL_LL128_MAX_NTHREADS 640 × NCCL_STEPS × 8 bytes.
	ncclBuffSimple = 4 << 20
	// The NCCL_BUFFSIZE the model accepts: a buffer step (an eighth) of at
	// least 8 KiB, at most 1 GiB in all.
	ncclMinBuffSize, ncclMaxBuffSize = 64 << 10, 1 << 30
	ncclBuffLL                       = 8 * 512 * ncclSteps * 16
	ncclBuffLL128                    = 120 * 640 * ncclSteps * 8
	// ncclRingChunkSteps is ALLREDUCE/ALLGATHER/REDUCESCATTER_CHUNKSTEPS =
	// NCCL_STEPS/2 (src/include/collectives.h): a Ring/Simple chunk is that
	// many steps; Broadcast and Reduce take 1.
	ncclRingChunkSteps = ncclSteps / 2
	// ncclNVLSChunk is NCCL_NVLS_CHUNKSIZE's default, 128 KiB
	// (src/transport/nvls.cc).
	ncclNVLSChunk = 128 << 10
	// Threads per channel (src/include/device.h: NCCL_LL_MAX_NTHREADS 512,
	// NCCL_LL128_MAX_NTHREADS 640, NCCL_SIMPLE_MAX_NTHREADS 512) and the
	// bytes per thread below which topoGetAlgoInfo (src/enqueue.cc) drops a
	// Ring or Tree channel (src/include/comm.h: NCCL_LL_THREAD_THRESHOLD 8,
	// NCCL_LL128_THREAD_THRESHOLD 8, NCCL_SIMPLE_THREAD_THRESHOLD 64).
	ncclThreadsLL, ncclThreadsLL128, ncclThreadsSimple       = 512, 640, 512
	ncclThresholdLL, ncclThresholdLL128, ncclThresholdSimple = 8, 8, 64
)

// ncclNVLSChannels is the channel count NVLS and NVLSTree kernels run on
// (src/transport/nvls.cc, ncclNvlsTuning): NVLS_NCHANNELS_SM90 16 on
// Hopper; on Blackwell NVLS_NCHANNELS_SM100_NVL 24 inside one NVLink
// domain and NVLS_NCHANNELS_SM100 32 across nodes.
func ncclNVLSChannels(cc, nodes int) int {
	switch {
	case cc >= 100 && nodes > 1:
		return 32
	case cc >= 100:
		return 24
	}
	return 16
}

// Fitted constants: each is set from the corpus named beside it (the
// sweeps in testdata/nccl; docs/nccl-model.md lists which were held out).
const (
	// predLaunchUs is the per-operation cost nccl-tests measures on top of
	// NCCL's latency (kernel launch and completion): the one-node H100 sweep
	// bottoms out at 16–18 µs where NCCL's Ring/LL latency is 15.0 µs.
	predLaunchUs = 2.0
	// predNVLSChunkBytes is the NVLS kernel's per-chunk overhead expressed
	// in bytes (c₀): a chunk of c bytes runs at c ÷ (c + c₀) of the
	// multicast rate. Fitted on the one-node H100 sweep, whose NVLS rows
	// change rate exactly where NCCL's chunk size changes (8, 64 MiB, 1 GiB).
	predNVLSChunkBytes = 9 << 10
	// predNVLSFillChunks is the depth of the NVLS pipeline in chunks per
	// channel: the first chunk's result leaves after that many chunk times
	// (fill) and the last drains as long. Fitted on the same sweep: half of
	// NCCL_STEPS.
	predNVLSFillChunks = ncclSteps / 2
	// predSHMHopUs is one ring or tree step between GPUs of a node that
	// cannot reach each other over PCIe (topo.System.NoP2P: NCCL stages the
	// step through host memory, its SHM transport), where NCCL's table has
	// 1.0 µs for LL. Fitted on two logs of RTX 4090 boxes on the stock
	// driver (core/doctor/testdata): 20–21 µs for an AllReduce of 8 B to
	// 4 KiB on 4 GPUs (Ring/LL, 6 steps, rtx4090_4x_pcie_docker.txt) and
	// 42.6 µs on 8 GPUs (Tree/LL, 14 steps, rtx4090_8x_pcie_tree.txt), 2.0
	// and 2.4 µs a step. Between GPUs with peer-to-peer over PCIe NCCL's own
	// PCI latencies stand: no sweep of the corpus measures them.
	predSHMHopUs = 2.2
)

// ncclPlugin is the network transport's start-up: Start is what one
// operation pays once (posting, the first completion), RTT the round trip
// that bounds how fast NCCL_STEPS chunks per channel can be recycled (a
// channel moves at most NCCL_STEPS chunks per RTT).
type ncclPlugin struct {
	Name    string
	StartUs float64
	RTTUs   float64
}

// The plugins. InfiniBand verbs (and RoCE) are what NCCL's constants
// describe: no start-up beyond NCCL's latency, an RTT of two of NCCL's
// network hops (hwLat NET Tree/Simple 14 µs, src/graph/tuning.cc). EFA is
// fitted on the AWS p5 sweep, the only one of its kind: the start-up on
// its rows below 16 KiB (65–75 µs measured against NCCL's 25 µs), the RTT
// on its NVLSTree rows at 64 KiB chunks (16–32 MiB, 118 GB/s). TCPXO's
// start-up is fitted on the A3 Mega sweep's rows below 16 KiB, run with
// Google's profile (Tree/Simple: 123–147 µs against NCCL's 92.4 + the
// launch; the median leaves 29 µs); with that profile's 1 MiB chunks the
// window never binds on the sweep, so no row measures TCPXO's RTT, taken
// as InfiniBand's. The socket transport's start-up is fitted on the one
// TCP row of core/doctor/testdata (an 8-byte Broadcast between two nodes,
// 38–46 µs against NCCL's 22.4); no sweep gives its RTT, taken as
// InfiniBand's.
var (
	ncclPluginIB     = ncclPlugin{"ib", 0, 28}
	ncclPluginEFA    = ncclPlugin{"efa", 43, 68}
	ncclPluginTCPXO  = ncclPlugin{"tcpxo", 29, 28}
	ncclPluginSocket = ncclPlugin{"socket", 18, 28}
)

// ncclPluginOf names the network plugin of a system from its network:
// EFA (aws-ofi-nccl), GPUDirect-TCPXO, plain sockets, else InfiniBand
// verbs (RoCE included).
func ncclPluginOf(s topo.System) ncclPlugin {
	n := strings.ToLower(s.Net)
	switch {
	case strings.Contains(n, "efa") || strings.Contains(n, "elastic fabric"):
		return ncclPluginEFA
	case strings.Contains(n, "tcpxo"):
		return ncclPluginTCPXO
	case strings.Contains(n, "socket") || strings.Contains(n, "tcp"):
		return ncclPluginSocket
	}
	return ncclPluginIB
}
