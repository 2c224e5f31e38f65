package cluster

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ccplay/ccplay/internal/testskip"
	"github.com/ccplay/ccplay/job"
	"github.com/ccplay/ccplay/transport"
)

// ccplay is the binary under test, built by TestMain.
var ccplay string

// rootPrefix starts the name of the temporary directory of a run, followed
// by its PID: every temporary file of the run is under it (TestMain points
// TMPDIR there, for t.TempDir, ccplay and mpirun alike).
const rootPrefix = "ccplay-cluster-"

// TestMain builds ccplay once for every test and removes what a killed
// earlier run left behind (namespaces, temporary directory). Whatever the
// outcome — passed, failed, or interrupted by SIGINT or SIGTERM — it then
// ends the processes the tests started and removes this run's namespaces
// and temporary directory before it exits.
func TestMain(m *testing.M) {
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	removeStaleRoots()
	root, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", rootPrefix, os.Getpid()))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var once sync.Once
	cleanup := func() {
		once.Do(func() {
			stopStarted()
			if Permitted() == nil {
				if _, err := Shutdown(); err != nil {
					fmt.Fprintf(os.Stderr, "removing the namespaces of this run: %v\n", err)
				}
			}
			os.RemoveAll(root)
		})
	}
	defer cleanup()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	// A signal decides the exit status whichever path ends the run first:
	// this goroutine, or runTests once the tests the clean-up stopped fail.
	var caught atomic.Int32
	announce := sync.OnceFunc(func() {
		fmt.Fprintf(os.Stderr, "cluster tests: %v: ending the processes and removing the namespaces and temporary files of this run\n", syscall.Signal(caught.Load()))
	})
	go func() {
		s := (<-sig).(syscall.Signal)
		caught.Store(int32(s))
		announce()
		cleanup()
		os.Exit(128 + int(s))
	}()
	os.Setenv("TMPDIR", root)
	ccplay = filepath.Join(root, "ccplay")
	if out, err := exec.Command("go", "build", "-o", ccplay, "github.com/ccplay/ccplay/cmd/ccplay").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building ccplay: %v\n%s", err, out)
		return 1
	}
	if Permitted() == nil {
		if gone, err := RemoveStale(); err != nil || len(gone) > 0 {
			fmt.Fprintf(os.Stderr, "removed the namespaces of an earlier run: %v %v\n", gone, err)
		}
	}
	code := m.Run()
	if s := caught.Load(); s != 0 {
		announce()
		cleanup()
		return 128 + int(s)
	}
	return code
}

// removeStaleRoots removes the temporary directories of earlier runs
// whose process has gone.
func removeStaleRoots() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), rootPrefix+"*-*"))
	for _, d := range dirs {
		pid, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(filepath.Base(d), rootPrefix), "-", 2)[0])
		if err == nil && pid != os.Getpid() && !alive(pid) {
			os.RemoveAll(d)
		}
	}
}

// started are the processes the tests started and have not seen end, by
// PID; each leads a process group of its own (with whatever it starts:
// ip netns exec's command, mpirun's daemons).
var (
	startedMu sync.Mutex
	started   = map[int]bool{}
)

// start starts c in a process group of its own, ended (the whole group,
// by its PID) when the test ends or the run is interrupted.
func start(t *testing.T, c *exec.Cmd) {
	t.Helper()
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := c.Start(); err != nil {
		t.Fatalf("starting %s: %v", c, err)
	}
	pid := c.Process.Pid
	startedMu.Lock()
	started[pid] = true
	startedMu.Unlock()
	t.Cleanup(func() {
		syscall.Kill(-pid, syscall.SIGKILL) //nolint:errcheck // the group has ended already
		startedMu.Lock()
		delete(started, pid)
		startedMu.Unlock()
	})
}

// stopStarted ends the process groups of every started process still
// listed.
func stopStarted() {
	startedMu.Lock()
	defer startedMu.Unlock()
	for pid := range started {
		syscall.Kill(-pid, syscall.SIGKILL) //nolint:errcheck // the group has ended already
	}
}

// needNamespaces fails the test under CI (which runs as root) and skips
// it elsewhere when network namespaces cannot be created here.
func needNamespaces(t *testing.T) {
	t.Helper()
	err := Permitted()
	if err != nil {
		testskip.Skip(t, "emulated cluster (tests/cluster)", fmt.Sprintf("needs root, ip and tc for network namespaces: %v", err))
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
		start(t, c)
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
				syscall.Kill(-q.cmd.Process.Pid, syscall.SIGKILL) //nolint:errcheck // the group has ended already
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
