//go:build js && wasm

package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"

	"math"
	"syscall/js"
	"time"
)

func sprint(v any) string { return fmt.Sprint(v) }

// fatal shows an unrecoverable error in the page instead of a blank screen.
func fatal(err error) {
	doc := js.Global().Get("document")
	el := doc.Call("getElementById", "app")
	if !el.Truthy() {
		el = doc.Get("body")
	}
	p := doc.Call("createElement", "p")
	p.Set("className", "fatal")
	p.Set("textContent", "ccplay could not start: "+err.Error())
	el.Call("appendChild", p)
}

// copyLink puts link on the clipboard and calls done with whether the
// clipboard took it: false at once without navigator.clipboard (plain http,
// an old browser), or when writeText's promise rejects (an iframe without
// the clipboard permission, a denied prompt). done runs under the event
// environment's lock and asks for a render.
func copyLink(env vugu.EventEnv) func(link string, done func(ok bool)) {
	return func(link string, done func(ok bool)) {
		cb := js.Global().Get("navigator").Get("clipboard")
		if !cb.Truthy() || cb.Get("writeText").Type() != js.TypeFunction {
			done(false)
			return
		}
		answer := func(v bool) {
			env.Lock()
			done(v)
			env.UnlockRender()
		}
		then(cb.Call("writeText", link), func(js.Value) { answer(true) }, func(string) { answer(false) })
	}
}

// linkBase is the page's address without its query.
func linkBase() string {
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

// narrow reports whether the window is phone-sized (the controls then
// start collapsed, so the answer comes first).
func narrow() bool {
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return false
	}
	return js.Global().Call("matchMedia", "(max-width: 640px)").Get("matches").Bool()
}

// syncDocument keeps the document's title and its root element's lang in
// the page's language (the static index.html says zh-CN until then).
func syncDocument(root *ui.App) {
	doc := js.Global().Get("document")
	if t := root.DocTitle(); doc.Get("title").String() != t {
		doc.Set("title", t)
	}
	html := doc.Get("documentElement")
	if l := root.HTMLLang(); html.Call("getAttribute", "lang").String() != l {
		html.Call("setAttribute", "lang", l)
	}
}

// listenProbes shows a chart's values at the point tapped or clicked: the
// charts' probe columns carry data-probe="<chart id>:<index>".
func listenProbes(env vugu.EventEnv, root *ui.App) {
	h := js.FuncOf(func(_ js.Value, args []js.Value) any {
		t := args[0].Get("target")
		if !t.Truthy() || t.Get("getAttribute").Type() != js.TypeFunction {
			return nil
		}
		v := t.Call("getAttribute", "data-probe")
		if v.Type() != js.TypeString {
			return nil
		}
		id, idx, ok := strings.Cut(v.String(), ":")
		i, err := strconv.Atoi(idx)
		if !ok || err != nil {
			return nil
		}
		env.Lock()
		root.Charts.SetProbe(strings.TrimSuffix(strings.TrimPrefix(id, "c-"), "-chart"), i)
		env.UnlockRender()
		return nil
	})
	js.Global().Get("document").Call("addEventListener", "click", h)
}

