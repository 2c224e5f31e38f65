package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

// coreAnswer is cost.Evaluate's answer to the URL query q, computed here
// independently of State.
func coreAnswer(t *testing.T, q string) cost.Result {
	t.Helper()
	p, err := question.CostParams(field.Map(parseQuery(q)))
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	r, err := cost.Evaluate(p)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return r
}

func TestTimingShowsClusterAndSlowdown(t *testing.T) {
	cases := []struct {
		query, reason string
		want          func(r cost.Result) []string
	}{
		{"gpus-per-node=8&ranks=16&intra-preset=nvlink4&preset=ib400", "two nodes of 8 on NVLink 4 and 400G IB: ring's inter-node bytes and the ledger split",
			func(r cost.Result) []string {
				l := r.Topology.Ledger
				return []string{`id="t-inter"`, Bytes(r.Topology.InterBytesPerRank), BytesShort(l.IntraBytes), BytesShort(l.InterBytes)}
			}},
		{"algorithm=hierarchical&gpus-per-node=8&ranks=128&preset=ib400", "the lecture's 128 × 8 question: hierarchical beside one flat ring",
			func(r cost.Result) []string {
				fr := r.Topology.FlatRing
				return []string{Bytes(r.Topology.InterBytesPerRank), Bytes(fr.InterBytesPerRank), Secs(fr.TimeS), `id="t-flat-ratio"`}
			}},
		{"ranks=8&slow-rank=3&slow-factor=4", "one rank 4× slower: ring waits for it every step",
			func(r cost.Result) []string {
				return []string{r.Topology.Slow, Secs(r.Topology.UnslowedTimeS), SlowRatio(r.TimeS / r.Topology.UnslowedTimeS)}
			}},
	}
	for _, tc := range cases {
		s := NewState(tc.query, "en")
		if s.Err != "" {
			t.Fatalf("%s: unexpected error %s: %s", tc.reason, s.Field, s.Err)
		}
		r := coreAnswer(t, tc.query)
		if r.Topology == nil {
			t.Fatalf("%s: core returned no topology", tc.reason)
		}
		out := html.UnescapeString(render(t, &Timing{S: s}))
		mustContain(t, out, append(tc.want(r), Secs(r.TimeS))...)
	}
}

func TestSlowRatioIsFour(t *testing.T) {
	// A straggler: one slow rank of factor f raises ring AllReduce's bandwidth
	// term by f; with α = 0 the whole time is ×f.
	s := NewState("ranks=8&latency=0s&slow-rank=3&slow-factor=4", "en")
	a := NewApp(s)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if got := rowValue(a.Timing.TopologyRows(), "t-slowratio"); got != "4×" {
		t.Errorf("ratio shown %q, want 4×", got)
	}
}

func rowValue(rows []KV, id string) string {
	for _, r := range rows {
		if r.ID == id {
			return r.Value
		}
	}
	return ""
}

func TestClusterControls(t *testing.T) {
	cases := []struct {
		query, field, text, errField, reason string
	}{
		{"", "intra-bandwidth", "", "", "no GPUs per node: the intra controls are hidden"},
		{"gpus-per-node=8&ranks=16", "intra-latency", "banana", "intra-latency", "a bad intra latency: the CLI's error beside the field"},
		{"ranks=8", "slow-rank", "3", "slow-rank", "a slow rank without a factor: the CLI asks for slow-factor"},
		{"ranks=8", "slow-rank", "9", "slow-rank", "a slow rank beyond P−1"},
		{"ranks=8&slow-rank=2", "slow-link", "3-4", "slow-link", "a slow rank and a slow link together"},
		{"ranks=8", "preset", "hbm3", "preset", "a memory tier is no link"},
	}
	for _, tc := range cases {
		s := NewState(tc.query, "en")
		if tc.text != "" || tc.errField != "" {
			s.SetField(tc.field, tc.text)
		}
		// The error is the CLI's, word for word.
		fields := parseQuery(tc.query)
		fields[tc.field] = tc.text
		_, cliErr := question.CostParams(field.Map(fields))
		if tc.errField == "" {
			if strings.Contains(render(t, &Controls{S: s}), `id="f-intra-bandwidth"`) {
				t.Errorf("%s: intra controls shown", tc.reason)
			}
			continue
		}
		if s.Field != tc.errField || cliErr == nil || !strings.Contains(cliErr.Error(), s.Err) {
			t.Errorf("%s: field %q error %q, CLI says %v", tc.reason, s.Field, s.Err, cliErr)
		}
		out := html.UnescapeString(render(t, &Controls{S: s}))
		mustContain(t, out, `id="f-`+tc.errField+`"`, s.Err)
	}
}

func TestPresetFillsLinkFields(t *testing.T) {
	s := NewState("gpus-per-node=8&ranks=16&intra-preset=pcie5&preset=eth100", "en")
	a := NewApp(s)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	r := coreAnswer(t, "gpus-per-node=8&ranks=16&intra-preset=pcie5&preset=eth100")
	if s.P.Bandwidth != 12.5e9 || s.P.IntraBandwidth != 64e9 || s.R.TimeS != r.TimeS {
		t.Errorf("presets: bandwidth %g intra %g time %g, core %g", s.P.Bandwidth, s.P.IntraBandwidth, s.R.TimeS, r.TimeS)
	}
	if s.Text("bandwidth") != "12.5 GB/s" || s.Text("intra-latency") != "2 µs" {
		t.Errorf("fields show %q and %q, want the presets' values", s.Text("bandwidth"), s.Text("intra-latency"))
	}
	q := a.Query()
	if strings.Contains(q, "bandwidth=") || !strings.Contains(q, "preset=eth100") || !strings.Contains(q, "intra-preset=pcie5") {
		t.Errorf("query %q: want the presets, not their values", q)
	}
	// Editing the bandwidth leaves the preset: the shown values become given.
	s.SetField("bandwidth", "25GB/s")
	if s.Err != "" || s.Text("preset") != "" || s.P.Bandwidth != 25e9 || s.P.Latency != 10e-6 {
		t.Errorf("after editing: preset %q bandwidth %g latency %g err %q", s.Text("preset"), s.P.Bandwidth, s.P.Latency, s.Err)
	}
	// The URL round trip keeps the question.
	s2 := NewState(a.Query(), "en")
	if s2.P != s.P {
		t.Errorf("round trip: %+v != %+v", s2.P, s.P)
	}
}

