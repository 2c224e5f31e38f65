package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

// cli runs ccplay in-process with stdin and returns status, stdout, stderr.
func cli(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// wantUsageError checks the contract for bad input: status 2, nothing on
// stdout, exactly one line on stderr that starts "ccplay: " and contains
// every want.
func wantUsageError(t *testing.T, reason string, code int, stdout, stderr string, want ...string) {
	t.Helper()
	if code != exitUsage {
		t.Errorf("%s: status %d, want %d (stderr %q)", reason, code, exitUsage, stderr)
	}
	if stdout != "" {
		t.Errorf("%s: stdout %q, want nothing", reason, stdout)
	}
	if !strings.HasPrefix(stderr, "ccplay: ") || !strings.HasSuffix(stderr, "\n") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("%s: stderr %q, want one line starting \"ccplay: \"", reason, stderr)
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("%s: stderr %q does not contain %q", reason, stderr, w)
		}
	}
}

// flagsToFields turns CLI flags (--name value pairs) into request fields.
func flagsToFields(t *testing.T, args []string) map[string]string {
	t.Helper()
	m := map[string]string{}
	alias := map[string]string{"b": "minbytes", "e": "maxbytes", "f": "stepfactor", "i": "stepbytes"}
	for i := 0; i < len(args); i += 2 {
		name := strings.TrimLeft(args[i], "-")
		if a, ok := alias[name]; ok {
			name = a
		}
		if i+1 >= len(args) {
			t.Fatalf("flag %s without a value", args[i])
		}
		m[name] = args[i+1]
	}
	return m
}

// evaluate answers the flags with the core directly, as the CLI should.
func evaluate(t *testing.T, args []string) (cost.Params, cost.Result) {
	t.Helper()
	p, err := question.CostParams(field.Map(flagsToFields(t, args)))
	if err != nil {
		t.Fatalf("CostParams(%v): %v", args, err)
	}
	r, err := cost.Evaluate(p)
	if err != nil {
		t.Fatalf("Evaluate(%v): %v", args, err)
	}
	return p, r
}

// table answers the table flags with the core directly.
func table(t *testing.T, args []string) (cost.Params, []cost.Row) {
	t.Helper()
	p, dt, w, err := question.TableQuery(field.Map(flagsToFields(t, args)))
	if err != nil {
		t.Fatalf("TableQuery(%v): %v", args, err)
	}
	rows, err := cost.Table(p, dt, w)
	if err != nil {
		t.Fatalf("Table(%v): %v", args, err)
	}
	return p, rows
}

// decodeStrict unmarshals JSON, refusing unknown fields and trailing data.
func decodeStrict(t *testing.T, data string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decoding %q: %v", data, err)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value in %q", data)
	}
}
