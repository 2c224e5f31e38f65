package transport

import (
	"fmt"
	"time"
)

// pollings are the ways a TCP rank may wait, for tests to run each: sleep
// at once, poll on a core of its own, poll and yield (SpinFor's two).
var pollings = []Options{{}, {Spin: 100 * time.Microsecond}, {Spin: time.Millisecond, Yield: true}}

// pollingName names o's polling for a subtest.
func pollingName(o Options) string { return fmt.Sprintf("spin=%v,yield=%v", o.Spin, o.Yield) }
