package ui

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/plan"
)

// handoffQueries are a fabric view's study large enough to run in slices
// and a plan on a fat-tree (tests/playground's questions).
const (
	handoffFabric = "view=fabric&lang=en&collective=alltoall&algorithm=pairwise&ranks=64&gpus-per-node=8&size=64MiB"
	handoffPlan   = "view=plan&lang=zh&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.fabric=fat-tree&plan.leaf-nodes=2"
)

// withBuild sets Build to v for the test.
func withBuild(t *testing.T, v string) {
	t.Helper()
	was := Build
	Build = v
	t.Cleanup(func() { Build = was })
}

var handoffElement = regexp.MustCompile(`<script type="application/json" id="` + HandoffID + `">([^<]*)</script>`)

// handoffOf is the text of the handoff element of the page the server
// renders for query ("" when it has none).
func handoffOf(t *testing.T, query string) string {
	t.Helper()
	p, err := RenderPage(query, "")
	if err != nil {
		t.Fatal(err)
	}
	m := handoffElement.FindAllStringSubmatch(p.HTML, -1)
	if len(m) > 1 {
		t.Fatalf("%s: %d handoff elements", query, len(m))
	}
	if len(m) == 0 {
		return ""
	}
	if !strings.HasSuffix(p.HTML, m[0][0]+"</div>") {
		t.Errorf("%s: the handoff is not the last thing in #app", query)
	}
	return m[0][1]
}

// takeOver is the page for query as the WebAssembly makes it on taking
// over a page that handed it text (HandOver before NewApp), with the jobs
// its first render would start started.
func takeOver(query, text string) *App {
	s := NewState(query, "")
	s.HandOver(text)
	a := NewApp(s)
	a.startJobs()
	return a
}

// The page the server renders for a study in slices hands it over, and
// the WebAssembly taking the page over for the same question in the same
// build takes it instead of simulating (no job), as the very study core
// computes (cost.StudyFabric, every field); the view then shows the same
// page. A page from another build, for another question (ranks, the
// fabric's ratio), or whose handoff does not decode, is not used: the view
// simulates as before. A page from an unstamped build hands nothing over.
func TestFabricHandoff(t *testing.T) {
	withBuild(t, "")
	if h := handoffOf(t, handoffFabric); h != "" {
		t.Fatalf("an unstamped build hands %q over", h)
	}
	withBuild(t, "test-build")
	text := handoffOf(t, handoffFabric)
	if text == "" {
		t.Fatal("the page hands nothing over")
	}
	a := takeOver(handoffFabric, text)
	if a.FabricJob() != nil || !a.Fabric.Has() {
		t.Fatalf("the page taking over simulates again (job %v)", a.FabricJob())
	}
	want, err := cost.StudyFabric(a.Fabric.params(), fabricTransfers)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Fabric.done.st; !reflect.DeepEqual(got, want) {
		t.Errorf("the handed study differs from core's:\n got %+v\nwant %+v", got.Result, want.Result)
	}
	simulated := NewApp(NewState(handoffFabric, ""))
	if got, want := render(t, a), finishFabric(t, simulated); got != want {
		t.Errorf("the view from the handed study differs from the simulated one")
	}

	// The handed numbers are what the view shows: a study altered in the
	// page (the question's time at 8:1) shows altered.
	at8 := jsonNumber(want.Rows[0].TimesS[3])
	altered := strings.Replace(text, at8, "12345", 1)
	if altered == text {
		t.Fatalf("the handoff lacks the time at 8:1 (%s)", at8)
	}
	if h := render(t, takeOver(handoffFabric, altered)); !strings.Contains(h, Secs(12345)) {
		t.Errorf("the view does not show the handed study's numbers")
	}

	for _, x := range []struct{ why, query, text string }{
		{"another build", handoffFabric, strings.Replace(text, `"build":"test-build"`, `"build":"older-build"`, 1)},
		{"another question", strings.Replace(handoffFabric, "size=64MiB", "size=32MiB", 1), text},
		{"another ratio", handoffFabric + "&fabric.ratio=2", text},
		{"no JSON", handoffFabric, text[:len(text)/2]},
		{"no study", handoffFabric, strings.Replace(text, `"study":`, `"studies":`, 1)},
		{"nothing", handoffFabric, ""},
	} {
		if a := takeOver(x.query, x.text); a.FabricJob() == nil {
			t.Errorf("%s: the handoff is used (no simulation)", x.why)
		}
	}
}

// jsonNumber is v as encoding/json writes a float64.
func jsonNumber(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// The planner's page on a fabric hands its simulated times over; the
// WebAssembly taking it over prices the plan from them without simulating,
// and the plan is core's own (plan.Plan of the same input, every field).
// Another build's, another input's (dp) or a broken handoff is not used.
func TestPlanHandoff(t *testing.T) {
	withBuild(t, "test-build")
	text := handoffOf(t, handoffPlan)
	if text == "" {
		t.Fatal("the page hands nothing over")
	}
	a := takeOver(handoffPlan, text)
	if a.Plan.job != nil || a.Plan.err != nil {
		t.Fatalf("the page taking over simulates again (job %v, %v)", a.Plan.job, a.Plan.err)
	}
	want, err := plan.Plan(a.Plan.sims.in)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Plan.r, want) {
		t.Errorf("the plan from the handed times differs from plan.Plan:\n got %+v\nwant %+v", a.Plan.r.Fabric, want.Fabric)
	}
	for _, x := range []struct{ why, query, text string }{
		{"another build", handoffPlan, strings.Replace(text, `"build":"test-build"`, `"build":"older-build"`, 1)},
		{"another input", strings.Replace(handoffPlan, "plan.leaf-nodes=2", "plan.leaf-nodes=4", 1), text},
		{"too few times", handoffPlan, regexp.MustCompile(`"times":\[[^,\]]*,`).ReplaceAllString(text, `"times":[`)},
		{"no JSON", handoffPlan, text[:len(text)/2]},
	} {
		if a := takeOver(x.query, x.text); a.Plan.job == nil {
			t.Errorf("%s: the handoff is used (no simulation)", x.why)
		}
	}
	withBuild(t, "")
	if a := takeOver(handoffPlan, text); a.Plan.job == nil {
		t.Error("an unstamped build takes a handoff")
	}
}
