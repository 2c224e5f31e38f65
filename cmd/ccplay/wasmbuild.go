package main

import (
	"context"
	"io"
	"os"
	"path/filepath"

	"github.com/ccplay/ccplay/internal/wasmbuild"
	"github.com/ccplay/ccplay/ui"
)

// ensurePlaygroundBuilt (re)builds publicDir/app.wasm and tools.wasm with the local Go
// toolchain when one is missing or older than any .go/.vugu source under ui/,
// wasm/app/ or core/, and copies wasm_exec.js from the same Go version; it
// sets ui.Build to the checkout's version (wasmbuild.SourceID), as the
// modules are stamped, for the binary is taken to be built from the same
// checkout (`go run ./cmd/ccplay serve`, `go tool task serve`): its pages
// hand their simulations' answers to the modules.
// Outside a ccplay checkout (no go.mod beside publicDir) there is nothing to
// build from and the directory is served as it is, its pages handing
// nothing over. Progress goes to stderr. Once ctx is done (an interrupt
// during the build) it stops, leaving no temporary file in publicDir.
func ensurePlaygroundBuilt(ctx context.Context, publicDir string, stderr io.Writer) error {
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
	if err := wasmbuild.Ensure(ctx, publicDir, stderr); err != nil {
		return err
	}
	ui.Build, err = wasmbuild.SourceID(filepath.Dir(abs))
	return err
}
