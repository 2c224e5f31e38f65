package transport

import (
	"net"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// congestionOf reads the TCP_CONGESTION socket option of c.
func congestionOf(t *testing.T, c net.Conn) string {
	t.Helper()
	raw, err := c.(*net.TCPConn).SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var buf [16]byte
	n := uint32(len(buf))
	var errno syscall.Errno
	raw.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall6(syscall.SYS_GETSOCKOPT, fd, syscall.IPPROTO_TCP, syscall.TCP_CONGESTION,
			uintptr(unsafe.Pointer(&buf[0])), uintptr(unsafe.Pointer(&n)), 0)
	})
	if errno != 0 {
		t.Fatalf("getsockopt TCP_CONGESTION: %v", errno)
	}
	s := buf[:n]
	for i, b := range s {
		if b == 0 {
			s = s[:i]
			break
		}
	}
	return string(s)
}

// Every connection of a loopback TCP group uses the non-pacing congestion
// control, on both of its ends, whatever the system's default is.
func TestLoopbackConnectionsUseLoopbackCongestion(t *testing.T) {
	eps, err := LocalTCP(3, Options{Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer CloseAll(eps)
	conns := 0
	for _, ep := range eps {
		for q, p := range ep.(*tcpEndpoint).peers {
			if p == nil {
				continue
			}
			conns++
			if got := congestionOf(t, p.conn); got != loopbackCongestion {
				t.Errorf("rank %d → %d: congestion control %q, want %q", ep.Rank(), q, got, loopbackCongestion)
			}
		}
	}
	if conns != 6 {
		t.Fatalf("inspected %d connection ends, want 6 (3 ranks × 2 peers)", conns)
	}
}

// tuneCongestion on a loopback connection says it tuned it, and did
// (which connections count as loopback: TestLoopbackPair).
func TestTuneCongestionReportsWhatItSet(t *testing.T) {
	a, _ := tcpPair(t) // on 127.0.0.1
	before := congestionOf(t, a)
	if ok, err := tuneCongestion(a.(*net.TCPConn)); !ok || err != nil {
		t.Fatalf("loopback connection: tuned %v, err %v; want true, nil", ok, err)
	}
	if got := congestionOf(t, a); got != loopbackCongestion {
		t.Fatalf("after tuning: %q (was %q), want %q", got, before, loopbackCongestion)
	}
}
