package transport

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Frame kinds on a TCP connection.
const (
	kindData  byte = 1 // a transfer: header + payload
	kindBye   byte = 2 // the sender has finished its calls
	kindAbort byte = 3 // the sender aborts; the payload is the reason
)

// MaxPayload caps one frame's payload (1 GiB), so a corrupt length cannot
// make a reader allocate without bound.
const MaxPayload = 1 << 30

// writeFrame writes one frame: kind, seq (u64), round (i32), collective and
// algorithm (u8 length + bytes), payload (u32 length + bytes). All integers
// little-endian.
func writeFrame(w *bufio.Writer, kind byte, m Message) error {
	if len(m.Collective) > 255 || len(m.Algorithm) > 255 || len(m.Payload) > MaxPayload {
		return fmt.Errorf("frame too large")
	}
	var h [1 + 8 + 4]byte
	h[0] = kind
	binary.LittleEndian.PutUint64(h[1:], m.Seq)
	binary.LittleEndian.PutUint32(h[9:], uint32(m.Round))
	w.Write(h[:])
	w.WriteByte(byte(len(m.Collective)))
	w.WriteString(m.Collective)
	w.WriteByte(byte(len(m.Algorithm)))
	w.WriteString(m.Algorithm)
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(len(m.Payload)))
	w.Write(n[:])
	w.Write(m.Payload)
	return w.Flush()
}

// readKind reads the first byte of the next frame (blocking while the
// connection is idle).
func readKind(r *bufio.Reader) (byte, error) { return r.ReadByte() }

// readRest reads the rest of a frame whose kind has been read.
func readRest(r *bufio.Reader) (Message, error) {
	var m Message
	var h [12]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return m, err
	}
	m.Seq = binary.LittleEndian.Uint64(h[:])
	m.Round = int32(binary.LittleEndian.Uint32(h[8:]))
	var err error
	if m.Collective, err = readShort(r); err != nil {
		return m, err
	}
	if m.Algorithm, err = readShort(r); err != nil {
		return m, err
	}
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return m, err
	}
	size := binary.LittleEndian.Uint32(n[:])
	if size > MaxPayload {
		return m, errors.New("frame payload larger than MaxPayload")
	}
	m.Payload = getBuf(int(size))
	_, err = io.ReadFull(r, m.Payload)
	return m, err
}

func readShort(r *bufio.Reader) (string, error) {
	n, err := r.ReadByte()
	if err != nil {
		return "", err
	}
	b := make([]byte, n)
	_, err = io.ReadFull(r, b)
	return string(b), err
}
