package job

import (
	"os"
	"strings"
	"testing"
)

// A signal on LaunchOptions.Stop is forwarded to every rank of a program
// that would run for hours: Launch returns with every rank stopped and
// reaped, and the reports say by which signal.
func TestLaunchStopForwardsSignal(t *testing.T) {
	stop := make(chan os.Signal, 1)
	stop <- os.Interrupt // read once every rank has started
	cfg := readLaunch(t, map[string]string{"np": "3", "collective": "allreduce", "count": "64", "repeat": "1000000000", "warmup": "0", "timeout": "1h"})
	res := launchWith(t, LaunchOptions{Stop: stop}, cfg)
	if res.Signal != os.Interrupt || !res.Failed() || len(res.Procs) != 3 {
		t.Fatalf("signal %v, failed %v, %d processes", res.Signal, res.Failed(), len(res.Procs))
	}
	for _, p := range res.Procs {
		if !p.Stopped || p.cmd.ProcessState == nil { // nil: not reaped
			t.Errorf("rank %d: stopped %v, state %v", p.Rank, p.Stopped, p.cmd.ProcessState)
		}
		if !strings.HasPrefix(p.Failure, "stopped by launch (signal: interrupt)") {
			t.Errorf("rank %d: failure %q", p.Rank, p.Failure)
		}
	}
	if rep := res.Report(); rep.Signal != "interrupt" || rep.OK || len(rep.Fails) != 3 {
		t.Errorf("report: signal %q, ok %v, %d failures", rep.Signal, rep.OK, len(rep.Fails))
	}
	if text := res.Text(); !strings.Contains(text, "then launch was stopped by interrupt") {
		t.Errorf("text:\n%s", text)
	}
}
