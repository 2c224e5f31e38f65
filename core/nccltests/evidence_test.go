package nccltests

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// A header with two hosts, NCCL's INFO lines interleaved and a full table:
// every fact is read with the line it came from.
func TestReadEvidence(t *testing.T) {
	log := strings.Join([]string{
		"mpirun -np 4 -x NCCL_ALGO=Tree -x NCCL_DEBUG=INFO ./build/all_gather_perf -b 8 -e 1G",                                             // 1
		"# nThread 1 nGpus 1 minBytes 8 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0", // 2
		"#",               // 3
		"# Using devices", // 4
		"#  Rank  0 Group  0 Pid   1000 on     node-a device  0 [0x1b] NVIDIA H100 80GB HBM3",                                          // 5
		"#  Rank  1 Group  0 Pid   1001 on     node-a device  1 [0x43] NVIDIA H100 80GB HBM3",                                          // 6
		"#  Rank  2 Group  0 Pid   2000 on     node-b device  0 [0x1b] NVIDIA H100 80GB HBM3",                                          // 7
		"#  Rank  3 Group  0 Pid   2001 on     node-b device  1 [0x43] NVIDIA H100 80GB HBM3",                                          // 8
		"node-a:1000:1000 [0] NCCL INFO NCCL version 2.18.3+cuda12.2",                                                                  // 9
		"node-a:1000:1010 [0] NCCL INFO NCCL_ALGO set by environment to Tree",                                                          // 10
		"node-a:1000:1010 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE ; OOB eth0:10.0.0.1<0>",                         // 11
		"node-a:1000:1010 [0] NCCL INFO Using network IB",                                                                              // 12
		"node-a:1000:1010 [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 1 'mlx5_1'",                                          // 13
		"node-a:1000:1010 [0] NCCL INFO NVLS multicast support is not available on dev 0",                                              // 14
		"node-a:1000:1010 [0] NCCL INFO comm 0x5555 rank 0 nRanks 4 nNodes 2 localRanks 2 localRank 0 MNNVL 0",                         // 15
		"node-a:1000:1010 [0] NCCL INFO Channel 00/04 :    0   1   2   3",                                                              // 16
		"node-a:1000:1010 [0] NCCL INFO Pattern 4, crossNic 0, nChannels 4, bw 20.000000/20.000000, type NVL/PIX, sameChannels 1",      // 17
		"node-a:1000:1010 [0] NCCL INFO + NVL[40.0] - GPU/43000",                                                                       // 18
		"node-a:1000:1010 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC/read",                                                  // 19
		"node-a:1000:1010 [0] NCCL INFO Channel 00/0 : 1[1] -> 2[0] [send] via NET/IB/1/GDRDMA",                                        // 20
		"node-a:1000:1010 [0] NCCL INFO Channel 01/0 : 1[1] -> 2[0] [send] via NET/IB/0(1)/GDRDMA",                                     // 21
		"node-a:1000:1010 [0] NCCL INFO Channel 01/0 : 3[1] -> 0[0] [receive] via NET/IB/0",                                            // 22
		"node-a:1000:1010 [0] NCCL INFO 4 coll channels, 4 collnet channels, 0 nvls channels, 4 p2p channels, 2 p2p channels per peer", // 23
		"node-a:1000:1010 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 1",                                                     // 24
		"node-b:2000:2010 [0] transport/net_ib.cc:100 NCCL WARN NET/IB : Got async event",                                              // 25
		"#", // 26
		"#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong", // 27
		"           8             0     float    none      -1    12.00    0.00    0.00      0    12.00    0.00    0.00      0", // 28
		"# Out of bounds values : 0 OK",    // 29
		"# Avg bus bandwidth    : 0.0001 ", // 30
		"#",                                // 31
		"# Collective test concluded: all_gather_perf", // 32
	}, "\n")
	ev, err := Read([]byte(log))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Cut != nil || len(ev.Problems) != 0 {
		t.Errorf("complete log: cut %+v, problems %v", ev.Cut, ev.Problems)
	}
	h := ev.Headers[0]
	if h.Line != 2 || h.Threads != 1 || h.GPUs != 1 || h.MinBytes != 8 || h.MaxBytes != 1<<30 || h.Warmup != 5 || h.Iters != 20 || h.Validation != 1 || h.Graph != 0 || h.Table != 0 || h.DevicesCut {
		t.Errorf("header %+v", h)
	}
	if d := h.Devices[2]; len(h.Devices) != 4 || d != (Device{Line: 7, Rank: 2, Group: 0, Pid: 2000, Host: "node-b", Device: 0, BusID: "0x1b", Model: "NVIDIA H100 80GB HBM3"}) {
		t.Errorf("devices %+v", h.Devices)
	}
	if c, line := ev.Collective(); c != prim.AllGather || line != 1 {
		t.Errorf("collective %q from line %d, want allgather from the command line (1)", c, line)
	}
	if v := ev.Version(); v == nil || *v != (Version{Line: 9, Version: "2.18.3+cuda12.2"}) {
		t.Errorf("version %+v", v)
	}
	if s := ev.Setting("NCCL_ALGO"); s == nil || *s != (Setting{Line: 10, Name: "NCCL_ALGO", Value: "Tree", Source: "environment"}) {
		t.Errorf("NCCL_ALGO %+v (all: %+v)", s, ev.Settings)
	}
	if s := ev.Settings[0]; s != (Setting{Line: 1, Name: "NCCL_ALGO", Value: "Tree", Source: "command line"}) {
		t.Errorf("command-line setting %+v", s)
	}
	if n := ev.Nets; len(n) != 1 || n[0].Line != 11 || n[0].Transport != "IB" || len(n[0].NICs) != 2 ||
		n[0].NICs[1] != (NIC{Index: 1, Name: "mlx5_1", Port: 1, LinkLayer: "RoCE"}) {
		t.Errorf("nets %+v", n)
	}
	if n := ev.Networks; len(n) != 1 || n[0] != (Fact{Line: 12, Host: "node-a", Text: "IB"}) {
		t.Errorf("networks %+v", n)
	}
	if g := ev.GDR; len(g) != 2 || g[0] != (GDRFact{Line: 13, Host: "node-a", Enabled: false, HCA: "mlx5_1"}) || g[1].Line != 24 || !g[1].Enabled {
		t.Errorf("gdr %+v", g)
	}
	if n := ev.NVLS; len(n) != 1 || n[0].Line != 14 || n[0].Supported {
		t.Errorf("nvls %+v", n)
	}
	if c := ev.Comms; len(c) != 1 || c[0] != (Comm{Line: 15, Host: "node-a", Rank: 0, NRanks: 4, NNodes: 2, LocalRanks: 2}) {
		t.Errorf("comms %+v", c)
	}
	wantCh := []Channel{{16, "node-a", "ring", 4}, {23, "node-a", "coll", 4}, {23, "node-a", "collnet", 4}, {23, "node-a", "nvls", 0}, {23, "node-a", "p2p", 4}, {23, "node-a", "p2p per peer", 2}}
	if len(ev.Channels) != len(wantCh) {
		t.Fatalf("channels %+v", ev.Channels)
	}
	for i, c := range wantCh {
		if ev.Channels[i] != c {
			t.Errorf("channel %d: %+v want %+v", i, ev.Channels[i], c)
		}
	}
	if g := ev.Graphs; len(g) != 1 || g[0] != (Graph{Line: 17, Host: "node-a", Pattern: 4, NChannels: 4, BwIntra: 20, BwInter: 20, TypeIntra: "NVL", TypeInter: "PIX"}) {
		t.Errorf("graphs %+v", g)
	}
	if tp := ev.Topo; len(tp) != 1 || tp[0] != (TopoLink{Line: 18, Host: "node-a", Kind: "NVL", Bw: 40, Target: "GPU/43000"}) {
		t.Errorf("topo %+v", tp)
	}
	links := ev.Links
	if len(links) != 3 || links[0].Transport != "P2P/IPC/read" || links[0].Line != 19 ||
		links[1].Transport != "NET/IB/GDRDMA" || links[1].Count != 2 || !links[1].GDR || len(links[1].NICs) != 2 || links[1].Line != 20 ||
		links[2].Transport != "NET/IB" || links[2].GDR || links[2].Line != 22 {
		t.Errorf("links %+v", links)
	}
	if w := ev.Warnings; len(w) != 1 || w[0].Line != 25 || w[0].Host != "node-b" || w[0].Text != "NET/IB : Got async event" {
		t.Errorf("warnings %+v", w)
	}
	if tb := ev.Log.Tables[0]; tb.Ranks != 4 || len(tb.Rows) != 1 || tb.Rows[0].Line != 28 || tb.Collective != prim.AllGather || !tb.HasInPlace() {
		t.Errorf("table %+v", tb)
	}
	if p := ev.Programs; len(p) != 2 || p[1] != (Program{Line: 32, Name: "all_gather_perf", Collective: prim.AllGather}) {
		t.Errorf("programs %+v", p)
	}
}

