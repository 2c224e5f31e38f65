package job

import (
	"fmt"
	"strings"
)

// NodeLayout reads the ranks' hosts (transport.Hosts, by rank) as nodes:
// it returns g, the ranks per host, when the ranks sit on their hosts in
// consecutive blocks of g (ranks 0…g−1 on the first host, g…2g−1 on the
// next, …), as torchrun, mpirun's default mapping by slot and srun's
// block distribution place them, and sched's hierarchical schedule and
// the cost model's clusters assume. Any other placement is an error
// saying where it breaks. No hosts (one process) is one node.
func NodeLayout(hosts []string) (int, error) {
	if len(hosts) == 0 {
		return 1, nil
	}
	g := 1
	for g < len(hosts) && hosts[g] == hosts[0] {
		g++
	}
	if len(hosts)%g != 0 {
		return 0, fmt.Errorf("%d ranks do not fill hosts of %d ranks each (ranks 0–%d share the first host)", len(hosts), g, g-1)
	}
	seen := map[string]int{}
	for r, h := range hosts {
		first := r / g * g
		if hosts[first] != h {
			return 0, fmt.Errorf("rank %d is on host %s but rank %d on %s: the ranks are not in blocks of %d per host (map them by slot, not round-robin)", r, short(h), first, short(hosts[first]), g)
		}
		if r == first {
			if q, ok := seen[h]; ok {
				return 0, fmt.Errorf("ranks %d and %d are on host %s with others between them: the ranks are not in blocks of %d per host", q, r, short(h), g)
			}
			seen[h] = r
		}
	}
	return g, nil
}

// short is a host key without its network namespace.
func short(h string) string {
	name, _, _ := strings.Cut(h, "/")
	return name
}
