package transport

import (
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"
)

// The hello a rank sends on every connection it opens — to the
// rendezvous and to each peer of the mesh — is, little-endian:
//
//	"CCPL" helloVersion(u16) token(16 bytes) rank(u32) ranks(u32) addr(u16 length, bytes) host(u16 length, bytes) "\r\n\r\n"
//
// The hello ends as an HTTP request's head does, so a server of a
// line-based protocol that the address leads to by mistake (an HTTP
// server, ccplay serve among them) answers it at once — with an error —
// instead of waiting for the rest of a request until its own timeout.
//
// The accepting side checks the magic, the version and the token before
// it reads further, and sends nothing to a connection that fails a
// check: it closes it. A hello that passes is answered with the ack,
// "CCPL" helloVersion(u16), so the dialling side knows at once whether it
// reached a ccplay rank of its job: anything else (an HTTP server's
// "HTTP/1.1 400", a closed connection) is refused with one clear error
// instead of being read as an address table.
const (
	helloMagic   = "CCPL"
	helloVersion = 4
	helloEnd     = "\r\n\r\n"
)

// hello is one accepted connection's hello, or why it was refused.
type hello struct {
	conn net.Conn
	rank int
	addr string
	host string
	err  error
}

// writeHello sends rank's hello for a group of ranks proving token; addr
// is the address it accepts mesh connections on ("" when it accepts none),
// host its host (see Rendezvous.Host; "" on a mesh connection, whose
// peer knows it from the table).
func writeHello(c net.Conn, token Token, rank, ranks int, addr, host string) error {
	b := append([]byte(helloMagic), 0, 0)
	binary.LittleEndian.PutUint16(b[len(helloMagic):], helloVersion)
	b = append(b, token[:]...)
	b = binary.LittleEndian.AppendUint32(b, uint32(rank))
	b = binary.LittleEndian.AppendUint32(b, uint32(ranks))
	b = appendString(b, addr)
	b = appendString(b, host)
	_, err := c.Write(append(b, helloEnd...))
	return err
}

// readHello reads a hello from c and checks, in this order and before
// reading any further, the magic and version, then token (in constant
// time), then that the group size is ranks.
func readHello(c net.Conn, token Token, ranks int) (rank int, addr, host string, err error) {
	var h [len(helloMagic) + 2]byte
	if _, err := io.ReadFull(c, h[:]); err != nil {
		return 0, "", "", fmt.Errorf("%s sent no hello: %w", c.RemoteAddr(), err)
	}
	if string(h[:len(helloMagic)]) != helloMagic {
		return 0, "", "", fmt.Errorf("%s is not a ccplay rank (its first bytes are %q)", c.RemoteAddr(), h[:])
	}
	if v := binary.LittleEndian.Uint16(h[len(helloMagic):]); v != helloVersion {
		return 0, "", "", fmt.Errorf("%s speaks rendezvous version %d, this rank %d (another ccplay build)", c.RemoteAddr(), v, helloVersion)
	}
	var got Token
	if _, err := io.ReadFull(c, got[:]); err != nil {
		return 0, "", "", fmt.Errorf("%s sent a short hello: %w", c.RemoteAddr(), err)
	}
	if subtle.ConstantTimeCompare(got[:], token[:]) != 1 {
		return 0, "", "", fmt.Errorf("%s has a wrong job token", c.RemoteAddr())
	}
	var rp [8]byte
	if _, err := io.ReadFull(c, rp[:]); err != nil {
		return 0, "", "", fmt.Errorf("%s sent a short hello: %w", c.RemoteAddr(), err)
	}
	rank = int(binary.LittleEndian.Uint32(rp[:4]))
	if p := int(binary.LittleEndian.Uint32(rp[4:])); p != ranks {
		return 0, "", "", fmt.Errorf("rank %d was started for %d ranks, this rank for %d", rank, p, ranks)
	}
	if addr, err = readString(c); err != nil {
		return rank, "", "", err
	}
	if host, err = readString(c); err != nil {
		return rank, "", "", err
	}
	var end [len(helloEnd)]byte
	if _, err := io.ReadFull(c, end[:]); err != nil || string(end[:]) != helloEnd {
		return rank, "", "", fmt.Errorf("%s sent a hello that does not end as one: %q (%v)", c.RemoteAddr(), end[:], err)
	}
	return rank, addr, host, nil
}

// writeAck answers a hello that passed every check.
func writeAck(c net.Conn) error {
	b := binary.LittleEndian.AppendUint16([]byte(helloMagic), helloVersion)
	_, err := c.Write(b)
	return err
}

