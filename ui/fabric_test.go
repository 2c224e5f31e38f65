package ui

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
)

// The fabric view shows core's study of the question: its headline is
// cost.StudyFabric's answer, the table has every collective at every
// ratio (the question and ring AllReduce: the question is the AllToAll), and the buttons change the fabric and the ratio.
// (64 ranks are a deferred study: finishFabric advances it as the page's
// adapter does.)
func TestFabricView(t *testing.T) {
	s := NewState("view=fabric&lang=en&collective=alltoall&algorithm=pairwise&ranks=64&gpus-per-node=8&size=64MiB", "")
	a := NewApp(s)
	html := finishFabric(t, a)
	p := a.Fabric.params()
	st, err := cost.StudyFabric(p, fabricTransfers)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{Secs(st.Result.TimeS), Secs(st.Result.Fabric.IdealTimeS), Secs(st.Result.Fabric.BisectionBoundS),
		st.Drawing.Hottest.From + " → " + st.Drawing.Hottest.To, "<svg", `id="fb-row-1"`, Secs(st.Rows[1].TimesS[3])} {
		if !strings.Contains(html, want) {
			t.Errorf("the view lacks %q", want)
		}
	}
	if p.Fabric.Kind != fabric.FatTree || p.Fabric.Oversubscription != 4 || p.Fabric.LeafNodes != 2 {
		t.Errorf("params %+v", p.Fabric)
	}
	a.Fabric.Kinds()[1].Set()
	a.Fabric.Ratios()[0].Set()
	if q := a.Fabric.params(); q.Fabric.Kind != fabric.Rail || q.Fabric.Oversubscription != 1 {
		t.Errorf("after the buttons: %+v", q.Fabric)
	}
	if html2 := finishFabric(t, a); !strings.Contains(html2, "rail0.0") || strings.Contains(html2, `id="fb-err"`) {
		t.Errorf("the rail fabric is not drawn")
	}
	big := NewApp(NewState("view=fabric&lang=zh&ranks=1024&gpus-per-node=8", "zh"))
	if h := render(t, big); !strings.Contains(h, `id="fb-err"`) {
		t.Errorf("a question over the page's budget shows no error")
	}
}

// finishFabric renders a, advances the fabric view's study in slices as
// the page's adapter does until it is over, and renders the answer.
func finishFabric(t *testing.T, a *App) string {
	t.Helper()
	render(t, a)
	for j := a.FabricJob(); j != nil; j = a.FabricJob() {
		j.Advance(50_000, nil)
		if !a.SettleFabric(j) {
			t.Fatal("the view's own job was refused")
		}
	}
	return render(t, a)
}