// listenTabs implements the keyboard of the WAI-ARIA tabs pattern on the
// tab list: ←/→ move to the previous/next tab (wrapping), Home/End to the
// first/last; the tab moved to is selected and focused (only the selected
// tab is a tab stop, see App.TabIndex).
func listenTabs(env vugu.EventEnv, root *ui.App) {
	h := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := args[0]
		t := ev.Get("target")
		if !t.Truthy() || t.Get("getAttribute").Type() != js.TypeFunction || t.Call("getAttribute", "role").String() != "tab" {
			return nil
		}
		tabs := ui.TabList()
		cur := -1
		v := t.Call("getAttribute", "data-view").String()
		for i, x := range tabs {
			if x == v {
				cur = i
			}
		}
		if cur < 0 {
			return nil
		}
		next := cur
		switch ev.Get("key").String() {
		case "ArrowRight":
			next = (cur + 1) % len(tabs)
		case "ArrowLeft":
			next = (cur + len(tabs) - 1) % len(tabs)
		case "Home":
			next = 0
		case "End":
			next = len(tabs) - 1
		default:
			return nil
		}
		ev.Call("preventDefault")
		if el := js.Global().Get("document").Call("getElementById", "tab-"+tabs[next]); el.Truthy() {
			el.Call("focus")
			if el.Get("scrollIntoView").Type() == js.TypeFunction {
				opts := js.Global().Get("Object").New()
				opts.Set("block", "nearest")
				opts.Set("inline", "nearest")
				el.Call("scrollIntoView", opts)
			}
		}
		env.Lock()
		root.SetView(tabs[next])
		env.UnlockRender()
		return nil
	})
	js.Global().Get("document").Call("addEventListener", "keydown", h)
}

// urlWriter writes the query to the address bar with history.replaceState,
// at most once per quiet period (typing does not flood the history API).
type urlWriter struct {
	last, pending string
	timer         *time.Timer
}

const urlDebounce = 250 * time.Millisecond

func newURLWriter() *urlWriter {
	q := js.Global().Get("location").Get("search").String()
	if len(q) > 0 && q[0] == '?' {
		q = q[1:]
	}
	return &urlWriter{last: q}
}

func (u *urlWriter) write(q string) {
	if q == u.last && u.timer == nil {
		return
	}
	u.pending = q
	if u.timer != nil {
		u.timer.Stop()
	}
	u.timer = time.AfterFunc(urlDebounce, func() {
		u.timer = nil
		if u.pending == u.last {
			return
		}
		u.last = u.pending
		js.Global().Get("history").Call("replaceState", nil, "", "?"+u.pending)
	})
}

// resizePoster posts {type: "ccplay:resize", height} to the parent window
// whenever the embedded page's height changes: checked after every render
// and by a ResizeObserver on the root element (fonts, layout, images).
type resizePoster struct {
	on       bool
	last     int
	observer js.Value
	watched  js.Value
	cb       js.Func
}

func newResizePoster(embed bool) *resizePoster {
	r := &resizePoster{on: embed}
	if !embed {
		return r
	}
	r.cb = js.FuncOf(func(js.Value, []js.Value) any { r.check(); return nil })
	if ro := js.Global().Get("ResizeObserver"); ro.Truthy() {
		r.observer = ro.New(r.cb)
	}
	return r
}

func (r *resizePoster) check() {
	if !r.on {
		return
	}
	win := js.Global()
	app := win.Get("document").Call("getElementById", "app")
	if !app.Truthy() {
		return
	}
	// Vugu replaces the mount point with the root element: watch the new one.
	if r.observer.Truthy() && !app.Equal(r.watched) {
		if r.watched.Truthy() {
			r.observer.Call("unobserve", r.watched)
		}
		r.observer.Call("observe", app)
		r.watched = app
	}
	h := int(math.Ceil(app.Call("getBoundingClientRect").Get("height").Float()))
	if h == r.last || h == 0 {
		return
	}
	r.last = h
	parent := win.Get("parent")
	if !parent.Truthy() || parent.Equal(win.Get("window")) {
		return
	}
	msg := win.Get("Object").New()
	msg.Set("type", "ccplay:resize")
	msg.Set("height", h)
	parent.Call("postMessage", msg, "*")
}

// rendered publishes the render count, the last render's duration and
// whether the page's completion has work still to do (the executed
// schedule's cost, a schedule and ledger left to it), for the end-to-end
// tests and the benchmark, and calls window.ccplayOnRender if a test
// installed one.
func rendered(ms float64, pending bool) {
	win := js.Global()
	n := win.Get("ccplayRenders")
	c := 0
	if n.Truthy() {
		c = n.Int()
	}
	win.Set("ccplayRenders", c+1)
	if c == 0 {
		// Milliseconds from navigation start to the first rendered DOM.
		win.Set("ccplayFirstRenderMs", win.Get("performance").Call("now"))
		if f := win.Get("ccplayBooted"); f.Type() == js.TypeFunction {
			f.Invoke() // boot.js: remove the loading bar
		}
	}
	win.Set("ccplayLastRenderMs", ms)
	win.Set("ccplayPending", pending) // the completion has work still to do
	if f := win.Get("ccplayOnRender"); f.Type() == js.TypeFunction {
		f.Invoke(c+1, ms)
	}
}

