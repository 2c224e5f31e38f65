package transport

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Elem is an element type that crosses the wire: 8 bytes, little-endian.
type Elem interface{ float64 | int64 }

// ElemSize is the size of an Elem on the wire, in bytes.
const ElemSize = 8

// Run executes rank ep.Rank()'s part of schedule s as call number seq and
// returns the rank's receive buffer (nil where the collective leaves it
// undefined). input is the rank's send buffer (nil or empty where it is not
// significant). Every rank of the group must call Run with the same
// schedule and seq; a rank that receives a message of another call returns a
// *MismatchError.
//
// Per round, the rank first takes every payload it sends from the state at
// the start of the round (a round's transfers all read that state, as in
// sim.Run: a copy where the round overwrites the region, else a view of
// the work buffer on TCP), sends them (on a separate goroutine; on TCP on
// this one, after posting the first receive so it lands directly, see
// roundDirect), and applies its incoming transfers in the schedule's
// order, so the results equal sim.Execute's bit for bit. On any error the caller should Abort the
// endpoint so the other ranks stop at once. Time O(work + bytes moved).
// Run allocates a fresh work buffer per call; RunIn reuses one.
func Run[T Elem](ep Endpoint, s *sched.Schedule, seq uint64, input []T) ([]T, error) {
	return RunIn(ep, s, seq, input, nil)
}

// RunIn is Run with the work buffer taken from ws (nil: a fresh one), so
// repeated calls neither allocate nor fault in a buffer of the schedule's
// WorkLen. The result may view ws's buffer: it is valid until the next
// call with the same ws. On an endpoint that receives directly (TCP),
// copies land in the work buffer straight from the socket and reductions
// fold the socket's bytes chunk by chunk (see direct.go). When the input
// covers the whole work buffer (AllReduce), it is not copied in: sends read
// it in place and the first fold into a region reads it (see lazyinput.go).
// input is only read, never written.
func RunIn[T Elem](ep Endpoint, s *sched.Schedule, seq uint64, input []T, ws *Workspace[T]) ([]T, error) {
	r, sp := ep.Rank(), s.Spec
	if ep.Ranks() != sp.Ranks {
		return nil, fmt.Errorf("rank %d: the group has %d ranks but the schedule %d", r, ep.Ranks(), sp.Ranks)
	}
	if want := max(sp.InLen(r), 0); len(input) != want {
		return nil, fmt.Errorf("rank %d: %s needs %d input elements, got %d", r, sp.Collective, want, len(input))
	}
	c, ok := ep.(copier)
	direct := ok && c.copiesOnSend() && littleEndian
	dr, _ := ep.(directReceiver)
	if !littleEndian {
		dr = nil
	}
	covered := coversAll(s.In[r], s.WorkLen[r])
	work := ws.get(s.WorkLen[r], covered)
	lz := &lazyIn[T]{work: work}
	if covered {
		// The input is the whole work buffer: read it in place until the
		// schedule overwrites or folds into it (see lazyinput.go).
		g := s.In[r][0]
		lz = newLazyIn(input[g.From:g.From+g.Len], work)
	} else {
		for _, g := range s.In[r] {
			copy(work[g.To:g.To+g.Len], input[g.From:g.From+g.Len])
		}
	}
	for i, rd := range s.Rounds {
		h := Header{Seq: seq, Collective: string(sp.Collective), Algorithm: string(s.Algorithm), Round: int32(i)}
		var out []outgoing
		var local [][]T
		mixed := direct && sendsAndReceives(rd, r)
		for _, t := range rd.Transfers {
			if int(t.Src) != r {
				continue
			}
			src, fromInput := lz.view(t.SrcOff, t.SrcOff+t.Len)
			switch {
			case int(t.Dst) == r:
				local = append(local, append([]T(nil), src...))
			case direct && (fromInput || !mixed || !writtenIn(rd, r, t.SrcOff, t.SrcOff+t.Len)):
				// The region is the input's (never written), or nothing
				// this round writes it; and Send copies it before returning
				// (Run waits for every send before the next round): send
				// straight from the buffer.
				out = append(out, outgoing{int(t.Dst), Message{Header: h, Payload: asBytes(src), borrowed: true}})
			default:
				out = append(out, outgoing{int(t.Dst), Message{Header: h, Payload: encode(src)}})
			}
		}
		var err error
		if dr != nil {
			err = roundDirect(ep, dr, r, rd, h, sp.Op, lz, out, local)
		} else {
			err = roundQueued(ep, r, rd, h, sp.Op, lz, out, local)
		}
		if err != nil {
			return nil, err
		}
	}
	if s.Out[r] == nil {
		return nil, nil
	}
	lz.flush()
	if segs := s.Out[r]; len(segs) == 1 && segs[0].To == 0 && segs[0].Len == max(sp.OutLen(r), 0) {
		g := segs[0] // the output is one piece of the work buffer: hand it over, no copy
		return work[g.From : g.From+g.Len : g.From+g.Len], nil
	}
	res := make([]T, max(sp.OutLen(r), 0))
	for _, g := range s.Out[r] {
		copy(res[g.To:g.To+g.Len], work[g.From:g.From+g.Len])
	}
	return res, nil
}

