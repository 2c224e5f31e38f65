//go:build js && wasm

// Command worker is ccplay on Cloudflare Workers: the same API handler as
// `ccplay serve` (package api) and the playground's pages rendered on the
// server (package site, from the shell the build writes beside it). One Go
// instance per isolate serves every request (bridge.go); entry.mjs starts
// it on the first request and hands each request over. The assets are
// Workers static assets (wrangler.jsonc); entry.mjs sends app.wasm's
// brotli or gzip copy itself. Build with scripts/build-worker.sh; run with
// `npx wrangler dev`.
package main

import (
	"log"
	"os"
	"syscall/js"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/internal/site"
	"github.com/ccplay/ccplay/public/lessons"
	"github.com/ccplay/ccplay/ui"
)

func main() {
	ui.LessonFiles = lessons.Read // pages of lessons are rendered from the embedded files
	h := api.New(api.Config{Log: log.New(os.Stderr, "ccplay worker: ", 0)})
	if shell, err := site.ParseShell(js.Global().Get("ccplayShell").String()); err == nil {
		h = site.Handler(shell, false, h)
	} else {
		log.Printf("ccplay worker: pages are not rendered: %v", err)
	}
	serve(h)
}
