package api

import (
	"encoding/json"
	"math"
	"net/http"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/google/go-cmp/cmp"
)

func decodeSchedule(t *testing.T, body string) Schedule {
	t.Helper()
	var s Schedule
	if err := json.Unmarshal([]byte(body), &s); err != nil {
		t.Fatalf("schedule JSON: %v", err)
	}
	return s
}

// TestScheduleIsTheExecutedSchedule cross-checks the answer three ways: its
// transfers are sched.Build's, its ledger is sim.NewLedger's, and its price
// equals /api/v1/cost's time where the closed form is exact (ring, naive,
// binomial) and the cost's schedule_time_s where it is a limit (tree).
func TestScheduleIsTheExecutedSchedule(t *testing.T) {
	for _, tt := range []struct {
		reason string
		kv     []string
	}{
		{"ring allreduce, S divisible by P", []string{"algorithm", "ring", "ranks", "4", "size", "64B"}},
		{"ring allreduce, uneven chunks", []string{"algorithm", "ring", "ranks", "5", "size", "52B"}},
		{"naive reduce to root 2", []string{"collective", "reduce", "algorithm", "naive", "ranks", "6", "root", "2", "size", "1KiB"}},
		{"binomial broadcast", []string{"collective", "broadcast", "algorithm", "binomial", "ranks", "7", "size", "1MiB"}},
		{"tree allreduce with the cost's best chunks", []string{"algorithm", "tree", "ranks", "8", "size", "1MiB"}},
		{"uneven allgather blocks", []string{"collective", "allgather", "ranks", "3", "size", "40B"}},
		{"pairwise alltoall", []string{"collective", "alltoall", "algorithm", "pairwise", "ranks", "4", "size", "64B"}},
	} {
		q, m := query(tt.kv...)
		a := get(t, "/api/v1/schedule?"+q)
		wantOK(t, tt.reason, a, jsonType)
		got := decodeSchedule(t, a.body)
		p, err := question.CostParams(field.Map(m))
		if err != nil {
			t.Fatal(err)
		}
		r, err := cost.Evaluate(p)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sched.Build(p.Spec(), p.Algorithm, sched.Options{Chunks: r.Chunks})
		if err != nil {
			t.Fatal(err)
		}
		if got.Transfers != s.Transfers() || len(got.Rounds) != len(s.Rounds) {
			t.Fatalf("%s: %d transfers in %d rounds, sched.Build has %d in %d", tt.reason, got.Transfers, len(got.Rounds), s.Transfers(), len(s.Rounds))
		}
		for i, rd := range s.Rounds {
			g := got.Rounds[i]
			if g.Round != i+1 || g.Phase != rd.Phase || g.Reduce != rd.Reduce || len(g.Transfers) != len(rd.Transfers) {
				t.Fatalf("%s: round %d differs", tt.reason, i+1)
			}
			for j, x := range rd.Transfers {
				if g.Transfers[j] != Transfer(x) {
					t.Errorf("%s: round %d transfer %d: %+v, want %+v", tt.reason, i+1, j, g.Transfers[j], x)
				}
			}
		}
		if diff := cmp.Diff(sim.NewLedger(s, p.ElemSize), got.Ledger); diff != "" {
			t.Errorf("%s: ledger differs from sim.NewLedger (-want +got):\n%s", tt.reason, diff)
		}
		want := r.TimeS
		if p.Algorithm == sched.Tree {
			want = r.ScheduleTimeS
		}
		if math.Abs(got.TimeS-want) > 1e-12*want {
			t.Errorf("%s: schedule price %g s, cost says %g s", tt.reason, got.TimeS, want)
		}
		if r.Exact && p.Algorithm != sched.Tree && math.Abs(got.TimeS-r.TimeS) > 1e-12*r.TimeS {
			t.Errorf("%s: exact closed form %g differs from the executed schedule %g", tt.reason, r.TimeS, got.TimeS)
		}
	}
}

