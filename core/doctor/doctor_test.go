package doctor

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
)

// kl is a cause by kind and line.
type kl struct {
	kind string
	line int
}

// Each public log of the corpus (testdata/README.md) yields its system,
// layout, network, collective, cut and causes, each from the right line.
func TestCorpus(t *testing.T) {
	cases := []struct {
		file       string
		err        string // substring of the error, "" for none
		system     string
		hosts      []HostRanks
		nodes, gpn int // 0: unknown
		transport  string
		nics       int
		collective prim.Collective
		collLine   int
		cut        string // "where@line", "" for none
		causes     []kl
	}{
		{"h200_8x_nvlink_allreduce.txt", "", "h200", []HostRanks{{"node-a", 8, 11}}, 1, 8, "", 0, prim.AllReduce, 5, "header@22", nil},
		{"a100_sxm4_8x_markdown_layout.txt", "", "a100-sxm", []HostRanks{{"node-a", 8, 5}}, 1, 8, "", 0, prim.AllReduce, 1, "header@15", nil},
		{"a100_pcie_8x_single_process.txt", "no nccl-tests table", "a100-pcie", []HostRanks{{"", 8, 5}}, 1, 8, "", 0, prim.AllReduce, 1, "header@13", []kl{{KindPCIe, 5}}},
		{"rtx4090_8x_pcie_tree.txt", "", "rtx4090-pcie", []HostRanks{{"node-a", 8, 5}}, 1, 8, "", 0, prim.AllReduce, 1, "table@17", []kl{{KindForced, 1}, {KindPCIe, 5}}},
		{"h100_pcie_2x_info.txt", "line 11: 11 values", "", nil, 0, 0, "", 0, "", 0, "row@11", nil},
		{"alltoall_a100_roce_2node.txt", "no nccl-tests table", "a100-sxm", []HostRanks{{"node-a", 2, 5}, {"node-b", 2, 7}}, 0, 0, "", 1, prim.AllToAll, 1, "devices@8", []kl{{KindForced, 1}, {KindForced, 1}}},
		{"h100_16x_2node_cut.txt", "no nccl-tests table", "h100-sxm", []HostRanks{{"node-a", 8, 4}, {"node-b", 5, 12}}, 0, 0, "", 0, "", 0, "devices@16", nil},
		{"h100_2node_ib_init_warn.txt", "no nccl-tests table", "", nil, 0, 0, "IB", 8, "", 0, "", nil},
		{"socket_2node_mpi_prefix.txt", "no nccl-tests table", "", nil, 0, 0, "Socket", 0, "", 0, "", []kl{{KindSocket, 1}}},
		{"broadcast_v100_pcie_2node_socket.txt", "", "v100-pcie", []HostRanks{{"node-a", 1, 5}, {"node-b", 1, 6}}, 2, 1, "Socket", 0, prim.Broadcast, 1, "table@16", []kl{{KindForced, 1}, {KindForced, 1}, {KindSocket, 1}}},
		{"gb10_2node_allreduce.txt", "", "gb10", []HostRanks{{"node-a", 1, 6}, {"node-b", 1, 7}}, 2, 1, "", 0, prim.AllReduce, 2, "table@15", nil},
		{"hgx_a100_8x_channels.txt", "no nccl-tests table", "", nil, 0, 0, "", 0, "", 0, "", nil},
		{"pcie_topology_2x_info.txt", "no nccl-tests table", "", nil, 0, 0, "", 0, "", 0, "", []kl{{KindPCIe, 12}}},
		// Elided device lists: the poster kept some "# Rank" lines only, so
		// the hosts say nothing about the layout (TestCorpusElided).
		{"gb200_nvl72_72x_allreduce.txt", "", "", []HostRanks{{"node-r", 1, 1}}, 0, 0, "", 0, "", 0, "", nil},
		{"gb300_nvl72_64x_alltoall.txt", "", "", []HostRanks{{"node-a", 2, 5}, {"node-p", 2, 8}}, 0, 0, "", 0, prim.AllToAll, 1, "", nil},
		{"gb300_nvl72_4x_allreduce.txt", "", "", []HostRanks{{"node-a", 4, 5}}, 1, 4, "", 0, prim.AllReduce, 1, "", nil},
		// One GPU per node: PCIe, P2P and SHM join no GPUs there, so only
		// the GPU Direct RDMA level forced across CPU sockets (NCCL's echo,
		// line 36) is a cause.
		{"a100_pcie_2node_hdr_gdr_sys.txt", "", "a100-pcie", []HostRanks{{"node-a", 1, 5}, {"node-b", 1, 6}}, 2, 1, "IB", 1, prim.AllReduce, 1, "", []kl{{KindForced, 36}}},
		{"a100_16x_2node_roce_oci.txt", "", "a100-sxm", []HostRanks{{"node-a", 8, 4}, {"node-b", 8, 12}}, 2, 8, "", 0, "", 0, "", nil},
		{"rtx4090_4x_pcie_docker.txt", "", "rtx4090-pcie", []HostRanks{{"node-a", 4, 4}}, 1, 4, "", 0, "", 0, "", []kl{{KindPCIe, 4}}},
		// Settings on the command line (NVIDIA/nccl-tests#319) and in
		// "export" lines, launcher prefixes (srun --label), several
		// tables, a P2P box cut mid-row, broken rows (TestThreadVerdicts
		// has their verdicts).
		{"h100_16x_2node_gdr_p2p_qps_cmdline.txt", "", "h100-sxm", []HostRanks{{"node-a", 8, 16}, {"node-b", 8, 24}}, 2, 8, "", 8, prim.AllReduce, 12, "", []kl{{KindGDROff, 6}, {KindForced, 7}, {KindNetSetting, 11}}},
		{"h100_16x_malformed_rows.txt", "line 50: column size", "h100-sxm", []HostRanks{{"node-a", 8, 16}, {"node-b", 8, 24}}, 2, 8, "", 8, prim.AllReduce, 12, "", []kl{{KindGDROff, 6}, {KindForced, 7}, {KindNetSetting, 11}}},
		{"h100_16x_srun_label_ring_export.txt", "", "h100-sxm", []HostRanks{{"node-a", 8, 11}, {"node-b", 8, 19}}, 2, 8, "", 8, "", 0, "", []kl{{KindForced, 1}}},
		{"h100_8x_and_16x_srun_label.txt", "", "h100-sxm", []HostRanks{{"node-a", 8, 6}}, 1, 8, "", 0, "", 0, "", nil},
		// The aws-ofi-nccl plugin's lines (TestEFAPluginLines): EFA and the
		// NCCL_PROTO it sets, named as forced by the plugin.
		{"p4d_efa_plugin_proto_simple.txt", "no nccl-tests table", "", nil, 0, 0, "", 0, "", 0, "", []kl{{KindForced, 9}}},
		{"rtx4090_4x_p2p_cut_row.txt", "line 16: 2 values", "rtx4090-pcie", []HostRanks{{"node-a", 4, 5}}, 1, 4, "", 0, prim.AllReduce, 1, "row@16", []kl{{KindPCIe, 5}}},
	}
	seen := map[string]bool{}
	for _, tc := range cases {
		seen[tc.file] = true
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		d, err := Diagnose(data)
		if (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.file, err, tc.err)
		}
		inf := d.Inference
		if got := inf.System.Value.Key; got != tc.system {
			t.Errorf("%s: system %q, want %q", tc.file, got, tc.system)
		}
		if !reflect.DeepEqual(inf.Hosts, tc.hosts) {
			t.Errorf("%s: hosts %+v, want %+v", tc.file, inf.Hosts, tc.hosts)
		}
		if inf.Nodes.Value != tc.nodes || inf.Nodes.Known != (tc.nodes > 0) || inf.GPUsPerNode.Value != tc.gpn || inf.GPUsPerNode.Known != (tc.gpn > 0) {
			t.Errorf("%s: nodes %+v, GPUs per node %+v, want %d × %d", tc.file, inf.Nodes, inf.GPUsPerNode, tc.nodes, tc.gpn)
		}
		if inf.Transport.Value != tc.transport || inf.NICsPerNode.Value != tc.nics {
			t.Errorf("%s: transport %+v, NICs %+v, want %q, %d", tc.file, inf.Transport, inf.NICsPerNode, tc.transport, tc.nics)
		}
		if d.Collective != tc.collective || d.CollectiveLine != tc.collLine {
			t.Errorf("%s: collective %q from line %d, want %q from %d", tc.file, d.Collective, d.CollectiveLine, tc.collective, tc.collLine)
		}
		cut := ""
		if c := d.Evidence.Cut; c != nil {
			cut = fmt.Sprintf("%s@%d", c.Where, c.Line)
		}
		if cut != tc.cut {
			t.Errorf("%s: cut %q, want %q", tc.file, cut, tc.cut)
		}
		var got []kl
		for _, c := range d.Causes {
			got = append(got, kl{c.Kind, c.Line})
			textOK(t, tc.file, c.Text)
		}
		if !reflect.DeepEqual(got, tc.causes) {
			t.Errorf("%s: causes %v, want %v", tc.file, got, tc.causes)
		}
	}
	files, _ := filepath.Glob("testdata/*.txt")
	for _, f := range files {
		if !seen[filepath.Base(f)] {
			t.Errorf("%s has no expectations here", f)
		}
	}
}