// A log cut off says where; what was read before the cut is kept.
func TestReadCut(t *testing.T) {
	hdr := "# nThread 1 nGpus 1 minBytes 8 maxBytes 8\n#  Rank  0 Group  0 Pid 1 on a device 0 [0x00] NVIDIA A100-SXM4-80GB\n"
	table := "#  size count type redop root time algbw busbw #wrong time algbw busbw #wrong\n"
	row := "  8  2  float  sum  -1  10.0  0.00  0.00  0  10.0  0.00  0.00  0\n"
	cases := []struct {
		reason, log, where string
		line, rows         int
		err                string
	}{
		{"inside the device list", hdr, "devices", 2, 0, "no nccl-tests table"},
		{"before the table", hdr + "NCCL version 2.21.5+cuda12.4\n", "header", 3, 0, "no nccl-tests table"},
		{"table header, no row", hdr + table, "header", 3, 0, ""},
		{"rows, no footer", hdr + table + row, "table", 4, 1, ""},
		{"mid-row", hdr + table + row + "  16  4  float  sum  -1  10.0  0.00  0.00  0  10.0\n", "row", 5, 2, "line 5: 10 values"},
	}
	for _, tc := range cases {
		ev, err := Read([]byte(tc.log))
		if ev.Cut == nil || ev.Cut.Where != tc.where || ev.Cut.Line != tc.line {
			t.Errorf("%s: cut %+v, want %s at line %d", tc.reason, ev.Cut, tc.where, tc.line)
		}
		if (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.reason, err, tc.err)
		}
		rows := 0
		for _, tb := range ev.Log.Tables {
			rows += len(tb.Rows)
		}
		if rows != tc.rows || ev.Headers[0].Devices[0].Model != "NVIDIA A100-SXM4-80GB" {
			t.Errorf("%s: %d rows kept, want %d; devices %+v", tc.reason, rows, tc.rows, ev.Headers[0].Devices)
		}
	}
	if ev, _ := Read([]byte(hdr)); !ev.Headers[0].DevicesCut {
		t.Error("a log ending in the device list: DevicesCut false")
	}
}

