package transport

import (
	"net"
	"syscall"
)

// loopbackCongestion is the TCP congestion control of a connection whose
// two ends are loopback addresses.
//
// Why not the system's default: some systems (this project's benchmark
// machine among them) default to BBR, and BBR without the fq qdisc makes
// the kernel pace every packet with a high-resolution timer (the socket is
// marked SK_PACING_NEEDED; see tcp_internal_pacing in Linux's
// net/ipv4/tcp_output.c). On loopback there is no bottleneck queue for
// pacing to protect, only the timers: profiled on 2 cores, P = 2, 1 MiB
// ring AllReduce, 12 % of the machine's CPU samples fell in tcp_write_xmit
// where it re-enables interrupts (perf record -a; the pacing timer is armed
// under an interrupt-disabling lock), and a call took 681 µs (median of 10
// interleaved runs of 1000 calls) against 485 µs with reno, whose profile
// has none.
//
// Reno is built into every Linux kernel, is always in
// net.ipv4.tcp_allowed_congestion_control (so unprivileged processes may
// choose it) and never paces unless the fq qdisc asks. Connections
// between hosts keep the system's choice: there BBR's pacing matters.
const loopbackCongestion = "reno"

// tuneCongestion sets loopbackCongestion on tc when both of its ends are
// loopback addresses, and reports whether it did. A failure is returned,
// not fatal to the caller: the connection works either way, only slower.
func tuneCongestion(tc *net.TCPConn) (bool, error) {
	if !loopbackPair(tc.LocalAddr(), tc.RemoteAddr()) {
		return false, nil
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return false, err
	}
	var serr error
	if err := raw.Control(func(fd uintptr) {
		serr = syscall.SetsockoptString(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CONGESTION, loopbackCongestion)
	}); err != nil {
		return false, err
	}
	return serr == nil, serr
}
