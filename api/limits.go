package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// The requests that compute (every endpoint but /healthz, IndexPath and
// the static site) take a slot of their class's pool while they compute,
// and only then: a POST's body is read whole before (readAhead), and the
// answer is computed into memory and the slot given back before it is
// written (heldAnswer). So a client that sends slowly, or reads slowly or
// never, holds a connection and never a slot, and closed forms (light)
// never wait behind schedules, sweeps, runs and logs (heavy). Together with
// the budget of one request (package budget: about 1 s of CPU and 256 MiB)
// the pools bound what a burst of requests can take: 4 × 256 MiB.
const (
	// MaxHeavy is how many heavy requests compute at once in one handler.
	MaxHeavy = 2
	// MaxLight is how many light requests (closed forms) compute at once.
	MaxLight = 2
	// PerClient is how many slots of one pool one client (one remote
	// address) holds at once: its other requests wait for their turn
	// without taking a slot, so a client with many connections leaves the
	// pool's other slots to the others.
	PerClient = 1
	// BodyGrace and MinBodyRate bound how long a POST's body may take:
	// BodyGrace plus one second per MinBodyRate bytes received so far (a
	// body that falls below the rate is a 408).
	BodyGrace   = 5 * time.Second
	MinBodyRate = 64 << 10
	// AnswerGrace and MinAnswerRate bound how long an answer may take to
	// be written: AnswerGrace plus one second per MinAnswerRate bytes (the
	// connection is then closed).
	AnswerGrace   = 5 * time.Second
	MinAnswerRate = 128 << 10
)

// StatusClientClosed is the status of a request whose client went away
// before its answer was ready (nginx's 499); nobody reads it, the log does.
const StatusClientClosed = 499

// work answers r with rt.serve as the comment on the pools says: the body
// read ahead, one slot of rt's pool held while the answer is computed into
// memory, the answer written after the slot is given back. A request that
// waits for a slot stops waiting when its client goes (StatusClientClosed).
func (h *handler) work(w http.ResponseWriter, r *http.Request, rt route) {
	if rt.maxBody > 0 && !readAhead(w, r, rt.maxBody) {
		return
	}
	c := rt.class
	if rt.weigh != nil {
		c = rt.weigh(r)
	}
	p := h.pools[c]
	if p == nil {
		rt.serve(w, r)
		return
	}
	release, err := p.acquire(r.Context(), clientOf(r))
	if err != nil {
		gone(w, err)
		return
	}
	a := &heldAnswer{header: http.Header{}}
	func() {
		defer release()
		rt.serve(&speaker{a, langOf(w)}, r)
	}()
	a.writeTo(w)
}

// pool is a set of slots shared by all clients, of which each client holds
// at most per at once.
type pool struct {
	slots   chan struct{}
	per     int
	mu      sync.Mutex
	clients map[string]*turns
}

// turns are one client's places in a pool; refs counts the requests of the
// client that hold or wait for one (the entry goes when it drops to 0).
type turns struct {
	held chan struct{}
	refs int
}

func newPool(slots, per int) *pool {
	return &pool{slots: make(chan struct{}, slots), per: per, clients: map[string]*turns{}}
}

// acquire waits for one of who's turns, then for a slot, and returns the
// function that gives both back; it fails with ctx.Err() when ctx ends
// first.
func (p *pool) acquire(ctx context.Context, who string) (release func(), err error) {
	c := p.enter(who)
	select {
	case c.held <- struct{}{}:
	case <-ctx.Done():
		p.leave(who)
		return nil, ctx.Err()
	}
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		<-c.held
		p.leave(who)
		return nil, ctx.Err()
	}
	return func() {
		<-p.slots
		<-c.held
		p.leave(who)
	}, nil
}

func (p *pool) enter(who string) *turns {
	p.mu.Lock()
	defer p.mu.Unlock()
	c := p.clients[who]
	if c == nil {
		c = &turns{held: make(chan struct{}, p.per)}
		p.clients[who] = c
	}
	c.refs++
	return c
}

func (p *pool) leave(who string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c := p.clients[who]; c != nil {
		if c.refs--; c.refs == 0 {
			delete(p.clients, who)
		}
	}
}

// clientOf is the client a request counts against: its remote address
// without the port, an IPv6 address by its /64 (one customer's network:
// a host given a /64 can take a new address at will, and would otherwise
// count as a new client with each), an IPv4 address mapped into IPv6 as
// the IPv4 one. It never reads a header: on a native server any client
// could write one (a Worker's requests get their address from
// CloudflareClient before they reach the handler).
func clientOf(r *http.Request) string {
	host := r.RemoteAddr
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		host = h
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	if a = a.Unmap().WithZone(""); a.Is6() {
		return netip.PrefixFrom(a, 64).Masked().String()
	}
	return a.String()
}

// CloudflareHeader is the header in which Cloudflare's edge gives a
// Worker the address of the client that sent the request.
const CloudflareHeader = "CF-Connecting-IP"

