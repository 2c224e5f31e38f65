// Package tests holds ccplay's end-to-end tests: the Cloudflare Worker built
// from wasm/worker and run by `wrangler dev` must answer every endpoint
// byte for byte as the native handler does (worker_test.go). Helpers for
// starting and stopping wrangler live in tests/wrangler; the load driver
// that reports the figures of docs/performance.md is scripts/load.
package tests
