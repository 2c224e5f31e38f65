// Package wasmbuild keeps the playground's static site runnable: it
// (re)builds the playground's two WebAssembly modules (Modules:
// public/app.wasm and public/tools.wasm) with the local Go toolchain when
// one is missing or older than any of its sources, writes their gzip and
// brotli copies (compress.go), and copies wasm_exec.js from the same Go
// installation.
// `ccplay serve`, the static build (internal/sitebuild) and the browser tests
// call it; it is native only (it runs `go build`).
package wasmbuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Flags are the go build flags of app.wasm (after GOOS=js GOARCH=wasm;
// BuildArgs adds the -overlay of Overlay): no file paths, no symbol table or
// DWARF, and no inlining anywhere (-gcflags=all=-l), which makes the module
// ≈ 10 % smaller gzipped (≈ 190 KB, a second on Slow 4G) for a few percent
// more time per render (docs/performance.md).
var Flags = []string{"-trimpath", "-ldflags=-s -w", "-gcflags=all=-l"}

// Module is one of the playground's WebAssembly modules: its file in
// public/ and the build tags that select its views (package ui,
// modules.go).
type Module struct {
	File string // e.g. "app.wasm"
	Tags string // go build -tags ("" for none)
}

// Modules are the playground's modules, both built from ./wasm/app: the
// main module (app.wasm: every view but the log doctor, the planner and
// the fabric view, which are placeholders there) and the tools module
// (tools.wasm: every view), which only the pages of those views load.
var Modules = []Module{{File: "app.wasm", Tags: "mainmodule"}, {File: "tools.wasm"}}

// BuildArgs are the arguments of `go build` (after GOOS=js GOARCH=wasm)
// writing module m to out, with the -overlay file Overlay wrote and the
// build's version id (SourceID) stamped as ui.Build.
func BuildArgs(m Module, out, overlay, id string) []string {
	args := []string{"build"}
	for _, f := range Flags {
		if f == "-ldflags=-s -w" {
			f += " " + StampFlag(id)
		}
		args = append(args, f)
	}
	args = append(args, "-overlay="+overlay)
	if m.Tags != "" {
		args = append(args, "-tags="+m.Tags)
	}
	return append(args, "-o", out, "./wasm/app")
}

// SourceDirs are the directories, relative to the module root, whose .go and
// .vugu files make up the modules.
var SourceDirs = []string{"ui", "chart", "wasm/app", "core"}

// Ensure makes each of Modules in publicDir and publicDir/wasm_exec.js
// current. publicDir must sit in the module root (its parent holds go.mod).
// It builds a module when its file is missing or older than any source (or
// go.mod/go.sum), writing to a temporary file renamed into place, so a
// concurrent reader never sees half a file. Progress and compiler output
// go to stderr. Once ctx is done (an interrupt) it stops the compiler and
// the compression and returns an error wrapping ctx.Err(), leaving no
// temporary file behind.
func Ensure(ctx context.Context, publicDir string, stderr io.Writer) error {
	pub, err := filepath.Abs(publicDir)
	if err != nil {
		return err
	}
	root := filepath.Dir(pub)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return fmt.Errorf("%s is not next to go.mod; run from a ccplay checkout", publicDir)
	}
	var stale []Module
	why := map[string]string{}
	for _, m := range Modules {
		s, w, err := Stale(root, filepath.Join(pub, m.File))
		if err != nil {
			return err
		}
		if s {
			stale = append(stale, m)
			why[m.File] = w
		}
	}
	_, execErr := os.Stat(filepath.Join(pub, "wasm_exec.js"))
	goBin, lookErr := exec.LookPath("go")
	if lookErr != nil {
		if len(stale) == 0 && execErr == nil {
			return nil // current, and nothing to build with: serve what is there
		}
		return errors.New("the WebAssembly needs building and no `go` is on PATH (install Go 1.26)")
	}
	goroot, err := GoRoot(goBin, root)
	if err != nil {
		return err
	}
	if err := copyWasmExec(goroot, pub); err != nil {
		return err
	}
	id := ""
	if len(stale) > 0 {
		if id, err = SourceID(root); err != nil {
			return err
		}
	}
	for _, m := range stale {
		if err := build(ctx, goBin, goroot, root, pub, m, why[m.File], id, stderr); err != nil {
			return err
		}
	}
	for _, m := range Modules {
		if err := EnsureCompressed(ctx, filepath.Join(pub, m.File)); err != nil {
			return err
		}
	}
	return nil
}

