package site

import (
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/plan"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/ui"
)

// A fabric view's question whose study the view leaves to slices in a
// browser (more than ui.DeferFabricTransfers transfers: pairwise AllToAll
// and ring AllReduce on 128 ranks), and a planner's plan on a fat-tree
// (its DP and EP groups span 8 nodes).
const (
	fabricPage = "collective=alltoall&algorithm=pairwise&ranks=128&gpus-per-node=8&size=64MiB"
	planPage   = "model=deepseek-v3&dp=64&ep=64&tp=1&zero=1&algorithm=ring&fabric=fat-tree&oversubscription=4&leaf-nodes=2"
)

// getPage is the page the native handler sends for target.
func getPage(t *testing.T, target string) string {
	t.Helper()
	w := httptest.NewRecorder()
	Handler(testShell(t), false, http.NotFoundHandler()).ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
	if w.Code != http.StatusOK {
		t.Fatalf("%s: status %d", target, w.Code)
	}
	return w.Body.String()
}

// textOf is the text of the element with id in page, unescaped ("" when
// there is none).
func textOf(page, id string) string {
	m := regexp.MustCompile(`id="` + regexp.QuoteMeta(id) + `"[^>]*>(.*?)</`).FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(m[1], ""))
}

// queryParams is the cost question of a query, as the question layer reads it.
func queryParams(t *testing.T, query string) cost.Params {
	t.Helper()
	get := map[string]string{}
	for _, kv := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(kv, "=")
		get[k] = v
	}
	p, err := question.CostParams(field.Map(get))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestServerRendersFabricStudy: the server's page of a fabric view URL
// holds the study core gives for it (cost.StudyFabric on the view's
// fat-tree at 4:1, leaves of a quarter of the nodes) — the headline's
// simulated time and its time without contention, every cell of the
// table — in Chinese and in English, and no progress bar.
func TestServerRendersFabricStudy(t *testing.T) {
	p := queryParams(t, fabricPage)
	p.CostModel = ""
	p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: p.Ranks / p.GPUsPerNode / 4}
	st, err := cost.StudyFabric(p, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	if run, err := cost.StartStudy(p, 1<<16); err != nil || run.Transfers() <= ui.DeferFabricTransfers {
		t.Fatalf("the study is not one a browser leaves to slices: %v", err)
	}
	for _, lang := range []string{"zh", "en"} {
		page := getPage(t, "/?view=fabric&lang="+lang+"&"+fabricPage)
		if strings.Contains(page, `id="fb-progress"`) || strings.Contains(page, `id="fb-err"`) {
			t.Fatalf("%s: the page shows a progress bar or an error instead of the study", lang)
		}
		sum := textOf(page, "fb-summary")
		for _, want := range []string{ui.Secs(st.Result.TimeS), ui.Secs(st.Result.Fabric.IdealTimeS)} {
			if !strings.Contains(sum, want) {
				t.Errorf("%s: headline %q lacks core's %s", lang, sum, want)
			}
		}
		if len(st.Rows) != 2 {
			t.Fatalf("core's study has %d rows, want the question's and ring AllReduce's", len(st.Rows))
		}
		for i, r := range st.Rows {
			cells := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(rowHTML(page, i), " "))
			for _, want := range append([]string{ui.Secs(r.IdealS)}, secsAll(r.TimesS)...) {
				if !strings.Contains(cells, want) {
					t.Errorf("%s: table row %d %q lacks core's %s", lang, i, cells, want)
				}
			}
		}
	}
}

// rowHTML is the HTML of the fabric table's row i.
func rowHTML(page string, i int) string {
	_, rest, _ := strings.Cut(page, `id="fb-row-`+strconv.Itoa(i)+`"`)
	row, _, _ := strings.Cut(rest, "</tr>")
	return row
}

// secsAll formats every time as the page does.
func secsAll(ts []float64) []string {
	var out []string
	for _, x := range ts {
		out = append(out, ui.Secs(x))
	}
	return out
}

