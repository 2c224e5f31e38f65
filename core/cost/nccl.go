package cost

import (
	"math"
	"math/bits"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/topo"
)

// NCCLVersion is the NCCL release whose tuning model NCCL follows.
const NCCLVersion = "2.30.7"

// NCCLSource names where the model's formulas and constants come from.
const NCCLSource = "NVIDIA/nccl v2.30.7 (commit 5067397): src/graph/tuning.cc (ncclTopoTuneModel, ncclTopoGetAlgoTime), " +
	"src/graph/search.cc (ncclTopoCompute, speed arrays, ncclTopoDupChannels), src/graph/topo.h (link rates), src/init.cc and " +
	"src/graph/connect.cc (channel counts), src/enqueue.cc (updateCollCostTable, topoGetAlgoInfo); restated in our own code"

// NCCLOptions are the machine and NCCL's knobs for NCCL's model.
type NCCLOptions struct {
	// System is a whole-system preset (topo.LookupSystem); the zero value
	// derives the machine from the Params' bandwidths instead.
	System topo.System `json:"-"`
	// Algo and Proto are NCCL_ALGO and NCCL_PROTO, in NCCL's syntax: a
	// comma-separated list of names, "^" to exclude them instead, and
	// "collective:list" entries separated by ";" ("Ring,Tree",
	// "^NVLS,NVLSTree", "allreduce:Tree;allgather:Ring"). Empty = NCCL's
	// defaults.
	Algo  string `json:"algo,omitempty"`
	Proto string `json:"proto,omitempty"`
	// MinChannels and MaxChannels are NCCL_MIN_NCHANNELS and
	// NCCL_MAX_NCHANNELS (0 = unset).
	MinChannels int `json:"min_channels,omitempty"`
	MaxChannels int `json:"max_channels,omitempty"`
	// CollNet is NCCL_COLLNET_ENABLE=1: CollNet (and NVLS across nodes) on
	// a network that reduces (the system's CollNet).
	CollNet bool `json:"collnet,omitempty"`
	// BuffSize is NCCL_BUFFSIZE, the Simple protocol's buffer per
	// connection in bytes (0 = NCCL's 4 MiB): a buffer step, and so the
	// chunk Ring and Tree move per hop, is an eighth of it. NCCL's tuner
	// does not read it; the prediction does.
	BuffSize int64 `json:"buffsize,omitempty"`
}

// NCCLCell is one (algorithm, protocol) entry of NCCL's tuning table for
// one collective, as NCCL_DEBUG_SUBSYS=TUNING prints it (latency µs /
// bandwidth GB/s), plus the predicted time for the question's size.
type NCCLCell struct {
	Algorithm string      `json:"algorithm"` // "Tree", "Ring", "CollNetDirect", "CollNetChain", "NVLS", "NVLSTree" or "PAT"
	Protocol  string      `json:"protocol"`  // "LL", "LL128" or "Simple"
	Enabled   bool        `json:"enabled"`
	Reason    string      `json:"reason,omitempty"` // why it is disabled, in English
	ReasonMsg msg.Message `json:"-"`                // Reason as a message
	LatencyUs float64     `json:"latency_us"`       // NCCL's latencies[coll][algo][proto]
	BusBwGBs  float64     `json:"busbw_GBs"`        // before NCCL converts bus to algorithm bandwidth
	AlgBwGBs  float64     `json:"algbw_GBs"`        // NCCL's bandwidths[coll][algo][proto]
	TimeUs    float64     `json:"time_us"`          // ncclTopoGetAlgoTime for this size (one operation)
	// LatencyFactor and BwFactor are the factors ncclTopoGetAlgoTime
	// applies for this size, so that TimeUs = LatencyUs·LatencyFactor +
	// S ÷ (1000·AlgBwGBs·BwFactor): the ring's plateau (×1.4 from Ampere on,
	// ×1.9 before, for a Ring/Simple AllReduce across nodes with at least
	// 64 B per channel and rank) and the tree correction for the size
	// (treeCorrectionFactor, Tree and on Blackwell NVLSTree AllReduce);
	// 1 where none applies (0 for a disabled entry).
	LatencyFactor float64 `json:"latency_factor"`
	BwFactor      float64 `json:"bw_factor"`
}

