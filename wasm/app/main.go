//go:build js && wasm

// Command app is the playground's browser entry (GOOS=js GOARCH=wasm): it
// reads the URL (and what the server-rendered page says of it: pageState),
// mounts ui.App with Vugu's DOM renderer over the page's rendered DOM, re-renders after
// every event, writes the state back to the URL (history.replaceState,
// debounced), loads the page again when it needs the other module
// (module.go), advances the fabric view's study between frames
// (fabricwork.go, tools module) and, in embed mode, posts the page height
// to the parent.
// Everything shown is decided in package ui; this file is the thin adapter.
package main

import (
	"math"
	"syscall/js"
	"time"

	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
)

func main() {
	win := js.Global()
	query, navLang := pageState(win)
	s := ui.NewState(query, navLang)
	handOver(win, s) // before NewApp: the planner plans as it is made
	applyTyped(win, s)

	renderer, err := domrender.New("#app")
	if err != nil {
		fatal(err)
		return
	}
	defer renderer.Release()
	newEnv := func() (*vugu.BuildEnv, error) { return vugu.NewBuildEnv(renderer.EventEnv()) }
	env, err := newEnv()
	if err != nil {
		fatal(err)
		return
	}
	s.Download = download
	root := ui.NewApp(s)
	root.Lessons.Load = lessonLoader(renderer.EventEnv())
	root.Lessons.SetSaved(loadProgress())
	root.Lessons.Save = saveProgress
	root.Copy = copyLink(renderer.EventEnv())
	root.LinkBase = linkBase()
	if c := takeCarry(); c != "" {
		root.Restore(c) // what the page a module switch left held outside its URL
	}
	if renderedFor(win) {
		// The page holds its question's complete answer and its
		// simulations' (the server computed them): the first render must
		// show them too, not the quick answer or a bar at 0 %. The
		// simulations the page handed over (handOver) are taken as they
		// are; the rest is computed again here in slices, the server's
		// page (a working form) showing meanwhile; what was typed into it
		// since is applied after.
		turns := browserTurns()
		s.FinishAnswer(turns)
		if root.JobsWithin(ui.RenderFlows) {
			root.FinishJobs(ui.RenderFlows, math.MaxInt64, turns)
		}
		applyTyped(win, s)
	}
	s.Narrow = narrow()
	listenFields(renderer.EventEnv(), s, root)
	listenTabs(renderer.EventEnv(), root)
	listenProbes(renderer.EventEnv(), root)
	url := newURLWriter()
	resize := newResizePoster(s.Embed)
	perf := win.Get("performance")
	complete := newCompleter(renderer.EventEnv(), s)
	fabricWork := newFabricWorker(renderer.EventEnv(), root)
	module := &moduleSwitch{initial: s.View}
	tabFocus := takeFocus() // the tab a module switch left from had the focus

	for ok := true; ok; ok = renderer.EventWait() {
		t0 := perf.Call("now").Float()
		br, err := ui.BuildSafely(&env, newEnv, root, root)
		if err != nil {
			fatal(err)
			return
		}
		if err := render(renderer, br); err != nil {
			s.Recovered(err)
			if br, err = ui.BuildSafely(&env, newEnv, root, root); err == nil {
				err = render(renderer, br)
			}
			if err != nil {
				fatal(err)
				return
			}
		}
		focusAfterRender(root.Lessons.TakeFocus())
		focusAfterRender(tabFocus)
		tabFocus = ""
		url.write(root.Query())
		module.check(root)
		syncDocument(root)
		resize.check()
		rendered(perf.Call("now").Float()-t0, s.Incomplete())
		complete.rendered(s.Edits())
		// From the second render on, large schedules are left to the
		// completion; the first takes the server's page over as it is.
		s.CompleteInBackground()
		if s.Incomplete() {
			complete.afterPaint(s.Edits())
		}
		fabricWork.afterRender()
	}
}

// applyTyped applies to s what was typed into the server-rendered page's
// controls and differs from s (typedEdits).
func applyTyped(win js.Value, s *ui.State) {
	fields, values := typedEdits(win)
	for i, f := range fields {
		if s.Text(f) != values[i] {
			s.SetField(f, values[i])
		}
	}
}

// browserTurns is a ui.Look that gives the browser a turn (input, paint:
// a sleep returns to its event loop) every completeSlice, and never stops
// the work.
func browserTurns() ui.Look {
	last := time.Now()
	return func() error {
		if time.Since(last) >= completeSlice {
			time.Sleep(time.Millisecond)
			last = time.Now()
		}
		return nil
	}
}

// render draws build results, turning a panic in the renderer into an error.
func render(r *domrender.JSRenderer, br *vugu.BuildResults) (err error) {
	defer func() {
		if x := recover(); x != nil {
			err = panicError{x}
		}
	}()
	return r.Render(br)
}

type panicError struct{ v any }

func (p panicError) Error() string { return "render: " + sprint(p.v) }
