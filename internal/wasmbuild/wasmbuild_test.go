package wasmbuild

import (
	"bytes"
	"compress/gzip"
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
	if err := Ensure(pub, os.Stderr); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"app.wasm", "wasm_exec.js"} {
		if st, err := os.Stat(filepath.Join(pub, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s missing after Ensure: %v", f, err)
		}
	}
	stale, why, err := Stale(filepath.Dir(pub), filepath.Join(pub, "app.wasm"))
	if err != nil || stale {
		t.Errorf("still stale after Ensure: %s %v", why, err)
	}
	// app.wasm.gz is app.wasm, gzipped.
	raw, err1 := os.ReadFile(filepath.Join(pub, "app.wasm"))
	f, err2 := os.Open(filepath.Join(pub, "app.wasm.gz"))
	if err1 != nil || err2 != nil {
		t.Fatalf("reading app.wasm / app.wasm.gz: %v %v", err1, err2)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	inflated, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(inflated, raw) {
		t.Errorf("app.wasm.gz does not inflate to app.wasm (%d vs %d bytes, %v)", len(inflated), len(raw), err)
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
	if err := EnsureCompressed(wasm); err != nil {
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