// NCCLGraph is one search result as NCCL_DEBUG_SUBSYS=GRAPH prints it:
// the pattern, its channels and per-channel speeds (GB/s).
type NCCLGraph struct {
	Pattern  string  `json:"pattern"` // "Ring", "Tree", "NVLS", "CollNetDirect", "CollNetChain"
	Channels int     `json:"channels"`
	BwIntra  float64 `json:"bw_intra_GBs"`
	BwInter  float64 `json:"bw_inter_GBs"`
}

// NCCLResult is NCCL's model of one question: the whole algorithm ×
// protocol table and the cheapest enabled entry.
type NCCLResult struct {
	Version     string `json:"version"`
	Source      string `json:"source"`
	Collective  string `json:"collective"`
	Ranks       int    `json:"ranks"`
	Nodes       int    `json:"nodes"`
	GPUsPerNode int    `json:"gpus_per_node"`
	// System is the preset's name, "" when the machine comes from the
	// question's bandwidths; Arch the GPU architecture NCCL tunes for.
	System  string `json:"system,omitempty"`
	Arch    string `json:"arch"`
	IntraHW string `json:"intra_hw"` // "NVLink" or "PCI"
	// Channels is the channel count kernels run on (comm->nChannels);
	// Graphs the searched patterns.
	Channels   int         `json:"channels"`
	Graphs     []NCCLGraph `json:"graphs"`
	BwIntraGBs [2]float64  `json:"bw_intra_GBs"` // per channel: [Tree, Ring]
	BwInterGBs [2]float64  `json:"bw_inter_GBs"` // per channel: [Tree, Ring]
	SizeBytes  int64       `json:"size_bytes"`
	Cells      []NCCLCell  `json:"cells"`
	// Winner is "Algorithm/Protocol"; Algorithm and Protocol the same apart.
	Winner    string  `json:"winner"`
	Algorithm string  `json:"algorithm"`
	Protocol  string  `json:"protocol"`
	TimeS     float64 `json:"time_s"`
	AlgBwBps  float64 `json:"algbw_Bps"` // S ÷ time, as nccl-tests
	BusBwBps  float64 `json:"busbw_Bps"` // algbw × nccl-tests' factor
	// Predicted is ccplay's prediction of what the chosen entry takes
	// (NCCLPrediction); TimeS above is NCCL's own estimate.
	Predicted   NCCLPrediction `json:"predicted"`
	Assumptions []string       `json:"assumptions"`
	// AssumptionMsgs are the Assumptions as messages (those are these in
	// English).
	AssumptionMsgs []msg.Message `json:"-"`
	// Machine describes the machine in NCCL's units (rates NCCL assigns,
	// the preset and its source), one sentence per line: MachineMsgs in
	// English. The cost.nccl.machine.source message is a citation (the
	// preset's label and source as published).
	Machine     []string      `json:"machine"`
	MachineMsgs []msg.Message `json:"-"`
}

// WinnerCell is the entry of Cells NCCL runs (Algorithm/Protocol); ok is
// false for the zero NCCLResult.
func (r NCCLResult) WinnerCell() (c NCCLCell, ok bool) {
	for _, c := range r.Cells {
		if c.Enabled && c.Algorithm == r.Algorithm && c.Protocol == r.Protocol {
			return c, true
		}
	}
	return NCCLCell{}, false
}

// ncclFunc is NCCL's function index (ncclFuncBroadcast … ncclFuncAllReduce,
// the order of ncclFuncStr) and NCCL's name of each collective.
var ncclFuncs = ncclFuncTable(prim.Broadcast, prim.Reduce, prim.AllGather, prim.ReduceScatter, prim.AllReduce)

