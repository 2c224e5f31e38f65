package doctor

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

func judgeFile(t *testing.T, path string, o Options) (*Verdict, error) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Judge(data, o)
	if v == nil {
		t.Fatalf("%s: no verdict: %v", path, err)
	}
	return v, err
}

// Every public log with measured rows gets the verdict it must: the class,
// the bandwidth-bound fraction (±0.01: the model is deterministic, the
// tolerance only absorbs the printed rounding of the logs' times), where
// the system and the ranks came from, and the summary's words. Each log
// of the four published sweeps is healthy (docs/nccl-model.md): all must
// be normal, each against its own preset.
func TestVerdictCorpus(t *testing.T) {
	const sweeps, tests = "../cost/testdata/nccl/", "../nccltests/testdata/"
	cases := []struct {
		path          string
		o             Options
		class         string
		frac          float64 // 0: not judged
		system, model string  // the basis ("" when cannot judge)
		ranks, nodes  int
		summary       string // substring
	}{
		{sweeps + "all_reduce_1x8_dgx-h100.txt", Options{System: "dgx-h100"}, ClassNormal, 1.00, "dgx-h100", "nccl", 8, 1, "of what dgx-h100's NVLink 4 (18 links per GPU) should give: normal"},
		{sweeps + "all_reduce_2x8_dgx-h200.txt", Options{System: "dgx-h200"}, ClassNormal, 1.02, "dgx-h200", "nccl", 16, 2, "8 × 400G NICs per node (dgx-h200)"},
		{sweeps + "all_reduce_2x8_aws-p5.txt", Options{System: "aws-p5"}, ClassNormal, 1.015, "aws-p5", "nccl", 16, 2, "normal"},
		{sweeps + "all_reduce_2x8_a3-mega.txt", Options{System: "a3-mega"}, ClassNormal, 1.10, "a3-mega", "nccl", 16, 2, "8 × 200G NICs per node (a3-mega)"},
		// The same A3 Mega run with its "# Rank" lines: the GPU implies a DGX
		// H100, whose 8 × 400G InfiniBand it does not have; --system a3-mega
		// judges it normal.
		{tests + "all_reduce_perf_16x_h100.txt", Options{}, ClassBelow, 0.68, "dgx-h100", "nccl", 16, 2, "below expectation"},
		{tests + "all_reduce_perf_16x_h100.txt", Options{System: "a3-mega"}, ClassNormal, 1.10, "a3-mega", "nccl", 16, 2, "normal"},
		{tests + "all_reduce_perf_16x_h100.json", Options{System: "a3-mega"}, ClassNormal, 1.10, "a3-mega", "nccl", 16, 2, "normal"},
		// The -J report's config.devices name the GPU and the hosts: the
		// same verdict as the text log.
		{tests + "all_reduce_perf_16x_h100.json", Options{}, ClassBelow, 0.68, "dgx-h100", "nccl", 16, 2, "below expectation"},
		{"testdata/broadcast_v100_pcie_2node_socket.txt", Options{}, ClassCannotJudge, 0, "", "", 0, 0, "no system preset has the Tesla V100-PCIE-16GB of line 5"},
		// The RTX 4090 implies the 8-GPU server preset; its one row (8 B)
		// is latency-bound.
		{"testdata/rtx4090_8x_pcie_tree.txt", Options{}, ClassCannotJudge, 0, "srv-rtx4090-8x", "nccl", 8, 1, "no measured size is bandwidth-bound"},
		{"testdata/gb10_2node_allreduce.txt", Options{}, ClassCannotJudge, 0, "", "", 0, 0, "NVIDIA GB10 of line 6"},
		{"testdata/h200_8x_nvlink_allreduce.txt", Options{}, ClassCannotJudge, 0, "", "", 0, 0, "no measured rows"},
		// Only 8–64 KiB measured: latency-bound, nothing to judge.
		{"testdata/gb10_2node_allreduce.txt", Options{System: "dgx-b200"}, ClassCannotJudge, 0, "dgx-b200", "nccl", 2, 2, "no measured size is bandwidth-bound"},
	}
	for _, tc := range cases {
		name := tc.path + " " + tc.o.System
		v, _ := judgeFile(t, tc.path, tc.o)
		if v.Class != tc.class || math.Abs(v.Fraction-tc.frac) > 0.01 || !strings.Contains(v.Summary.Msg, tc.summary) {
			t.Errorf("%s: %s %.3f %q, want %s %.2f %q", name, v.Class, v.Fraction, v.Summary.Msg, tc.class, tc.frac, tc.summary)
		}
		textOK(t, name, v.Summary)
		if tc.system == "" {
			continue
		}
		if v.Basis == nil || v.Basis.System != tc.system || v.Basis.Model != tc.model || v.Basis.Ranks != tc.ranks || v.Basis.Nodes != tc.nodes {
			t.Errorf("%s: basis %+v", name, v.Basis)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Errorf("%s: JSON: %v", name, err)
		}
	}
}

