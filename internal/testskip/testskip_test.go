package testskip

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records what Skip asks of it instead of
// stopping the calling goroutine.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Skip(args ...any)                  { r.skipped = fmt.Sprint(args...) }
func (r *recorder) Fatalf(format string, args ...any) { r.failed = fmt.Sprintf(format, args...) }
func (r *recorder) Errorf(format string, args ...any) { r.failed = fmt.Sprintf(format, args...) }

func TestSkipRecordsOutsideCI(t *testing.T) {
	path := filepath.Join(t.TempDir(), "skips")
	t.Setenv("CI", "")
	t.Setenv(Env, path)
	for range 2 {
		r := &recorder{TB: t}
		Skip(r, "browser tests", "chromium not found")
		if r.failed != "" || r.skipped != "browser tests: chromium not found" {
			t.Fatalf("skipped %q, failed %q; want skipped with the suite and reason", r.skipped, r.failed)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "browser tests: chromium not found\nbrowser tests: chromium not found\n"; string(b) != want {
		t.Errorf("file holds %q, want %q", b, want)
	}
}

func TestSkipFailsUnderCI(t *testing.T) {
	path := filepath.Join(t.TempDir(), "skips")
	t.Setenv("CI", "true")
	t.Setenv(Env, path)
	r := &recorder{TB: t}
	Skip(r, "Worker test", "wrangler not installed")
	if r.skipped != "" || !strings.Contains(r.failed, "Worker test: wrangler not installed") {
		t.Errorf("skipped %q, failed %q; want a failure naming the suite and reason", r.skipped, r.failed)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a failure under CI recorded a skip (stat: %v)", err)
	}
}

func TestSkipWithoutFileOnlySkips(t *testing.T) {
	t.Setenv("CI", "")
	t.Setenv(Env, "")
	r := &recorder{TB: t}
	Skip(r, "SimGrid comparison", "python3-simgrid missing")
	if r.failed != "" || r.skipped == "" {
		t.Errorf("skipped %q, failed %q; want a plain skip", r.skipped, r.failed)
	}
}
