//go:build js && wasm && mainmodule

package main

import (
	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"
)

// fabricWorker, in the main module, does nothing: the fabric view is in
// the tools module (fabricwork.go).
type fabricWorker struct{}

func newFabricWorker(vugu.EventEnv, *ui.App) *fabricWorker { return &fabricWorker{} }

func (*fabricWorker) afterRender() {}
