package units

import "testing"

// A share prints as a percentage with the digits asked for; a share above
// zero that those digits would show as zero prints as "less than the
// smallest step" instead, and zero stays zero.
func TestFormatShare(t *testing.T) {
	for _, c := range []struct {
		f      float64
		digits int
		want   string
	}{
		{0, 0, "0"}, {0, 1, "0.0"}, {0.004, 0, "< 1"}, {0.004, 1, "0.4"}, {0.0004, 1, "< 0.1"}, {0.005, 0, "< 1"},
		{0.0051, 0, "1"}, {0.97, 0, "97"}, {1, 1, "100.0"}, {0.123456, 2, "12.35"}, {1e-9, 2, "< 0.01"},
	} {
		if got := FormatShare(c.f, c.digits); got != c.want {
			t.Errorf("FormatShare(%g, %d) = %q, want %q", c.f, c.digits, got, c.want)
		}
	}
}
