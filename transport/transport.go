// Package transport runs the schedules of package sched with real
// concurrency: one goroutine per rank over in-memory mailboxes (Chan), or one
// OS process per rank over TCP (Rendezvous.Dial), on 127.0.0.1 or across
// hosts: the ranks exchange their addresses and hosts at the rendezvous
// (Hosts) and count their bytes per peer (PeerBytes, LinkBytes). Run
// executes one rank's part of a schedule over any Endpoint.
//
// Every message carries a Header (call sequence number, collective,
// algorithm, round), so ranks that call different collectives, or the same
// ones in a different order, are detected at the first message that crosses
// between them (*MismatchError). Every blocking wait is bounded: a Recv by
// Options.Timeout, a TCP write by the same deadline, connection setup by
// Options.SetupTimeout. A peer that aborts, dies or drops its connection
// poisons the endpoint: every pending and later Recv fails at once with a
// *PeerError naming the rank, so no rank hangs on a dead peer.
//
// On TCP the payloads move without intermediate copies where possible: a
// send is one writev of header and payload straight from the work buffer;
// a receive is posted before the round's sends and the connection's reader
// moves the payload from the socket into the work buffer (a copy) or folds
// it in chunk by chunk (a reduction); see direct.go. RunIn reuses a
// Workspace between calls, and an input that covers the whole work buffer
// is read in place rather than copied in (lazyinput.go). On Linux the
// mesh's sockets are read and written with raw system calls on the
// non-blocking sockets, so a long copy into or out of the kernel does not
// make the runtime hand the rank's P to another thread (rawsock_linux.go).
// TimeRank times calls back to back after a barrier, as nccl-tests and
// Open MPI's benchmarks do, and verifies outside the timed region.
//
// This package does I/O and therefore lives outside core/.
package transport

import (
	"fmt"
	"time"
)

// Header identifies the message of one transfer: call Seq (numbered from 1
// by the caller, the same on every rank), the collective and algorithm of the
// call, and the round of the schedule. Two ranks executing the same call
// agree on all four fields.
type Header struct {
	Seq        uint64
	Collective string
	Algorithm  string
	Round      int32
}

func (h Header) String() string {
	return fmt.Sprintf("call #%d %s/%s round %d", h.Seq, h.Collective, h.Algorithm, h.Round)
}

// Message is one transfer's payload (little-endian 8-byte elements) with its
// header. Send takes ownership of the payload: the caller must not use it
// afterwards (the transport may recycle it once delivered).
type Message struct {
	Header
	Payload []byte
	// borrowed marks a payload that views the sender's work buffer (see
	// Run): the transport must not recycle it.
	borrowed bool
}

// copier is implemented by transports whose Send has copied the payload
// (into the kernel) by the time it returns, so Run may send straight from
// its work buffer instead of encoding a copy first.
type copier interface{ copiesOnSend() bool }

// Endpoint is one rank's view of a group of Ranks() ranks.
//
// Send never waits for the receiver to call Recv (messages are buffered by
// the receiving side), so a rank can post a round's sends and then receive
// without deadlocking. Messages between one pair of ranks arrive in the order
// they were sent. Recv waits for the next message from src, at most
// Options.Timeout. Close ends the rank's participation cleanly (peers still
// receive everything already sent); Abort ends it with a reason every peer
// reports. Endpoints are safe for one Run at a time; Send may be called
// concurrently with Recv.
type Endpoint interface {
	Rank() int
	Ranks() int
	Send(dst int, m Message) error
	Recv(src int) (Message, error)
	Close() error
	Abort(reason error)
}

// Options bound every wait of an endpoint and say how a TCP rank waits
// (sleeping at once, or polling first).
type Options struct {
	// Timeout bounds one Recv and one TCP write (0 = DefaultTimeout).
	Timeout time.Duration
	// SetupTimeout bounds the TCP rendezvous and mesh set-up, and Close's
	// wait for the peers' goodbyes (0 = DefaultSetupTimeout).
	SetupTimeout time.Duration
	// Spin is how long a TCP connection's reader, or a writer, keeps
	// polling a socket that has no data (or no room) before it sleeps in
	// the network poller, yielding to the rank's other goroutines between
	// polls; 0 never polls (Linux only: elsewhere it is ignored). Polling
	// saves waking a sleeping thread when the data comes, which dominates
	// small messages. See SpinFor.
	Spin time.Duration
	// Yield makes a polling rank also yield the CPU to other processes
	// between polls (sched_yield), as Open MPI's ranks do when there are
	// more of them than cores: the peer a rank waits for may need its core.
	Yield bool
}

// SpinFor is the polling (Options.Spin and Yield) for ranks processes on a
// machine of cpus cores: 100 µs without yielding when every rank can have
// a core of its own, else 1 ms yielding the CPU between polls. Measured on
// 2 cores, ring AllReduce with the ranks as processes, interleaved runs
// (docs/real-runs.md, the Open MPI comparison): without polling a
// waiting rank slept at once and waking it cost tens of microseconds (P =
// 2, 1 KiB: 65 µs per call, the CPUs half idle; 30 µs polling 100 µs).
// Polling without yielding, with more ranks than cores, took the core a
// peer needed (P = 4, 1 KiB: 301 → 716 µs); polling 1 ms and yielding made
// P = 4 faster below 1 MiB (1 KiB 410 and 485 → 276 and 301 µs in two
// runs; 0.30–0.47 → 0.48–0.74 × Open MPI up to 64 KiB) and about the same
// above (1 MiB 1698 and 2128 against 1948 and 1891 µs), but yielding cost
// P = 2 small messages (4 KiB 38 → 57 µs).
func SpinFor(ranks, cpus int) (spin time.Duration, yield bool) {
	if ranks <= cpus {
		return 100 * time.Microsecond, false
	}
	return time.Millisecond, true
}

// Defaults of Options.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultSetupTimeout = 30 * time.Second
)

func (o Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return DefaultTimeout
}

func (o Options) setupTimeout() time.Duration {
	if o.SetupTimeout > 0 {
		return o.SetupTimeout
	}
	return DefaultSetupTimeout
}

// PeerError reports that rank Peer can no longer be heard from: it aborted
// (Reason says why), closed, or its connection dropped.
type PeerError struct {
	Rank, Peer int
	Reason     string
}

func (e *PeerError) Error() string {
	return fmt.Sprintf("rank %d: rank %d %s", e.Rank, e.Peer, e.Reason)
}

// TimeoutError reports a Recv that waited longer than Options.Timeout.
type TimeoutError struct {
	Rank, Peer int
	Waited     time.Duration
	Want       string // what the rank was waiting for, e.g. a Header
}

func (e *TimeoutError) Error() string {
	s := fmt.Sprintf("rank %d: no message from rank %d within %v", e.Rank, e.Peer, e.Waited)
	if e.Want != "" {
		s += " (waiting for " + e.Want + ")"
	}
	return s + "; the peer is stuck, slower than the timeout, or called a different collective"
}

// MismatchError reports that rank Rank, executing Want, received a message of
// a different call from rank Peer: the ranks call different collectives, or
// the same ones in a different order.
type MismatchError struct {
	Rank, Peer int
	Want, Got  Header
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("mismatched collectives: rank %d is in %s but rank %d sent %s (ranks must call the same collectives in the same order)",
		e.Rank, e.Want, e.Peer, e.Got)
}
