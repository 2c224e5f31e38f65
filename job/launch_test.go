package job

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/transport"
)

// launch reads fields as ReadLaunch does and launches this test binary
// as the rank processes on a free port.
func launch(t *testing.T, fields map[string]string) Result {
	t.Helper()
	cfg, err := ReadLaunch(field.Map(fields))
	if err != nil {
		t.Fatalf("ReadLaunch(%v): %v", fields, err)
	}
	return launchWith(t, LaunchOptions{}, cfg)
}

// launchWith launches cfg with o, filling in this test binary as the
// executable and a rendezvous on a free port unless o has them.
func launchWith(t *testing.T, o LaunchOptions, cfg Config) Result {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	o.Exe = exe
	if o.Listener == nil {
		if o.Listener, err = ListenRendezvous(0); err != nil {
			t.Fatal(err)
		}
	}
	return Launch(o, cfg)
}

func freeAddr(t *testing.T) string {
	t.Helper()
	a, err := transport.FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// failures lists every rank's failure, for a test's message.
func failures(res Result) string {
	var b strings.Builder
	for _, p := range res.Procs {
		if p.Failure != "" {
			fmt.Fprintf(&b, "rank %d: %s; ", p.Rank, p.Failure)
		}
	}
	if res.StartErr != nil {
		b.WriteString(res.StartErr.Error())
	}
	return b.String()
}

// The lecture's Experiment 2 in four real processes: the JSON report has
// every rank's verified result, and the text report says all match.
func TestLaunchExperiment2(t *testing.T) {
	res := launch(t, map[string]string{"np": "4"})
	rep := res.Report()
	want := [][]float64{{10, 10, 10, 10}, {0, 100, 200, 300}, {100}}
	if !rep.OK || res.Failed() || len(rep.PIDs) != 4 || len(rep.Calls) != 3 {
		t.Fatalf("report %+v; failures %s", rep, failures(res))
	}
	for i, c := range rep.Calls {
		if len(c.Results) != 4 {
			t.Fatalf("call %d: %d results", i+1, len(c.Results))
		}
		for _, l := range c.Results {
			if fmt.Sprint(l.Output) != fmt.Sprint(want[i]) || !l.Verified {
				t.Errorf("call %d rank %d: %v verified=%v, want %v", i+1, l.Rank, l.Output, l.Verified, want[i])
			}
		}
	}
	if text := res.Text(); !strings.Contains(text, "all 12 results match the collective's definition;") {
		t.Errorf("text:\n%s", text)
	}
}

// Other collectives and algorithms, group sizes and repetitions: every
// result is verified by the ranks; the launch succeeds with every rank's
// result for every call.
func TestLaunchCollectivesAndAlgorithms(t *testing.T) {
	cases := []struct {
		reason string
		fields map[string]string
	}{
		{"every collective's naive schedule, odd P", map[string]string{"np": "3", "algorithm": "naive", "collective": "sendrecv,broadcast,scatter,gather,reduce,allreduce,reducescatter,allgather,alltoall"}},
		{"tree and binomial, uneven pipelining", map[string]string{"np": "5", "algorithm": "tree", "collective": "broadcast,reduce,allreduce", "count": "7"}},
		{"binomial rooted collectives", map[string]string{"np": "4", "algorithm": "binomial", "collective": "scatter,gather,broadcast,reduce,allreduce"}},
		{"pairwise alltoall", map[string]string{"np": "4", "algorithm": "pairwise", "collective": "alltoall", "count": "3"}},
		{"one rank", map[string]string{"np": "1"}},
		{"repeated calls", map[string]string{"np": "2", "repeat": "20", "count": "64"}},
		{"polling ranks", map[string]string{"np": "2", "repeat": "20", "count": "4096", "spin": "100us"}},
		{"polling more ranks than cores", map[string]string{"np": "3", "repeat": "5", "count": "4096", "spin": "50us"}},
		{"no polling", map[string]string{"np": "2", "repeat": "20", "count": "4096", "spin": "0"}},
	}
	for _, tc := range cases {
		res := launch(t, tc.fields)
		rep := res.Report()
		if !rep.OK {
			t.Errorf("%s: failed: %s", tc.reason, failures(res))
			continue
		}
		for _, c := range rep.Calls {
			if len(c.Results) != rep.Ranks {
				t.Errorf("%s: %s has %d results for %d ranks", tc.reason, c.Collective, len(c.Results), rep.Ranks)
			}
		}
	}
}

// Long buffers are reported by their first elements and their length, so a
// large run does not flood the launcher.
func TestLaunchLongBuffers(t *testing.T) {
	res := launch(t, map[string]string{"np": "2", "count": "100", "collective": "allgather"})
	rep := res.Report()
	if !rep.OK {
		t.Fatal(failures(res))
	}
	for _, l := range rep.Calls[0].Results {
		if len(l.Input) != MaxShown || l.InputLen != 100 || len(l.Output) != MaxShown || l.OutputLen != 200 || l.Output[MaxShown-1] != 0 {
			t.Errorf("rank %d: %d/%d input, %d/%d output", l.Rank, len(l.Input), l.InputLen, len(l.Output), l.OutputLen)
		}
	}
	if text := res.Text(); !strings.Contains(text, "  rank 1: [100 100 100 100 100 100 100 100 …] (100 elements) -> [0 0 0 0 0 0 0 0 …] (200 elements)\n") {
		t.Errorf("text:\n%s", text)
	}
}

// The warm-up count reaches every rank: the report gives the warm-up
// count the ranks ran (from their summaries), nccl-tests' 5 unless told.
func TestLaunchWarmup(t *testing.T) {
	cases := []struct {
		reason, warmup, want string
	}{
		{"nccl-tests' default", "", "mean of 3 after 5 warm-up: "},
		{"none", "0", "mean of 3 after 0 warm-up: "},
		{"two", "2", "mean of 3 after 2 warm-up: "},
	}
	for _, tc := range cases {
		fields := map[string]string{"np": "2", "collective": "allreduce", "repeat": "3"}
		if tc.warmup != "" {
			fields["warmup"] = tc.warmup
		}
		res := launch(t, fields)
		if text := res.Text(); res.Failed() || !strings.Contains(text, tc.want) {
			t.Errorf("%s: %s; want %q in\n%s", tc.reason, failures(res), tc.want, text)
		}
	}
}
