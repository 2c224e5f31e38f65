package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestGuardHosts: a server bound to loopback answers the names of its
// address in any case, with or without a port or trailing dot, and the
// --allow-host names; any other Host is a 421 whose one line names the flag
// that would allow it. Bound to every interface, it also answers any IP
// address, never another name.
func TestGuardHosts(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok") })
	for _, c := range []struct {
		addr  string
		allow []string
		host  string
		want  int
	}{
		{"127.0.0.1:8080", nil, "127.0.0.1:8080", 200},
		{"127.0.0.1:8080", nil, "localhost:8080", 200},
		{"127.0.0.1:8080", nil, "LocalHost.", 200},
		{"127.0.0.1:8080", nil, "[::1]:8080", 200},
		{"127.0.0.1:8080", nil, "attacker.example", 421},
		{"127.0.0.1:8080", nil, "attacker.example:8080", 421},
		{"127.0.0.1:8080", nil, "127.0.0.1.attacker.example", 421},
		{"127.0.0.1:8080", nil, "10.0.0.7:8080", 421},
		{"127.0.0.1:8080", nil, "", 421},
		{"127.0.0.1:8080", []string{"ccplay.example.org"}, "CCPLAY.example.org:443", 200},
		{"127.0.0.1:8080", []string{"ccplay.example.org"}, "attacker.example", 421},
		{"10.0.0.7:8080", nil, "10.0.0.7:8080", 200},
		{"box.lan:8080", nil, "box.lan:8080", 200},
		{"0.0.0.0:8080", nil, "192.168.1.5:8080", 200},
		{"[::]:8080", nil, "[fe80::1]:8080", 200},
		{":8080", nil, "attacker.example:8080", 421},
	} {
		h := guardHosts(allowedHosts(c.addr, c.allow), ok)
		req := httptest.NewRequest(http.MethodPost, "/api/v1/run", strings.NewReader("{}"))
		req.Host = c.host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != c.want {
			t.Errorf("--addr %s --allow-host %v, Host %q: status %d, want %d", c.addr, c.allow, c.host, w.Code, c.want)
			continue
		}
		if c.want == 421 {
			body := w.Body.String()
			name := hostName(c.host)
			if name == "" {
				name = "NAME"
			}
			if strings.Count(body, "\n") != 1 || !strings.Contains(body, "--allow-host "+name) {
				t.Errorf("Host %q: the 421 says %q; want one line naming --allow-host %s", c.host, body, name)
			}
		}
	}
}

// TestServeRefusesOtherHosts: a running `ccplay serve --allow-host
// ccplay.example.org` answers a page on another name that resolves to it
// (Host: attacker.example, as after DNS rebinding) 421, for GET and for
// POST /api/v1/run, and answers Host: ccplay.example.org and its own
// address.
func TestServeRefusesOtherHosts(t *testing.T) {
	s := startServe(t, "--addr", "127.0.0.1:0", "--public", t.TempDir(), "--allow-host", "ccplay.example.org")
	addr := strings.TrimPrefix(s.url, "http://")
	ask := func(host, request string) int {
		c, err := net.DialTimeout("tcp", addr, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(30 * time.Second))
		fmt.Fprintf(c, request, host)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("Host %s: %v", host, err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	const get = "GET /api/v1/cost HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n"
	const post = "POST /api/v1/run HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 46\r\nConnection: close\r\n\r\n" +
		`{"collective":"allreduce","inputs":[[1],[2]]}` + "\n"
	for _, c := range []struct {
		host, request string
		want          int
	}{
		{"attacker.example", get, 421},
		{"attacker.example:" + strings.Split(addr, ":")[1], post, 421},
		{"ccplay.example.org", get, 200},
		{addr, get, 200},
		{addr, post, 200},
	} {
		if got := ask(c.host, c.request); got != c.want {
			t.Errorf("Host %s, %s: status %d, want %d", c.host, strings.Fields(c.request)[1], got, c.want)
		}
	}
	if code := s.stop(t, syscall.SIGTERM); code != 0 {
		t.Errorf("exit %d", code)
	}
}
