package site

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/ui"
)

// deadline bounds every wait of these tests; none is a fixed sleep.
const deadline = 30 * time.Second

// heldRenders is a renderer whose renders announce themselves on started
// and then hold their slot until hold is closed or their client goes.
type heldRenders struct {
	started chan string
	hold    chan struct{}
}

func newHeldRenders() *heldRenders {
	return &heldRenders{started: make(chan string, 16), hold: make(chan struct{})}
}

func (h *heldRenders) render(ctx context.Context, _ Shell, query, _ string) ([]byte, error) {
	h.started <- query
	select {
	case <-h.hold:
		return []byte("page " + query), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// pageFrom is a page request for query from the client at address ip.
func pageFrom(ctx context.Context, ip, query string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, "/?"+query, nil).WithContext(ctx)
	r.RemoteAddr = ip + ":40000"
	return r
}

// TestSlowPagesLeaveTheAPI: with every page slot held by a slow render
// (one client each), the API's closed forms and its heavy requests (a
// simulation on a fabric) are still answered, and a further page waits;
// when one rendering client goes, its render stops, nothing is sent to it,
// and the waiting page gets the freed slot.
func TestSlowPagesLeaveTheAPI(t *testing.T) {
	held := newHeldRenders()
	h := handler(testShell(t), false, api.New(api.Config{}), api.NewPageGate(time.Hour), held.render)
	type answer struct {
		query string
		w     *httptest.ResponseRecorder
	}
	answers := make(chan answer, api.MaxPages+1)
	cancels := make([]context.CancelFunc, api.MaxPages+1)
	var wg sync.WaitGroup
	for i := range api.MaxPages + 1 {
		ctx, cancel := context.WithCancel(context.Background())
		cancels[i] = cancel
		q := fmt.Sprintf("view=fabric&client=%d", i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := httptest.NewRecorder()
			h.ServeHTTP(w, pageFrom(ctx, fmt.Sprintf("10.0.0.%d", i+1), q))
			answers <- answer{q, w}
		}()
	}
	defer func() {
		for _, c := range cancels {
			c()
		}
		wg.Wait()
	}()
	rendering := map[string]bool{}
	for len(rendering) < api.MaxPages {
		select {
		case q := <-held.started:
			rendering[q] = true
		case <-time.After(deadline):
			t.Fatalf("%d of %d page renders started", len(rendering), api.MaxPages)
		}
	}
	for _, target := range []string{"/api/v1/cost?ranks=16", "/api/v1/cost?ranks=16&fabric=fat-tree"} {
		done := make(chan int, 1)
		go func() {
			r := httptest.NewRequest(http.MethodGet, target, nil)
			r.RemoteAddr = "10.0.1.1:40000"
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			done <- w.Code
		}()
		select {
		case code := <-done:
			if code != http.StatusOK {
				t.Errorf("%s with every page slot held: status %d", target, code)
			}
		case <-time.After(deadline):
			t.Fatalf("%s is not answered while %d pages render", target, api.MaxPages)
		}
	}
	select {
	case q := <-held.started:
		t.Fatalf("%s renders while %d renders hold every page slot", q, api.MaxPages)
	default:
	}
	gone := -1
	for i := range api.MaxPages + 1 {
		if rendering[fmt.Sprintf("view=fabric&client=%d", i)] {
			gone = i
			break
		}
	}
	cancels[gone]()
	select {
	case q := <-held.started:
		if rendering[q] {
			t.Errorf("%s rendered twice", q)
		}
	case <-time.After(deadline):
		t.Fatal("the waiting page did not get the slot of the render whose client went")
	}
	close(held.hold)
	for range api.MaxPages + 1 {
		select {
		case a := <-answers:
			goneQuery := fmt.Sprintf("view=fabric&client=%d", gone)
			switch {
			case a.query == goneQuery && a.w.Body.Len() != 0:
				t.Errorf("the client that went was sent %d bytes", a.w.Body.Len())
			case a.query != goneQuery && (a.w.Code != http.StatusOK || a.w.Body.String() != "page "+a.query):
				t.Errorf("%s: status %d, body %q", a.query, a.w.Code, a.w.Body)
			}
		case <-time.After(deadline):
			t.Fatal("a page request did not end once its render was let go")
		}
	}
}

// TestBusyPage: a page that finds every slot taken for the gate's wait is
// 503 with Retry-After and says the server is busy in the page's
// language (the query's lang, else the browser's), its loading bar
// promising no form.
func TestBusyPage(t *testing.T) {
	held := newHeldRenders()
	h := handler(testShell(t), false, http.NotFoundHandler(), api.NewPageGate(50*time.Millisecond), held.render)
	var wg sync.WaitGroup
	defer func() { close(held.hold); wg.Wait() }()
	for i := range api.MaxPages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.ServeHTTP(httptest.NewRecorder(), pageFrom(context.Background(), fmt.Sprintf("10.0.0.%d", i+1), "view=fabric"))
		}()
		select {
		case <-held.started:
		case <-time.After(deadline):
			t.Fatal("a render did not start with a page slot free")
		}
	}
	for _, c := range []struct{ query, accept, lang string }{
		{"view=fabric&lang=zh", "en-US", "zh"}, {"view=fabric", "zh-CN,zh;q=0.9", "zh"}, {"view=fabric", "en-GB", "en"}, {"lang=en", "zh-CN", "en"},
	} {
		r := pageFrom(context.Background(), "10.0.2.1", c.query)
		r.Header.Set("Accept-Language", c.accept)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != fmt.Sprint(api.RetryAfter) {
			t.Errorf("%s (%s) with every slot taken: status %d, Retry-After %q; want 503 and %d", c.query, c.accept, w.Code, w.Header().Get("Retry-After"), api.RetryAfter)
		}
		if !strings.Contains(w.Body.String(), escapeText(ui.T(c.lang, "ssr.busy"))) || !strings.Contains(w.Body.String(), `id="app"`) {
			t.Errorf("%s (%s): the busy page lacks the %s note or the app root: %s", c.query, c.accept, c.lang, w.Body)
		}
		if strings.Contains(w.Body.String(), escapeText(ui.T(c.lang, "ssr.loading"))) || !strings.Contains(w.Body.String(), escapeText(ui.T(c.lang, "ssr.busy.loading"))) {
			t.Errorf("%s (%s): the busy page's loading bar speaks of a form it does not have", c.query, c.accept)
		}
	}
}

