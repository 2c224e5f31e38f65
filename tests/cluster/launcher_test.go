package cluster

import (
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/transport"
)

// freePort is a TCP port free on 127.0.0.1 just now.
func freePort(t *testing.T) string {
	t.Helper()
	addr, err := transport.FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(addr)
	return port
}

// A 4-rank job whose ranks know their place only from torchrun-style
// variables (RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, MASTER_PORT) runs
// on this machine: one host of 4 ranks, every byte intra-node.
func TestLauncherTorchrunStyle(t *testing.T) {
	port, tok := freePort(t), token(t)
	var cmds []*exec.Cmd
	for r := range 4 {
		c := exec.Command(ccplay, "rank", "--collective", "allreduce", "--algorithm", "hierarchical", "--count", "1000")
		c.Env = append(os.Environ(), tok, "RANK="+strconv.Itoa(r), "WORLD_SIZE=4", "LOCAL_RANK="+strconv.Itoa(r),
			"MASTER_ADDR=127.0.0.1", "MASTER_PORT="+port)
		cmds = append(cmds, c)
	}
	var all string
	for _, out := range runAll(t, 2*time.Minute, cmds...) {
		all += out
	}
	checkAllReduce(t, lines(t, all), 4, 4, 1000, sched.Hierarchical)
}

// mpirun is Open MPI's launcher, or the test fails saying how to get it.
func mpirun(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("mpirun")
	if err != nil {
		t.Fatalf("mpirun not found: install Open MPI (apt-get install openmpi-bin), as .ci/run does")
	}
	return path
}

// mpirunArgs are the options every mpirun of these tests takes: as root
// Open MPI refuses to run without --allow-run-as-root, and more ranks
// than cores need --oversubscribe.
func mpirunArgs() []string {
	args := []string{"--oversubscribe"}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-run-as-root")
	}
	return args
}

// `mpirun -np 4 ccplay rank --master-addr 127.0.0.1` runs a job whose
// ranks come from Open MPI's OMPI_COMM_WORLD_* variables.
func TestLauncherMpirunLocal(t *testing.T) {
	bin := mpirun(t)
	port, tok := freePort(t), token(t)
	args := append(mpirunArgs(), "-np", "4", "-x", strings.SplitN(tok, "=", 2)[0],
		ccplay, "rank", "--master-addr", "127.0.0.1", "--master-port", port, "--collective", "allreduce", "--count", "4096")
	c := exec.Command(bin, args...)
	c.Env = append(os.Environ(), tok)
	out := runAll(t, 2*time.Minute, c)
	checkAllReduce(t, lines(t, out[0]), 4, 4, 4096, sched.Ring)
}
