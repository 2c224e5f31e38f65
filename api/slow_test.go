package api

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// smallRun is a small valid body of POST /api/v1/run.
const smallRun = `{"collective":"allreduce","algorithm":"ring","dtype":"int64","inputs":[[1,2],[3,4]]}`

// bigSchedule is a /api/v1/schedule query whose answer is about 4.8 MB.
const bigSchedule = "/api/v1/schedule?collective=allreduce&algorithm=tree&ranks=64&size=1GiB&chunks=256"

// dial opens a raw loopback connection to addr, closed when the test ends.
func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// statusOf reads an HTTP/1.1 status line and the headers from br and
// returns the status and Content-Length (-1 when absent).
func statusOf(t *testing.T, br *bufio.Reader) (status int, length int64) {
	t.Helper()
	line, err := br.ReadString('\n')
	if err != nil {
		t.Fatalf("reading the status line: %v", err)
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		t.Fatalf("status line %q", line)
	}
	status, _ = strconv.Atoi(f[1])
	length = -1
	for {
		h, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the headers: %v", err)
		}
		if h == "\r\n" {
			return status, length
		}
		if k, v, ok := strings.Cut(h, ":"); ok && strings.EqualFold(k, "Content-Length") {
			length, _ = strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		}
	}
}

// TestSlowClientsHoldNoSlot: with three POSTs trickling their bodies and
// three clients that stop reading a 4.8 MB answer held open, GET
// /api/v1/cost answers within 1 s, five times in a row. The slow clients
// demonstrably hold their connections throughout: the tricklers have no
// answer when the measurements end and get theirs (200) once they send the
// rest, and the readers then read their whole answers.
func TestSlowClientsHoldNoSlot(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()

	var tricklers []net.Conn
	for range 3 {
		c := dial(t, addr)
		fmt.Fprintf(c, "POST /api/v1/run HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
			addr, len(smallRun), smallRun[:10])
		tricklers = append(tricklers, c)
	}
	type reader struct {
		c      net.Conn
		br     *bufio.Reader
		length int64
	}
	var readers []reader
	for range 3 {
		c := dial(t, addr)
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", bigSchedule, addr)
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		br := bufio.NewReaderSize(c, 512)
		status, length := statusOf(t, br)
		if status != http.StatusOK || length < 4<<20 {
			t.Fatalf("the large schedule: status %d, %d bytes; want 200 and over 4 MiB", status, length)
		}
		readers = append(readers, reader{c, br, length}) // and read no further for now
	}

	client := &http.Client{Timeout: 30 * time.Second}
	for i := range 5 {
		start := time.Now()
		resp, err := client.Get(srv.URL + "/api/v1/cost?collective=allreduce&ranks=8&size=1MiB")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body) //nolint:errcheck // only the time matters
		resp.Body.Close()
		if took := time.Since(start); resp.StatusCode != http.StatusOK || took >= time.Second {
			t.Errorf("/api/v1/cost #%d with six slow clients held: status %d after %v, want 200 within 1 s", i+1, resp.StatusCode, took)
		}
	}

	for i, c := range tricklers {
		c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		if n, err := c.Read(make([]byte, 1)); n > 0 || err == nil {
			t.Errorf("trickler %d was answered before its body was whole", i+1)
			continue
		}
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		io.WriteString(c, smallRun[10:]) //nolint:errcheck // a failed write shows in the status below
		if status, _ := statusOf(t, bufio.NewReader(c)); status != http.StatusOK {
			t.Errorf("trickler %d: status %d once its body was whole, want 200", i+1, status)
		}
	}
	for i, r := range readers {
		r.c.SetReadDeadline(time.Now().Add(30 * time.Second))
		n, err := io.CopyN(io.Discard, r.br, r.length)
		if err != nil || n != r.length {
			t.Errorf("reader %d: read %d of %d bytes of its answer: %v", i+1, n, r.length, err)
		}
	}
}

