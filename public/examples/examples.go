// Package examples embeds the nccl-tests logs the playground's "check my
// log" view offers as examples (README.md says where each comes from), for
// native builds: the server's first paint and the tests. The browser
// fetches the same files from public/examples/, so they stay out of
// app.wasm.
package examples

import "embed"

//go:embed *.txt
var files embed.FS

// Read returns the example log named file.
func Read(file string) ([]byte, error) { return files.ReadFile(file) }
