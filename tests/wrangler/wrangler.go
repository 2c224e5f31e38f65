// Package wrangler builds ccplay's Cloudflare Worker and runs it under
// `wrangler dev` on 127.0.0.1 for tests and load measurements: telemetry,
// the request.cf download and update checks off, no login, no network
// beyond loopback. It stops only the process group it started.
package wrangler

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Root returns the repository root: the nearest directory above dir that
// holds go.mod.
func Root(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", errors.New("no go.mod above " + dir)
		}
		d = up
	}
}

// Binary returns the wrangler installed by `npm ci` in root
// (node_modules/.bin/wrangler), or an error saying how to install it.
func Binary(root string) (string, error) {
	p := filepath.Join(root, "node_modules", ".bin", "wrangler")
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("wrangler is not installed (%s missing): run `npm ci` in %s", p, root)
	}
	if _, err := exec.LookPath("node"); err != nil {
		return "", errors.New("node is not on PATH; wrangler needs Node.js 20")
	}
	return p, nil
}

// Build builds the Worker into dir/build (scripts/build-worker.sh) and
// copies wrangler.jsonc to dir, so that dir is a self-contained Worker
// project whose config is the repository's own. It returns the config path.
func Build(ctx context.Context, root, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "bash", filepath.Join(root, "scripts", "build-worker.sh"), filepath.Join(dir, "build"))
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build-worker.sh: %v\n%s", err, out)
	}
	cfg, err := os.ReadFile(filepath.Join(root, "wrangler.jsonc"))
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "wrangler.jsonc")
	return path, os.WriteFile(path, cfg, 0o644)
}

// FreePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// Dev is a running `wrangler dev`.
type Dev struct {
	URL  string // http://127.0.0.1:PORT
	cmd  *exec.Cmd
	log  *syncBuffer
	done chan struct{}
}

// Env is the environment wrangler runs with: no telemetry, no download of
// the request.cf object, no colours or banner, and logs under dir.
func Env(dir string) []string {
	return append(os.Environ(),
		"WRANGLER_SEND_METRICS=false",
		"WRANGLER_SEND_ERROR_REPORTS=false",
		"CLOUDFLARE_CF_FETCH_ENABLED=false",
		"WRANGLER_HIDE_BANNER=true",
		"WRANGLER_LOG_PATH="+filepath.Join(dir, "wrangler-logs"),
		"NO_COLOR=1", "FORCE_COLOR=0",
	)
}

// Start runs `wrangler dev` for config on 127.0.0.1:port in its own process
// group, local only, with the interactive session off. Call Ready, then Stop.
func Start(root, config string, port int) (*Dev, error) {
	bin, err := Binary(root)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(config)
	cmd := exec.Command(bin, "dev", "--config", config, "--ip", "127.0.0.1", "--port", strconv.Itoa(port),
		"--local", "--show-interactive-dev-session=false", "--log-level", "info")
	cmd.Dir = dir
	cmd.Env = Env(dir)
	log := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = log, log
	cmd.Stdin = nil
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	d := &Dev{URL: "http://127.0.0.1:" + strconv.Itoa(port), cmd: cmd, log: log, done: make(chan struct{})}
	go func() { cmd.Wait(); close(d.done) }()
	return d, nil
}

// Ready polls /healthz until it answers 200 or the deadline passes.
func (d *Dev) Ready(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	client := &http.Client{Timeout: 5 * time.Second}
	for {
		resp, err := client.Get(d.URL + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-d.done:
			return fmt.Errorf("wrangler dev exited before it was ready:\n%s", d.Log())
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("wrangler dev not ready after %v (%v):\n%s", timeout, err, d.Log())
		}
		time.Sleep(100 * time.Millisecond) // polling interval
	}
}

// PID is the process id of wrangler (and its process group id).
func (d *Dev) PID() int { return d.cmd.Process.Pid }

// Log returns everything wrangler printed so far.
func (d *Dev) Log() string { return d.log.String() }

// Stop sends SIGTERM to the process group it started (wrangler, its node
// children and workerd) and waits up to 15 s, then SIGKILLs the group.
// It reports whether the group ended on SIGTERM.
func (d *Dev) Stop() bool {
	pgid := d.cmd.Process.Pid
	syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-d.done:
	case <-time.After(15 * time.Second):
		syscall.Kill(-pgid, syscall.SIGKILL)
		<-d.done
		return false
	}
	// wrangler has exited; make sure no child of the group outlives it.
	deadline := time.Now().Add(5 * time.Second)
	for syscall.Kill(-pgid, 0) == nil {
		if time.Now().After(deadline) {
			syscall.Kill(-pgid, syscall.SIGKILL)
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
	return true
}

// GroupCPU returns the CPU time (user + system) used so far by the live
// processes of the group, and by the workerd processes among them (the
// runtime that runs the Worker), from /proc. Linux only.
func (d *Dev) GroupCPU() (all, workerd time.Duration, err error) {
	return groupCPU(d.cmd.Process.Pid)
}

func groupCPU(pgid int) (all, workerd time.Duration, err error) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0, err
	}
	tick := time.Second / 100 // USER_HZ on Linux
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// Fields after the parenthesised command: state ppid pgrp … utime(14) stime(15).
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 13 {
			continue
		}
		if g, _ := strconv.Atoi(f[2]); g != pgid {
			continue
		}
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		cpu := time.Duration(ut+st) * tick
		all += cpu
		if strings.Contains(s[:i], "workerd") {
			workerd += cpu
		}
	}
	return all, workerd, nil
}

// ProcessCPU returns the CPU time used so far by one process (from /proc).
func ProcessCPU(pid int) (time.Duration, error) {
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, err
	}
	s := string(stat)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * (time.Second / 100), nil
}

// syncBuffer is a bytes.Buffer safe for concurrent writers and readers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
