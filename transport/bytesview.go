package transport

import (
	"encoding/binary"
	"unsafe"
)

// littleEndian reports whether this machine stores integers little-endian,
// as the wire format does; then an element slice and its wire bytes have
// the same memory layout and payloads move with one memmove.
var littleEndian = func() bool {
	var b [8]byte
	binary.NativeEndian.PutUint64(b[:], 1)
	return b[0] == 1
}()

// asBytes views v's memory as bytes (no copy).
func asBytes[T Elem](v []T) []byte {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*ElemSize)
}

// asElems views b's memory as elements when b is 8-byte aligned (Go's
// allocations of 8 bytes or more are), ok false otherwise.
func asElems[T Elem](b []byte) ([]T, bool) {
	if len(b) == 0 {
		return nil, true
	}
	if uintptr(unsafe.Pointer(&b[0]))%8 != 0 {
		return nil, false
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/ElemSize), true
}
