package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/chart/timeline"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/plan"
)

// The planner's texts that package plan writes in English (what a
// collective carries, the strategy table, the timelines' titles and bars),
// in Chinese for the zh page. Exact strings where plan writes fixed ones,
// patterns where it composes them; TestPlannerChinese runs every scenario
// of the planner on the zh page and fails on an English word left.

// planWhatZH are the fixed "what travels" texts.
var planWhatZH = map[string]string{
	"activations gathered along the sequence before attention and MLP": "注意力和 MLP 之前沿序列收集的激活",
	"attention and MLP outputs reduce-scattered along the sequence":    "沿序列规约发散的注意力和 MLP 输出",
	"attention and MLP outputs (operator g)":                           "注意力和 MLP 的输出（算子 g）",
	"gradients of the gathered activations":                            "收集来的激活的梯度",
	"gradients of the reduce-scattered outputs":                        "规约发散后输出的梯度",
	"input gradients of attention and MLP (operator f)":                "注意力和 MLP 的输入梯度（算子 f）",
	"tokens to their top-k experts (dispatch) and back (combine)":      "token 发往其 top-k 专家（分发）再返回（合并）",
	"gradients of combine and dispatch":                                "合并与分发的梯度",
	"boundary activations to the next stage":                           "边界激活发往下一阶段",
	"boundary gradients to the previous stage":                         "边界梯度发回上一阶段",
	"gradient buckets":                       "梯度桶",
	"gradient buckets to their owners":       "梯度桶发往各自的属主",
	"updated bf16 weights from their owners": "属主发回更新后的 bf16 权重",
}

// planUnitZH are the parts of the model ZeRO-3 gathers one at a time.
var planUnitZH = map[string]string{"input embedding": "输入嵌入层", "layer": "层", "layer's experts": "层的专家", "output projection": "输出投影层"}

// planWhat is a "what travels" text in the page's language.
func (s *State) planWhat(en string) string {
	if s.Lang != "zh" {
		return en
	}
	suffix := ""
	if strings.HasSuffix(en, " (experts)") {
		en, suffix = strings.TrimSuffix(en, " (experts)"), "（专家）"
	}
	if zh, ok := planWhatZH[en]; ok {
		return zh + suffix
	}
	for _, t := range []struct{ pre, post, zh string }{
		{"the ", "'s weights gathered before its forward", "%s的权重在其前向之前收集"},
		{"the ", "'s weights gathered again for its backward", "%s的权重为其反向再次收集"},
		{"the ", "'s gradients reduce-scattered to their owners", "%s的梯度规约发散给各自的属主"},
	} {
		if strings.HasPrefix(en, t.pre) && strings.HasSuffix(en, t.post) {
			unit := strings.TrimSuffix(strings.TrimPrefix(en, t.pre), t.post)
			if zu, ok := planUnitZH[unit]; ok {
				return fmt.Sprintf(t.zh, zu) + suffix
			}
		}
	}
	return en + suffix
}

// planPhrasesZH translate the phrases of the strategy table's cells, the
// phases and the links, longest first.
var planPhrasesZH = [][2]string{
	{"the batch; every GPU a full replica", "批数据；每张 GPU 一份完整副本"},
	{"optimizer state, gradients and parameters", "优化器状态、梯度和参数"},
	{"optimizer state and gradients", "优化器状态和梯度"},
	{"optimizer state", "优化器状态"},
	{"weight matrices; LayerNorm and dropout along the sequence", "权重矩阵；LayerNorm 和 dropout 沿序列切分"},
	{"weight matrices (inside a node)", "权重矩阵（节点内）"},
	{"layers into stages", "把层切成流水线阶段"},
	{"experts across GPUs", "专家分布到各 GPU"},
	{"per micro-batch per boundary", "每个 micro-batch 每个边界"},
	{"(forward + backward)", "（前向 + 反向）"},
	{"(optimizer step)", "（优化器步）"},
	{"(forward)", "（前向）"},
	{"(backward)", "（反向）"},
	{"per MoE layer", "每个 MoE 层"},
	{"per bucket", "每个桶"},
	{"per layer", "每层"},
	{"per block", "每个块"},
	{"per step", "每步"},
	{"each way", "每个方向"},
	{"optimizer step", "优化器步"},
	{"intra-node", "节点内"},
	{"inter-node", "节点间"},
	{"forward", "前向"},
	{"backward", "反向"},
	{"recompute", "重算"},
	{" nodes × ", " 个节点 × "},
	{" node × ", " 个节点 × "},
	{"Pipeline", "流水线并行"},
}

// planText is a phrase of the planner's tables in the page's language.
func (s *State) planText(en string) string {
	if s.Lang != "zh" {
		return en
	}
	for _, r := range planPhrasesZH {
		en = strings.ReplaceAll(en, r[0], r[1])
	}
	return en
}

// planTimelineZH are the timelines' titles.
var planTimelineZH = map[string]string{
	"DDP: gradient buckets AllReduced while the last micro-batch's backward runs":   "DDP：最后一个 micro-batch 的反向进行时，梯度桶被 AllReduce",
	"ZeRO-3 without prefetch: each layer waits for its own AllGather":               "ZeRO-3 不预取：每层等待自己的 AllGather",
	"ZeRO-3: each layer's AllGather prefetched during the previous layer's compute": "ZeRO-3：每层的 AllGather 在上一层计算时预取",
}

// planBarZH are the first words of the timelines' bars.
var planBarZH = [][2]string{
	{"micro-batches", "micro-batch"}, {"reduce-scatter", "规约发散"}, {"gather", "收集"}, {"fwd", "前向"}, {"bwd", "反向"},
	{"bucket", "桶"}, {"dispatch", "分发"}, {"experts", "专家"}, {"combine", "合并"}, {"forward", "前向"}, {"backward", "反向"},
}

// planGantt is timeline.Gantt of t in the page's language: title, lanes,
// the compute-alone marker, every bar's label and the description.
func (s *State) planGantt(t plan.Timeline) chart.Gantt {
	g := timeline.Gantt(t)
	if s.Lang != "zh" {
		return g
	}
	about := t.About
	if zh, ok := planTimelineZH[about]; ok {
		about = zh
	} else if rest, ok := strings.CutPrefix(about, "MoE layer forward: dispatch, expert GEMMs and combine in "); ok {
		about = "MoE 层前向：分发、专家 GEMM 与合并，分 " + strings.TrimSuffix(rest, " chunks") + " 块"
	}
	g.Title = about
	g.Lanes = []string{"计算", "网络"}
	for i := range g.Markers {
		g.Markers[i].Label = "仅计算"
	}
	for i := range g.Bars {
		l := g.Bars[i].Label
		for _, w := range planBarZH {
			if strings.HasPrefix(l, w[0]) {
				l = w[1] + strings.TrimPrefix(l, w[0])
				break
			}
		}
		g.Bars[i].Label = strings.Replace(l, " again:", "（再次）：", 1)
	}
	g.Desc = fmt.Sprintf("%s。计算 %s；重叠后这一步在 %s 结束；串行需 %s；暴露的通信 %s。", about,
		cost.FormatSeconds(t.Compute), cost.FormatSeconds(t.Finish), cost.FormatSeconds(t.Serial), cost.FormatSeconds(t.Exposed))
	return g
}

// planGroupLabel is a group's label: "tp × 8 (stride 1)".
func (s *State) planGroupLabel(name string, size, stride int) string {
	return s.Tf("pl.grouplabel", name, size, strconv.Itoa(stride))
}
