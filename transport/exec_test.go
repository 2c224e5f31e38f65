package transport

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Every collective × every applicable algorithm × several group sizes and
// block lengths, on the in-memory transport: the distributed run equals the
// reference semantics and the sequential executor.
func TestRunChanEverySchedule(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{1, 2, 3, 4, 5, 8} {
				for _, n := range []int{0, 1, 3, 8} {
					name := fmt.Sprintf("%s/%s/P%d/n%d", c, a, p, n)
					s, err := sched.Build(specFor(c, p, n), a, sched.Options{})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					eps, err := NewChan(p, Options{Timeout: time.Minute})
					if err != nil {
						t.Fatal(err)
					}
					in := inputsFor[int64](s.Spec)
					got, err := RunGroup(eps, s, 1, in)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					checkAgainst(t, s, in, got)
					fin := inputsFor[float64](s.Spec)
					fgot, err := RunGroup(eps, s, 2, fin)
					if err != nil {
						t.Fatalf("%s float: %v", name, err)
					}
					checkAgainst(t, s, fin, fgot)
				}
			}
		}
	}
}

// The same schedules over real TCP connections on 127.0.0.1 (one mesh per
// group size, every call with its own sequence number, as a program would),
// with sockets that sleep at once and with sockets that poll first.
func TestRunTCPEverySchedule(t *testing.T) {
	for _, o := range pollings {
		t.Run(pollingName(o), func(t *testing.T) {
			o.Timeout = time.Minute
			runTCPEverySchedule(t, o)
		})
	}
}

func runTCPEverySchedule(t *testing.T, o Options) {
	for _, p := range []int{1, 2, 3, 4} {
		eps := tcpGroup(t, p, o)
		seq := uint64(0)
		for _, c := range prim.Collectives() {
			for _, a := range sched.Applicable(c) {
				seq++
				s, err := sched.Build(specFor(c, p, 5), a, sched.Options{})
				if err != nil {
					t.Fatal(err)
				}
				in := inputsFor[int64](s.Spec)
				got, err := RunGroup(eps, s, seq, in)
				if err != nil {
					t.Fatalf("P%d %s/%s: %v", p, c, a, err)
				}
				checkAgainst(t, s, in, got)
			}
		}
		within(t, time.Minute, "closing the TCP group", func() { closeAll(t, eps) })
	}
}

// A larger payload than the socket buffers exercises the write path while
// the peer is also writing (no deadlock: readers always drain), with and
// without polling.
func TestRunTCPLargePayload(t *testing.T) {
	for _, o := range pollings {
		t.Run(pollingName(o), func(t *testing.T) {
			o.Timeout = time.Minute
			runTCPLargePayload(t, o)
		})
	}
}

func runTCPLargePayload(t *testing.T, o Options) {
	eps := tcpGroup(t, 3, o)
	s, err := sched.Build(specFor(prim.AllReduce, 3, 1<<18), sched.Naive, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := inputsFor[float64](s.Spec)
	got, err := RunGroup(eps, s, 1, in)
	if err != nil {
		t.Fatal(err)
	}
	checkAgainst(t, s, in, got)
	closeAll(t, eps)
}

// The wire encoding round-trips both element types exactly.
func TestEncodeDecode(t *testing.T) {
	f := []float64{0, -1.5, 1e300, 5e-324}
	if got := decode[float64](nil, encode(f)); fmt.Sprint(got) != fmt.Sprint(f) {
		t.Errorf("float64: got %v want %v", got, f)
	}
	n := []int64{0, -1, 1 << 62, -(1 << 63)}
	if got := decode[int64](nil, encode(n)); fmt.Sprint(got) != fmt.Sprint(n) {
		t.Errorf("int64: got %v want %v", got, n)
	}
}

// The fast (memory view) and portable (per element) codecs agree, for
// aligned and unaligned payloads.
func TestCodecPaths(t *testing.T) {
	v := []float64{1.5, -2, 3e300, 0}
	b := encode(v)
	slow := make([]byte, len(b))
	for i, x := range v {
		binary.LittleEndian.PutUint64(slow[i*8:], math.Float64bits(x))
	}
	if !bytes.Equal(b, slow) {
		t.Fatalf("encode %x, want %x", b, slow)
	}
	unaligned := append([]byte{0}, b...)[1:]
	for _, payload := range [][]byte{b, unaligned} {
		dst := []float64{1, 1, 1, 1}
		combineBytes(prim.Sum, dst, payload)
		if fmt.Sprint(dst) != fmt.Sprint([]float64{2.5, -1, 3e300, 1}) {
			t.Errorf("combine: %v", dst)
		}
		got := make([]float64, 4)
		decodeInto(got, payload)
		if fmt.Sprint(got) != fmt.Sprint(v) {
			t.Errorf("decode: %v", got)
		}
	}
}

// A round in which ranks send and receive the same region (a swap) must
// not send from the region being overwritten: TCP sends straight from the
// work buffer only where the round does not write it.
func TestSwapSameRegion(t *testing.T) {
	sp := prim.Spec{Collective: prim.AllReduce, Ranks: 2, Op: prim.Sum, Count: 3}
	s := &sched.Schedule{Spec: sp, Algorithm: "swap", WorkLen: []int{3, 3},
		In:  [][]sched.Seg{{{From: 0, To: 0, Len: 3}}, {{From: 0, To: 0, Len: 3}}},
		Out: [][]sched.Seg{{{From: 0, To: 0, Len: 3}}, {{From: 0, To: 0, Len: 3}}},
		Rounds: []sched.Round{{Phase: "swap", Transfers: []sched.Transfer{
			{Src: 0, Dst: 1, SrcOff: 0, DstOff: 0, Len: 3}, {Src: 1, Dst: 0, SrcOff: 0, DstOff: 0, Len: 3}}}}}
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
	rd := s.Rounds[0]
	if !writtenIn(rd, 0, 0, 3) || writtenIn(rd, 0, 3, 4) || !sendsAndReceives(rd, 1) {
		t.Error("writtenIn/sendsAndReceives")
	}
	for range 20 { // the overwrite would race with the send: repeat
		eps := tcpGroup(t, 2, Options{Timeout: time.Minute})
		in := [][]float64{{1, 2, 3}, {4, 5, 6}}
		got, err := RunGroup(eps, s, 1, in)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != "[[4 5 6] [1 2 3]]" {
			t.Fatalf("swap: %v", got)
		}
		closeAll(t, eps)
	}
}
