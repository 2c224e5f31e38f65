package question

import (
	"errors"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// TestHotShare: a share from 0 to 1 is read, the default is even routing
// over 8 ranks, and anything else is refused on field hot.
func TestHotShare(t *testing.T) {
	for in, want := range map[string]float64{"0.5": 0.5, "0": 0, "1": 1, " 0.25 ": 0.25} {
		v, err := HotShare(field.Map(map[string]string{"hot": in}))
		if err != nil || v != want {
			t.Errorf("HotShare(%q) = %g, %v; want %g", in, v, err, want)
		}
	}
	if v, err := HotShare(field.Map(nil)); err != nil || v != 0.125 {
		t.Errorf("default %g, %v", v, err)
	}
	for _, in := range []string{"1.5", "-0.1", "x", "NaN", ""} {
		_, err := HotShare(field.Map(map[string]string{"hot": in}))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != "hot" {
			t.Errorf("HotShare(%q) = %v, want an error on hot", in, err)
		}
	}
}