// CloudflareClient sets r.RemoteAddr to the address CloudflareHeader
// holds, so that the per-client limits (PerClient of each pool, the
// PageGate's) count each client of a Worker apart: a request handed to
// the Worker's Go instance carries no remote address, and all would count
// as one client. Only the Worker (wasm/worker) calls it: every request it
// sees came through Cloudflare's edge, which sets the header to the
// address of the client connecting to it. A native server never does, as
// any client could forge the header there. A header that is absent or not one IP address leaves r as
// it is; an IPv4 address written as IPv6 (::ffff:a.b.c.d) counts as the
// IPv4 one.
func CloudflareClient(r *http.Request) {
	a, err := netip.ParseAddr(strings.TrimSpace(r.Header.Get(CloudflareHeader)))
	if err != nil {
		return
	}
	r.RemoteAddr = netip.AddrPortFrom(a.Unmap().WithZone(""), 0).String()
}

// readAhead reads r's body, up to one read past limit (the handler's
// readBody then refuses a longer one), under BodyGrace and MinBodyRate, and
// puts it back in memory for the handler. A body whose Content-Length is
// over limit is left unread for the handler to refuse. A body too slow is
// answered 408, one that cannot be read 400; ok reports whether the handler
// should go on. O(limit) memory.
func readAhead(w http.ResponseWriter, r *http.Request, limit int64) (ok bool) {
	if r.ContentLength > limit {
		return true
	}
	rc := http.NewResponseController(w)
	start := time.Now()
	var body bytes.Buffer
	chunk := make([]byte, 32<<10)
	for int64(body.Len()) <= limit {
		// A runtime without deadlines (the Worker's, which has the body
		// already) answers ErrNotSupported: nothing to bound there.
		rc.SetReadDeadline(start.Add(BodyGrace + time.Duration(body.Len())*time.Second/MinBodyRate)) //nolint:errcheck // see above
		n, err := r.Body.Read(chunk)
		body.Write(chunk[:n])
		if err == io.EOF {
			break
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			sendFail(w, http.StatusRequestTimeout, "body", fmt.Sprintf("the body came slower than %d bytes a second after the first %v; send it at once", MinBodyRate, BodyGrace))
			return false
		}
		if err != nil {
			sendFail(w, http.StatusBadRequest, "body", "could not read the body: "+err.Error())
			return false
		}
	}
	rc.SetReadDeadline(time.Time{}) //nolint:errcheck // as above
	r.Body = io.NopCloser(bytes.NewReader(body.Bytes()))
	return true
}

// heldAnswer is a complete answer held in memory: what a handler wrote, to be
// written to the client once its slot is given back.
type heldAnswer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (a *heldAnswer) Header() http.Header { return a.header }

func (a *heldAnswer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *heldAnswer) Write(b []byte) (int, error) {
	a.WriteHeader(http.StatusOK)
	return a.body.Write(b)
}

// writeTo writes the answer to w under AnswerGrace and MinAnswerRate.
func (a *heldAnswer) writeTo(w http.ResponseWriter) {
	for k, v := range a.header {
		w.Header()[k] = v
	}
	if a.status == 0 {
		a.status = http.StatusOK
	}
	d := AnswerGrace + time.Duration(a.body.Len())*time.Second/MinAnswerRate
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(d)) //nolint:errcheck // ErrNotSupported: a runtime without deadlines (the Worker's)
	w.WriteHeader(a.status)
	w.Write(a.body.Bytes()) //nolint:errcheck // the client went away or was too slow; nothing to do
}

// jsonBody refuses, with 415, a POST whose Content-Type is not
// application/json (parameters such as charset=utf-8 are fine). A browser
// sends a cross-origin POST without asking first (no CORS preflight) only
// with text/plain, application/x-www-form-urlencoded or multipart/form-data:
// requiring application/json means a page on another origin must ask first,
// and the preflight answer (dispatch) allows it. So no page makes a local
// `ccplay serve` work behind its user's back without the server's consent,
// and the API stays open to every origin, as documented in docs/limits.md.
func jsonBody(w http.ResponseWriter, r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		sendFail(w, http.StatusUnsupportedMediaType, "Content-Type",
			"a POST body must be sent with Content-Type: application/json (curl -H 'Content-Type: application/json' --data-binary @run.json …)")
		return false
	}
	return true
}

// gone reports whether err says the request's context ended (the client
// went away), and if so answers StatusClientClosed.
func gone(w http.ResponseWriter, err error) bool {
	if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	sendFail(w, StatusClientClosed, "", "the client went away before the answer was ready")
	return true
}

// readBody reads a POST body of at most limit bytes. A longer one is
// answered 413 with tooLarge, refused before any of it is read when its
// Content-Length says so; a body that cannot be read is a 400. ok reports
// whether body is the whole body. O(limit) memory at most.
func readBody(w http.ResponseWriter, r *http.Request, limit int64, tooLarge string) (body []byte, ok bool) {
	if r.ContentLength > limit {
		sendFail(w, http.StatusRequestEntityTooLarge, "body", tooLarge)
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			sendFail(w, http.StatusRequestEntityTooLarge, "body", tooLarge)
			return nil, false
		}
		sendFail(w, http.StatusBadRequest, "body", "could not read the body: "+err.Error())
		return nil, false
	}
	return body, true
}
