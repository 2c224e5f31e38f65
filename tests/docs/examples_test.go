package docs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// root is the repository's root, bin the directory of the CLI built from it.
var root, bin string

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "docs: go env GOMOD:", err)
		return 1
	}
	root = filepath.Dir(strings.TrimSpace(string(out)))
	bin, err = os.MkdirTemp("", "ccplay-docs-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "docs:", err)
		return 1
	}
	defer os.RemoveAll(bin)
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "ccplay"), "./cmd/ccplay")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "docs: building the CLI: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// allExamples reads README.md and docs/*.md.
func allExamples(t *testing.T) []example {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var all []example
	for _, p := range append([]string{filepath.Join(root, "README.md")}, docs...) {
		name, _ := filepath.Rel(root, p)
		es, err := readExamples(p, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		all = append(all, es...)
	}
	return all
}

// TestExamples runs every "$ " command of the documentation and compares
// the output each shows with the real output (doc.go gives the rule).
func TestExamples(t *testing.T) {
	all := allExamples(t)
	// A floor on what is found, so that a parsing slip cannot pass by
	// finding nothing.
	if len(all) < 20 {
		t.Fatalf("found %d command examples in README.md and docs/*.md, want at least 20", len(all))
	}
	ran := 0
	for _, e := range all {
		if strings.HasPrefix(e.mark, "skip") {
			if strings.TrimSpace(strings.TrimPrefix(e.mark, "skip")) == "" {
				t.Errorf("%s: a skipped example must say why (<!-- doctest: skip REASON -->)", e.where())
			}
			continue
		}
		got, isCurl := curlGET(e.cmd)
		if !isCurl && !strings.Contains(" "+e.cmd, " ccplay ") && !strings.HasPrefix(e.cmd, "ccplay") {
			t.Errorf("%s: runs no ccplay command; mark the block <!-- doctest: skip REASON --> if it cannot run here", e.where())
			continue
		}
		ran++
		if !isCurl {
			got = runExample(t, e)
		}
		ok, bad := matches(e.want, got, e.mark == "measured")
		if ok {
			continue
		}
		shown := "(the end of the block)"
		if bad < len(e.want) {
			shown = fmt.Sprintf("%q (block line %d)", e.want[bad], bad+1)
		}
		t.Errorf("%s: the output departs from the documentation at %s\n--- shown ---\n%s\n--- printed ---\n%s",
			e.where(), shown, strings.Join(e.want, "\n"), strings.Join(got, "\n"))
	}
	if ran == 0 {
		t.Fatal("no example ran")
	}
	t.Logf("%d of %d examples run", ran, len(all))
}

// runExample runs e's command under sh from the repository's root with the
// built CLI first on PATH and nothing else of this environment (no
// launcher's variables), and returns its output's lines.
func runExample(t *testing.T, e example) []string {
	t.Helper()
	if addr, ok := strings.CutPrefix(e.mark, "holds "); ok {
		l, err := net.Listen("tcp", strings.TrimSpace(addr))
		switch {
		case err == nil:
			defer l.Close()
		case errors.Is(err, syscall.EADDRINUSE):
			// Another program holds it: the example sees the same.
		default:
			t.Fatalf("%s: %v", e.where(), err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", e.cmd)
	cmd.Dir = root
	home := t.TempDir()
	cmd.Env = []string{"PATH=" + bin + ":/usr/local/bin:/usr/bin:/bin", "HOME=" + home, "TMPDIR=" + home, "LANG=C.UTF-8"}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	// Commands that refuse their input exit with a status the example
	// shows as its error line: only a failure to run at all matters here.
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%s: %v", e.where(), err)
	}
	if ctx.Err() != nil {
		t.Fatalf("%s: did not finish within 3 minutes", e.where())
	}
	s := strings.TrimSuffix(out.String(), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
