package transport

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// tcpPeer is the connection to one peer and its reader's state.
type tcpPeer struct {
	conn   net.Conn
	sock   sock       // conn's bytes (see sock.go)
	wmu    sync.Mutex // one frame at a time on the connection
	box    *mailbox
	gone   chan struct{} // closed when the reader stops (bye, abort or error)
	sawBye atomic.Bool
	// sent and received count data payload bytes (PeerBytes).
	sent, received atomic.Int64
}

// tcpEndpoint is one rank of a full TCP mesh: one connection per peer, a
// reader goroutine per connection that drains it into the peer's mailbox,
// so writes never wait for the receiving rank to call Recv.
type tcpEndpoint struct {
	rank, ranks int
	opts        Options
	peers       []*tcpPeer // nil at rank
	hosts       []string   // by rank: each rank's host (Rendezvous.Host)
	poison      *poison
	closing     atomic.Bool
	once        sync.Once
}

func (e *tcpEndpoint) Rank() int { return e.rank }

// copiesOnSend: a TCP Send returns once the frame is in the socket.
func (e *tcpEndpoint) copiesOnSend() bool { return true }
func (e *tcpEndpoint) Ranks() int         { return e.ranks }

// start launches the reader of every peer.
func (e *tcpEndpoint) start() {
	for q, p := range e.peers {
		if p != nil {
			go e.read(q, p)
		}
	}
}

// read drains peer q's connection until bye, abort, error or close. A data
// frame goes straight into a matching posted receive (see direct.go), or
// else into the peer's mailbox. A connection that ends without a goodbye
// poisons the endpoint.
func (e *tcpEndpoint) read(q int, p *tcpPeer) {
	defer close(p.gone)
	r := bufio.NewReaderSize(p.sock, 64<<10)
	var scratch []byte // a reducing direct receive's chunk buffer
	for {
		var claimed *posted
		kind, err := readKind(r)
		if err == nil {
			// A frame has started: the rest must arrive within the timeout.
			p.conn.SetReadDeadline(time.Now().Add(e.opts.timeout()))
			var h Header
			var size int
			if h, size, err = readHeader(r); err == nil {
				p.sock.frame(size)
			}
			if err == nil && kind == kindData {
				claimed = p.box.claim(h, size)
			}
			var m Message
			switch {
			case err != nil:
			case claimed != nil:
				err = claimed.fill(r, 0, &scratch)
			case kind == kindData:
				m = Message{Header: h, Payload: getBuf(size)}
				claimed, err = readOrClaim(r, p.box, &m, &scratch)
			default:
				m = Message{Header: h, Payload: getBuf(size)}
				_, err = io.ReadFull(r, m.Payload)
			}
			p.conn.SetReadDeadline(time.Time{})
			if err == nil {
				switch kind {
				case kindData:
					p.received.Add(int64(size))
					if claimed != nil {
						claimed.done <- nil
						// Let the rank's goroutine, just woken, post its
						// next receive and start its sends (which its
						// peers wait for) before this reader takes the
						// next frame: with one P per rank it would
						// otherwise run only once the socket is drained,
						// and an early frame would be buffered, not
						// received in place.
						runtime.Gosched()
					} else {
						p.box.put(m)
					}
					continue
				case kindBye:
					p.sawBye.Store(true)
					p.box.finish(&PeerError{Rank: e.rank, Peer: q, Reason: "has finished its calls and closed"})
					return
				case kindAbort:
					pe := &PeerError{Rank: e.rank, Peer: q, Reason: "aborted: " + string(m.Payload)}
					p.box.finish(pe)
					e.poison.set(pe)
					return
				default:
					err = fmt.Errorf("unknown frame kind %d", kind)
				}
			}
		}
		var pe *PeerError
		if e.closing.Load() {
			pe = &PeerError{Rank: e.rank, Peer: q, Reason: "is unreachable: this endpoint is closed"}
		} else {
			pe = &PeerError{Rank: e.rank, Peer: q, Reason: "dropped its connection (exited or killed?): " + err.Error()}
			e.poison.set(pe)
		}
		if claimed != nil {
			claimed.done <- pe
		}
		p.box.finish(pe)
		return
	}
}

// Send writes m to dst within the timeout.
func (e *tcpEndpoint) Send(dst int, m Message) error {
	if err := checkPeer(e.rank, e.ranks, dst); err != nil {
		return err
	}
	if err := e.poison.get(); err != nil {
		return err
	}
	err := e.write(dst, kindData, m, e.opts.timeout())
	if !m.borrowed {
		putBuf(m.Payload) // written (or failed): the frame no longer needs it
	}
	if err != nil {
		// The peer may have said why it went away: give its reader a
		// moment to deliver the reason before reporting the bare failure.
		select {
		case <-e.peers[dst].gone:
		case <-time.After(100 * time.Millisecond):
		}
		if perr := e.poison.get(); perr != nil {
			return perr
		}
		pe := &PeerError{Rank: e.rank, Peer: dst, Reason: "connection failed while sending: " + err.Error()}
		e.poison.set(pe)
		return pe
	}
	return nil
}

