package report

import "testing"

// TestMicroseconds: nccl-tests prints the time with 2, 1 or 0 decimals.
func TestMicroseconds(t *testing.T) {
	for _, c := range []struct {
		us   float64
		want string
	}{
		{70, "  70.00"}, {99.994, "  99.99"}, {100, "  100.0"}, {9999.94, " 9999.9"},
		{10000, "  10000"}, {300718.4, " 300718"}, {1e7, "10000000"}, // wider than 7, as printf does
	} {
		if got := microseconds(c.us); got != c.want {
			t.Errorf("microseconds(%v) = %q, want %q", c.us, got, c.want)
		}
	}
}
