package transport

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Timing is one timed collective: Seconds per call (the slowest rank's
// mean over the timed iterations, as nccl-tests reports), and Seq, the next
// free call sequence number.
type Timing struct {
	Seconds float64
	Seq     uint64
}

// TimeCollective runs schedule s on every endpoint of eps (one goroutine
// per rank, each doing TimeRank): warmup untimed calls, a barrier, then
// iters timed calls back to back, each call with its own sequence number
// starting at seq. Every rank's warm-up outputs and last output are
// checked against prim.Reference (inputs[r] is rank r's send buffer), so a
// wrong algorithm cannot produce a fast number. Seconds is the slowest
// rank's mean. A rank's failure aborts its endpoint and is returned.
func TimeCollective(eps []Endpoint, s *sched.Schedule, inputs [][]float64, warmup, iters int, seq uint64) (Timing, error) {
	if iters < 1 || warmup < 0 {
		return Timing{}, fmt.Errorf("transport: want iters ≥ 1 and warmup ≥ 0, got %d and %d", iters, warmup)
	}
	want, err := prim.Reference(s.Spec, inputs)
	if err != nil {
		return Timing{}, err
	}
	secs := make([]float64, len(eps))
	errs := make([]error, len(eps))
	var next uint64
	var wg sync.WaitGroup
	for r, ep := range eps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ws Workspace[float64] // reused by every call, faulted in before timing
			ws.Reserve(s.WorkLen[r])
			t, err := TimeRank(ep, s, seq, inputs[r], want[r], &ws, warmup, iters)
			if err != nil {
				errs[r] = err
				ep.Abort(err)
				return
			}
			secs[r] = t.Mean
			if r == 0 {
				next = t.Seq
			}
		}()
	}
	wg.Wait()
	if err := rootCause(errs); err != nil {
		return Timing{}, err
	}
	return Timing{Seconds: slices.Max(secs), Seq: next}, nil
}

// RankTiming is one rank's timing of a schedule by TimeRank.
type RankTiming[T Elem] struct {
	// First is the wall time of the first timed call, from the end of
	// the barrier on this rank (or the call's start when there is no
	// barrier); Mean the wall time per call over the timed calls run
	// back to back (elapsed / iters). Both in seconds.
	First, Mean float64
	// Out is the last timed call's output, verified against the
	// definition; it views the Workspace until the next call with it.
	Out []T
	// Seq is the next free call sequence number.
	Seq uint64
}

// TimeRank is one rank's part of timing schedule s, the way nccl-tests
// and Open MPI's benchmarks time a collective: warmup untimed calls, a
// barrier (a one-element naive AllReduce) so that the ranks start
// together, then iters calls back to back under one clock (Mean =
// elapsed / iters). A lone call (warmup 0, iters 1) has no
// barrier: it is timed from when this rank starts it.
//
// Calls are numbered from seq: the warm-up calls, the barrier, the timed
// calls (RankTiming.Seq is the next free number), so a program of lone
// calls numbers them 1, 2, … as the user does. A rank may start the next
// call while its peers finish the previous one, as in those benchmarks;
// the early call's messages wait in the mailbox (or land directly once it
// is posted) and are never taken for another call's, since each call has
// its own number.
//
// input is the rank's send buffer and want its output by prim.Reference
// (nil where undefined). The output of every warm-up call and of the last
// timed call is compared with want in full (Equal: bit-identical or ==),
// outside the timed region; the timed calls in between are not compared
// (they compute the same values from the same input; checking each would
// put a pass over the buffer, and the skew between ranks it causes, into
// the time). ws (nil: a fresh buffer per call) holds the work buffer.
// Every rank of the group must call TimeRank with the same s, seq,
// warmup and iters. On an error the caller should Abort ep. Time
// O(warmup + iters calls).
func TimeRank[T Elem](ep Endpoint, s *sched.Schedule, seq uint64, input, want []T, ws *Workspace[T], warmup, iters int) (RankTiming[T], error) {
	var t RankTiming[T]
	if iters < 1 || warmup < 0 {
		return t, fmt.Errorf("transport: want iters ≥ 1 and warmup ≥ 0, got %d and %d", iters, warmup)
	}
	q := seq
	for range warmup {
		out, err := RunIn(ep, s, q, input, ws)
		if err != nil {
			return t, err
		}
		if err := checkResult(ep.Rank(), s, q, out, want); err != nil {
			return t, err
		}
		q++
	}
	if warmup > 0 || iters > 1 {
		barrier, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: ep.Ranks(), Op: prim.Sum, Count: 1}, sched.Naive, sched.Options{})
		if err != nil {
			return t, err
		}
		if _, err := Run(ep, barrier, q, []T{0}); err != nil {
			return t, err
		}
		q++
	}
	var out []T
	var err error
	start := time.Now()
	for i := range iters {
		if out, err = RunIn(ep, s, q+uint64(i), input, ws); err != nil {
			return t, err
		}
		if i == 0 {
			t.First = time.Since(start).Seconds()
		}
	}
	t.Mean = time.Since(start).Seconds() / float64(iters)
	q += uint64(iters)
	if err := checkResult(ep.Rank(), s, q-1, out, want); err != nil {
		return t, err
	}
	t.Out, t.Seq = out, q
	return t, nil
}

// checkResult compares rank r's output of call seq with want and names
// the first element that differs. O(len(out)).
func checkResult[T Elem](r int, s *sched.Schedule, seq uint64, out, want []T) error {
	if Equal(out, want) {
		return nil
	}
	what := fmt.Sprintf("rank %d: call #%d %s/%s returned a wrong result", r, seq, s.Spec.Collective, s.Algorithm)
	if len(out) != len(want) {
		return fmt.Errorf("%s: %d elements, the definition says %d", what, len(out), len(want))
	}
	for k := range out {
		if out[k] != want[k] && !Equal(out[k:k+1], want[k:k+1]) {
			return fmt.Errorf("%s: element %d of %d is %v, the definition says %v", what, k, len(out), out[k], want[k])
		}
	}
	return fmt.Errorf("%s", what)
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
