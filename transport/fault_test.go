package transport

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// loopUntilError runs ring AllReduce calls on every endpoint until each rank
// fails, counting rank calls; it returns every rank's error.
func loopUntilError(eps []Endpoint, calls []atomic.Int64) []error {
	s, _ := sched.Build(specFor(prim.AllReduce, len(eps), 64), sched.Ring, sched.Options{})
	in := inputsFor[float64](s.Spec)
	errs := make([]error, len(eps))
	var wg sync.WaitGroup
	for r, ep := range eps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := uint64(1); ; seq++ {
				if _, err := Run(ep, s, seq, in[r]); err != nil {
					errs[r] = err
					ep.Abort(err)
					return
				}
				calls[r].Add(1)
			}
		}()
	}
	wg.Wait()
	return errs
}

// waitFor polls cond every millisecond for at most d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", d, what)
		}
		time.Sleep(time.Millisecond)
	}
}

// A rank that dies mid-run (its endpoint aborted from outside, or its TCP
// connections dropped without a goodbye) makes every other rank fail with a
// *PeerError naming it, well before the receive timeout.
func TestDeadRankStopsEveryone(t *testing.T) {
	const timeout = 20 * time.Second // the bound must come from the failure, not the timeout
	cases := []struct {
		name   string
		group  func(t *testing.T) []Endpoint
		kill   func(ep Endpoint)
		reason string // what at least one neighbour reports ("" = only that it names rank 2)
	}{
		{"chan abort", func(t *testing.T) []Endpoint { eps, _ := NewChan(4, Options{Timeout: timeout}); return eps },
			func(ep Endpoint) { ep.Abort(errors.New("killed by the test")) }, "aborted: killed by the test"},
		{"tcp dropped connections", func(t *testing.T) []Endpoint { return tcpGroup(t, 4, Options{Timeout: timeout}) },
			func(ep Endpoint) { ep.(*tcpEndpoint).closeConns() }, ""}, // EOF, EPIPE or rank 2's own abort: a race
		{"tcp abort", func(t *testing.T) []Endpoint { return tcpGroup(t, 4, Options{Timeout: timeout}) },
			func(ep Endpoint) { ep.Abort(errors.New("killed by the test")) }, "aborted: killed by the test"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			eps := tc.group(t)
			calls := make([]atomic.Int64, len(eps))
			var errs []error
			done := make(chan struct{})
			go func() { errs = loopUntilError(eps, calls); close(done) }()
			waitFor(t, time.Minute, "rank 2 to complete 5 calls", func() bool { return calls[2].Load() >= 5 })
			start := time.Now()
			tc.kill(eps[2])
			select {
			case <-done:
			case <-time.After(timeout / 2):
				t.Fatalf("ranks still running %v after rank 2 died", timeout/2)
			}
			t.Logf("all ranks stopped %v after the kill", time.Since(start))
			for r, err := range errs {
				if r == 2 {
					continue
				}
				var pe *PeerError
				if !errors.As(err, &pe) || !strings.Contains(err.Error(), "rank 2") {
					t.Errorf("rank %d: got %v, want a PeerError naming rank 2", r, err)
				}
			}
			// The direct neighbours see rank 2's own failure, not a cascade.
			if tc.reason != "" && !strings.Contains(errs[3].Error(), tc.reason) && !strings.Contains(errs[1].Error(), tc.reason) {
				t.Errorf("neither neighbour reports %q: %v / %v", tc.reason, errs[1], errs[3])
			}
		})
	}
}

