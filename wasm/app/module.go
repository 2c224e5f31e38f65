//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/ccplay/ccplay/ui"
)

// moduleSwitch loads the page again when it needs the other WebAssembly
// module (ui.App.SwitchTo): the same address with the query of what it
// shows, which the server (or the static page of that view) answers with
// the page of that module. initial is the view the page opened with.
type moduleSwitch struct {
	initial string
	leaving bool
}

// check runs after every render; it navigates at most once.
func (m *moduleSwitch) check(root *ui.App) {
	if m.leaving || root.SwitchTo(m.initial) == "" {
		return
	}
	m.leaving = true
	js.Global().Get("location").Call("replace", root.LinkBase+"?"+root.Query())
}
