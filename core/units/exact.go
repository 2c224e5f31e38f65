// This file turns an exact decimal number times a unit into a whole number
// of bytes, without the rounding that float64 arithmetic would introduce.

package units

import (
	"math/big"
)

// scaleFactor is a unit expressed as 10^pow10 × 2^pow2 bytes.
type scaleFactor struct {
	pow10 int
	pow2  uint
}

// maxExactDigits bounds the significant digits of an accepted size. If
// D×10^-k×2^p = N < 2^63 with D free of trailing zeros, then k ≤ p ≤ 50 and
// D = N×5^k/2^(p-k) < 2^63×5^50 < 10^54; decimal units need at most 19. So
// longer numbers are always errors, and are decided without big.Int.
const maxExactDigits = 60

// exactReason values returned by exactBytes.
const (
	reasonNotWhole = "not a whole number of bytes"
	reasonTooLarge = "too large: the maximum is 9223372036854775807 bytes (just under 8 EiB)"
)

// exactBytes returns n × f as an int64 count of bytes. n must not be
// negative. It fails with reasonNotWhole when the product has a fractional
// part and with reasonTooLarge when it does not fit in an int64.
func exactBytes(n number, f scaleFactor) (int64, string) {
	if n.isZero() {
		return 0, ""
	}
	if len(n.digits) > maxExactDigits {
		// No whole number of bytes up to 2^63 needs this many digits, so
		// the answer is an error; the leading digits decide which one,
		// without feeding a huge number to big.Int.
		head := number{digits: n.digits[:maxExactDigits], exp: n.exp + len(n.digits) - maxExactDigits}
		if _, reason := exactBytes(head, f); reason == reasonTooLarge {
			return 0, reasonTooLarge
		}
		return 0, reasonNotWhole
	}
	e10 := n.exp + f.pow10
	// Cheap bounds first, so that huge exponents never reach big.Int.
	// The value is at least 10^(len-1+e10) and below 10^(len+e10) × 2^pow2,
	// where 2^pow2 ≤ 2^60 < 10^19.
	mag := len(n.digits) + e10
	if mag-1 >= 19 {
		return 0, reasonTooLarge
	}
	if mag+19 <= 0 {
		return 0, reasonNotWhole
	}
	v, ok := new(big.Int).SetString(n.digits, 10)
	if !ok {
		return 0, reasonNotWhole // unreachable: digits are ASCII digits
	}
	v.Lsh(v, f.pow2)
	ten := big.NewInt(10)
	if e10 >= 0 {
		v.Mul(v, new(big.Int).Exp(ten, big.NewInt(int64(e10)), nil))
	} else {
		d := new(big.Int).Exp(ten, big.NewInt(int64(-e10)), nil)
		q, r := new(big.Int).QuoRem(v, d, new(big.Int))
		if r.Sign() != 0 {
			return 0, reasonNotWhole
		}
		v = q
	}
	if !v.IsInt64() {
		return 0, reasonTooLarge
	}
	return v.Int64(), ""
}
