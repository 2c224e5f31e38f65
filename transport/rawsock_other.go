//go:build !linux

package transport

import (
	"net"
	"time"
)

// newSock is the sock of connection c: plainSock off Linux, which does
// not poll (Options.Spin is ignored).
func newSock(c net.Conn, _ time.Duration) sock { return plainSock{c} }