// The expected busbw of every row is the busbw cost.Table prints for the
// same question (the basis' command, through question.TableQuery) and the
// same sweep (-b 8 -e 16G -f 2), and its algorithm/protocol NCCL's choice
// there; regimes follow the α/β split and the judged fraction is the mean
// over the bandwidth-bound points.
func TestVerdictMatchesTable(t *testing.T) {
	v, _ := judgeFile(t, "../cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt", Options{System: "dgx-h100"})
	fields := map[string]string{"minbytes": "8", "maxbytes": "16G", "stepfactor": "2"}
	f := strings.Fields(strings.TrimPrefix(v.Basis.Command, "ccplay table "))
	for i := 0; i+1 < len(f); i += 2 {
		fields[strings.TrimPrefix(f[i], "--")] = f[i+1]
	}
	p, dt, w, err := question.TableQuery(field.Map(fields))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := cost.Table(p, dt, w)
	if err != nil {
		t.Fatal(err)
	}
	bySize := map[int64]cost.Row{}
	for _, r := range rows {
		bySize[r.SizeBytes] = r
	}
	sum, n := 0.0, 0
	for _, r := range v.Rows {
		want, ok := bySize[r.SizeBytes]
		if !ok || math.Abs(want.BusBwGBs-r.Expected.BusBwGBs) > 1e-9*want.BusBwGBs || want.Algorithm != r.Expected.Algorithm+"/"+r.Expected.Protocol {
			t.Errorf("line %d, %d B: expected %.4f %s/%s, cost.Table %.4f %s", r.Line, r.SizeBytes, r.Expected.BusBwGBs, r.Expected.Algorithm, r.Expected.Protocol, want.BusBwGBs, want.Algorithm)
		}
		if got := regimeOf(r.Expected.BetaShare()); got != r.Regime {
			t.Errorf("line %d: regime %s, β share %.3f", r.Line, r.Regime, r.Expected.BetaShare())
		}
		if r.Regime == RegimeBandwidth {
			sum += r.Fraction
			n++
		}
	}
	if len(v.Rows) != 64 || n != 14 || math.Abs(sum/float64(n)-v.Fraction) > 1e-12 {
		t.Errorf("%d rows, %d bandwidth-bound, mean %.4f vs %.4f", len(v.Rows), n, sum/float64(n), v.Fraction)
	}
	if v.Peak == nil || v.Peak.Line != 46 || math.Abs(v.Peak.BusBwGBs-480.16) > 1e-9 || v.Peak.Algorithm != "NVLS" {
		t.Errorf("peak %+v", v.Peak)
	}
}