func (e *tcpEndpoint) write(dst int, kind byte, m Message, d time.Duration) error {
	p := e.peers[dst]
	p.wmu.Lock()
	defer p.wmu.Unlock()
	p.conn.SetWriteDeadline(time.Now().Add(d))
	err := writeFrame(p.sock, kind, m)
	if err == nil && kind == kindData {
		p.sent.Add(int64(len(m.Payload)))
	}
	return err
}

// Recv returns the next message from src (see Endpoint).
func (e *tcpEndpoint) Recv(src int) (Message, error) {
	if err := checkPeer(e.rank, e.ranks, src); err != nil {
		return Message{}, err
	}
	m, err := e.peers[src].box.get(e.opts.timeout(), e.poison.ch, e.poison.get)
	if err == errTimeout {
		return m, &TimeoutError{Rank: e.rank, Peer: src, Waited: e.opts.timeout()}
	}
	return m, err
}

// post registers a direct receive from src (see directReceiver).
func (e *tcpEndpoint) post(src int, h Header, dst []byte, apply func(off int, chunk []byte)) *posted {
	p := newPosted(h, dst, apply)
	if checkPeer(e.rank, e.ranks, src) == nil {
		e.peers[src].box.offer(p)
	}
	return p
}

// wait completes a receive of post (see directReceiver).
func (e *tcpEndpoint) wait(src int, p *posted) (Message, bool, error) {
	if err := checkPeer(e.rank, e.ranks, src); err != nil {
		return Message{}, false, err
	}
	m, direct, err := e.peers[src].box.getOrPost(p, e.opts.timeout(), e.poison.ch, e.poison.get)
	if err == errTimeout {
		return m, direct, &TimeoutError{Rank: e.rank, Peer: src, Waited: e.opts.timeout()}
	}
	return m, direct, err
}

// cancel withdraws a post (see directReceiver).
func (e *tcpEndpoint) cancel(src int, p *posted) {
	if checkPeer(e.rank, e.ranks, src) == nil {
		e.peers[src].box.withdraw(p)
	}
}

// Close says goodbye to every peer, waits (at most SetupTimeout) until every
// peer has said goodbye or gone, and closes the connections. It returns an
// error naming the peers that neither said goodbye nor went away in time.
func (e *tcpEndpoint) Close() error {
	var err error
	e.once.Do(func() {
		for q, p := range e.peers {
			if p != nil {
				e.write(q, kindBye, Message{}, e.opts.timeout())
			}
		}
		deadline := time.NewTimer(e.opts.setupTimeout())
		defer deadline.Stop()
		var late []int
		for q, p := range e.peers {
			if p == nil {
				continue
			}
			select {
			case <-p.gone:
			case <-deadline.C:
				late = append(late, q)
				deadline.Reset(0)
			}
		}
		e.closeConns()
		if len(late) > 0 {
			err = fmt.Errorf("rank %d: ranks %v did not finish within %v", e.rank, late, e.opts.setupTimeout())
		}
	})
	return err
}

// Abort sends reason to every peer (each write bounded by a second) and
// closes the connections.
func (e *tcpEndpoint) Abort(reason error) {
	e.once.Do(func() {
		msg := Message{Payload: []byte(reason.Error())}
		if len(msg.Payload) > 4096 {
			msg.Payload = msg.Payload[:4096]
		}
		for q, p := range e.peers {
			if p != nil {
				e.write(q, kindAbort, msg, time.Second)
				if tc, ok := p.conn.(*net.TCPConn); ok {
					tc.CloseWrite()
				}
			}
		}
		// Keep reading for a moment so the peers' in-flight data does not
		// turn our close into a reset that could overtake the reason.
		e.closing.Store(true)
		e.waitPeers(time.Second)
		e.closeConns()
	})
}

// waitPeers waits at most d until every peer's reader has stopped.
func (e *tcpEndpoint) waitPeers(d time.Duration) {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for _, p := range e.peers {
		if p == nil {
			continue
		}
		select {
		case <-p.gone:
		case <-deadline.C:
			return
		}
	}
}

func (e *tcpEndpoint) closeConns() {
	e.closing.Store(true)
	for _, p := range e.peers {
		if p != nil {
			p.conn.Close()
		}
	}
}

// newPeer wraps an established connection, its sock polling as o says
// (Options.Spin and Yield).
func newPeer(c net.Conn, o Options) *tcpPeer {
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetNoDelay(true)
		// On loopback, a congestion control that does not pace (see
		// congestion_linux.go); should it fail, the link is only slower.
		tuneCongestion(tc)
		// Socket buffers are left to the kernel's autotuning: fixed 4 MiB
		// SO_SNDBUF/SO_RCVBUF (which turn autotuning off) measured no
		// faster on loopback at 1–64 MiB.

		// A peer host that vanishes without a FIN or RST is noticed by
		// the kernel's keep-alive probes, besides the Recv timeout.
		tc.SetKeepAlivePeriod(5 * time.Second)
		tc.SetKeepAlive(true)
	}
	return &tcpPeer{conn: c, sock: newSock(c, o), box: newMailbox(), gone: make(chan struct{})}
}
