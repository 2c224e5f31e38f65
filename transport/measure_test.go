package transport

import (
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Measure returns a positive time per call, advances the sequence numbers
// by warmup + barrier + iters on every rank (a following call with the
// returned Seq works), and verifies results on both transports.
func TestMeasureAndPingPong(t *testing.T) {
	for _, kind := range []string{"chan", "tcp"} {
		var eps []Endpoint
		if kind == "chan" {
			eps, _ = NewChan(4, Options{Timeout: time.Minute})
		} else {
			eps = tcpGroup(t, 4, Options{Timeout: time.Minute})
		}
		s, err := sched.Build(specFor(prim.AllReduce, 4, 256), sched.Ring, sched.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := inputsFor[float64](s.Spec)
		tm, err := Measure(eps, s, in, 2, 5, 1)
		if err != nil || !(tm.Seconds > 0) || tm.Seq != 1+2+1+5 {
			t.Fatalf("%s: %+v %v", kind, tm, err)
		}
		pp, err := PingPong(eps[0], eps[1], 1024, 2, 5, tm.Seq)
		if err != nil || !(pp.Seconds > 0) || pp.Seq != tm.Seq+7 {
			t.Fatalf("%s ping-pong: %+v %v", kind, pp, err)
		}
		if _, err := Measure(eps, s, in, 0, 1, pp.Seq); err != nil {
			t.Fatalf("%s: a call after ping-pong: %v", kind, err)
		}
		if _, err := Measure(eps, s, in, 0, 0, pp.Seq); err == nil {
			t.Errorf("%s: iters 0 accepted", kind)
		}
		if kind == "tcp" {
			closeAll(t, eps)
		}
	}
}
