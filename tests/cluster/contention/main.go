// Command contention predicts, then measures, ring AllReduce against
// AllToAll on an emulated two-leaf tree (package cluster) whose uplink is
// oversubscribed: for each ratio R it builds hosts on two leaves, every
// NIC shaped to --rate and the one uplink between the leaves to
// (hosts per leaf) × rate ÷ R per direction, runs `ccplay bench
// --transport job` on one rank per host, and prices each measured row
// with `ccplay cost --fabric fat-tree --oversubscription R --leaf-nodes
// (hosts per leaf)` on the link as configured: B = the tbf rate's TCP
// payload, rate/8 × (MTU − 52)/(MTU + 14) (a frame of MTU + 14 bytes of
// Ethernet header carries MTU − 52 bytes of IP, TCP and timestamp
// headers' payload), and α = the one-way ping-pong time of the smallest
// size swept (ranks 0 and 1, on the same leaf), which fits in the token
// bucket's burst. The α-β line the bench fits over the sweep is printed
// beside it and not used: the burst lets the small messages through at
// the veth's own speed, so the fitted α comes out near α − burst/B, below
// zero. It prints the prediction, the
// measurement and their ratio per ratio, collective and size, and removes
// the hosts, also when interrupted. It needs root.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/ccplay/ccplay/job"
	"github.com/ccplay/ccplay/tests/cluster"
	"github.com/ccplay/ccplay/transport"
)

// series is one measured collective: bench's --collective and --algorithm.
type series struct{ collective, algorithm string }

// hostSysctls are --sysctl's settings, applied in every host's namespace.
var hostSysctls []string

// mtu is every link's MTU.
const mtu = 9000

// reportFrom is the smallest size whose row is reported.
var reportFrom int64

// measured is the series of --series, in order.
var measured []series