// readAck waits for the answer to this rank's hello from addr and says
// what went wrong when it is not a ccplay rank's ack.
func readAck(c net.Conn, addr string) error {
	var a [len(helloMagic) + 2]byte
	n, err := io.ReadFull(c, a[:])
	switch {
	case n > 0 && string(a[:min(n, len(helloMagic))]) != helloMagic[:min(n, len(helloMagic))]:
		return fmt.Errorf("%s is not a ccplay rendezvous (it answered %q)", addr, a[:n])
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || isReset(err):
		return fmt.Errorf("%s closed the connection after this rank's hello: it refused the job token (another job), speaks another version, or is not a ccplay rank", addr)
	case err != nil:
		return fmt.Errorf("waiting for %s to answer this rank's hello: %w", addr, err)
	case binary.LittleEndian.Uint16(a[len(helloMagic):]) != helloVersion:
		return fmt.Errorf("%s speaks rendezvous version %d, this rank %d (another ccplay build)", addr, binary.LittleEndian.Uint16(a[len(helloMagic):]), helloVersion)
	}
	return nil
}

// isReset reports a connection the other side reset (closed with our
// hello unread).
func isReset(err error) bool {
	return err != nil && strings.Contains(err.Error(), "connection reset")
}

// acceptRanks accepts connections on ln until every rank in [lo, hi) has
// said a valid hello proving token (see readHello), and makes each the
// peer of its rank; it returns the addresses they sent, by rank. Hellos
// are read concurrently, each bounded by deadline, so a connection that
// says nothing holds up no rank; it is closed when acceptRanks returns.
// A connection that fails a check, or names a rank outside [lo, hi) or
// already connected, is closed having received nothing, and does not
// count; if the ranks are still missing at the deadline, the error says
// what was refused. The caller closes ln afterwards, which ends the
// accepting.
func (e *tcpEndpoint) acceptRanks(ln net.Listener, token Token, lo, hi int, deadline time.Time) ([]string, error) {
	if dl, ok := ln.(interface{ SetDeadline(time.Time) error }); ok {
		dl.SetDeadline(deadline)
	}
	hellos := make(chan hello)
	acceptErr := make(chan error, 1)
	done := make(chan struct{})
	defer close(done)
	var waiting pendingConns
	defer waiting.closeAll()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				acceptErr <- err
				return
			}
			waiting.add(c)
			go func() {
				c.SetDeadline(deadline)
				r, a, host, err := readHello(c, token, e.ranks)
				select {
				case hellos <- hello{c, r, a, host, err}:
				case <-done:
					c.Close()
				}
			}()
		}
	}()
	addrs := make([]string, e.ranks)
	var refused []string
	for n := hi - lo; n > 0; {
		select {
		case h := <-hellos:
			if h.err == nil && (h.rank < lo || h.rank >= hi || e.peers[h.rank] != nil) {
				h.err = fmt.Errorf("unexpected hello from rank %d (duplicate rank, or not in %d..%d)", h.rank, lo, hi-1)
			}
			if h.err == nil {
				h.err = writeAck(h.conn)
			}
			if h.err != nil {
				h.conn.Close()
				refused = append(refused, h.err.Error())
				continue
			}
			waiting.take(h.conn)
			e.peers[h.rank] = newPeer(h.conn, e.opts)
			addrs[h.rank] = h.addr
			if h.host != "" {
				e.hosts[h.rank] = h.host
			}
			n--
		case err := <-acceptErr:
			msg := fmt.Sprintf("waiting for %d more ranks: %v", n, err)
			if len(refused) > 0 {
				msg += fmt.Sprintf("; refused %d connections: %s", len(refused), strings.Join(refused, "; "))
			}
			return nil, errors.New(msg)
		}
	}
	return addrs, nil
}

// pendingConns are the accepted connections not yet taken for a rank.
type pendingConns struct {
	mu     sync.Mutex
	conns  map[net.Conn]bool
	closed bool
}

// add records c, or closes it if closeAll has run.
func (p *pendingConns) add(c net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		c.Close()
		return
	}
	if p.conns == nil {
		p.conns = map[net.Conn]bool{}
	}
	p.conns[c] = true
}

// take removes c: it became a rank's connection.
func (p *pendingConns) take(c net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.conns, c)
}

// closeAll closes every connection still pending (a stray that never
// finished its hello), and any added later.
func (p *pendingConns) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	for c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// writeTable sends every rank's address and host.
func writeTable(c net.Conn, addrs, hosts []string) error {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(addrs)))
	for i, a := range addrs {
		b = appendString(b, a)
		b = appendString(b, hosts[i])
	}
	_, err := c.Write(b)
	return err
}

// readTable reads the table of writeTable, the hosts into hosts.
func readTable(c net.Conn, ranks int, hosts []string) ([]string, error) {
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
		h, err := readString(c)
		if err != nil {
			return nil, err
		}
		addrs[i] = a
		if h != "" && hosts[i] == "" {
			hosts[i] = h
		}
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
