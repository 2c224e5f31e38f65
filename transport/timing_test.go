package transport

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TimeCollective returns a positive time per call, advances the sequence numbers
// by warmup + barrier + iters on every rank (a following call with the
// returned Seq works), and verifies results on both transports.
func TestTimeCollectiveAndPingPong(t *testing.T) {
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
		tm, err := TimeCollective(eps, s, in, 2, 5, 1)
		if err != nil || !(tm.Seconds > 0) || tm.Seq != 1+2+1+5 {
			t.Fatalf("%s: %+v %v", kind, tm, err)
		}
		pp, err := PingPong(eps[0], eps[1], 1024, 2, 5, tm.Seq)
		if err != nil || !(pp.Seconds > 0) || pp.Seq != tm.Seq+7 {
			t.Fatalf("%s ping-pong: %+v %v", kind, pp, err)
		}
		if _, err := TimeCollective(eps, s, in, 0, 1, pp.Seq); err != nil {
			t.Fatalf("%s: a call after ping-pong: %v", kind, err)
		}
		if _, err := TimeCollective(eps, s, in, 0, 0, pp.Seq); err == nil {
			t.Errorf("%s: iters 0 accepted", kind)
		}
		if kind == "tcp" {
			closeAll(t, eps)
		}
	}
}

// TimeRank numbers the calls as documented (a lone call takes one
// number, no barrier; with repeats: warm-ups, barrier, timed calls),
// returns the verified last output, and names the first wrong element
// when a rank's expected output disagrees (here: a corrupted want on rank
// 1), in a warm-up call or in the last timed call.
func TestTimeRankNumbersAndVerifies(t *testing.T) {
	s, err := sched.Build(specFor(prim.AllReduce, 3, 5), sched.Ring, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := inputsFor[float64](s.Spec)
	want, err := prim.Reference(s.Spec, in)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		reason         string
		warmup, iters  int
		corrupt        bool
		wantSeq        uint64
		wantErr        string
		wantErrOnRank1 bool
	}{
		{"a lone call: no barrier, one number", 0, 1, false, 11, "", false},
		{"repeats: warm-ups + barrier + timed calls", 2, 4, false, 17, "", false},
		{"timed calls only: still a barrier", 0, 3, false, 14, "", false},
		{"a wrong result is caught in the warm-up", 1, 2, true, 0, "call #10 allreduce/ring returned a wrong result: element 2 of 5 is", true},
		{"and in the last timed call without warm-up", 0, 2, true, 0, "call #12 allreduce/ring returned a wrong result: element 2 of 5 is", true},
	}
	for _, tc := range cases {
		eps, _ := NewChan(3, Options{Timeout: time.Minute})
		res := make([]RankTiming[float64], 3)
		errs := make([]error, 3)
		var wg sync.WaitGroup
		for r, ep := range eps {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w := slices.Clone(want[r])
				if tc.corrupt && r == 1 {
					w[2]++
				}
				res[r], errs[r] = TimeRank(ep, s, 10, in[r], w, nil, tc.warmup, tc.iters)
				if errs[r] != nil {
					ep.Abort(errs[r])
				}
			}()
		}
		wg.Wait()
		if tc.wantErr != "" {
			if errs[1] == nil || !strings.Contains(errs[1].Error(), tc.wantErr) {
				t.Errorf("%s: rank 1's error %v, want %q", tc.reason, errs[1], tc.wantErr)
			}
			continue
		}
		for r := range eps {
			if errs[r] != nil || res[r].Seq != tc.wantSeq || !slices.Equal(res[r].Out, want[r]) || !(res[r].Mean > 0) || !(res[r].First > 0) {
				t.Errorf("%s: rank %d: %+v, %v; want Seq %d and output %v", tc.reason, r, res[r], errs[r], tc.wantSeq, want[r])
			}
		}
	}
}
