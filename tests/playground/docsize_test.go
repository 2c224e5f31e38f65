package playground

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// docSizeTolerance is how far (relative) a size the documentation quotes
// may be from the build's before the figure must be brought up to date.
const docSizeTolerance = 0.03

// docSizes are the figures of the current modules (app.wasm, tools.wasm)
// that README.md and docs/performance.md quote, in MB (10⁶ B): each
// pattern's groups are
// compared with the files of the build, and every document must quote
// each pattern at least once.
var docSizes = []struct {
	doc     string
	pattern *regexp.Regexp
	files   []string // the build's file each group is compared with
}{
	{"README.md", regexp.MustCompile("`app\\.wasm` is ([0-9.]+) MB gzipped \\(([0-9.]+) MB as the brotli"), []string{"app.wasm.gz", "app.wasm.br"}},
	{"docs/performance.md", regexp.MustCompile("`app\\.wasm` is ([0-9.]+) MB, ([0-9.]+) MB gzipped [^)]*\\) and ([0-9.]+) MB as brotli"), []string{"app.wasm", "app.wasm.gz", "app.wasm.br"}},
	{"docs/performance.md", regexp.MustCompile("\\| `app\\.wasm` gzipped [^|]*\\|[^|]*\\| ([0-9.]+) MB as the sources stand \\(the tools views' `tools\\.wasm`: ([0-9.]+) MB\\)"), []string{"app.wasm.gz", "tools.wasm.gz"}},
	{"README.md", regexp.MustCompile("load `tools\\.wasm` instead\\s+\\(([0-9.]+) MB gzipped\\)"), []string{"tools.wasm.gz"}},
	{"docs/performance.md", regexp.MustCompile("`tools\\.wasm`, the same program with every view: ([0-9.]+) MB, ([0-9.]+) MB gzipped and ([0-9.]+) MB as brotli"), []string{"tools.wasm", "tools.wasm.gz", "tools.wasm.br"}},
}

// TestWasmSizeAsDocumented: the sizes of app.wasm and tools.wasm (raw,
// gzipped, brotli) that the documentation quotes are within docSizeTolerance of the build
// TestWasmSize measures.
func TestWasmSizeAsDocumented(t *testing.T) {
	dir := ensureBuilt(t)
	root := filepath.Dir(dir)
	for _, d := range docSizes {
		text, err := os.ReadFile(filepath.Join(root, d.doc))
		if err != nil {
			t.Fatal(err)
		}
		ms := d.pattern.FindAllSubmatch(text, -1)
		if len(ms) == 0 {
			t.Errorf("%s no longer quotes %s; keep the figure or this check in step", d.doc, d.pattern)
			continue
		}
		for _, m := range ms {
			for i, name := range d.files {
				st, err := os.Stat(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				quoted, err := strconv.ParseFloat(string(m[i+1]), 64)
				if err != nil {
					t.Fatalf("%s: %q: %v", d.doc, m[i+1], err)
				}
				built := float64(st.Size()) / 1e6
				if math.Abs(quoted-built) > docSizeTolerance*built {
					t.Errorf("%s says %s is %.2f MB; the build's is %.2f MB (%d B): update the figure", d.doc, name, quoted, built, st.Size())
				}
			}
		}
	}
}
