// Package crossface checks that ccplay's three faces give the same numbers
// for the same question: the CLI (`ccplay cost|run|table|plan`, built once
// and run as a process), the HTTP API (api.New served in-process through
// net/http/httptest) and the playground's view model (ui.State and the
// views of ui.App built from the playground URL's query and read natively,
// without a browser).
//
// Each question is written once, as a URL query with the CLI's flag names,
// and asked through every face that can answer it. The test compares times,
// steps, transfers, the busiest rank's bytes, auto's crossovers, a plan's
// totals and an nccl-tests log's verdict (`ccplay doctor --json`, POST
// /api/v1/doctor, doctor.Judge and the playground's "check my log" view,
// whose JSON export is the CLI's byte for byte), naming the question, the
// faces and both numbers on a mismatch.
// Where the README says an endpoint answers what a command prints (cost,
// table and plan, as JSON and as text, and the doctor's verdict), the
// bytes must be equal (bytes_test.go).
// Integers must be equal and floats equal to a relative 1e-9; the one face
// that rounds for display, the planner view, is compared with the other
// faces' exact numbers rounded by the same formatters (three significant
// figures for bytes, four for times). Where a face does not answer (the API
// lists schedules only up to api.MaxScheduleRanks ranks and
// api.MaxScheduleChunks chunks, and may want a concrete algorithm), it must
// refuse with an error naming the field. Questions no face can answer are
// refused by all three naming the same field with the same message; so are
// the extremes of float64 (a β that is not finite, bytes times β that
// overflow, NaN and Inf) on every endpoint that reads the field, and near
// the smallest bandwidth whose answer is finite every face answers exactly
// when the CLI does.
//
// Everything the tests read from package ui goes through playground_test.go,
// the one file that knows the view model's methods.
package crossface
