//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"github.com/ccplay/ccplay/ui"
)

// moduleSwitch loads the page again when it needs the other WebAssembly
// module (ui.App.SwitchTo): the same address with the query of what it
// shows, which the server (or the static page of that view) answers with
// the page of that module. initial is the view the page opened with.
// While it leaves, window.ccplayLeaving is true. A tab that had the focus
// (a tab chosen with the keyboard) gets it back on the new page: its id
// waits in session storage under focusKey; the page's state outside its
// URL (ui.App.Carry) waits under carryKey for ui.App.Restore.
type moduleSwitch struct {
	initial string
	leaving bool
}

// focusKey is the session-storage key of the tab to focus after a switch.
const focusKey = "ccplay.focus"

// carryKey is the session-storage key of the state a switch carries.
const carryKey = "ccplay.carry"

// check runs after every render; it navigates at most once.
func (m *moduleSwitch) check(root *ui.App) {
	if m.leaving || root.SwitchTo(m.initial) == "" {
		return
	}
	m.leaving = true
	win := js.Global()
	win.Set("ccplayLeaving", true)
	if id := win.Get("document").Get("activeElement"); id.Truthy() && strings.HasPrefix(id.Get("id").String(), "tab-") {
		storage(func(s js.Value) { s.Call("setItem", focusKey, id.Get("id").String()) })
	}
	if c := root.Carry(); c != "" {
		storage(func(s js.Value) { s.Call("setItem", carryKey, c) })
	}
	win.Get("location").Call("replace", root.LinkBase+"?"+root.Query())
}

// takeCarry is the state the switch that loaded this page carried ("" when
// none), removed from storage.
func takeCarry() string { return takeItem(carryKey) }

// takeFocus is the id of the tab to focus after the first render of a
// page a switch loaded ("" when none), removed from storage.
func takeFocus() string { return takeItem(focusKey) }

// takeItem is session storage's item key ("" when none), removed.
func takeItem(key string) string {
	v := ""
	storage(func(s js.Value) {
		if r := s.Call("getItem", key); r.Type() == js.TypeString {
			v = r.String()
			s.Call("removeItem", key)
		}
	})
	return v
}

// storage calls f with sessionStorage, if the page may use it (a sandboxed
// frame or a browser's settings may refuse: then nothing happens).
func storage(f func(js.Value)) {
	defer func() { recover() }()
	if s := js.Global().Get("sessionStorage"); s.Truthy() {
		f(s)
	}
}
