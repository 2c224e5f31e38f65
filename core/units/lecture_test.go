// Tests that reproduce the worked numbers of the lecture the simulator
// accompanies, end to end through the parsers.

package units_test

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/units"
)

func TestLectureNumbers(t *testing.T) {
	nic, err := units.ParseBandwidth("400Gbps")
	if err != nil {
		t.Fatal(err)
	}
	if nic.BytesPerSecond() != 50e9 {
		t.Errorf("400Gbps = %v B/s, want exactly 50e9", nic.BytesPerSecond())
	}

	eff, err := units.ParseEfficiency("0.9")
	if err != nil {
		t.Fatal(err)
	}
	achieved := eff.Apply(nic)
	if achieved.BytesPerSecond() != 45e9 {
		t.Errorf("0.9 × 50e9 = %v B/s, want 45e9", achieved.BytesPerSecond())
	}

	grads, err := units.ParseSize("14GB")
	if err != nil {
		t.Fatal(err)
	}
	seconds := units.Duration(float64(grads) / achieved.BytesPerSecond())
	if math.Abs(seconds.Seconds()-0.3111) > 1e-4 {
		t.Errorf("14GB / 45e9 B/s = %v s, want 0.3111 ± 1e-4", seconds.Seconds())
	}
	if got, want := seconds.String(), "311.111111111 ms"; got != want {
		t.Errorf("time prints as %q, want %q", got, want)
	}

	buf, err := units.ParseSize("100MiB")
	if err != nil {
		t.Fatal(err)
	}
	if buf != 104857600 {
		t.Errorf("100MiB = %d, want 104857600", buf)
	}

	max, err := units.ParseNCCLSize("8G")
	if err != nil {
		t.Fatal(err)
	}
	if max != 8589934592 {
		t.Errorf("nccl-tests -e 8G = %d, want 8589934592", max)
	}
}
