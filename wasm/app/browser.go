//go:build js && wasm

package main

import (
	"fmt"

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

// copyLink puts the page's link with query q on the clipboard, if the
// browser allows it (a refusal is ignored: the URL bar has the same link).
func copyLink(q string) {
	win := js.Global()
	loc := win.Get("location")
	link := loc.Get("origin").String() + loc.Get("pathname").String() + "?" + q
	cb := win.Get("navigator").Get("clipboard")
	if !cb.Truthy() {
		return
	}
	p := cb.Call("writeText", link)
	var ignore js.Func
	ignore = js.FuncOf(func(js.Value, []js.Value) any { ignore.Release(); return nil })
	p.Call("catch", ignore)
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
// whether the executed schedule's cost is still to come, for the end-to-end
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
	}
	win.Set("ccplayLastRenderMs", ms)
	win.Set("ccplayPending", pending) // the executed schedule's cost is still to come
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

// listenFiles reads the file chosen in a file input marked
// data-file="measure" (File.text(), a promise) and hands its name, size and
// text to the measurement panel (App.Charts.Measure) under the event environment's lock,
// then asks for a render. A file above the limit is refused unread.
func listenFiles(env vugu.EventEnv, root *ui.App) {
	h := js.FuncOf(func(_ js.Value, args []js.Value) any {
		t := args[0].Get("target")
		if !t.Truthy() || t.Get("getAttribute").Type() != js.TypeFunction || t.Call("getAttribute", "data-file").String() != "measure" {
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
			root.Charts.Measure.LoadMeasurementFile(name, size, text)
			env.UnlockRender()
		}
		if size > ui.MaxMeasureBytes {
			deliver("")
			return nil
		}
		var ok, fail js.Func
		release := func() { ok.Release(); fail.Release() }
		ok = js.FuncOf(func(_ js.Value, a []js.Value) any {
			release()
			deliver(a[0].String())
			return nil
		})
		fail = js.FuncOf(func(_ js.Value, a []js.Value) any {
			release()
			env.Lock()
			root.Charts.Measure.LoadMeasurementError(name, a[0].Call("toString").String())
			env.UnlockRender()
			return nil
		})
		f.Call("text").Call("then", ok, fail)
		return nil
	})
	js.Global().Get("document").Call("addEventListener", "change", h)
}
