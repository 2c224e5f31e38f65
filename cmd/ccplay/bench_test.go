package main

import (
	"strings"
	"testing"
)

// The text report has the nccl-tests columns and one fit line per series.
func TestBenchText(t *testing.T) {
	out, errs, code := runCLI("bench", "--transport", "chan", "-np", "2", "-b", "1K", "-e", "4K", "-f", "2", "-n", "2", "-w", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"# ccplay bench: 2 ranks, one goroutine each, chan transport",
		"# ping-pong rank 0 <-> rank 1",
		"# fitted link (T = α + β·S): α = ",
		"# allreduce, ring; model = closed form on the fitted link",
		"size         count    type  redop  root        time    algbw    busbw  #wrong       model     diff         fit",
		"# allreduce/ring fit (T = A·α + B·β): α = ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if rows := strings.Count(out, "  double    sum    -1  "); rows != 3 {
		t.Errorf("%d allreduce rows, want 3:\n%s", rows, out)
	}
}

func TestBenchBadFlags(t *testing.T) {
	cases := []struct {
		reason, want string
		args         []string
	}{
		{"unknown transport", "ccplay: --transport: want tcp, chan or job", []string{"--transport", "udp"}},
		{"a job's rank without a launcher", "ccplay: --rank: not started by a launcher", []string{"--transport", "job"}},
		{"a job's bad rendezvous port", "ccplay: --master-port: want an integer from 1 to 65535", []string{"--transport", "job", "--rank", "0", "-np", "2", "--master-addr", "h", "--master-port", "0"}},
		{"polling without sockets", "ccplay: --spin: applies to --transport tcp only", []string{"--transport", "chan", "--spin", "100us"}},
		{"polling too long", "ccplay: --spin: want auto, 0 or a duration up to 10ms", []string{"--spin", "1s"}},
		{"one rank", "ccplay: --np: want an integer from 2 to 64", []string{"-np", "1"}},
		{"algorithm that applies to nothing", "ccplay: --algorithm: none of \"tree\" runs allgather", []string{"--collective", "allgather", "--algorithm", "tree"}},
		{"too large", "ccplay: --maxbytes: at most 1G", []string{"-e", "2G"}},
		{"max below min", "ccplay: --maxbytes: want a size ≥ minbytes", []string{"-b", "1M", "-e", "1K"}},
		{"zero iterations", "ccplay: --iters: want an integer from 1", []string{"-n", "0"}},
		{"bad size", "ccplay: --minbytes:", []string{"-b", "lots"}},
	}
	for _, tc := range cases {
		out, errs, code := runCLI(append([]string{"bench"}, tc.args...)...)
		if code != 2 || !strings.HasPrefix(errs, tc.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stderr %q; want %q", tc.reason, code, errs, tc.want)
		}
	}
}