// Bad lines become Problems naming the line; Read goes on past them and
// returns the first as its error.
func TestReadProblems(t *testing.T) {
	log := "#  size count type redop root time algbw busbw #wrong time algbw busbw #wrong\n" +
		"  8  2  float  sum  -1  fast  0.00  0.00  0  10.0  0.00  0.00  0\n" +
		"#  Rank  x Group 0\n" +
		"  16  4  float  sum  -1  10.0  0.00  0.00  0  10.0  0.00  0.00  0\n"
	ev, err := Read([]byte(log))
	var fe *fielderr.Error
	if !errors.As(err, &fe) || !strings.Contains(fe.Msg, "line 2: column time") {
		t.Fatalf("error %v", err)
	}
	if len(ev.Problems) != 2 || !strings.Contains(ev.Problems[1].Msg, "line 3:") || ev.Problems[1].ID != "nccltests.device.bad" || ev.ProblemCount != 2 {
		t.Errorf("problems %+v", ev.Problems)
	}
	if tb := ev.Log.Tables[0]; len(tb.Rows) != 1 || tb.Rows[0].Line != 4 {
		t.Errorf("rows after the bad one: %+v", tb.Rows)
	}
	if _, err := Parse([]byte(log)); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("Parse stays strict: %v", err)
	}
	if ev, err := Read([]byte(`{"results":[{"count":1}]}`)); err == nil || len(ev.Problems) != 1 || ev.Log == nil {
		t.Errorf("bad JSON: %v %+v", err, ev)
	}
}