// NCCL evaluates NCCL's model for p on p.NCCL's machine with its knobs
// (NCCLWith(p, p.NCCL)).
func NCCL(p Params) (NCCLResult, error) { return NCCLWith(p, p.NCCL) }

// NCCLWith evaluates NCCL's algorithm × protocol model for p on o's
// machine with o's knobs: the topology search's channels and speeds
// (ncclGraphs), then, for every algorithm and protocol, the bandwidth and
// latency ncclTopoTuneModel computes, the time ncclTopoGetAlgoTime
// predicts for S bytes (latency + S ÷ (1000 · algBw) µs, with its tree
// correction and ring plateau), and the cheapest enabled entry, which is
// what NCCL runs. Slowdowns are not part of NCCL's model and are refused.
// O(1) in the size; the search is O(speeds).
//
// Per channel of per-channel speed bw (GB/s; bwIntra on ≤ 2 nodes and for
// CollNet, else bwInter) on C channels, k nodes, ppn GPUs per node:
//
//	busBw = C·bw; NVLS/NVLSTree: C·min(bwIntra·eff·(C−1)/C·(2 AllReduce | (ppn−1)/ppn), bwInter·(2 for NVLSTree on ≤ 2 nodes), NVLSTree cap)
//	Ring LL min(LLmax, busBw/2); Ring LL128 min(0.92·busBw, C·ringLL128Max)
//	Tree AllReduce min(0.92·busBw, C·treeMax), then LL min(busBw/3.8, LLmax), LL128 min(busBw·(7/9 one node, 120/128 more), C·treeLL128Max); ×0.85 for a plain (unbalanced) tree
//	PAT ×0.75; CollNet Direct ÷ (f − (f−1)/2) with f = ppn/C, ×0.85 from Hopper
//	algBw = busBw·P/nsteps (Ring, NVLS, NVLSTree), busBw (other AllGather/ReduceScatter), busBw/2 (others)
//	latency: Ring base + (nsteps − nInter)·max(intraHw, netOverhead) + nInter·netHw; Tree base + 2((ppn−1)·intraHw + ⌊log₂k⌋·netHw);
//	  NVLS intraHw (+ netHw across nodes); NVLSTree intraHw + 2⌊log₂k⌋·netHw; CollNet Direct 2(min(1,ppn−1)·intraHw + 0.4(ppn−1)) + netHw;
//	  CollNet Chain 2(ppn−1)·intraHw + netHw; PAT 8 + ⌊log₂k⌋·netHw/3.5 + 2.8P
func NCCLWith(p Params, o NCCLOptions) (NCCLResult, error) {
	if err := p.Validate(); err != nil {
		return NCCLResult{}, err
	}
	o, env := o.withSystemEnv()
	c := p.Collective
	fn := -1
	for i, f := range ncclFuncs {
		if f.c == c {
			fn = i
		}
	}
	switch {
	case fn < 0:
		return NCCLResult{}, fielderr.New("model", "cost.nccl.collective", c)
	case p.Ranks < 2:
		return NCCLResult{}, fielderr.New("model", "cost.nccl.ranks", p.Ranks)
	case p.Slow.Active():
		return NCCLResult{}, fielderr.New("model", "cost.nccl.slow")
	case o.MinChannels < 0 || o.MinChannels > ncclMaxChannels:
		return NCCLResult{}, fielderr.New("nccl-channels", "cost.nccl.channels", ncclMaxChannels, o.MinChannels)
	case o.MaxChannels < 0 || o.MaxChannels > ncclMaxChannels:
		return NCCLResult{}, fielderr.New("nccl-channels", "cost.nccl.channels", ncclMaxChannels, o.MaxChannels)
	case o.BuffSize != 0 && (o.BuffSize < ncclMinBuffSize || o.BuffSize > ncclMaxBuffSize):
		return NCCLResult{}, fielderr.New("nccl-buffsize", "cost.nccl.buffsize", int64(ncclMinBuffSize), int64(ncclMaxBuffSize), o.BuffSize)
	}
	algoOn, err := ncclParseList("nccl-algo", o.Algo, ncclAlgoNames[:])
	if err != nil {
		return NCCLResult{}, err
	}
	protoOn, err := ncclParseList("nccl-proto", o.Proto, ncclProtoNames[:])
	if err != nil {
		return NCCLResult{}, err
	}
	m, notes, err := ncclMachineOf(p, o)
	if err != nil {
		return NCCLResult{}, err
	}
	gs := m.searchGraphs(o.MinChannels, o.MaxChannels)
	P, k := p.Ranks, m.nodes
	r := NCCLResult{Version: NCCLVersion, Source: NCCLSource, Collective: string(c), Ranks: P, Nodes: k, GPUsPerNode: m.g,
		System: o.System.Name, Arch: archName(m.cc), IntraHW: "PCI", Channels: gs.CommChannels, SizeBytes: p.Size,
		BwIntraGBs: [2]float64{gs.Tree.BwIntra, gs.Ring.BwIntra}, BwInterGBs: [2]float64{gs.Tree.BwInter, gs.Ring.BwInter},
		Graphs: []NCCLGraph{{"Ring", gs.Ring.Channels, gs.Ring.BwIntra, gs.Ring.BwInter}, {"Tree", gs.Tree.Channels, gs.Tree.BwIntra, gs.Tree.BwInter}}}
	if m.nvlink > 0 {
		r.IntraHW = "NVLink"
	}
	if gs.NVLS.Channels > 0 {
		r.Graphs = append(r.Graphs, NCCLGraph{"NVLS", gs.NVLS.Channels, gs.NVLS.BwIntra, gs.NVLS.BwInter})
	}
	if gs.CollNetDirect.Channels > 0 {
		r.Graphs = append(r.Graphs, NCCLGraph{"CollNetDirect", gs.CollNetDirect.Channels, gs.CollNetDirect.BwIntra, gs.CollNetDirect.BwInter},
			NCCLGraph{"CollNetChain", gs.CollNetChain.Channels, gs.CollNetChain.BwIntra, gs.CollNetChain.BwInter})
	}
	t := ncclTuner{m: m, gs: gs, c: c, P: P, algoOn: algoOn[fn], protoOn: protoOn[fn], buffSimple: ncclBuffSimple}
	if o.BuffSize > 0 {
		t.buffSimple = o.BuffSize
	}
	best := math.Inf(1)
	for a := range ncclNumAlgos {
		for pr := range ncclNumProtos {
			cell := t.cell(a, pr, p.Size)
			if cell.Enabled && cell.TimeUs < best {
				best = cell.TimeUs
				r.Algorithm, r.Protocol = cell.Algorithm, cell.Protocol
			}
			r.Cells = append(r.Cells, cell)
		}
	}
	if math.IsInf(best, 1) {
		return NCCLResult{}, fielderr.New(ncclKnobField(o), "cost.nccl.none_left", c, o.Algo, o.Proto)
	}
	r.Winner = r.Algorithm + "/" + r.Protocol
	r.TimeS = best * 1e-6
	r.AlgBwBps, r.BusBwBps = Bandwidths(c, P, p.Size, r.TimeS)
	w, _ := r.WinnerCell()
	r.Predicted = t.predict(w, p.Size, o.System)
	r.MachineMsgs = notes
	for _, m := range notes {
		r.Machine = append(r.Machine, m.String())
	}
	if p.GPUsPerNode == 0 && o.System.Name == "" {
		r.AssumptionMsgs = append(r.AssumptionMsgs, msg.New("cost.nccl.assume.one_gpu"))
	}
	if env {
		r.AssumptionMsgs = append(r.AssumptionMsgs, msg.New("cost.nccl.assume.system_env", o.System.Name, o.System.NCCL.String()))
	}
	for _, id := range ncclCommonAssumptions {
		r.AssumptionMsgs = append(r.AssumptionMsgs, msg.New(id))
	}
	for _, m := range r.AssumptionMsgs {
		r.Assumptions = append(r.Assumptions, m.String())
	}
	return r, nil
}

