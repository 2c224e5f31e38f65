package transport

import (
	"io"
	"net"
)

// sock moves the bytes of one peer connection of the TCP mesh: Read as
// net.Conn's (bounded by the connection's read deadline); frame, which
// the connection's reader calls with a frame's payload size before
// reading the payload; and writev, which writes h and then payload
// completely (bounded by the write deadline) without copying them
// together.
type sock interface {
	io.Reader
	frame(size int)
	writev(h, payload []byte) error
}

// plainSock is a sock over any net.Conn, through the Go runtime's system
// call path (see rawsock_linux.go for the one used on Linux).
type plainSock struct{ c net.Conn }

func (s plainSock) Read(p []byte) (int, error) { return s.c.Read(p) }

func (s plainSock) frame(int) {}

func (s plainSock) writev(h, payload []byte) error {
	bufs := net.Buffers{h, payload}
	_, err := bufs.WriteTo(s.c)
	return err
}
