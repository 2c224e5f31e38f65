package cluster

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccplay/ccplay/job"
	"github.com/ccplay/ccplay/transport"
)

// ccplay is the binary under test, built by TestMain.
var ccplay string

// TestMain builds ccplay once for every test, and removes the namespaces
// a killed earlier run left behind.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ccplay-cluster-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ccplay = filepath.Join(dir, "ccplay")
	if out, err := exec.Command("go", "build", "-o", ccplay, "github.com/ccplay/ccplay/cmd/ccplay").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building ccplay: %v\n%s", err, out)
		os.Exit(1)
	}
	if Permitted() == nil {
		if gone, err := RemoveStale(); err != nil || len(gone) > 0 {
			fmt.Fprintf(os.Stderr, "removed the namespaces of an earlier run: %v %v\n", gone, err)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// needNamespaces fails the test under CI (which runs as root) and skips
// it elsewhere when network namespaces cannot be created here.
func needNamespaces(t *testing.T) {
	t.Helper()
	err := Permitted()
	switch {
	case err == nil:
	case os.Getenv("CI") == "true":
		t.Fatalf("CI must run the emulated cluster (as root): %v", err)
	default:
		t.Skipf("network namespaces are not permitted here (run as root, or under CI=true, to include this test): %v", err)
	}
}

// newCluster creates spec's cluster and removes it when the test ends,
// whatever the outcome.
func newCluster(t *testing.T, spec Spec) *Cluster {
	t.Helper()
	c, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("removing the cluster: %v", err)
		}
	})
	return c
}

// token is a fresh job token as the environment carries it.
func token(t *testing.T) string {
	t.Helper()
	tok, err := transport.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	return job.TokenEnv + "=" + tok.String()
}

// proc is one started process and its output.
type proc struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan error
}

// runAll starts cmds, waits for all of them at most timeout (then kills
// the ones left, by PID) and returns each one's stdout; a process that
// failed fails the test with its stderr.
func runAll(t *testing.T, timeout time.Duration, cmds ...*exec.Cmd) []string {
	t.Helper()
	procs := make([]*proc, len(cmds))
	for i, c := range cmds {
		p := &proc{cmd: c, done: make(chan error, 1)}
		c.Stdout, c.Stderr = &p.stdout, &p.stderr
		if err := c.Start(); err != nil {
			t.Fatalf("starting %s: %v", c, err)
		}
		t.Cleanup(func() {
			if c.ProcessState == nil {
				c.Process.Kill()
			}
		})
		go func() { p.done <- c.Wait() }()
		procs[i] = p
	}
	deadline := time.After(timeout)
	outs := make([]string, len(procs))
	for i, p := range procs {
		select {
		case err := <-p.done:
			if err != nil {
				t.Errorf("process %d (%s): %v: %s", i, strings.Join(p.cmd.Args, " "), err, p.stderr.String())
			}
		case <-deadline:
			for _, q := range procs {
				q.cmd.Process.Kill()
			}
			t.Fatalf("process %d (%s) still running after %v: %s", i, strings.Join(p.cmd.Args, " "), timeout, p.stderr.String())
		}
		outs[i] = p.stdout.String()
	}
	if t.Failed() {
		t.FailNow()
	}
	return outs
}

// lines decodes the JSON lines of rank processes' stdout.
func lines(t *testing.T, out string) []job.Line {
	t.Helper()
	var ls []job.Line
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		var l job.Line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("a rank printed %q: %v", sc.Text(), err)
		}
		ls = append(ls, l)
	}
	return ls
}
