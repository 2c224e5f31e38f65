package ui

import (
	"io"
	"testing"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/staticrender"
)

// BenchmarkLedgerChange1024 is one change of the ledger view at P = 1024
// (ring) as the browser makes it: a field set, then the whole page's
// virtual DOM built (the browser's DOM writes are not part of it). The
// size, bandwidth and latency take turns, as in the playground's perf
// report; -benchmem gives what a change allocates.
func BenchmarkLedgerChange1024(b *testing.B) {
	s := NewState("view=ledger&algorithm=ring&ranks=1024&size=100MiB&lang=en", "en")
	s.CompleteInBackground()
	app := NewApp(s)
	env, err := vugu.NewBuildEnv(staticrender.New(io.Discard).EventEnv())
	if err != nil {
		b.Fatal(err)
	}
	edits := [][3]string{{"size", "99MiB", "100MiB"}, {"bandwidth", "40GB/s", "50GB/s"}, {"latency", "6us", "5us"}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		e := edits[i%3]
		v := e[1]
		if i/3%2 == 1 {
			v = e[2]
		}
		s.SetField(e[0], v)
		env.RunBuild(app)
	}
}
