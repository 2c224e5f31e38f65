package main

import (
	"io"

	"github.com/ccplay/ccplay/ui/wasmbuild"
)

// ensurePlaygroundBuilt (re)builds publicDir/app.wasm with the local Go
// toolchain when it is missing or older than any .go/.vugu source under ui/,
// wasm/app/ or core/, and copies wasm_exec.js from the same Go version.
// serve calls it before serving publicDir; progress goes to stderr.
func ensurePlaygroundBuilt(publicDir string, stderr io.Writer) error {
	return wasmbuild.Ensure(publicDir, stderr)
}
