package transport

import (
	"fmt"
	"sync/atomic"
)

// chanEndpoint is one rank of an in-memory group: peers put messages
// straight into its mailboxes. It works wherever goroutines do (also in the
// browser under js/wasm).
type chanEndpoint struct {
	group  []*chanEndpoint
	rank   int
	opts   Options
	boxes  []*mailbox // boxes[src]: messages from src
	poison *poison
	done   atomic.Bool
}

// NewChan returns the p endpoints of an in-memory group, endpoint r being
// rank r; run each on its own goroutine. p must be at least 1.
func NewChan(p int, o Options) ([]Endpoint, error) {
	if p < 1 {
		return nil, fmt.Errorf("transport: want at least 1 rank, got %d", p)
	}
	g := make([]*chanEndpoint, p)
	for r := range g {
		e := &chanEndpoint{group: g, rank: r, opts: o, boxes: make([]*mailbox, p), poison: newPoison()}
		for s := range e.boxes {
			e.boxes[s] = newMailbox()
		}
		g[r] = e
	}
	eps := make([]Endpoint, p)
	for r, e := range g {
		eps[r] = e
	}
	return eps, nil
}

func (e *chanEndpoint) Rank() int  { return e.rank }
func (e *chanEndpoint) Ranks() int { return len(e.group) }

// Send queues m in dst's mailbox for this rank. O(1), never blocks.
func (e *chanEndpoint) Send(dst int, m Message) error {
	if err := checkPeer(e.rank, len(e.group), dst); err != nil {
		return err
	}
	if e.done.Load() {
		return fmt.Errorf("rank %d: send after close", e.rank)
	}
	if err := e.poison.get(); err != nil {
		return err
	}
	e.group[dst].boxes[e.rank].put(m)
	return nil
}

// Recv returns the next message from src (see Endpoint).
func (e *chanEndpoint) Recv(src int) (Message, error) {
	if err := checkPeer(e.rank, len(e.group), src); err != nil {
		return Message{}, err
	}
	m, err := e.boxes[src].get(e.opts.timeout(), e.poison.ch, e.poison.get)
	if err == errTimeout {
		return m, &TimeoutError{Rank: e.rank, Peer: src, Waited: e.opts.timeout()}
	}
	return m, err
}

// Close tells every peer that this rank sends nothing more.
func (e *chanEndpoint) Close() error {
	if e.done.Swap(true) {
		return nil
	}
	for q, peer := range e.group {
		if q != e.rank {
			peer.boxes[e.rank].finish(&PeerError{Rank: q, Peer: e.rank, Reason: "has finished its calls and closed"})
		}
	}
	return nil
}

// Abort poisons every peer with reason.
func (e *chanEndpoint) Abort(reason error) {
	if e.done.Swap(true) {
		return
	}
	for q, peer := range e.group {
		if q != e.rank {
			err := &PeerError{Rank: q, Peer: e.rank, Reason: "aborted: " + reason.Error()}
			peer.boxes[e.rank].finish(err)
			peer.poison.set(err)
		}
	}
}

// checkPeer refuses a peer outside [0, p) or the rank itself.
func checkPeer(rank, p, peer int) error {
	if peer < 0 || peer >= p || peer == rank {
		return fmt.Errorf("rank %d: peer %d is not another rank of %d", rank, peer, p)
	}
	return nil
}
