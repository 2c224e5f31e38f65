// Package units parses and prints the physical quantities used by ccplay's
// communication models: sizes in bytes, per-direction bandwidths, model
// durations in seconds and link efficiencies.
//
// Every parser is strict about ambiguous spellings (bits versus bytes,
// decimal versus binary prefixes) and reports problems as *Error values
// whose message names the offending input and the accepted spellings.
// Each String method writes text that the matching parser reads back.
//
// The package is pure computation: no I/O, no clocks and no mutable globals,
// so it behaves identically natively and under GOOS=js GOARCH=wasm.
package units
