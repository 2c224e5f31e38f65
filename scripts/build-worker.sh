#!/usr/bin/env bash
# Builds the Cloudflare Worker (wasm/worker) into OUT (default: build):
#   OUT/worker/  worker.mjs, runtime.mjs, wasm_exec.js (workers-assets-gen -mode=go), app.wasm and
#                entry.mjs (wasm/worker/entry.mjs: one Go request at a time per isolate)
#   OUT/assets/  the static site: public/ with the playground built into it (app.wasm, app.wasm.gz, wasm_exec.js)
# wrangler.jsonc points at build/worker/entry.mjs and build/assets.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-build}"
go tool workers-assets-gen -mode=go -o "$out/worker"
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$out/worker/app.wasm" ./wasm/worker
cp wasm/worker/entry.mjs "$out/worker/entry.mjs"
rm -rf "$out/assets"
mkdir -p "$out/assets"
if [ -d public ]; then
  # The playground's wasm is generated, not committed: build it for the assets.
  GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o public/app.wasm ./wasm/app
  gzip -9 -c public/app.wasm > public/app.wasm.gz   # boot.js fetches this first
  cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" public/wasm_exec.js
  cp -R public/. "$out/assets/"
fi
echo "built $out/worker/app.wasm ($(wc -c <"$out/worker/app.wasm") bytes) and $out/assets/"