// withSystemEnv is o with the system's NCCL environment where o leaves a
// knob unset, and whether any of it applied.
func (o NCCLOptions) withSystemEnv() (NCCLOptions, bool) {
	e, env := o.System.NCCL, false
	if o.Algo == "" && e.Algo != "" {
		o.Algo, env = e.Algo, true
	}
	if o.Proto == "" && e.Proto != "" {
		o.Proto, env = e.Proto, true
	}
	if o.BuffSize == 0 && e.BuffSize != 0 {
		o.BuffSize, env = e.BuffSize, true
	}
	return o, env
}

func ncclKnobField(o NCCLOptions) string {
	if o.Algo == "" && o.Proto != "" {
		return "nccl-proto"
	}
	return "nccl-algo"
}

func archName(cc int) string {
	return [...]string{topo.ArchVolta, topo.ArchAmpere, topo.ArchHopper, topo.ArchBlackwell}[ncclArchIndex(cc)]
}

// ncclCommonAssumptions are the choices every answer makes where NCCL
// measures the machine; the faces print them.
var ncclCommonAssumptions = []msg.ID{
	"cost.nccl.assume.latency", "cost.nccl.assume.uniform", "cost.nccl.assume.balanced", "cost.nccl.assume.estimate",
}

// ncclMachineOf is the machine of the question: the system preset's (its
// layout unless gpus-per-node says otherwise), or one derived from the
// Params' bandwidths, stating what it assumes.
func ncclMachineOf(p Params, o NCCLOptions) (ncclMachine, []msg.Message, error) {
	var notes []msg.Message
	var m ncclMachine
	if s := o.System; s.Name != "" {
		m = ncclMachine{cc: s.CompCap, cpu: s.CPU, g: s.GPUsPerNode, nvswitch: s.NVSwitch, nvls: s.NVLS,
			nvlink: float64(s.NVLinks) * NCCLNVLinkGBs(s.CompCap), pci: NCCLPCIeGBs(s.PCIeGen), sockets: s.Sockets,
			nics: s.NICs, nic: s.NICGBs(), collnet: s.CollNet && o.CollNet}
		if p.GPUsPerNode > 0 && p.GPUsPerNode != s.GPUsPerNode {
			m.g, m.nics = p.GPUsPerNode, s.NICsFor(p.GPUsPerNode)
			notes = append(notes, msg.New("cost.nccl.machine.gpus", s.Name, p.GPUsPerNode, s.GPUsPerNode))
		}
		notes = append(notes, msg.New("cost.nccl.machine.rates", s.Name, m.nvlink, s.NVLinks, NCCLNVLinkGBs(s.CompCap), m.pci, m.nics, m.nic),
			msg.New("cost.nccl.machine.source", s.Label, s.Source))
		if o.CollNet && !s.CollNet {
			notes = append(notes, msg.New("cost.nccl.machine.collnet", s.Name))
		}
	} else {
		g := p.GPUsPerNode
		if g == 0 {
			g = 1
		}
		eff := p.Efficiency
		m = ncclMachine{cc: 90, cpu: topo.CPUIntel, g: g, pci: NCCLPCIeGBs(5), sockets: 2, nics: g, nic: p.Bandwidth * eff / 1e9}
		if g > 1 && p.IntraBandwidth > 64e9 {
			// NVLink 4 has 25 GB/s per link on the wire, which NCCL rates 20.6.
			links := max(1, int(math.Round(p.IntraBandwidth*eff/25e9)))
			m.nvlink, m.nvswitch, m.nvls = float64(links)*NCCLNVLinkGBs(90), true, true
			notes = append(notes, msg.New("cost.nccl.machine.nvlink", p.IntraBandwidth*eff/1e9, links, m.nvlink, m.nic))
		} else {
			if g > 1 {
				m.pci = min(m.pci, p.IntraBandwidth*eff/1e9)
			}
			notes = append(notes, msg.New("cost.nccl.machine.pcie", m.pci, m.nic))
		}
	}
	if p.Ranks < m.g {
		m.g = p.Ranks
	}
	if p.Ranks%m.g != 0 {
		return m, nil, fielderr.New("gpus-per-node", "cost.nccl.nodes", m.g, p.Ranks)
	}
	m.nodes = p.Ranks / m.g
	return m, notes, nil
}

