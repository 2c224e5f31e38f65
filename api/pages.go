package api

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Page renders (the playground's pages rendered on the server, whose views
// may run simulations of up to a second of CPU) take a slot of a pool of
// their own, sized here beside the API's: MaxPages at once, PerClient a
// client. A page's visitor sees a blank tab while it waits, so a page waits
// at most PageWait for its slot and is then answered busy (503 with
// Retry-After: RetryAfter seconds); the API's requests wait as long as their
// client does.
const (
	// MaxPages is how many page renders compute at once in one handler.
	MaxPages = 2
	// PageWait bounds how long a page render waits for its slot.
	PageWait = 3 * time.Second
	// RetryAfter is the Retry-After (seconds) of a page answered busy.
	RetryAfter = 2
)

// ErrBusy is PageGate.Admit's error when no slot came within the wait.
var ErrBusy = errors.New("api: every page slot stayed taken")

// PageGate admits page renders: a pool of MaxPages slots, PerClient a
// client (one remote address), as the API's pools admit its requests. Safe
// for concurrent use; the zero value is not usable (NewPageGate).
type PageGate struct {
	pool *pool
	wait time.Duration
}

// NewPageGate is a gate of MaxPages slots whose requests wait at most wait
// (PageWait for a server; a test may shorten it).
func NewPageGate(wait time.Duration) *PageGate {
	return &PageGate{pool: newPool(MaxPages, PerClient), wait: wait}
}

// Admit waits for a slot for r's client and returns the function that
// gives it back. It fails with r's context's error once the client goes
// (nothing is to be sent), and with ErrBusy when the wait passes first.
func (g *PageGate) Admit(r *http.Request) (release func(), err error) {
	ctx, cancel := context.WithTimeout(r.Context(), g.wait)
	defer cancel()
	release, err = g.pool.acquire(ctx, clientOf(r))
	if err == nil {
		return release, nil
	}
	if r.Context().Err() != nil {
		return nil, r.Context().Err()
	}
	return nil, ErrBusy
}
