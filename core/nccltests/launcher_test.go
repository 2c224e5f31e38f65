package nccltests

import (
	"reflect"
	"strings"
	"testing"
)

// bareLog is a small all_reduce_perf run with INFO lines, as nccl-tests
// and NCCL print it without a launcher.
var bareLog = []string{
	"# nThread 1 nGpus 1 minBytes 8 maxBytes 16 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0",
	"#  Rank  0 Group  0 Pid   1000 on     node-a device  0 [0x1b] NVIDIA H100 80GB HBM3",
	"#  Rank  1 Group  0 Pid   1001 on     node-a device  1 [0x43] NVIDIA H100 80GB HBM3",
	"node-a:1000:1010 [0] NCCL INFO NCCL_ALGO set by environment to Ring",
	"node-a:1000:1010 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC/read",
	"#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong",
	"           8             2     float     sum      -1    10.00    0.00    0.00      0    10.00    0.00    0.00      0",
	"          16             4     float     sum      -1    10.50    0.00    0.00      0    10.40    0.00    0.00      0",
	"# Out of bounds values : 0 OK",
	"# Avg bus bandwidth    : 0.0010",
	"# Collective test concluded: all_reduce_perf",
}

// Every launcher's prefix is removed: the log reads exactly as the bare
// one (same rows, same facts, same lines).
func TestLauncherPrefixes(t *testing.T) {
	want, err := Read([]byte(strings.Join(bareLog, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	prefixes := map[string]func(i int) string{
		"srun --label":              func(i int) string { return " 0: " },
		"srun --label, 2 digits":    func(i int) string { return "12: " },
		"mpirun --tag-output":       func(i int) string { return "[1,0]<stdout>:" },
		"mpirun --timestamp-output": func(i int) string { return "Tue Dec  2 02:44:24 2025[1,0]<stdout>:" },
		"torchrun [rank0]:":         func(i int) string { return "[rank0]: " },
		"torchrun [default0]:":      func(i int) string { return "[default0]:" },
		"kubectl logs --prefix":     func(i int) string { return "[pod/nccl-worker-0/nccl] " },
		"pdsh":                      func(i int) string { return "gpu-node-17: " },
		"pdsh around srun":          func(i int) string { return "gpu-node-17:  3: " },
		"ISO timestamp":             func(i int) string { return "2025-01-02T03:04:05.678Z " },
		"ISO timestamp, space":      func(i int) string { return "2025-01-02 03:04:05,678 " },
		"bracketed timestamp":       func(i int) string { return "[2025-01-02 03:04:05] " },
		"syslog timestamp":          func(i int) string { return "Jan  2 03:04:05 " },
		"clock":                     func(i int) string { return "03:04:05.123 " },
		"timestamp then srun":       func(i int) string { return "2025-01-02T03:04:05Z 0: " },
		"rank tag":                  func(i int) string { return "[0] " },
	}
	for name, prefix := range prefixes {
		lines := make([]string, len(bareLog))
		for i, l := range bareLog {
			lines[i] = prefix(i) + l
		}
		got, err := Read([]byte(strings.Join(lines, "\r\n") + "\r\n"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(got.Log, want.Log) || !reflect.DeepEqual(got.Settings, want.Settings) ||
			!reflect.DeepEqual(got.Headers, want.Headers) || !reflect.DeepEqual(got.Links, want.Links) {
			t.Errorf("%s: read differently from the bare log:\n%+v\n%+v", name, got.Log.Tables, want.Log.Tables)
		}
	}
}

// A row printed in pieces, each tagged with its rank (as in
// https://github.com/NVIDIA/nccl/issues/1453), reads as one row.
func TestRankTagInsideRow(t *testing.T) {
	log := "[0]#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n" +
		"[0]      1048576        262144     float     sum      -1[0]    1626.5    0.64    1.24      0[0]    2302.3    0.46    0.87      0\n"
	l, err := Parse([]byte(log))
	if err != nil || len(l.Tables[0].Rows) != 1 {
		t.Fatalf("%v %+v", err, l)
	}
	if r := l.Tables[0].Rows[0]; r.SizeBytes != 1048576 || r.OutOfPlace.TimeUs != 1626.5 || r.InPlace.TimeUs != 2302.3 {
		t.Errorf("row %+v %+v %+v", r, r.OutOfPlace, r.InPlace)
	}
}

// Colour codes are removed wherever they sit in a line.
func TestANSI(t *testing.T) {
	lines := make([]string, len(bareLog))
	for i, l := range bareLog {
		lines[i] = "\x1b[32m" + strings.Replace(l, "float", "\x1b[1mfloat\x1b[0m", 1) + "\x1b[0m"
	}
	got, err := Read([]byte(strings.Join(lines, "\n")))
	if err != nil || len(got.Log.Tables) != 1 || len(got.Log.Tables[0].Rows) != 2 || got.Log.Tables[0].Rows[1].Type != "float" {
		t.Errorf("%v %+v", err, got.Log)
	}
}

// What is not a launcher's prefix stays: NCCL's own "host:pid:tid"
// prefix, a row, a header, an English word before a colon.
func TestCleanLineKeeps(t *testing.T) {
	for _, l := range []string{
		"node-a:1000:1010 [0] NCCL INFO Using network IB",
		"           8             2     float     sum      -1    10.00",
		"#  size count",
		"Warning: Permanently added 'node-b' to the list of known hosts.",
		"NCCL INFO Channel 00/16 :    0   1",
		"2025 rows",
		"[0] NCCL INFO Trees [0] 1/-1/-1->0->-1",
	} {
		if got := cleanLine(l); got != l {
			t.Errorf("%q became %q", l, got)
		}
	}
}

// cleanLine never grows a line, never panics, and is stable: a cleaned
// line that still starts with a prefix only loses more of it.
func FuzzCleanLine(f *testing.F) {
	for _, s := range []string{" 0: # nThread 1", "[1,0]<stdout>:  8 2 float", "Tue Dec  2 02:44:24 2025[1,0]<stdout>:x",
		"[rank0]: x", "gpu-1: 12: y", "2025-01-02T03:04:05.678Z z", "\x1b[32mcolour\x1b[0m", "\x1b[", "[", "Jan  2 03:04", "03:04:05."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := cleanLine(s)
		if len(c) > len(s) {
			t.Fatalf("%q grew to %q", s, c)
		}
		if strings.IndexByte(c, 0x1b) >= 0 && strings.IndexByte(s, 0x1b) >= 0 && len(c) == len(s) {
			t.Fatalf("%q kept its escapes", s)
		}
	})
}
