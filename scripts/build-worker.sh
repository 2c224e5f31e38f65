#!/usr/bin/env bash
# Builds the Cloudflare Worker (wasm/worker) into OUT (default: build):
#   OUT/worker/  app.wasm (wasm/worker), Go's wasm_exec.js, entry.mjs (wasm/worker/entry.mjs: one Go
#                instance per isolate) and shell.html (the page shell the Worker renders pages into)
#   OUT/assets/  the static site written by internal/sitebuild (hashed assets, pre-rendered pages, _headers)
# wrangler.jsonc points at build/worker/entry.mjs and build/assets.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-build}"
mkdir -p "$out/worker"
# The Worker's pages hand their simulations' answers to the playground's modules built from the same
# sources: both carry the sources' version (ui.Build, wasmbuild.SourceID).
id="$(go run ./internal/wasmbuild/build -source-id)"
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w -X github.com/ccplay/ccplay/ui.Build=$id" -o "$out/worker/app.wasm" ./wasm/worker
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/worker/wasm_exec.js"
cp wasm/worker/entry.mjs "$out/worker/entry.mjs"
rm -rf "$out/assets"
go run ./internal/sitebuild -o "$out/assets" -shell "$out/worker/shell.html"
echo "built $out/worker/app.wasm ($(wc -c <"$out/worker/app.wasm") bytes) and $out/assets/"