// roundQueued runs rank r's part of round rd on any endpoint: the sends
// out on a separate goroutine, meanwhile the incoming transfers in the
// schedule's order from Recv (local ones from local, copied at the round's
// start). O(bytes of the round).
func roundQueued[T Elem](ep Endpoint, r int, rd sched.Round, h Header, op prim.Op, lz *lazyIn[T], out []outgoing, local [][]T) error {
	work := lz.work
	sent := make(chan error, 1)
	go func() { sent <- sendAll(ep, out) }()
	err := func() error {
		for _, t := range rd.Transfers {
			if int(t.Dst) != r {
				continue
			}
			dst := work[t.DstOff : t.DstOff+t.Len]
			from := lz.target(t.DstOff, t.DstOff+t.Len, rd.Reduce && int(t.Src) != r)
			if int(t.Src) == r {
				copy(dst, local[0])
				local = local[1:]
				continue
			}
			m, err := ep.Recv(int(t.Src))
			if err = apply(r, t, h, rd.Reduce, op, dst, from, m, err); err != nil {
				return err
			}
		}
		return nil
	}()
	if serr := <-sent; err == nil {
		err = serr
	}
	return err
}

// roundDirect runs rank r's part of round rd on an endpoint that receives
// directly (TCP): the round's first incoming transfer, if it comes from a
// peer, is posted before the sends, so its payload lands in the work
// buffer (or is folded into it) by the connection's reader while this
// goroutine writes; the sends go out here, one after the other (a write
// only waits for the peer's reader, which always drains); then the
// incoming transfers complete in the schedule's order. No goroutine per
// round, no payload buffer where the post is in time. The sends never
// read a region the round writes (Run encodes those at the round's
// start). O(bytes of the round).
func roundDirect[T Elem](ep Endpoint, dr directReceiver, r int, rd sched.Round, h Header, op prim.Op, lz *lazyIn[T], out []outgoing, local [][]T) error {
	work := lz.work
	var first *posted
	var firstFrom []T
	firstAt := -1
	for k, t := range rd.Transfers {
		if int(t.Dst) != r {
			continue
		}
		if int(t.Src) != r {
			dst := work[t.DstOff : t.DstOff+t.Len]
			firstFrom = lz.target(t.DstOff, t.DstOff+t.Len, rd.Reduce)
			first, firstAt = dr.post(int(t.Src), h, asBytes(dst), folder(rd.Reduce, op, dst, firstFrom)), k
		}
		break
	}
	if err := sendAll(ep, out); err != nil {
		if first != nil {
			dr.cancel(int(rd.Transfers[firstAt].Src), first)
		}
		return err
	}
	for k, t := range rd.Transfers {
		if int(t.Dst) != r {
			continue
		}
		dst := work[t.DstOff : t.DstOff+t.Len]
		if int(t.Src) == r {
			lz.target(t.DstOff, t.DstOff+t.Len, false)
			copy(dst, local[0])
			local = local[1:]
			continue
		}
		p, from := first, firstFrom
		if k != firstAt {
			from = lz.target(t.DstOff, t.DstOff+t.Len, rd.Reduce)
			p = newPosted(h, asBytes(dst), folder(rd.Reduce, op, dst, from))
		}
		m, direct, err := dr.wait(int(t.Src), p)
		if direct && err == nil {
			continue
		}
		if err = apply(r, t, h, rd.Reduce, op, dst, from, m, err); err != nil {
			return err
		}
	}
	return nil
}

