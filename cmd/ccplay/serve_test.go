package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccplay/ccplay/api"
)

// server is a running `ccplay serve` child.
type server struct {
	cmd    *exec.Cmd
	url    string
	stdout *bytes.Buffer // everything after the first line
	stderr bytes.Buffer
	done   chan struct{}
}

// startServe runs `ccplay serve args...` as a child process — this test
// binary, which TestMain (launch_test.go) turns into the ccplay binary when
// CCPLAY_TEST_MAIN=1 — reads the URL it prints and polls /healthz until it
// answers (a deadline, no fixed sleeps).
func startServe(t *testing.T, args ...string) *server {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve"}, args...)...)
	cmd.Env = append(os.Environ(), "CCPLAY_TEST_MAIN=1")
	s := &server{cmd: cmd, stdout: &bytes.Buffer{}, done: make(chan struct{})}
	cmd.Stderr = &s.stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	lines := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		first, err := r.ReadString('\n')
		if err != nil {
			first += " (read error: " + err.Error() + ")"
		}
		lines <- first
		io.Copy(s.stdout, r)
		close(s.done)
	}()
	select {
	case first := <-lines:
		m := regexp.MustCompile(`serving (http://[0-9.:]+)/`).FindStringSubmatch(first)
		if m == nil {
			t.Fatalf("first line %q does not give the URL; stderr %q", first, s.stderr.String())
		}
		s.url = m[1]
	case <-time.After(30 * time.Second):
		t.Fatalf("ccplay serve printed nothing in 30 s; stderr %q", s.stderr.String())
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(s.url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("/healthz did not answer 200 within 30 s: %v", err)
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not a wait for an event
	}
}

// stop signals the child and returns its exit status.
func (s *server) stop(t *testing.T, sig syscall.Signal) int {
	t.Helper()
	if err := s.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("ccplay serve did not stop within 30 s of %v", sig)
	}
	s.cmd.Wait()
	return s.cmd.ProcessState.ExitCode()
}

func fetch(t *testing.T, url string) (int, http.Header, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(b)
}

// TestServeSubprocess: `ccplay serve --addr 127.0.0.1:0 --public DIR` binds
// a free loopback port, serves the static site and the API with the
// handler's exact answers, and exits 0 on SIGTERM and on SIGINT.
func TestServeSubprocess(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<h1>playground</h1>"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		s := startServe(t, "--addr", "127.0.0.1:0", "--public", dir)
		if !strings.HasPrefix(s.url, "http://127.0.0.1:") {
			t.Errorf("bound to %s, want 127.0.0.1", s.url)
		}
		if code, _, body := fetch(t, s.url+"/"); code != 200 || body != "<h1>playground</h1>" {
			t.Errorf("static index: %d %q", code, body)
		}
		target := "/api/v1/cost?algorithm=auto&ranks=64&size=1MiB"
		code, hdr, body := fetch(t, s.url+target)
		w := httptest.NewRecorder()
		api.New(api.Config{}).ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
		if code != 200 || body != w.Body.String() || hdr.Get("Cache-Control") != api.CacheControl {
			t.Errorf("cost over the network differs from the handler's answer: %d %q", code, body)
		}
		if code, _, _ := fetch(t, s.url+"/embed/ring-step.svg?round=2"); code != 200 {
			t.Errorf("chart: %d", code)
		}
		if got := s.stop(t, sig); got != 0 {
			t.Errorf("exit status %d after %v, want 0; stderr %q", got, sig, s.stderr.String())
		}
		if !strings.Contains(s.stdout.String(), "stopped") || s.stderr.Len() != 0 {
			t.Errorf("after %v: stdout %q, stderr %q", sig, s.stdout.String(), s.stderr.String())
		}
	}
}

// TestServeWithoutPublic: without a public/ directory "/" is the handler's
// index of the endpoints.
func TestServeWithoutPublic(t *testing.T) {
	t.Chdir(t.TempDir()) // no public/ here
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut bytes.Buffer
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	static, err := publicDir("public", false)
	if err != nil || static != nil {
		t.Fatalf("a missing default public/ is skipped: %v %v", static, err)
	}
	code := make(chan int, 1)
	go func() { code <- serve(ctx, addr, allowedHosts(addr, nil), static, &out, &errOut) }()
	deadline := time.Now().Add(30 * time.Second)
	var body string
	for {
		resp, err := http.Get("http://" + addr + "/")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			body = string(b)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no answer: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(body, "ccplay API") || !strings.Contains(body, "/embed/time-vs-size.svg") {
		t.Errorf("index page: %q", body)
	}
	if !strings.Contains(out.String(), "no public/ directory") {
		t.Errorf("the start line should say there is no static site: %q", out.String())
	}
	cancel()
	if c := <-code; c != 0 {
		t.Errorf("exit %d, stderr %q", c, errOut.String())
	}
}

// TestServeErrors: bad flags are usage errors (status 2, one line); a port
// in use is a clear one-line error with status 1.
func TestServeErrors(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	for _, tt := range []struct {
		reason string
		args   []string
		code   int
		want   []string
	}{
		{"a port in use", []string{"--addr", taken.Addr().String()}, exitInternal, []string{"cannot listen on " + taken.Addr().String(), "already in use", "--addr"}},
		{"no port", []string{"--addr", "127.0.0.1"}, exitUsage, []string{"--addr", "host:port"}},
		{"a port out of range", []string{"--addr", "127.0.0.1:70000"}, exitUsage, []string{"--addr", "0 to 65535"}},
		{"a public directory that does not exist", []string{"--public", "/no/such/dir"}, exitUsage, []string{"--public", "/no/such/dir"}},
		{"a public path that is a file", []string{"--public", file}, exitUsage, []string{"--public", "not a directory"}},
		{"an unknown flag", []string{"--port", "80"}, exitUsage, []string{"--port", "--addr"}},
		{"a positional argument", []string{"public"}, exitUsage, []string{"unexpected argument"}},
		{"an allowed host with a scheme", []string{"--allow-host", "https://ccplay.example.org/"}, exitUsage, []string{"--allow-host", "host name"}},
		{"an allowed host with a port", []string{"--allow-host", "ccplay.example.org:8080"}, exitUsage, []string{"--allow-host", "no scheme, port"}},
	} {
		var out, errOut bytes.Buffer
		code := runServe(tt.args, strings.NewReader(""), &out, &errOut)
		line := errOut.String()
		if code != tt.code || out.Len() != 0 || strings.Count(line, "\n") != 1 || !strings.HasPrefix(line, "ccplay: ") {
			t.Errorf("%s: status %d (want %d), stdout %q, stderr %q: want one line", tt.reason, code, tt.code, out.String(), line)
		}
		for _, w := range tt.want {
			if !strings.Contains(line, w) {
				t.Errorf("%s: %q does not contain %q", tt.reason, line, w)
			}
		}
	}
	var out bytes.Buffer
	if code := runServe([]string{"-h"}, nil, &out, io.Discard); code != exitOK || !strings.Contains(out.String(), "--addr") {
		t.Errorf("-h: %d %q", code, out.String())
	}
}
