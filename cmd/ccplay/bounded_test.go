package main

import "testing"

// TestRepeatedFlag: a flag given twice — or with its one-letter alias — is
// status 2 naming the flag, as the API refuses a repeated parameter; no
// value silently wins.
func TestRepeatedFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cost", "--ranks=8", "--ranks=9"}, "ccplay: --ranks: given more than once; give it once"},
		{[]string{"cost", "--ranks", "8", "--ranks", "8"}, "ccplay: --ranks: given more than once"},
		{[]string{"table", "-b", "8", "--minbytes", "16"}, "ccplay: --minbytes: given more than once"},
		{[]string{"plan", "--dp", "2", "--dp", "4"}, "ccplay: --dp: given more than once"},
	} {
		code, stdout, stderr := cli(t, "", c.args...)
		wantUsageError(t, c.want, code, stdout, stderr, c.want)
	}
}

// TestNonFiniteRefused: an input that would make an answer ±Inf or NaN is
// status 2 naming that input, with and without --json, in cost, table and
// plan (never "+Inf s", never an internal error).
func TestNonFiniteRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cost", "--efficiency", "1e-320"}, "ccplay: --efficiency: 1e-320 is too small"},
		{[]string{"cost", "--efficiency", "1e-320", "--json"}, "ccplay: --efficiency: 1e-320 is too small"},
		{[]string{"cost", "--bandwidth", "1e-320B/s", "--json"}, "ccplay: --bandwidth: 1e-320 is too small"},
		{[]string{"cost", "--bandwidth", "1e-300B/s", "--size", "1GiB"}, "ccplay: --bandwidth: 1e-300 makes the answer overflow float64"},
		{[]string{"cost", "--ranks", "8", "--gpus-per-node", "4", "--intra-bandwidth", "1e-300B/s"}, "ccplay: --intra-bandwidth: 1e-300 makes the answer overflow"},
		{[]string{"table", "--efficiency", "1e-320"}, "ccplay: --efficiency: 1e-320 is too small"},
		{[]string{"table", "--efficiency", "1e-320", "--json"}, "ccplay: --efficiency: 1e-320 is too small"},
		{[]string{"plan", "--bandwidth", "1e-320B/s", "--json"}, "ccplay: --bandwidth: 1e-320 is too small"},
		{[]string{"plan", "--efficiency", "1e-320"}, "ccplay: --efficiency: 1e-320 is too small"},
		{[]string{"plan", "--mfu", "1e-320"}, "ccplay: --mfu: 1e-320 makes the step's compute time overflow"},
	} {
		code, stdout, stderr := cli(t, "", c.args...)
		wantUsageError(t, c.want, code, stdout, stderr, c.want)
	}
}
