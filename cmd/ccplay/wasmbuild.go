package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/ccplay/ccplay/internal/wasmbuild"
)

// ensurePlaygroundBuilt (re)builds publicDir/app.wasm and tools.wasm with the local Go
// toolchain when one is missing or older than any .go/.vugu source under ui/,
// wasm/app/ or core/, and copies wasm_exec.js from the same Go version.
// Outside a ccplay checkout (no go.mod beside publicDir) there is nothing to
// build from and the directory is served as it is. Progress goes to stderr.
func ensurePlaygroundBuilt(publicDir string, stderr io.Writer) error {
	abs, err := filepath.Abs(publicDir)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(abs), "go.mod")); err != nil {
		return nil
	}
	if _, err := os.Stat(abs); err != nil {
		return nil // publicDir reports a missing directory
	}
	return wasmbuild.Ensure(publicDir, stderr)
}