// A large study is not computed in a render: the view shows a progress
// bar at core's share done (cost.StudyRun.Progress) while the job goes on
// in slices, then the answer StudyFabric gives. A control change during
// the run replaces the job (the old one is refused when handed back); a
// small study is answered at once; another view leaves the job waiting.
func TestFabricInSlices(t *testing.T) {
	a := NewApp(NewState("view=fabric&lang=en&collective=alltoall&algorithm=pairwise&ranks=128&gpus-per-node=8&size=64MiB", ""))
	html := render(t, a)
	j := a.FabricJob()
	if j == nil || !strings.Contains(html, `id="fb-progress-bar"`) || !strings.Contains(html, `value="0.0"`) || strings.Contains(html, "<svg") {
		t.Fatalf("no progress bar for a large study: job %v", j)
	}
	a.Fabric.Ratios()[0].Set() // 1:1 replaces the 4:1 study under way
	render(t, a)
	if a.FabricJob() == j || a.SettleFabric(j) {
		t.Fatal("a control change did not replace the job")
	}
	j = a.FabricJob()
	want, err := cost.StudyFabric(a.Fabric.params(), fabricTransfers)
	if err != nil {
		t.Fatal(err)
	}
	run, err := cost.StartStudy(a.Fabric.params(), fabricTransfers)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for !j.Advance(200_000, nil) {
		run.Advance(200_000)
		a.SettleFabric(j)
		h := render(t, a)
		pct := strconv.FormatFloat(100*run.Progress(), 'f', 1, 64)
		if !strings.Contains(h, `value="`+pct+`"`) || !strings.Contains(h, fmt.Sprintf("%.0f %% done", 100*run.Progress())) {
			t.Fatalf("the bar does not show core's progress %s %%", pct)
		}
		seen++
	}
	a.SettleFabric(j)
	if h := render(t, a); seen < 2 || a.FabricJob() != nil || strings.Contains(h, `id="fb-progress"`) || !strings.Contains(h, Secs(want.Result.TimeS)) {
		t.Errorf("after %d slices: the answer %s is not shown", seen, Secs(want.Result.TimeS))
	}
	small := NewApp(NewState("view=fabric&lang=en&collective=alltoall&algorithm=pairwise&ranks=32&gpus-per-node=8&size=64MiB", ""))
	if h := render(t, small); small.FabricJob() != nil || !strings.Contains(h, "<svg") {
		t.Error("a small study is not answered at once")
	}
	other := NewApp(NewState("view=fabric&lang=en&collective=alltoall&ranks=128&gpus-per-node=8", ""))
	render(t, other)
	other.S.SetView("timing")
	if other.FabricJob() != nil || other.Fabric.job == nil {
		t.Error("another view does not leave the job waiting")
	}
}

// A fabric.kind or fabric.ratio in the URL that matches no button is
// reported by name with the values accepted and the one shown (in both
// languages), left out of the URL the page writes, and forgotten once its
// button is pressed; values that match show no report.
func TestFabricURLBadFields(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		a := NewApp(NewState("view=fabric&lang="+lang+"&ranks=16&gpus-per-node=4&fabric.kind=torus&fabric.ratio=3", lang))
		page := render(t, a)
		for _, want := range []string{`id="fb-url-err"`, "fabric.kind", `"torus"`, "fat-tree, rail", "fabric.ratio", `"3"`, "1, 2, 4, 8", a.S.T("fb.fat-tree"), "4:1"} {
			if !strings.Contains(strings.ReplaceAll(page, "&#34;", `"`), want) {
				t.Errorf("%s: the page lacks %q in its report of the bad fields", lang, want)
			}
		}
		if q := a.Query(); strings.Contains(q, "torus") || strings.Contains(q, "fabric.ratio=3") {
			t.Errorf("%s: the page's URL %q keeps a bad value", lang, q)
		}
		a.Fabric.Kinds()[1].Set()
		if e := a.Fabric.URLErr(); strings.Contains(e, "fabric.kind") || !strings.Contains(e, "fabric.ratio") {
			t.Errorf("%s: after the rail button the report is %q, want fabric.ratio's only", lang, e)
		}
		a.Fabric.Ratios()[0].Set()
		if page := render(t, a); strings.Contains(page, `id="fb-url-err"`) {
			t.Errorf("%s: the report stays once both buttons are pressed", lang)
		}
		good := NewApp(NewState("view=fabric&lang="+lang+"&ranks=16&gpus-per-node=4&fabric.kind=rail&fabric.ratio=2", lang))
		if page := render(t, good); strings.Contains(page, `id="fb-url-err"`) || good.Fabric.kind != fabric.Rail || good.Fabric.ratio != 2 {
			t.Errorf("%s: a valid fabric.kind and fabric.ratio: report %v, view on %s at %g", lang, strings.Contains(page, `id="fb-url-err"`), good.Fabric.kind, good.Fabric.ratio)
		}
	}
}

