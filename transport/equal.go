package transport

import (
	"bytes"
	"slices"
)

// Equal reports whether a and b hold the same results: bit-identical
// elements (checked with memequal, several times faster than an element
// loop), or else elements equal under == (so −0 matches +0). Unlike
// slices.Equal, a NaN matches a bit-identical NaN: a run that reproduces
// the reference bit for bit is correct. A verifier between timed calls
// then steals less CPU from the other ranks sharing the cores. O(len).
func Equal[T Elem](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	return bytes.Equal(asBytes(a), asBytes(b)) || slices.Equal(a, b)
}