// build builds module m into pub, stamped with the version id (why says
// why, for the progress line).
func build(ctx context.Context, goBin, goroot, root, pub string, m Module, why, id string, stderr io.Writer) error {
	out := filepath.Join(pub, m.File)
	fmt.Fprintf(stderr, "building %s (%s)…\n", out, why)
	start := time.Now()
	tmp, err := os.CreateTemp(pub, ".build-*.wasm")
	if err != nil {
		return err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	dir, err := os.MkdirTemp("", "wasmbuild")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	overlay, err := Overlay(dir, goroot)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, goBin, BuildArgs(m, tmp.Name(), overlay, id)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("building %s stopped: %w", m.File, ctx.Err())
		}
		stderr.Write(msg.Bytes())
		return fmt.Errorf("building %s failed: %v", m.File, err)
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "built %s in %s\n", out, time.Since(start).Round(time.Millisecond))
	return nil
}

// Stale reports whether wasm (a path) is missing or older than any .go or
// .vugu file under root's SourceDirs (tests excluded: they are not in the
// binary), or go.mod / go.sum, and why.
// O(files under SourceDirs).
func Stale(root, wasm string) (bool, string, error) {
	st, err := os.Stat(wasm)
	if err != nil {
		return true, "missing", nil
	}
	built := st.ModTime()
	newer := ""
	check := func(p string, info fs.FileInfo) {
		if newer == "" && info.ModTime().After(built) {
			newer = p
		}
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		if info, err := os.Stat(filepath.Join(root, f)); err == nil {
			check(f, info)
		}
	}
	for _, d := range SourceDirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil || newer != "" {
				return err
			}
			if e.IsDir() || strings.HasSuffix(p, "_test.go") || !(strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".vugu")) {
				return nil
			}
			info, err := e.Info()
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			check(rel, info)
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, "", err
		}
		if newer != "" {
			break
		}
	}
	if newer != "" {
		return true, newer + " is newer", nil
	}
	return false, "", nil
}

// SourceID is the version of a build from root's sources (ui.Build): the
// first 16 hex digits of SHA-256 over go.mod, go.sum and every .go and
// .vugu file under SourceDirs but the tests, each path with its content,
// in lexical order. Builds from the same sources have the same id; a
// changed source changes it. O(the sources' bytes).
func SourceID(root string) (string, error) {
	h := sha256.New()
	add := func(rel string) error {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), len(b))
		h.Write(b)
		return nil
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		if err := add(f); err != nil {
			return "", err
		}
	}
	for _, d := range SourceDirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || strings.HasSuffix(p, "_test.go") || !(strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".vugu")) {
				return err
			}
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			return add(rel)
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// StampFlag is the linker flag that stamps id as ui.Build.
func StampFlag(id string) string { return "-X github.com/ccplay/ccplay/ui.Build=" + id }

// GoRoot is the GOROOT of goBin run in root.
func GoRoot(goBin, root string) (string, error) {
	cmd := exec.Command(goBin, "env", "GOROOT")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// copyWasmExec copies wasm_exec.js from the toolchain that builds app.wasm
// (goroot's; it must match the Go version), when the copy is missing or
// differs.
func copyWasmExec(goroot, pub string) error {
	src := filepath.Join(goroot, "lib", "wasm", "wasm_exec.js")
	want, err := os.ReadFile(src)
	if err != nil {
		return fmt.Errorf("%v (Go ≥ 1.24 keeps wasm_exec.js in lib/wasm)", err)
	}
	dst := filepath.Join(pub, "wasm_exec.js")
	if have, err := os.ReadFile(dst); err == nil && bytes.Equal(have, want) {
		return nil
	}
	tmp := dst + ".tmp"
	if err := os.WriteFile(tmp, want, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}
