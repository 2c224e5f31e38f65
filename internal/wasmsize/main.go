// Command wasmsize tells where the playground's WebAssembly bytes go: it
// builds ./wasm/app as the served build is built (with wasmbuild.Overlay)
// but keeping the names (or reads a .wasm given with -in; it must keep its "name" section, i.e.
// be built without -ldflags=-s) and prints the gzipped
// size of the whole module, of its code and data sections, and of each Go
// package's code (function bodies grouped by the package part of their
// names, each group gzipped alone, so the column adds up to a little more
// than the code section gzipped together).
//
//	go run ./internal/wasmsize [-in app.wasm] [-module tools.wasm] [-top 40]
//
// -module selects the module built (wasmbuild.Modules): app.wasm, the
// main module (the default), or tools.wasm.
// (`go tool task playground:size`.) The data section is mostly the Go
// runtime's tables (pclntab, types, itabs) and string constants; it cannot
// be split by package from the binary alone.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"

	"github.com/ccplay/ccplay/internal/wasmbuild"
)

func main() {
	in := flag.String("in", "", "a .wasm built without -ldflags=-s (default: build ./wasm/app into a temporary file)")
	module := flag.String("module", "app.wasm", "the module to build: app.wasm or tools.wasm")
	top := flag.Int("top", 40, "packages to list")
	flag.Parse()
	if err := run(*in, *module, *top, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

func run(in, module string, top int, w io.Writer) error {
	if in == "" {
		i := slices.IndexFunc(wasmbuild.Modules, func(m wasmbuild.Module) bool { return m.File == module })
		if i < 0 {
			return fmt.Errorf("-module %q: the modules are app.wasm and tools.wasm", module)
		}
		dir, err := os.MkdirTemp("", "wasmsize")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		in = filepath.Join(dir, "app.wasm")
		goroot, err := wasmbuild.GoRoot("go", ".")
		if err != nil {
			return err
		}
		overlay, err := wasmbuild.Overlay(dir, goroot)
		if err != nil {
			return err
		}
		cmd := exec.Command("go", "build", "-trimpath", "-gcflags=all=-l", "-overlay="+overlay, "-tags="+wasmbuild.Modules[i].Tags, "-o", in, "./wasm/app")
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go build ./wasm/app (run from the repository root): %w", err)
		}
	}
	b, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	m, err := parse(b)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if len(m.names) == 0 {
		return fmt.Errorf("%s has no name section: build it without -ldflags=-s", in)
	}
	fmt.Fprintf(w, "module %9d B, gzip -9 %9d B (with names; the served build strips about 0.1 MB of names)\n", len(b), gz(b))
	fmt.Fprintf(w, "code   %9d B, gzip -9 %9d B\n", len(m.code.all), gz(m.code.all))
	fmt.Fprintf(w, "data   %9d B, gzip -9 %9d B\n\n", len(m.data), gz(m.data))
	groups := m.byPackage()
	fmt.Fprintf(w, "%10s %10s  %s\n", "code B", "gzip B", "package")
	for i, g := range groups {
		if i == top {
			fmt.Fprintf(w, "… %d more packages\n", len(groups)-top)
			break
		}
		fmt.Fprintf(w, "%10d %10d  %s\n", g.raw, g.gz, g.pkg)
	}
	return nil
}

// group is one package's function bodies.
type group struct {
	pkg     string
	raw, gz int
}

// byPackage groups the code by package, largest gzipped first.
func (m *module) byPackage() []group {
	bodies := map[string][]byte{}
	for i, body := range m.code.bodies {
		p := pkgOf(m.names[m.imports+i])
		bodies[p] = append(bodies[p], body...)
	}
	out := make([]group, 0, len(bodies))
	for p, b := range bodies {
		out = append(out, group{p, len(b), gz(b)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].gz != out[j].gz {
			return out[i].gz > out[j].gz
		}
		return out[i].pkg < out[j].pkg
	})
	return out
}

func gz(b []byte) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Len()
}