// TestStalledBodyIs408: a POST whose body stops arriving is answered 408
// naming the body once BodyGrace has passed, and holds no slot meanwhile.
func TestStalledBodyIs408(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	c := dial(t, addr)
	start := time.Now()
	fmt.Fprintf(c, "POST /api/v1/doctor HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"log\":", addr)
	c.SetReadDeadline(time.Now().Add(BodyGrace + 30*time.Second))
	br := bufio.NewReader(c)
	status, length := statusOf(t, br)
	took := time.Since(start)
	body := make([]byte, max(length, 0))
	io.ReadFull(br, body) //nolint:errcheck // the body is checked below
	if status != http.StatusRequestTimeout || !strings.Contains(string(body), `"field":"body"`) {
		t.Errorf("a stalled body: status %d %s, want 408 naming the body", status, body)
	}
	if took < BodyGrace {
		t.Errorf("a stalled body was refused after %v, before BodyGrace (%v)", took, BodyGrace)
	}
}

// TestPoolShares: one client holds at most PerClient slots of a pool; its
// next request waits for its own turn without taking a slot, so another
// client gets the pool's other slot at once.
func TestPoolShares(t *testing.T) {
	p := newPool(2, PerClient)
	ctx := context.Background()
	releaseA, err := p.acquire(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	a2 := make(chan func(), 1)
	go func() {
		r, err := p.acquire(ctx, "a")
		if err != nil {
			t.Error(err)
			r = func() {}
		}
		a2 <- r
	}()
	b := make(chan func(), 1)
	go func() {
		r, err := p.acquire(ctx, "b")
		if err != nil {
			t.Error(err)
			r = func() {}
		}
		b <- r
	}()
	var releaseB func()
	select {
	case releaseB = <-b:
	case <-time.After(30 * time.Second):
		t.Fatal("client b did not get the free slot while client a held one and waited for another")
	}
	select {
	case <-a2:
		t.Fatal("client a holds two slots at once")
	default:
	}
	releaseA()
	select {
	case r := <-a2:
		r()
	case <-time.After(30 * time.Second):
		t.Fatal("client a's second request did not get a slot after its first gave it back")
	}
	releaseB()
	if n := len(p.slots); n != 0 {
		t.Errorf("%d slots still taken after every release", n)
	}
	if n := len(p.clients); n != 0 {
		t.Errorf("%d clients still listed after every release", n)
	}
	ctx2, cancel := context.WithCancel(ctx)
	cancel()
	hold, _ := p.acquire(ctx, "c")
	if _, err := p.acquire(ctx2, "c"); err == nil {
		t.Error("a request whose client went away got a second turn")
	}
	hold()
	if n := len(p.clients); n != 0 {
		t.Errorf("%d clients still listed after a request gave up waiting", n)
	}
}

// TestCostOnAFabricIsHeavy: with every heavy slot taken, a closed-form
// cost question still answers, while one simulated on a switched fabric
// waits for a heavy slot (and stops waiting, 499, when its client goes).
func TestCostOnAFabricIsHeavy(t *testing.T) {
	h := New(Config{}).(*handler)
	for range MaxHeavy {
		h.pools[heavy].slots <- struct{}{}
	}
	if a := do(t, h, http.MethodGet, "/api/v1/cost?ranks=16&fabric=ideal", nil); a.status != http.StatusOK {
		t.Errorf("a closed form with the heavy slots taken: status %d: %s", a.status, a.body)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/v1/cost?ranks=16&fabric=fat-tree", nil).WithContext(ctx))
	if w.Code != StatusClientClosed {
		t.Errorf("a fabric question with the heavy slots taken: status %d, want %d (it waited for a heavy slot)", w.Code, StatusClientClosed)
	}
	for range MaxHeavy {
		<-h.pools[heavy].slots
	}
	if a := do(t, h, http.MethodGet, "/api/v1/cost?ranks=16&fabric=fat-tree", nil); a.status != http.StatusOK {
		t.Errorf("a fabric question with the heavy slots free: status %d: %s", a.status, a.body)
	}
}