// What the corpus logs show beyond the table above: the NICs and SHARP of
// the IB log, the channels and transports of the INFO logs, the rows kept
// before a cut, and the version of the H200 run.
func TestCorpusDetails(t *testing.T) {
	read := func(name string) *Diagnosis {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		d, _ := Diagnose(b)
		return d
	}
	ib := read("h100_2node_ib_init_warn.txt").Evidence
	if n := ib.Nets[0]; n.Host != "node-b" || n.NICs[7].Name != "mlx5_8" || !n.NICs[7].Sharp || len(ib.Warnings) != 2 || ib.Warnings[0].Line != 8 {
		t.Errorf("IB log: %+v, warnings %+v", n, ib.Warnings)
	}
	if s := ib.Setting("NCCL_IB_MERGE_VFS"); s == nil || s.Line != 6 || s.Value != "0" || s.Source != "environment" {
		t.Errorf("IB log setting %+v", s)
	}
	pcie := read("h100_pcie_2x_info.txt")
	if l := pcie.Evidence.Links; len(l) != 1 || l[0].Transport != "P2P/direct pointer" || l[0].Line != 4 {
		t.Errorf("H100 PCIe links %+v", l)
	}
	if c := pcie.Evidence.Channels; len(c) != 1 || c[0].Kind != "tree" || c[0].Count != 24 || c[0].Line != 2 {
		t.Errorf("H100 PCIe channels %+v", c)
	}
	pts := Measured(pcie.Evidence.Log.Tables[0])
	if len(pts) != 5 || pts[4] != (Point{Line: 11, SizeBytes: 4294967296, TimeUs: 36943, BusBwGBs: 116.26}) {
		t.Errorf("points before the cut: %+v", pts)
	}
	hgx := read("hgx_a100_8x_channels.txt").Evidence
	if hgx.Channels[0].Count != 24 || hgx.Links[0].Transport != "P2P/IPC/read" || hgx.Links[0].Count != 4 {
		t.Errorf("HGX A100: %+v %+v", hgx.Channels, hgx.Links)
	}
	if g := read("pcie_topology_2x_info.txt").Evidence.Graphs; len(g) != 1 || g[0].NChannels != 1 || g[0].TypeInter != "PHB" {
		t.Errorf("PCIe graph %+v", g)
	}
	if v := read("h200_8x_nvlink_allreduce.txt").Evidence.Version(); v == nil || v.Version != "2.20.3+cuda12.3" || v.Line != 19 {
		t.Errorf("H200 version %+v", v)
	}
	if v := read("gb10_2node_allreduce.txt").Evidence.Version(); v == nil || v.Version != "2.31.2" || v.Line != 1 {
		t.Errorf("GB10 version %+v", v)
	}
}