// halve doubles every time and halves algbw and busbw in a log's rows: the
// same sweep, twice as slow.
func halve(t *testing.T, log string) string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(log, "\n") {
		f := strings.Fields(line)
		if len(f) == 13 && !strings.HasPrefix(f[0], "#") {
			for _, i := range []int{5, 6, 7, 9, 10, 11} {
				var x float64
				fmt.Sscan(f[i], &x)
				if i == 5 || i == 9 {
					x *= 2
				} else {
					x /= 2
				}
				f[i] = fmt.Sprintf("%.2f", x)
			}
			line = strings.Join(f, " ")
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// A run at half the speed is below expectation (its bandwidth-bound rows
// reach 0.50 of the prediction, on the line between below and far below);
// with nothing in the log to explain it the verdict says so, every regime
// departs at every size and says by how much, and a forced algorithm on
// the command line is cited with its line instead.
func TestVerdictGap(t *testing.T) {
	data, err := os.ReadFile("../cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt")
	if err != nil {
		t.Fatal(err)
	}
	slow := halve(t, string(data))
	v, _ := Judge([]byte(slow), Options{System: "dgx-h100"})
	if v.Class != ClassBelow || math.Abs(v.Fraction-0.50) > 0.005 || v.Gap == nil || v.Gap.Msg != "nothing in the log explains the gap" || len(v.Causes) != 0 {
		t.Errorf("half speed: %s %.3f gap %v causes %v", v.Class, v.Fraction, v.Gap, v.Causes)
	}
	for _, g := range v.Regimes {
		sizes := map[int64]bool{}
		for _, r := range v.Rows {
			if r.Regime == g.Name && r.SizeBytes >= 1<<20 {
				sizes[r.SizeBytes] = true
			}
		}
		for _, b := range g.Departs {
			delete(sizes, b)
		}
		// From 1 MiB, half the speed is outside every regime's range.
		if len(sizes) != 0 || g.Departure == nil || !g.Judged {
			t.Errorf("%s: departs %v, %d sizes from 1 MiB not among them; departure %v", g.Name, g.Departs, len(sizes), g.Departure)
		}
	}
	v, _ = Judge([]byte("NCCL_ALGO=Ring ./all_reduce_perf -b 8 -e 16G -f 2 -g 1\n"+slow), Options{System: "dgx-h100"})
	if v.Gap != nil || len(v.Causes) != 1 || v.Causes[0].Kind != KindForced || v.Causes[0].Line != 1 || v.Basis.From[1].Line != 1 {
		t.Errorf("forced ring: gap %v causes %+v from %+v", v.Gap, v.Causes, v.Basis.From)
	}
}

// A log cut mid-row (its busbw ÷ algbw factor, 1 on two ranks, does not
// tell the collective, so --collective does): the error names the line, the rows before it are
// still judged (an H100 PCIe pair with an NVLink bridge against a DGX
// H100's NVLink 4 is far below), and the cut is reported.
func TestVerdictCutLog(t *testing.T) {
	v, err := judgeFile(t, "testdata/h100_pcie_2x_info.txt", Options{System: "dgx-h100", Ranks: 2, Collective: "allreduce"})
	if err == nil || !strings.Contains(err.Error(), "line 11") {
		t.Fatalf("error %v, want one naming line 11", err)
	}
	if v.Cut == nil || v.Cut.Line != 11 || len(v.Rows) != 5 || v.Class != ClassFarBelow || v.Basis.Collective != "allreduce" {
		t.Errorf("cut %+v, %d rows, %s, basis %+v", v.Cut, len(v.Rows), v.Class, v.Basis)
	}
	a := AnswerOf(v, err)
	if a.Error == nil || a.Error.Field != "log" || !strings.HasPrefix(a.Error.Error, "line 11:") {
		t.Errorf("answer error %+v", a.Error)
	}
}

// Bad options are refused naming the option, before the log is read.
func TestVerdictOptions(t *testing.T) {
	for _, tc := range []struct {
		o     Options
		field string
	}{
		{Options{System: "dgx-z900"}, "system"},
		{Options{Ranks: 1}, "ranks"},
		{Options{Collective: "allsum"}, "collective"},
	} {
		v, err := Judge([]byte("x"), tc.o)
		if v != nil || err == nil || !strings.HasPrefix(err.Error(), tc.field+":") {
			t.Errorf("%+v: %v, %v", tc.o, v, err)
		}
	}
	if o, err := OptionsOf(field.Map(map[string]string{"ranks": "0"})); err == nil {
		t.Errorf("ranks 0 accepted: %+v", o)
	}
}

// Every sentence of a verdict is a message both catalogues hold.
func TestVerdictTexts(t *testing.T) {
	v, _ := judgeFile(t, "../nccltests/testdata/all_reduce_perf_16x_h100.txt", Options{})
	texts := []Text{v.Summary, v.Peak.Text, v.Basis.Hardware}
	for _, n := range append(v.Basis.From, v.Notes...) {
		texts = append(texts, n.Text)
	}
	for _, x := range texts {
		textOK(t, "verdict", x)
	}
	if len(v.Basis.From) != 5 || v.Basis.From[4].Msg != "the network is dgx-h100's (8 × 400G); the log does not show the NICs: name the system if yours differs" {
		t.Errorf("from %+v", v.Basis.From)
	}
}

// Published logs of NVLink 5 domains (testdata/README.md gives each
// source) get the verdict their numbers call for, reasoned from the log:
//
//   - a GB200 NVL72 rack, 72 ranks: its ten bandwidth-bound points
//     average 745.5 GB/s (the footer says so); NCCL's tuner gives NVLS
//     ≈ 910 GB/s on 18 NVLink 5 links of 40.1 GB/s, and the predicted run
//     time less at 512 MiB–4 GiB, where NCCL runs 64 KiB chunks: the
//     points reach ≈ 0.86 of the prediction, normal (the 512 MiB row,
//     586 GB/s, departs);
//     the GPU prints as "NVIDIA Graphics Device", so --system names it,
//     and the ranks come from the last "# Rank" line of an elided list;
//   - four GB300 of one host, AllReduce: 683 GB/s on average against the
//     ring's 18 × 40.1 = 721.8 GB/s: ≈ 0.95, normal;
//   - a GB300 NVL72 rack, AllToAll on 64 ranks: NCCL's tuner has no
//     AllToAll, so the bound is the α-β model on the preset's links; in
//     one NVLink domain an AllToAll's busbw is the bandwidth per GPU
//     (https://github.com/NVIDIA/nccl-tests/issues/130: N/(N−1) × the
//     per-GPU network bandwidth on N nodes, the NVLink alone on one), at
//     NCCL's rate 721.8 GB/s: 657.6 ÷ 721.8 ≈ 0.91, normal. Against the
//     900 GB/s line rate the same healthy rack would read 0.73, below.
func TestVerdictNVLink5Logs(t *testing.T) {
	cases := []struct {
		file         string
		class        string
		frac         float64
		model        string
		ranks, nodes int
		ranksLine    int
	}{
		{"testdata/gb200_nvl72_72x_allreduce.txt", ClassNormal, 0.86, cost.ModelNCCL, 72, 1, 1},
		{"testdata/gb300_nvl72_4x_allreduce.txt", ClassNormal, 0.95, cost.ModelNCCL, 4, 1, 8},
		{"testdata/gb300_nvl72_64x_alltoall.txt", ClassNormal, 0.91, cost.ModelAlphaBeta, 64, 1, 9},
	}
	for _, tc := range cases {
		v, err := judgeFile(t, tc.file, Options{System: "gb200-nvl72"})
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
		}
		if v.Class != tc.class || math.Abs(v.Fraction-tc.frac) > 0.02 {
			t.Errorf("%s: %s %.3f, want %s %.2f", tc.file, v.Class, v.Fraction, tc.class, tc.frac)
			continue
		}
		b := v.Basis
		if b.Model != tc.model || b.Ranks != tc.ranks || b.Nodes != tc.nodes || len(v.Causes) != 0 || v.Gap != nil {
			t.Errorf("%s: basis %+v causes %v", tc.file, b, v.Causes)
		}
		found := false
		for _, n := range b.From {
			if n.Line == tc.ranksLine && strings.Contains(n.Msg, fmt.Sprintf("%d ranks", tc.ranks)) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no note of %d ranks from line %d in %+v", tc.file, tc.ranks, tc.ranksLine, b.From)
		}
	}
	v, _ := judgeFile(t, "testdata/gb300_nvl72_64x_alltoall.txt", Options{System: "gb200-nvl72"})
	if !strings.Contains(v.Basis.Command, "--intra-bandwidth 721.8GB/s") || v.Basis.Collective != "alltoall" || v.Regimes[len(v.Regimes)-1].Name != RegimeBandwidth {
		t.Errorf("AllToAll basis %q, regimes %+v", v.Basis.Command, v.Regimes)
	}
}

// Published logs of an InfiniBand pair, a RoCE cluster and a PCIe box
// (testdata/README.md gives each source and the reasoning):
//
//   - two A100 PCIe servers, one GPU and one 200G HDR NIC each, judged
//     against dgx-a100 (one HDR NIC per A100): NCCL's ring over one NIC is
//     min(25 GB/s NIC, 24 GB/s PCIe Gen4) = 24 GB/s; the bandwidth-bound
//     rows (32 MiB – 1 GiB) print 6.41–6.44 GB/s: ≈ 0.27, far below, and
//     the log forces GPU Direct RDMA across the CPU sockets;
//   - two OCI BM.GPU4.8 (8 × A100, 16 × 100G RoCE = 200 GB/s a node, as
//     dgx-a100's 8 × 200G): the ring's 192 GB/s against 186.8–190.1: ≈
//     1.00, normal, with no option at all;
//   - four RTX 4090 on PCIe Gen4 in one host, against pcie-l40s (the same
//     Ada GPU on the same x16 link): NCCL's ring would reach 18 GB/s, the
//     log prints 2.57: ≈ 0.14, far below, the PCIe cards cited.
func TestVerdictNetworkAndPCIeLogs(t *testing.T) {
	cases := []struct {
		file         string
		o            Options
		class        string
		frac         float64
		system, hw   string
		ranks, nodes int
	}{
		{"testdata/a100_pcie_2node_hdr_gdr_sys.txt", Options{System: "dgx-a100"}, ClassFarBelow, 0.27, "dgx-a100", "1 × 200G NICs per node (dgx-a100)", 2, 2},
		{"testdata/a100_16x_2node_roce_oci.txt", Options{}, ClassNormal, 1.00, "dgx-a100", "8 × 200G NICs per node (dgx-a100)", 16, 2},
		{"testdata/rtx4090_4x_pcie_docker.txt", Options{System: "pcie-l40s"}, ClassFarBelow, 0.14, "pcie-l40s", "pcie-l40s's PCIe Gen4", 4, 1},
	}
	for _, tc := range cases {
		v, err := judgeFile(t, tc.file, tc.o)
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
		}
		if v.Class != tc.class || math.Abs(v.Fraction-tc.frac) > 0.01 {
			t.Errorf("%s: %s %.3f, want %s %.2f", tc.file, v.Class, v.Fraction, tc.class, tc.frac)
			continue
		}
		b := v.Basis
		if b.System != tc.system || b.Hardware.Msg != tc.hw || b.Ranks != tc.ranks || b.Nodes != tc.nodes || b.Model != cost.ModelNCCL {
			t.Errorf("%s: basis %+v", tc.file, b)
		}
		for _, n := range b.From {
			if strings.Contains(n.Msg, "NICs per node;") {
				t.Errorf("%s: %q (the layout's share of the preset's NICs is what the model uses)", tc.file, n.Msg)
			}
		}
		if (tc.class == ClassNormal) != (v.Gap == nil && len(v.Causes) == 0) {
			t.Errorf("%s: gap %v causes %+v", tc.file, v.Gap, v.Causes)
		}
	}
}