// ncclTuner holds one collective's inputs to ncclTopoTuneModel.
type ncclTuner struct {
	m       ncclMachine
	gs      ncclGraphs
	c       prim.Collective
	P       int
	algoOn  [ncclNumAlgos]int
	protoOn [ncclNumAlgos]int // the first ncclNumProtos entries
	// buffSimple is the Simple protocol's buffer (NCCL_BUFFSIZE).
	buffSimple int64
}

func (t ncclTuner) graph(a int) ncclGraph {
	switch a {
	case ncclRing:
		return t.gs.Ring
	case ncclNVLS, ncclNVLSTree:
		return t.gs.NVLS
	case ncclCollNetDirect:
		return t.gs.CollNetDirect
	case ncclCollNetChain:
		return t.gs.CollNetChain
	}
	return t.gs.Tree // Tree and PAT
}

// disabled reports why NCCL does not run algorithm a with protocol pr for
// this collective on this machine (the zero Message when it may): tuning.cc's loops and
// enable rules, then enqueue.cc's updateCollCostTable.
func (t ncclTuner) disabled(a, pr int) msg.Message {
	m, c := t.m, t.c
	ar, agrs := c == prim.AllReduce, c == prim.AllGather || c == prim.ReduceScatter
	ppn := m.g
	algo := ncclAlgoNames[a]
	switch {
	case (c == prim.Broadcast || c == prim.Reduce) && a != ncclRing:
		return msg.New("cost.nccl.off.ring_only", c)
	case agrs && a != ncclPAT && a != ncclRing && a != ncclNVLS && a != ncclCollNetDirect,
		ar && a == ncclPAT:
		return msg.New("cost.nccl.off.no_algo", algo, c)
	case (a == ncclNVLS || a == ncclNVLSTree) && pr != ncclSimple:
		return msg.New("cost.nccl.off.nvls_simple")
	case (a == ncclCollNetDirect || a == ncclCollNetChain) && pr != ncclSimple:
		return msg.New("cost.nccl.off.collnet_simple")
	case a == ncclPAT && pr != ncclSimple:
		return msg.New("cost.nccl.off.pat_simple")
	case a == ncclPAT && m.g != 1:
		return msg.New("cost.nccl.off.pat_one_gpu")
	case t.algoOn[a] == 0:
		return msg.New("cost.nccl.off.algo_env")
	case t.protoOn[pr] == 0:
		return msg.New("cost.nccl.off.proto_env")
	case pr == ncclLL128 && t.protoOn[pr] == 2 && !(m.nvlink > 0 || m.g == 1):
		return msg.New("cost.nccl.off.ll128")
	case (a == ncclNVLS || a == ncclNVLSTree) && t.gs.NVLS.Channels == 0:
		return msg.New("cost.nccl.off.nvls_switch")
	case (a == ncclNVLS || a == ncclNVLSTree) && t.gs.NVLS.Channels < 2:
		return msg.New("cost.nccl.off.nvls_channels")
	case a == ncclNVLSTree && m.nodes == 1:
		return msg.New("cost.nccl.off.nvlstree_nodes")
	case (a == ncclCollNetDirect || a == ncclCollNetChain) && !m.collnet:
		return msg.New("cost.nccl.off.collnet_net")
	case a == ncclNVLS && m.nodes > 1 && !m.collnet:
		return msg.New("cost.nccl.off.nvls_collnet")
	case a == ncclCollNetDirect && !m.nvswitch:
		return msg.New("cost.nccl.off.collnet_switch")
	case (a == ncclCollNetDirect || a == ncclCollNetChain) && ppn > ncclMaxDirectArity+1:
		return msg.New("cost.nccl.off.collnet_gpus")
	case (a == ncclNVLS || a == ncclNVLSTree) && !ar && ppn > ncclMaxNVLSArity:
		return msg.New("cost.nccl.off.nvls_gpus")
	case (a == ncclNVLS || a == ncclCollNetDirect) && agrs && m.nodes > 1:
		return msg.New("cost.nccl.off.plugin")
	}
	return msg.Message{}
}

