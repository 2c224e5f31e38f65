// Package cluster emulates a cluster on one Linux machine, for tests and
// for measuring real runs: every host is a network namespace, joined to a
// switch namespace by one veth pair per rail (one NIC per rank, as on GPU
// servers), each rail a bridge of its own with its own subnet inside
// 198.18.0.0/15 (the benchmarking range), every NIC shaped in both
// directions by a token bucket (tc tbf). With two leaves, each rail has
// one bridge per leaf and the two are joined by one veth pair, the
// uplink, shaped in both directions by its own token bucket: a two-leaf
// tree whose uplink may be oversubscribed. Nothing is created outside the
// namespaces it creates, and Close removes them all; Shutdown removes every
// one the process created, for a handler of SIGINT and SIGTERM. It needs
// root (or CAP_NET_ADMIN and CAP_SYS_ADMIN) and the ip and tc commands.
package cluster

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Prefix starts the name of every namespace this package creates,
// followed by the creating process's PID: a crashed run's namespaces are
// recognised (their PID is gone) and removed by RemoveStale.
const Prefix = "ccpc"

// Spec is the emulated cluster.
type Spec struct {
	Hosts int // hosts (namespaces), 1 to 250
	Rails int // NICs per host, 1 to 8: rail r of every host is on bridge r
	// Rate is each NIC's rate per direction in tc's syntax ("1gbit",
	// "200mbit"); "" leaves the links unshaped.
	Rate string
	// Burst is the token bucket's depth in tc's syntax ("" = 64kb).
	Burst string
	// Latency bounds the time a packet may wait in the bucket's queue
	// (tc tbf latency, "" = 100ms): the queue holds Rate × Latency.
	Latency string
	MTU     int // 0 = 9000
	// Leaves is 0 or 1 (every host of a rail on one bridge) or 2: hosts
	// [0, Hosts/2) on leaf 0, the rest on leaf 1 (Hosts even), each rail's
	// two leaf bridges joined by one uplink.
	Leaves int
	// Uplink is the uplink's rate per direction in tc's syntax, with the
	// same Burst and Latency as the NICs; "" leaves it unshaped.
	Uplink string
}

// Cluster is a running emulated cluster.
type Cluster struct {
	Spec
	Name    string // Prefix + PID (+ a counter): the namespaces' common start
	created []string
}

var seq int

// nsMu orders the creation of namespaces with Shutdown: once shut, no
// namespace is created, so none outlives a Shutdown.
var (
	nsMu sync.Mutex
	shut bool
)

// New creates the namespaces, links, addresses and shaping of spec. On
// an error everything it created is removed again.
func New(spec Spec) (*Cluster, error) {
	if spec.Hosts < 1 || spec.Hosts > 250 || spec.Rails < 1 || spec.Rails > 8 {
		return nil, fmt.Errorf("cluster: want 1–250 hosts and 1–8 rails, got %d and %d", spec.Hosts, spec.Rails)
	}
	if spec.Leaves < 0 || spec.Leaves > 2 || spec.Leaves == 2 && spec.Hosts%2 != 0 {
		return nil, fmt.Errorf("cluster: want 0–2 leaves and, with 2, an even number of hosts; got %d leaves of %d hosts", spec.Leaves, spec.Hosts)
	}
	if spec.MTU == 0 {
		spec.MTU = 9000
	}
	if spec.Burst == "" {
		spec.Burst = "64kb"
	}
	if spec.Latency == "" {
		spec.Latency = "100ms"
	}
	seq++
	c := &Cluster{Spec: spec, Name: fmt.Sprintf("%s%d-%d", Prefix, os.Getpid(), seq)}
	if err := c.build(); err != nil {
		return nil, errors.Join(err, c.Close())
	}
	return c, nil
}

// Switch is the namespace holding the rails' bridges.
func (c *Cluster) Switch() string { return c.Name + "-sw" }

// Host is the namespace of host h.
func (c *Cluster) Host(h int) string { return fmt.Sprintf("%s-h%d", c.Name, h) }

// Iface is the name, inside every host, of the NIC on rail r.
func Iface(r int) string { return fmt.Sprintf("rail%d", r) }

