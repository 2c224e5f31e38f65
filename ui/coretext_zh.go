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
	"balanced trees (no ×0.85), same channels for Broadcast/Reduce, no extra network latency (graph latencyInter = 0), one operation (no aggregation)":                                                                                              "平衡树（不乘 0.85），Broadcast/Reduce 用相同的通道，无额外网络延迟（拓扑图的 latencyInter = 0），单次操作（不聚合）",
	"LL128 is enabled by default only over NVLink paths":                                                    "LL128 默认只在 NVLink 路径上启用",
	"latencies are NCCL's own constants (--latency, --intra-latency and --gamma do not enter NCCL's model)": "延迟用 NCCL 自带的常数（latency、intra-latency 和 gamma 不进入 NCCL 的模型）",
	"the topology search is restated for uniform machines (every GPU with the same NVLinks or PCIe link and the same share of NICs, rails matched); NCCL_DEBUG_SUBSYS=GRAPH shows what NCCL found on a real one": "拓扑搜索按均匀机器重述（每个 GPU 的 NVLink 或 PCIe 链路相同、分到的网卡份额相同、轨道对齐）；真实机器上 NCCL 找到的结果见 NCCL_DEBUG_SUBSYS=GRAPH",
	"balanced trees across nodes, same channels for Broadcast/Reduce, no extra network latency (graph latencyInter = 0), one operation (no aggregation), no tuner plugin, unregistered buffers":                  "跨节点用平衡树，Broadcast/Reduce 用相同的通道，无额外网络延迟（拓扑图的 latencyInter = 0），单次操作（不聚合），无调优插件，缓冲区未注册",
	"the time is NCCL's own estimate, used to choose an algorithm: NCCL does not model pipeline start-up, so real mid-size messages take longer (see docs/nccl-model.md)":                                        "时间是 NCCL 自己用来选择算法的估计：NCCL 不建模流水线启动，所以实际的中等大小消息耗时更长（见 docs/nccl-model.md）",
	"no system and no gpus-per-node: every rank is its own node (one GPU per node, all traffic on the network); give --system or --gpus-per-node for GPUs that share a node":                                     "未给 system 也未给 gpus-per-node：每个 Rank 自成一个节点（每节点一个 GPU，全部流量走网络）；GPU 共享节点时请给 system 或 gpus-per-node",
	"NVLS and NVLSTree run only the Simple protocol":                                      "NVLS 和 NVLSTree 只用 Simple 协议",
	"CollNet runs only the Simple protocol":                                               "CollNet 只用 Simple 协议",
	"PAT runs only the Simple protocol":                                                   "PAT 只用 Simple 协议",
	"PAT runs only with one GPU per node":                                                 "PAT 只在每节点一个 GPU 时运行",
	"NCCL_ALGO leaves it out":                                                             "NCCL_ALGO 把它排除了",
	"NCCL_PROTO leaves it out":                                                            "NCCL_PROTO 把它排除了",
	"NVLS needs NVSwitch with NVLink SHARP (Hopper or later)":                             "NVLS 需要支持 NVLink SHARP 的 NVSwitch（Hopper 及以后）",
	"NVLS needs at least 2 channels":                                                      "NVLS 至少需要 2 个通道",
	"NVLSTree needs more than one node":                                                   "NVLSTree 需要多于一个节点",
	"CollNet needs NCCL_COLLNET_ENABLE=1 and a network that reduces (SHARP) across nodes": "CollNet 需要 NCCL_COLLNET_ENABLE=1 和能在交换机中归约（SHARP）的跨节点网络",
	"NVLS across nodes needs CollNet":                                                     "跨节点的 NVLS 需要 CollNet",
	"CollNet Direct needs NVSwitch":                                                       "CollNet Direct 需要 NVSwitch",
	"CollNet runs with at most 8 GPUs per node":                                           "CollNet 最多支持每节点 8 个 GPU",
	"NVLS runs allgather and reducescatter with at most 32 GPUs per node":                 "NVLS 的 allgather 和 reducescatter 最多支持每节点 32 个 GPU",
	"NCCL runs NVLS and CollNet allgather/reducescatter across nodes only with a CollNet plugin that implements them": "跨节点的 NVLS 和 CollNet allgather/reducescatter 只在 CollNet 插件实现它们时运行",
	"NCCL's bandwidth for it is 0": "NCCL 给它的带宽为 0",
}

func init() {
	for _, c := range prim.Collectives() {
		coreTextZH["NCCL runs "+string(c)+" only as a ring"] = "NCCL 的 " + string(c) + " 只有环形（Ring）算法"
		for _, a := range []string{"Tree", "CollNetDirect", "CollNetChain", "NVLS", "NVLSTree", "PAT"} {
			coreTextZH["NCCL has no "+a+" for "+string(c)] = "NCCL 的 " + string(c) + " 没有 " + a + " 算法"
		}
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
