package job

import (
	"fmt"

	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/transport"
)

// rankLayout is the ranks per node of ep's group (NodeLayout of its
// hosts), which hierarchical schedules are built for. A placement that is
// not in blocks is an error only when a call is hierarchical; the other
// algorithms do not depend on where ranks sit (then 1).
func rankLayout(ep transport.Endpoint, calls []Call) (int, error) {
	g, err := NodeLayout(transport.Hosts(ep))
	if err == nil {
		return g, nil
	}
	for _, c := range calls {
		if c.Algorithm == sched.Hierarchical {
			return 0, fmt.Errorf("hierarchical runs on nodes of consecutive ranks: %w", err)
		}
	}
	return 1, nil
}

// withLinks adds to a done line the layout (g ranks per host) and the
// rank's bytes by link class, counted at its sockets.
func withLinks(l Line, ep transport.Endpoint, g int) Line {
	if b, ok := transport.LinkBytes(ep); ok {
		l.LinkBytes = &b
	}
	l.Hosts, l.RanksPerHost = ep.Ranks()/g, g
	return l
}
