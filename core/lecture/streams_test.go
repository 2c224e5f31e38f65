package lecture

import (
	"errors"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

// last is the run's final state.
func last(r StreamRun) StreamStep { return r.Steps[len(r.Steps)-1] }

// TestSideStreamHang: without wait_stream, the GPUs whose host issues B
// before F ends enter B, the paused GPU enters A, and every stream of
// every GPU is blocked once the paused host has issued its last op: two
// barriers no GPU can complete, the other stream behind each.
func TestSideStreamHang(t *testing.T) {
	for _, gpus := range []int{2, 4, 8} {
		p, err := SideStreamProgram(gpus, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		r, err := RunStreams(p)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Hung || r.Stuck != 2*gpus {
			t.Fatalf("%d GPUs: hung %v, %d stuck streams, want every stream of every GPU (%d)", gpus, r.Hung, r.Stuck, 2*gpus)
		}
		if want := 3*LaunchS + PauseS; !near(r.End, want) {
			t.Errorf("%d GPUs: the hang is certain at %g s, want the paused host's last issue at %g s", gpus, r.End, want)
		}
		if len(r.Completions) != gpus {
			t.Errorf("%d GPUs: %d ops completed, want only the %d forward kernels: %v", gpus, len(r.Completions), gpus, r.Completions)
		}
		for _, c := range r.Completions {
			if c.Name != "F" || !near(c.T, ForwardS) {
				t.Errorf("%d GPUs: completion %+v, want F at %g s", gpus, c, ForwardS)
			}
		}
		end := last(r)
		for g, s := range end.Streams {
			want := [2]StreamState{{CommBusy, 1}, {Barrier, 0}} // main's A behind side's B
			if g == 1 {
				want = [2]StreamState{{Barrier, 1}, {CommBusy, 0}} // the paused GPU entered A first
			}
			if s != want {
				t.Errorf("%d GPUs: GPU %d ends %+v, want %+v", gpus, g, s, want)
			}
		}
		// The first stream to block: every unpaused GPU's side stream, at B's barrier, as soon as B is issued.
		first := r.Steps[1]
		if !near(first.T, 3*LaunchS) || first.Streams[0][Side].Status != Barrier || first.Streams[1][Side].Status != Idle {
			t.Errorf("%d GPUs: step 1 at %g s: %+v", gpus, first.T, first.Streams)
		}
	}
}

// TestSideStreamFixed: with side.wait_stream(main) every GPU runs A before
// B, so both barriers complete: A ends at F + its run on every GPU, B when
// the paused GPU issues it plus its run, and every op completes.
func TestSideStreamFixed(t *testing.T) {
	p, err := SideStreamProgram(4, 2, true)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RunStreams(p)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hung || r.Stuck != 0 {
		t.Fatalf("hung %v with %d stuck", r.Hung, r.Stuck)
	}
	if want := 3*LaunchS + PauseS + CollectiveS; !near(r.End, want) {
		t.Errorf("ends at %g s, want %g s", r.End, want)
	}
	if len(r.Completions) != 4*5 {
		t.Errorf("%d completions, want 20 (F, A, record, wait, B on 4 GPUs)", len(r.Completions))
	}
	order := map[int][]string{}
	lastA, firstB := 0.0, math.Inf(1)
	for _, c := range r.Completions {
		order[c.GPU] = append(order[c.GPU], c.Name)
		switch c.Name {
		case "A":
			lastA = max(lastA, c.T)
			if !near(c.T, ForwardS+CollectiveS) {
				t.Errorf("A ends at %g s on GPU %d", c.T, c.GPU)
			}
		case "B":
			firstB = min(firstB, c.T)
		}
	}
	if lastA >= firstB {
		t.Errorf("B ends at %g s, before the last A at %g s", firstB, lastA)
	}
	for g, o := range order {
		if len(o) != 5 || o[0] != "F" || o[1] != "A" || o[4] != "B" {
			t.Errorf("GPU %d completes %v", g, o)
		}
	}
	for i := 1; i < len(r.Steps); i++ {
		if r.Steps[i].T <= r.Steps[i-1].T || r.Steps[i].Completed < r.Steps[i-1].Completed {
			t.Fatalf("step %d at %g s after %g s", i, r.Steps[i].T, r.Steps[i-1].T)
		}
	}
}

// TestSideStreamNoPause: with no GPU paused, every GPU enters B first and
// nothing hangs, but B finishes before F has written what it reduces: the
// data race wait_stream also prevents.
func TestSideStreamNoPause(t *testing.T) {
	p, err := SideStreamProgram(4, -1, false)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RunStreams(p)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hung || !near(r.End, ForwardS+CollectiveS) {
		t.Fatalf("hung %v, end %g s", r.Hung, r.End)
	}
	for _, c := range r.Completions {
		if c.Name == "B" && c.T >= ForwardS {
			t.Errorf("B ends at %g s, after F", c.T)
		}
	}
}

// TestRunStreamsEventNeverRecorded: a wait whose event nothing records is
// a hang of that stream alone.
func TestRunStreamsEventNeverRecorded(t *testing.T) {
	p := StreamProgram{Ops: [][2][]Op{{{{Kind: Compute, Name: "F", Dur: 1e-6}}, {{Kind: Wait, Name: "wait", Event: "x"}}}}}
	r, err := RunStreams(p)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Hung || r.Stuck != 1 || last(r).Streams[0][Side].Status != EventWait || last(r).Streams[0][Main].Status != Done || !near(r.End, 1e-6) {
		t.Errorf("run %+v", r)
	}
}

// TestSideStreamProgramErrors: out-of-range GPUs and paused GPU are
// refused naming the field.
func TestSideStreamProgramErrors(t *testing.T) {
	for _, tc := range []struct {
		gpus, pause int
		field       string
	}{{1, -1, "gpus"}, {MaxStreamGPUs + 1, 0, "gpus"}, {2, 2, "pause"}, {4, -2, "pause"}} {
		_, err := SideStreamProgram(tc.gpus, tc.pause, false)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("SideStreamProgram(%d, %d) = %v, want an error on %s", tc.gpus, tc.pause, err, tc.field)
		}
	}
}
