package sim_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// vec64MiB is the element count of 64 MiB of float64.
const vec64MiB = 64 << 20 / 8

// BenchmarkExecuteRingAllReduce runs ring AllReduce (sum) of 64 MiB of
// float64 per rank on 8 simulated ranks, one after another on one core,
// including NewRun's allocation of the work buffers and the copies in and
// out. MB/s is 64 MiB (one rank's vector) per op, next to
// BenchmarkMemcpy64MiB below; reduced-MB/s counts the bytes every rank
// reduces, (P−1)·64 MiB per op in all.
func BenchmarkExecuteRingAllReduce(b *testing.B) {
	const p = 8
	sp := prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: vec64MiB, Op: prim.Sum}
	s, err := sched.Build(sp, sched.Ring, sched.Options{})
	if err != nil {
		b.Fatal(err)
	}
	in := make([][]float64, p)
	for r := range in {
		in[r] = make([]float64, vec64MiB)
		for i := range in[r] {
			in[r][i] = float64(r + i%7)
		}
	}
	var reduced int64
	for _, rb := range sim.NewLedger(s, 8).Ranks {
		reduced += rb.Reduced
	}
	b.SetBytes(64 << 20)
	b.ReportAllocs()
	for b.Loop() {
		out, err := sim.Execute(s, in)
		if err != nil {
			b.Fatal(err)
		}
		if out[p-1][1] != float64(p*(p-1)/2+p*1) {
			b.Fatalf("element 1 = %g", out[p-1][1])
		}
	}
	b.ReportMetric(float64(reduced)*float64(b.N)/b.Elapsed().Seconds()/1e6, "reduced-MB/s")
}

// BenchmarkExecuteRingAllReduceSteps times only the 2(P−1) rounds of the
// same call (NewRun's allocation and copy-in, and the copy-out, are outside
// the timer): the simulator's reduction and forwarding speed. MB/s here is
// the bytes reduced by all ranks per op, (P−1)·64 MiB = 448 MiB; each op
// also copies as many bytes in the AllGather rounds; moved-MB/s counts both,
// every byte the rounds write.
func BenchmarkExecuteRingAllReduceSteps(b *testing.B) {
	const p = 8
	sp := prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: vec64MiB, Op: prim.Sum}
	s, err := sched.Build(sp, sched.Ring, sched.Options{})
	if err != nil {
		b.Fatal(err)
	}
	in := make([][]float64, p)
	for r := range in {
		in[r] = make([]float64, vec64MiB)
		for i := range in[r] {
			in[r][i] = float64(r + i%7)
		}
	}
	var moved int64 // bytes the rounds write: reduced (ReduceScatter) plus copied (AllGather)
	for _, rb := range sim.NewLedger(s, 8).Ranks {
		moved += rb.Received
	}
	b.SetBytes((p - 1) * 64 << 20)
	defer func() { b.ReportMetric(float64(moved)*float64(b.N)/b.Elapsed().Seconds()/1e6, "moved-MB/s") }()
	for b.Loop() {
		b.StopTimer()
		x, err := sim.NewRun(s, in)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for !x.Done() {
			x.Step()
		}
		b.StopTimer()
		if got := x.Work(p - 1)[1]; got != float64(p*(p-1)/2+p*1) {
			b.Fatalf("element 1 = %g", got)
		}
		b.StartTimer()
	}
}

// BenchmarkMemcpy64MiB is the same run's yardstick: one copy of 64 MiB.
func BenchmarkMemcpy64MiB(b *testing.B) {
	src := make([]float64, vec64MiB)
	dst := make([]float64, vec64MiB)
	for i := range src {
		src[i] = float64(i)
	}
	b.SetBytes(64 << 20)
	for b.Loop() {
		copy(dst, src)
	}
	if dst[vec64MiB-1] != float64(vec64MiB-1) {
		b.Fatal("copy lost data")
	}
}
