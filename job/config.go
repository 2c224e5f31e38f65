package job

import (
	"fmt"
	"runtime"
	"strconv"
	"time"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
)

// Config is what every rank of a launch runs and how it waits for peers.
type Config struct {
	Ranks   int
	Calls   []Call
	Repeat  int // timed calls of each call, back to back
	Warmup  int // untimed calls before the timed ones when Repeat > 1
	Timeout time.Duration
	Spin    time.Duration // transport.Options.Spin
	Yield   bool          // transport.Options.Yield
	// Fields holds the ProgramFields given, as text: Launch passes them
	// to every rank process, which reads the same Config from them.
	Fields map[string]string
}

// ProgramFields are the fields of the program and its timing that a
// launch and its ranks share, in the order Launch forwards them.
var ProgramFields = []string{"collective", "algorithm", "count", "repeat", "warmup", "timeout", "spin"}

// ReadLaunch reads a launch: "np" (1 to MaxRanks, default 4) and the
// ProgramFields.
func ReadLaunch(get field.Lookup) (Config, error) {
	np, err := field.Int(get, "np", 4, 1, MaxRanks)
	if err != nil {
		return Config{}, err
	}
	return readProgram(get, np)
}

// ReadRank reads what a rank process is given: its "rank", the group's
// "np" and "addr" (all required) and the ProgramFields.
func ReadRank(get field.Lookup) (rank int, addr string, cfg Config, err error) {
	for _, req := range []string{"rank", "np", "addr"} {
		if _, ok := get(req); !ok {
			return 0, "", cfg, fielderr.On(req, fmt.Errorf("required (ccplay %s is started by ccplay launch)", RankCommand))
		}
	}
	np, err := field.Int(get, "np", 0, 1, MaxRanks)
	if err != nil {
		return 0, "", cfg, err
	}
	if rank, err = field.Int(get, "rank", 0, 0, np-1); err != nil {
		return 0, "", cfg, err
	}
	addr, _ = get("addr")
	cfg, err = readProgram(get, np)
	return rank, addr, cfg, err
}

// readProgram reads the ProgramFields for np ranks on this machine:
// collective (a comma-separated list, default Experiment2), algorithm
// (one for every call; default sched.DefaultFor each collective), count
// (elements per rank and call, 1 to MaxCount; default the lecture's
// sizes), repeat (default 1), warmup (default 5), timeout (default
// transport.DefaultTimeout) and spin (default auto). The calls are
// Program's.
func readProgram(get field.Lookup, np int) (Config, error) {
	cfg := Config{Ranks: np, Fields: map[string]string{}}
	for _, name := range ProgramFields {
		if v, ok := get(name); ok {
			cfg.Fields[name] = v
		}
	}
	colls, err := readCollectives(get, Experiment2)
	if err != nil {
		return cfg, err
	}
	var alg sched.Algorithm // "": sched.DefaultFor each collective
	if s, ok := get("algorithm"); ok {
		if alg, err = sched.ParseAlgorithm(s); err != nil {
			return cfg, err
		}
	}
	count, err := field.Int(get, "count", 0, 1, MaxCount)
	if err != nil {
		return cfg, err
	}
	if cfg.Repeat, err = field.Int(get, "repeat", 1, 1, 1<<30); err != nil {
		return cfg, err
	}
	if cfg.Warmup, err = field.Int(get, "warmup", 5, 0, 1<<20); err != nil {
		return cfg, err
	}
	if cfg.Timeout, err = readTimeout(get); err != nil {
		return cfg, err
	}
	if cfg.Spin, cfg.Yield, err = readSpin(get, np, runtime.NumCPU()); err != nil {
		return cfg, err
	}
	cfg.Calls, err = Program(np, colls, alg, count)
	return cfg, err
}

// RankCommand is the subcommand a launched rank process runs.
const RankCommand = "rank"

// RankArgs is the command line of rank r of cfg, after the executable:
// RankCommand, --rank, --np, --addr, then cfg.Fields in the order of
// ProgramFields.
func RankArgs(r int, addr string, cfg Config) []string {
	args := []string{RankCommand, "--rank", strconv.Itoa(r), "--np", strconv.Itoa(cfg.Ranks), "--addr", addr}
	for _, name := range ProgramFields {
		if v, ok := cfg.Fields[name]; ok {
			args = append(args, "--"+name, v)
		}
	}
	return args
}
