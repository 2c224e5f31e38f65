package job

import (
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// Placement is where one rank process sits in its job and how it reaches
// the rendezvous, as ReadPlacement reads it from the rank's flags and its
// launcher's environment.
type Placement struct {
	Rank, Ranks int
	// LocalRank is the launcher's rank of the process on its host (-1:
	// not given). It picks the process's interface from Ifaces.
	LocalRank int
	// Addr is the rendezvous, HOST:PORT: rank 0 listens on it, the others
	// connect to it (MASTER_ADDR:MASTER_PORT).
	Addr string
	// Source names what gave Rank and Ranks: "flags" or a Launcher's Name.
	Source string
	// Ifaces are the interfaces of --iface (nil: the one that reaches
	// Addr); local rank l listens on Ifaces[l mod len(Ifaces)].
	Ifaces []string
}

// Launcher names the environment variables through which one launcher
// tells a process its rank, the job's size and its rank on its host.
type Launcher struct {
	Name              string
	Rank, Size, Local string
}

// Launchers are the launchers ReadPlacement knows, in order of
// precedence: the first whose rank variable is set gives the placement.
// torchrun-style variables come first because they are the ones a user
// sets by hand; Slurm comes last because an mpirun inside a Slurm
// allocation inherits its daemon's SLURM_PROCID, which is not the MPI rank.
var Launchers = []Launcher{
	{"torchrun", "RANK", "WORLD_SIZE", "LOCAL_RANK"},
	{"Open MPI", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK"},
	{"MPICH", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID"},
	{"Slurm", "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID"},
}

// pmixRank is PMIx's rank variable: Open MPI and Slurm's PMIx plugin set
// it beside their own, and it must agree with the rank they give.
const pmixRank = "PMIX_RANK"

// DefaultMasterPort is the rendezvous port when neither --master-port nor
// MASTER_PORT gives one and the job is not a Slurm step: torchrun's.
const DefaultMasterPort = 29500

// slurmNodeLists are the variables whose first host serves a Slurm job
// step's rendezvous, most specific first.
var slurmNodeLists = []string{"SLURM_STEP_NODELIST", "SLURM_JOB_NODELIST", "SLURM_NODELIST"}

// placementHelp is what a rank process needs when nothing says where it sits.
const placementHelp = "not started by a launcher: give --rank, --np and --master-addr (or --addr HOST:PORT), " +
	"or start it under torchrun-style variables (RANK, WORLD_SIZE, MASTER_ADDR), mpirun (OMPI_COMM_WORLD_RANK) or srun (SLURM_PROCID)"

// ReadPlacement reads a rank process's place in its job from the fields
// get (the flags rank, np, addr, master-addr, master-port, iface) and the
// environment env (os.LookupEnv in a real process), in this order of
// precedence:
//
//   - rank and size: --rank and --np, else the first of Launchers whose
//     rank variable is set (torchrun, Open MPI, MPICH, Slurm). A
//     launcher's rank without its size (or the reverse) is an error naming
//     the missing variable; so is a rank outside the size. torchrun-style
//     variables beside an MPI launcher's, or PMIX_RANK beside any, must
//     agree with it.
//   - the rendezvous host: --addr HOST:PORT, else --master-addr, else
//     MASTER_ADDR, else the first host of SLURM_STEP_NODELIST,
//     SLURM_JOB_NODELIST or SLURM_NODELIST (Slurm's hostlist syntax).
//   - the port: --addr, else --master-port, else MASTER_PORT, else in a
//     Slurm job 29500 + SLURM_JOB_ID mod 10000 (the same on every rank,
//     different for most concurrent jobs), else DefaultMasterPort.
//
// With nothing set, the error says what is needed in one line.
func ReadPlacement(get, env field.Lookup) (Placement, error) {
	pl := Placement{LocalRank: -1, Source: "flags"}
	var err error
	if pl.Ifaces, err = readIfaces(get); err != nil {
		return pl, err
	}
	_, hasRank := get("rank")
	_, hasNP := get("np")
	chosen, err := chooseLauncher(env)
	if err != nil {
		if !hasRank || !hasNP {
			return pl, err
		}
		// The flags give the place (ccplay launch's ranks, say, inside an
		// salloc shell): the environment's inconsistencies do not matter.
		chosen = nil
	}
	switch {
	case hasRank || hasNP:
		// The flags override the environment; the other of the two may
		// come from the launcher's.
		var sizeVar, rankVar string
		if chosen != nil {
			sizeVar, rankVar = chosen.Size, chosen.Rank
		}
		if pl.Ranks, err = flagOrEnv(get, env, "np", sizeVar, "rank", 1, MaxRanks); err != nil {
			return pl, err
		}
		if pl.Rank, err = flagOrEnv(get, env, "rank", rankVar, "np", 0, pl.Ranks-1); err != nil {
			return pl, err
		}
	case chosen != nil:
		if pl.Rank, pl.Ranks, err = launcherRank(env, *chosen); err != nil {
			return pl, err
		}
		pl.Source = chosen.Name
	default:
		if _, ok := get("addr"); ok {
			return pl, fielderr.On("rank", fmt.Errorf("required (%s is started by ccplay launch or by a launcher)", "ccplay "+RankCommand))
		}
		return pl, fielderr.On("rank", fmt.Errorf("%s", placementHelp))
	}
	if chosen != nil {
		if pl.LocalRank, err = localRank(env, *chosen); err != nil {
			return pl, err
		}
	}
	pl.Addr, err = readRendezvous(get, env)
	return pl, err
}

// chooseLauncher is the first of Launchers whose rank or size variable
// is set (nil: none), after checking the others set beside it agree.
func chooseLauncher(env field.Lookup) (*Launcher, error) {
	var chosen *Launcher
	for i := range Launchers {
		l := &Launchers[i]
		_, r := env(l.Rank)
		_, s := env(l.Size)
		if !r && !s {
			continue
		}
		if l.Name == "Slurm" && !r && chosen == nil {
			// An salloc or sbatch shell sets SLURM_NTASKS for its tasks.
			return nil, fielderr.On(l.Rank, fmt.Errorf("not set (SLURM_NTASKS is): start the ranks with srun, which gives every task its SLURM_PROCID"))
		}
		if chosen == nil {
			chosen = l
			continue
		}
		if chosen.Name == "torchrun" && l.Name != "Slurm" {
			if err := agree(env, *chosen, *l); err != nil {
				return nil, err
			}
		}
	}
	if v, ok := env(pmixRank); ok && chosen != nil && chosen.Name != "torchrun" {
		if w, _ := env(chosen.Rank); strings.TrimSpace(v) != strings.TrimSpace(w) {
			return nil, fielderr.On(pmixRank, fmt.Errorf("is %q but %s is %q: the launcher's variables disagree", v, chosen.Rank, w))
		}
	}
	return chosen, nil
}

// agree checks that launchers a and b, both set, give the same rank and size.
func agree(env field.Lookup, a, b Launcher) error {
	for _, pair := range [][2]string{{a.Rank, b.Rank}, {a.Size, b.Size}} {
		x, xok := env(pair[0])
		y, yok := env(pair[1])
		if xok && yok && strings.TrimSpace(x) != strings.TrimSpace(y) {
			return fielderr.On(pair[0], fmt.Errorf("is %q but %s is %q: unset the stale torchrun-style variables, or the launcher's", x, pair[1], y))
		}
	}
	return nil
}

// launcherRank reads l's rank and size; both must be set.
func launcherRank(env field.Lookup, l Launcher) (rank, size int, err error) {
	for _, name := range []string{l.Rank, l.Size} {
		if _, ok := env(name); !ok {
			other := map[bool]string{true: l.Size, false: l.Rank}[name == l.Rank]
			return 0, 0, fielderr.On(name, fmt.Errorf("not set (%s is): %s sets both", other, l.Name))
		}
	}
	if size, err = envInt(env, l.Size, 1, MaxRanks); err != nil {
		return 0, 0, err
	}
	rank, err = envInt(env, l.Rank, 0, size-1)
	return rank, size, err
}

// flagOrEnv reads the integer flag name in [lo, hi], else the launcher's
// variable v ("": none); with neither, the error names the flag, given
// beside flag other.
func flagOrEnv(get, env field.Lookup, name, v, other string, lo, hi int) (int, error) {
	if _, ok := get(name); ok {
		return field.Int(get, name, 0, lo, hi)
	}
	if _, ok := env(v); ok && v != "" {
		return envInt(env, v, lo, hi)
	}
	return 0, fielderr.On(name, fmt.Errorf("required (ccplay %s is started by ccplay launch); beside --%s, give --%s or run under a launcher that sets it", RankCommand, other, name))
}

// localRank reads l's local rank, -1 when it is not set.
func localRank(env field.Lookup, l Launcher) (int, error) {
	if _, ok := env(l.Local); !ok {
		return -1, nil
	}
	return envInt(env, l.Local, 0, MaxRanks-1)
}

// envInt reads the integer variable name in [lo, hi]; the error names it.
func envInt(env field.Lookup, name string, lo, hi int) (int, error) {
	s, _ := env(name)
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || v < lo || v > hi {
		return 0, fielderr.On(name, fmt.Errorf("want an integer from %d to %d, got %q", lo, hi, s))
	}
	return v, nil
}

// readRendezvous reads the rendezvous HOST:PORT (see ReadPlacement).
func readRendezvous(get, env field.Lookup) (string, error) {
	if a, ok := get("addr"); ok {
		if _, _, err := net.SplitHostPort(a); err != nil {
			return "", fielderr.On("addr", fmt.Errorf("want HOST:PORT such as 127.0.0.1:29500, got %q", a))
		}
		return a, nil
	}
	host, err := rendezvousHost(get, env)
	if err != nil {
		return "", err
	}
	port := DefaultMasterPort
	if _, ok := get("master-port"); ok {
		port, err = field.Int(get, "master-port", 0, 1, 65535)
	} else if _, ok := env("MASTER_PORT"); ok {
		port, err = envInt(env, "MASTER_PORT", 1, 65535)
	} else if _, ok := env("SLURM_JOB_ID"); ok {
		var id int
		if id, err = envInt(env, "SLURM_JOB_ID", 0, 1<<62); err == nil {
			port = DefaultMasterPort + id%10000
		}
	}
	return net.JoinHostPort(host, strconv.Itoa(port)), err
}

// rendezvousHost is --master-addr, MASTER_ADDR or the first host of a
// Slurm node list.
func rendezvousHost(get, env field.Lookup) (string, error) {
	for _, src := range []struct {
		look field.Lookup
		name string
	}{{get, "master-addr"}, {env, "MASTER_ADDR"}} {
		if h, ok := src.look(src.name); ok {
			if h = strings.TrimSpace(h); h == "" || strings.ContainsAny(h, " /") {
				return "", fielderr.On(src.name, fmt.Errorf("want a host name or an IP address, got %q", h))
			}
			return h, nil
		}
	}
	for _, name := range slurmNodeLists {
		if list, ok := env(name); ok {
			h, err := FirstHost(list)
			if err != nil {
				return "", fielderr.On(name, fmt.Errorf("%v", err))
			}
			return h, nil
		}
	}
	return "", fielderr.On("master-addr", fmt.Errorf("no rendezvous host: give --master-addr HOST (rank 0's host) or set MASTER_ADDR; under srun SLURM_JOB_NODELIST gives it"))
}

// readIfaces reads field "iface": a comma-separated list of interface names.
func readIfaces(get field.Lookup) ([]string, error) {
	s, ok := get("iface")
	if !ok {
		return nil, nil
	}
	var names []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n == "" || len(n) > 15 || strings.ContainsAny(n, " /:") {
			return nil, fielderr.On("iface", fmt.Errorf("want interface names such as eth0 or eth0,eth1 (local rank l uses the l-th), got %q", s))
		}
		names = append(names, n)
	}
	return names, nil
}

// Iface is the interface this rank listens on: Ifaces[LocalRank mod
// len(Ifaces)] (LocalRank −1 counts as 0); "" without Ifaces.
func (pl Placement) Iface() string {
	if len(pl.Ifaces) == 0 {
		return ""
	}
	return pl.Ifaces[max(pl.LocalRank, 0)%len(pl.Ifaces)]
}
