package nccltests

import (
	"bytes"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// Evidence is what an nccl-tests log says about the run besides its rows:
// the benchmark header (threads, GPUs, sizes, one Device per "# Rank" line),
// NCCL's version, and — when NCCL_DEBUG=INFO lines are interleaved — the
// network, GPU Direct RDMA, channels, NVLS, the transports between ranks and
// the NCCL_* settings NCCL echoes. The command line, when the user pasted
// it, adds the program and the NCCL_* variables set on it.
//
// Invariants: every fact carries the 1-based line it was read from (never
// 0 for text input); facts appear in input order; Log is never nil (it may
// hold no table). Read fills it in one pass, linear in the input.
type Evidence struct {
	Log *Log `json:"log"`
	// Headers holds one Header per "nThread" line (one per run).
	Headers []Header `json:"headers,omitempty"`
	// Programs names the benchmark where the log does: the command line,
	// "# Collective test starting: …" or the footer.
	Programs []Program `json:"programs,omitempty"`
	Versions []Version `json:"versions,omitempty"`
	Settings []Setting `json:"settings,omitempty"`
	// Nets are "NET/IB : Using …" and "NET/Socket : Using …" lines;
	// Networks are "Using network …" lines (the plugin NCCL chose).
	Nets     []NetInit `json:"nets,omitempty"`
	Networks []Fact    `json:"networks,omitempty"`

	// Providers are the libfabric providers the aws-ofi-nccl plugin
	// selected ("efa", "cxi", "tcp"); Platforms the AWS instance types it
	// recognised ("p4d.24xlarge"; older plugins print "P4d"): ofi.go.
	Providers []Fact `json:"providers,omitempty"`
	Platforms []Fact `json:"platforms,omitempty"`

	GDR      []GDRFact `json:"gdr,omitempty"`
	Channels []Channel `json:"channels,omitempty"`
	Graphs   []Graph   `json:"graphs,omitempty"`
	NVLS     []NVLS    `json:"nvls,omitempty"`
	CollNet  []Fact    `json:"collnet,omitempty"`
	// Links counts the "via …" connection lines by transport.
	Links []Link `json:"links,omitempty"`
	// Topo is the "+ PCI[24.0] - GPU/…" and "+ NVL[…] - …" lines of NCCL's
	// topology dump.
	Topo     []TopoLink `json:"topo,omitempty"`
	Comms    []Comm     `json:"comms,omitempty"`
	Warnings []Fact     `json:"warnings,omitempty"`
	// Hints are lines that mention PCIe ACS or the IOMMU; PCIe the
	// "LnkSta:" lines of lspci (hints.go).
	Hints []Fact     `json:"hints,omitempty"`
	PCIe  []PCIeLink `json:"pcie,omitempty"`
	// Cut is set when the log stops before a run finished.
	Cut *Cut `json:"cut,omitempty"`
	// Problems are the lines Read could not use, in input order (the
	// first MaxFacts); ProblemCount counts them all.
	Problems     []*fielderr.Error `json:"problems,omitempty"`
	ProblemCount int               `json:"problem_count,omitempty"`
}

// Fact is a line's text that matters as a whole (a warning, the name of a
// network plugin, a CollNet message).
type Fact struct {
	Line int    `json:"line"`
	Host string `json:"host,omitempty"`
	Text string `json:"text"`
}

// Header is a run's "# nThread …" line and the "# Rank …" lines after it.
// Counts are −1 where the line does not give them.
type Header struct {
	Line       int   `json:"line"`
	Threads    int   `json:"threads"`
	GPUs       int   `json:"gpus_per_thread"`
	MinBytes   int64 `json:"min_bytes"`
	MaxBytes   int64 `json:"max_bytes"`
	Warmup     int   `json:"warmup_iters"`
	Iters      int   `json:"iters"`
	Validation int   `json:"validation"`
	Graph      int   `json:"graph"`
	// Devices are the "# Rank" lines in order; DevicesCut is true when the
	// input ends inside that list (more ranks may have run).
	Devices    []Device `json:"devices,omitempty"`
	DevicesCut bool     `json:"devices_cut,omitempty"`
	// Table is the index in Log.Tables of the table that follows, −1 if
	// none does.
	Table int `json:"table"`
}

// Device is one "# Rank 3 Group 0 Pid 1003 on host device 3 [0x1b] NVIDIA
// H100 80GB HBM3" line (older layouts have no Group: −1). Host is "" when
// the log prints none; Pid is −1 where the log prints "-" for it (a
// redacted or containerised run).
type Device struct {
	Line   int    `json:"line"`
	Rank   int    `json:"rank"`
	Group  int    `json:"group"`
	Pid    int    `json:"pid"`
	Host   string `json:"host"`
	Device int    `json:"device"`
	BusID  string `json:"bus_id"`
	Model  string `json:"model"`
}

// Program is the benchmark a line names.
type Program struct {
	Line       int             `json:"line"`
	Name       string          `json:"name"`
	Collective prim.Collective `json:"collective"`
}

// Version is NCCL's version as the log states it: "2.20.3+cuda12.3" from
// "NCCL version …", or "2.31.2" decoded from nccl-tests' "nccl-library=23102".
type Version struct {
	Line    int    `json:"line"`
	Version string `json:"version"`
}

// Setting is an NCCL_* variable: echoed by NCCL ("NCCL_ALGO set by
// environment to Ring": Source "environment"; "NCCL_IB_HCA set to …":
// "set"), written on a pasted command line ("-x NCCL_ALGO=Tree":
// "command line"), or set by the aws-ofi-nccl plugin ("NET/OFI Setting
// NCCL_PROTO to \"simple\"": SourceOFI).
type Setting struct {
	Line   int    `json:"line"`
	Name   string `json:"name"`
	Value  string `json:"value"`
	Source string `json:"source"`
}

// NetInit is a "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE …" or
// "NET/Socket : Using [0]eth0:10.0.0.1<0>" line.
type NetInit struct {
	Line      int    `json:"line"`
	Host      string `json:"host,omitempty"`
	Transport string `json:"transport"` // "IB" or "Socket"
	NICs      []NIC  `json:"nics"`
}

// NIC is one device of a NetInit line. LinkLayer is "IB" or "RoCE" for
// NET/IB, "" for sockets; Addr is a socket's address.
type NIC struct {
	Index     int    `json:"index"`
	Name      string `json:"name"`
	Port      int    `json:"port,omitempty"`
	LinkLayer string `json:"link_layer,omitempty"`
	Sharp     bool   `json:"sharp,omitempty"`
	Addr      string `json:"addr,omitempty"`
}

// GDRFact says GPU Direct RDMA is on or off: "GPU Direct RDMA Enabled
// (Disabled) for HCA 0 'mlx5_0'" (HCA set) or "Connected all rings, use
// ring PXN 0 GDR 1".
type GDRFact struct {
	Line    int    `json:"line"`
	Host    string `json:"host,omitempty"`
	Enabled bool   `json:"enabled"`
	HCA     string `json:"hca,omitempty"`
}

// Channel is a channel count NCCL prints: Kind "ring" from "Channel 00/16 :
// 0 1 …" (Count = 16; the older "Channel 03 : …" gives index + 1), "tree"
// from "Trees [0] … [23] …" (24), or "coll", "collnet", "nvls", "p2p",
// "p2p per peer" from "32 coll channels, 32 collnet channels, …". A log has
// many; readers take the maximum per kind.
type Channel struct {
	Line  int    `json:"line"`
	Host  string `json:"host,omitempty"`
	Kind  string `json:"kind"`
	Count int    `json:"count"`
}

// Graph is a "Pattern 4, crossNic 0, nChannels 16, bw 40.0/40.0, type
// NVL/PIX, sameChannels 1" line: a graph NCCL's topology search found.
type Graph struct {
	Line      int     `json:"line"`
	Host      string  `json:"host,omitempty"`
	Pattern   int     `json:"pattern"`
	NChannels int     `json:"n_channels"`
	BwIntra   float64 `json:"bw_intra"`
	BwInter   float64 `json:"bw_inter"`
	TypeIntra string  `json:"type_intra"`
	TypeInter string  `json:"type_inter"`
}

// NVLS is NVLink SHARP: "NVLS multicast support is (not) available on dev
// N" (Supported) or an "NVLS comm …" line (Used).
type NVLS struct {
	Line      int    `json:"line"`
	Host      string `json:"host,omitempty"`
	Supported bool   `json:"supported"`
	Used      bool   `json:"used,omitempty"`
}

// Link counts the connection lines ("Channel 00/0 : 0[0] -> 1[1] via
// P2P/IPC/read") of one Transport: "P2P/IPC/read", "SHM/direct/direct",
// "NET/IB/GDRDMA", "NET/Socket", … (a NET transport drops the NIC index and
// keeps GDRDMA). Line is the first such line; NICs the distinct NIC indices
// NET lines named.
type Link struct {
	Line      int    `json:"line"`
	Kind      string `json:"kind"` // P2P, SHM, NET, NVLS, CollNet, …
	Transport string `json:"transport"`
	GDR       bool   `json:"gdr,omitempty"`
	Count     int    `json:"count"`
	NICs      []int  `json:"nics,omitempty"`
}

// TopoLink is a line of NCCL's topology dump: "+ PCI[24.0] - GPU/1000 (0)"
// is Kind "PCI" to Target "GPU/1000".
type TopoLink struct {
	Line   int     `json:"line"`
	Host   string  `json:"host,omitempty"`
	Kind   string  `json:"kind"`
	Bw     float64 `json:"bw"`
	Target string  `json:"target"`
}

// Comm is a communicator NCCL describes: "comm 0x… rank 0 nRanks 16 nNodes
// 2 localRanks 8 localRank 0 MNNVL 0" or "ncclCommInitRank comm 0x… rank 0
// nranks 16 …". Unknown counts are 0.
type Comm struct {
	Line       int    `json:"line"`
	Host       string `json:"host,omitempty"`
	Rank       int    `json:"rank"`
	NRanks     int    `json:"n_ranks"`
	NNodes     int    `json:"n_nodes,omitempty"`
	LocalRanks int    `json:"local_ranks,omitempty"`
}

// PCIeLink is an lspci "LnkSta: Speed 8GT/s (downgraded), Width x8
// (downgraded)" line: the speed in GT/s and the lane count a device's link
// trained to (0 where the line omits them), and whether lspci marks either
// as below the device's capability.
type PCIeLink struct {
	Line       int     `json:"line"`
	GTs        float64 `json:"gts"`
	Width      int     `json:"width"`
	Downgraded bool    `json:"downgraded,omitempty"`
}

// Cut says where a log stops early: Where is "devices" (inside the "#
// Rank" list), "header" (after the header, before any row), "row" (the
// last line is a row with fewer values than its header), or "table" (rows
// but no "Avg bus bandwidth" footer). Line is the last line read.
type Cut struct {
	Line  int    `json:"line"`
	Where string `json:"where"`
}

// Limits on what Read keeps: at most MaxFacts facts of each kind (further
// ones are counted in Links or dropped), so the evidence stays small
// whatever the input.
const MaxFacts = 4096

// Read parses an nccl-tests log like Parse and collects its Evidence. It
// reads past lines it cannot use: each becomes a Problem (a
// *fielderr.Error on field "nccl-tests" naming the line), and the first one
// is also returned as the error, alongside everything that could be read.
// A log with no table is an error too, but its header and INFO lines are
// still returned. The returned *Evidence is never nil. Time and memory are
// linear in len(data) (≤ MaxInput).
func Read(data []byte) (*Evidence, error) {
	ev := &Evidence{Log: &Log{Format: "text"}}
	if len(data) > MaxInput {
		err := fielderr.New("nccl-tests", "nccltests.input.big", len(data), MaxInput)
		ev.Problems = append(ev.Problems, err)
		return ev, err
	}
	if at := binaryAt(data); at >= 0 {
		err := fielderr.New("nccl-tests", "nccltests.binary", at)
		ev.Problems, ev.ProblemCount = append(ev.Problems, err), 1
		return ev, err
	}
	if isJSON(data) {
		l, jev, err := parseJSON(data, true)
		if l == nil {
			ev.Problems, ev.ProblemCount = append(ev.Problems, fielderrOf(err)), 1
			return ev, err
		}
		jev.Log = l
		return jev, err
	}
	l, err := scan(data, ev, true)
	if l != nil {
		ev.Log = l
	}
	return ev, err
}

// Collective returns the collective the log names first (a command line,
// "# Collective test starting", the footer, or a JSON report's args, which
// has line 0), with the line; "" and 0 if none.
func (ev *Evidence) Collective() (prim.Collective, int) {
	for _, p := range ev.Programs {
		if p.Collective != "" {
			return p.Collective, p.Line
		}
	}
	for _, t := range ev.Log.Tables {
		if t.Collective != "" {
			return t.Collective, 0
		}
	}
	return "", 0
}

// Version returns the first NCCL version the log states, nil if none.
func (ev *Evidence) Version() *Version {
	if len(ev.Versions) == 0 {
		return nil
	}
	return &ev.Versions[0]
}

// Devices returns the "# Rank" lines of the first header that has any.
func (ev *Evidence) Devices() (devs []Device, cut bool) {
	for _, h := range ev.Headers {
		if len(h.Devices) > 0 {
			return h.Devices, h.DevicesCut
		}
	}
	return nil, false
}

// Setting returns the last value given to NCCL variable name, nil if none.
func (ev *Evidence) Setting(name string) *Setting {
	for i := len(ev.Settings) - 1; i >= 0; i-- {
		if ev.Settings[i].Name == name {
			return &ev.Settings[i]
		}
	}
	return nil
}

// binaryAt returns the offset of the first NUL byte in the first 64 KiB
// of data (no text log has one; every executable and archive does), −1 if
// there is none.
func binaryAt(data []byte) int {
	return bytes.IndexByte(data[:min(len(data), 64<<10)], 0)
}

func fielderrOf(err error) *fielderr.Error {
	return fielderr.On("nccl-tests", err)
}