// Addr is host h's address on rail r: 198.18.r.(h+1).
func Addr(h, r int) string { return fmt.Sprintf("198.18.%d.%d", r, h+1) }

// LeafOf is the leaf of host h: 0, or with two leaves 1 for the second
// half of the hosts.
func (c *Cluster) LeafOf(h int) int {
	if c.Leaves < 2 {
		return 0
	}
	return h / (c.Hosts / 2)
}

// bridge is the name, inside the switch, of rail r's bridge on leaf k.
func (c *Cluster) bridge(r, k int) string {
	if c.Leaves < 2 {
		return fmt.Sprintf("br%d", r)
	}
	return fmt.Sprintf("br%dl%d", r, k)
}

// UplinkPort is the name, inside the switch, of rail r's uplink end on
// leaf k's bridge: its egress (and its qdisc's counters) carries the
// traffic leaving leaf k.
func UplinkPort(r, k int) string { return fmt.Sprintf("up%dl%d", r, k) }

func (c *Cluster) build() error {
	if err := c.addNS(c.Switch()); err != nil {
		return err
	}
	for r := range c.Rails {
		for k := range max(c.Leaves, 1) {
			br := c.bridge(r, k)
			if err := run("ip", "-n", c.Switch(), "link", "add", br, "type", "bridge"); err != nil {
				return err
			}
			if err := run("ip", "-n", c.Switch(), "link", "set", br, "mtu", strconv.Itoa(c.MTU), "up"); err != nil {
				return err
			}
		}
		if c.Leaves == 2 {
			if err := c.addUplink(r); err != nil {
				return err
			}
		}
	}
	for h := range c.Hosts {
		ns := c.Host(h)
		if err := c.addNS(ns); err != nil {
			return err
		}
		if err := run("ip", "-n", ns, "link", "set", "lo", "up"); err != nil {
			return err
		}
		for r := range c.Rails {
			if err := c.addNIC(h, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// addNIC joins host h to rail r: a veth pair, the host's end with its
// address, the switch's end on the rail's bridge, both ends shaped.
func (c *Cluster) addNIC(h, r int) error {
	ns, port := c.Host(h), fmt.Sprintf("h%dr%d", h, r)
	steps := [][]string{
		{"ip", "-n", ns, "link", "add", Iface(r), "type", "veth", "peer", "name", port, "netns", c.Switch()},
		{"ip", "-n", ns, "link", "set", Iface(r), "mtu", strconv.Itoa(c.MTU), "up"},
		{"ip", "-n", ns, "addr", "add", Addr(h, r) + "/24", "dev", Iface(r)},
		{"ip", "-n", c.Switch(), "link", "set", port, "mtu", strconv.Itoa(c.MTU), "master", c.bridge(r, c.LeafOf(h)), "up"},
	}
	if c.Rate != "" {
		steps = append(steps,
			[]string{"tc", "-n", ns, "qdisc", "add", "dev", Iface(r), "root", "tbf", "rate", c.Rate, "burst", c.Burst, "latency", c.Latency},
			[]string{"tc", "-n", c.Switch(), "qdisc", "add", "dev", port, "root", "tbf", "rate", c.Rate, "burst", c.Burst, "latency", c.Latency})
	}
	for _, s := range steps {
		if err := run(s[0], s[1:]...); err != nil {
			return err
		}
	}
	return nil
}

// addUplink joins rail r's two leaf bridges by one veth pair, each end
// shaped to Uplink on its egress: one link, one token bucket per
// direction.
func (c *Cluster) addUplink(r int) error {
	sw := c.Switch()
	steps := [][]string{{"ip", "-n", sw, "link", "add", UplinkPort(r, 0), "type", "veth", "peer", "name", UplinkPort(r, 1)}}
	for k := range 2 {
		steps = append(steps, []string{"ip", "-n", sw, "link", "set", UplinkPort(r, k), "mtu", strconv.Itoa(c.MTU), "master", c.bridge(r, k), "up"})
		if c.Uplink != "" {
			steps = append(steps, []string{"tc", "-n", sw, "qdisc", "add", "dev", UplinkPort(r, k), "root", "tbf", "rate", c.Uplink, "burst", c.Burst, "latency", c.Latency})
		}
	}
	for _, s := range steps {
		if err := run(s[0], s[1:]...); err != nil {
			return err
		}
	}
	return nil
}

var sentBytes = regexp.MustCompile(`Sent (\d+) bytes`)

// UplinkBytes is the bytes rail r's uplink has carried out of leaf k,
// as its egress qdisc counts them: whole frames (Ethernet, IP and TCP
// headers included, ACKs and ARP too).
func (c *Cluster) UplinkBytes(r, k int) (int64, error) {
	out, err := exec.Command("tc", "-n", c.Switch(), "-s", "qdisc", "show", "dev", UplinkPort(r, k)).Output()
	if err != nil {
		return 0, fmt.Errorf("tc -s qdisc show dev %s: %w", UplinkPort(r, k), err)
	}
	m := sentBytes.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("tc -s qdisc show dev %s: no byte count in %q", UplinkPort(r, k), out)
	}
	return strconv.ParseInt(string(m[1]), 10, 64)
}

func (c *Cluster) addNS(name string) error {
	nsMu.Lock()
	defer nsMu.Unlock()
	if shut {
		return errors.New("cluster: shutting down (a signal): no new namespaces")
	}
	if err := run("ip", "netns", "add", name); err != nil {
		return err
	}
	c.created = append(c.created, name)
	return nil
}

// Close removes every namespace New created (their links, addresses,
// bridges and qdiscs go with them). It may be called more than once, and
// after Shutdown.
func (c *Cluster) Close() error {
	nsMu.Lock()
	defer nsMu.Unlock()
	if shut { // Shutdown has removed them
		c.created = nil
		return nil
	}
	var errs []error
	for i := len(c.created) - 1; i >= 0; i-- {
		if err := run("ip", "netns", "del", c.created[i]); err != nil {
			errs = append(errs, err)
		}
	}
	c.created = nil
	return errors.Join(errs...)
}

// Command is name with args run inside host h's namespace (ip netns exec).
func (c *Cluster) Command(h int, name string, args ...string) *exec.Cmd {
	return exec.Command("ip", append([]string{"netns", "exec", c.Host(h), name}, args...)...)
}

var ours = regexp.MustCompile("^" + Prefix + `(\d+)-\d+-(sw|h\d+)$`)

// RemoveStale removes the namespaces of earlier runs of this package
// whose process has gone (a run killed before its clean-up), and returns
// their names.
func RemoveStale() ([]string, error) {
	return remove(func(pid int) bool { return pid != os.Getpid() && !alive(pid) })
}

// Shutdown removes every namespace this process created, whichever
// cluster it belongs to and however far New had got, and makes every later
// New fail: what a handler of SIGINT or SIGTERM calls before the process
// exits. The processes running in them should be ended first; the
// namespaces' links and bridges go when their last process has.
func Shutdown() ([]string, error) {
	nsMu.Lock()
	shut = true
	nsMu.Unlock()
	return remove(func(pid int) bool { return pid == os.Getpid() })
}

// remove deletes the namespaces of this package whose creator's PID
// matches, and returns their names. O(namespaces on the machine).
func remove(match func(pid int) bool) ([]string, error) {
	out, err := exec.Command("ip", "netns", "list").Output()
	if err != nil {
		return nil, fmt.Errorf("ip netns list: %w", err)
	}
	var removed []string
	var errs []error
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		m := ours.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		if pid, _ := strconv.Atoi(m[1]); !match(pid) {
			continue
		}
		if err := run("ip", "netns", "del", f[0]); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, f[0])
	}
	return removed, errors.Join(errs...)
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Permitted reports why network namespaces cannot be created here (nil:
// they can), by creating and removing one.
func Permitted() error {
	for _, tool := range []string{"ip", "tc"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("%s not found (iproute2)", tool)
		}
	}
	name := fmt.Sprintf("%s%d-0-sw", Prefix, os.Getpid())
	if err := run("ip", "netns", "add", name); err != nil {
		return err
	}
	return run("ip", "netns", "del", name)
}

// run runs a command and returns its failure with its stderr.
func run(name string, args ...string) error {
	var stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return nil
}
