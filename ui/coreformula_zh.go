package ui

import "strings"

// coreFormulaZH translates, for the zh page, the English fragments that
// package cost writes into a result's formula, its formula with numbers and
// its note (Result.Formula, FormulaNumbers, Note): the parenthetical
// explanations, "N steps:" and the notes' sentences. The mathematics and
// the numbers stay as they are. Applied longest fragment first;
// TestCoreFormulasTranslated runs every collective × algorithm on a flat
// network, a cluster and with a straggler and fails on an English word
// left over. O(fragments × length).
var coreFormulaZH = [][2]string{
	{"(g GPUs per node on links α₁, β₁; k nodes on links α₂, β₂; uneven counts use the largest piece ⌈S/g⌉ and sub-chunk ⌈⌈S/g⌉/k⌉; on one flat network the ring's)",
		"（每节点 g 个 GPU，节点内链路 α₁、β₁；k 个节点，节点间链路 α₂、β₂；不能整除时取最大分片 ⌈S/g⌉ 与子分块 ⌈⌈S/g⌉/k⌉；只有一个扁平网络时即 Ring 的公式）"},
	{"; L' = ⌊log₂P⌋, P' = 2^L', r = P − P', δ = 1 if P is not a power of two (fold-in and fold-out rounds of the r extra ranks), else 0",
		"；L' = ⌊log₂P⌋，P' = 2^L'，r = P − P'；P 不是 2 的幂时 δ = 1（多出的 r 个 Rank 的折入与折出轮），否则为 0"},
	{"(= L·(α + S/2·β) on a power of two)", "（P 为 2 的幂时 = L·(α + S/2·β)）"},
	{"bit k of j set", "j 的第 k 位为 1"},
	{" (each round on the link it waits for)", "（每轮按它所等待的链路计）"},
	{" steps: ", " 步："},
	{"the lecture's pipelined-tree model: the limit of infinitely many chunks, not the cost of a finite schedule",
		"讲义的流水线树模型：分块数趋于无穷时的极限，而非有限调度的代价"},
	{"schedule_time_s is the executed double binary tree with the chosen chunks", "schedule_time_s 是按所选分块数实际执行的双二叉树"},
	{"the executed schedule is too large to price here (see ccplay run)", "实际执行的调度太大，此处无法计价（见 ccplay run）"},
	{"on this topology the closed form is an upper bound (every round at the slowest link it may use)", "在此拓扑上闭式公式是上界（每轮都按它可能用到的最慢链路计）"},
	{"schedule_time_s is the executed schedule's exact cost", "schedule_time_s 是实际执行调度的精确代价"},
	{"the schedule is too large to price here", "调度太大，此处无法计价"},
}

// coreFormulaText is a formula, formula-with-numbers or note of package
// cost in the page's language.
func (s *State) coreFormulaText(en string) string {
	if s.Lang != "zh" || en == "" {
		return en
	}
	for _, r := range coreFormulaZH {
		en = strings.ReplaceAll(en, r[0], r[1])
	}
	return en
}

// Formula, FormulaNumbers and Note are the result's texts in the page's
// language (see coreFormulaText).
func (s *State) Formula() string        { return s.coreFormulaText(s.R.Formula) }
func (s *State) FormulaNumbers() string { return s.coreFormulaText(s.R.FormulaNumbers) }
func (s *State) Note() string           { return s.coreFormulaText(s.R.Note) }
