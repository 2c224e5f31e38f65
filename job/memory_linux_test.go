//go:build linux

package job

import (
	"syscall"
	"testing"
)

// RankBytes bounds what a rank really takes: every rank's peak resident
// memory (its rusage's maxrss) stays below the estimate, on programs that
// mix the collectives whose reference outputs allocate most (below
// peakAllowance times it under the race detector, whose shadow memory the
// estimate of a real rank leaves out).
func TestRankBytesBoundsPeak(t *testing.T) {
	for _, f := range []map[string]string{
		{"np": "4", "collective": "allgather", "count": "262144"},
		{"np": "4", "collective": "allreduce,alltoall", "count": "262144", "repeat": "3"},
		{"np": "6", "collective": "reducescatter,allgather,allreduce", "count": "262144", "algorithm": "naive"},
	} {
		res := launch(t, f)
		if res.Failed() {
			t.Fatalf("%v: %s", f, failures(res))
		}
		est, err := RankBytes(res.Config)
		if err != nil {
			t.Fatal(err)
		}
		if res.Memory.PerRank != est {
			t.Errorf("%v: the launch checked %d bytes per rank, RankBytes says %d", f, res.Memory.PerRank, est)
		}
		for _, p := range res.Procs {
			ru, ok := p.cmd.ProcessState.SysUsage().(*syscall.Rusage)
			if !ok {
				t.Fatalf("no rusage for rank %d", p.Rank)
			}
			if peak := ru.Maxrss << 10; peak > peakAllowance*est {
				t.Errorf("%v: rank %d peaked at %d MiB, above %d × the estimate of %d MiB", f, p.Rank, peak>>20, peakAllowance, est>>20)
			}
		}
	}
}
