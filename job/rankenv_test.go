package job

import (
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccplay/ccplay/transport"
)

// env is a getenv over a map.
func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// A rank reads the job token and, for rank 0, the rendezvous socket from
// its environment; it refuses a missing or malformed token, a socket for
// another rank, and a launcher that is no longer its parent.
func TestRankRendezvous(t *testing.T) {
	tok, err := transport.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	rv, err := RankRendezvous(1, "127.0.0.1:9", env(map[string]string{TokenEnv: tok.String(), LauncherPIDEnv: strconv.Itoa(os.Getppid())}))
	if err != nil || rv.Token != tok || rv.Addr != "127.0.0.1:9" || rv.Listener != nil {
		t.Errorf("rank 1: %+v, %v", rv, err)
	}
	cases := []struct {
		reason string
		rank   int
		env    map[string]string
		want   string
	}{
		{"no token", 1, map[string]string{}, TokenEnv + " is not set: ccplay rank is started by ccplay launch"},
		{"a short token", 1, map[string]string{TokenEnv: "abcd"}, TokenEnv + ": want 32 hexadecimal digits"},
		{"the launcher is gone", 1, map[string]string{TokenEnv: tok.String(), LauncherPIDEnv: strconv.Itoa(os.Getppid() + 1)}, "has already exited"},
		{"a bad launcher PID", 1, map[string]string{TokenEnv: tok.String(), LauncherPIDEnv: "x"}, LauncherPIDEnv + ": want the launcher's PID"},
		{"a socket for rank 1", 1, map[string]string{TokenEnv: tok.String(), ListenerFDEnv: "3"}, "only rank 0 serves the rendezvous"},
		{"a socket that is stdin", 0, map[string]string{TokenEnv: tok.String(), ListenerFDEnv: "0"}, "want an inherited file descriptor (3 or more)"},
	}
	for _, tc := range cases {
		if _, err := RankRendezvous(tc.rank, "127.0.0.1:9", env(tc.env)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.reason, err, tc.want)
		}
	}
}

// A stray local process that connects to the rendezvous before the ranks
// (it speaks HTTP: no token), and another job's rank dialling it with its
// own token, neither join nor receive a byte; the launch runs as if they
// were not there.
func TestLaunchRefusesStrays(t *testing.T) {
	ln, err := ListenRendezvous(0)
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	stray, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer stray.Close()
	if _, err := stray.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	other, err := transport.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	otherJob := make(chan error, 1)
	go func() {
		_, err := transport.Rendezvous{Addr: addr, Token: other}.Dial(1, 2, transport.Options{SetupTimeout: 20 * time.Second})
		otherJob <- err
	}()
	res := launchWith(t, LaunchOptions{Listener: ln}, readLaunch(t, map[string]string{"np": "2", "collective": "allreduce", "count": "4"}))
	if res.Failed() {
		t.Fatalf("the launch failed: %s", failures(res))
	}
	for _, l := range res.Report().Calls[0].Results {
		if l.Output[0] != 3 {
			t.Errorf("rank %d: %v, want 3s", l.Rank, l.Output)
		}
	}
	if b := received(stray); len(b) != 0 {
		t.Errorf("the stray received %q", b)
	}
	if err := <-otherJob; err == nil {
		t.Error("another job's rank joined")
	}
}

// received is everything c receives until the other side closes it (at
// most a minute).
func received(c net.Conn) []byte {
	c.SetReadDeadline(time.Now().Add(time.Minute))
	b, _ := io.ReadAll(c)
	return b
}
