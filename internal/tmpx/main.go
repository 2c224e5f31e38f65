package main

import (
	"fmt"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/ui"
)

func main() {
	s := ui.NewState("collective=allreduce&algorithm=ring&ranks=1024&size=100MiB&bandwidth=50GB/s&latency=5us", "en")
	xs, err := cost.Crossovers(s.P, 1, 1<<30)
	fmt.Println(err)
	for _, x := range xs {
		fmt.Printf("%d %s->%s %.6g %.6g  %.4f%%\n", x.SizeBytes, x.From, x.To, x.FromTimeS, x.ToTimeS, 100*(x.FromTimeS-x.ToTimeS)/x.ToTimeS)
	}
	for n := int64(300 << 10); n < 2<<20; n = n * 21 / 20 {
		q := s.P
		q.Size = n / 4 * 4
		q.Algorithm = "tree"
		a, _ := cost.Evaluate(q)
		q.Algorithm = "rabenseifner"
		b, _ := cost.Evaluate(q)
		fmt.Printf("%d tree %.6g rab %.6g %.3f%%\n", q.Size, a.TimeS, b.TimeS, 100*(a.TimeS-b.TimeS)/b.TimeS)
	}
}
