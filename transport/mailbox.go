package transport

import (
	"sync"
	"time"
)

// mailbox is an unbounded FIFO of the messages from one peer. Once end is
// set, a get on the drained queue returns end.
type mailbox struct {
	mu   sync.Mutex
	q    []Message
	end  error
	wake chan struct{} // capacity 1: a put or finish happened
	post *posted       // a receive waiting for the next message (see direct.go)
}

func newMailbox() *mailbox { return &mailbox{wake: make(chan struct{}, 1)} }

func (b *mailbox) signal() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// put appends m; it never blocks. Messages after finish are dropped.
func (b *mailbox) put(m Message) {
	b.mu.Lock()
	if b.end == nil {
		b.q = append(b.q, m)
	}
	b.mu.Unlock()
	b.signal()
}

// finish records that no more messages will come, and why.
func (b *mailbox) finish(err error) {
	b.mu.Lock()
	if b.end == nil {
		b.end = err
	}
	b.mu.Unlock()
	b.signal()
}

// finished reports whether finish was called.
func (b *mailbox) finished() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.end != nil
}

// get returns the next message, the end error once the queue is drained,
// the poison error when abort is closed, or errTimeout after d.
func (b *mailbox) get(d time.Duration, abort <-chan struct{}, poison func() error) (Message, error) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		b.mu.Lock()
		if m, ok := b.pop(); ok {
			b.mu.Unlock()
			return m, nil
		}
		end := b.end
		b.mu.Unlock()
		if end != nil {
			return Message{}, end
		}
		select {
		case <-b.wake:
		case <-abort:
			return Message{}, poison()
		case <-timer.C:
			return Message{}, errTimeout
		}
	}
}

// errTimeout is the sentinel get returns on timeout; Recv wraps it.
var errTimeout = &TimeoutError{}

// poison is the endpoint-wide failure: the first peer that aborts or drops
// poisons the endpoint so every Recv fails at once.
type poison struct {
	once sync.Once
	ch   chan struct{}
	mu   sync.Mutex
	err  error
}

func newPoison() *poison { return &poison{ch: make(chan struct{})} }

// set records err (the first one wins) and wakes every waiter.
func (p *poison) set(err error) {
	p.once.Do(func() {
		p.mu.Lock()
		p.err = err
		p.mu.Unlock()
		close(p.ch)
	})
}

func (p *poison) get() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}
