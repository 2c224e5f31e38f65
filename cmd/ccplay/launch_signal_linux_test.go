//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gone reports whether pid has exited: no such process, or a zombie
// waiting for a parent that is not ours to reap it.
func gone(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(f) > 0 && f[0] == "Z"
}

// busyLaunch starts `ccplay launch` of four ranks with a program that
// would run for hours, and returns it once its four rank processes exist
// and rank 1 has used 0.1 s of CPU (the rendezvous is over). The ranks
// are found as the launcher's children in /proc; t.Cleanup kills
// whatever is left, by PID.
func busyLaunch(t *testing.T) (cmd *exec.Cmd, ranks map[int]int, stderr *bytes.Buffer, exited chan error) {
	t.Helper()
	cmd = exec.Command(os.Args[0], "launch", "-np", "4", "--collective", "allreduce", "--count", "4096",
		"--repeat", "1000000000", "--warmup", "0", "--timeout", "1h")
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited = make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		for _, pid := range ranks {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		cmd.Process.Kill()
	})
	deadline := time.Now().Add(2 * time.Minute)
	for {
		ranks = children(cmd.Process.Pid)
		if len(ranks) == 4 && cpuTicks(ranks[1]) >= 10 {
			return cmd, ranks, stderr, exited
		}
		select {
		case err := <-exited:
			t.Fatalf("launch exited (%v) before the signal; stderr %q", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("ranks %v not busy within two minutes", ranks)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitGone polls until every rank process has exited, at most d.
func waitGone(t *testing.T, ranks map[int]int, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for r, pid := range ranks {
		for !gone(pid) {
			if time.Now().After(deadline) {
				t.Fatalf("rank %d (pid %d) still running %v after the launcher was signalled", r, pid, d)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// SIGINT or SIGTERM to a running launch is forwarded to every rank: the
// launch exits with 128 + the signal, names every rank it stopped by PID,
// and no rank is left.
func TestLaunchSignalStopsRanks(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd, ranks, stderr, exited := busyLaunch(t)
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			var err error
			select {
			case err = <-exited:
			case <-time.After(time.Minute):
				t.Fatalf("launch still running a minute after %v", sig)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Errorf("launch: %v, want exit status %d; stderr %q", err, 128+int(sig), stderr.String())
			}
			msg := stderr.String()
			if !strings.Contains(msg, "ccplay: launch: stopped by "+sig.String()+": forwarded it to ranks 0 (pid ") {
				t.Errorf("stderr does not say the launch was stopped by %v:\n%s", sig, msg)
			}
			for r, pid := range ranks {
				if !strings.Contains(msg, strconv.Itoa(r)+" (pid "+strconv.Itoa(pid)+")") {
					t.Errorf("stderr does not name rank %d (pid %d) as stopped:\n%s", r, pid, msg)
				}
				if !strings.Contains(msg, "rank "+strconv.Itoa(r)+" (pid "+strconv.Itoa(pid)+") stopped by launch (signal: ") {
					t.Errorf("stderr has no line for stopped rank %d:\n%s", r, msg)
				}
			}
			waitGone(t, ranks, time.Minute)
		})
	}
}

// SIGKILL gives the launch no chance to stop its ranks: on Linux they die
// with it (parent-death signal), rather than running until their program
// ends.
func TestLaunchKilledTakesRanks(t *testing.T) {
	cmd, ranks, _, exited := busyLaunch(t)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-exited
	waitGone(t, ranks, time.Minute)
}
