package job

import (
	"fmt"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/transport"
)

// ReadRankJob reads what a rank process is given, from its flags (get)
// and its launcher's environment (env): its Placement (ReadPlacement) and
// the ProgramFields for the job's size.
func ReadRankJob(get, env field.Lookup) (Placement, Config, error) {
	pl, err := ReadPlacement(get, env)
	if err != nil {
		return pl, Config{}, err
	}
	cfg, err := readProgram(get, pl.Ranks)
	return pl, cfg, err
}

// Rendezvous is the rendezvous of pl's rank: RankRendezvous (the job
// token and, from ccplay launch, rank 0's socket) with pl's interface.
// A rank started by another launcher has no token unless the user
// exported one to every rank: the error says how.
func (pl Placement) Rendezvous(getenv func(string) string) (transport.Rendezvous, error) {
	if pl.Source != "flags" && getenv(TokenEnv) == "" {
		return transport.Rendezvous{}, fmt.Errorf("%s is not set: under %s, export the same random token to every rank, e.g. export %s=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n') (mpirun: add -x %s)",
			TokenEnv, pl.Source, TokenEnv, TokenEnv)
	}
	rv, err := RankRendezvous(pl.Rank, pl.Addr, getenv)
	rv.Iface = pl.Iface()
	return rv, err
}
