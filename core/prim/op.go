package prim

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Op is a reduce operator. All four are associative and commutative on
// int64 (wrapping arithmetic) and, up to rounding, on float64.
type Op string

// The reduce operators.
const (
	Sum  Op = "sum"
	Prod Op = "prod"
	Max  Op = "max"
	Min  Op = "min"
)

// Ops lists the reduce operators.
func Ops() []Op { return []Op{Sum, Prod, Max, Min} }

// ParseOp returns the operator named s (case-insensitive; "" means Sum), or
// a *fielderr.Error on "op" listing the accepted names.
func ParseOp(s string) (Op, error) {
	k := strings.ToLower(strings.TrimSpace(s))
	if k == "" {
		return Sum, nil
	}
	for _, o := range Ops() {
		if string(o) == k {
			return o, nil
		}
	}
	return "", fielderr.New("op", "prim.op.unknown", s)
}

// Elem is an element type a collective can carry.
type Elem interface{ ~int64 | ~float64 }

// Combine folds src into dst element-wise: dst[i] = dst[i] op src[i].
// It is the only arithmetic the executor performs. len(src) must equal len(dst).
func Combine[T Elem](op Op, dst, src []T) {
	src = src[:len(dst)]
	switch op {
	case Sum:
		for i, v := range src {
			dst[i] += v
		}
	case Prod:
		for i, v := range src {
			dst[i] *= v
		}
	case Max:
		for i, v := range src {
			if v > dst[i] {
				dst[i] = v
			}
		}
	case Min:
		for i, v := range src {
			if v < dst[i] {
				dst[i] = v
			}
		}
	}
}
