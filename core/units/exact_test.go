package units

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// bigBytes is exactBytes computed independently with math/big: the value
// n × 10^pow10 × 2^pow2 as an exact rational, then checked for being whole
// and for fitting in an int64. Where both errors apply, exactBytes reports
// "too large" when n × 10^pow10 alone is at least 10^19 (its cheap
// magnitude test) and "not whole" otherwise; so does this.
func bigBytes(n number, f scaleFactor) (int64, string) {
	if len(n.digits)+n.exp+f.pow10 > 19 {
		return 0, string(reasonTooLarge.id)
	}
	num, _ := new(big.Int).SetString(n.digits, 10)
	if n.digits == "" {
		num = new(big.Int)
	}
	num.Lsh(num, f.pow2)
	den := big.NewInt(1)
	e := n.exp + f.pow10
	pow := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(e, -e))), nil)
	if e >= 0 {
		num.Mul(num, pow)
	} else {
		den = pow
	}
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	if r.Sign() != 0 {
		return 0, string(reasonNotWhole.id)
	}
	if !q.IsInt64() {
		return 0, string(reasonTooLarge.id)
	}
	return q.Int64(), ""
}

// TestExactBytesAgreesWithBigInt checks the fixed-width arithmetic against
// math/big on random numbers around the int64 boundary and the smallest
// whole byte counts: digit strings of 1–60 digits, decimal exponents that
// put the value anywhere from far below a byte to far above 2^63, and every
// unit factor ParseSize uses.
func TestExactBytesAgreesWithBigInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	factors := []scaleFactor{{}}
	for k := 1; k <= 5; k++ {
		factors = append(factors, scaleFactor{pow10: 3 * k}, scaleFactor{pow2: uint(10 * k)})
	}
	var wholes, larges int
	for i := 0; i < 200000; i++ {
		nd := 1 + rng.IntN(60)
		var b strings.Builder
		b.WriteByte(byte('1' + rng.IntN(9)))
		for j := 1; j < nd; j++ {
			if rng.IntN(3) == 0 {
				b.WriteByte('0') // trailing zeros make whole products likelier
			} else {
				b.WriteByte(byte('0' + rng.IntN(10)))
			}
		}
		n := number{digits: b.String(), exp: -nd - 20 + rng.IntN(nd+45)}
		f := factors[rng.IntN(len(factors))]
		got, why := exactBytes(n, f)
		gotReason := string(why.id)
		want, wantReason := bigBytes(n, f)
		if got != want || gotReason != wantReason {
			t.Fatalf("%se%d × 10^%d × 2^%d: got %d %q, math/big says %d %q", n.digits, n.exp, f.pow10, f.pow2, got, gotReason, want, wantReason)
		}
		switch wantReason {
		case "":
			wholes++
		case string(reasonTooLarge.id):
			larges++
		}
	}
	// The sample must exercise all three outcomes, or it proves little.
	if wholes < 1000 || larges < 1000 {
		t.Fatalf("sample too narrow: %d whole, %d too large", wholes, larges)
	}
}

// TestExactBytesEdges covers the boundaries by hand: the largest int64,
// one more, and exact binary fractions that need many digits.
func TestExactBytesEdges(t *testing.T) {
	tests := []struct {
		name   string
		n      number
		f      scaleFactor
		want   int64
		reason string
	}{
		{"max int64", number{digits: "9223372036854775807"}, scaleFactor{}, 1<<63 - 1, ""},
		{"max int64 + 1", number{digits: "9223372036854775808"}, scaleFactor{}, 0, string(reasonTooLarge.id)},
		{"8 EiB as 8192 PiB", number{digits: "8192"}, scaleFactor{pow2: 50}, 0, string(reasonTooLarge.id)},
		{"just under 8 EiB as PiB", number{digits: "8191"}, scaleFactor{pow2: 50}, 8191 << 50, ""},
		{"2^-50 PiB is one byte", number{digits: "88817841970012523233890533447265625", exp: -50}, scaleFactor{pow2: 50}, 1, ""},
		{"a hair above one byte", number{digits: "88817841970012523233890533447265626", exp: -50}, scaleFactor{pow2: 50}, 0, string(reasonNotWhole.id)},
		{"1.5 KB", number{digits: "15", exp: -1}, scaleFactor{pow10: 3}, 1500, ""},
	}
	for _, tc := range tests {
		got, why := exactBytes(tc.n, tc.f)
		if reason := string(why.id); got != tc.want || string(reason) != tc.reason {
			t.Errorf("%s: got %d %q, want %d %q", tc.name, got, reason, tc.want, tc.reason)
		}
	}
}
