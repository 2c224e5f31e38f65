//go:build js && wasm && mainmodule

package main

import (
	"syscall/js"

	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"
)

// fabricWorker, in the main module, does nothing: the fabric view is in
// the tools module (fabricwork.go).
type fabricWorker struct{}

func newFabricWorker(vugu.EventEnv, *ui.App) *fabricWorker { return &fabricWorker{} }

func (*fabricWorker) afterRender() {}

// handOver does nothing: the main module runs no simulation a page could
// hand over (fabricwork.go).
func handOver(js.Value, *ui.State) {}
