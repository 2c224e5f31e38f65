//go:build js && wasm && mainmodule

package main

import (
	"github.com/ccplay/ccplay/ui"
	"github.com/vugu/vugu"
)

// addToolFiles: the main module has no log doctor (its page loads the
// tools module), so no file input of the tools views to serve.
func addToolFiles(vugu.EventEnv, *ui.App, map[string]fileTarget) {}
