package transport

import (
	"math/bits"
	"sync"
)

// Payload buffers are recycled: Run encodes each transfer into a buffer
// from getBuf, the TCP transport returns it with putBuf once written, and
// the receiving Run returns the received payload (the TCP reader's buffer,
// or the sender's own buffer on the in-memory transport) once applied. This
// avoids zeroing a fresh allocation per message, which dominated large
// transfers. Buffers are kept per power-of-two capacity class.
var bufPools [bits.UintSize]sync.Pool

// getBuf returns a buffer of length n with unspecified contents.
func getBuf(n int) []byte {
	if n == 0 {
		return nil
	}
	k := bits.Len(uint(n - 1))
	if v := bufPools[k].Get(); v != nil {
		return (*v.(*[]byte))[:n]
	}
	return make([]byte, n, 1<<k)
}

// putBuf recycles a buffer of getBuf; other buffers (capacity not a power
// of two) are left to the garbage collector. The caller must not use b
// afterwards.
func putBuf(b []byte) {
	c := cap(b)
	if c == 0 || c&(c-1) != 0 {
		return
	}
	b = b[:c]
	bufPools[bits.TrailingZeros(uint(c))].Put(&b)
}
