package main

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/google/go-cmp/cmp"
)

// runAnswer is the answer line of `ccplay run`, decoded strictly.
type runAnswer struct {
	Outputs [][]int64   `json:"outputs"`
	Ledger  *sim.Ledger `json:"ledger"`
	Rounds  int         `json:"rounds"`
}

// TestRunAnswersWithTheDefinition: the outputs equal prim.Reference, the
// rounds and ledger equal those of the schedule the core builds.
func TestRunAnswersWithTheDefinition(t *testing.T) {
	for _, c := range []struct {
		body   string
		spec   prim.Spec
		alg    sched.Algorithm
		in     [][]int64
		reason string
	}{
		{`{"collective":"allreduce","algorithm":"ring","inputs":[[1,2],[3,4],[5,6]]}`,
			prim.Spec{Collective: prim.AllReduce, Ranks: 3, Op: prim.Sum, Count: 2}, sched.Ring, [][]int64{{1, 2}, {3, 4}, {5, 6}}, "the README's example"},
		{`{"collective":"reduce","algorithm":"binomial","op":"max","root":2,"inputs":[[1,9],[7,3],[5,5],[0,0]]}`,
			prim.Spec{Collective: prim.Reduce, Ranks: 4, Root: 2, Op: prim.Max, Count: 2}, sched.Binomial, [][]int64{{1, 9}, {7, 3}, {5, 5}, {0, 0}}, "Reduce leaves non-roots undefined (null)"},
		{`{"collective":"broadcast","algorithm":"tree","root":1,"chunks":2,"inputs":[null,[7,8,9],null]}`,
			prim.Spec{Collective: prim.Broadcast, Ranks: 3, Root: 1, Count: 3}, sched.Tree, [][]int64{nil, {7, 8, 9}, nil}, "null inputs where not significant"},
		{`{"collective":"alltoall","algorithm":"pairwise","sendcounts":[[0,2],[1,0]],"inputs":[[1,2],[3]]}`,
			prim.Spec{Collective: prim.AllToAll, Ranks: 2, SendCounts: [][]int{{0, 2}, {1, 0}}}, sched.Pairwise, [][]int64{{1, 2}, {3}}, "uneven AllToAll"},
		{`{"collective":"allgather","counts":[1,2],"inputs":[[1],[2,3]]}`,
			prim.Spec{Collective: prim.AllGather, Ranks: 2, Count: 1, Counts: []int{1, 2}}, sched.Ring, [][]int64{{1}, {2, 3}}, "uneven AllGather, ring by default (sched.DefaultFor)"},
		{`{"collective":"gather","counts":[1,2],"inputs":[[1],[2,3]]}`,
			prim.Spec{Collective: prim.Gather, Ranks: 2, Count: 1, Counts: []int{1, 2}}, sched.DefaultFor(prim.Gather), [][]int64{{1}, {2, 3}}, "Gather has no ring: its first algorithm by default"},
	} {
		code, out, errOut := cli(t, c.body, "run")
		if code != exitOK || errOut != "" || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: status %d, stderr %q, stdout %q", c.reason, code, errOut, out)
			continue
		}
		var got runAnswer
		decodeStrict(t, out, &got)
		want, err := prim.Reference(c.spec, c.in)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sched.Build(c.spec, c.alg, sched.Options{Chunks: chunksOf(c.body)})
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got.Outputs); d != "" {
			t.Errorf("%s: outputs differ from the definition (-want +got):\n%s", c.reason, d)
		}
		if got.Rounds != len(s.Rounds) {
			t.Errorf("%s: rounds %d, the schedule has %d", c.reason, got.Rounds, len(s.Rounds))
		}
		if d := cmp.Diff(sim.NewLedger(s, 8), got.Ledger); d != "" {
			t.Errorf("%s: ledger differs (-want +got):\n%s", c.reason, d)
		}
	}
}

func chunksOf(body string) int {
	var r struct{ Chunks int }
	json.Unmarshal([]byte(body), &r)
	return r.Chunks
}

// TestRunPrettyPrintedObject: one object over several lines is one request.
func TestRunPrettyPrintedObject(t *testing.T) {
	body := "{\n  \"collective\": \"allreduce\",\n  \"inputs\": [\n    [1],\n    [2]\n  ]\n}\n"
	code, out, errOut := cli(t, body, "run")
	if code != exitOK || errOut != "" || !strings.HasPrefix(out, `{"outputs":[[3],[3]],`) {
		t.Errorf("status %d, stderr %q, stdout %q", code, errOut, out)
	}
}

