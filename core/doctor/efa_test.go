package doctor

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// The aws-ofi-nccl lines of a p4d job (aws/aws-ofi-nccl#715): the plugin
// names the platform (line 1), selects the efa provider (lines 5 and 6)
// and sets NCCL_PROTO to simple (line 9). The doctor reads EFA from the
// first of them and names the plugin's setting as a forced protocol, not
// as the run's own.
func TestEFAPluginLines(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "p4d_efa_plugin_proto_simple.txt"))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := Diagnose(data)
	ev := d.Evidence
	if p := ev.Platforms; len(p) != 1 || p[0] != (nccltests.Fact{Line: 1, Host: "node-a", Text: "p4d.24xlarge"}) {
		t.Errorf("platforms %+v", p)
	}
	if p := ev.Providers; len(p) != 2 || p[0].Line != 5 || p[1].Line != 6 || p[0].Text != "efa" {
		t.Errorf("providers %+v", p)
	}
	want := nccltests.Setting{Line: 9, Name: "NCCL_PROTO", Value: "simple", Source: nccltests.SourceOFI}
	if s := ev.Setting("NCCL_PROTO"); s == nil || *s != want || len(ev.Settings) != 1 {
		t.Errorf("settings %+v, want only %+v", ev.Settings, want)
	}
	if e := d.Inference.EFA; !e.Known || !e.Value || e.Line != 1 {
		t.Errorf("EFA %+v, want from line 1", e)
	}
	if len(d.Causes) != 1 || d.Causes[0].Kind != KindForced || d.Causes[0].Line != 9 || d.Causes[0].Text.ID != "doctor.cause.forced.plugin" {
		t.Fatalf("causes %+v, want the plugin's forced protocol at line 9", d.Causes)
	}
	textOK(t, "plugin cause", d.Causes[0].Text)
	if s := d.Causes[0].Text.Msg; !strings.Contains(s, "NCCL_PROTO=simple") || !strings.Contains(s, "aws-ofi-nccl") {
		t.Errorf("cause %q names neither the setting nor the plugin", s)
	}
	if k := forcedKnobs(ev, Options{}); len(k) != 1 || k[0] != (Knob{Name: "NCCL_PROTO", Value: "simple", Line: 9, Plugin: nccltests.SourceOFI}) {
		t.Errorf("knobs %+v", k)
	}
	if k := forcedKnobs(ev, Options{NCCLProto: "LL128"}); len(k) != 1 || k[0] != (Knob{Name: "NCCL_PROTO", Value: "LL128"}) {
		t.Errorf("a protocol given outside the log does not win over the plugin's: %+v", k)
	}
}

// A GPU the log names, on a network the log shows as EFA, picks the AWS
// instance built around it; without EFA, or for a GPU no AWS preset has,
// the GPU's own preset stands. The inferences are set here as Infer
// leaves them (a log with both a "# Rank" list and the plugin's lines is
// not in the corpus).
func TestEFAPreset(t *testing.T) {
	for _, tc := range []struct {
		model string
		efa   bool
		want  string
	}{
		{"NVIDIA A100-SXM4-80GB", true, "aws-p4de"}, {"A100-SXM4-40GB", true, "aws-p4d"}, {"NVIDIA H100 80GB HBM3", true, "aws-p5"},
		{"NVIDIA A100-SXM4-80GB", false, "dgx-a100"}, {"NVIDIA L40S", true, "pcie-l40s"}, {"NVIDIA A100-PCIE-40GB", true, "pcie-a100"},
	} {
		sys, ok := SystemOf(tc.model)
		if !ok {
			t.Fatalf("%s: no system", tc.model)
		}
		inf := Inference{GPU: known(tc.model, 4), System: known(sys, 4)}
		if tc.efa {
			inf.EFA = known(true, 20)
		}
		b := &Basis{}
		s, why := systemOf(&Diagnosis{Evidence: &nccltests.Evidence{}, Inference: inf}, Options{}, b)
		if why != nil || s.Name != tc.want || b.System != tc.want {
			t.Errorf("%s, EFA %v: %q (%v), want %s", tc.model, tc.efa, s.Name, why, tc.want)
			continue
		}
		efaNote := false
		for _, n := range b.From {
			if n.ID == "doctor.basis.system.efa" {
				efaNote = n.Line == 20 && strings.Contains(n.Msg, tc.want)
			}
		}
		if efaNote != (tc.efa && strings.HasPrefix(tc.want, "aws-")) {
			t.Errorf("%s, EFA %v: notes %+v", tc.model, tc.efa, b.From)
		}
	}
}

// The published p4de sweep judged against aws-p4de: its node, its 4 EFA
// NICs and the Simple protocol the plugin sets there, which the basis
// names. The bandwidth-bound fraction is the mean of the log's busbw over
// the busbw of cost.NCCLWith's predicted time on the same question; the
// small rows expect Tree/Simple, and a protocol given outside the log
// replaces the preset's (and its note).
func TestVerdictAWSP4de(t *testing.T) {
	data, err := os.ReadFile("../cost/testdata/nccl/all_reduce_2x8_aws-p4de.txt")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Judge(data, Options{System: "aws-p4de"})
	if err != nil || v.Basis == nil || v.Basis.System != "aws-p4de" || v.Basis.Ranks != 16 || v.Basis.Nodes != 2 {
		t.Fatalf("%v: basis %+v", err, v.Basis)
	}
	envNote := false
	for _, n := range v.Basis.From {
		envNote = envNote || n.ID == "doctor.basis.system.env" && strings.Contains(n.Msg, "NCCL_PROTO=Simple")
	}
	if !envNote {
		t.Errorf("the basis does not name the preset's NCCL_PROTO=Simple: %+v", v.Basis.From)
	}
	p4de, _ := topo.LookupSystem("system", "aws-p4de")
	sum, n := 0.0, 0
	for _, r := range v.Rows {
		if r.SizeBytes == 64<<10 && r.Expected.Protocol != "Simple" {
			t.Errorf("64 KiB expects %s/%s, want Simple", r.Expected.Algorithm, r.Expected.Protocol)
		}
		if r.Regime != RegimeBandwidth {
			continue
		}
		p := cost.Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: 16, GPUsPerNode: 8, Size: r.SizeBytes, ElemSize: 4,
			Bandwidth: p4de.NetworkPerGPU(), IntraBandwidth: p4de.IntraBandwidth(), Efficiency: 1}
		res, err := cost.NCCLWith(p, cost.NCCLOptions{System: p4de})
		if err != nil {
			t.Fatal(err)
		}
		_, bus := cost.Bandwidths(prim.AllReduce, 16, r.SizeBytes, res.Predicted.TimeS)
		sum += r.BusBwGBs / (bus / 1e9)
		n++
	}
	if n != 4 || v.Class != ClassNormal || math.Abs(v.Fraction-sum/float64(n)) > 0.005 {
		t.Errorf("%s %.3f over %d bandwidth-bound points; cost.NCCLWith gives %.3f", v.Class, v.Fraction, n, sum/float64(max(n, 1)))
	}
	ll, err := Judge(data, Options{System: "aws-p4de", NCCLProto: "LL128"})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range ll.Rows {
		if r.SizeBytes == 64<<10 && r.Expected.Protocol != "LL128" {
			t.Errorf("NCCL_PROTO=LL128 given: 64 KiB expects %s", r.Expected.Protocol)
		}
	}
	for _, n := range ll.Basis.From {
		if n.ID == "doctor.basis.system.env" {
			t.Errorf("the preset's protocol is named though LL128 was given: %q", n.Msg)
		}
	}
}
