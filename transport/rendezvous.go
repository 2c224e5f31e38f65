package transport

import (
	"fmt"
	"net"
	"time"
)

// Rendezvous is how the ranks of a job find each other (like
// MASTER_ADDR:MASTER_PORT): rank 0 serves on Addr, or on Listener when
// the launcher has bound it already, and every rank proves Token in its
// hellos (see hello.go).
type Rendezvous struct {
	// Addr is rank 0's rendezvous address, host:port; the other ranks
	// connect to it.
	Addr string
	// Listener, for rank 0 only, is the rendezvous socket already bound
	// to Addr (a launcher binds it before it starts any rank, so a taken
	// port fails the launch at once and no rank ever dials a stranger);
	// nil: rank 0 listens on Addr itself. Dial closes it.
	Listener net.Listener
	// Token is the job's secret; every rank of the job must have the same.
	Token Token
	// Iface names the interface whose address a rank other than 0
	// accepts mesh connections on; "": the one whose route reaches Addr
	// (see listenNear).
	Iface string
	// Host identifies the rank's host (HostKey when ""): it travels in
	// the rank's hello and the address table, and ranks with the same
	// Host form a node (Hosts).
	Host string
}

// DialTCP joins rank rank of a group of ranks ranks over TCP through a
// rendezvous on addr that rank 0 listens on, with the zero Token: for
// groups within one process (LocalTCP). Ranks in separate processes use
// Rendezvous.Dial with the job's token.
func DialTCP(rank, ranks int, addr string, o Options) (Endpoint, error) {
	return Rendezvous{Addr: addr}.Dial(rank, ranks, o)
}

// Dial joins rank rank of a group of ranks ranks over TCP and returns its
// endpoint once the full mesh is connected. Rank 0 serves the rendezvous
// (on rv.Listener, else on rv.Addr); every other rank listens on an
// ephemeral port of the address through which it reaches rv.Addr (or of
// rv.Iface), connects to rv.Addr (retrying until rank 0 is up), says its
// hello with that address and its host and waits for the ack (a
// non-ccplay server or a refusal fails it at once); once every rank has
// joined, rank 0 sends each the table of addresses and hosts. Then rank i connects
// to each rank 0 < j < i, and the connection to rank 0 is the rendezvous
// connection itself: P(P−1)/2 connections. No data moves on a connection
// before its hello has passed (job token included). The whole set-up is
// bounded by o.SetupTimeout.
func (rv Rendezvous) Dial(rank, ranks int, o Options) (Endpoint, error) {
	if rv.Listener != nil && rank != 0 {
		rv.Listener.Close()
		return nil, fmt.Errorf("transport: rank %d was given the rendezvous listener; only rank 0 serves it", rank)
	}
	if ranks < 1 || rank < 0 || rank >= ranks {
		if rv.Listener != nil {
			rv.Listener.Close()
		}
		return nil, fmt.Errorf("transport: rank %d is not in a group of %d ranks", rank, ranks)
	}
	e := &tcpEndpoint{rank: rank, ranks: ranks, opts: o, peers: make([]*tcpPeer, ranks), poison: newPoison(),
		hosts: make([]string, ranks)}
	if e.hosts[rank] = rv.Host; rv.Host == "" {
		e.hosts[rank] = HostKey()
	}
	if ranks == 1 {
		if rv.Listener != nil {
			rv.Listener.Close()
		}
		return e, nil
	}
	deadline := time.Now().Add(o.setupTimeout())
	var err error
	if rank == 0 {
		err = e.serve(rv, deadline)
	} else {
		err = e.join(rv, deadline)
	}
	if err != nil {
		e.closeConns()
		return nil, fmt.Errorf("rank %d: TCP set-up via %s: %w", rank, rv.Addr, err)
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
func (e *tcpEndpoint) serve(rv Rendezvous, deadline time.Time) error {
	ln := rv.Listener
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", rv.Addr); err != nil {
			return err
		}
	}
	defer ln.Close()
	addrs, err := e.acceptRanks(ln, rv.Token, 1, e.ranks, deadline)
	if err != nil {
		return err
	}
	for r := 1; r < e.ranks; r++ {
		if err := writeTable(e.peers[r].conn, addrs, e.hosts); err != nil {
			return fmt.Errorf("sending the address table to rank %d: %w", r, err)
		}
	}
	return nil
}

// join connects rank e.rank > 0 to the rendezvous and to every other rank.
func (e *tcpEndpoint) join(rv Rendezvous, deadline time.Time) error {
	c, err := dialRetry(rv.Addr, deadline)
	if err != nil {
		return err
	}
	c.SetDeadline(deadline)
	e.peers[0] = newPeer(c, e.opts)
	ln, err := listenNear(c, rv.Iface)
	if err != nil {
		return err
	}
	defer ln.Close()
	if err := writeHello(c, rv.Token, e.rank, e.ranks, ln.Addr().String(), e.hosts[e.rank]); err != nil {
		return err
	}
	if err := readAck(c, rv.Addr); err != nil {
		return err
	}
	addrs, err := readTable(c, e.ranks, e.hosts)
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
		if err := writeHello(c, rv.Token, e.rank, e.ranks, "", ""); err != nil {
			return err
		}
		if err := readAck(c, fmt.Sprintf("rank %d (%s)", j, addrs[j])); err != nil {
			return err
		}
	}
	if e.rank+1 < e.ranks {
		if _, err := e.acceptRanks(ln, rv.Token, e.rank+1, e.ranks, deadline); err != nil {
			return err
		}
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