// The schedule is the one /api/v1/cost prices: hierarchical AllReduce on
// nodes of gpus-per-node (16 ranks in 4 nodes of 4: 12 rounds of 16
// transfers, priced as the cost's closed form, not the 16-node flat ring's
// 30 rounds), and auto resolved to the cost's choice with its chunk count.
func TestScheduleIsTheCostQuestions(t *testing.T) {
	for _, tt := range []struct {
		reason            string
		query             string
		algorithm         string
		rounds, transfers int
	}{
		{"hierarchical on 4 nodes of 4", "algorithm=hierarchical&ranks=16&gpus-per-node=4&size=64KiB&bandwidth=50GB/s&latency=5us", "hierarchical", 12, 192},
		{"hierarchical on one flat network", "algorithm=hierarchical&ranks=16&size=64KiB", "hierarchical", 30, 480},
		{"auto at 4 KiB on 64 ranks", "algorithm=auto&ranks=64&size=4KiB", "", 0, 0},
		{"auto at 100 MiB", "algorithm=auto&ranks=8", "", 0, 0},
		{"auto broadcast, pipelined", "collective=broadcast&algorithm=auto&ranks=16&size=64MiB", "", 0, 0},
	} {
		a := get(t, "/api/v1/schedule?"+tt.query)
		wantOK(t, tt.reason, a, jsonType)
		got := decodeSchedule(t, a.body)
		c := get(t, "/api/v1/cost?"+tt.query)
		wantOK(t, tt.reason, c, jsonType)
		var r cost.Result
		if err := json.Unmarshal([]byte(c.body), &r); err != nil {
			t.Fatal(err)
		}
		if got.Algorithm != r.Algorithm || got.Chunks != r.Chunks {
			t.Errorf("%s: schedule of %s with %d chunks, cost chose %s with %d", tt.reason, got.Algorithm, got.Chunks, r.Algorithm, r.Chunks)
		}
		if tt.algorithm != "" && got.Algorithm != tt.algorithm {
			t.Errorf("%s: algorithm %s, want %s", tt.reason, got.Algorithm, tt.algorithm)
		}
		if tt.rounds > 0 && (len(got.Rounds) != tt.rounds || got.Transfers != tt.transfers) {
			t.Errorf("%s: %d rounds, %d transfers; want %d, %d", tt.reason, len(got.Rounds), got.Transfers, tt.rounds, tt.transfers)
		}
		want := r.TimeS
		if r.ScheduleTimeS > 0 {
			want = r.ScheduleTimeS
		}
		if (r.Exact || r.ScheduleTimeS > 0) && math.Abs(got.TimeS-want) > 1e-12*want {
			t.Errorf("%s: schedule price %g s, cost says %g s", tt.reason, got.TimeS, want)
		}
		if r.Exact && len(got.Rounds) != r.Steps {
			t.Errorf("%s: %d rounds, cost says %d steps", tt.reason, len(got.Rounds), r.Steps)
		}
		if got.Ledger.Ranks[got.Ledger.Busiest].Sent != r.BytesSentPerRank {
			t.Errorf("%s: busiest rank sends %d B, cost says %d B", tt.reason, got.Ledger.Ranks[got.Ledger.Busiest].Sent, r.BytesSentPerRank)
		}
	}
}

// TestScheduleLimits: every limit is named in the error, and the refusal of
// an enormous request is decided before any schedule is built (see also
// BenchmarkScheduleRefusal).
func TestScheduleLimits(t *testing.T) {
	for _, tt := range []struct {
		reason, query, field string
		want                 []string
	}{
		{"P = 10⁶ is refused at once, naming the limit", "ranks=1000000", "ranks", []string{"64 ranks", "100000 transfers", "1048576"}},
		{"P = 65: one above the limit", "ranks=65", "ranks", []string{"up to 64 ranks"}},
		{"too many chunks given", "algorithm=tree&chunks=257&size=1MiB", "chunks", []string{"at most 256"}},
		{"the cheapest pipeline would need too many chunks", "algorithm=tree&ranks=64&size=1TiB", "chunks", []string{"give chunks=1…256"}},
		{"chunks for an algorithm that does not pipeline", "algorithm=naive&chunks=2", "chunks", []string{"does not pipeline"}},
		{"P beyond every limit", "ranks=2000000", "ranks", []string{"1 to 1048576"}},
	} {
		wantError(t, tt.reason, get(t, "/api/v1/schedule?"+tt.query), http.StatusBadRequest, tt.field, tt.want...)
	}
}

// TestScheduleTransferBound: every schedule the limits let through has
// fewer than MaxScheduleTransfers transfers — every collective, every
// algorithm that applies, P = MaxScheduleRanks, MaxScheduleChunks chunks
// where the algorithm pipelines, enough elements that no chunk is empty.
func TestScheduleTransferBound(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			k := 0
			if sched.Pipelined(c, a) {
				k = MaxScheduleChunks
			}
			sp := prim.Spec{Collective: c, Ranks: MaxScheduleRanks, Op: prim.Sum, Count: 1 << 16}
			s, err := sched.Build(sp, a, sched.Options{Chunks: k, MaxTransfers: math.MaxInt32})
			if err != nil {
				t.Fatalf("%s %s: %v", a, c, err)
			}
			if n := s.Transfers(); n >= MaxScheduleTransfers {
				t.Errorf("%s %s at P = %d with %d chunks has %d transfers, not below MaxScheduleTransfers = %d",
					a, c, MaxScheduleRanks, k, n, MaxScheduleTransfers)
			}
			// and core's bound (cost.TransferBound) lets it be built
			p := cost.Params{Collective: c, Algorithm: a, Ranks: MaxScheduleRanks, Size: 4 << 16, ElemSize: 4,
				Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6, Chunks: k}
			if _, _, err := buildSchedule(p); err != nil {
				t.Errorf("%s %s at P = %d with %d chunks is refused: %v", a, c, MaxScheduleRanks, k, err)
			}
		}
	}
}

func BenchmarkScheduleRefusal(b *testing.B) {
	h := New(Config{})
	for i := 0; i < b.N; i++ {
		if a := do(b, h, http.MethodGet, "/api/v1/schedule?ranks=1000000&size=1GiB", nil); a.status != http.StatusBadRequest {
			b.Fatal(a.status)
		}
	}
}

func BenchmarkCost(b *testing.B) {
	h := New(Config{})
	for i := 0; i < b.N; i++ {
		if a := do(b, h, http.MethodGet, "/api/v1/cost?ranks=64&bandwidth=400Gbps", nil); a.status != http.StatusOK {
			b.Fatal(a.status)
		}
	}
}
