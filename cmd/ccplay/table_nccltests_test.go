package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// An nccl-tests user's habits work: its flags with their meanings, the
// ones a model ignores accepted and named in a note, and the header not
// claiming a network the system does not have.
func TestTableSpeaksNCCLTests(t *testing.T) {
	code, out, errOut := cli(t, "", "table", "--model", "nccl", "--system", "dgx-h100", "-b", "8", "-e", "128M", "-f", "2",
		"-g", "8", "-d", "half", "-o", "sum", "-n", "20", "-w", "5", "-c", "1")
	if code != exitOK || errOut != "" {
		t.Fatalf("status %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "-n 20 -w 5 -c 1") {
		t.Errorf("the ignored flags are not noted:\n%s", out)
	}
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 5 || strings.HasPrefix(line, "#") {
			continue
		}
		rows++
		if f[2] != "half" || f[3] != "sum" {
			t.Errorf("row %q: want type half and redop sum", line)
		}
	}
	if rows != 25 {
		t.Errorf("%d rows, want 25 (8 B to 128 MiB by doubling)", rows)
	}
	header, _, _ := strings.Cut(out, "#\n")
	if !strings.Contains(header, "system dgx-h100") || strings.Contains(header, "illustrative") {
		t.Errorf("header does not say the network came from the system:\n%s", header)
	}
}

// A pasted nccl-tests command line after -- is the same question as its
// flags: the binary names the collective and -np × -g the ranks.
func TestTablePastedCommandLine(t *testing.T) {
	_, pasted, errA := cli(t, "", "table", "--json", "--", "mpirun", "-np", "2", "./build/reduce_scatter_perf", "-b", "1K", "-e", "1M", "-f", "4", "-g", "4")
	_, flags, errB := cli(t, "", "table", "--json", "--collective", "reducescatter", "--ranks", "8", "-b", "1K", "-e", "1M", "-f", "4")
	if errA != "" || errB != "" {
		t.Fatalf("stderr %q / %q", errA, errB)
	}
	var a, b []cost.Row
	if json.Unmarshal([]byte(pasted), &a) != nil || json.Unmarshal([]byte(flags), &b) != nil || len(a) == 0 {
		t.Fatalf("not JSON rows:\n%s\n%s", pasted, flags)
	}
	if pasted != flags {
		t.Errorf("the pasted command line and its flags differ:\n%s\n%s", pasted, flags)
	}
	code, _, errOut := cli(t, "", "table", "--ranks", "8", "--", "./all_reduce_perf", "-b", "8", "-q", "1")
	if code != exitUsage || !strings.Contains(errOut, "-q is not an nccl-tests flag") {
		t.Errorf("an unknown flag in the pasted line: status %d, %q", code, errOut)
	}
	code, _, errOut = cli(t, "", "table", "-b", "16", "--", "./all_reduce_perf", "-b", "8")
	if code != exitUsage || !strings.Contains(errOut, "--minbytes") {
		t.Errorf("a flag given twice (flag and pasted): status %d, %q", code, errOut)
	}
}
