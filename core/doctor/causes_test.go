package doctor

import (
	"strconv"
	"strings"
	"testing"
)

// dev is a "# Rank" line.
func dev(rank int, host, model string) string {
	return "#  Rank  " + itoa(rank) + " Group  0 Pid  100 on " + host + " device  " + itoa(rank%8) + " [0x00] " + model + "\n"
}

func itoa(i int) string { return strconv.Itoa(i) }

func kinds(cs []Cause) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.Kind+"@"+itoa(c.Line))
	}
	return strings.Join(s, " ")
}

// Each check fires on the line that shows its cause, and only there.
func TestCauses(t *testing.T) {
	h100 := "# nThread 1 nGpus 1 minBytes 8 maxBytes 8\n" // line 1
	for r := 0; r < 8; r++ {
		h100 += dev(r, "a", "NVIDIA H100 80GB HBM3") // lines 2-9
	}
	cases := []struct {
		reason, log, want string
	}{
		{"healthy H100 node", h100 + "a:1:2 [0] NCCL INFO Channel 00/32 :    0   1\n", ""},
		{"few channels on one H100 node", h100 + "a:1:2 [0] NCCL INFO Channel 00/08 :    0   1\n", "channels@10"},
		{"NCCL_MAX_NCHANNELS below", h100 + "a:1:2 [0] NCCL INFO NCCL_MAX_NCHANNELS set by environment to 4\n", "channels@10"},
		{"NVLS not available", h100 + "a:1:2 [0] NCCL INFO NVLS multicast support is not available on dev 0\n", "no-nvls@10"},
		{"no nvls channels", h100 + "a:1:2 [0] NCCL INFO 32 coll channels, 32 collnet channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer\n", "no-nvls@10"},
		{"NVLS disabled", "NCCL_NVLS_ENABLE=0 ./all_reduce_perf -g 8\n" + h100, "no-nvls@1"},
		{"NCCL before NVLS", h100 + "NCCL version 2.16.5+cuda12.0\n", "no-nvls@10"},
		{"NVLS on an A100 is no cause", strings.ReplaceAll(h100, "H100 80GB HBM3", "A100-SXM4-80GB") + "a:1:2 [0] NCCL INFO NVLS multicast support is not available on dev 0\n", ""},
		{"GDR disabled for an HCA", "a:1:2 [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'\n", "gdr-off@1"},
		{"IB connection without GDRDMA", "a:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/IB/0\n", "gdr-off@1"},
		{"GDR level LOC", "mpirun -x NCCL_NET_GDR_LEVEL=LOC ./all_reduce_perf\n", "gdr-off@1"},
		{"GDR on", "a:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA\n", ""},
		{"socket, not GDR", "a:1:2 [0] NCCL INFO Using network Socket\na:1:2 [0] NCCL INFO NET/Socket : GPU Direct RDMA Disabled for HCA 0 'eth0'\n", "socket@1"},
		{"forced protocol", "a:1:2 [0] NCCL INFO NCCL_PROTO set by environment to LL128\n", "forced@1"},
		{"P2P disabled = 0 is no cause", "NCCL_P2P_DISABLE=0 ./all_reduce_perf\n", ""},
		{"unequal ranks", "# nThread 1\n" + dev(0, "a", "NVIDIA H100 80GB HBM3") + dev(1, "a", "NVIDIA H100 80GB HBM3") + dev(2, "b", "NVIDIA H100 80GB HBM3") + "#\n", "unequal@4"},
		{"unequal but cut: no cause", "# nThread 1\n" + dev(0, "a", "NVIDIA H100 80GB HBM3") + dev(1, "a", "NVIDIA H100 80GB HBM3") + dev(2, "b", "NVIDIA H100 80GB HBM3"), ""},
		{"NVLink in the topology: not PCIe", "a:1:2 [0] NCCL INFO + PCI[24.0] - GPU/1000 (0)\na:1:2 [0] NCCL INFO + NVL[240.0] - GPU/2000\n", ""},
		// Settings on the command line and exported, and PCIe hints.
		{"GDR level PIX", "mpirun -x NCCL_NET_GDR_LEVEL=PIX ./all_reduce_perf\n", "gdr-off@1"},
		{"GDR level SYS is Forced's", "mpirun -x NCCL_NET_GDR_LEVEL=SYS ./all_reduce_perf\n", "forced@1"},
		{"P2P level NVL on H100", h100 + "export NCCL_P2P_LEVEL=NVL\n", "forced@10"},
		{"P2P level LOC", "NCCL_P2P_LEVEL=LOC ./all_reduce_perf -g 8\n", "forced@1"},
		{"P2P level NVL on PCIe cards", "NCCL_P2P_LEVEL=NVL ./all_reduce_perf -g 4\n# nThread 1\n" + dev(0, "a", "NVIDIA L40S") + dev(1, "a", "NVIDIA L40S"), "forced@1 pcie@3"},
		{"64 QPs", "mpirun -x NCCL_IB_QPS_PER_CONNECTION=64 ./all_reduce_perf\n", "net-setting@1"},
		{"2 QPs is no cause", "mpirun -x NCCL_IB_QPS_PER_CONNECTION=2 ./all_reduce_perf\n", ""},
		{"GPUs out of order", "CUDA_VISIBLE_DEVICES=0,2,1,3 ./all_reduce_perf -g 4\n", "topology@1"},
		{"GPUs in order", "CUDA_VISIBLE_DEVICES=0,1,2,3 ./all_reduce_perf -g 4\n", ""},
		{"ACS in a pasted lspci line", "ACSCtl: SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-\n", "topology@1"},
		{"IOMMU in a kernel line", "[    0.52] DMAR: IOMMU enabled\n", "topology@1"},
		{"GPUs via SHM", "a:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via SHM/direct/direct\n", "p2p-off@1"},
		{"downgraded PCIe link", "\t\tLnkSta:\tSpeed 8GT/s (downgraded), Width x8 (downgraded)\n", "pcie@1"},
		{"full PCIe link", "\t\tLnkSta:\tSpeed 16GT/s, Width x16\n", ""},
		{"an L40S rated at Gen3 x16 by NCCL", "# nThread 1\n" + dev(0, "a", "NVIDIA L40S") + dev(1, "a", "NVIDIA L40S") + "a:1:2 [0] NCCL INFO + PCI[12.0] - GPU/1000 (0)\n", "pcie@2 pcie@4"},
		{"an L40S at Gen4 x16", "# nThread 1\n" + dev(0, "a", "NVIDIA L40S") + dev(1, "a", "NVIDIA L40S") + "a:1:2 [0] NCCL INFO + PCI[24.0] - GPU/1000 (0)\n", "pcie@2"},
		{"socket by NCCL_NET", "NCCL_NET=Socket ./all_reduce_perf\n", "socket@1"},
	}
	for _, tc := range cases {
		d, _ := Diagnose([]byte(tc.log))
		if got := kinds(d.Causes); got != tc.want {
			t.Errorf("%s: causes %q, want %q", tc.reason, got, tc.want)
		}
	}
}

