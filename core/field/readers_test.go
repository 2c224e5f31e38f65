package field

import (
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Link: the preset gives what the fields do not; explicit fields win; with
// no preset the fields' defaults apply; a bad field names itself.
func TestLinkReader(t *testing.T) {
	for _, tt := range []struct {
		reason   string
		m        map[string]string
		def      string
		bw, lat  float64
		errField string
	}{
		{"the default preset", nil, "ib400", 50e9, 5e-6, ""},
		{"no preset: the fields' defaults", nil, "", 50e9, 5e-6, ""},
		{"a preset named", map[string]string{"preset": "nvlink4"}, "ib400", 450e9, 1e-6, ""},
		{"bandwidth over the preset", map[string]string{"preset": "nvlink4", "bandwidth": "100GB/s"}, "", 100e9, 1e-6, ""},
		{"a bad latency", map[string]string{"latency": "fast"}, "", 0, 0, "latency"},
		{"an unknown preset", map[string]string{"preset": "carrier-pigeon"}, "", 0, 0, "preset"},
	} {
		l, err := Link(Map(tt.m), "preset", tt.def, "bandwidth", "latency")
		var fe *fielderr.Error
		switch {
		case tt.errField != "":
			if !errors.As(err, &fe) || fe.Field != tt.errField {
				t.Errorf("%s: got %v, want an error on %s", tt.reason, err, tt.errField)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.reason, err)
		case l.Bandwidth != tt.bw || l.Alpha != tt.lat:
			t.Errorf("%s: %g B/s, %g s; want %g, %g", tt.reason, l.Bandwidth, l.Alpha, tt.bw, tt.lat)
		}
	}
}

// OnOff, Size and Fraction read their field or the default, naming the
// field when it is bad.
func TestScalarReaders(t *testing.T) {
	get := Map(map[string]string{"sp": " Yes ", "bad": "maybe", "bucket": "1MiB", "mfu": "40%"})
	if v, err := OnOff(get, "sp", "off"); err != nil || !v {
		t.Errorf("sp=Yes: %v, %v", v, err)
	}
	if v, err := OnOff(get, "absent", "off"); err != nil || v {
		t.Errorf("default off: %v, %v", v, err)
	}
	var fe *fielderr.Error
	if _, err := OnOff(get, "bad", "off"); !errors.As(err, &fe) || fe.Field != "bad" {
		t.Errorf("maybe: %v", err)
	}
	if v, err := Size(get, "bucket", "25MiB"); err != nil || v != 1<<20 {
		t.Errorf("bucket: %d, %v", v, err)
	}
	if v, err := Fraction(get, "mfu", "0.4"); err != nil || v != 0.4 {
		t.Errorf("mfu: %g, %v", v, err)
	}
	if _, err := Fraction(get, "bad", "1"); !errors.As(err, &fe) || fe.Field != "bad" {
		t.Errorf("fraction maybe: %v", err)
	}
}
