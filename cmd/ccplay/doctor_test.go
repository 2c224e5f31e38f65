package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/doctor"
)

const (
	a3megaLog = "../../core/nccltests/testdata/all_reduce_perf_16x_h100.txt"
	cutLog    = "../../core/doctor/testdata/h100_pcie_2x_info.txt"
)

// The one-line verdict comes first, then what it rests on, the regimes,
// the rows and the causes; --json is doctor.Answer.
func TestDoctorText(t *testing.T) {
	code, out, errOut := cli(t, "", "doctor", a3megaLog, "--system", "a3-mega")
	if code != exitOK || errOut != "" {
		t.Fatalf("status %d, stderr %q", code, errOut)
	}
	first, _, _ := strings.Cut(out, "\n")
	if first != "bandwidth-bound rows reach 110 % of what 8 × 200G NICs per node (a3-mega) should give: normal" {
		t.Errorf("first line %q", first)
	}
	for _, want := range []string{"ccplay table --model nccl --system a3-mega --collective allreduce --ranks 16", "line 19: nodes × GPUs per node: 2 × 8",
		"bandwidth-bound   80–120 %    4 GiB – 8 GiB", "middle            80–125 %    256 MiB – 2 GiB            8         107 %  none",
		"peak 338.8 GB/s at 8 GiB (line 55)", "   55       8 GiB  out    338.82    305.50    111 %  bandwidth-bound  Tree/Simple"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(a3megaLog)
	if err != nil {
		t.Fatal(err)
	}
	code, js, _ := cli(t, string(data), "doctor", "-", "--system", "a3-mega", "--json")
	var a doctor.Answer
	if err := json.Unmarshal([]byte(js), &a); code != exitOK || err != nil || a.Verdict.Class != doctor.ClassNormal || a.Error != nil || len(a.Verdict.Rows) != 62 {
		t.Errorf("--json from stdin: status %d, %v, %+v", code, err, a.Error)
	}
}

// Exit status: 0, or 1 under --fail-below when the bandwidth-bound rows
// reach less (or none can be judged); 2 for a bad flag or a log line that
// cannot be read, after printing what could be judged.
func TestDoctorExitStatus(t *testing.T) {
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{a3megaLog, "--system", "a3-mega", "--fail-below", "0.95"}, exitOK, ""},
		{[]string{a3megaLog, "--system", "a3-mega", "--fail-below", "100%"}, exitOK, ""}, // its bandwidth-bound rows reach 110 %
		{[]string{a3megaLog, "--fail-below", "0.8"}, exitInternal, "reach 68 % of expected, below 80 %"},
		{[]string{"../../core/doctor/testdata/rtx4090_8x_pcie_tree.txt", "--fail-below", "0.5"}, exitInternal, "no bandwidth-bound row could be judged"},
		{[]string{cutLog, "--system", "dgx-h100", "--ranks", "2", "--collective", "allreduce"}, exitUsage, "h100_pcie_2x_info.txt: line 11: 11 values"},
	}
	for _, tc := range cases {
		code, out, errOut := cli(t, "", append([]string{"doctor"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errOut, tc.stderr) || out == "" {
			t.Errorf("%v: status %d, stderr %q (stdout %d bytes), want %d and %q", tc.args, code, errOut, len(out), tc.code, tc.stderr)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{a3megaLog, "--system", "dgx-z"}, "--system: unknown system"},
		{[]string{a3megaLog, "--ranks", "1"}, "--ranks:"},
		{[]string{a3megaLog, "--fail-below", "2"}, "--fail-below:"},
		{[]string{}, "give the log"},
		{[]string{a3megaLog, "extra"}, `unexpected argument "extra"`},
		{[]string{"/nonexistent/log.txt"}, "no such file"},
	} {
		code, out, errOut := cli(t, "", append([]string{"doctor"}, tc.args...)...)
		wantUsageError(t, strings.Join(tc.args, " "), code, out, errOut, tc.want)
	}
}

// What people paste: an srun-labelled log of two tables gets a verdict per
// table; --nccl-algo judges against the algorithm set outside the log; a
// binary file's headline says it is not a log; a bad --nccl-algo is
// refused on its flag.
func TestDoctorPasted(t *testing.T) {
	const two = "../../core/doctor/testdata/h100_8x_and_16x_srun_label.txt"
	code, out, errOut := cli(t, "", "doctor", two)
	if code != exitOK || errOut != "" || !strings.HasPrefix(out, "table 1 of 2 (from line 18):\nbandwidth-bound rows reach ") ||
		!strings.Contains(out, "should give: normal\n") || !strings.Contains(out, "table 2 of 2 (from line 50):\nbandwidth-bound rows reach ") ||
		!strings.Contains(out, "should give: far below expectation\n") {
		t.Errorf("two tables: status %d, stderr %q:\n%s", code, errOut, out)
	}
	code, out, _ = cli(t, "", "doctor", two, "--nccl-algo", "Ring")
	if code != exitOK || !strings.Contains(out, "--nccl-algo Ring") || !strings.Contains(out, "the expectation uses NCCL_ALGO=Ring as given") {
		t.Errorf("--nccl-algo Ring: status %d:\n%s", code, out)
	}
	bin := t.TempDir() + "/ccplay"
	if err := os.WriteFile(bin, []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = cli(t, "", "doctor", bin)
	if code != exitUsage || !strings.HasPrefix(out, "not a text log: byte 7 is a NUL") || !strings.Contains(errOut, "not a text log") {
		t.Errorf("binary: status %d, stderr %q:\n%s", code, errOut, out)
	}
	code, out, errOut = cli(t, "", "doctor", two, "--nccl-algo", "Spiral")
	wantUsageError(t, "--nccl-algo Spiral", code, out, errOut, "--nccl-algo:")
}