// A "# Rank" list the poster elided (its ranks are not 0 … P−1) gives
// the ranks — the last one + 1, since nccl-tests prints every rank in
// order — and no layout; a complete list gives both.
func TestCorpusElided(t *testing.T) {
	for _, tc := range []struct {
		file        string
		ranks, line int
		elided      bool
	}{
		{"gb200_nvl72_72x_allreduce.txt", 72, 1, true},
		{"gb300_nvl72_64x_alltoall.txt", 64, 9, true},
		{"gb300_nvl72_4x_allreduce.txt", 4, 8, false},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		d, _ := Diagnose(data)
		inf := d.Inference
		if inf.Ranks != known(tc.ranks, tc.line) || inf.Elided != tc.elided {
			t.Errorf("%s: ranks %+v elided %v, want %d from line %d, %v", tc.file, inf.Ranks, inf.Elided, tc.ranks, tc.line, tc.elided)
		}
	}
	// "# Rank 0" and "# Rank 2" on one host, rank 1 left out: elided, and
	// the hosts' counts (2) are not taken for the layout.
	log := "# nThread 1\n" + dev(0, "a", "NVIDIA H100 80GB HBM3") + dev(2, "a", "NVIDIA H100 80GB HBM3") + "#\n"
	d, _ := Diagnose([]byte(log))
	if inf := d.Inference; !inf.Elided || inf.Ranks != known(3, 3) || inf.Nodes.Known || inf.GPUsPerNode.Known || inf.Unequal {
		t.Errorf("elided list: %+v", inf)
	}
}
