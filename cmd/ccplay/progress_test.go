package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// Progress is drawn only on a terminal: a buffer or a regular file (a
// redirected stderr) gets none.
func TestProgressOnlyOnATerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, w := range []any{&bytes.Buffer{}, f} {
		if p := newProgress(w.(interface{ Write([]byte) (int, error) })); p != nil {
			t.Errorf("%T: a progress line, want none", w)
		}
	}
	var p *progressLine // what newProgress returns off a terminal: every method is a no-op
	p.report(0, 1, "x")
	p.done()
	if p.progressFunc() != nil {
		t.Error("a nil progress line gives a Progress")
	}
}

// On a terminal the line shows the step and what it is, is rewritten in
// place, and is wiped at the end.
func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	p := &progressLine{w: &b, stop: make(chan struct{})}
	p.report(0, 3, "allreduce/ring, count 1048576")
	p.report(1, 3, "allgather/ring") // within 100 ms: not drawn until the next tick
	p.done()
	out := b.String()
	if !strings.HasPrefix(out, "\r[1/3] allreduce/ring, count 1048576 … 0s") || strings.Contains(out, "\n") {
		t.Errorf("progress output %q", out)
	}
	if !strings.HasSuffix(out, "\r"+strings.Repeat(" ", utf8.RuneCountInString("[1/3] allreduce/ring, count 1048576 … 0s"))+"\r") {
		t.Errorf("the line is not wiped at the end: %q", out)
	}
}