// stopAfter is a request context whose client goes after its Err has been
// read after times (a render reads it at every slice).
type stopAfter struct {
	context.Context
	after int64
	calls atomic.Int64
}

func (c *stopAfter) Err() error {
	if c.calls.Add(1) > c.after {
		return context.Canceled
	}
	return nil
}

// TestGoneRenderFreesItsSlot: a real render of a fabric study whose client
// goes halfway stops at its next slice, sends nothing, leaves no
// goroutine behind and gives its slot back: the same client's next page
// (one slot a client) is rendered, not answered busy.
func TestGoneRenderFreesItsSlot(t *testing.T) {
	h := handler(testShell(t), false, http.NotFoundHandler(), api.NewPageGate(50*time.Millisecond), RenderContext)
	whole := &stopAfter{Context: context.Background(), after: 1 << 40}
	h.ServeHTTP(httptest.NewRecorder(), pageFrom(whole, "10.0.3.1", "view=fabric&"+fabricPage))
	n := whole.calls.Load()
	if n < 8 {
		t.Fatalf("the whole render read its context %d times: not a render in slices", n)
	}
	before := runtime.NumGoroutine()
	half := &stopAfter{Context: context.Background(), after: n / 2}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, pageFrom(half, "10.0.3.1", "view=fabric&"+fabricPage))
	if w.Body.Len() != 0 {
		t.Errorf("the client that went was sent %d bytes", w.Body.Len())
	}
	if got := half.calls.Load(); got > n/2+8 {
		t.Errorf("the render read its context %d times after its client went at read %d: it did not stop", got, n/2)
	}
	for end := time.Now().Add(deadline); runtime.NumGoroutine() > before; {
		if time.Now().After(end) {
			t.Fatalf("%d goroutines after the render stopped, %d before", runtime.NumGoroutine(), before)
		}
		runtime.Gosched()
	}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, pageFrom(context.Background(), "10.0.3.1", "view=ledger"))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `id="view-ledger"`) {
		t.Errorf("the same client's next page: status %d (its slot was not given back)", w.Code)
	}
}
