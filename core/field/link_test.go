package field

import (
	"testing"

	"github.com/ccplay/ccplay/core/topo"
)

// A preset and an explicit value of the same link: the explicit value wins
// for its own quantity, the preset gives the rest — for the CLI and the
// API alike, since both read links through Link (docs/limits.md says so).
func TestLinkExplicitValueWinsOverPreset(t *testing.T) {
	pr, err := topo.LookupPreset("preset", "ib400")
	if err != nil {
		t.Fatal(err)
	}
	l, err := Link(Map(map[string]string{"preset": "ib400", "bandwidth": "1GB/s"}), "preset", "", "bandwidth", "latency")
	if err != nil {
		t.Fatal(err)
	}
	if l.Bandwidth != 1e9 || l.Alpha != pr.Latency {
		t.Errorf("preset=ib400&bandwidth=1GB/s gives %g B/s and α = %g s, want 1e9 B/s and the preset's α = %g s", l.Bandwidth, l.Alpha, pr.Latency)
	}
	l, err = Link(Map(map[string]string{"preset": "ib400", "latency": "9us"}), "preset", "", "bandwidth", "latency")
	if err != nil {
		t.Fatal(err)
	}
	if l.Bandwidth != pr.Bandwidth || l.Alpha != 9e-6 {
		t.Errorf("preset=ib400&latency=9us gives %g B/s and α = %g s, want the preset's %g B/s and 9e-6 s", l.Bandwidth, l.Alpha, pr.Bandwidth)
	}
}
