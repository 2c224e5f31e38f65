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
// little-endian. The header and the payload go out in one writev (no copy
// of the payload in user space, no small header segment on its own that
// could wait for a delayed ACK).
func writeFrame(s sock, kind byte, m Message) error {
	if len(m.Collective) > 255 || len(m.Algorithm) > 255 || len(m.Payload) > MaxPayload {
		return fmt.Errorf("frame too large")
	}
	h := make([]byte, 0, 1+8+4+2+len(m.Collective)+len(m.Algorithm)+4)
	h = append(h, kind)
	h = binary.LittleEndian.AppendUint64(h, m.Seq)
	h = binary.LittleEndian.AppendUint32(h, uint32(m.Round))
	h = append(h, byte(len(m.Collective)))
	h = append(h, m.Collective...)
	h = append(h, byte(len(m.Algorithm)))
	h = append(h, m.Algorithm...)
	h = binary.LittleEndian.AppendUint32(h, uint32(len(m.Payload)))
	return s.writev(h, m.Payload)
}

// readKind reads the first byte of the next frame (blocking while the
// connection is idle).
func readKind(r *bufio.Reader) (byte, error) { return r.ReadByte() }

// readHeader reads the rest of a frame's header, after its kind, up to and
// including the payload length; the payload follows on r.
func readHeader(r *bufio.Reader) (Header, int, error) {
	var m Header
	var h [12]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return m, 0, err
	}
	m.Seq = binary.LittleEndian.Uint64(h[:])
	m.Round = int32(binary.LittleEndian.Uint32(h[8:]))
	var err error
	if m.Collective, err = readShort(r); err != nil {
		return m, 0, err
	}
	if m.Algorithm, err = readShort(r); err != nil {
		return m, 0, err
	}
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return m, 0, err
	}
	size := binary.LittleEndian.Uint32(n[:])
	if size > MaxPayload {
		return m, 0, errors.New("frame payload larger than MaxPayload")
	}
	return m, int(size), nil
}

// readRest reads the rest of a frame whose kind has been read, the payload
// into a buffer of getBuf.
func readRest(r *bufio.Reader) (Message, error) {
	h, size, err := readHeader(r)
	m := Message{Header: h}
	if err != nil {
		return m, err
	}
	m.Payload = getBuf(size)
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