// download saves data as a file named name via a Blob and a temporary link.
func download(name, mime, data string) {
	win := js.Global()
	doc := win.Get("document")
	parts := win.Get("Array").New(data)
	opts := win.Get("Object").New()
	opts.Set("type", mime)
	blob := win.Get("Blob").New(parts, opts)
	url := win.Get("URL").Call("createObjectURL", blob)
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	win.Get("URL").Call("revokeObjectURL", url)
}

// listenFields routes input events of the controls (elements with a
// data-field attribute) and change events of their selects straight to
// State.SetField under the event environment's lock, then asks for a render.
// One delegated listener replaces a Vugu handler per control.
func listenFields(env vugu.EventEnv, s *ui.State, root *ui.App) {
	h := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := args[0]
		t := ev.Get("target")
		if !t.Truthy() || t.Get("getAttribute").Type() != js.TypeFunction {
			return nil
		}
		f := t.Call("getAttribute", "data-field")
		if f.Type() != js.TypeString {
			return nil
		}
		if ev.Get("type").String() == "change" && t.Get("tagName").String() != "SELECT" {
			return nil // a text field's change (on blur) repeats its last input
		}
		env.Lock()
		s.SetField(f.String(), t.Get("value").String())
		env.UnlockRender()
		return nil
	})
	doc := js.Global().Get("document")
	doc.Call("addEventListener", "input", h)
	doc.Call("addEventListener", "change", h)
	listenFiles(env, root)
}

// fileTarget is what reads a file input's file: its size limit, what
// takes the file's text and what takes a failure to read it.
type fileTarget struct {
	max  int64
	load func(name string, size int64, text string)
	fail func(name, why string)
}

// listenFiles reads the file chosen in a file input marked data-file
// (File.text(), a promise) and hands its name, size and text to its view
// under the event environment's lock, then asks for a render:
// data-file="measure" to the measurement panel (App.Charts.Measure),
// data-file="doctor" to the "check my log" view (App.Doctor), whose
// example logs it fetches from public/examples/. A file above the view's
// limit is refused unread.
func listenFiles(env vugu.EventEnv, root *ui.App) {
	targets := map[string]fileTarget{
		"measure": {ui.MaxMeasureBytes, root.Charts.Measure.LoadMeasurementFile, root.Charts.Measure.LoadMeasurementError},
	}
	addToolFiles(env, root, targets)
	h := js.FuncOf(func(_ js.Value, args []js.Value) any {
		t := args[0].Get("target")
		if !t.Truthy() || t.Get("getAttribute").Type() != js.TypeFunction {
			return nil
		}
		tg, found := targets[t.Call("getAttribute", "data-file").String()]
		if !found {
			return nil
		}
		files := t.Get("files")
		if !files.Truthy() || files.Get("length").Int() == 0 {
			return nil
		}
		f := files.Index(0)
		name, size := f.Get("name").String(), int64(f.Get("size").Float())
		t.Set("value", "") // choosing the same file again loads it again
		deliver := func(text string) {
			env.Lock()
			tg.load(name, size, text)
			env.UnlockRender()
		}
		if size > tg.max {
			deliver("")
			return nil
		}
		then(f.Call("text"), func(t js.Value) { deliver(t.String()) }, func(why string) {
			env.Lock()
			tg.fail(name, why)
			env.UnlockRender()
		})
		return nil
	})
	js.Global().Get("document").Call("addEventListener", "change", h)
}
