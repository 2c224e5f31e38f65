// Package tests holds ccplay's end-to-end tests: the Cloudflare Worker built
// from wasm/worker and run by `wrangler dev` must answer every endpoint
// byte for byte as the native handler does (worker_test.go), and render the
// playground's pages as the native page handler does (worker_page_test.go).
// The other end-to-end suites are subpackages: crossface (one question
// through every face), playground (chromium), cluster (real runs on an
// emulated cluster of network namespaces), simgrid (the fabric simulation
// against SimGrid's, run by python3-simgrid), docs (the command examples
// of README.md and docs/ run against the CLI). Helpers for
// starting and stopping wrangler live in tests/wrangler; the load driver
// that reports the figures of docs/performance.md is scripts/load.
package tests
