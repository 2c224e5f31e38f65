package ui

import (
	"sort"
	"strings"
	"testing"
)

// zhStates are the questions the zh pages are checked over: the default,
// the planner, a hierarchical cluster, a straggler, NCCL's model (with a
// system and without), and a collective with few algorithms.
var zhStates = []string{
	"",
	"algorithm=hierarchical&ranks=1024&gpus-per-node=8&preset=ib400&intra-preset=nvlink4&size=1GiB",
	"algorithm=tree&ranks=64&slow-rank=3&slow-factor=4",
	"ranks=16&gpus-per-node=8&slow-link=3-4&slow-factor=2",
	"model=nccl&ranks=16&gpus-per-node=8&intra-preset=nvlink4&preset=ib400&size=64KiB",
	"model=nccl&system=dgx-h100&ranks=16",
	"collective=alltoall&algorithm=auto",
	"algorithm=auto&ranks=64",
}

// TestZhPagesHaveNoEnglish renders every view on the zh page over zhStates
// and fails on any English word that is not an identifier or a unit.
func TestZhPagesHaveNoEnglish(t *testing.T) {
	found := map[string]string{}
	for _, q := range zhStates {
		s := NewState(q+"&lang=zh", "zh")
		a := NewApp(s)
		for _, v := range Views {
			a.SetView(v)
			for _, w := range EnglishWords(render(t, a)) {
				if _, ok := found[w]; !ok {
					found[w] = v + " ?" + q
				}
			}
		}
	}
	var ws []string
	for w, where := range found {
		ws = append(ws, w+" ("+where+")")
	}
	sort.Strings(ws)
	if len(ws) > 0 {
		t.Errorf("%d English words on the zh pages:\n%s", len(ws), strings.Join(ws, "\n"))
	}
}

// TestCoreFormulasTranslated: every collective × algorithm, on one
// network, on nodes of 8 GPUs and with a straggler, has its formula,
// formula with numbers and note in Chinese on the zh page (coreFormulaZH).
func TestCoreFormulasTranslated(t *testing.T) {
	for _, c := range []string{"sendrecv", "broadcast", "scatter", "gather", "reduce", "allreduce", "reducescatter", "allgather", "alltoall"} {
		for _, a := range []string{"naive", "ring", "tree", "binomial", "recursive_doubling", "recursive_halving", "rabenseifner", "bruck", "pairwise", "scatter_allgather", "hierarchical", "auto"} {
			for _, extra := range []string{"&ranks=12", "&ranks=16&gpus-per-node=8", "&ranks=16&gpus-per-node=4&slow-rank=3&slow-factor=4", "&ranks=1024"} {
				s := NewState("lang=zh&collective="+c+"&algorithm="+a+extra, "zh")
				if s.Invalid() {
					continue
				}
				s.Complete()
				if w := EnglishWords(s.Formula() + " " + s.FormulaNumbers() + " " + s.Note()); len(w) > 0 {
					t.Errorf("%s %s%s: English %v in %q / %q / %q", c, a, extra, w, s.Formula(), s.FormulaNumbers(), s.Note())
				}
			}
		}
	}
}

// TestPlannerChinese: the planner's every scenario (DDP, ZeRO-1/2/3, SP,
// a pipeline, MoE) on the zh page has no English word left.
func TestPlannerChinese(t *testing.T) {
	for _, q := range []string{"plan.zero=0", "plan.zero=1", "plan.zero=2&plan.sp=on", "plan.zero=2&plan.pp=4&plan.dp=2",
		"plan.model=mixtral-8x7b&plan.ep=8&plan.tp=1&plan.zero=1", "plan.recompute=full&plan.zero=2"} {
		s := NewState("lang=zh&view=plan&"+q, "zh")
		a := NewApp(s)
		if e := a.Plan.PlanErr(); e != "" {
			t.Fatalf("%s: %s", q, e)
		}
		if w := EnglishWords(render(t, a)); len(w) > 0 {
			t.Errorf("%s: English on the zh planner: %v", q, w)
		}
	}
}
