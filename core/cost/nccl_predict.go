package cost

import (
	"math"
	"math/bits"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/topo"
)

// NCCLPrediction is ccplay's prediction of what one operation of NCCL's
// chosen algorithm and protocol takes, beside NCCL's own estimate (the
// tuner's, which decides the choice but has no pipeline start-up). Its
// time is the sum of three terms, in µs:
//
//	StartUs     NCCL's latency (with the ring's plateau factor) + the launch
//	            nccl-tests measures + the network plugin's start-up across
//	            nodes, with steps through host memory (no peer-to-peer) at
//	            their measured cost
//	FillUs      NVLS and NVLSTree: the pipeline's depth in chunks per
//	            channel fills and drains, depth · chunk ÷ channel rate
//	BandwidthUs S ÷ the rate the pipeline reaches: NCCL's bandwidth on the
//	            channels NCCL uses at this size, times the chunk efficiency
//	            c ÷ (c + c₀) of NVLS (1 at the largest chunk), and across
//	            nodes no more than NCCL_STEPS chunks per channel per round
//	            trip of the plugin
//
// Invariants: the time is never below S ÷ NCCL's bandwidth (the tuner's
// bandwidth bound), and for sizes where NCCL uses its largest chunk on every
// channel it tends to NCCL's estimate (the extra terms are constant).
type NCCLPrediction struct {
	TimeS       float64 `json:"time_s"`
	AlgBwBps    float64 `json:"algbw_Bps"`
	BusBwBps    float64 `json:"busbw_Bps"`
	StartUs     float64 `json:"start_us"`
	FillUs      float64 `json:"fill_us"`
	BandwidthUs float64 `json:"bandwidth_us"`
	// Channels and ChunkBytes are what NCCL runs this size on
	// (src/enqueue.cc: topoGetAlgoInfo's channel count, calcCollChunking's
	// chunk).
	Channels   int   `json:"channels"`
	ChunkBytes int64 `json:"chunk_bytes"`
	// Plugin is the network plugin across nodes ("ib", "efa", "tcpxo",
	// "socket"), "" on one node; WindowBound whether its round trip, not
	// the links, sets the rate.
	Plugin      string `json:"plugin,omitempty"`
	WindowBound bool   `json:"window_bound,omitempty"`
}

// predict is the prediction for the winning entry w at size bytes on
// system sys (the zero System for a machine derived from bandwidths:
// InfiniBand verbs). O(log size).
func (t ncclTuner) predict(w NCCLCell, size int64, sys topo.System) NCCLPrediction {
	a, pr := ncclAlgoIndex(w.Algorithm), ncclProtoIndex(w.Protocol)
	m := t.m
	nvls := a == ncclNVLS || a == ncclNVLSTree
	n := t.channels(a, pr, size)
	c := t.chunk(a, pr, size, n)
	p := NCCLPrediction{Channels: n, ChunkBytes: c}

	p.StartUs = w.LatencyUs*w.LatencyFactor + predLaunchUs + t.shmExtraUs(a, pr, sys)
	bw := w.AlgBwGBs * 1000 // bytes per µs
	if nvls {
		big := float64(t.maxNVLSChunk(a))
		bw *= float64(c) / float64(c+predNVLSChunkBytes) * (big + predNVLSChunkBytes) / big
		p.FillUs = predNVLSFillChunks * float64(c) / (bw / float64(n))
	} else if f := t.channelShare(a, pr, size); f < 1 {
		bw *= f
	}
	if m.nodes > 1 {
		pl := ncclPluginOf(sys)
		p.Plugin = pl.Name
		p.StartUs += pl.StartUs
		// NCCL_STEPS chunks per channel per round trip, but never binding
		// at the largest chunk (where every published sweep reaches NCCL's
		// rate): no less than the rate scaled by chunk ÷ largest chunk.
		big := float64(t.chunk(a, pr, math.MaxInt64/2, n))
		win := max(float64(n*ncclSteps)*float64(c)/pl.RTTUs, bw*float64(c)/big)
		if win < bw {
			bw, p.WindowBound = win, true
		}
	}
	p.FillUs += t.treeFillUs(a, pr, size, n, c, bw)
	p.BandwidthUs = float64(size) / bw
	p.TimeS = (p.StartUs + p.FillUs + p.BandwidthUs) * 1e-6
	p.AlgBwBps, p.BusBwBps = Bandwidths(t.c, t.P, size, p.TimeS)
	return p
}