// A question the fabric simulates below its time without contention
// (naive AllToAll of 16 MiB on a non-blocking tree: the closed form adds
// every message's bytes to its start-up, the NIC carries earlier bytes while
// the rank starts the next) carries core's reason under the headline, in the
// page's language; one above it, or one that reads 1.00× (naive Gather of
// 1 KiB, its root's start-ups), carries none.
func TestFabricBelowIdeal(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		a := NewApp(NewState("view=fabric&lang="+lang+"&collective=alltoall&algorithm=naive&ranks=64&size=16MiB&fabric.ratio=1", lang))
		page := finishFabric(t, a)
		f := a.Fabric.state().st.Result.Fabric
		want := html.EscapeString(f.SlowdownNoteMsg.In(lang))
		if f.SlowdownNoteMsg.ID != "fabric.below-ideal" || !strings.Contains(page, `id="fb-below"`) || !strings.Contains(page, want) {
			t.Errorf("%s: naive AllToAll at %.3g× shows no reason %q", lang, f.Slowdown, want)
		}
	}
	g := NewApp(NewState("view=fabric&lang=en&collective=gather&algorithm=naive&ranks=64&size=1KiB", ""))
	if page := finishFabric(t, g); strings.Contains(page, `id="fb-below"`) || !strings.Contains(page, "(1.00×)") {
		t.Errorf("naive Gather of 1 KiB at %.5g× reads 1.00× and must carry no below-ideal reason", g.Fabric.state().st.Result.Fabric.Slowdown)
	}
	a := NewApp(NewState("view=fabric&lang=en&collective=alltoall&algorithm=pairwise&ranks=64&gpus-per-node=8&size=64MiB", ""))
	if html := finishFabric(t, a); strings.Contains(html, `id="fb-below"`) {
		t.Errorf("pairwise AllToAll at 4:1 shows the below-ideal reason")
	}
}

// A link busy for a small share of the run reads as such, never as idle:
// on naive Gather of 1 KiB the hottest link is busy well under 1 % of the
// time, and the view says "< 1%" in both languages.
func TestFabricHottestSmallShare(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		a := NewApp(NewState("view=fabric&lang="+lang+"&collective=gather&algorithm=naive&ranks=64&size=1KiB", lang))
		page := finishFabric(t, a)
		h := a.Fabric.state().st.Drawing.Hottest
		if !(h.Utilisation > 0 && h.Utilisation < 0.005) {
			t.Fatalf("%s: hottest link %s → %s busy %g of the run, want a small share above 0", lang, h.From, h.To, h.Utilisation)
		}
		if want := `id="fb-hottest">` + html.EscapeString(a.S.Tf("fb.hottest", h.From, h.To, "< 1")) + "</p>"; !strings.Contains(page, want) {
			t.Errorf("%s: the view lacks %q", lang, want)
		}
	}
}

// TestFabricLayoutCounts: the drawing's caption states its counts in
// words that hold for one as for many: the default question's fat-tree has
// one spine and one uplink per leaf, and the English caption reads no
// "1 spines".
func TestFabricLayoutCounts(t *testing.T) {
	a := NewApp(NewState("view=fabric&lang=en", "en"))
	finishFabric(t, a)
	st := a.Fabric.state().st
	if len(st.Drawing.Spines) != 1 || st.Result.Fabric.UplinksPerLeaf != 1 {
		t.Fatalf("the default fabric has %d spines and %d uplinks per leaf; the test wants one of each", len(st.Drawing.Spines), st.Result.Fabric.UplinksPerLeaf)
	}
	caption := a.Fabric.Layout()
	if m := regexp.MustCompile(`\b1 [a-z]+s\b`).FindString(caption); m != "" {
		t.Errorf("the caption %q says %q", caption, m)
	}
	for _, n := range []int{len(st.Drawing.Spines), len(st.Drawing.Leaves), st.Result.Fabric.LeafNodes, len(st.Drawing.Nodes)} {
		if !strings.Contains(caption, strconv.Itoa(n)) {
			t.Errorf("the caption %q lacks the count %d", caption, n)
		}
	}
}