// Headers that lost their '#' (a log pasted into Markdown) still read, in
// ParseText and Read alike; the old layout has no Group and may have no
// host; a redacted pid ("-") still gives the rank's host and device;
// "nccl-library=" gives the version.
func TestHeaderForms(t *testing.T) {
	log := " nThread 1 nGpus 8 minBytes 8 maxBytes 64 step: 2(factor) warmup iters: 5 iters: 20 validation: 1\n" +
		"   Rank  0 Pid  14926 on     node-a device  0 [0x00] Tesla V100-PCIE-16GB\n" +
		"#  Rank  1 Group  0 Pid   4349 on        device  1 [0x23] NVIDIA A100 80GB PCIe\n" +
		"#Rank  2 Group  0 Pid      - on node-b device  0 [0x00] NVIDIA H200\n" +
		"# nccl-tests version 2.20.0 (b4d5bee) nccl-headers=23102 nccl-library=23102\n" +
		"       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw  error\n" +
		"           8             2   float     sum    45.82    0.00    0.00  0e+00    38.17    0.00    0.00  0e+00\n"
	l, err := ParseText([]byte(log))
	if err != nil || len(l.Tables) != 1 || l.Tables[0].Ranks != 3 || len(l.Tables[0].Rows) != 1 {
		t.Fatalf("%v %+v", err, l)
	}
	ev, err := Read([]byte(log))
	if err != nil {
		t.Fatal(err)
	}
	d := ev.Headers[0].Devices
	if d[0] != (Device{Line: 2, Rank: 0, Group: -1, Pid: 14926, Host: "node-a", Device: 0, BusID: "0x00", Model: "Tesla V100-PCIE-16GB"}) ||
		d[1].Host != "" || d[1].Device != 1 || d[1].Model != "NVIDIA A100 80GB PCIe" ||
		d[2] != (Device{Line: 4, Rank: 2, Group: 0, Pid: -1, Host: "node-b", Device: 0, BusID: "0x00", Model: "NVIDIA H200"}) {
		t.Errorf("devices %+v", d)
	}
	if h := ev.Headers[0]; h.GPUs != 8 || h.Graph != -1 {
		t.Errorf("header %+v", h)
	}
	if v := ev.Version(); v == nil || v.Version != "2.31.2" || v.Line != 5 {
		t.Errorf("version %+v", v)
	}
	if versionOfCode(2708) != "2.7.8" || versionOfCode(21903) != "2.19.3" {
		t.Error("versionOfCode")
	}
}

