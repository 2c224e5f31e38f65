package cost

import (
	"math"
	"reflect"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Every answer of the core is made of finite numbers: JSON cannot carry ±Inf
// or NaN, and a text table showing "+Inf" answers nothing. Non-finite values
// can only come from β = 1/(bandwidth·efficiency): latency, γ, the slowdown
// and the byte counts are all capped well inside float64. So a question is
// refused twice, each time naming the input at fault: before any arithmetic
// when β itself is not finite (CheckLink, from Validate), and after it when
// β times the bytes moved overflows (CheckFinite, from Evaluate, Quick and
// Table, and from the faces for answers they compute themselves, such as an
// executed schedule's price).

// CheckLink refuses a link whose β = 1/(bandwidth·efficiency) is not a
// finite number of seconds per byte (a subnormal bandwidth or efficiency,
// such as 1e-320), naming bwField or "efficiency", whichever is the smaller
// number (a bandwidth in B/s, an efficiency as a fraction). The caller has
// checked bandwidth > 0 and efficiency in (0, 1]. O(1).
func CheckLink(bwField string, bandwidth, efficiency float64) error {
	if beta := 1 / (bandwidth * efficiency); !math.IsInf(beta, 0) && !math.IsNaN(beta) {
		return nil
	}
	name, value := bwField, bandwidth
	if efficiency < bandwidth {
		name, value = "efficiency", efficiency
	}
	return fielderr.New(name, "cost.beta.small", value, name)
}

// culprit is the input that makes an answer of p overflow: the smallest of
// the bandwidths p uses (in B/s) and the efficiency (a fraction), the
// factors of the largest β.
func (p Params) culprit() (string, float64) {
	name, value := "bandwidth", p.Bandwidth
	if p.GPUsPerNode > 0 && p.IntraBandwidth < value {
		name, value = "intra-bandwidth", p.IntraBandwidth
	}
	if p.Efficiency < value {
		name, value = "efficiency", p.Efficiency
	}
	return name, value
}

// CheckFinite refuses an answer v of p holding ±Inf or NaN, naming the
// input at fault (culprit). O(size of v).
func (p Params) CheckFinite(v any) error {
	if Finite(v) {
		return nil
	}
	name, value := p.culprit()
	return fielderr.New(name, "cost.time.overflow", value, name)
}

// Finite reports whether every float64 in v — a number, or a struct, slice,
// array, map or pointer holding numbers, at any depth — is finite. O(size
// of v).
func Finite(v any) bool { return finite(reflect.ValueOf(v)) }

func finite(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		return !math.IsInf(f, 0) && !math.IsNaN(f)
	case reflect.Pointer, reflect.Interface:
		return v.IsNil() || finite(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if !finite(v.Field(i)) {
				return false
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if !finite(v.Index(i)) {
				return false
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if !finite(it.Value()) {
				return false
			}
		}
	}
	return true
}
