package cluster

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// namespacesOf lists the namespaces of the cluster tests run as process pid.
func namespacesOf(t *testing.T, pid int) []string {
	t.Helper()
	out, err := exec.Command("ip", "netns", "list").Output()
	if err != nil {
		t.Fatalf("ip netns list: %v", err)
	}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], fmt.Sprintf("%s%d-", Prefix, pid)) {
			names = append(names, f[0])
		}
	}
	return names
}

// ranksIn lists the rank processes running in namespace ns: the ones
// whose command line runs ccplay's bench (the set-up's own short-lived
// commands in the namespace, such as ip or tc, are not ranks).
func ranksIn(ns string) []int {
	out, _ := exec.Command("ip", "netns", "pids", ns).Output()
	var pids []int
	for _, f := range strings.Fields(string(out)) {
		p, err := strconv.Atoi(f)
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + f + "/cmdline")
		if err == nil && bytes.Contains(cmdline, []byte("\x00bench\x00")) {
			pids = append(pids, p)
		}
	}
	return pids
}

// TestClusterInterrupted runs TestClusterBench as a child test process,
// with a temporary directory of its own, and sends it SIGINT mid-run — once
// its 5 namespaces exist and its ranks are running in them. The child must
// exit saying it cleaned up, leaving none of its namespaces, none of its
// rank processes and nothing in its temporary directory.
func TestClusterInterrupted(t *testing.T) {
	needNamespaces(t)
	tmp := t.TempDir()
	child := exec.Command(os.Args[0], "-test.run", "^TestClusterBench$", "-test.count", "1")
	child.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	child.Stdout, child.Stderr = &stderr, &stderr
	start(t, child)
	exited := make(chan error, 1)
	go func() { exited <- child.Wait() }()
	pid := child.Process.Pid

	var ranks []int
	deadline := time.Now().Add(3 * time.Minute)
	for len(ranks) == 0 {
		select {
		case err := <-exited:
			t.Fatalf("the child ended (%v) before its ranks were seen running:\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no ranks running in the child's namespaces %q after 3 min:\n%s", namespacesOf(t, pid), stderr.String())
		}
		if names := namespacesOf(t, pid); len(names) == testSpec.Hosts+1 {
			for _, ns := range names {
				ranks = append(ranks, ranksIn(ns)...)
			}
		}
		time.Sleep(50 * time.Millisecond) // polling interval, not a wait for an event
	}
	if err := child.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-exited:
	case <-time.After(time.Minute):
		t.Fatalf("the child did not exit within 1 min of SIGINT:\n%s", stderr.String())
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 128+int(syscall.SIGINT) || !strings.Contains(stderr.String(), "removing the namespaces") {
		t.Errorf("after SIGINT mid-run the child ended with %v; want exit status %d and a line saying it cleaned up:\n%s",
			err, 128+int(syscall.SIGINT), stderr.String())
	}
	if left := namespacesOf(t, pid); len(left) > 0 {
		t.Errorf("the interrupted run left namespaces %q", left)
	}
	if entries, err := os.ReadDir(tmp); err != nil || len(entries) > 0 {
		t.Errorf("the interrupted run left %d entries in its temporary directory (%v)", len(entries), err)
	}
	for _, r := range ranks {
		gone := time.Now().Add(30 * time.Second)
		for syscall.Kill(r, 0) == nil {
			if time.Now().After(gone) {
				t.Errorf("process %d, which ran in the child's namespaces, is still running", r)
				break
			}
			time.Sleep(50 * time.Millisecond) // polling interval, not a wait for an event
		}
	}
}
