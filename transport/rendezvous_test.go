package transport

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

func newToken(t *testing.T) Token {
	t.Helper()
	tok, err := NewToken()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// dialGroup dials ranks 0..p−1 of rv concurrently (rank 0 on rv.Listener)
// and returns their endpoints and errors.
func dialGroup(p int, rv Rendezvous, o Options) ([]Endpoint, []error) {
	eps := make([]Endpoint, p)
	errs := make([]error, p)
	var wg sync.WaitGroup
	for r := range p {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := rv
			if r != 0 {
				mine.Listener = nil
			}
			eps[r], errs[r] = mine.Dial(r, p, o)
		}()
	}
	wg.Wait()
	return eps, errs
}

// received reads everything c receives until the other side closes it
// (or a minute passes), and returns it, with whether it was closed.
func received(c net.Conn) ([]byte, bool) {
	c.SetReadDeadline(time.Now().Add(time.Minute))
	b, err := io.ReadAll(c)
	return b, !errors.Is(err, os.ErrDeadlineExceeded)
}

// Stray local processes connect to the rendezvous before the ranks do:
// one with another job's token, one speaking HTTP, one sending a short
// hello and going quiet. None is taken for a rank, none receives a byte,
// and the real group forms and runs an AllReduce.
func TestRendezvousRefusesStrays(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rv := Rendezvous{Addr: ln.Addr().String(), Listener: ln, Token: newToken(t)}
	strays := map[string]func(net.Conn) error{
		"wrong token": func(c net.Conn) error { return writeHello(c, newToken(t), 1, 3, "127.0.0.1:1", "") },
		"missing token": func(c net.Conn) error {
			_, err := c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
			return err
		},
		"short hello": func(c net.Conn) error { _, err := c.Write([]byte(helloMagic)); return err },
	}
	conns := map[string]net.Conn{}
	for name, say := range strays {
		c, err := net.Dial("tcp", rv.Addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := say(c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		conns[name] = c
	}
	// The strays reached the backlog first; rank 0 accepts them first.
	o := Options{Timeout: 20 * time.Second, SetupTimeout: 20 * time.Second}
	eps, errs := dialGroup(3, rv, o)
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("the group did not form: %v", err)
	}
	s, err := sched.Build(specFor(prim.AllReduce, 3, 4), sched.Ring, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := inputsFor[int64](s.Spec)
	out, err := RunGroup(eps, s, 1, in)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := prim.Reference(s.Spec, in)
	for r := range out {
		if !Equal(out[r], want[r]) {
			t.Errorf("rank %d: %v, want %v", r, out[r], want[r])
		}
	}
	closeAll(t, eps)
	for name, c := range conns {
		// Rank 0 closed each, the short hello once the group had formed.
		if b, closed := received(c); len(b) != 0 || !closed {
			t.Errorf("%s: received %d bytes %q (closed: %v), want none and closed", name, len(b), b, closed)
		}
	}
}

// A rank of another job (a different token) is refused at once with an
// error that says so, not after a timeout, and receives no table; rank 0,
// still missing its rank, says at its deadline what it refused.
func TestRendezvousWrongToken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rv := Rendezvous{Addr: ln.Addr().String(), Listener: ln, Token: newToken(t)}
	rank0 := make(chan error, 1)
	go func() {
		_, err := rv.Dial(0, 2, Options{SetupTimeout: 3 * time.Second})
		rank0 <- err
	}()
	other := Rendezvous{Addr: rv.Addr, Token: newToken(t)}
	_, err = other.Dial(1, 2, Options{SetupTimeout: time.Hour})
	if err == nil || !strings.Contains(err.Error(), "closed the connection after this rank's hello: it refused the job token") {
		t.Errorf("rank with a wrong token: %v", err)
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("the refusal waited for the deadline: %v", err)
	}
	err = <-rank0
	if err == nil || !strings.Contains(err.Error(), "waiting for 1 more ranks") || !strings.Contains(err.Error(), "wrong job token") {
		t.Errorf("rank 0: %v", err)
	}
}

// A rank whose rendezvous address is some other server (here one that
// answers like HTTP) fails at once naming what answered, rather than
// reading the answer as an address table and waiting for the deadline.
func TestRendezvousNotCCPlay(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				c.Read(make([]byte, 512))
				c.Write([]byte("HTTP/1.1 400 Bad Request\r\n\r\n"))
			}()
		}
	}()
	_, err = Rendezvous{Addr: ln.Addr().String(), Token: newToken(t)}.Dial(1, 4, Options{SetupTimeout: time.Hour})
	if err == nil || !strings.Contains(err.Error(), `is not a ccplay rendezvous (it answered "HTTP/1")`) {
		t.Errorf("got %v", err)
	}
}

// Only rank 0 may be given the rendezvous listener; the listener is
// closed either way.
func TestRendezvousListenerOnlyRank0(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (Rendezvous{Addr: ln.Addr().String(), Listener: ln}).Dial(1, 2, Options{}); err == nil || !strings.Contains(err.Error(), "only rank 0 serves it") {
		t.Errorf("got %v", err)
	}
	if _, err := ln.Accept(); err == nil {
		t.Error("the listener is still open")
	}
}

// Tokens are 128 random bits, written as 32 hex digits and read back.
func TestToken(t *testing.T) {
	a, b := newToken(t), newToken(t)
	if a == b || a == (Token{}) {
		t.Errorf("two tokens %v and %v", a, b)
	}
	s := a.String()
	if len(s) != 32 {
		t.Errorf("%q: want 32 digits", s)
	}
	if got, err := ParseToken(s); err != nil || got != a {
		t.Errorf("ParseToken(%q) = %v, %v", s, got, err)
	}
	for _, bad := range []string{"", "xyz", s[:30], s + "00", strings.ToUpper(s[:31]) + "g"} {
		if _, err := ParseToken(bad); err == nil {
			t.Errorf("ParseToken(%q) accepted", bad)
		}
	}
}

// A rank whose rendezvous address is a real HTTP server (net/http, which
// waits for a request's head with no timeout of its own here) fails at
// once naming it: the hello ends as a request's head does, so the server
// answers 400 instead of waiting. Without that the rank would wait for
// its setup timeout, an hour here; the test gives it 30 s.
func TestRendezvousHTTPServer(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	done := make(chan error, 1)
	go func() {
		_, err := Rendezvous{Addr: addr, Token: newToken(t)}.Dial(1, 4, Options{SetupTimeout: time.Hour})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), addr+` is not a ccplay rendezvous (it answered "HTTP/1")`) {
			t.Errorf("got %v, want the HTTP server named", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a rank pointed at an HTTP server was still waiting after 30 s")
	}
}
