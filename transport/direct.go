package transport

import (
	"bufio"
	"io"
	"runtime"
	"time"
)

// Direct receive (TCP): instead of the reader goroutine copying a payload
// into a buffer that Run then copies or folds into its work buffer, Run
// posts the destination of the transfer it waits for, and the reader moves
// the payload from the socket straight into it: read into the destination
// for a copy, or read in chunks of directChunk bytes and fold each into the
// destination while the kernel keeps receiving (read and reduce pipelined,
// every chunk still in cache when it is folded). A message that arrives
// before its receive is posted, or that does not match the post, takes the
// buffered path (mailbox), so ordering, header checks and error reports
// are those of Recv.

// directChunk is the size of one read-then-fold step of a reducing direct
// receive: large enough that syscalls are few, small enough to stay in L2.
const directChunk = 256 << 10

// posted is one receive waiting for the next message of a peer: the
// Header and payload length it expects, the destination bytes, and apply
// (nil: the payload overwrites dst; else apply(off, chunk) folds the
// payload bytes [off, off+len(chunk)) into dst). done receives the outcome
// once the reader has claimed the post.
type posted struct {
	h     Header
	dst   []byte
	apply func(off int, chunk []byte)
	done  chan error
	// claimed is set, under the mailbox's lock, when the reader takes the
	// post; from then on only the reader writes dst, until done.
	claimed bool
}

// newPosted is a receive of a frame with header h into dst (see posted).
func newPosted(h Header, dst []byte, apply func(off int, chunk []byte)) *posted {
	return &posted{h: h, dst: dst, apply: apply, done: make(chan error, 1)}
}

// directReceiver is implemented by endpoints that can receive straight
// into a destination. post registers a receive of the next message from
// src (header h, len(dst) payload bytes) before the rank's sends of the
// round, so the payload can land while the rank writes; wait completes it:
// direct true when the payload has been applied to dst (overwritten, or
// folded by apply), else the message to apply as Recv's (it arrived before
// the post, or does not match it). Waits are bounded as Recv's; once the
// reader has claimed the post, wait lets it finish (bounded by the frame's
// read deadline), so dst is never written after wait returns. cancel
// withdraws a post that will not be waited for, with the same guarantee.
type directReceiver interface {
	post(src int, h Header, dst []byte, apply func(off int, chunk []byte)) *posted
	wait(src int, p *posted) (m Message, direct bool, err error)
	cancel(src int, p *posted)
}

// claim hands the reader the post waiting for a frame of header h and n
// payload bytes, or nil (no post, a different call, or messages still
// queued before this one, which must be delivered first).
func (b *mailbox) claim(h Header, n int) *posted {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := b.post
	if p == nil || p.h != h || len(p.dst) != n || len(b.q) > 0 || b.end != nil {
		return nil
	}
	b.post = nil
	p.claimed = true
	return p
}

// offer posts p unless a message is already queued or the mailbox has
// ended (then wait takes the queued message or the end instead).
func (b *mailbox) offer(p *posted) {
	b.mu.Lock()
	if len(b.q) == 0 && b.end == nil && b.post == nil {
		b.post = p
	}
	b.mu.Unlock()
}

// withdraw undoes offer: afterwards the reader does not write p.dst.
func (b *mailbox) withdraw(p *posted) {
	b.mu.Lock()
	if b.post == p {
		b.post = nil
	}
	claimed := p.claimed
	b.mu.Unlock()
	if claimed {
		<-p.done
	}
}

// getOrPost returns the next queued message if there is one; otherwise it
// posts p (unless offer already did) and waits for the reader to complete
// it (direct true), for a message that arrived unclaimed, for the end, the
// poison, or d to pass.
func (b *mailbox) getOrPost(p *posted, d time.Duration, abort <-chan struct{}, poison func() error) (Message, bool, error) {
	b.mu.Lock()
	if p.claimed {
		b.mu.Unlock()
		return Message{}, true, <-p.done
	}
	if b.post != p {
		if m, ok := b.pop(); ok {
			b.mu.Unlock()
			return m, false, nil
		}
		if b.end != nil {
			b.mu.Unlock()
			return Message{}, false, b.end
		}
		b.post = p
	}
	b.mu.Unlock()
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		var aborted, expired bool
		select {
		case err := <-p.done:
			return Message{}, true, err
		case <-b.wake:
		case <-abort:
			aborted = true
		case <-timer.C:
			expired = true
		}
		b.mu.Lock()
		if p.claimed {
			// The reader is writing dst; it finishes or fails within its
			// read deadline.
			b.mu.Unlock()
			return Message{}, true, <-p.done
		}
		if m, ok := b.pop(); ok {
			b.post = nil
			b.mu.Unlock()
			return m, false, nil
		}
		end := b.end
		if end != nil || aborted || expired {
			b.post = nil
		}
		b.mu.Unlock()
		switch {
		case end != nil:
			return Message{}, false, end
		case aborted:
			return Message{}, false, poison()
		case expired:
			return Message{}, false, errTimeout
		}
	}
}

// pop removes the oldest queued message; the caller holds b.mu.
func (b *mailbox) pop() (Message, bool) {
	if len(b.q) == 0 {
		return Message{}, false
	}
	m := b.q[0]
	b.q[0] = Message{}
	b.q = b.q[1:]
	return m, true
}

// fill reads the payload bytes [off, len(p.dst)) of a claimed frame from
// r into p.dst, or in chunks through *scratch (allocated once, directChunk
// bytes, 8-byte aligned) folded by p.apply. Time O(len(p.dst) − off).
func (p *posted) fill(r *bufio.Reader, off int, scratch *[]byte) error {
	if p.apply == nil {
		_, err := io.ReadFull(r, p.dst[off:])
		return err
	}
	if *scratch == nil {
		*scratch = make([]byte, directChunk)
	}
	for off < len(p.dst) {
		c := (*scratch)[:min(directChunk, len(p.dst)-off)]
		if _, err := io.ReadFull(r, c); err != nil {
			return err
		}
		p.apply(off, c)
		off += len(c)
	}
	return nil
}

// claimChunk is how often (in payload bytes) an unclaimed frame's reader
// looks for a receive posted meanwhile.
const claimChunk = 64 << 10

// readOrClaim reads the payload of data frame m (m.Payload has its
// length) into m.Payload in chunks of claimChunk bytes; when a matching
// receive is posted meanwhile, it applies the part read so far to the post,
// recycles m.Payload, reads the rest straight into the post, and returns
// it (claimed), so a message that started arriving before its receive was
// posted still mostly bypasses the buffer. claimed is nil when the whole
// payload is in m.Payload. Time O(payload).
func readOrClaim(r *bufio.Reader, box *mailbox, m *Message, scratch *[]byte) (claimed *posted, err error) {
	size := len(m.Payload)
	for off := 0; off < size; {
		n := min(claimChunk, size-off)
		if _, err := io.ReadFull(r, m.Payload[off:off+n]); err != nil {
			return nil, err
		}
		off += n
		if off == size {
			break
		}
		runtime.Gosched() // a chance for the rank to post it (see read)
		if c := box.claim(m.Header, size); c != nil {
			if c.apply == nil {
				copy(c.dst, m.Payload[:off])
			} else {
				c.apply(0, m.Payload[:off])
			}
			putBuf(m.Payload)
			m.Payload = nil
			return c, c.fill(r, off, scratch)
		}
	}
	return nil, nil
}
