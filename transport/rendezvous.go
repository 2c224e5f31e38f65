package transport

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"time"
)

// helloMagic starts every hello, so a stray connection is refused.
const helloMagic = "CCP1"

// DialTCP joins rank rank of a group of ranks ranks over TCP and returns its
// endpoint once the full mesh is connected. addr is the rendezvous (like
// MASTER_ADDR:MASTER_PORT): rank 0 listens on it; every other rank listens
// on an ephemeral port of 127.0.0.1, connects to addr (retrying until
// rank 0 is up) and reports its address; rank 0 answers with every rank's
// address. Then rank i connects to each rank 0 < j < i, and the connection
// to rank 0 is the rendezvous connection itself: P(P−1)/2 connections.
// The whole set-up is bounded by o.SetupTimeout.
func DialTCP(rank, ranks int, addr string, o Options) (Endpoint, error) {
	if ranks < 1 || rank < 0 || rank >= ranks {
		return nil, fmt.Errorf("transport: rank %d is not in a group of %d ranks", rank, ranks)
	}
	e := &tcpEndpoint{rank: rank, ranks: ranks, opts: o, peers: make([]*tcpPeer, ranks), poison: newPoison()}
	if ranks == 1 {
		return e, nil
	}
	deadline := time.Now().Add(o.setupTimeout())
	var err error
	if rank == 0 {
		err = e.serve(addr, deadline)
	} else {
		err = e.join(addr, deadline)
	}
	if err != nil {
		e.closeConns()
		return nil, fmt.Errorf("rank %d: TCP set-up via %s: %w", rank, addr, err)
	}
	for _, p := range e.peers {
		if p != nil {
			p.conn.SetDeadline(time.Time{})
		}
	}
	e.start()
	return e, nil
}

// serve is rank 0's rendezvous: accept every other rank, then send each the
// table of addresses.
func (e *tcpEndpoint) serve(addr string, deadline time.Time) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	ln.(*net.TCPListener).SetDeadline(deadline)
	addrs := make([]string, e.ranks)
	for n := 1; n < e.ranks; n++ {
		c, err := ln.Accept()
		if err != nil {
			return fmt.Errorf("waiting for %d more ranks: %w", e.ranks-n, err)
		}
		c.SetDeadline(deadline)
		r, a, err := e.readHello(c, 1, e.ranks)
		if err != nil {
			c.Close()
			return err
		}
		e.peers[r] = newPeer(c, e.opts)
		addrs[r] = a
	}
	for r := 1; r < e.ranks; r++ {
		if err := writeTable(e.peers[r].conn, addrs); err != nil {
			return fmt.Errorf("sending the address table to rank %d: %w", r, err)
		}
	}
	return nil
}

// join connects rank e.rank > 0 to the rendezvous and to every other rank.
func (e *tcpEndpoint) join(addr string, deadline time.Time) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer ln.Close()
	ln.(*net.TCPListener).SetDeadline(deadline)
	c, err := dialRetry(addr, deadline)
	if err != nil {
		return err
	}
	c.SetDeadline(deadline)
	e.peers[0] = newPeer(c, e.opts)
	if err := writeHello(c, e.rank, e.ranks, ln.Addr().String()); err != nil {
		return err
	}
	addrs, err := readTable(c, e.ranks)
	if err != nil {
		return fmt.Errorf("reading the address table from rank 0: %w", err)
	}
	for j := 1; j < e.rank; j++ {
		c, err := dialRetry(addrs[j], deadline)
		if err != nil {
			return fmt.Errorf("connecting to rank %d: %w", j, err)
		}
		c.SetDeadline(deadline)
		e.peers[j] = newPeer(c, e.opts)
		if err := writeHello(c, e.rank, e.ranks, ""); err != nil {
			return err
		}
	}
	for n := e.rank + 1; n < e.ranks; n++ {
		c, err := ln.Accept()
		if err != nil {
			return fmt.Errorf("waiting for %d higher ranks: %w", e.ranks-n, err)
		}
		c.SetDeadline(deadline)
		r, _, err := e.readHello(c, e.rank+1, e.ranks)
		if err != nil {
			c.Close()
			return err
		}
		e.peers[r] = newPeer(c, e.opts)
	}
	return nil
}

// dialRetry dials addr every 20 ms until it answers or the deadline passes.
func dialRetry(addr string, deadline time.Time) (net.Conn, error) {
	for {
		c, err := net.DialTimeout("tcp", addr, time.Until(deadline))
		if err == nil {
			return c, nil
		}
		if time.Now().Add(20 * time.Millisecond).After(deadline) {
			return nil, err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// readHello reads a hello and checks its rank is in [lo, hi), not yet
// connected, and that the group size agrees.
func (e *tcpEndpoint) readHello(c net.Conn, lo, hi int) (int, string, error) {
	var h [12]byte
	if _, err := io.ReadFull(c, h[:]); err != nil {
		return 0, "", fmt.Errorf("reading a hello from %s: %w", c.RemoteAddr(), err)
	}
	if string(h[:4]) != helloMagic {
		return 0, "", fmt.Errorf("%s is not a ccplay rank (bad hello)", c.RemoteAddr())
	}
	r := int(binary.LittleEndian.Uint32(h[4:]))
	p := int(binary.LittleEndian.Uint32(h[8:]))
	if p != e.ranks {
		return 0, "", fmt.Errorf("rank %d was started for %d ranks, this rank for %d", r, p, e.ranks)
	}
	if r < lo || r >= hi || e.peers[r] != nil {
		return 0, "", fmt.Errorf("unexpected hello from rank %d (duplicate rank, or not in %d..%d)", r, lo, hi-1)
	}
	a, err := readString(c)
	return r, a, err
}

func writeHello(c net.Conn, rank, ranks int, addr string) error {
	b := []byte(helloMagic)
	b = binary.LittleEndian.AppendUint32(b, uint32(rank))
	b = binary.LittleEndian.AppendUint32(b, uint32(ranks))
	b = appendString(b, addr)
	_, err := c.Write(b)
	return err
}

func writeTable(c net.Conn, addrs []string) error {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(addrs)))
	for _, a := range addrs {
		b = appendString(b, a)
	}
	_, err := c.Write(b)
	return err
}

func readTable(c net.Conn, ranks int) ([]string, error) {
	var n [4]byte
	if _, err := io.ReadFull(c, n[:]); err != nil {
		return nil, err
	}
	if int(binary.LittleEndian.Uint32(n[:])) != ranks {
		return nil, fmt.Errorf("table for %d ranks, want %d", binary.LittleEndian.Uint32(n[:]), ranks)
	}
	addrs := make([]string, ranks)
	for i := range addrs {
		a, err := readString(c)
		if err != nil {
			return nil, err
		}
		addrs[i] = a
	}
	return addrs, nil
}

func appendString(b []byte, s string) []byte {
	b = binary.LittleEndian.AppendUint16(b, uint16(len(s)))
	return append(b, s...)
}

func readString(c net.Conn) (string, error) {
	var n [2]byte
	if _, err := io.ReadFull(c, n[:]); err != nil {
		return "", err
	}
	b := make([]byte, binary.LittleEndian.Uint16(n[:]))
	_, err := io.ReadFull(c, b)
	return string(b), err
}
