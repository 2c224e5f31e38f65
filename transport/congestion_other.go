//go:build !linux

package transport

import "net"

// tuneCongestion leaves the congestion control alone off Linux (see
// congestion_linux.go).
func tuneCongestion(*net.TCPConn) (bool, error) { return false, nil }
