package playground

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// wasmCeilings are the most each WebAssembly module may weigh gzipped (Go's
// gzip at level 9), in bytes: the main module (app.wasm, which every page
// but those of the tools views loads) within the 1.8 MB target; the tools
// module (tools.wasm, every view) at its build's size with a little room
// so that growth is a decision taken in review (docs/performance.md, "Size
// of app.wasm", says where the bytes go).
var wasmCeilings = []struct {
	file    string
	ceiling int64
}{
	{"app.wasm", 1_800_000},
	{"tools.wasm", 2_050_000},
}

// TestWasmSize: each module, built as playground:build builds it (GOOS=js
// GOARCH=wasm with wasmbuild.Flags and the module's tags; the browser
// tests' build, done once), stays within its ceiling gzipped (Go's gzip at
// level 9, a little larger than gzip -9's). Above it, the failure says
// where the bytes go (internal/wasmsize, which builds again with names).
func TestWasmSize(t *testing.T) {
	dir := ensureBuilt(t)
	for _, m := range wasmCeilings {
		st, err := os.Stat(filepath.Join(dir, m.file+".gz"))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s gzipped: %d B (ceiling %d B)", m.file, st.Size(), m.ceiling)
		if st.Size() <= m.ceiling {
			continue
		}
		cmd := exec.Command("go", "run", "./internal/wasmsize", "-module", m.file, "-top", "30")
		cmd.Dir = filepath.Dir(dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Logf("wasmsize: %v", err)
		}
		t.Errorf("%s is %d B gzipped, over the %d B ceiling by %d B; where the bytes go:\n%s",
			m.file, st.Size(), m.ceiling, st.Size()-m.ceiling, out)
	}
}