// folder is a posted receive's apply for a reducing round (dst = dst op
// payload, or dst = from op payload when from is non-nil; chunk by
// chunk), nil for a copying one.
func folder[T Elem](reduce bool, op prim.Op, dst, from []T) func(off int, chunk []byte) {
	if !reduce {
		return nil
	}
	return func(off int, chunk []byte) {
		lo, hi := off/ElemSize, (off+len(chunk))/ElemSize
		var f []T
		if from != nil {
			f = from[lo:hi]
		}
		combineFrom(op, dst[lo:hi], f, chunk)
	}
}

// apply checks message m (received with error err) for transfer t, which
// rank r receives in round h.Round, and copies or folds it into dst (out
// of place from from when non-nil, see lazyIn.target), then recycles its
// payload. O(t.Len).
func apply[T Elem](r int, t sched.Transfer, h Header, reduce bool, op prim.Op, dst, from []T, m Message, err error) error {
	if err != nil {
		var te *TimeoutError
		if errors.As(err, &te) {
			te.Want = h.String()
		}
		return err
	}
	if m.Header != h {
		return &MismatchError{Rank: r, Peer: int(t.Src), Want: h, Got: m.Header}
	}
	if len(m.Payload) != int(t.Len)*ElemSize {
		return fmt.Errorf("rank %d: %s from rank %d carries %d bytes, want %d", r, h, t.Src, len(m.Payload), t.Len*ElemSize)
	}
	if reduce {
		combineFrom(op, dst, from, m.Payload)
	} else {
		decodeInto(dst, m.Payload)
	}
	putBuf(m.Payload)
	return nil
}

// writtenIn reports whether round rd writes [lo, hi) of rank r's work
// buffer. O(transfers of the round).
func writtenIn(rd sched.Round, r int, lo, hi int64) bool {
	for _, t := range rd.Transfers {
		if int(t.Dst) == r && lo < t.DstOff+t.Len && t.DstOff < hi {
			return true
		}
	}
	return false
}

// sendsAndReceives reports whether rank r both sends and receives in round
// rd; only then can a borrowed send region be overwritten. O(transfers).
func sendsAndReceives(rd sched.Round, r int) bool {
	var in, out bool
	for _, t := range rd.Transfers {
		in = in || int(t.Dst) == r
		out = out || int(t.Src) == r
	}
	return in && out
}

type outgoing struct {
	dst int
	m   Message
}

func sendAll(ep Endpoint, out []outgoing) error {
	for _, o := range out {
		if err := ep.Send(o.dst, o.m); err != nil {
			return err
		}
	}
	return nil
}

// encode writes v as little-endian 8-byte elements.
func encode[T Elem](v []T) []byte {
	b := getBuf(len(v) * ElemSize)
	if littleEndian {
		copy(b, asBytes(v))
		return b
	}
	switch x := any(v).(type) {
	case []float64:
		for i, f := range x {
			binary.LittleEndian.PutUint64(b[i*8:], math.Float64bits(f))
		}
	case []int64:
		for i, n := range x {
			binary.LittleEndian.PutUint64(b[i*8:], uint64(n))
		}
	}
	return b
}

// decodeInto overwrites dst with the len(dst) elements encoded in b.
func decodeInto[T Elem](dst []T, b []byte) {
	if littleEndian {
		copy(asBytes(dst), b[:len(dst)*ElemSize])
		return
	}
	switch x := any(dst).(type) {
	case []float64:
		for i := range x {
			x[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[i*8:]))
		}
	case []int64:
		for i := range x {
			x[i] = int64(binary.LittleEndian.Uint64(b[i*8:]))
		}
	}
}

// combineBytes folds the elements encoded in b into dst (dst = dst op b),
// decoding in blocks so no payload-sized buffer is allocated.
func combineBytes[T Elem](op prim.Op, dst []T, b []byte) {
	if littleEndian {
		if src, ok := asElems[T](b[:len(dst)*ElemSize]); ok {
			prim.Combine(op, dst, src)
			return
		}
	}
	var buf [512]T
	for lo := 0; lo < len(dst); lo += len(buf) {
		hi := min(lo+len(buf), len(dst))
		blk := buf[:hi-lo]
		decodeInto(blk, b[lo*ElemSize:])
		prim.Combine(op, dst[lo:hi], blk)
	}
}

// decode appends the elements of b to dst.
func decode[T Elem](dst []T, b []byte) []T {
	n := len(b) / ElemSize
	dst = append(dst, make([]T, n)...)
	switch x := any(dst).(type) {
	case []float64:
		for i := range n {
			x[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[i*8:]))
		}
	case []int64:
		for i := range n {
			x[i] = int64(binary.LittleEndian.Uint64(b[i*8:]))
		}
	}
	return dst
}
