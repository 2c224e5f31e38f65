// This file turns an exact decimal number times a unit into a whole number
// of bytes, without the rounding that float64 arithmetic would introduce.

package units

import (
	"math"
	"math/bits"
)

// scaleFactor is a unit expressed as 10^pow10 × 2^pow2 bytes.
type scaleFactor struct {
	pow10 int
	pow2  uint
}

// maxExactDigits bounds the significant digits of an accepted size. If
// D×10^-k×2^p = N < 2^63 with D free of trailing zeros, then k ≤ p ≤ 50 and
// D = N×5^k/2^(p-k) < 2^63×5^50 < 10^54; decimal units need at most 19. So
// longer numbers are always errors, and are decided without multi-word
// arithmetic.
const maxExactDigits = 60

// The reasons exactBytes returns.
var (
	reasonNotWhole = because("units.size.not_whole")
	reasonTooLarge = because("units.size.too_large")
)

// exactBytes returns n × f as an int64 count of bytes. n must not be
// negative. It fails with reasonNotWhole when the product has a fractional
// part and with reasonTooLarge when it does not fit in an int64.
func exactBytes(n number, f scaleFactor) (int64, reason) {
	if n.isZero() {
		return 0, reason{}
	}
	if len(n.digits) > maxExactDigits {
		// No whole number of bytes up to 2^63 needs this many digits, so
		// the answer is an error; the leading digits decide which one,
		// without multi-word arithmetic on a huge number.
		head := number{digits: n.digits[:maxExactDigits], exp: n.exp + len(n.digits) - maxExactDigits}
		if _, why := exactBytes(head, f); why.id == reasonTooLarge.id {
			return 0, reasonTooLarge
		}
		return 0, reasonNotWhole
	}
	e10 := n.exp + f.pow10
	// Cheap bounds first, so that huge exponents never reach the loops below.
	// The value is at least 10^(len-1+e10) and below 10^(len+e10) × 2^pow2,
	// where 2^pow2 ≤ 2^60 < 10^19.
	mag := len(n.digits) + e10
	if mag-1 >= 19 {
		return 0, reasonTooLarge
	}
	if mag+19 <= 0 {
		return 0, reasonNotWhole
	}
	var v wide
	for i := 0; i < len(n.digits); i++ {
		v.mulAdd(10, uint64(n.digits[i]-'0'))
	}
	v.mulAdd(1<<f.pow2, 0)
	for ; e10 > 0; e10-- {
		v.mulAdd(10, 0)
	}
	for ; e10 < 0; e10++ {
		if v.divTen() != 0 {
			return 0, reasonNotWhole
		}
	}
	x, ok := v.int64()
	if !ok {
		return 0, reasonTooLarge
	}
	return x, reason{}
}

// wide is an unsigned integer of 320 bits, least significant word first:
// enough for every value exactBytes forms. The digits are fewer than
// maxExactDigits (10^60 < 2^200), times 2^pow2 ≤ 2^60, and a positive power
// of ten is applied only when len(digits) + e10 ≤ 19, so every intermediate
// value is below 2^260. math/big would do, but costs the playground's
// WebAssembly ≈ 40 KB gzipped for these four operations.
type wide [5]uint64

// mulAdd sets v to v×m + a. Each step is O(len(v)).
func (v *wide) mulAdd(m, a uint64) {
	carry := a
	for i := range v {
		hi, lo := bits.Mul64(v[i], m)
		lo, c := bits.Add64(lo, carry, 0)
		v[i], carry = lo, hi+c
	}
}

// divTen sets v to ⌊v/10⌋ and returns the remainder.
func (v *wide) divTen() uint64 {
	var r uint64
	for i := len(v) - 1; i >= 0; i-- {
		v[i], r = bits.Div64(r, v[i], 10)
	}
	return r
}

// int64 returns v when it fits in an int64.
func (v *wide) int64() (int64, bool) {
	for _, w := range v[1:] {
		if w != 0 {
			return 0, false
		}
	}
	if v[0] > math.MaxInt64 {
		return 0, false
	}
	return int64(v[0]), true
}
