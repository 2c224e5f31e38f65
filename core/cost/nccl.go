package cost

import (
	"math/bits"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// NCCLVersion is the NCCL release whose tuning model NCCL follows.
const NCCLVersion = "2.30.7"

// NCCLSource names where the model's formulas and constants come from.
const NCCLSource = "NVIDIA/nccl v2.30.7 (commit 5067397): src/graph/tuning.cc (ncclTopoTuneModel, ncclTopoGetAlgoTime), " +
	"src/graph/search.cc (per-channel speeds), src/enqueue.cc (message size); restated in our own code"

// NCCLChannels is the channel count the model assumes. NCCL's topology
// search picks it per machine (DGX-class H100 systems report 16 to 32); it
// only matters here through NCCL's per-channel bandwidth caps.
const NCCLChannels = 16

// NCCLCell is one (algorithm, protocol) entry of NCCL's tuning table for
// one collective, as NCCL_DEBUG_SUBSYS=TUNING prints it (latency µs /
// bandwidth GB/s), plus the predicted time for the question's size.
type NCCLCell struct {
	Algorithm string  `json:"algorithm"` // "Tree" or "Ring"
	Protocol  string  `json:"protocol"`  // "LL", "LL128" or "Simple"
	Enabled   bool    `json:"enabled"`
	Reason    string  `json:"reason,omitempty"` // why it is disabled
	LatencyUs float64 `json:"latency_us"`       // NCCL's latencies[coll][algo][proto]
	BusBwGBs  float64 `json:"busbw_GBs"`        // before NCCL converts bus to algorithm bandwidth
	AlgBwGBs  float64 `json:"algbw_GBs"`        // NCCL's bandwidths[coll][algo][proto]
	TimeUs    float64 `json:"time_us"`          // ncclTopoGetAlgoTime for this size (one operation)
}

// NCCLResult is NCCL's model of one question: the whole algorithm ×
// protocol table and the cheapest enabled entry.
type NCCLResult struct {
	Version     string     `json:"version"`
	Source      string     `json:"source"`
	Collective  string     `json:"collective"`
	Ranks       int        `json:"ranks"`
	Nodes       int        `json:"nodes"`
	GPUsPerNode int        `json:"gpus_per_node"`
	IntraHW     string     `json:"intra_hw"` // "NVLink" or "PCI"
	Channels    int        `json:"channels"`
	BwIntraGBs  [2]float64 `json:"bw_intra_GBs"` // per channel: [Tree, Ring]
	BwInterGBs  [2]float64 `json:"bw_inter_GBs"` // per channel: [Tree, Ring]
	SizeBytes   int64      `json:"size_bytes"`
	Cells       []NCCLCell `json:"cells"`
	Winner      string     `json:"winner"` // e.g. "Ring/LL128"
	TimeS       float64    `json:"time_s"`
	AlgBwBps    float64    `json:"algbw_Bps"` // S ÷ time, as nccl-tests
	BusBwBps    float64    `json:"busbw_Bps"` // algbw × nccl-tests' factor
	Assumptions []string   `json:"assumptions"`
}

// NCCL's constants for Hopper (compute capability 9.0) GPUs with an Intel
// x86 host, in NCCL's units (µs, GB/s), indexed [Tree, Ring][LL, LL128,
// Simple] and, for per-node-count tables, [1 node, 2 nodes, more].
var (
	ncclProtocols  = [3]string{"LL", "LL128", "Simple"}
	ncclAlgorithms = [2]string{"Tree", "Ring"}
	ncclBaseLat    = [2][3]float64{{6.8, 14.0, 8.4}, {6.6, 14.0, 8.4}}
	ncclHwLatNVL   = [2][3]float64{{0.6, 1.25, 4.0}, {0.6, 1.9, 3.4}}
	ncclHwLatPCI   = [2][3]float64{{1.0, 1.9, 4.0}, {1.0, 2.5, 5.7}}
	ncclHwLatNet   = [2][3]float64{{5.0, 8.5, 14}, {2.7, 4.0, 14.0}}
	// LL's bandwidth ceiling: one node looks at the GPU (Hopper 141),
	// several at the CPU (Intel 39 on two nodes, 20.4 beyond).
	ncclLLMaxBw          = [3]float64{141.0, 39.0, 20.4}
	ncclPerChRingLL128Bw = [3]float64{36.7, 36.7, 36.7}
	ncclPerChTreeLL128Bw = [3]float64{36.7, 36.7, 29.0}
	ncclPerChTreeBw      = [3]float64{38.7, 41.4, 36.0}
	ncclTreeCorrection   = [3][23]float64{
		{1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0},
		{1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0},
		{.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9},
	}
	ncclNetOverheadUs = 1.0 // Intel x86 host; ×3 for Simple
)

// ncclAssumptions are the choices the model makes where NCCL measures the
// machine; the CLI prints them.
var ncclAssumptions = []string{
	"latencies are NCCL's own constants (--latency, --intra-latency and --gamma do not enter NCCL's model); bandwidths come from --bandwidth, --intra-bandwidth and --efficiency",
	"GPUs are Hopper (compute capability 9.0) on an Intel x86 host; NVLS, CollNet and PAT are off (not modelled)",
	"16 channels; per-channel speed = the link's bandwidth ÷ 16: inside a node the intra link; across nodes the smaller of the intra link and one NIC per GPU (g × the network bandwidth), as NCCL's ring search uses one speed for the whole path",
	"trees on 2 nodes may run their intra-node part at up to twice the inter-node speed (search.cc raises bwIntra for trees), and NCCL uses the intra speed when there are at most 2 nodes",
	"the intra link is NVLink when faster than PCIe Gen5 x16 (64 GB/s), else PCI; LL128 is off over PCI",
	"balanced trees (no ×0.85), same channels for Broadcast/Reduce, no extra network latency (graph latencyInter = 0), one operation (no aggregation)",
}

// NCCL evaluates NCCL's algorithm × protocol model for p: for every Tree
// and Ring protocol the latency and bandwidth NCCL's tuner computes, the
// time ncclTopoGetAlgoTime predicts for S bytes, and the winner. The
// cluster is p's (GPUsPerNode 0 = one GPU per node); slowdowns are not
// part of NCCL's model and are refused. O(1).
//
// For a collective on P ranks, k nodes of g GPUs and C channels of
// per-channel speed bw (GB/s; the intra speed when k ≤ 2, else the inter):
//
//	busBw   = C·bw, then per (algorithm, protocol):
//	  Ring LL     min(LLmax, busBw/2)         Ring LL128  min(0.92·busBw, C·36.7)
//	  Tree        min(0.92·busBw, C·treeMax)  then LL: min(busBw/3.8, LLmax),
//	                                          LL128: min(busBw·(7/9 one node, else 120/128), C·treeLL128Max)
//	algBw   = busBw·P/nsteps (Ring; nsteps = 2(P−1) AllReduce, P−1 AllGather/ReduceScatter, P otherwise)
//	        = busBw/2 (Tree)
//	latency = base + Ring: (nsteps − nInter)·max(intraHw, netOverhead) + nInter·netHw,
//	                        nInter = 2(k−1) AllReduce, k−1 AllGather/ReduceScatter
//	               Tree:   2·((g−1)·intraHw + ⌊log₂k⌋·netHw)
//	time    = latency (×1.4 for multi-node Ring/Simple AllReduce with S/(C·P) ≥ 64)
//	        + S / (1000·algBw · treeCorrection(S) for Tree AllReduce)    [µs]
func NCCL(p Params) (NCCLResult, error) {
	if err := p.Validate(); err != nil {
		return NCCLResult{}, err
	}
	c := p.Collective
	nsteps := 0
	switch c {
	case prim.AllReduce:
		nsteps = 2 * (p.Ranks - 1)
	case prim.AllGather, prim.ReduceScatter:
		nsteps = p.Ranks - 1
	case prim.Broadcast, prim.Reduce:
		nsteps = p.Ranks
	default:
		return NCCLResult{}, fielderr.Errorf("model", "NCCL's tuning model covers allreduce, allgather, reducescatter, broadcast and reduce, not %s", c)
	}
	switch {
	case p.Ranks < 2:
		return NCCLResult{}, fielderr.Errorf("model", "NCCL tunes communicators of at least 2 ranks, got %d", p.Ranks)
	case p.Slow.Active():
		return NCCLResult{}, fielderr.Errorf("model", "NCCL's model has no stragglers or slow links; drop slow-rank/slow-link or use the alpha-beta model")
	}
	cl := p.Cluster()
	g, k, P := cl.GPUsPerNode, cl.Nodes(), p.Ranks
	ch := float64(NCCLChannels)
	intraGBs := cl.Intra.Bandwidth / 1e9
	netGBs := float64(g) * cl.Inter.Bandwidth / 1e9
	nvlink := p.GPUsPerNode == 0 || p.IntraBandwidth > 64e9
	r := NCCLResult{Version: NCCLVersion, Source: NCCLSource, Collective: string(c), Ranks: P, Nodes: k, GPUsPerNode: g,
		IntraHW: "PCI", Channels: NCCLChannels, SizeBytes: p.Size, Assumptions: append([]string(nil), ncclAssumptions...)}
	hwIntra := ncclHwLatPCI
	if nvlink {
		r.IntraHW, hwIntra = "NVLink", ncclHwLatNVL
	}
	// Per-channel speeds (search.cc): [Tree, Ring].
	if k == 1 {
		r.BwIntraGBs = [2]float64{intraGBs / ch, intraGBs / ch}
		r.BwInterGBs = r.BwIntraGBs
	} else {
		path := min(intraGBs, netGBs) / ch
		if g == 1 {
			path = netGBs / ch
		}
		r.BwInterGBs = [2]float64{path, path}
		r.BwIntraGBs = [2]float64{min(2*path, intraGBs/ch), path}
		if g == 1 {
			r.BwIntraGBs[0] = path
		}
	}
	idx := min(k, 3) - 1
	llMax := ncclLLMaxBw[idx]
	ppn := P / k
	best := -1.0
	for a := range ncclAlgorithms {
		tree := a == 0
		for pr := range ncclProtocols {
			cell := NCCLCell{Algorithm: ncclAlgorithms[a], Protocol: ncclProtocols[pr], Enabled: true}
			if tree && c != prim.AllReduce {
				cell.Enabled, cell.Reason = false, "NCCL runs "+string(c)+" only as a ring"
				r.Cells = append(r.Cells, cell)
				continue
			}
			if pr == 1 && !nvlink && g > 1 {
				cell.Enabled, cell.Reason = false, "LL128 is enabled by default only over NVLink paths"
			}
			bw := r.BwInterGBs[a]
			if k <= 2 {
				bw = r.BwIntraGBs[a]
			}
			bus := ch * bw
			switch {
			case !tree && pr == 0:
				bus = min(llMax, bus*.5)
			case !tree && pr == 1:
				bus = min(bus*.92, ch*ncclPerChRingLL128Bw[idx])
			}
			if tree {
				bus = min(bus*.92, ch*ncclPerChTreeBw[idx])
				switch pr {
				case 0:
					bus = min(bus/3.8, llMax)
				case 1:
					f := 120.0 / 128.0
					if k == 1 {
						f = 7.0 / 9.0
					}
					bus = min(bus*f, ch*ncclPerChTreeLL128Bw[idx])
				}
			}
			cell.BusBwGBs = bus
			if tree {
				cell.AlgBwGBs = bus * .5
			} else {
				cell.AlgBwGBs = bus * float64(P) / float64(nsteps)
			}
			// Latency.
			lat := ncclBaseLat[a][pr]
			intraLat := hwIntra[a][pr]
			interLat := ncclHwLatNet[a][pr]
			if ppn == 1 {
				interLat = ncclHwLatNet[0][pr]
			}
			if tree {
				lat += 2 * (float64(ppn-1)*intraLat + float64(bits.Len(uint(k))-1)*interLat)
			} else if c == prim.Broadcast || c == prim.Reduce {
				if k == 1 {
					lat += hwIntra[a][pr]
				} else {
					lat += ncclHwLatNet[a][pr]
				}
			} else {
				over := 0.0
				if k > 1 {
					over = ncclNetOverheadUs
					if pr == 2 {
						over *= 3
					}
				}
				intraLat = max(intraLat, over)
				nInter := 0
				if k > 1 {
					nInter = k - 1
					if c == prim.AllReduce {
						nInter = 2 * (k - 1)
					}
				}
				lat += float64(nsteps-nInter)*intraLat + float64(nInter)*interLat
			}
			cell.LatencyUs = lat
			cell.TimeUs = ncclTime(c, tree, pr, k, P, lat, cell.AlgBwGBs, p.Size)
			if cell.Enabled && (best < 0 || cell.TimeUs < best) {
				best = cell.TimeUs
				r.Winner = cell.Algorithm + "/" + cell.Protocol
			}
			r.Cells = append(r.Cells, cell)
		}
	}
	r.TimeS = best * 1e-6
	r.AlgBwBps, r.BusBwBps = Bandwidths(c, P, p.Size, r.TimeS)
	return r, nil
}

// ncclTime is ncclTopoGetAlgoTime for one operation of size bytes, in µs.
func ncclTime(c prim.Collective, tree bool, pr, nodes, ranks int, lat, bw float64, size int64) float64 {
	if logSize := bits.Len64(uint64(size>>6)) - 1; tree && c == prim.AllReduce && logSize >= 0 && logSize < 23 {
		bw *= ncclTreeCorrection[pr][logSize]
	}
	if !tree && pr == 2 && nodes > 1 && c == prim.AllReduce && size/int64(NCCLChannels*ranks) >= 64 {
		lat *= 1.4 // the ring's plateau effect (compute capability ≥ 8.0)
	}
	return lat + float64(size)/(1000*bw)
}
