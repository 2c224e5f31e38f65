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

// The planner's texts that package plan writes in English (the strategy
// table's cells, phases and links; what a collective carries and the
// timelines' titles and bars are messages, rendered by ID), in Chinese for
// the zh page. Exact strings where plan writes fixed ones,
// patterns where it composes them; TestPlannerChinese runs every scenario
// of the planner on the zh page and fails on an English word left.

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

// planGantt is timeline.Gantt of t in the page's language: title, lanes,
// the compute-alone marker, every bar's label and the description.
func (s *State) planGantt(t plan.Timeline) chart.Gantt {
	g := timeline.Gantt(t)
	if s.Lang != "zh" {
		return g
	}
	about := t.AboutMsg.In(s.Lang)
	g.Title = about
	g.Lanes = []string{"计算", "网络"}
	for i := range g.Markers {
		g.Markers[i].Label = "仅计算"
	}
	for i, sp := range t.Spans {
		g.Bars[i].Label = fmt.Sprintf("%s：%s – %s", sp.LabelMsg.In(s.Lang), cost.FormatSeconds(sp.Start), cost.FormatSeconds(sp.End))
	}
	g.Desc = fmt.Sprintf("%s。计算 %s；重叠后这一步在 %s 结束；串行需 %s；暴露的通信 %s。", about,
		cost.FormatSeconds(t.Compute), cost.FormatSeconds(t.Finish), cost.FormatSeconds(t.Serial), cost.FormatSeconds(t.Exposed))
	return g
}

// planGroupLabel is a group's label: "tp × 8 (stride 1)".
func (s *State) planGroupLabel(name string, size, stride int) string {
	return s.Tf("pl.grouplabel", name, size, strconv.Itoa(stride))
}