// TestServerRendersPlanOnFabric: the server's page of a planner URL on a
// fat-tree holds the plan core gives (plan.Plan): the communication time
// without contention → on the fabric, and each simulated row's, in Chinese
// and in English, and no progress bar.
func TestServerRendersPlanOnFabric(t *testing.T) {
	get := map[string]string{}
	var q []string
	for _, kv := range strings.Split(planPage, "&") {
		k, v, _ := strings.Cut(kv, "=")
		get[k] = v
		q = append(q, "plan."+kv)
	}
	in, err := plan.Parse(field.Map(get))
	if err != nil {
		t.Fatal(err)
	}
	want, err := plan.Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	if want.Fabric == nil || len(want.Fabric.Rows) == 0 {
		t.Fatalf("core simulates none of the plan's rows on the fabric")
	}
	for _, lang := range []string{"zh", "en"} {
		page := getPage(t, "/?view=plan&lang="+lang+"&"+strings.Join(q, "&"))
		if strings.Contains(page, `id="pl-progress"`) {
			t.Fatalf("%s: the page shows the progress bar instead of the plan", lang)
		}
		comm := cost.FormatSeconds(want.Fabric.IdealCommS) + " → " + cost.FormatSeconds(want.CommS)
		if got := textOf(page, "pl-f-comm"); !strings.HasPrefix(got, comm) {
			t.Errorf("%s: communication on the fabric %q, core says %q", lang, got, comm)
		}
		for _, r := range want.Fabric.Rows {
			id := "pl-f-" + strconv.Itoa(r.Row)
			if got, w := textOf(page, id), cost.FormatSeconds(r.IdealS)+" → "+cost.FormatSeconds(r.TimeS); !strings.HasPrefix(got, w) {
				t.Errorf("%s: row %s %q, core says %q", lang, id, got, w)
			}
		}
	}
}

// TestServerRenderBudget: a fabric study holding more transfers than a
// render's budget (ui.RenderFlows) is refused before any simulation: the
// page shows the budget's error as core words it, with the most the budget
// admits, and names the field, in the page's language.
func TestServerRenderBudget(t *testing.T) {
	const over = "collective=allgather&algorithm=ring&ranks=181"
	p := queryParams(t, over)
	p.CostModel = ""
	p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: max(1, p.Ranks/max(p.GPUsPerNode, 1)/4)}
	run, err := cost.StartStudy(p, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	if run.Transfers() <= ui.RenderFlows {
		t.Fatalf("the study holds %d transfers, within the budget of %d", run.Transfers(), ui.RenderFlows)
	}
	want := budget.New("ranks", "fabric.too-large", run.Transfers(), int64(ui.RenderFlows))
	for _, lang := range []string{"zh", "en"} {
		page := getPage(t, "/?view=fabric&lang="+lang+"&"+over)
		got := textOf(page, "fb-err")
		s := ui.NewState("lang="+lang, lang)
		if w := s.ErrMsg(want) + s.Tf("ssr.budget", s.T("f.ranks")); got != w {
			t.Errorf("%s: error %q, want the budget's %q", lang, got, w)
		}
		if !strings.Contains(got, "524288") {
			t.Errorf("%s: error %q does not say what the budget admits", lang, got)
		}
	}
}

// TestServerRenderStopsWithClient: a render whose request's context is
// done stops with its error, and the handler sends no page.
func TestServerRenderStopsWithClient(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ui.RenderPageContext(ctx, "view=fabric&"+fabricPage, "en"); err != context.Canceled {
		t.Errorf("a render for a client gone: error %v, want context.Canceled", err)
	}
	w := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodGet, "/?view=fabric&"+fabricPage, nil).WithContext(ctx)
	Handler(testShell(t), false, http.NotFoundHandler()).ServeHTTP(w, r)
	if w.Body.Len() != 0 {
		t.Errorf("the handler sent %d bytes to a client gone", w.Body.Len())
	}
}

// TestServerRendersCompleteAnswer: the server's page of a tree's question
// (whose executed schedule a browser prices after painting the quick
// answer) holds the complete answer: the executed schedule's time and
// rounds as core gives them (cost.Evaluate), in Chinese and in English.
func TestServerRendersCompleteAnswer(t *testing.T) {
	const tree = "algorithm=tree&ranks=64&size=1GiB&bandwidth=400Gbps&latency=5us"
	p := queryParams(t, tree)
	if _, deferred, err := cost.EvaluateDeferred(p); err != nil || !deferred {
		t.Fatalf("the tree's answer is not one a browser completes after painting (%v)", err)
	}
	r, err := cost.Evaluate(p)
	if err != nil {
		t.Fatal(err)
	}
	if r.ScheduleTimeS <= 0 {
		t.Fatalf("core prices no executed schedule for the tree")
	}
	for _, lang := range []string{"zh", "en"} {
		page := getPage(t, "/?view=timing&lang="+lang+"&"+tree)
		got := textOf(page, "t-sched")
		want := ui.Secs(r.ScheduleTimeS) + " · " + ui.NewState("lang="+lang, lang).Tf("t.rounds", r.ScheduleSteps)
		if got != want {
			t.Errorf("%s: executed schedule %q, core says %q", lang, got, want)
		}
	}
}
