// Internal tests for the number scanner and the exact byte arithmetic.

package units

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScanNumber(t *testing.T) {
	cases := []struct {
		reason string
		in     string
		want   number
		rest   string
	}{
		{"integer", "100MiB", number{text: "100", digits: "1", exp: 2}, "MiB"},
		{"decimal", "1.5 GB", number{text: "1.5", digits: "15", exp: -1}, " GB"},
		{"leading zeros", "007", number{text: "007", digits: "7"}, ""},
		{"zero", "0.000", number{text: "0.000"}, ""},
		{"negative zero", "-0", number{text: "-0", neg: true}, ""},
		{"sign", "-1.25e3x", number{text: "-1.25e3", neg: true, digits: "125", exp: 1}, "x"},
		{"plus sign", "+5", number{text: "+5", digits: "5"}, ""},
		{"leading point", ".05", number{text: ".05", digits: "5", exp: -2}, ""},
		{"trailing point", "5.B", number{text: "5.", digits: "5"}, "B"},
		{"exponent without digits stays in the unit", "1eB", number{text: "1", digits: "1"}, "eB"},
		{"exponent sign without digits", "1e+", number{text: "1", digits: "1"}, "e+"},
		{"negative exponent", "15E-1", number{text: "15E-1", digits: "15", exp: -1}, ""},
		{"huge exponent saturates", "1e99999999999999999999", number{text: "1e99999999999999999999", digits: "1", exp: maxExponent}, ""},
		{"huge negative exponent saturates", "1e-99999999999999999999", number{text: "1e-99999999999999999999", digits: "1", exp: -maxExponent}, ""},
	}
	for _, c := range cases {
		got, rest, ok := scanNumber(c.in)
		if !ok {
			t.Errorf("%s: scanNumber(%q) failed", c.reason, c.in)
			continue
		}
		if diff := cmp.Diff(c.want, got, cmp.AllowUnexported(number{})); diff != "" || rest != c.rest {
			t.Errorf("%s: scanNumber(%q) rest %q (want %q), number (-want +got):\n%s", c.reason, c.in, rest, c.rest, diff)
		}
	}
	for _, in := range []string{"", ".", "-", "+.", "e5", "GB", "-.e1"} {
		if n, _, ok := scanNumber(in); ok {
			t.Errorf("scanNumber(%q) = %+v, want failure", in, n)
		}
	}
}

func TestExactBytes(t *testing.T) {
	cases := []struct {
		reason string
		n      number
		f      scaleFactor
		want   int64
		fail   string
	}{
		{"zero", number{}, scaleFactor{pow2: 50}, 0, ""},
		{"plain", number{digits: "15", exp: -1}, scaleFactor{pow2: 10}, 1536, ""},
		{"decimal unit", number{digits: "15", exp: -1}, scaleFactor{pow10: 9}, 1_500_000_000, ""},
		{"fraction", number{digits: "13", exp: -1}, scaleFactor{}, 0, string(reasonNotWhole.id)},
		{"far below a byte", number{digits: "1", exp: -maxExponent}, scaleFactor{pow2: 50}, 0, string(reasonNotWhole.id)},
		{"far too large", number{digits: "1", exp: maxExponent}, scaleFactor{}, 0, string(reasonTooLarge.id)},
		{"just too large", number{digits: "9223372036854775808"}, scaleFactor{}, 0, string(reasonTooLarge.id)},
		{"binary overflow", number{digits: "8192"}, scaleFactor{pow2: 50}, 0, string(reasonTooLarge.id)},
	}
	for _, c := range cases {
		got, why := exactBytes(c.n, c.f)
		if fail := string(why.id); got != c.want || fail != c.fail {
			t.Errorf("%s: exactBytes = %d, %q; want %d, %q", c.reason, got, fail, c.want, c.fail)
		}
	}
}