func main() {
	hosts := flag.Int("hosts", 8, "hosts (network namespaces), one rank each, half on each leaf")
	rate := flag.String("rate", "200mbit", "each NIC's rate per direction (tc tbf syntax: kbit, mbit or gbit)")
	burst := flag.String("burst", "64kb", "every token bucket's depth (tc tbf syntax)")
	latency := flag.String("latency", "100ms", "the longest a packet waits in a bucket's queue (tc tbf latency)")
	ratios := flag.String("oversubscription", "1,2,4", "comma-separated ratios R: the uplink carries (hosts per leaf) × rate ÷ R")
	minB := flag.String("b", "1K", "smallest size swept (ccplay bench -b): its one-way ping-pong time is the model's α")
	from := flag.Int64("from", 1<<20, "smallest size reported, in bytes")
	maxB := flag.String("e", "16M", "largest size (ccplay bench -e)")
	iters := flag.String("n", "3", "timed calls per size (ccplay bench -n)")
	binFlag := flag.String("ccplay", "", "the ccplay binary (default: built from this tree)")
	sysctls := flag.String("sysctl", "", "comma-separated key=value kernel settings for every host's namespace (e.g. net.ipv4.tcp_slow_start_after_idle=0); default the kernel's")
	list := flag.String("series", "allreduce:ring,alltoall:naive,alltoall:pairwise", "comma-separated collective:algorithm pairs to measure")
	flag.Parse()
	for _, f := range strings.Split(*list, ",") {
		coll, alg, ok := strings.Cut(strings.TrimSpace(f), ":")
		if !ok {
			fmt.Fprintf(os.Stderr, "cluster contention: --series %q: want collective:algorithm pairs\n", f)
			os.Exit(2)
		}
		measured = append(measured, series{coll, alg})
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	reportFrom = *from
	if *sysctls != "" {
		hostSysctls = strings.Split(*sysctls, ",")
	}
	if err := run(*binFlag, *hosts, *rate, *ratios, cluster.Spec{Burst: *burst, Latency: *latency}, []string{"-b", *minB, "-e", *maxB, "-f", "4", "-n", *iters, "-w", "1", "--timeout", "10m", "--json"}, sig); err != nil {
		fmt.Fprintf(os.Stderr, "cluster contention: %v\n", err)
		os.Exit(1)
	}
}

func run(bin string, hosts int, rate, ratios string, spec cluster.Spec, benchArgs []string, sig chan os.Signal) error {
	bps, err := bitsPerSecond(rate)
	if err != nil {
		return err
	}
	if hosts < 4 || hosts%2 != 0 {
		return fmt.Errorf("--hosts %d: want an even number, at least 4", hosts)
	}
	dir, bin, err := cluster.ReportDir("contention", bin)
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	leaf := hosts / 2
	fmt.Printf("# %d hosts × 1 rank on 2 leaves of %d; NICs %s, burst %s, tbf latency %s; load %s\n", hosts, leaf, rate, spec.Burst, spec.Latency, loadavg())
	fmt.Printf("%-4s %-18s %10s %12s %12s %12s %9s\n", "R", "collective", "size", "ideal", "predicted", "measured", "meas/pred")
	for _, f := range strings.Split(ratios, ",") {
		r, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || r < 1 {
			return fmt.Errorf("--oversubscription %q: want ratios ≥ 1", f)
		}
		spec.Hosts, spec.Rails, spec.Leaves, spec.Rate, spec.MTU = hosts, 1, 2, rate, mtu
		spec.Uplink = fmt.Sprintf("%dkbit", int64(float64(leaf)*bps/r/1000))
		if err := ratio(bin, spec, r, benchArgs, sig); err != nil {
			return err
		}
	}
	return nil
}

// ratio measures and predicts every series on the cluster of spec.
func ratio(bin string, spec cluster.Spec, r float64, benchArgs []string, sig chan os.Signal) error {
	bps, err := bitsPerSecond(spec.Rate)
	if err != nil {
		return err
	}
	payload := bps / 8 * float64(mtu-52) / float64(mtu+14)
	c, err := cluster.New(spec)
	if err != nil {
		return err
	}
	defer c.Close()
	for h := range c.Hosts {
		for _, kv := range hostSysctls {
			if out, err := c.Command(h, "sysctl", "-w", kv).CombinedOutput(); err != nil {
				return fmt.Errorf("sysctl -w %s: %v: %s", kv, err, out)
			}
		}
	}
	if len(hostSysctls) > 0 {
		fmt.Printf("# every host: %s\n", strings.Join(hostSysctls, ", "))
	}
	fmt.Printf("# R = %g: uplink %s per direction (namespaces %s-*)\n", r, spec.Uplink, c.Name)
	for _, s := range measured {
		before, err := retransmits(c)
		if err != nil {
			return err
		}
		rep, err := bench(c, bin, s, benchArgs, sig)
		if err != nil {
			return err
		}
		after, err := retransmits(c)
		if err != nil {
			return err
		}
		if len(rep.PingPong) == 0 {
			return errors.New("the bench reported no ping-pong")
		}
		alpha := rep.PingPong[0].TimeS
		for _, ser := range rep.Series {
			for _, row := range ser.Rows {
				if row.SizeBytes < reportFrom {
					continue
				}
				pred, err := predict(bin, c, r, ser.Collective, ser.Algorithm, row.SizeBytes, alpha, payload, "fat-tree")
				if err != nil {
					return err
				}
				ideal, err := predict(bin, c, r, ser.Collective, ser.Algorithm, row.SizeBytes, alpha, payload, "ideal")
				if err != nil {
					return err
				}
				fmt.Printf("%-4g %-18s %10s %10.1fms %10.1fms %10.1fms %9.3f\n", r, ser.Collective+" "+ser.Algorithm, mib(row.SizeBytes),
					ideal*1e3, pred*1e3, row.TimeS*1e3, row.TimeS/pred)
			}
		}
		fmt.Printf("#   %s: α = %.0f µs (%s ping-pong), B = %.2f MB/s", s.collective, alpha*1e6, mib(rep.PingPong[0].SizeBytes), payload/1e6)
		if rep.Link != nil {
			fmt.Printf("; the sweep's α-β fit: %.0f µs, %.2f MB/s", rep.Link.Alpha*1e6, rep.Link.BwBps/1e6)
		}
		fmt.Printf("; %d TCP segments retransmitted over the whole sweep; load %s\n", after-before, loadavg())
	}
	return nil
}

// bench runs ccplay bench --transport job for s on one rank per host of c
// and returns rank 0's report.
func bench(c *cluster.Cluster, bin string, s series, benchArgs []string, sig chan os.Signal) (job.ClusterBench, error) {
	tok, err := transport.NewToken()
	if err != nil {
		return job.ClusterBench{}, err
	}
	p := c.Hosts
	var out strings.Builder
	var cmds []*exec.Cmd
	defer func() {
		for _, cmd := range cmds {
			cmd.Process.Kill() //nolint:errcheck // it has ended already
		}
	}()
	for rk := range p {
		args := append([]string{"bench", "--transport", "job", "--iface", cluster.Iface(0), "--collective", s.collective, "--algorithm", s.algorithm}, benchArgs...)
		cmd := c.Command(rk, bin, args...)
		cmd.Env = append(os.Environ(), job.TokenEnv+"="+tok.String(), "RANK="+strconv.Itoa(rk), "WORLD_SIZE="+strconv.Itoa(p),
			"LOCAL_RANK=0", "MASTER_ADDR="+cluster.Addr(0, 0), "MASTER_PORT=29500")
		cmd.Stderr = os.Stderr
		if rk == 0 {
			cmd.Stdout = &out
		}
		if err := cmd.Start(); err != nil {
			return job.ClusterBench{}, err
		}
		cmds = append(cmds, cmd)
	}
	done := make(chan error, len(cmds))
	for _, cmd := range cmds {
		go func() { done <- cmd.Wait() }()
	}
	var failed error
	for range cmds {
		select {
		case err := <-done:
			failed = errors.Join(failed, err)
		case s := <-sig:
			return job.ClusterBench{}, fmt.Errorf("stopped by %v", s)
		}
	}
	if failed != nil {
		return job.ClusterBench{}, failed
	}
	var rep job.ClusterBench
	if err := json.Unmarshal([]byte(out.String()), &rep); err != nil {
		return rep, fmt.Errorf("rank 0 printed %q: %v", out.String(), err)
	}
	return rep, nil
}

// predict is ccplay cost's time for one row on fabric (fat-tree with
// ratio r and c's leaves, or ideal), elements of 8 B as bench's.
func predict(bin string, c *cluster.Cluster, r float64, collective, algorithm string, size int64, alpha, bw float64, fabric string) (float64, error) {
	args := []string{"cost", "--collective", collective, "--algorithm", algorithm, "--ranks", strconv.Itoa(c.Hosts), "--gpus-per-node", "1",
		"--size", strconv.FormatInt(size, 10), "--dtype", "double", "--bandwidth", fmt.Sprintf("%gB/s", bw), "--latency", fmt.Sprintf("%gs", alpha),
		"--fabric", fabric, "--json"}
	if fabric != "ideal" {
		args = append(args, "--leaf-nodes", strconv.Itoa(c.Hosts/2), "--oversubscription", strconv.FormatFloat(r, 'g', -1, 64))
	}
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return 0, fmt.Errorf("ccplay %s: %v: %s", strings.Join(args, " "), err, ee.Stderr)
		}
		return 0, err
	}
	var ans struct {
		TimeS float64 `json:"time_s"`
	}
	if err := json.Unmarshal(out, &ans); err != nil {
		return 0, err
	}
	return ans.TimeS, nil
}