// TestRunJSONLines: every non-empty line is answered by one line, in
// order; a bad line is answered by an error object and one stderr line,
// the others still run, and the status is 2.
func TestRunJSONLines(t *testing.T) {
	in := `{"collective":"allreduce","inputs":[[1],[2]]}` + "\n\n" +
		`{"collective":"allreduce","inputs":[[1],[2,3]]}` + "\r\n" +
		`{"collective":"allgather","algorithm":"ring","inputs":[[5],[6]]}` + "\n"
	code, out, errOut := cli(t, in, "run")
	if code != exitUsage {
		t.Errorf("status %d, want %d", code, exitUsage)
	}
	if errOut != "ccplay: line 3: inputs: inputs[1]: rank 1 needs 1 elements for allreduce, got 2\n" {
		t.Errorf("stderr %q", errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d answer lines for 3 requests:\n%s", len(lines), out)
	}
	var first, third runAnswer
	decodeStrict(t, lines[0], &first)
	decodeStrict(t, lines[2], &third)
	if d := cmp.Diff([][]int64{{3}, {3}}, first.Outputs); d != "" {
		t.Errorf("line 1 (-want +got):\n%s", d)
	}
	if d := cmp.Diff([][]int64{{5, 6}, {5, 6}}, third.Outputs); d != "" {
		t.Errorf("line 4 (-want +got):\n%s", d)
	}
	var bad struct {
		Line  int    `json:"line"`
		Field string `json:"field"`
		Error string `json:"error"`
	}
	decodeStrict(t, lines[1], &bad)
	if bad.Line != 3 || bad.Field != "inputs" || !strings.Contains(bad.Error, "needs 1 elements") {
		t.Errorf("error answer %+v", bad)
	}
}

// TestRunErrors: every bad body is status 2 and one stderr line naming
// the JSON field.
func TestRunErrors(t *testing.T) {
	for _, c := range []struct {
		stdin  string
		want   []string
		reason string
	}{
		{"", []string{"ccplay: stdin: empty"}, "nothing on stdin"},
		{"  \n\n", []string{"ccplay: stdin: empty"}, "only blank lines"},
		{`{"collective":"allreduce","inputs":[[1],[2]]`, []string{"ccplay: body: invalid JSON"}, "truncated JSON"},
		{"{\n \"collective\": \"allreduce\",\n}\n", []string{"ccplay: body: invalid JSON"}, "a broken pretty-printed object is one error, not one per line"},
		{`{"collective":"allreduce","inputs":[[1],[2]],"bogus":1}`, []string{"ccplay: bogus: unknown field; accepted: collective,"}, "an unknown field"},
		{`[1,2]`, []string{"ccplay: body: want one JSON object"}, "not an object"},
		{`{"collective":"allreduce","inputs":[[1],[2,3]]}`, []string{"ccplay: inputs: inputs[1]: rank 1 needs 1 elements"}, "wrong counts"},
		{`{"collective":"gather","counts":[1,2,3],"inputs":[[1],[2,3]]}`, []string{"ccplay: counts: want 2 per-rank counts"}, "counts of the wrong length"},
		{`{"collective":"alltoall","sendcounts":[[1]],"inputs":[[1],[2]]}`, []string{"ccplay: sendcounts: "}, "a send-count matrix of the wrong shape"},
		{`{"collective":"allreduce","inputs":[[1.5],[2]]}`, []string{"ccplay: inputs: inputs[0][0]: want an integer"}, "a float in int64"},
		{`{"collective":"allreduce","dtype":"int32","inputs":[[1],[2]]}`, []string{"ccplay: dtype: want int64 or float64"}, "an unknown dtype"},
		{`{"collective":"allreduce","algorithm":"pairwise","inputs":[[1],[2]]}`, []string{"ccplay: algorithm: ", "naive", "ring", "tree"}, "an algorithm that does not apply names those that do"},
		{`{"collective":"allreduce","algorithm":"auto","inputs":[[1],[2]]}`, []string{"ccplay: algorithm: run executes a concrete schedule"}, "auto cannot run"},
		{`{"collective":"allreduce","dtype":"float64","algorithm":"ring","inputs":[[1e308],[1e308]]}`, []string{"ccplay: inputs: ", "+Inf"}, "a result JSON cannot carry"},
		{`{"collective":"reduce","root":7,"inputs":[[1],[2]]}`, []string{"ccplay: root: want a rank from 0 to 1, got 7"}, "root out of range"},
	} {
		code, out, errOut := cli(t, c.stdin, "run")
		wantUsageError(t, c.reason, code, out, errOut, c.want...)
	}
}

// TestRunStdinLimit: more than 64 MiB is refused before parsing.
func TestRunStdinLimit(t *testing.T) {
	big := io.LimitReader(spaces{}, maxStdin+1)
	var out, errOut strings.Builder
	code := run([]string{"run"}, big, &out, &errOut)
	wantUsageError(t, "65 MiB of input", code, out.String(), errOut.String(), "ccplay: stdin: more than 64 MiB")
}

// spaces is an endless reader of blanks.
type spaces struct{}

func (spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestRunRefusesArguments: every input comes on stdin.
func TestRunRefusesArguments(t *testing.T) {
	code, out, errOut := cli(t, "{}", "run", "request.json")
	wantUsageError(t, "a file argument", code, out, errOut, `ccplay: run: unexpected argument "request.json"`)
	code, out, errOut = cli(t, "{}", "run", "--json")
	wantUsageError(t, "an unknown flag", code, out, errOut, "ccplay: --json: unknown flag; ccplay run takes no flags")
}
