package ui

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/plan"
)

// The view shows plan.Plan's answer to its fields: 70B, ZeRO-3, DP 8 × TP 8 by
// default, every collective row, memory bars and the regenerated table.
func TestPlanViewRendersThePlan(t *testing.T) {
	s := NewState("view=plan&lang=en", "")
	a := NewApp(s)
	page := render(t, a)
	in, err := plan.Parse(field.Map(map[string]string{"model": "70b", "dp": "8", "tp": "8", "zero": "3"}))
	if err != nil {
		t.Fatal(err)
	}
	r, err := plan.Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, page, `id="view-plan"`, `id="pl-table"`, `id="pl-strategies"`, `id="pl-m-total"`, cost.FormatSeconds(r.StepS))
	if got := strings.Count(page, "<tr>") - 2; got != len(r.Rows)+len(a.Plan.PlanTable()) {
		t.Errorf("%d table rows, want %d collectives + %d strategies", got, len(r.Rows), len(a.Plan.PlanTable()))
	}
	for _, x := range r.Rows {
		if !strings.Contains(page, cost.FormatSeconds(x.TimeS)) {
			t.Errorf("row %s %s: time %s not shown", x.Strategy, x.Collective, cost.FormatSeconds(x.TimeS))
		}
	}
	mustContain(t, page, "AllReduce ×2 per block (forward)")
	// The default plan is ZeRO-3: its two timelines (without and with
	// prefetch) are drawn, each with the exposed time plan.ZeroTimeline gives.
	tls := plan.Timelines(r, plan.DefaultMoEChunks)
	if len(tls) != 2 || len(a.Plan.PlanTimelines()) != 2 {
		t.Fatalf("%d timelines (view %d), want ZeRO-3 without and with prefetch", len(tls), len(a.Plan.PlanTimelines()))
	}
	for _, tl := range tls {
		mustContain(t, page, html.EscapeString(tl.About), cost.FormatSeconds(tl.Exposed), `id="timeline-`+tl.Name+`-title"`)
	}
	a.Plan.SetPlanField("model", "mixtral-8x7b")
	a.Plan.SetPlanField("ep", "8")
	a.Plan.SetPlanField("zero", "0")
	if n := len(a.Plan.PlanTimelines()); n != 3 {
		t.Errorf("MoE with DDP: %d timelines, want ddp and the MoE layer unsplit and split", n)
	}
}

// A field change re-plans; a bad field gets the core's message inline and
// the last valid plan stays on screen.
func TestPlanViewFields(t *testing.T) {
	s := NewState("view=plan", "")
	a := NewApp(s)
	before := a.Plan.PlanHeadline()
	a.Plan.SetPlanField("zero", "1")
	if a.Plan.r.Zero != "ZeRO-1" || a.Plan.PlanHeadline() == before {
		t.Errorf("zero 1: plan is %s", a.Plan.r.Zero)
	}
	good := a.Plan.r
	a.Plan.SetPlanField("tp", "3")
	if msg := a.Plan.PlanErrFor("tp"); !strings.Contains(msg, "divisor of 64") {
		t.Errorf("tp 3: inline message %q", msg)
	}
	if a.Plan.r.StepS != good.StepS {
		t.Error("a bad field replaced the last valid plan")
	}
	html := render(t, a)
	mustContain(t, html, "divisor of 64", `class="field bad"`)
	a.Plan.SetPlanField("tp", "8")
	if a.Plan.PlanErrFor("tp") != "" || a.Plan.PlanErr() != "" {
		t.Errorf("tp 8 again: messages remain")
	}
	a.Plan.SetPlanField("nope", "1") // not a field: ignored
}

// The URL carries the planner's fields as plan.<field> (only those that
// differ from the defaults), and a link restores them.
func TestPlanViewURL(t *testing.T) {
	s := NewState("view=plan", "")
	a := NewApp(s)
	a.Plan.SetPlanField("model", "mixtral-8x7b")
	a.Plan.SetPlanField("ep", "8")
	a.Plan.SetPlanField("zero", "1")
	q := a.Query()
	for _, w := range []string{"plan.model=mixtral-8x7b", "plan.ep=8", "plan.zero=1", "view=plan"} {
		if !strings.Contains(q, w) {
			t.Errorf("query %q lacks %q", q, w)
		}
	}
	if strings.Contains(q, "plan.dp=") {
		t.Errorf("query %q carries a default field", q)
	}
	u := NewState(q, "")
	uApp := NewApp(u)
	if uApp.Plan.r.Input.Model.Name != "mixtral-8x7b" || uApp.Plan.r.Input.Parallel.EP != 8 || uApp.Query() != q {
		t.Errorf("restored %s ep %d; query %q → %q", uApp.Plan.r.Input.Model.Name, uApp.Plan.r.Input.Parallel.EP, q, uApp.Query())
	}
	// Embedded alone, in Chinese.
	e := NewState("embed=plan&lang=zh", "")
	eApp := NewApp(e)
	html := render(t, eApp)
	mustContain(t, html, `id="view-plan"`, "并行规划器")
	if strings.Contains(html, `role="tablist"`) {
		t.Error("embedded view shows the tabs")
	}
}

// Every message key of the view exists in both catalogs.
func TestPlanCatalogs(t *testing.T) {
	for k := range planEN {
		if _, ok := planZH[k]; !ok {
			t.Errorf("%s has no Chinese text", k)
		}
	}
	if len(planEN) != len(planZH) {
		t.Errorf("%d English and %d Chinese messages", len(planEN), len(planZH))
	}
}

// A group placed unevenly (DP 3 of TP 4 on nodes of 6 GPUs) is priced as
// an upper bound and the view says so under the table, in the page's
// language: core's note rendered from its message, none of the English on
// the zh page, no English word left.
func TestPlanUnevenNote(t *testing.T) {
	q := "view=plan&plan.model=70b&plan.tp=4&plan.dp=3&plan.gpus-per-node=6"
	for _, lang := range []string{"en", "zh"} {
		s := NewState(q+"&lang="+lang, lang)
		a := NewApp(s)
		if e := a.Plan.PlanErr(); e != "" {
			t.Fatalf("%s: %s", lang, e)
		}
		notes := a.Plan.PlanNotes()
		if len(notes) == 0 {
			t.Fatalf("%s: no note for the uneven DP group", lang)
		}
		page := html.UnescapeString(render(t, a))
		want := msg.New("plan.note.uneven").In(lang)
		for _, n := range notes {
			if !strings.Contains(n, want) || !strings.Contains(page, n) {
				t.Errorf("%s: note %q is not %q on the page", lang, n, want)
			}
		}
		if lang == "zh" {
			if strings.Contains(page, msg.New("plan.note.uneven").String()) {
				t.Error("the zh page shows the English note")
			}
			if w := EnglishWords(render(t, a)); len(w) > 0 {
				t.Errorf("English on the zh planner: %v", w)
			}
		}
	}
}

// TestPlanCountsReadForOne: the English planner states counts that may be
// one (micro-batches in flight, a MoE layer's chunks) in words that hold
// for one, on a MoE plan drawn unchunked beside chunked.
func TestPlanCountsReadForOne(t *testing.T) {
	a := NewApp(NewState("view=plan&lang=en&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1", ""))
	text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(render(t, a), " "))
	if !strings.Contains(text, "MoE layer forward") || !strings.Contains(text, "micro-batches in flight") {
		t.Fatal("the plan shows no MoE timeline or no memory note; the case under test is gone")
	}
	if m := regexp.MustCompile(`\b1 (chunks|micro-batches|layers)\b`).FindString(text); m != "" {
		t.Errorf("the planner says %q", m)
	}
}