// retransmits is the TCP segments the hosts of c have retransmitted so
// far, summed (RetransSegs of each namespace's /proc/net/snmp).
func retransmits(c *cluster.Cluster) (int64, error) {
	var sum int64
	for h := range c.Hosts {
		out, err := c.Command(h, "cat", "/proc/net/snmp").Output()
		if err != nil {
			return 0, fmt.Errorf("reading host %d's /proc/net/snmp: %v", h, err)
		}
		var names []string
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || f[0] != "Tcp:" {
				continue
			}
			if names == nil {
				names = f
				continue
			}
			for i, n := range names {
				if n == "RetransSegs" && i < len(f) {
					v, err := strconv.ParseInt(f[i], 10, 64)
					if err != nil {
						return 0, fmt.Errorf("host %d's RetransSegs %q: %v", h, f[i], err)
					}
					sum += v
				}
			}
		}
	}
	return sum, nil
}

var rateRe = regexp.MustCompile(`^(\d+(?:\.\d+)?)(kbit|mbit|gbit)$`)

// bitsPerSecond parses a tc rate in kbit, mbit or gbit (decimal units, as
// tc reads them).
func bitsPerSecond(rate string) (float64, error) {
	m := rateRe.FindStringSubmatch(rate)
	if m == nil {
		return 0, fmt.Errorf("--rate %q: want a number and kbit, mbit or gbit", rate)
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	return v * map[string]float64{"kbit": 1e3, "mbit": 1e6, "gbit": 1e9}[m[2]], nil
}

// mib is b in KiB or MiB.
func mib(b int64) string {
	if b < 1<<20 {
		return fmt.Sprintf("%g KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%g MiB", float64(b)/(1<<20))
}

// loadavg is the machine's 1-minute load average.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}
