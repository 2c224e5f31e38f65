package job

import (
	"fmt"
	"runtime"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// ReadBenchJob reads a benchmark whose ranks are the processes of a job
// (transport job): ReadBench's fields, and the rank's Placement from its
// flags and its launcher's environment (ReadPlacement), which gives the
// ranks; spin auto is decided for all of them.
func ReadBenchJob(get, env field.Lookup) (Placement, BenchConfig, error) {
	cfg, err := ReadBench(get)
	if err != nil {
		return Placement{}, cfg, err
	}
	if cfg.Transport != "job" {
		return Placement{}, cfg, fielderr.On("transport", fmt.Errorf("ReadBenchJob reads --transport job, got %q", cfg.Transport))
	}
	pl, err := ReadPlacement(get, env)
	if err != nil {
		return pl, cfg, err
	}
	if pl.Ranks < 2 {
		return pl, cfg, fielderr.On("np", fmt.Errorf("a benchmark needs at least 2 ranks, the job has %d", pl.Ranks))
	}
	cfg.Ranks = pl.Ranks
	cfg.Spin, cfg.Yield, err = readSpin(get, pl.Ranks, runtime.NumCPU())
	return pl, cfg, err
}
