package transport

import (
	"fmt"
	"time"
)

// PingPongRank is one side of PingPong, for ranks in separate processes:
// ep's rank and peer bounce a message of size bytes, warmup untimed round
// trips then iters timed ones, the initiator sending first. It returns
// the one-way time (half the mean round trip, as the initiator measured
// it; the other side reports 0) and the next free sequence number, seq +
// warmup + iters. Messages carry collective "pingpong"; both sides must
// use the same size, seq, warmup and iters. On an error the caller should
// Abort ep.
func PingPongRank(ep Endpoint, peer int, initiator bool, size, warmup, iters int, seq uint64) (Timing, error) {
	if iters < 1 || warmup < 0 || size < 0 {
		return Timing{}, fmt.Errorf("transport: want iters ≥ 1, warmup ≥ 0, size ≥ 0, got %d, %d, %d", iters, warmup, size)
	}
	payload := make([]byte, size)
	n := uint64(warmup + iters)
	var start time.Time
	for k := uint64(0); k < n; k++ {
		if k == uint64(warmup) {
			start = time.Now()
		}
		h := Header{Seq: seq + k, Collective: "pingpong"}
		if initiator {
			if err := ep.Send(peer, Message{Header: h, Payload: copyBuf(payload)}); err != nil {
				return Timing{}, err
			}
		}
		m, err := ep.Recv(peer)
		if err != nil {
			return Timing{}, err
		}
		if m.Header != h || len(m.Payload) != size {
			return Timing{}, &MismatchError{Rank: ep.Rank(), Peer: peer, Want: h, Got: m.Header}
		}
		if initiator {
			putBuf(m.Payload)
		} else if err := ep.Send(peer, Message{Header: h, Payload: m.Payload}); err != nil {
			return Timing{}, err
		}
	}
	t := Timing{Seq: seq + n}
	if initiator {
		t.Seconds = time.Since(start).Seconds() / float64(iters) / 2
	}
	return t, nil
}
