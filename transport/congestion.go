package transport

import "net"

// loopbackPair reports whether both addresses are TCP addresses on a
// loopback interface (127.0.0.0/8 or ::1), i.e. the connection between
// them never leaves this machine.
func loopbackPair(local, remote net.Addr) bool {
	l, ok1 := local.(*net.TCPAddr)
	r, ok2 := remote.(*net.TCPAddr)
	return ok1 && ok2 && l.IP.IsLoopback() && r.IP.IsLoopback()
}
