package transport

import (
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// tcpPair is a connected pair of TCP connections on 127.0.0.1.
func tcpPair(t *testing.T) (net.Conn, net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	acc := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		acc <- c
	}()
	a, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	b := <-acc
	if b == nil {
		t.Fatal("accept failed")
	}
	t.Cleanup(func() { a.Close(); b.Close() })
	return a, b
}

// The raw socket moves headers and payloads larger than the socket
// buffers completely and in order (partial writevs resume where they
// stopped; the writer waits for room), by raw system calls up to rawMax
// and the ordinary way beyond (frame switches the reader); the reader
// sees every byte in small reads, then io.EOF once the writer closes;
// with and without polling before sleeping (Options.Spin).
func TestRawSockMovesEveryByte(t *testing.T) {
	for _, o := range pollings {
		t.Run(pollingName(o), func(t *testing.T) { rawSockMovesEveryByte(t, o) })
	}
}

func rawSockMovesEveryByte(t *testing.T, o Options) {
	a, b := tcpPair(t)
	w, r := newSock(a, o), newSock(b, o)
	if _, ok := w.(*rawSock); !ok {
		t.Fatalf("a TCP connection on Linux got %T, want *rawSock", w)
	}
	payload := make([]byte, rawMax+7)
	for i := range payload {
		payload[i] = byte(i * 7)
	}
	frames := []struct{ h, p []byte }{
		{[]byte("raw"), payload[:8<<20+3]}, // raw, larger than the socket buffers
		{[]byte("big"), payload},           // the ordinary path
		{nil, payload[:5]},                 // an empty header is skipped
	}
	werr := make(chan error, 1)
	go func() {
		var err error
		for _, f := range frames {
			if err = w.writev(f.h, f.p); err != nil {
				break
			}
		}
		a.Close()
		werr <- err
	}()
	buf := make([]byte, 4093)
	for i, f := range frames {
		want := append(append([]byte(nil), f.h...), f.p...)
		r.frame(len(f.p))
		var got bytes.Buffer
		for got.Len() < len(want) {
			n, err := r.Read(buf[:min(len(buf), len(want)-got.Len())])
			if err != nil {
				t.Fatalf("frame %d: %v after %d bytes", i, err, got.Len())
			}
			got.Write(buf[:n])
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("frame %d: the %d bytes received differ from those sent", i, len(want))
		}
	}
	if n, err := r.Read(buf); n != 0 || err != io.EOF {
		t.Errorf("after the last frame: %d bytes, %v; want io.EOF", n, err)
	}
	if err := <-werr; err != nil {
		t.Fatal(err)
	}
}

// The connection's deadlines bound the raw socket's waits: a read with no
// data and a write the peer never drains fail with os.ErrDeadlineExceeded,
// whether or not they poll first.
func TestRawSockHonoursDeadlines(t *testing.T) {
	for _, o := range pollings {
		t.Run(pollingName(o), func(t *testing.T) { rawSockHonoursDeadlines(t, o) })
	}
}

func rawSockHonoursDeadlines(t *testing.T, o Options) {
	a, b := tcpPair(t)
	w, r := newSock(a, o), newSock(b, o)
	b.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	if _, err := r.Read(make([]byte, 10)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("read with no data: %v, want a deadline error", err)
	}
	a.SetWriteDeadline(time.Now().Add(50 * time.Millisecond))
	if err := w.writev([]byte("h"), make([]byte, rawMax)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("write nobody reads: %v, want a deadline error", err)
	}
}
