package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/staticrender"
)

// render builds component c with Vugu's BuildEnv and returns the static HTML.
func render(t *testing.T, c vugu.Builder) string {
	t.Helper()
	var buf bytes.Buffer
	r := staticrender.New(&buf)
	env, err := vugu.NewBuildEnv(r.EventEnv())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Render(env.RunBuild(c)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// event is a DOM event whose target has the given value, as the browser's
// event summary carries it.
func event(value string) vugu.DOMEvent {
	var buf bytes.Buffer
	r := staticrender.New(&buf)
	return vugu.NewDOMEvent(r.EventEnv(), map[string]any{"target": map[string]any{"value": value}})
}

// mustContain fails unless html contains every want.
func mustContain(t *testing.T, html string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(html, w) {
			t.Errorf("rendered HTML lacks %q", w)
		}
	}
}
