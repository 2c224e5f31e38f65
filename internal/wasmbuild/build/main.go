// Command build makes the playground's modules in public/ current, as
// `ccplay serve` does on demand (wasmbuild.Ensure): public/app.wasm and
// public/tools.wasm with their gzip and brotli copies, and wasm_exec.js.
// Run it from the repository root (`go tool task playground:build`).
package main

import (
	"fmt"
	"os"

	"github.com/ccplay/ccplay/internal/wasmbuild"
)

func main() {
	if err := wasmbuild.Ensure("public", os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