// cell is one entry of NCCL's table for size bytes.
func (t ncclTuner) cell(a, pr int, size int64) NCCLCell {
	cell := NCCLCell{Algorithm: ncclAlgoNames[a], Protocol: ncclProtoNames[pr]}
	if why := t.disabled(a, pr); why.ID != "" {
		cell.Reason, cell.ReasonMsg = why.String(), why
		return cell
	}
	m, c, P := t.m, t.c, t.P
	k := m.nodes
	ar := c == prim.AllReduce
	agrs := c == prim.AllGather || c == prim.ReduceScatter
	ppn := float64(P) / float64(k)
	ai := ncclArchIndex(m.cc)
	idx2 := min(k, 3) - 1
	row := ai
	if k > 1 {
		row = 0
		if m.cpu == topo.CPUAMD {
			row = 1
		}
	}
	llMax := ncclLLMaxBw[row][idx2]
	nsteps := P
	switch {
	case ar:
		nsteps = 2 * (P - 1)
	case agrs:
		nsteps = P - 1
	}
	g := t.graph(a)
	ch := float64(g.Channels)
	collnet := a == ncclCollNetDirect || a == ncclCollNetChain
	bw := g.BwInter
	if k <= 2 || collnet {
		bw = g.BwIntra
	}
	if a == ncclNVLS || a == ncclNVLSTree {
		intra := g.BwIntra * ncclNVLSEfficiency[ai] * (ch - 1) / ch
		if ar {
			intra *= 2
		} else {
			intra *= (ppn - 1) / ppn
		}
		inter := g.BwInter
		if k <= 2 && a == ncclNVLSTree {
			inter *= 2
		}
		bw = min(intra, inter)
		if a == ncclNVLSTree {
			bw = min(bw, ncclPerChNVLSTree[ai][idx2])
		}
	}
	bus := ch * bw
	switch {
	case a == ncclRing && pr == ncclLL:
		bus = min(llMax, bus*.5)
	case a == ncclRing && pr == ncclLL128:
		bus = min(bus*.92, ch*ncclPerChRingLL128[ai][idx2])
	}
	if a == ncclTree && ar {
		bus = min(bus*.92, ch*ncclPerChTree[ai][idx2])
	}
	if a == ncclTree && pr == ncclLL {
		bus = min(bus/3.8, llMax)
	}
	if a == ncclTree && pr == ncclLL128 {
		f := 120.0 / 128.0
		if k == 1 {
			f = 7.0 / 9.0
		}
		bus = min(bus*f, ch*ncclPerChTreeLL128[ai][idx2])
	}
	if a == ncclTree && m.g == 1 {
		bus *= .85 // a one-GPU node's tree is NCCL_TOPO_PATTERN_TREE, not balanced
	}
	if a == ncclPAT {
		bus *= .75
	}
	if a == ncclCollNetDirect && ar {
		f := ppn / ch
		f -= (f - 1) / 2
		bus /= f
		if m.cc >= 90 {
			bus *= .85
		}
	}
	cell.BusBwGBs = bus
	cell.AlgBwGBs = bus
	if !(a != ncclRing && agrs) {
		if a == ncclRing || a == ncclNVLS || a == ncclNVLSTree {
			cell.AlgBwGBs = bus * float64(P) / float64(nsteps)
		} else {
			cell.AlgBwGBs = bus * .5
		}
	}
	if cell.AlgBwGBs <= 0 {
		cell.BusBwGBs, cell.AlgBwGBs = 0, 0
		cell.ReasonMsg = msg.New("cost.nccl.off.zero_bw")
		cell.Reason = cell.ReasonMsg.String()
		return cell
	}
	cell.LatencyUs = t.latency(a, pr, nsteps)
	cell.Enabled = true
	cell.TimeUs, cell.LatencyFactor, cell.BwFactor = t.time(a, pr, cell.LatencyUs, cell.AlgBwGBs, size)
	return cell
}

