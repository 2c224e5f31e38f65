package lecture

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// hotParams is an AllToAll of 64 MiB per rank on 8 ranks over 50 GB/s links
// with α = 5 µs, fp32.
func hotParams(a sched.Algorithm) cost.Params {
	return cost.Params{Collective: prim.AllToAll, Algorithm: a, Ranks: 8, Size: 64 << 20, ElemSize: 4,
		Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
}

// wireBytes is Σ_{i≠j} m[i][j]·e, the bytes an AllToAll of matrix m puts on
// the wire (local blocks are copies), and Σ_{i≠r} m[i][r]·e, what rank r
// receives.
func wireBytes(m [][]int, e, r int) (total, toR int64) {
	for i, row := range m {
		for j, c := range row {
			if i != j {
				total += int64(c * e)
				if j == r {
					toR += int64(c * e)
				}
			}
		}
	}
	return total, toR
}

// TestHotExpertLedger: for every AllToAll algorithm and share, every row
// sends S and the share 1/P is the even AllToAll that cost.Evaluate prices.
// Pairwise and naive send every block straight to its owner, so the
// ledger's total is the send counts' bytes and the hot rank receives Σ_i
// sendcounts[i][0]·e; Bruck relays blocks through other ranks, so its
// ledger holds at least as much.
func TestHotExpertLedger(t *testing.T) {
	for _, a := range []sched.Algorithm{sched.Pairwise, sched.Naive, sched.Bruck, sched.Auto} {
		p := hotParams(a)
		want, err := cost.Evaluate(p)
		if err != nil {
			t.Fatal(err)
		}
		direct := want.Algorithm != string(sched.Bruck)
		for _, share := range []float64{0, 1.0 / 8, 0.3, 0.5, 1} {
			even, hot, err := HotExpertAllToAll(p, share)
			if err != nil {
				t.Fatalf("%s %g: %v", a, share, err)
			}
			if math.Abs(even.TimeS-want.TimeS) > 1e-12*want.TimeS {
				t.Errorf("%s: even time %g, cost.Evaluate %g", a, even.TimeS, want.TimeS)
			}
			for _, d := range []Dispatch{even, hot} {
				total, toHot := wireBytes(d.SendCounts, p.ElemSize, 0)
				if direct && (d.TotalBytes != total || d.HotReceived != toHot) || d.TotalBytes < total || d.HotReceived < toHot {
					t.Errorf("%s %g: ledger total %d, hot %d; send counts give %d, %d", a, share, d.TotalBytes, d.HotReceived, total, toHot)
				}
				for i, row := range d.SendCounts {
					if s := sum(row); int64(s*p.ElemSize) != p.Size {
						t.Errorf("%s %g: rank %d sends %d elements, want S", a, share, i, s)
					}
				}
			}
			if share == 1.0/8 && (hot.TimeS != even.TimeS || hot.TotalBytes != even.TotalBytes || hot.MaxReceived != even.MaxReceived) {
				t.Errorf("%s: share 1/P %+v differs from the even AllToAll %+v", a, hot, even)
			}
		}
	}
}

// TestHotExpertPairwise: in pairwise exchange the hot rank receives
// (P−1)·h·S, and every one of the P−1 steps waits for the message to it,
// so the dispatch takes (P−1)(α + β·h·S) against the even (P−1)(α + β·S/P).
func TestHotExpertPairwise(t *testing.T) {
	p := hotParams(sched.Pairwise)
	even, hot, err := HotExpertAllToAll(p, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	hs := float64(p.Size) / 2
	if hot.HotReceived != 7*int64(hs) || hot.MaxReceived != hot.HotReceived {
		t.Errorf("hot rank receives %d (busiest %d), want 7·S/2 = %d", hot.HotReceived, hot.MaxReceived, 7*int64(hs))
	}
	for _, c := range []struct {
		got, want float64
	}{{hot.TimeS, 7 * (5e-6 + hs/50e9)}, {even.TimeS, 7 * (5e-6 + float64(p.Size)/8/50e9)}} {
		if math.Abs(c.got-c.want) > 1e-12*c.want {
			t.Errorf("time %g, want %g", c.got, c.want)
		}
	}
	if hot.TotalBytes != even.TotalBytes {
		t.Errorf("hot routing moves %d bytes, even %d: the same tokens cross the wire", hot.TotalBytes, even.TotalBytes)
	}
}

// TestHotExpertRefuses: not an AllToAll, one rank, or a share outside [0, 1].
func TestHotExpertRefuses(t *testing.T) {
	p := hotParams(sched.Pairwise)
	one := p
	one.Ranks = 1
	ar := p
	ar.Collective, ar.Algorithm = prim.AllReduce, sched.Ring
	for _, c := range []struct {
		p     cost.Params
		share float64
	}{{ar, 0.5}, {one, 0.5}, {p, -0.1}, {p, 1.5}, {p, math.NaN()}} {
		if _, _, err := HotExpertAllToAll(c.p, c.share); err == nil {
			t.Errorf("%s on %d ranks, share %g: no error", c.p.Collective, c.p.Ranks, c.share)
		}
	}
}

func sum(xs []int) (s int) {
	for _, x := range xs {
		s += x
	}
	return s
}
