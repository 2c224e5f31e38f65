package wasmbuild

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

func TestStale(t *testing.T) {
	root := t.TempDir()
	write := func(p string, at time.Time) {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(full, at, at); err != nil {
			t.Fatal(err)
		}
	}
	t0 := time.Now().Add(-time.Hour)
	write("go.mod", t0)
	write("ui/a.go", t0)
	write("core/x/b.go", t0)
	wasm := filepath.Join(root, "public", "app.wasm")
	cases := []struct {
		setup  func()
		stale  bool
		reason string
	}{
		{func() {}, true, "no app.wasm yet"},
		{func() { write("public/app.wasm", t0.Add(time.Minute)) }, false, "built after every source"},
		{func() { write("ui/README.md", t0.Add(2*time.Minute)) }, false, "a newer non-source file does not count"},
		{func() { write("ui/view_test.go", t0.Add(2*time.Minute)) }, false, "a newer test is not in the binary"},
		{func() { write("ui/view.vugu", t0.Add(3*time.Minute)) }, true, "a newer .vugu template"},
		{func() { write("public/app.wasm", t0.Add(4*time.Minute)) }, false, "rebuilt"},
		{func() { write("core/x/b.go", t0.Add(5*time.Minute)) }, true, "a newer core file"},
		{func() { write("public/app.wasm", t0.Add(6*time.Minute)); write("go.sum", t0.Add(7*time.Minute)) }, true, "new dependencies"},
	}
	for _, tc := range cases {
		tc.setup()
		got, why, err := Stale(root, wasm)
		if err != nil || got != tc.stale {
			t.Errorf("%s: Stale = %v (%s), %v; want %v", tc.reason, got, why, err, tc.stale)
		}
	}
}

func TestEnsureBuildsAndCopies(t *testing.T) {
	if testing.Short() {
		t.Log("-short: building app.wasm takes a while; covered by the browser tests")
		return
	}
	pub, _ := filepath.Abs("../../public")
	if err := Ensure(context.Background(), pub, os.Stderr); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(pub, "wasm_exec.js")); err != nil || st.Size() == 0 {
		t.Errorf("wasm_exec.js missing after Ensure: %v", err)
	}
	sizes := map[string]int{}
	for _, m := range Modules {
		path := filepath.Join(pub, m.File)
		stale, why, err := Stale(filepath.Dir(pub), path)
		if err != nil || stale {
			t.Errorf("%s still stale after Ensure: %s %v", m.File, why, err)
		}
		// The .gz copy is the module, gzipped.
		raw, err1 := os.ReadFile(path)
		f, err2 := os.Open(path + ".gz")
		if err1 != nil || err2 != nil {
			t.Fatalf("reading %s and its .gz: %v %v", m.File, err1, err2)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			t.Fatal(err)
		}
		inflated, err := io.ReadAll(zr)
		f.Close()
		if err != nil || !bytes.Equal(inflated, raw) {
			t.Errorf("%s.gz does not inflate to %s (%d vs %d bytes, %v)", m.File, m.File, len(inflated), len(raw), err)
		}
		sizes[m.File] = len(raw)
	}
	// The main module leaves the tools views out: it is the smaller.
	if sizes["app.wasm"] >= sizes["tools.wasm"] {
		t.Errorf("app.wasm (%d B) is not smaller than tools.wasm (%d B)", sizes["app.wasm"], sizes["tools.wasm"])
	}
}

// TestEnsureCompressedIsReadableAndExact: the .gz and .br inflate back to
// the wasm byte for byte and are world-readable (0644), as a static host's
// server needs.
func TestEnsureCompressedIsReadableAndExact(t *testing.T) {
	dir := t.TempDir()
	wasm := filepath.Join(dir, "app.wasm")
	raw := bytes.Repeat([]byte("\x00asm ccplay "), 5000)
	if err := os.WriteFile(wasm, raw, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := EnsureCompressed(context.Background(), wasm); err != nil {
		t.Fatal(err)
	}
	if br, err := os.ReadFile(wasm + ".br"); err != nil {
		t.Error(err)
	} else if got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br))); err != nil || !bytes.Equal(got, raw) {
		t.Errorf("app.wasm.br decompresses to %d bytes (err %v), want the %d of app.wasm", len(got), err, len(raw))
	}
	st, err := os.Stat(wasm + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o644 {
		t.Errorf("app.wasm.gz has mode %v, want 0644", st.Mode().Perm())
	}
	f, err := os.Open(wasm + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, raw) {
		t.Errorf("inflated %d bytes (err %v), want the %d of app.wasm", len(got), err, len(raw))
	}
}

// TestInterruptedLeavesNoTemporaryFile: an interrupt (a done context)
// stops the build and the compression with an error that says so, and
// leaves neither a temporary file nor a half-written copy in the public
// directory.
func TestInterruptedLeavesNoTemporaryFile(t *testing.T) {
	root := t.TempDir()
	pub := filepath.Join(root, "public")
	for path, text := range map[string]string{"go.mod": "module example.com/x\n\ngo 1.26\n", "go.sum": "", "core/a.go": "package core\n", "ui/a.go": "package ui\n", "chart/a.go": "package chart\n", "wasm/app/a.go": "package main\n"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, path), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(pub, 0o755); err != nil {
		t.Fatal(err)
	}
	wasm := filepath.Join(pub, "app.wasm")
	if err := os.WriteFile(wasm, bytes.Repeat([]byte("\x00asm ccplay "), 100000), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := EnsureCompressed(ctx, wasm); !errors.Is(err, context.Canceled) {
		t.Errorf("EnsureCompressed after an interrupt: %v, want context.Canceled", err)
	}
	if err := os.Chtimes(wasm, time.Unix(1, 0), time.Unix(1, 0)); err != nil { // older than core/a.go: stale
		t.Fatal(err)
	}
	if err := Ensure(ctx, pub, io.Discard); !errors.Is(err, context.Canceled) {
		t.Errorf("Ensure after an interrupt: %v, want context.Canceled", err)
	}
	names, err := os.ReadDir(pub)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if n.Name() != "app.wasm" && n.Name() != "wasm_exec.js" {
			t.Errorf("%s left in the public directory after an interrupt", n.Name())
		}
	}
}
