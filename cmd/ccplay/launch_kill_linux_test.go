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

// children lists the processes whose parent is ppid, by rank: it reads
// /proc/*/stat (field 4 is the parent) and the rank process's --rank argument.
func children(ppid int) map[int]int {
	out := map[int]int{}
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// "pid (comm) state ppid …": comm may hold spaces, so split after ")".
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) < 2 || f[1] != strconv.Itoa(ppid) {
			continue
		}
		cmdline, _ := os.ReadFile("/proc/" + d.Name() + "/cmdline")
		args := strings.Split(string(cmdline), "\x00")
		for i := 0; i+1 < len(args); i++ {
			if args[i] == "--rank" {
				if r, err := strconv.Atoi(args[i+1]); err == nil {
					out[r] = pid
				}
			}
		}
	}
	return out
}

// cpuTicks is the user + system CPU time of pid in clock ticks (0 if gone).
func cpuTicks(pid int) int {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.Atoi(f[11]) // utime, field 14
	s, _ := strconv.Atoi(f[12]) // stime, field 15
	return u + s
}

func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// TestLaunchRankKilled kills one rank process of a running `ccplay launch` by its
// PID (SIGKILL: no goodbye on the wire) once it is busy mid-program, and
// checks what a user sees: launch exits with status 1 within the bound,
// names the killed rank (with the hint that the OOM killer kills that
// way) and, for every other rank, an error naming it;
// the report stays short; and no rank process is left behind.
func TestLaunchRankKilled(t *testing.T) {
	program := strings.TrimSuffix(strings.Repeat("allreduce,", 200), ",")
	cmd := exec.Command(os.Args[0], "launch", "-np", "3", "--collective", program,
		"--repeat", "5000", "--count", "256", "--timeout", "20s")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var ranks map[int]int
	t.Cleanup(func() { // stop whatever is still running, by PID
		for _, pid := range ranks {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		cmd.Process.Kill()
	})
	// Poll until the three rank processes exist and rank 1 has worked for 0.2 s of
	// CPU: the rendezvous is over and the program has far to go.
	deadline := time.Now().Add(time.Minute)
	for {
		ranks = children(cmd.Process.Pid)
		if len(ranks) == 3 && cpuTicks(ranks[1]) >= 20 {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("launch exited (%v) before the kill; stderr %q", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("ranks %v not busy within a minute", ranks)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := syscall.Kill(ranks[1], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	const bound = 15 * time.Second // the survivors notice the dropped connection at once; launch's grace is shorter
	var err error
	select {
	case err = <-exited:
	case <-time.After(bound):
		t.Fatalf("launch still running %v after rank 1 was killed", bound)
	}
	t.Logf("launch exited %v after the kill", time.Since(killed).Round(time.Millisecond))
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("launch: %v, want exit status 1", err)
	}
	msg := stderr.String()
	for r, want := range map[int]string{
		0: "rank 0 (pid " + strconv.Itoa(ranks[0]) + ")",
		1: "rank 1 (pid " + strconv.Itoa(ranks[1]) + ") signal: killed",
		2: "rank 2 (pid " + strconv.Itoa(ranks[2]) + ")",
	} {
		line := ""
		for _, l := range strings.Split(msg, "\n") {
			if strings.Contains(l, want) {
				line = l
			}
		}
		switch {
		case line == "":
			t.Errorf("stderr has no line for rank %d (%q):\n%s", r, want, msg)
		case r != 1 && !strings.Contains(line, "rank 1"):
			t.Errorf("rank %d's error does not name rank 1: %q", r, line)
		case r == 1 && !strings.Contains(line, "(by SIGKILL, not by launch: the kernel's OOM killer does this when memory runs out"):
			t.Errorf("the killed rank's line does not point at memory: %q", line)
		}
	}
	// The report lists the calls that have results and counts the rest,
	// rather than 200 blocks of "no result".
	out := stdout.String()
	if !strings.Contains(out, "calls: no result from any rank") || strings.Count(out, "\n") > 100 {
		t.Errorf("report of the failed run (%d lines) does not count the silent calls:\n%.2000s", strings.Count(out, "\n"), out)
	}
	for r, pid := range ranks {
		if alive(pid) {
			t.Errorf("rank %d (pid %d) still running after launch exited", r, pid)
		}
	}
}
