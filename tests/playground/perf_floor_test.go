//go:build perf

package playground

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ccplay/ccplay/internal/wasmbuild"
)

// floorPrograms are the smallest Go js/wasm programs a page's numbers
// could come from: one that only registers a syscall/js callback and
// waits, and the same with fmt (which nearly any Go program that formats
// a number pulls in).
var floorPrograms = []struct{ name, src string }{
	{"syscall/js callback", `package main

import "syscall/js"

func main() {
	js.Global().Set("f", js.FuncOf(func(js.Value, []js.Value) any { return 1 }))
	select {}
}
`},
	{"syscall/js callback + fmt", `package main

import (
	"fmt"
	"syscall/js"
)

func main() {
	js.Global().Set("f", js.FuncOf(func(_ js.Value, a []js.Value) any { return fmt.Sprint(a[0].Float()) }))
	select {}
}
`},
}

// TestPerfWasmFloor is a report, not a check: the floor under any Go
// WebAssembly page. Each of floorPrograms is built as the playground's
// modules are (Go 1.26, GOOS=js GOARCH=wasm, wasmbuild.Flags) and gzipped
// as their .gz copy is (wasmbuild.Encodings); it prints the sizes and the
// time the .gz alone takes on Lighthouse's Slow 4G (1.6 Mbit/s, 150 ms),
// the least a static host's first visit can wait for numbers from Go.
func TestPerfWasmFloor(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module floor\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	slow := profiles[1]
	for _, prog := range floorPrograms {
		name, src := prog.name, prog.src
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "floor.wasm")
		cmd := exec.Command("go", append(append([]string{"build"}, wasmbuild.Flags...), "-o", out, ".")...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, b)
		}
		raw, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var gz bytes.Buffer
		var w io.WriteCloser
		for _, e := range wasmbuild.Encodings {
			if e.Name == "gzip" {
				w = e.Writer(&gz)
			}
		}
		if _, err := w.Write(raw); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		secs := float64(gz.Len())/slow.down + slow.latencyMs/1e3
		fmt.Printf("wasm floor, %-26s %9d B raw, %8d B gzip: %.2f s on %s (one request)\n", name+":", len(raw), gz.Len(), secs, slow.name)
	}
}
