package playground

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/plan"
	"github.com/ccplay/ccplay/internal/assets"
	"github.com/ccplay/ccplay/ui"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// alteringServer serves public/ as server does, each rendered page passed
// through the function set last (set; the identity until then).
func alteringServer(t *testing.T) (base string, set func(alter func(page string) string)) {
	t.Helper()
	dir := ensureBuilt(t)
	site, err := assets.Playground(os.DirFS(dir), http.FileServer(http.Dir(dir)))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	alter := func(s string) string { return s }
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			site.ServeHTTP(w, r)
			return
		}
		r.Header.Del("Accept-Encoding") // the page as text, to alter
		rec := httptest.NewRecorder()
		site.ServeHTTP(rec, r)
		mu.Lock()
		body := alter(rec.Body.String())
		mu.Unlock()
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(rec.Code)
		io.WriteString(w, body)
	}))
	t.Cleanup(ts.Close)
	return ts.URL, func(f func(string) string) { mu.Lock(); alter = f; mu.Unlock() }
}

// replaceOnce is s with old replaced by new once; the test fails when s
// lacks old.
func replaceOnce(t *testing.T, s, old, new string) string {
	if !strings.Contains(s, old) {
		t.Errorf("the page lacks %.80q", old)
	}
	return strings.Replace(s, old, new, 1)
}

// handedPlanTimes are the simulated times of planFabricQuery's plan on
// its fat-tree (plan.Run.Times), and its input.
func handedPlanTimes(t *testing.T) (plan.Input, []float64) {
	t.Helper()
	in, err := plan.Parse(field.Map(map[string]string{"model": "deepseek-v3", "dp": "64", "ep": "64", "tp": "1", "zero": "1",
		"algorithm": "ring", "fabric": "fat-tree", "oversubscription": "4", "leaf-nodes": "2"}))
	if err != nil {
		t.Fatal(err)
	}
	run, err := plan.Start(in)
	if err == nil {
		_, err = run.Advance(math.MaxInt64)
	}
	if err != nil {
		t.Fatal(err)
	}
	return in, run.Times()
}

// TestTakeoverTakesTheHandoff: the WebAssembly taking over a server's
// fabric page does not simulate its study: it shows the study the page
// handed over (with its question's time replaced in the page by one no
// simulation gives, the first render shows that one), no progress bar
// ever showing; a ratio button then simulates as before (the bar, then
// core's answer at 8:1). A page whose handoff names another build is not
// trusted: the WebAssembly computes the study and shows core's time. The
// planner on a fat-tree prices its plan from the simulated times the page
// hands over: with them doubled in the page, it shows core's plan priced
// with the doubled times (plan.Run.Give), not the simulated one.
func TestTakeoverTakesTheHandoff(t *testing.T) {
	base, alter := alteringServer(t)
	p := browser(t, 1280, 800)
	p.do("install the probe", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: sawBarProbe})
		return err
	}))
	num := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	handed := `<script type="application/json" id="` + ui.HandoffID + `">{"build":"` + ui.Build + `"`
	at4, sentinel := fabricStudy(t, 4).Result.TimeS, 1.5 // seconds: far from any simulated time here
	fabricURL := base + "/?view=fabric&lang=en&" + fabricQuery
	alter(func(s string) string {
		return replaceOnce(t, replaceOnce(t, s, handed, handed), `"time_s":`+num(at4), `"time_s":`+num(sentinel))
	})
	p.open(fabricURL)
	if got := p.text("fb-summary"); !strings.Contains(got, ui.Secs(sentinel)) {
		t.Errorf("the page taken over shows %q, not the handed study's time %s: the WebAssembly simulated", got, ui.Secs(sentinel))
	}
	if eval[bool](p, `!!window.ccplaySawBar`) {
		t.Errorf("a progress bar showed while the page was taken over")
	}
	if s := p.watchFabric("fb-r8"); len(s) < 2 || s[len(s)-1] != -1 {
		t.Fatalf("after the 8:1 button the study was not simulated in slices; bar values %v", s)
	}
	if got, want := p.text("fb-summary"), fabricSummary(t, 8); !strings.Contains(got, want) {
		t.Errorf("after 8:1: summary %q, core's time at 8:1 %s", got, want)
	}

	alter(func(s string) string {
		s = replaceOnce(t, s, handed, `<script type="application/json" id="`+ui.HandoffID+`">{"build":"an-older-build"`)
		return replaceOnce(t, s, `"time_s":`+num(at4), `"time_s":`+num(sentinel))
	})
	p.open(fabricURL)
	if got := p.text("fb-summary"); !strings.Contains(got, ui.Secs(at4)) {
		t.Errorf("another build's handoff: the page shows %q, core's time is %s", got, ui.Secs(at4))
	}

	in, times := handedPlanTimes(t)
	doubled := make([]float64, len(times))
	for i, x := range times {
		doubled[i] = 2 * x
	}
	run, err := plan.Start(in)
	if err == nil {
		err = run.Give(doubled)
	}
	if err == nil {
		_, err = run.Advance(math.MaxInt64)
	}
	if err != nil {
		t.Fatal(err)
	}
	r := run.Result()
	want := cost.FormatSeconds(r.Fabric.IdealCommS) + " → " + cost.FormatSeconds(r.CommS)
	if want == planOnFabric(t) {
		t.Fatalf("doubled times price the plan as the simulated ones: %s", want)
	}
	alter(func(s string) string { return replaceOnce(t, s, `"times":`+num(times), `"times":`+num(doubled)) })
	p.open(base + "/?lang=en&" + planFabricQuery + "&plan.fabric=fat-tree")
	if got := p.text("pl-f-comm"); !strings.HasPrefix(got, want) {
		t.Errorf("the planner taken over shows %q, priced from the handed times %q", got, want)
	}
	if eval[bool](p, `!!window.ccplaySawBar`) {
		t.Errorf("a progress bar showed while the planner was taken over")
	}
	p.noConsoleErrors()
}
