package topo

import (
	"testing"
)

// TestClusterLinks: ranks in order on nodes; same node is intra, else
// inter; a straggler slows β of every message it touches, a slow link both
// its directions and nothing else.
func TestClusterLinks(t *testing.T) {
	c := Cluster{Ranks: 8, GPUsPerNode: 4, Intra: Link{1e-6, 400e9}, Inter: Link{5e-6, 50e9}}
	for _, tc := range []struct {
		src, dst int
		slow     Slow
		a, b     float64
		reason   string
	}{
		{0, 3, Slow{}, 1e-6, 1 / 400e9, "same node"},
		{3, 4, Slow{}, 5e-6, 1 / 50e9, "node boundary"},
		{7, 0, Slow{}, 5e-6, 1 / 50e9, "wrap across nodes"},
		{2, 3, Slow{Factor: 4, Rank: 3}, 1e-6, 4 / 400e9, "into the straggler"},
		{3, 4, Slow{Factor: 4, Rank: 3}, 5e-6, 4 / 50e9, "out of the straggler across nodes"},
		{1, 2, Slow{Factor: 4, Rank: 3}, 1e-6, 1 / 400e9, "not touching the straggler"},
		{5, 2, Slow{Factor: 2, IsLink: true, A: 2, B: 5}, 5e-6, 2 / 50e9, "the slow link, reversed"},
		{5, 3, Slow{Factor: 2, IsLink: true, A: 2, B: 5}, 5e-6, 1 / 50e9, "another link of the same rank"},
	} {
		c.Slow = tc.slow
		a, b := c.Link(tc.src, tc.dst)
		if a != tc.a || b != tc.b {
			t.Errorf("%s: Link(%d,%d) = %g, %g; want %g, %g", tc.reason, tc.src, tc.dst, a, b, tc.a, tc.b)
		}
	}
}

// TestPresets: every link preset is found by name, carries a source and a
// per-direction bandwidth from the lecture's pyramid; memory tiers are not
// links.
func TestPresets(t *testing.T) {
	want := map[string]float64{"nvlink4": 450e9, "nvlink3": 300e9, "pcie5": 64e9, "ib400": 50e9, "eth200": 25e9, "eth100": 12.5e9}
	for name, bw := range want {
		p, err := LookupPreset("preset", name)
		if err != nil || p.Bandwidth != bw || p.Source == "" {
			t.Errorf("%s: %+v, %v; want %g B/s with a source", name, p, err, bw)
		}
	}
	if len(PresetNames()) != len(want) {
		t.Errorf("PresetNames() = %v, want the %d links", PresetNames(), len(want))
	}
	if _, err := LookupPreset("intra-preset", "HBM3"); err == nil {
		t.Error("hbm3 accepted as a link")
	}
	for _, p := range Pyramid() {
		if p.Source == "" || !(p.Bandwidth > 0) {
			t.Errorf("pyramid tier %s lacks a source or bandwidth", p.Name)
		}
	}
}

// TestNICsFor: a node of fewer or more GPUs than the preset's gets the
// same share of its NICs, at least one.
func TestNICsFor(t *testing.T) {
	s, err := LookupSystem("system", "pcie-l40s") // 8 GPUs, 4 NICs
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ gpn, want int }{{0, 4}, {8, 4}, {4, 2}, {2, 1}, {1, 1}, {16, 8}} {
		if got := s.NICsFor(c.gpn); got != c.want {
			t.Errorf("%d GPUs per node: %d NICs, want %d", c.gpn, got, c.want)
		}
	}
}

// TestP4Presets: p4d and p4de are one node, A100 on NVSwitch with 4 EFA
// devices of 100 Gbit/s (400 Gbps: 6.25 GB/s per GPU), differing only in
// the GPU's memory; both carry the plugin's NCCL_PROTO=Simple and nothing
// else of NCCL's environment, and a source.
func TestP4Presets(t *testing.T) {
	de, err := LookupSystem("system", "AWS-P4DE")
	if err != nil {
		t.Fatal(err)
	}
	d, err := LookupSystem("system", "aws-p4d")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []System{de, d} {
		if got := s.NetworkPerGPU(); got != 400e9/8/8 {
			t.Errorf("%s: %g B/s of network per GPU, want 400 Gbps over 8 GPUs", s.Name, got)
		}
		if s.NCCL != (NCCLEnv{Proto: "Simple"}) || s.NCCL.String() != "NCCL_PROTO=Simple" || s.Source == "" {
			t.Errorf("%s: NCCL %+v (%q), source %q", s.Name, s.NCCL, s.NCCL.String(), s.Source)
		}
		if s.CompCap != 80 || s.NVLinks != 12 || !s.NVSwitch || s.NVLS {
			t.Errorf("%s: not an A100 NVSwitch node: %+v", s.Name, s)
		}
	}
	if de.GPU != "A100-SXM4-80GB" || d.GPU != "A100-SXM4-40GB" {
		t.Errorf("GPUs %q, %q", de.GPU, d.GPU)
	}
	same := d
	same.Name, same.Label, same.GPU, same.Source = de.Name, de.Label, de.GPU, de.Source
	if same != de {
		t.Errorf("p4d and p4de differ beyond the GPU:\n%+v\n%+v", d, de)
	}
	if got := (NCCLEnv{Algo: "Ring,Tree", Proto: "Simple", BuffSize: 8 << 20}).String(); got != "NCCL_ALGO=Ring,Tree NCCL_PROTO=Simple NCCL_BUFFSIZE=8388608" {
		t.Errorf("NCCLEnv.String() = %q", got)
	}
	if (NCCLEnv{}).String() != "" {
		t.Error("an empty NCCLEnv names a setting")
	}
}
