package transport

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Timing is one measured collective: Seconds per call (the slowest rank's
// mean over the timed iterations, as nccl-tests reports), and Seq, the next
// free call sequence number.
type Timing struct {
	Seconds float64
	Seq     uint64
}

// Measure runs schedule s on every endpoint of eps (one goroutine per rank):
// warmup untimed calls, a barrier, then iters timed calls, each call with
// its own sequence number starting at seq. Every rank's last output is
// checked against prim.Reference (inputs[r] is rank r's send buffer), so a
// wrong algorithm cannot produce a fast number. A rank's failure aborts its
// endpoint and is returned.
func Measure(eps []Endpoint, s *sched.Schedule, inputs [][]float64, warmup, iters int, seq uint64) (Timing, error) {
	if iters < 1 || warmup < 0 {
		return Timing{}, fmt.Errorf("transport: want iters ≥ 1 and warmup ≥ 0, got %d and %d", iters, warmup)
	}
	want, err := prim.Reference(s.Spec, inputs)
	if err != nil {
		return Timing{}, err
	}
	barrier, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: len(eps), Op: prim.Sum, Count: 1}, sched.Naive, sched.Options{})
	if err != nil {
		return Timing{}, err
	}
	calls := uint64(warmup + 1 + iters)
	secs := make([]float64, len(eps))
	errs := make([]error, len(eps))
	var wg sync.WaitGroup
	for r, ep := range eps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := func() error {
				q := seq
				var out []float64
				var err error
				var ws Workspace[float64] // reused by every call, faulted in before timing
				ws.Reserve(s.WorkLen[r])
				for range warmup {
					if out, err = RunIn(ep, s, q, inputs[r], &ws); err != nil {
						return err
					}
					q++
				}
				if _, err := Run(ep, barrier, q, []float64{0}); err != nil {
					return err
				}
				q++
				start := time.Now()
				for range iters {
					if out, err = RunIn(ep, s, q, inputs[r], &ws); err != nil {
						return err
					}
					q++
				}
				secs[r] = time.Since(start).Seconds() / float64(iters)
				if !slices.Equal(out, want[r]) {
					return fmt.Errorf("rank %d: %s/%s returned a wrong result", r, s.Spec.Collective, s.Algorithm)
				}
				return nil
			}()
			if err != nil {
				errs[r] = err
				ep.Abort(err)
			}
		}()
	}
	wg.Wait()
	if err := rootCause(errs); err != nil {
		return Timing{}, err
	}
	return Timing{Seconds: slices.Max(secs), Seq: seq + calls}, nil
}

// PingPong measures the one-way time of a message of size bytes between
// endpoints a and b (half the mean round trip over iters, after warmup
// untimed round trips), running both sides on goroutines. Each message is
// a fresh copy of the payload, as Run encodes each transfer. Messages carry
// collective "pingpong" and sequence numbers from seq.
func PingPong(a, b Endpoint, size, warmup, iters int, seq uint64) (Timing, error) {
	if iters < 1 || warmup < 0 || size < 0 {
		return Timing{}, fmt.Errorf("transport: want iters ≥ 1, warmup ≥ 0, size ≥ 0, got %d, %d, %d", iters, warmup, size)
	}
	payload := make([]byte, size)
	n := uint64(warmup + iters)
	var elapsed time.Duration
	errs := make([]error, 2)
	var wg sync.WaitGroup
	side := func(i int, me, peer Endpoint) {
		defer wg.Done()
		err := func() error {
			var start time.Time
			for k := uint64(0); k < n; k++ {
				if k == uint64(warmup) {
					start = time.Now()
				}
				h := Header{Seq: seq + k, Collective: "pingpong"}
				if i == 0 {
					// A fresh copy per message, as Run encodes every payload.
					if err := me.Send(peer.Rank(), Message{Header: h, Payload: copyBuf(payload)}); err != nil {
						return err
					}
				}
				m, err := me.Recv(peer.Rank())
				if err != nil {
					return err
				}
				if m.Header != h || len(m.Payload) != size {
					return &MismatchError{Rank: me.Rank(), Peer: peer.Rank(), Want: h, Got: m.Header}
				}
				echo := copyBuf(m.Payload)
				putBuf(m.Payload)
				if i == 1 {
					if err := me.Send(peer.Rank(), Message{Header: h, Payload: echo}); err != nil {
						return err
					}
				} else {
					putBuf(echo)
				}
			}
			if i == 0 {
				elapsed = time.Since(start)
			}
			return nil
		}()
		if err != nil {
			errs[i] = err
			me.Abort(err)
		}
	}
	wg.Add(2)
	go side(0, a, b)
	go side(1, b, a)
	wg.Wait()
	if err := rootCause(errs); err != nil {
		return Timing{}, err
	}
	return Timing{Seconds: elapsed.Seconds() / float64(iters) / 2, Seq: seq + n}, nil
}

// copyBuf returns a pooled copy of b.
func copyBuf(b []byte) []byte {
	c := getBuf(len(b))
	copy(c, b)
	return c
}