// treeFillUs is what a Tree/Simple operation pays before its pipeline
// runs at the bandwidth term's rate. Simple forwards a whole buffer step (a
// chunk) per hop, store and forward, where LL and LL128 forward each line
// as it lands; so the first chunk crosses every hop of the tree, up to the
// root and back down, before the pipeline is full: the sum over the hops
// of chunk ÷ the hop's per-channel rate, less the one chunk time the
// bandwidth term already counts (never negative). The hops are the chain
// inside a node (GPUs per node − 1) and ⌈log₂ nodes⌉ network hops, each
// way; a hop's per-channel rate is the tree search's BwIntra or BwInter
// shared by the channels NCCL opens on each searched one (comm channels ÷
// tree channels). A channel with less than a chunk (size ÷ channels)
// moves its share as its one chunk.
func (t ncclTuner) treeFillUs(a, pr int, size int64, n int, c int64, bw float64) float64 {
	g := t.gs.Tree
	if a != ncclTree || pr != ncclSimple || g.Channels == 0 || g.BwIntra <= 0 || g.BwInter <= 0 {
		return 0
	}
	share := float64(g.Channels) / float64(t.gs.CommChannels) * 1000 // GB/s of the search → bytes per µs of one channel
	ce := min(float64(c), float64(size)/float64(n))
	oneWay := float64(t.m.g-1)*ce/(g.BwIntra*share) + float64(bits.Len(uint(t.m.nodes-1)))*ce/(g.BwInter*share)
	return max(0, 2*oneWay-ce/(bw/float64(n)))
}

// shmExtraUs is what the intra-node steps of a ring or tree cost beyond
// NCCL's PCI latency when the node's GPUs have no peer-to-peer (sys.NoP2P):
// each at least predSHMHopUs.
func (t ncclTuner) shmExtraUs(a, pr int, sys topo.System) float64 {
	m := t.m
	if !sys.NoP2P || m.nvlink > 0 || m.g < 2 || (a != ncclRing && a != ncclTree) {
		return 0
	}
	d := predSHMHopUs - ncclHwLat[ncclHwPCI][a][pr]
	if d <= 0 {
		return 0
	}
	steps := 0
	switch {
	case a == ncclTree && t.c == prim.AllReduce:
		steps = 2 * (m.g - 1)
	case a == ncclRing && (t.c == prim.Broadcast || t.c == prim.Reduce):
		steps = 1
	case a == ncclRing:
		steps = t.P - 1
		if t.c == prim.AllReduce {
			steps *= 2
		}
		if m.nodes > 1 {
			steps -= steps / t.P * m.nodes // the steps that cross the network
		}
	}
	return d * float64(steps)
}

// channels is the channel count NCCL runs size bytes on
// (src/enqueue.cc, topoGetAlgoInfo): NVLS's own channels; for Ring and
// Tree comm->nChannels, less one while a channel's threads would each get
// fewer bytes than the protocol's threshold.
func (t ncclTuner) channels(a, pr int, size int64) int {
	nc := t.gs.CommChannels
	if a == ncclRing || a == ncclTree || a == ncclPAT {
		return max(1, min(nc, int(math.Ceil(float64(size)/t.perChannelFloor(a, pr)))))
	}
	switch {
	case a == ncclNVLS || a == ncclNVLSTree:
		n := ncclNVLSChannels(t.m.cc, t.m.nodes)
		if a == ncclNVLS && t.m.nodes > 1 {
			n = min(n, nc)
		}
		return n
	}
	return nc
}

// channelShare is the share of comm->nChannels a Ring, Tree or PAT
// operation of size bytes runs on, taken continuously (size ÷ the bytes a
// channel needs, at most 1) so that a larger size is never faster.
func (t ncclTuner) channelShare(a, pr int, size int64) float64 {
	if a != ncclRing && a != ncclTree && a != ncclPAT {
		return 1
	}
	return min(1, max(float64(size)/t.perChannelFloor(a, pr), 1)/float64(t.gs.CommChannels))
}