// latency is comm->latencies[coll][a][pr] (µs).
func (t ncclTuner) latency(a, pr, nsteps int) float64 {
	m, c, P := t.m, t.c, t.P
	k := m.nodes
	intraHw := ncclHwPCI
	if m.nvlink > 0 && m.g > 1 {
		intraHw = ncclHwNVLink
	}
	hw := intraHw
	if k > 1 {
		hw = ncclHwNet
	}
	intraLat := ncclHwLat[intraHw][a][pr]
	interLat := ncclHwLat[ncclHwNet][a][pr]
	if m.g == 1 {
		interLat = ncclHwLat[ncclHwNet][ncclTree][pr] // ppn = 1: fully exposed, the tree's network latency
	}
	lat := ncclBaseLat[a][pr]
	ppn := P / k
	log2k := float64(bits.Len(uint(k)) - 1)
	switch a {
	case ncclRing:
		if c == prim.Broadcast || c == prim.Reduce {
			return lat + ncclHwLat[hw][a][pr]
		}
		over := 0.0
		if k > 1 {
			over = ncclNetOverheadUs(m.cpu)
			if pr == ncclSimple {
				over *= 3
			}
		}
		nInter := 0
		if k > 1 {
			nInter = k - 1
			if c == prim.AllReduce {
				nInter = 2 * (k - 1)
			}
		}
		return lat + float64(nsteps-nInter)*max(intraLat, over) + float64(nInter)*interLat
	case ncclTree:
		if c == prim.AllReduce {
			lat += 2 * (float64(ppn-1)*intraLat + log2k*interLat)
		}
		return lat
	case ncclCollNetDirect:
		return lat + 2*(float64(min(1, ppn-1))*intraLat+float64(ppn-1)*0.4) + interLat
	case ncclCollNetChain:
		return lat + 2*float64(ppn-1)*intraLat + interLat
	case ncclNVLS:
		lat = intraLat
		if k > 1 {
			lat += interLat
		}
		return lat
	case ncclNVLSTree:
		return lat + intraLat + 2*log2k*interLat
	}
	// PAT (AllGather and ReduceScatter only).
	return lat + log2k*(interLat/3.5) + float64(P)*2.8
}

// time is ncclTopoGetAlgoTime for one operation of size bytes, in µs,
// with the factors it applied to the latency and to the bandwidth.
func (t ncclTuner) time(a, pr int, lat, bw float64, size int64) (us, latF, bwF float64) {
	m := t.m
	logSize := bits.Len64(uint64(size>>6)) - 1
	ar := t.c == prim.AllReduce
	latF, bwF = 1, 1
	switch {
	case ar && a == ncclTree && logSize >= 0 && logSize < 23,
		ar && a == ncclNVLSTree && m.cc >= 100 && m.cpu != topo.CPUArm && logSize >= 0 && logSize < 24:
		bwF = ncclTreeCorrection[pr][logSize]
	}
	if a == ncclRing && pr == ncclSimple && m.nodes > 1 && ar && size/int64(t.gs.CommChannels*t.P) >= 64 {
		if m.cc < 80 {
			latF = 1.9
		} else {
			latF = 1.4 // the ring's plateau effect
		}
	}
	return lat*latF + float64(size)/(1000*(bw*bwF)), latF, bwF
}
