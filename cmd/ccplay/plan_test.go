package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/chart/timeline"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/plan"
	"github.com/ccplay/ccplay/report"
)

// planCases are plan questions with the reason each is here.
var planCases = []struct {
	args   []string
	reason string
}{
	{[]string{"--model", "70b", "--dp", "8", "--tp", "8", "--pp", "1", "--zero", "3"}, "70B, ZeRO-3, DP 8 × TP 8 on 8 nodes × 8"},
	{[]string{"--model", "mixtral-8x7b", "--dp", "8", "--tp", "4", "--ep", "8", "--sp", "on", "--zero", "1", "--micro-batch", "2", "--micro-batches", "4"}, "MoE with EP, SP and ZeRO-1"},
	{[]string{"--model", "405b", "--tp", "8", "--pp", "16", "--dp", "128", "--sp", "on", "--zero", "1", "--seq", "8192", "--micro-batches", "16"}, "405B on 16,384 GPUs"},
	{[]string{"--model", "7b", "--dp", "1024", "--nodes", "128", "--preset", "ib400", "--algorithm", "hierarchical"}, "the lecture's 128 × 8 hierarchical question"},
	{[]string{"--model", "custom", "--layers", "4", "--hidden", "1024", "--heads", "8", "--kv-heads", "8", "--ffn", "4096", "--vocab", "1000", "--dp", "2", "--gpus-per-node", "2"}, "a custom model"},
}

// --json prints exactly one object, and it is plan.Plan's answer to the
// same fields; the text names every collective row.
func TestPlanJSONIsPlan(t *testing.T) {
	for _, c := range planCases {
		code, out, errOut := cli(t, "", append([]string{"plan", "--json"}, c.args...)...)
		if code != exitOK || errOut != "" {
			t.Fatalf("%s: status %d, stderr %q", c.reason, code, errOut)
		}
		in, err := plan.Parse(field.Map(flagsToFields(t, c.args)))
		if err != nil {
			t.Fatal(err)
		}
		want, err := plan.Plan(in)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := marshalJSON(want, true)
		if out != wantJSON {
			t.Errorf("%s: --json differs from plan.Plan", c.reason)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("%s: not JSON: %v", c.reason, err)
		}
		for _, k := range []string{"collectives", "totals", "memory", "groups", "compute_s", "comm_s", "step_s"} {
			if _, ok := v[k]; !ok {
				t.Errorf("%s: JSON lacks %q", c.reason, k)
			}
		}
		code, text, _ := cli(t, "", append([]string{"plan"}, c.args...)...)
		if code != exitOK || text != report.Plan(want) {
			t.Errorf("%s: text output differs from report.Plan", c.reason)
		}
		if strings.Count(text, "\n  ") < len(want.Rows) {
			t.Errorf("%s: text has fewer lines than the %d rows", c.reason, len(want.Rows))
		}
	}
}

// Bad input: status 2, one line naming the flag.
func TestPlanErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		want   []string
		reason string
	}{
		{[]string{"--model", "gpt5"}, []string{"--model:", "70b"}, "unknown preset lists the accepted names"},
		{[]string{"--tp", "3"}, []string{"--tp:", "divisor of 64"}, "TP must divide the heads"},
		{[]string{"--zero", "9"}, []string{"--zero:", "fsdp"}, "unknown stage"},
		{[]string{"--dp", "8", "--nodes", "3"}, []string{"--nodes:"}, "nodes × GPUs ≠ GPUs"},
		{[]string{"--bogus", "1"}, []string{"--bogus: unknown flag"}, "unknown flag"},
		{[]string{"--table", "--dp", "2"}, []string{"--dp:", "--table"}, "the table takes no question"},
		{[]string{"extra"}, []string{"unexpected argument"}, "positional argument"},
	} {
		code, out, errOut := cli(t, "", append([]string{"plan"}, c.args...)...)
		wantUsageError(t, c.reason, code, out, errOut, c.want...)
	}
}

// --table prints plan.StrategyTable: text, or its rows as JSON.
func TestPlanTable(t *testing.T) {
	rows, err := plan.StrategyTable()
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := cli(t, "", "plan", "--table")
	if code != exitOK || out != report.StrategyTable(rows) {
		t.Errorf("--table: status %d, output differs from report.StrategyTable", code)
	}
	code, out, _ = cli(t, "", "plan", "--table", "--json")
	want, _ := marshalJSON(rows, true)
	if code != exitOK || out != want {
		t.Errorf("--table --json: status %d, output differs from the rows", code)
	}
	if !strings.Contains(out, "AllReduce ×2 per block (forward)") {
		t.Errorf("--table --json lacks TP's two AllReduce per block")
	}
}

// -h documents every field.
func TestPlanHelp(t *testing.T) {
	code, out, _ := cli(t, "", "plan", "-h")
	if code != exitOK {
		t.Fatalf("status %d", code)
	}
	for _, f := range plan.Fields {
		if !strings.Contains(out, "--"+f) {
			t.Errorf("-h lacks --%s", f)
		}
	}
}

// --timeline prints timeline.SVG of plan.TimelineOf; with --json its spans.
func TestPlanTimelineFlag(t *testing.T) {
	args := []string{"plan", "--model", "70b", "--dp", "8", "--tp", "8", "--zero", "3"}
	in, err := plan.Parse(field.Map(map[string]string{"model": "70b", "dp": "8", "tp": "8", "zero": "3"}))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := plan.Plan(in)
	tl, err := plan.TimelineOf(r, "zero3", plan.DefaultMoEChunks)
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := cli(t, "", append(args, "--timeline", "zero3")...)
	if code != exitOK || out != string(timeline.SVG(tl)) {
		t.Errorf("--timeline zero3: status %d, output differs from timeline.SVG", code)
	}
	code, out, _ = cli(t, "", append(args, "--timeline", "zero3", "--json")...)
	want, _ := marshalJSON(tl, true)
	if code != exitOK || out != want {
		t.Errorf("--timeline zero3 --json: status %d, output differs", code)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--timeline", "moe"}, "--ep:"},
		{[]string{"--timeline", "gantt"}, "--timeline:"},
		{[]string{"--chunks", "2"}, "--chunks:"},
		{[]string{"--timeline", "zero3", "--chunks", "2"}, "--chunks:"},
	} {
		code, out, errOut := cli(t, "", append(args, c.args...)...)
		wantUsageError(t, strings.Join(c.args, " "), code, out, errOut, c.want)
	}
}
