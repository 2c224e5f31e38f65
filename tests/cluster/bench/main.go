// Command bench runs the lecture's Experiment 3 on an emulated cluster
// (package cluster): it builds ccplay, creates the hosts, starts `ccplay
// bench --transport job` on every rank with torchrun-style variables
// through ip netns exec, prints rank 0's report (predicted against
// measured AllReduce) and removes the hosts, also when interrupted. It
// needs root. Flags choose the cluster and the sweep; the rest of the
// command line goes to ccplay bench.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/ccplay/ccplay/job"
	"github.com/ccplay/ccplay/tests/cluster"
	"github.com/ccplay/ccplay/transport"
)

func main() {
	hosts := flag.Int("hosts", 4, "hosts (network namespaces)")
	perHost := flag.Int("ranks-per-host", 2, "ranks per host, each with its own NIC")
	rate := flag.String("rate", "1gbit", "each NIC's rate per direction (tc tbf syntax)")
	burst := flag.String("burst", "64kb", "the token bucket's depth (tc tbf syntax)")
	binFlag := flag.String("ccplay", "", "the ccplay binary to run (default: built from this tree)")
	latency := flag.String("latency", "100ms", "the longest a packet waits in the bucket's queue (tc tbf latency)")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./tests/cluster/bench [--ccplay PATH] [--hosts N] [--ranks-per-host G] [--rate R] [--burst B] [--latency L] [-- ccplay bench flags]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	benchArgs := flag.Args()
	if len(benchArgs) == 0 {
		benchArgs = []string{"--algorithm", "ring,tree,recursive-doubling,hierarchical", "-b", "64K", "-e", "256M", "-f", "4", "-n", "5", "-w", "2", "--timeout", "10m"}
	}
	if err := run(*binFlag, *hosts, *perHost, cluster.Spec{Rate: *rate, Burst: *burst, Latency: *latency}, benchArgs); err != nil {
		fmt.Fprintf(os.Stderr, "cluster bench: %v\n", err)
		os.Exit(1)
	}
}

func run(bin string, hosts, perHost int, spec cluster.Spec, benchArgs []string) error {
	dir, bin, err := cluster.ReportDir("bench", bin)
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	spec.Hosts, spec.Rails = hosts, perHost
	c, err := cluster.New(spec)
	if err != nil {
		return err
	}
	defer c.Close()
	tok, err := transport.NewToken()
	if err != nil {
		return err
	}
	var ifaces []string
	for r := range perHost {
		ifaces = append(ifaces, cluster.Iface(r))
	}
	p := hosts * perHost
	var cmds []*exec.Cmd
	for r := range p {
		args := append([]string{"bench", "--transport", "job", "--iface", strings.Join(ifaces, ",")}, benchArgs...)
		cmd := c.Command(r/perHost, bin, args...)
		cmd.Env = append(os.Environ(), job.TokenEnv+"="+tok.String(), "RANK="+strconv.Itoa(r), "WORLD_SIZE="+strconv.Itoa(p),
			"LOCAL_RANK="+strconv.Itoa(r%perHost), "MASTER_ADDR="+cluster.Addr(0, 0), "MASTER_PORT=29500")
		cmd.Stderr = os.Stderr
		if r == 0 {
			cmd.Stdout = os.Stdout
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		cmds = append(cmds, cmd)
	}
	fmt.Fprintf(os.Stderr, "# %d hosts × %d ranks, NICs shaped to %s (burst %s, latency %s), namespaces %s-*\n", hosts, perHost, c.Rate, c.Burst, c.Latency, c.Name)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	done := make(chan error, len(cmds))
	for _, cmd := range cmds {
		go func() { done <- cmd.Wait() }()
	}
	var failed error
	for range cmds {
		select {
		case err := <-done:
			if err != nil && failed == nil {
				failed = err
			}
		case s := <-sig:
			for _, cmd := range cmds {
				cmd.Process.Kill()
			}
			failed = fmt.Errorf("stopped by %v", s)
		}
	}
	return failed
}
