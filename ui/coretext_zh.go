package ui

import "github.com/ccplay/ccplay/core/prim"

// coreTextZH translates, for the zh page, the English sentences package
// cost writes into the results the page shows as they are: the NCCL model's
// assumptions and why one of its cells is disabled. Keys are cost's exact
// text; TestCoreTextTranslated runs the model over every collective and
// link class and fails on any sentence missing here, so a change in core
// cannot leave English on the zh page unnoticed.
var coreTextZH = map[string]string{
	"latencies are NCCL's own constants (--latency, --intra-latency and --gamma do not enter NCCL's model); bandwidths come from --bandwidth, --intra-bandwidth and --efficiency":                                                                   "延迟用 NCCL 自带的常数（latency、intra-latency 和 gamma 不进入 NCCL 的模型）；带宽取自 bandwidth、intra-bandwidth 和 efficiency",
	"GPUs are Hopper (compute capability 9.0) on an Intel x86 host; NVLS, CollNet and PAT are off (not modelled)":                                                                                                                                   "GPU 为 Hopper（计算能力 9.0），主机为 Intel x86；NVLS、CollNet 和 PAT 关闭（未建模）",
	"16 channels; per-channel speed = the link's bandwidth ÷ 16: inside a node the intra link; across nodes the smaller of the intra link and one NIC per GPU (g × the network bandwidth), as NCCL's ring search uses one speed for the whole path": "16 个通道；每通道速度 = 链路带宽 ÷ 16：节点内（机内）取节点内链路；跨节点（跨机）取节点内链路与每 GPU 一块网卡（g × 网络带宽）中较小者，因为 NCCL 的环形（Ring）搜索对整条路径只用一个速度",
	"trees on 2 nodes may run their intra-node part at up to twice the inter-node speed (search.cc raises bwIntra for trees), and NCCL uses the intra speed when there are at most 2 nodes":                                                         "2 个节点上的树（Tree）的节点内部分最高可达跨节点速度的两倍（search.cc 为 Tree 提高 bwIntra）；节点数不超过 2 时 NCCL 用节点内速度",
	"the intra link is NVLink when faster than PCIe Gen5 x16 (64 GB/s), else PCI; LL128 is off over PCI":                                                                                                                                            "节点内链路快于 PCIe Gen5 x16（64 GB/s）时视为 NVLink，否则视为 PCI；PCI 上 LL128 关闭",
	"balanced trees (no ×0.85), same channels for Broadcast/Reduce, no extra network latency (graph latencyInter = 0), one operation (no aggregation)":                                                                                              "平衡树（不乘 0.85），Broadcast/Reduce 用相同的通道，无额外网络延迟（graph latencyInter = 0），单次操作（不聚合）",
	"LL128 is enabled by default only over NVLink paths": "LL128 默认只在 NVLink 路径上启用",
}

func init() {
	for _, c := range prim.Collectives() {
		coreTextZH["NCCL runs "+string(c)+" only as a ring"] = "NCCL 的 " + string(c) + " 只有环形（Ring）算法"
	}
}

// CoreText returns a sentence package cost wrote (in English, as the CLI
// and API print it) in the page's language. O(1).
func (s *State) CoreText(en string) string {
	if s.Lang == "zh" {
		if zh, ok := coreTextZH[en]; ok {
			return zh
		}
	}
	return en
}