// Ranks that call different collectives, or the same ones in a different
// order (the lecture's deadlock question), are reported as a
// *MismatchError naming both ranks and both calls.
func TestMismatchedCalls(t *testing.T) {
	build := func(c prim.Collective) *sched.Schedule {
		s, err := sched.Build(specFor(c, 4, 4), sched.Ring, sched.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	ar, ag := build(prim.AllReduce), build(prim.AllGather)
	cases := []struct {
		name  string
		plan  func(r int) []*sched.Schedule
		wants []string
	}{
		{"different collective on ranks 2 and 3",
			func(r int) []*sched.Schedule {
				if r >= 2 {
					return []*sched.Schedule{ag}
				}
				return []*sched.Schedule{ar}
			},
			[]string{"mismatched collectives", "call #1 allreduce/ring", "call #1 allgather/ring"}},
		{"same calls, different order on rank 0",
			func(r int) []*sched.Schedule {
				if r == 0 {
					return []*sched.Schedule{ag, ar}
				}
				return []*sched.Schedule{ar, ag}
			},
			[]string{"mismatched collectives", "rank 0", "call #1 allgather/ring", "call #1 allreduce/ring"}},
	}
	for _, tc := range cases {
		for _, kind := range []string{"chan", "tcp"} {
			t.Run(tc.name+"/"+kind, func(t *testing.T) {
				var eps []Endpoint
				if kind == "chan" {
					eps, _ = NewChan(4, Options{Timeout: 20 * time.Second})
				} else {
					eps = tcpGroup(t, 4, Options{Timeout: 20 * time.Second})
				}
				errs := make([]error, 4)
				var wg sync.WaitGroup
				for r, ep := range eps {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for i, s := range tc.plan(r) {
							in := inputsFor[float64](s.Spec)[r]
							if _, err := Run(ep, s, uint64(i+1), in); err != nil {
								errs[r] = err
								ep.Abort(err)
								return
							}
						}
						ep.Close()
					}()
				}
				within(t, 10*time.Second, "the mismatched group", wg.Wait)
				var mismatch *MismatchError
				for _, err := range errs {
					if errors.As(err, &mismatch) {
						break
					}
				}
				if mismatch == nil {
					t.Fatalf("no rank reported a mismatch: %v", errs)
				}
				msg := mismatch.Error()
				for _, w := range tc.wants {
					if !strings.Contains(msg, w) {
						t.Errorf("%q does not mention %q", msg, w)
					}
				}
				for r, err := range errs {
					if err == nil {
						t.Errorf("rank %d finished without an error", r)
					}
				}
			})
		}
	}
}

// A rank that never makes the call: its peers stop after Options.Timeout
// with a *TimeoutError naming the silent rank and the awaited call.
func TestSilentRankTimesOut(t *testing.T) {
	eps, _ := NewChan(3, Options{Timeout: 200 * time.Millisecond})
	s, _ := sched.Build(specFor(prim.AllReduce, 3, 3), sched.Ring, sched.Options{})
	in := inputsFor[int64](s.Spec)
	_, err := Run(eps[1], s, 7, in[1])
	var te *TimeoutError
	if !errors.As(err, &te) || te.Peer != 0 || !strings.Contains(err.Error(), "call #7 allreduce/ring round 0") {
		t.Fatalf("got %v, want a timeout waiting for rank 0's call #7 allreduce/ring round 0", err)
	}
}

// A rank that makes one call more than its peers hears that they closed.
func TestExtraCallSeesClosedPeers(t *testing.T) {
	for _, kind := range []string{"chan", "tcp"} {
		var eps []Endpoint
		if kind == "chan" {
			eps, _ = NewChan(2, Options{Timeout: 20 * time.Second})
		} else {
			eps = tcpGroup(t, 2, Options{Timeout: 20 * time.Second, SetupTimeout: 20 * time.Second})
		}
		s, _ := sched.Build(specFor(prim.AllReduce, 2, 2), sched.Ring, sched.Options{})
		in := inputsFor[int64](s.Spec)
		closed := make(chan error, 1)
		go func() { closed <- eps[1].Close() }()
		var err error
		within(t, 10*time.Second, kind+" extra call", func() { _, err = Run(eps[0], s, 1, in[0]) })
		if err == nil || !strings.Contains(err.Error(), "rank 1 has finished its calls") {
			t.Errorf("%s: got %v, want rank 1 has finished its calls", kind, err)
		}
		eps[0].Close()
		if err := <-closed; err != nil {
			t.Errorf("%s: close: %v", kind, err)
		}
	}
}

// Bad peers and group sizes are refused with an error, not a panic.
func TestBadArguments(t *testing.T) {
	if _, err := NewChan(0, Options{}); err == nil {
		t.Error("NewChan(0) accepted")
	}
	if _, err := DialTCP(3, 3, "127.0.0.1:1", Options{}); err == nil {
		t.Error("DialTCP rank 3 of 3 accepted")
	}
	eps, _ := NewChan(2, Options{})
	if err := eps[0].Send(0, Message{}); err == nil {
		t.Error("send to self accepted")
	}
	if _, err := eps[0].Recv(5); err == nil {
		t.Error("recv from rank 5 of 2 accepted")
	}
	s, _ := sched.Build(specFor(prim.AllReduce, 3, 3), sched.Ring, sched.Options{})
	if _, err := Run[int64](eps[0], s, 1, make([]int64, 3)); err == nil {
		t.Error("a 3-rank schedule on a 2-rank group accepted")
	}
}