// perChannelFloor is the bytes below which topoGetAlgoInfo drops a
// channel: threads × the protocol's bytes per thread.
func (t ncclTuner) perChannelFloor(a, pr int) float64 {
	nt, thr := ncclThreadsSimple, ncclThresholdSimple
	switch pr {
	case ncclLL:
		nt, thr = ncclThreadsLL, ncclThresholdLL
	case ncclLL128:
		nt, thr = ncclThreadsLL128, ncclThresholdLL128
	}
	if a == ncclRing && pr == ncclSimple && t.gs.Ring.BwIntra*float64(t.gs.Ring.Channels) <= 12 {
		nt = 256 // PCI_BW (src/graph/topo.h): slow rings run 256 threads
	}
	return float64(nt * thr)
}

// maxNVLSChunk is the largest chunk NVLS (or NVLSTree) uses:
// NCCL_NVLS_CHUNKSIZE, for NVLSTree no more than its tree maximum (64 KiB
// from 4 nodes, src/transport/nvls.cc).
func (t ncclTuner) maxNVLSChunk(a int) int64 {
	if a == ncclNVLSTree && t.m.nodes >= 4 {
		return 64 << 10
	}
	return ncclNVLSChunk
}

// chunk is calcCollChunking's chunk size (src/enqueue.cc) for size bytes
// on n channels: a buffer step (the buffer ÷ NCCL_STEPS; Ring/Simple takes
// CHUNKSTEPS of them, LL half a step, LL128 15 of every 16 words), made
// smaller for NVLS, NVLSTree, Tree/LL128 and PAT when the size gives each
// channel too few chunks.
func (t ncclTuner) chunk(a, pr int, size int64, n int) int64 {
	buff := [ncclNumProtos]int64{ncclBuffLL, ncclBuffLL128, t.buffSimple}
	c := buff[pr] / ncclSteps
	if pr == ncclSimple && a == ncclRing && t.c != prim.Broadcast && t.c != prim.Reduce {
		c *= ncclRingChunkSteps
	}
	switch pr {
	case ncclLL:
		c /= 2
	case ncclLL128:
		c = c / 16 * 15
	}
	N := int64(n)
	switch {
	case a == ncclNVLS:
		ops := N * int64(max(1, t.gs.NVLS.Channels))
		c = min(c, ncclNVLSChunk)
		for _, r := range [...]struct{ k, above, to int64 }{{64, 64 << 10, 64 << 10}, {8, 32 << 10, 32 << 10}, {2, 16 << 10, 16 << 10}} {
			if size < r.k*ops*c && c > r.above {
				c = r.to
			}
		}
	case a == ncclNVLSTree:
		ops := N * int64(max(1, t.gs.NVLS.Channels))
		c = t.maxNVLSChunk(a)
		for _, r := range [...]struct{ k, above int64 }{{32, 256 << 10}, {16, 128 << 10}, {4, 64 << 10}, {1, 32 << 10}} {
			if size < r.k*ops*c && c > r.above {
				c = r.above
			}
		}
	case a == ncclTree && pr == ncclLL128:
		k := t.m.nodes
		ppn := float64(t.P) / float64(k)
		steps := 1 + float64(bits.Len(uint(k))-1) + 0.1*ppn
		for float64(size/(N*c)) < steps*64/ppn && c > 128<<10 {
			c /= 2
		}
		for float64(size/(N*c)) < steps*16/ppn && c > 32<<10 {
			c /= 2
		}
	case a == ncclPAT:
		k := int64(32)
		if t.c == prim.ReduceScatter {
			k = 16
		}
		for c*N*k > size && c > 64<<10 {
			c /= 2
		}
	}
	return c
}

func ncclAlgoIndex(name string) int {
	for i, s := range ncclAlgoNames {
		if s == name {
			return i
		}
	}
	return ncclRing
}

func ncclProtoIndex(name string) int {
	for i, s := range ncclProtoNames {
		if s == name {
			return i
		}
	}
	return ncclSimple
}
