package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
)

func init() {
	commands["run"] = command{
		summary: "execute a collective's real schedule on per-rank buffers read as JSON from stdin",
		run:     runRun,
	}
}

// maxStdin caps what `ccplay run` reads (64 MiB, about four times the JSON
// of question.MaxRunElements small integers).
const maxStdin = 64 << 20

const (
	runSynopsis = "ccplay run < request.json    (one JSON object, or JSON Lines: one object per line)"
	runAbout    = "Reads {\"collective\":\"allreduce\",\"algorithm\":\"ring\",\"op\":\"sum\",\"root\":0,\"dtype\":\"int64\",\n" +
		"\"inputs\":[[...],[...]],\"counts\":[...],\"sendcounts\":[[...]],\"chunks\":0} (inputs[r] is rank r's send buffer,\n" +
		"null where it is not significant), builds the algorithm's schedule, executes it, checks the result\n" +
		"against the collective's definition and prints one line {\"outputs\":[...],\"ledger\":{...},\"rounds\":N}\n" +
		"(outputs[r] is null where MPI leaves the buffer undefined). int64 (the default) is exact modulo 2⁶⁴;\n" +
		"float64 follows the schedule's reduction order.\n\n" +
		"JSON Lines: every non-empty line is answered by one line on stdout, in order. A bad line is\n" +
		"answered by {\"line\":N,\"field\":\"...\",\"error\":\"...\"} on stdout and one line\n" +
		"\"ccplay: line N: field: message\" on stderr; the other lines still run, and the exit status is 2\n" +
		"if any line failed. Input is limited to 64 MiB."
)

// runRun implements `ccplay run`.
func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("run")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, runSynopsis, runAbout)
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxStdin+1))
	if err != nil {
		fmt.Fprintf(stderr, "ccplay: run: reading stdin: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	if len(data) > maxStdin {
		return fail(stderr, "stdin: more than 64 MiB (%d B); send fewer or smaller requests", maxStdin)
	}
	body := bytes.TrimSpace(data)
	if len(body) == 0 {
		return fail(stderr, "stdin: empty; want one JSON object, or JSON Lines (one object per line)")
	}
	if json.Valid(body) || !jsonLines(data) {
		out, err := answer(body)
		if err != nil {
			return reportRun(stderr, "", err)
		}
		return write(stdout, stderr, out)
	}
	status := exitOK
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		out, err := answer(line)
		if err != nil {
			s := reportRun(stderr, fmt.Sprintf("line %d: ", i+1), err)
			if status == exitOK || s == exitInternal {
				status = s
			}
			out = errorLine(i+1, err)
		}
		if s := write(stdout, stderr, out); s != exitOK {
			return s
		}
	}
	return status
}

// jsonLines reports whether data looks like JSON Lines: some line is a
// complete JSON object on its own. A pretty-printed single object has no
// such line (its first line is "{" and its inner lines end in commas).
func jsonLines(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) > 0 && line[0] == '{' && json.Valid(line) {
			return true
		}
	}
	return false
}

// answer runs one request body and returns its answer line.
func answer(body []byte) (string, error) {
	r, err := question.DecodeRun(body)
	if err != nil {
		return "", err
	}
	res, err := question.Do(r)
	if err != nil {
		return "", err
	}
	return marshalJSON(res, false)
}

// reportRun writes one stderr line for a failed request: "ccplay: [line N: ]
// field: message" (status 2), or an internal error (status 1).
func reportRun(stderr io.Writer, where string, err error) int {
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fail(stderr, "%s%s: %s", where, fe.Field, fe.Msg)
	}
	fmt.Fprintf(stderr, "ccplay: %sinternal error: %s\n", where, oneLine(err.Error()))
	return exitInternal
}

// errorLine is the stdout answer of a failed JSON Lines request, shaped
// like the HTTP API's errors: {"line":N,"field":"inputs","error":"..."}.
func errorLine(n int, err error) string {
	e := struct {
		Line  int    `json:"line"`
		Field string `json:"field,omitempty"`
		Error string `json:"error"`
	}{Line: n, Error: err.Error()}
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		e.Field, e.Error = fe.Field, fe.Msg
	}
	out, _ := marshalJSON(e, false) // strings and an int always encode
	return out
}
