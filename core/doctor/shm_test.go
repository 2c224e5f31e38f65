package doctor

import "testing"

// TestSHMPath: an 8 × RTX 4090 log on the stock driver (no peer-to-peer,
// NCCL_ALGO=TREE) is judged against the SHM path. Its preset is
// srv-rtx4090-8x, the basis says every step goes through host memory, and
// the expectation of its one row (8 B, 42.6 µs) carries the SHM steps, so
// the row sits inside the latency-bound range; judged against the
// peer-to-peer twin, whose steps cost NCCL's PCI latency, the same row
// departs.
func TestSHMPath(t *testing.T) {
	const log = "testdata/rtx4090_8x_pcie_tree.txt"
	v, _ := judgeFile(t, log, Options{})
	if v.Basis == nil || v.Basis.System != "srv-rtx4090-8x" {
		t.Fatalf("%s: basis %+v, want srv-rtx4090-8x", log, v.Basis)
	}
	said := false
	for _, n := range v.Basis.From {
		said = said || n.Text.ID == "doctor.basis.p2p.off"
	}
	if !said {
		t.Errorf("%s: the basis does not say the steps go through host memory: %+v", log, v.Basis.From)
	}
	floor, ceiling := Range(RegimeLatency)
	if len(v.Rows) == 0 || v.Rows[0].Departs || v.Rows[0].Fraction < floor || v.Rows[0].Fraction > ceiling {
		t.Fatalf("%s: rows %+v, want the 8 B row within %g–%g of the SHM path", log, v.Rows, floor, ceiling)
	}
	p2p, _ := judgeFile(t, log, Options{System: "srv-rtx4090-8x-p2p"})
	if len(p2p.Rows) == 0 || !p2p.Rows[0].Departs || p2p.Rows[0].Fraction >= v.Rows[0].Fraction {
		t.Errorf("%s against peer-to-peer: rows %+v, want the row to depart below its SHM fraction %.2f", log, p2p.Rows, v.Rows[0].Fraction)
	}
}
