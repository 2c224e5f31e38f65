package ui

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/lecture"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// contentionBlocks are lesson id's contention question, its index among
// the lesson's questions, and the contention view after it.
func contentionBlocks(t *testing.T, id, lang string) (q int, question, view Block) {
	t.Helper()
	l := readLesson(t, id, lang)
	n, asked := 0, -1
	for _, b := range l.Blocks {
		switch {
		case b.Kind == BlockQuestion && b.Metric == "contention":
			asked, question = n, b
		case b.Kind == BlockView && b.View == "contention":
			if asked < 0 {
				t.Fatalf("%s/%s: the contention view comes before its question", id, lang)
			}
			return asked, question, b
		}
		if b.Kind == BlockQuestion {
			n++
		}
	}
	t.Fatalf("%s/%s: no contention question and view", id, lang)
	return 0, Block{}, Block{}
}

// viewParams are a contention view block's question on its fabric, read
// here from the block's fields by the question layer.
func viewParams(t *testing.T, b Block) cost.Params {
	t.Helper()
	m := map[string]string{}
	for _, f := range b.Fields {
		m[strings.TrimPrefix(f.Key, "contention.")] = f.Value
	}
	p, err := question.CostParams(field.Map(m))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestContentionLessons: in the hierarchy and moe lessons, in both
// languages, the contention figure appears only once its question is
// answered, below it; every time, slowdown and bound it shows is core's
// (lecture.FabricContention of the block's question: ring AllReduce and
// the question's collective at 1, 2, 4 and 8 to 1) with the hottest link
// of each at 4:1 named; on the lessons' case ring AllReduce slows at most
// 10 % at 4:1 and AllToAll at least 2.5×; and the link opens the fabric
// view (the tools module) on the same question, fabric, ratio and leaves,
// whose ring AllReduce times are the figure's. The prediction's runs are
// the figure's, each simulated once.
func TestContentionLessons(t *testing.T) {
	for _, id := range []string{"moe", "hierarchy"} {
		for _, lang := range []string{"zh", "en"} {
			q, asked, view := contentionBlocks(t, id, lang)
			a := NewApp(NewState("lesson="+id+"&lang="+lang+"&ans="+strings.Repeat("0", q), lang))
			before := render(t, a)
			if !strings.Contains(before, `id="quiz-`+strconv.Itoa(q)+`"`) || strings.Contains(before, `id="view-contention"`) {
				t.Fatalf("%s/%s: before question %d is answered the page shows it %v and the figure %v", id, lang, q,
					strings.Contains(before, `id="quiz-`+strconv.Itoa(q)+`"`), strings.Contains(before, `id="view-contention"`))
			}
			a.Lessons.SubmitKey(q, "Enter", AnswerOf(asked).Labels[0])
			page := render(t, a)
			at, fig := strings.Index(page, `id="quiz-`+strconv.Itoa(q)+`"`), strings.Index(page, `id="view-contention"`)
			if at < 0 || fig < at {
				t.Fatalf("%s/%s: after the answer the figure is at %d, the question at %d", id, lang, fig, at)
			}
			text := html.UnescapeString(page)
			if n := a.S.fabricRuns.memo.Runs(); n != 8 {
				t.Errorf("%s/%s: the prediction and the figure simulated %d runs, want the figure's 8, each once", id, lang, n)
			}

			mustContain(t, text, a.S.Tf("ct.case", 32, 8, 4, 2, 4, "64 MiB"))
			p := viewParams(t, view)
			cases := []lecture.ContentionCase{{Collective: prim.AllReduce, Algorithm: sched.Ring}, {Collective: p.Collective, Algorithm: p.Algorithm}}
			ct, err := lecture.FabricContention(p, cases, []float64{1, 2, 4, 8})
			if err != nil {
				t.Fatal(err)
			}
			for j, l := range ct.Lines {
				for i, r := range ct.Ratios {
					mustContain(t, text, `id="ct-`+strconv.Itoa(j)+"-"+ratioText(r)+`"`, `<span class="ct-t">`+Secs(l.TimesS[i])+`</span><span class="ct-x">`+times(l.Slowdowns[i])+`</span>`)
					if l.BoundsS != nil {
						mustContain(t, text, "≥ "+Secs(l.BoundsS[i]))
					}
				}
				h := l.Hottest[2]
				mustContain(t, text, a.S.Tf("ct.hottest", a.S.CollName(l.Collective)+" · "+a.S.AlgName(l.Algorithm), "4", h.From, h.To, units.FormatShare(h.Utilisation, 0)))
			}
			if ring := ct.Lines[0].Slowdowns[2]; ring > 1.10 {
				t.Errorf("%s: ring AllReduce at 4:1 is %.3f× its 1:1 time, want ≤ 1.10×", id, ring)
			}
			if l := ct.Lines[1]; l.Collective == "alltoall" && l.Slowdowns[2] < 2.5 {
				t.Errorf("%s: AllToAll at 4:1 is %.3f× its 1:1 time, want ≥ 2.5×", id, l.Slowdowns[2])
			}

			href := a.Lessons.contentionView().Href()
			for _, want := range []string{"fabric.kind=fat-tree", "fabric.ratio=4", "ranks=32", "gpus-per-node=4", "view=fabric", "lang=" + lang} {
				if !strings.Contains(href, want) {
					t.Errorf("%s/%s: the link %q lacks %q", id, lang, href, want)
				}
			}
			mustContain(t, page, `href="`+strings.ReplaceAll(href, "&", "&amp;")+`"`)
			f := NewApp(NewState(strings.TrimPrefix(href, "?"), lang))
			if f.Module() != ModuleTools || f.S.View != "fabric" {
				t.Errorf("%s/%s: the link opens %s in the %s module", id, lang, f.S.View, f.Module())
			}
			fp := f.Fabric.params()
			if fp.Fabric != p.Fabric || fp.Ranks != p.Ranks || fp.GPUsPerNode != p.GPUsPerNode || fp.Size != p.Size || fp.Collective != p.Collective || fp.Algorithm != p.Algorithm {
				t.Errorf("%s/%s: the fabric view asks %+v on %+v, the lesson %+v on %+v", id, lang, fp.Collective, fp.Fabric, p.Collective, p.Fabric)
			}
			st, err := cost.StudyFabric(fp, fabricTransfers)
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range st.Rows {
				if row.Collective == "allreduce" && row.Algorithm == "ring" {
					for i, x := range row.TimesS {
						if x != ct.Lines[0].TimesS[i] {
							t.Errorf("%s/%s: ring AllReduce at %g:1 is %g s in the fabric view, %g s in the lesson", id, lang, ct.Ratios[i], x, ct.Lines[0].TimesS[i])
						}
					}
				}
			}

		}
	}
}
