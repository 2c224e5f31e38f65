package transport

import (
	"fmt"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// BenchmarkTCPRingAllReduce times the ring AllReduce over in-process TCP
// endpoints on 127.0.0.1 (the path `ccplay launch` and the Open MPI
// comparison use), for profiling: go test -bench TCPRing -cpuprofile.
func BenchmarkTCPRingAllReduce(b *testing.B) {
	for _, p := range []int{2, 4} {
		for _, mib := range []int{1, 64} {
			b.Run(fmt.Sprintf("P%d/%dMiB", p, mib), func(b *testing.B) {
				eps, err := LocalTCP(p, Options{Timeout: time.Minute})
				if err != nil {
					b.Fatal(err)
				}
				defer CloseAll(eps)
				s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: p, Op: prim.Sum, Count: mib << 17}, sched.Ring, sched.Options{})
				if err != nil {
					b.Fatal(err)
				}
				in := inputsFor[float64](s.Spec)
				b.SetBytes(int64(mib) << 20)
				b.ResetTimer()
				t, err := TimeCollective(eps, s, in, 1, b.N, 1)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(t.Seconds*1e3, "ms/call")
			})
		}
	}
}
