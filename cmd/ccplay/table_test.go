package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/google/go-cmp/cmp"
)

var tableCases = []struct {
	args   []string
	reason string
}{
	{[]string{"--ranks", "8", "--bandwidth", "400Gbps", "--latency", "5us", "-b", "8", "-e", "1M", "-f", "4"}, "the README's sweep"},
	{[]string{"--collective", "allreduce", "--algorithm", "ring", "--ranks", "8", "--bandwidth", "400Gbps", "--latency", "5us", "-b", "8", "-e", "8G", "-f", "2"}, "8 B to 8 GiB by doubling (bare G is binary)"},
	{[]string{"--collective", "allgather", "--ranks", "4", "--minbytes", "1K", "--maxbytes", "64K", "--stepfactor", "8"}, "long flag names; sizes rounded to P elements"},
	{[]string{"--collective", "broadcast", "--algorithm", "tree", "--ranks", "16", "--root", "5", "-b", "1000", "-e", "5000", "-i", "1000", "--dtype", "half"}, "additive steps, a root, another dtype"},
	{[]string{"--algorithm", "auto", "-b", "1K", "-e", "1G", "-f", "32"}, "auto: the chosen algorithm per row"},
	{[]string{"--collective", "alltoall", "--algorithm", "pairwise", "--ranks", "3", "-b", "1", "-e", "1", "-f", "2"}, "one row rounded down to 0 B"},
}

// TestTableJSONIsTable: --json is cost.Table's rows for the same fields.
func TestTableJSONIsTable(t *testing.T) {
	for _, c := range tableCases {
		code, out, errOut := cli(t, "", append([]string{"table", "--json"}, c.args...)...)
		if code != exitOK || errOut != "" {
			t.Errorf("%s: status %d, stderr %q", c.reason, code, errOut)
			continue
		}
		var got []cost.Row
		decodeStrict(t, out, &got)
		_, want := table(t, c.args)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: --json differs from cost.Table (-want +got):\n%s", c.reason, d)
		}
	}
}

// TestTableTextIsNCCLTestsLayout: nccl-tests' two header lines, every row's
// columns ending where the header's do, the values of cost.Table in
// nccl-tests' precision, #wrong N/A, and the average bus bandwidth.
func TestTableTextIsNCCLTestsLayout(t *testing.T) {
	for _, c := range tableCases {
		code, out, errOut := cli(t, "", append([]string{"table"}, c.args...)...)
		if code != exitOK || errOut != "" {
			t.Errorf("%s: status %d, stderr %q", c.reason, code, errOut)
			continue
		}
		p, rows := table(t, c.args)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		head := fmt.Sprintf("# ccplay expected nccl-tests table: %s, %s, %d ranks, ", p.Collective, p.Algorithm, p.Ranks)
		if !strings.HasPrefix(lines[0], head) || !strings.Contains(out, "model predictions") || !strings.Contains(out, "out-of-place") {
			t.Errorf("%s: header block:\n%s", c.reason, out)
		}
		names := index(lines, "#       size         count      type   redop    root     time   algbw   busbw #wrong")
		units := index(lines, "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)")
		if names < 0 || units != names+1 {
			t.Fatalf("%s: nccl-tests' header lines missing:\n%s", c.reason, out)
		}
		ends := columnEnds(lines[names])[1:] // skip the leading '#'
		body := lines[units+1 : units+1+len(rows)]
		sum := 0.0
		for i, r := range rows {
			line := body[i]
			if p.Algorithm == "auto" {
				var alg string
				line, alg, _ = strings.Cut(line, "  # ")
				if alg != r.Algorithm {
					t.Errorf("%s: row %d names algorithm %q, want %q", c.reason, i, alg, r.Algorithm)
				}
			}
			if got := columnEnds(line); !slicesEqual(got, ends) {
				t.Errorf("%s: row %q has columns ending at %v, the header's end at %v", c.reason, line, got, ends)
			}
			want := []string{fmt.Sprint(r.SizeBytes), fmt.Sprint(r.Count), r.Type, r.Redop, fmt.Sprint(r.Root),
				"", fmt.Sprintf("%.2f", r.AlgBwGBs), fmt.Sprintf("%.2f", r.BusBwGBs), "N/A"}
			got := strings.Fields(line)
			if len(got) == len(want) {
				// The time column: nccl-tests' 2, 1 or 0 decimals by magnitude.
				us, err := strconv.ParseFloat(got[5], 64)
				tol := map[bool]float64{true: 0.005, false: 0.05}[r.TimeUs < 100]
				if r.TimeUs >= 10000 {
					tol = 0.5
				}
				if err != nil || math.Abs(us-r.TimeUs) > tol+1e-9 {
					t.Errorf("%s: row %d time %q, want %g µs", c.reason, i, got[5], r.TimeUs)
				}
				got[5] = ""
			}
			if !slicesEqual(got, want) {
				t.Errorf("%s: row %d = %q, want %q", c.reason, i, got, want)
			}
			sum += r.BusBwGBs
		}
		avgLine := lines[units+1+len(rows)+1]
		avg, err := strconv.ParseFloat(strings.TrimPrefix(avgLine, "# Avg bus bandwidth    : "), 64)
		if err != nil || !close6(avg, sum/float64(len(rows))) {
			t.Errorf("%s: %q, want the mean busbw %g", c.reason, avgLine, sum/float64(len(rows)))
		}
	}
}

// TestTableFlagAliases: -b/-e/-f/-i are --minbytes/--maxbytes/--stepfactor/--stepbytes.
func TestTableFlagAliases(t *testing.T) {
	_, short, _ := cli(t, "", "table", "--json", "-b", "64", "-e", "4K", "-f", "4")
	_, long, _ := cli(t, "", "table", "--json", "--minbytes", "64", "--maxbytes", "4K", "--stepfactor", "4")
	if short != long || short == "" {
		t.Errorf("-b -e -f and their long names differ:\n%s\n%s", short, long)
	}
}

func index(lines []string, s string) int {
	for i, l := range lines {
		if l == s {
			return i
		}
	}
	return -1
}

// columnEnds lists the index after the last character of every
// space-separated field.
func columnEnds(line string) []int {
	var ends []int
	for i := 0; i < len(line); i++ {
		if line[i] != ' ' && (i+1 == len(line) || line[i+1] == ' ') {
			ends = append(ends, i+1)
		}
	}
	return ends
}

func slicesEqual[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// close6 compares to the 6 significant digits nccl-tests prints.
func close6(a, b float64) bool {
	return fmt.Sprintf("%.6g", a) == fmt.Sprintf("%.6g", b)
}
