package cost

import (
	"math"

	"github.com/ccplay/ccplay/core/topo"
)

// ncclMachine is the machine as NCCL's topology code sees it: per-GPU link
// rates in NCCL's own units (GB/s), the node layout and the network.
type ncclMachine struct {
	cc       int
	cpu      string
	g, nodes int
	nvlink   float64 // one GPU's NVLink total: links × NCCLNVLinkGBs; 0 without NVLink
	nvswitch bool
	nvls     bool
	pci      float64 // one GPU's (and one NIC's) PCIe x16 rate
	sockets  int
	nics     int     // NICs of a node
	nic      float64 // one NIC's rate, Gbit/s ÷ 8 as topo.cc sets net.bw
	collnet  bool    // the network can reduce (SHARP) and NCCL_COLLNET_ENABLE=1
}

// intraBudget is what one GPU can push to its peers per direction inside
// the node: its NVLinks, or over PCIe the PCIe link, no faster than the
// inter-socket link when GPUs span sockets, and 5/6 of it through an Intel
// root complex (INTEL_P2P_OVERHEAD, src/graph/topo.h: Intel turns GPU P2P
// into 64-byte TLPs).
func (m ncclMachine) intraBudget() float64 {
	if m.nvlink > 0 {
		return m.nvlink
	}
	b := m.pci
	if m.sockets > 1 {
		b = min(b, ncclSocketBw(m.cpu))
	}
	if m.cpu == topo.CPUIntel {
		b = b * 5 / 6
	}
	return b
}

// netPath is the GPU–NIC path rate: the NIC behind a PCIe link.
func (m ncclMachine) netPath() float64 { return min(m.pci, m.nic) }

// ncclGraph is the outcome of NCCL's topology search for one pattern:
// channels and per-channel speeds inside the node and to the network
// (struct ncclTopoGraph's nChannels, bwIntra, bwInter).
type ncclGraph struct {
	Channels int
	BwIntra  float64
	BwInter  float64
}

// ncclSearch follows ncclTopoCompute (src/graph/search.cc) on a machine
// whose links are uniform: fits(s) is how many channels of speed s the
// links carry. Pass 1 starts at the fastest speed no faster than maxBw
// whose minCh channels fit totalBw, and walks down the speed array while a
// speed stays above 0.49 × the best found, keeping the most bandwidth
// (channels × speed); it stops at maxCh channels or once channels × speed
// reach totalBw. The result is then duplicated (ncclTopoDupChannels: twice
// the channels at half the speed when the speed is ≥ 25 GB/s, except on
// compute capability > 8.0 below 50 GB/s with more than 4 channels).
func ncclSearch(speeds []float64, cc int, maxBw, totalBw float64, minCh, maxCh int, fits func(float64) int) ncclGraph {
	i := 0
	for i < len(speeds)-1 && (speeds[i] > maxBw || speeds[i]*float64(minCh) > totalBw) {
		i++
	}
	var best ncclGraph
	for ; i < len(speeds); i++ {
		s := speeds[i]
		if best.Channels > 0 && s/best.BwInter <= .49 {
			break
		}
		n := min(fits(s), maxCh)
		if n >= minCh && float64(n)*s > float64(best.Channels)*best.BwInter {
			best = ncclGraph{n, s, s}
		}
		if best.Channels == maxCh || (best.Channels > 0 && float64(best.Channels)*best.BwInter >= totalBw) {
			break
		}
	}
	if best.Channels == 0 {
		// search.cc's fallback: one channel at 0.1 GB/s in PCI order.
		return ncclGraph{1, 0.1, 0.1}
	}
	if best.BwIntra >= 25 && !(cc > 80 && best.BwIntra < 50 && best.Channels > 4) {
		if c := min(2*best.Channels, maxCh); c > best.Channels {
			best = ncclGraph{c, best.BwIntra / 2, best.BwInter / 2}
		}
	}
	return best
}

// climb is search.cc's pass 2: from the speed array entry at cur, step to
// each faster entry while cont(current) holds and ok accepts it; the first
// refusal ends the climb (a faster speed would not fit either).
func climb(speeds []float64, cur float64, cont, ok func(float64) bool) float64 {
	i := 0
	for i < len(speeds)-1 && speeds[i] > cur {
		i++
	}
	for i > 0 && cont(cur) {
		i--
		if !ok(speeds[i]) {
			break
		}
		cur = speeds[i]
	}
	return cur
}

// ringFits counts the ring channels of speed s the machine carries: inside
// a node every GPU sends each channel to the next (the last GPU of a node
// to a NIC, so on several nodes a GPU's intra link carries (g−1)/g of the
// channels); across nodes each channel enters and leaves through one NIC.
func (m ncclMachine) ringFits(s float64) int {
	intra := m.intraBudget()
	if m.nodes == 1 {
		return int(math.Floor(intra/s + 1e-9))
	}
	if m.netPath() < s {
		return 0
	}
	n := m.nics * int(math.Floor(m.nic/s+1e-9))
	if m.g > 1 {
		share := float64(m.g-1) / float64(m.g)
		n = min(n, int(math.Floor(intra/(s*share)+1e-9)))
	}
	return n
}

// ncclGraphs is the search's outcome for every pattern NCCL builds (ring,
// tree, NVLS, CollNet) and the channel count kernels run on.
type ncclGraphs struct {
	Ring, Tree, NVLS, CollNetDirect, CollNetChain ncclGraph
	// CommChannels is comm->nChannels: min(tree, ring) channels, doubled
	// when rings and trees are connected (connect.cc), doubled again on
	// Hopper and later across nodes when the ring's bwIntra > 45 GB/s and
	// fewer than 16 channels, then NCCL_MIN/MAX_NCHANNELS.
	CommChannels int
}

