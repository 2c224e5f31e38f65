// Package api is ccplay's HTTP API: one plain http.Handler over the core,
// served natively by `ccplay serve` and on Cloudflare Workers by wasm/worker
// (one Go instance per isolate), with identical answers.
//
// Endpoints (query parameters use the CLI's flag names; see package request):
//
//	GET  /api/v1/cost        one cost question → the JSON of cost.Result (= `ccplay cost --json`)
//	GET  /api/v1/table       an nccl-tests sweep → JSON rows (= `ccplay table --json`); format=text for the table
//	GET  /api/v1/schedule    the rounds, transfers, ledger and α-β-γ price of one schedule (P ≤ MaxScheduleRanks)
//	POST /api/v1/run         the body and answer of `ccplay run` (one JSON object, ≤ MaxRunBody bytes)
//	POST /api/v1/doctor      an nccl-tests log's verdict (= `ccplay doctor --json`, ≤ MaxDoctorBody bytes)
//	GET  /api/v1/plan        the parallelism planner (= `ccplay plan --json`); format=text for its text, timeline=NAME for an overlap timeline (SVG or JSON)
//	GET  /embed/{chart}.svg  time-vs-ranks, time-vs-size, ledger-bars, ring-step (package chart/figure)
//	GET  /healthz            liveness: {"status":"ok"}
//	GET  /api/v1/            every endpoint above with its parameters or body fields, as JSON (Index)
//	GET  /                   the static site if Config.Static has index.html, else an index of the endpoints
//
// Contract: every pure GET answer depends only on its URL, so it carries
// Cache-Control: public, max-age=86400 and an edge cache may serve repeats.
// Every API and embed answer carries Access-Control-Allow-Origin: *, a
// deliberate choice: a POST must be Content-Type: application/json (else
// 415, before its body is read), so a page on another origin cannot send
// one without a CORS preflight — no simple text/plain POST makes a local
// server work behind its visitor's back. Bad input is a 400 with
// {"error": "...", "field": "ranks"} naming the field and what is
// accepted; an input that would make an answer ±Inf or NaN is such a 400
// naming it. An unknown path is a 404 and a wrong method a 405, both as
// JSON. Every request has a budget (package budget: about 1 s of CPU and
// 256 MiB): its work is estimated in O(1) — schedules and buffers of
// /run, closed-form points of tables and sweeps — and a question over it
// is a 413 naming the field, before any schedule, buffer or point. At most
// MaxLight closed forms and MaxHeavy other requests compute at once, at
// most PerClient of each per client (its remote address, which on a Worker
// CloudflareClient sets from CF-Connecting-IP); a POST's body is read whole first and
// an answer is computed into memory and written after its slot is given
// back, so a slow client holds no slot (limits.go). The playground's
// pages rendered on the server (package internal/site) take a slot of a
// PageGate, a third pool sized beside these (pages.go). A waiting request, a
// table and a run stop when their client goes (StatusClientClosed). A 500 means a bug: a
// recover guard turns an unexpected panic into a JSON 500.
//
// docs/api.md describes the endpoints for users, with the Worker's limits;
// docs/limits.md the budgets and the CORS policy.
package api
