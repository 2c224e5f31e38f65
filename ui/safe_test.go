package ui

import (
	"strings"
	"testing"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/staticrender"
)

// crashy panics in Build for its first n builds, then renders the app.
type crashy struct {
	n   int
	app *App
}

func (c *crashy) Build(in *vugu.BuildIn) *vugu.BuildOut {
	if c.n > 0 {
		c.n--
		panic("boom in build")
	}
	return c.app.Build(in)
}

func TestBuildSafelySurvivesPanics(t *testing.T) {
	cases := []struct {
		panics int
		ok     bool
		reason string
	}{
		{0, true, "no panic: a plain build"},
		{1, true, "one panic: reported, rebuilt with a fresh environment"},
		{2, true, "two panics: back to the defaults, still rendered"},
		{3, false, "a panic every time: an error, not a crash"},
	}
	for _, tc := range cases {
		s := NewState("ranks=64", "en")
		a := NewApp(s)
		r := staticrender.New(nil)
		newEnv := func() (*vugu.BuildEnv, error) { return vugu.NewBuildEnv(r.EventEnv()) }
		env, _ := newEnv()
		root := &crashy{n: tc.panics, app: a}
		br, err := BuildSafely(&env, newEnv, root, a)
		if (err == nil) != tc.ok {
			t.Fatalf("%s: err = %v", tc.reason, err)
		}
		if tc.panics > 0 && !strings.Contains(s.Panic, "boom") {
			t.Errorf("%s: panic not reported, Panic = %q", tc.reason, s.Panic)
		}
		if tc.ok {
			var b strings.Builder
			r.SetWriter(&b)
			if err := r.Render(br); err != nil {
				t.Fatal(err)
			}
			if tc.panics > 0 && !strings.Contains(b.String(), `class="panic"`) {
				t.Errorf("%s: the page does not show the report", tc.reason)
			}
		}
	}
}

func TestHandlerPanicIsReported(t *testing.T) {
	s := NewState("", "en")
	func() {
		defer s.guard()
		var m map[string]int
		m["x"] = 1 // a nil-map write panics, as a bug in a handler would
	}()
	if !strings.Contains(s.Panic, "nil map") {
		t.Fatalf("Panic = %q", s.Panic)
	}
}

func TestExportPanicIsReported(t *testing.T) {
	s := NewState("view=ledger", "en")
	a := NewApp(s)
	var got string
	s.Download = func(name, mime, data string) { got = name }
	s.Export("x.csv", "text/csv", func() string { panic("bad export") })
	if !strings.Contains(s.Panic, "bad export") || got != "" {
		t.Fatalf("Panic %q, downloaded %q", s.Panic, got)
	}
	s.Export("ledger.csv", "text/csv", a.Ledger.LedgerCSV)
	if got != "ledger.csv" {
		t.Fatalf("export after a recovered panic: %q", got)
	}
}