// searchGraphs restates src/init.cc's sequence of searches: the ring
// (1–32 channels), the tree (as many channels as the ring), CollNet chain
// and direct when CollNet is on, and NVLS on NVSwitch systems with NVLink
// SHARP (compute capability ≥ 9.0).
func (m ncclMachine) searchGraphs(minCh, maxCh int) ncclGraphs {
	inter := m.nodes > 1
	speeds := ncclSpeeds(m.cc, inter)
	var gs ncclGraphs
	maxBw := m.intraBudget()
	if inter {
		maxBw = m.netPath()
	}
	totalBw := max(m.nvlink, m.pci)
	gs.Ring = ncclSearch(speeds, m.cc, maxBw, totalBw, 1, ncclMaxRingChannels, m.ringFits)
	// Pass 2 for rings: raise both speeds while the channels still fit.
	c := gs.Ring.Channels
	always := func(float64) bool { return true }
	s := climb(speeds, gs.Ring.BwInter, always, func(x float64) bool { return m.ringFits(x) >= c })
	gs.Ring.BwIntra, gs.Ring.BwInter = s, s

	// Trees: as many channels as rings; non-ring patterns need not return
	// to the first NIC, so the search lets them see g/(g−1) of the NVLink
	// rate; pass 2 then raises bwIntra while it is below twice bwInter and
	// the node's links carry it.
	treeTotal := totalBw
	if m.g > 1 {
		treeTotal *= float64(m.g) / float64(m.g-1)
	}
	gs.Tree = ncclSearch(speeds, m.cc, maxBw, treeTotal, c, c, m.ringFits)
	tc, inter0 := gs.Tree.Channels, gs.Tree.BwInter
	gs.Tree.BwIntra = climb(speeds, gs.Tree.BwIntra, func(x float64) bool { return x < 2*inter0 },
		func(x float64) bool { return float64(tc)*x <= m.intraBudget()+1e-9 })

	if m.collnet && inter {
		gs.CollNetChain = gs.Tree
		sp := 0.0
		for _, x := range speeds {
			if x <= m.netPath() {
				sp = x
				break
			}
		}
		gs.CollNetDirect = ncclGraph{min(m.g, m.nics, ncclMaxDirectArity+1), sp, sp}
	}

	if m.nvls && m.nvswitch && m.cc >= 90 && m.g > 1 {
		gs.NVLS = m.nvlsGraph(speeds)
	}

	gs.CommChannels = min(2*min(gs.Tree.Channels, gs.Ring.Channels), ncclMaxChannels)
	if m.cc >= 90 && inter && gs.Ring.BwIntra > 45 && gs.CommChannels < 16 {
		gs.CommChannels *= 2
	}
	if maxCh > 0 {
		gs.CommChannels = min(gs.CommChannels, maxCh)
	}
	if minCh > gs.CommChannels {
		gs.CommChannels = minCh
	}
	return gs
}

// nvlsGraph is the NVLS search (ncclTopoSearchTryNvls): one channel per
// head GPU; every channel moves bwIntra over each GPU's NVLinks to the
// switch and back, twice over the head's. On one node all GPUs are heads
// (minChannels = maxChannels = g); across nodes the heads are the GPUs
// next to a NIC, each channel also taking bwInter from its NIC. The search
// prefers more channels, then channels × bwInter; pass 2 raises bwInter
// (not bwIntra) while it is below twice bwIntra.
func (m ncclMachine) nvlsGraph(speeds []float64) ncclGraph {
	g := min(m.g, ncclMaxNVLSArity)
	fits := func(s float64) int { return min(g, int(math.Floor(m.nvlink/s+1e-9))-1) }
	always := func(float64) bool { return true }
	var best ncclGraph
	if m.nodes == 1 {
		total := m.nvlink * float64(m.g) / float64(m.g-1)
		i := 0
		for i < len(speeds)-1 && (speeds[i] > m.nvlink || speeds[i]*float64(g) > total) {
			i++
		}
		for ; i < len(speeds); i++ {
			if fits(speeds[i]) >= g {
				best = ncclGraph{g, speeds[i], speeds[i]}
				break
			}
		}
		if best.Channels == 0 {
			return best
		}
		intra := best.BwIntra
		best.BwInter = climb(speeds, best.BwInter, func(x float64) bool { return x < 2*intra }, always)
		return best
	}
	heads := min(g, m.nics)
	perNIC := func(s float64) int { return m.nics * int(math.Floor(m.nic/s+1e-9)) }
	i := 0
	for i < len(speeds)-1 && speeds[i] > m.netPath() {
		i++
	}
	for ; i < len(speeds); i++ {
		s := speeds[i]
		if best.Channels > 0 && s/best.BwInter <= .49 {
			break
		}
		n := min(heads, fits(s), perNIC(s))
		if n > best.Channels || (n == best.Channels && n > 0 && float64(n)*s > float64(best.Channels)*best.BwInter) {
			best = ncclGraph{n, s, s}
		}
		if best.Channels == g {
			break
		}
	}
	if best.Channels == 0 {
		return best
	}
	c, intra := best.Channels, best.BwIntra
	best.BwInter = climb(speeds, best.BwInter, func(x float64) bool { return x < 2*intra },
		func(x float64) bool { return x <= m.netPath() && perNIC(x) >= c })
	return best
}