// AllToAll on a PCIe preset is bounded at NCCL's PCIe rate (24 GB/s for
// Gen4 x16, src/graph/topo.cc), not the 32 GB/s line rate, as NVLink
// presets are at NCCL's NVLink rate.
func TestVerdictAllToAllPCIeRate(t *testing.T) {
	v, _ := judgeFile(t, "testdata/rtx4090_4x_pcie_docker.txt", Options{System: "pcie-l40s", Collective: "alltoall"})
	b := v.Basis
	if b == nil || b.Model != cost.ModelAlphaBeta || !strings.Contains(b.Command, "--intra-bandwidth 24GB/s") {
		t.Fatalf("basis %+v", b)
	}
	found := false
	for _, n := range b.From {
		found = found || n.Msg == "the PCIe bound is NCCL's rate, 24 GB/s for a Gen4 x16 link, not the 32 GB/s line rate"
	}
	if !found {
		t.Errorf("no PCIe-rate note in %+v", b.From)
	}
	// The same rows judged as AllReduce keep NCCL's own model: no note.
	v, _ = judgeFile(t, "testdata/rtx4090_4x_pcie_docker.txt", Options{System: "pcie-l40s"})
	if strings.Contains(v.Basis.Command, "intra-bandwidth") {
		t.Errorf("allreduce command %q", v.Basis.Command)
	}
}

// Reaches is the --fail-below gate: judged and at least f; a verdict that
// judged nothing fails every gate, even f = 0.
func TestVerdictReaches(t *testing.T) {
	for _, c := range []struct {
		v    Verdict
		f    float64
		want bool
	}{
		{Verdict{Class: ClassNormal, Fraction: 0.96}, 0.8, true},
		{Verdict{Class: ClassNormal, Fraction: 0.8}, 0.8, true},
		{Verdict{Class: ClassBelow, Fraction: 0.79}, 0.8, false},
		{Verdict{Class: ClassCannotJudge}, 0, false},
	} {
		if got := c.v.Reaches(c.f); got != c.want {
			t.Errorf("%s at %g: Reaches(%g) = %v", c.v.Class, c.v.Fraction, c.f, got)
		}
	}
}
