//go:build !linux

package transport

import "net"

// newSock is the sock of connection c: plainSock off Linux, which does
// not poll (Options.Spin and Yield are ignored).
func newSock(c net.Conn, _ Options) sock { return plainSock{c} }
