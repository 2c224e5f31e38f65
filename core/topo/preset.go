package topo

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Preset is one tier of the lecture's bandwidth pyramid (§1.2) with its
// source. Bandwidth is per direction in bytes per second (GB/s = 10⁹ B/s);
// Latency is an illustrative α for a message over it (the lecture gives
// 1–10 µs for GPU networks and no per-tier figure; NCCL's tuning constants
// put NVLink steps below 1 µs and network steps at several µs). IsLink is
// false for memory tiers, which are not links between ranks and cannot be
// chosen as one.
type Preset struct {
	Name      string  `json:"name"`
	Label     string  `json:"label"`
	Bandwidth float64 `json:"bandwidth_Bps"`
	Latency   float64 `json:"latency_s"`
	IsLink    bool    `json:"is_link"`
	Source    string  `json:"source"`
}

// pyramid is the lecture's §1.2 table, fastest first. Values are per
// direction: the lecture's "900 GB/s" NVLink 4 figure is both directions
// together (NVIDIA's H100 datasheet).
var pyramid = []Preset{
	{"sram", "on-chip SRAM / registers (H100)", 30e12, 0, false,
		"the lecture's §1.2 (~30 TB/s, an order of magnitude; NVIDIA publishes no single figure)"},
	{"hbm3", "HBM3 (H100 SXM memory)", 3.35e12, 0, false,
		"NVIDIA H100 Tensor Core GPU datasheet: 3.35 TB/s HBM3 (H100 SXM); the lecture's §1.2"},
	{"nvlink4", "NVLink 4 (H100, 18 links)", 450e9, 1e-6, true,
		"NVIDIA H100 datasheet: NVLink 900 GB/s total = 450 GB/s per direction; the lecture's §1.2 quotes 900 GB/s"},
	{"nvlink3", "NVLink 3 (A100, 12 links)", 300e9, 1e-6, true,
		"NVIDIA A100 datasheet: NVLink 600 GB/s total = 300 GB/s per direction; the lecture's appendix Q4"},
	{"pcie5", "PCIe Gen5 x16", 64e9, 2e-6, true,
		"PCI-SIG PCIe 5.0: 32 GT/s × 16 lanes, 128b/130b ≈ 63 GB/s per direction (the lecture's §1.2: 64 GB/s)"},
	{"ib400", "400G InfiniBand (NDR, ConnectX-7)", 50e9, 5e-6, true,
		"400 Gbit/s ÷ 8 = 50 GB/s per direction (NVIDIA ConnectX-7 NDR); α = 5 µs is the lecture's Experiment 3"},
	{"eth200", "200G Ethernet", 25e9, 10e-6, true,
		"200 Gbit/s ÷ 8 = 25 GB/s per direction (IEEE 802.3bs); the lecture's §1.2 cross-rack 10–25 GB/s"},
	{"eth100", "100G Ethernet", 12.5e9, 10e-6, true,
		"100 Gbit/s ÷ 8 = 12.5 GB/s per direction (IEEE 802.3ba); the lecture's §1.2 cross-rack 10–25 GB/s"},
}

// Pyramid returns the lecture's bandwidth pyramid, fastest tier first (a
// copy: callers may change it).
func Pyramid() []Preset { return append([]Preset(nil), pyramid...) }

// PresetNames lists the presets that are links, in pyramid order.
func PresetNames() []string {
	var names []string
	for _, p := range pyramid {
		if p.IsLink {
			names = append(names, p.Name)
		}
	}
	return names
}

// LookupPreset returns the link preset named name (case-insensitive), or an
// error on field that lists the accepted names.
func LookupPreset(field, name string) (Preset, error) {
	k := strings.ToLower(strings.TrimSpace(name))
	for _, p := range pyramid {
		if p.Name == k {
			if !p.IsLink {
				return Preset{}, fielderr.New(field, "topo.preset.memory", p.Name, strings.Join(PresetNames(), ", "))
			}
			return p, nil
		}
	}
	return Preset{}, fielderr.New(field, "topo.preset.unknown", name, strings.Join(PresetNames(), ", "))
}

// Link is the preset as a link class.
func (p Preset) Link() Link { return Link{Alpha: p.Latency, Bandwidth: p.Bandwidth} }
