package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/report"
)

// query turns pairs into a URL query (in the given order).
func query(kv ...string) (string, map[string]string) {
	var parts []string
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		parts = append(parts, url.QueryEscape(kv[i])+"="+url.QueryEscape(kv[i+1]))
		m[kv[i]] = kv[i+1]
	}
	return strings.Join(parts, "&"), m
}

// TestCostIsTheCoresAnswer: the body carries every field of cost.Evaluate
// of the question, plus the inputs, each with its source.
func TestCostIsTheCoresAnswer(t *testing.T) {
	for _, tt := range []struct {
		reason string
		kv     []string
	}{
		{"all defaults (the lecture's Experiment 3 at P = 8)", nil},
		{"64 ranks on 400 Gbps, α = 5 µs", []string{"collective", "allreduce", "ranks", "64", "bandwidth", "400Gbps", "latency", "5us"}},
		{"auto lists the alternatives", []string{"algorithm", "auto", "ranks", "64", "size", "1MiB"}},
		{"a tree: the closed form is a limit, with a note", []string{"algorithm", "tree", "ranks", "16", "size", "8MiB"}},
		{"a rooted collective with every field", []string{"collective", "broadcast", "algorithm", "ring", "ranks", "5", "root", "3",
			"size", "1GB", "bandwidth", "25GiB/s", "latency", "2µs", "gamma", "2e-12", "efficiency", "90%", "dtype", "half", "chunks", "7"}},
		{"P = 2^20 by the closed form", []string{"ranks", "1048576", "size", "4GiB"}},
		{"spaces around values are trimmed, as in the CLI", []string{"ranks", " 8 ", "size", " 100 MiB"}},
	} {
		q, m := query(tt.kv...)
		a := get(t, "/api/v1/cost?"+q)
		wantOK(t, tt.reason, a, jsonType)
		p, err := question.CostParams(field.Map(m))
		if err != nil {
			t.Fatalf("%s: %v", tt.reason, err)
		}
		r, err := cost.Evaluate(p)
		if err != nil {
			t.Fatalf("%s: %v", tt.reason, err)
		}
		var body, want map[string]any
		wantJSON, _ := json.Marshal(r)
		if err := json.Unmarshal([]byte(a.body), &body); err != nil {
			t.Fatalf("%s: %v", tt.reason, err)
		}
		json.Unmarshal(wantJSON, &want) //nolint:errcheck // marshalled just above
		for k, v := range want {
			if !reflect.DeepEqual(body[k], v) {
				t.Errorf("%s: %s = %v, cost.Evaluate says %v", tt.reason, k, body[k], v)
			}
		}
		inputs, _ := body["inputs"].(map[string]any)
		for _, f := range []string{"collective", "algorithm", "ranks", "size", "bandwidth", "latency"} {
			in, _ := inputs[f].(map[string]any)
			from := "default"
			if _, given := m[f]; given {
				from = "given"
			}
			if in["from"] != from {
				t.Errorf("%s: inputs.%s = %v, want from %q", tt.reason, f, in, from)
			}
		}
	}
}

// TestTable: JSON rows as cost.Table gives them; format=text is report.Table.
func TestTable(t *testing.T) {
	kv := []string{"collective", "allreduce", "algorithm", "auto", "ranks", "8", "bandwidth", "400Gbps", "latency", "5us",
		"minbytes", "8", "maxbytes", "1G", "stepfactor", "4"}
	q, m := query(kv...)
	p, dt, sweep, err := question.TableQuery(field.Map(m))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := cost.Table(p, dt, sweep)
	if err != nil {
		t.Fatal(err)
	}
	a := get(t, "/api/v1/table?"+q)
	wantOK(t, "json", a, jsonType)
	want, _ := json.MarshalIndent(rows, "", "  ")
	if a.body != string(want)+"\n" {
		t.Errorf("JSON rows differ from cost.Table:\n%s", a.body)
	}
	if a2 := get(t, "/api/v1/table?"+q+"&format=json"); a2.body != a.body {
		t.Errorf("format=json is the default")
	}
	txt := get(t, "/api/v1/table?"+q+"&format=text")
	wantOK(t, "text", txt, textType)
	var b bytes.Buffer
	if err := report.Table(&b, p, nil, rows); err != nil {
		t.Fatal(err)
	}
	if txt.body != b.String() {
		t.Errorf("text differs from report.Table")
	}
	lines := strings.Split(strings.TrimSuffix(txt.body, "\n"), "\n")
	data := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			data++
			if !strings.Contains(l, "N/A  # ") {
				t.Errorf("auto rows name the chosen algorithm after '#': %q", l)
			}
		}
	}
	if data != len(rows) || len(rows) != 14 {
		t.Errorf("want one line per row (14 sizes from 8 B to 1 GiB by ×4), got %d lines for %d rows", data, len(rows))
	}
	one := get(t, "/api/v1/table?minbytes=16&maxbytes=16&format=text")
	if !strings.Contains(one.body, "          16             4     float     sum      -1    70.00    0.00    0.00    N/A\n") {
		t.Errorf("nccl-tests column widths: %q", one.body)
	}
	if e := get(t, "/api/v1/table?minbytes=9&maxbytes=8"); e.status != http.StatusBadRequest {
		t.Errorf("an empty sweep is refused by the core, got %d", e.status)
	}
}
