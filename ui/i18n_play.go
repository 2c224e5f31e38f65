package ui

// The messages of the page's frame added with issue 14 (multi-field errors,
// the stale banner, the collective's landing note, copy feedback, the
// controls' drawer), merged into the catalogs at start-up.
var enPlay = map[string]string{
	"adj.algorithm": "%[1]s has no %[2]s algorithm: algorithm → %[3]s",
	"adj.auto":      "auto (picks %s)",
	"adj.chunks":    "chunks → 0 (the algorithm does not pipeline)",
	"adj.root":      "root → 0 (%s has no root)",
	"adj.model":     "cost model → α-β (NCCL's model does not cover %s)",
	"adj.sep":       "; ",
	"stale.banner":  "Not updated: %[1]d field(s) in red. Shown, dimmed: the last valid result, %[2]s.",
	"copy.failed":   "Copy failed: select the link below",
	"copy.manual":   "Link to this state",
	"controls.show": "Inputs",
	"controls.only": "Inputs this view uses",
	"controls.none": "This view uses none of the question's inputs: its own are below.",
	"tabs.label":    "Views",
	"doc.title":     "%s — ccplay",

	"f.system":           "System (whole machine)",
	"f.nccl-algo":        "NCCL_ALGO",
	"f.nccl-proto":       "NCCL_PROTO",
	"f.nccl-channels":    "Channels (NCCL_MIN/MAX_NCHANNELS)",
	"f.nccl-collnet":     "NCCL_COLLNET_ENABLE",
	"hint.nccl-algo":     "empty = all; e.g. Ring,Tree or ^NVLS",
	"hint.nccl-proto":    "empty = all; e.g. Simple or ^LL128",
	"hint.nccl-channels": "empty = NCCL's choice; 1 to 64",
	"system.none":        "none: the links below",
	"system.label":       "%[1]d × %[2]s per node · %[3]s · %[4]d × %[5]sG network",
	"collnet.default":    "unset (NCCL's default: off)",
	"collnet.off":        "off",
	"collnet.on":         "on (SHARP)",
}

var zhPlay = map[string]string{
	"adj.algorithm": "%[1]s 没有 %[2]s 算法：算法改为 %[3]s",
	"adj.auto":      "auto（选中 %s）",
	"adj.chunks":    "分块数改为 0（该算法不做流水线）",
	"adj.root":      "根 Rank 改为 0（%s 没有根）",
	"adj.model":     "代价模型改为 α-β（NCCL 模型不涵盖 %s）",
	"adj.sep":       "；",
	"stale.banner":  "未更新：%[1]d 个字段（红色）有误。下方变暗显示的是上一个有效结果：%[2]s。",
	"copy.failed":   "复制失败：请选中下面的链接",
	"copy.manual":   "当前状态的链接",
	"controls.show": "输入",
	"controls.only": "本视图用到的输入",
	"controls.none": "本视图不用问题的输入：它自己的输入在下方。",
	"tabs.label":    "视图",
	"doc.title":     "%s — ccplay",

	"f.system":           "系统（整机预设）",
	"f.nccl-algo":        "NCCL_ALGO",
	"f.nccl-proto":       "NCCL_PROTO",
	"f.nccl-channels":    "通道数（NCCL_MIN/MAX_NCHANNELS）",
	"f.nccl-collnet":     "NCCL_COLLNET_ENABLE",
	"hint.nccl-algo":     "空 = 全部；如 Ring,Tree 或 ^NVLS",
	"hint.nccl-proto":    "空 = 全部；如 Simple 或 ^LL128",
	"hint.nccl-channels": "空 = 由 NCCL 决定；1 到 64",
	"system.none":        "无：用下面的链路",
	"system.label":       "每节点 %[1]d × %[2]s · %[3]s · 网络 %[4]d × %[5]sG",
	"collnet.default":    "不设（NCCL 默认：关）",
	"collnet.off":        "关",
	"collnet.on":         "开（SHARP）",
}

func init() {
	for k, v := range enPlay {
		en[k] = v
	}
	for k, v := range zhPlay {
		zh[k] = v
	}
}
