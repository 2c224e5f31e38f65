//go:build js && wasm

// Command worker is ccplay's HTTP API on Cloudflare Workers: the same
// handler as `ccplay serve` (package api), served by github.com/syumai/workers.
// The static site is served by Workers static assets (wrangler.jsonc), so
// the handler sees only /api/*, /embed/*, /healthz and paths that no asset
// matches. Build with scripts/build-worker.sh; run with `npx wrangler dev`.
package main

import (
	"log"
	"os"

	"github.com/ccplay/ccplay/api"
	"github.com/syumai/workers"
)

func main() {
	workers.Serve(api.New(api.Config{Log: log.New(os.Stderr, "ccplay worker: ", 0)}))
}