func TestLedgerSplitsByLinkClass(t *testing.T) {
	q := "gpus-per-node=4&ranks=8"
	s := NewState(q, "en")
	a := NewApp(s)
	r := coreAnswer(t, q)
	out := render(t, &Ledger{S: s})
	mustContain(t, out, `class="inter"`, `class="intra"`)
	d := s.ledgerData()
	var inter, maxInter int64
	for _, b := range d.L.Ranks {
		inter += b.InterSent
		maxInter = max(maxInter, b.InterSent)
	}
	if inter != r.Topology.Ledger.InterBytes || maxInter != r.Topology.Ledger.MaxInterSent {
		t.Errorf("ledger view inter bytes %d (max %d), core %d (max %d)", inter, maxInter, r.Topology.Ledger.InterBytes, r.Topology.Ledger.MaxInterSent)
	}
	found := false
	for _, c := range a.Ledger.LedgerChecks() {
		if c.ID == "chk-inter" {
			found = true
			if !c.OK {
				t.Errorf("inter-node check: ledger %s, core %s", c.Ledger, c.Formula)
			}
		}
	}
	if !found {
		t.Error("no inter-node check in the ledger view")
	}
	// Where core has no closed form for the inter-node bytes (binomial), its
	// figure is the ledger's own: no check is shown against it.
	qb := "gpus-per-node=4&ranks=8&algorithm=binomial"
	if rb := coreAnswer(t, qb); rb.Topology == nil || !rb.Topology.InterFromLedger || rb.Topology.InterBytesPerRank != rb.Topology.Ledger.MaxInterSent {
		t.Fatalf("binomial on nodes: core's inter-node figure %+v, want the ledger's, marked so", rb.Topology)
	}
	if r.Topology.InterFromLedger {
		t.Error("ring on nodes: core marks its closed-form inter-node bytes as the ledger's")
	}
	for _, c := range NewApp(NewState(qb, "en")).Ledger.LedgerChecks() {
		if c.ID == "chk-inter" {
			t.Errorf("binomial: an inter-node check compares the ledger with itself: %+v", c)
		}
	}
	if !strings.Contains(a.Ledger.LedgerCSV(), ",intra_sent_bytes,inter_sent_bytes") {
		t.Error("CSV lacks the link-class columns")
	}
}

func TestNCCLModelView(t *testing.T) {
	q := "model=nccl&ranks=8&gpus-per-node=8&intra-preset=nvlink4&size=1MiB"
	s := NewState(q, "en")
	a := NewApp(s)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	n := coreAnswer(t, q).NCCL
	if n == nil {
		t.Fatal("core returned no NCCL table")
	}
	out := html.UnescapeString(render(t, &NcclModel{S: s}))
	mustContain(t, out, "NCCL "+n.Version, n.Winner, Secs(n.TimeS), "AllReduce", n.Assumptions[0])
	// Both figures, labelled: NCCL's tuner estimate and core's predicted run time.
	mustContain(t, out, "NCCL's tuner estimate T", "Predicted run time", `id="m-predicted"`, Secs(n.Predicted.TimeS)+" ("+Rate(n.Predicted.BusBwBps)+")")
	cells := a.NcclModel.NCCLTuningCells()
	if len(cells) != len(n.Cells) {
		t.Fatalf("%d cells shown, core has %d", len(cells), len(n.Cells))
	}
	wins := 0
	for i, c := range n.Cells {
		mustContain(t, out, cells[i].Text)
		if strings.Contains(cells[i].Class, "win") {
			wins++
			if c.Algorithm+"/"+c.Protocol != n.Winner {
				t.Errorf("highlighted %s/%s, winner %s", c.Algorithm, c.Protocol, n.Winner)
			}
		}
	}
	if wins != 1 {
		t.Errorf("%d cells highlighted, want 1", wins)
	}
	// The winner's formula ends in the answer's time.
	if f := a.NcclModel.WinnerFormula(); !strings.Contains(f, "= "+Secs(n.TimeS)+" ") || !strings.HasPrefix(f, "T = ") {
		t.Errorf("winner's formula %q does not end in T = %s", f, Secs(n.TimeS))
	}
	// Without model=nccl the view offers to switch, and the button does.
	s = NewState("", "en")
	a = NewApp(s)
	mustContain(t, render(t, &NcclModel{S: s}), `id="m-use"`)
	a.NcclModel.UseNCCLModel()
	if s.R.NCCL == nil || !strings.Contains(a.Query(), "model=nccl") {
		t.Error("the button did not switch to NCCL's model")
	}
	// NCCL's model refuses a straggler: the CLI's error on the model field.
	s.SetField("slow-factor", "4")
	s.SetField("slow-rank", "2")
	if s.Field != "model" {
		t.Errorf("straggler with NCCL: field %q err %q", s.Field, s.Err)
	}
	mustContain(t, html.UnescapeString(render(t, &NcclModel{S: s})), s.Err)
}