// Read never panics, always returns evidence, and every fact's line is
// within the input.
func FuzzRead(f *testing.F) {
	f.Add([]byte("#  Rank  0 Group  0 Pid 1 on a device 0 [0x00] GPU\nh:1:2 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE\nh:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] via NET/IB/0/GDRDMA\n"))
	f.Add([]byte("x NCCL INFO Pattern 4, nChannels\nNCCL INFO Trees [0]\nNCCL INFO NCCL_ALGO set by environment to\n"))
	f.Add([]byte("h:1:2 [0] NCCL INFO NET/OFI Running on p4d.24xlarge platform, Setting NCCL_TOPO_FILE environment variable to /x.xml\n" +
		"h:1:2 [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)\nh:1:2 [0] NCCL INFO NET/OFI Setting NCCL_PROTO to \"simple\"\n" +
		"NCCL INFO NET/OFI Setting NCCL_ALGO=Ring\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, _ := Read(data)
		if ev == nil || ev.Log == nil {
			t.Fatal("nil evidence")
		}
		lines := strings.Count(string(data), "\n") + 1
		for _, h := range ev.Headers {
			for _, d := range h.Devices {
				if d.Line < 1 || d.Line > lines {
					t.Fatalf("device line %d of %d", d.Line, lines)
				}
			}
		}
		for _, s := range ev.Settings {
			if s.Line < 1 || s.Line > lines {
				t.Fatalf("setting line %d of %d", s.Line, lines)
			}
		}
		for _, l := range ev.Links {
			if l.Line < 1 || l.Line > lines || l.Count < 1 {
				t.Fatalf("link %+v", l)
			}
		}
	})
}

// A -J report's config.devices are its "# Rank" lines: ranks, hosts and
// the GPU model; its env gives the NCCL_* settings and nccl_version the
// version.
func TestReadJSONDevices(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "all_reduce_perf_16x_h100.json"))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	devs, cut := ev.Devices()
	if len(devs) != 16 || cut || devs[8] != (Device{Rank: 8, Group: 0, Pid: 1008, Host: "node-b", Device: 0, BusID: "0x00", Model: "NVIDIA H100 80GB HBM3"}) {
		t.Errorf("devices %+v", devs)
	}
	if v := ev.Version(); v == nil || v.Version != "2.21.5" {
		t.Errorf("version %+v", v)
	}
	if c, _ := ev.Collective(); c != prim.AllReduce {
		t.Errorf("collective %q", c)
	}
	rep := `{"env":["NCCL_ALGO=Ring","PATH=/bin"],"results":[{"size":8,"count":2,"out_of_place":{"time":0,"alg_bw":0,"bus_bw":0}},{"size":16,"count":4,"out_of_place":{"time":5,"alg_bw":0,"bus_bw":0}}]}`
	ev, err = Read([]byte(rep))
	if err == nil || ev.ProblemCount != 1 || len(ev.Log.Tables[0].Rows) != 1 || ev.Log.Tables[0].Rows[0].SizeBytes != 16 {
		t.Errorf("a bad result is refused and the rest kept: %v %+v", err, ev)
	}
	if s := ev.Setting("NCCL_ALGO"); s == nil || s.Value != "Ring" || s.Source != "environment" || len(ev.Settings) != 1 {
		t.Errorf("env settings %+v", ev.Settings)
	}
}

// A binary file is refused as a whole, at once.
func TestReadBinary(t *testing.T) {
	ev, err := Read([]byte("\x7fELF\x02\x01\x01\x00\x00"))
	if err == nil || len(ev.Problems) != 1 || ev.Problems[0].ID != "nccltests.binary" || len(ev.Log.Tables) != 0 {
		t.Errorf("%v %+v", err, ev)
	}
}

// BenchmarkReadBlankLines reads 60 MB of blank lines, the shape that
// costs most per byte: memory stays O(table), not O(lines) (docs/
// performance.md has the figures).
func BenchmarkReadBlankLines(b *testing.B) {
	data := bytes.Repeat([]byte("\n"), 60<<20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(data); err == nil {
			b.Fatal("a log of blank lines has no table")
		}
	}
}