// SystemOf knows the boards nccl-tests prints, PCIe before SXM.
func TestSystemOf(t *testing.T) {
	for model, want := range map[string]string{
		"NVIDIA H100 80GB HBM3": "h100-sxm", "NVIDIA H100 PCIe": "h100-pcie", "NVIDIA H100 NVL": "h100-nvl",
		"NVIDIA H200": "h200", "NVIDIA B200": "b200", "NVIDIA A100-SXM4-80GB": "a100-sxm",
		"NVIDIA A100-PCIE-40GB": "a100-pcie", "NVIDIA A100 80GB PCIe": "a100-pcie", "NVIDIA L40S": "l40s-pcie",
		"Tesla V100-SXM2-32GB": "v100-sxm", "NVIDIA H20": "h20", "NVIDIA GeForce RTX 4090": "rtx4090-pcie",
		"NVIDIA GeForce RTX 3090": "rtx3090-pcie", "NVIDIA RTX A6000": "rtxa6000-pcie", "NVIDIA RTX 6000 Ada Generation": "rtx6000ada-pcie",
	} {
		if s, ok := SystemOf(model); !ok || s.Key != want {
			t.Errorf("%q: %q %v, want %q", model, s.Key, ok, want)
		}
	}
	if _, ok := SystemOf("AMD Instinct MI250X"); ok {
		t.Error("MI250X: known")
	}
}
