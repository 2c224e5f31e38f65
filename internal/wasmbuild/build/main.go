// Command build makes the playground's modules in public/ current, as
// `ccplay serve` does on demand (wasmbuild.Ensure): public/app.wasm and
// public/tools.wasm with their gzip and brotli copies, and wasm_exec.js.
// With -source-id it builds nothing and prints the version of a build from
// the sources (wasmbuild.SourceID), which scripts/build-worker.sh stamps
// into the Worker. Run it from the repository root (`go tool task
// playground:build`).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/ccplay/ccplay/internal/wasmbuild"
)

func main() {
	sourceID := flag.Bool("source-id", false, "print the sources' build version (ui.Build) and build nothing")
	flag.Parse()
	if *sourceID {
		id, err := wasmbuild.SourceID(".")
		if err != nil {
			fmt.Fprintln(os.Stderr, "playground:", err)
			os.Exit(1)
		}
		fmt.Println(id)
		return
	}
	if err := wasmbuild.Ensure(context.Background(), "public", os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "playground:", err)
		os.Exit(1)
	}
}
