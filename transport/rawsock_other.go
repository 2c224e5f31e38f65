//go:build !linux

package transport

import "net"

// newSock is the sock of connection c: plainSock off Linux.
func newSock(c net.Conn) sock { return plainSock{c} }
