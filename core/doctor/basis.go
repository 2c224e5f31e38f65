package doctor

import (
	"math"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/topo"
)

// Options are what the user adds to a log: a system preset (topo.Systems
// name) instead of the one the GPU implies, and the ranks and collective
// for a pasted table whose header and command line are missing. Zero
// values leave the log's word.
//
// NCCLAlgo, NCCLProto and NCCLBuffSize are NCCL_ALGO, NCCL_PROTO and
// NCCL_BUFFSIZE set outside the log (NCCL's syntax, cost.NCCLOptions; the
// buffer a size in bytes or with a unit): the expectation uses them, as it
// uses the log's own settings when it shows them.
type Options struct {
	System       string `json:"system,omitempty"`
	Ranks        int    `json:"ranks,omitempty"`
	Collective   string `json:"collective,omitempty"`
	NCCLAlgo     string `json:"nccl-algo,omitempty"`
	NCCLProto    string `json:"nccl-proto,omitempty"`
	NCCLBuffSize string `json:"nccl-buffsize,omitempty"`
}

// Check validates the options, naming the field at fault ("system",
// "ranks", "collective").
func (o Options) Check() error {
	if strings.TrimSpace(o.System) != "" {
		if _, err := topo.LookupSystem("system", o.System); err != nil {
			return err
		}
	}
	if o.Ranks != 0 && (o.Ranks < 2 || o.Ranks > 1<<20) {
		return fielderr.New("ranks", "doctor.option.ranks", 1<<20, o.Ranks)
	}
	if strings.TrimSpace(o.Collective) != "" {
		if _, err := prim.ParseCollective(o.Collective); err != nil {
			return fielderr.On("collective", err)
		}
	}
	for _, k := range []struct{ field, value string }{{"nccl-algo", o.NCCLAlgo}, {"nccl-proto", o.NCCLProto}, {"nccl-buffsize", o.NCCLBuffSize}} {
		if strings.TrimSpace(k.value) == "" {
			continue
		}
		if err := checkKnob(k.field, k.value); err != nil {
			return err
		}
	}
	return nil
}

// checkKnob asks NCCL's model a fixed question (one DGX H100 node,
// AllReduce) with NCCL_ALGO, NCCL_PROTO or NCCL_BUFFSIZE (field name:
// "nccl-algo", "nccl-proto" or "nccl-buffsize") set to value: a name NCCL does not know is refused on
// that field.
func checkKnob(name, value string) error {
	p, err := question.CostParams(field.Map(map[string]string{"model": cost.ModelNCCL, "system": "dgx-h100",
		"collective": "allreduce", "ranks": "8", "size": "1MiB", name: value}))
	if err == nil {
		_, err = cost.NCCL(p)
	}
	if err != nil {
		return fielderr.On(name, err)
	}
	return nil
}

// presets maps the System keys of GPU models (SystemOf) to the
// whole-system presets (topo.Systems) built around that GPU: one preset,
// or, for PCIe cards, one per node size — up to 4 GPUs a one-socket
// workstation, more a two-socket server — and, for GeForce cards, with
// and without peer-to-peer ("-p2p"). GPUs without one are judged only
// with a system given.
var presets = map[string]struct{ small, large string }{
	"a100-sxm":        {"dgx-a100", "dgx-a100"},
	"h100-sxm":        {"dgx-h100", "dgx-h100"},
	"h200":            {"dgx-h200", "dgx-h200"},
	"b200":            {"dgx-b200", "dgx-b200"},
	"gb200":           {"gb200-nvl72", "gb200-nvl72"},
	"l40s-pcie":       {"pcie-l40s-4x", "pcie-l40s"},
	"a100-pcie":       {"pcie-a100", "pcie-a100"},
	"h100-pcie":       {"pcie-h100", "pcie-h100"},
	"rtx4090-pcie":    {"ws-rtx4090-4x", "srv-rtx4090-8x"},
	"rtx3090-pcie":    {"ws-rtx3090-4x", "ws-rtx3090-4x"},
	"rtxa6000-pcie":   {"ws-rtxa6000-4x", "ws-rtxa6000-4x"},
	"rtx6000ada-pcie": {"ws-rtx6000ada-4x", "ws-rtx6000ada-4x"},
}

// efaPresetOf is the AWS instance preset built around a GPU on EFA, for
// a log whose network plugin ran over EFA: A100 SXM4 is p4d (40 GB) or
// p4de (80 GB), H100 SXM p5 (AWS EC2 P4 and P5 instances). "" for other
// GPUs, which keep the preset of presetOf. O(len(model)).
func efaPresetOf(key, model string) string {
	switch key {
	case "a100-sxm":
		if strings.Contains(strings.ToUpper(model), "40GB") {
			return "aws-p4d"
		}
		return "aws-p4de"
	case "h100-sxm":
		return "aws-p5"
	}
	return ""
}

// presetOf is the preset for a GPU's System key on gpn GPUs per node (0:
// the log does not say, taken as a large node), and whether the log shows
// peer-to-peer between them: a preset without peer-to-peer (a GeForce
// card on the stock driver) becomes its "-p2p" twin when the log connects
// GPUs over P2P. "" when no preset has the GPU.
func presetOf(key string, gpn int, p2pOn bool) string {
	p, ok := presets[key]
	if !ok {
		return ""
	}
	name := p.large
	if gpn > 0 && gpn <= 4 {
		name = p.small
	}
	if s, err := topo.LookupSystem("system", name); err == nil && s.NoP2P && p2pOn {
		if _, err := topo.LookupSystem("system", name+"-p2p"); err == nil {
			return name + "-p2p"
		}
	}
	return name
}

// p2pLink is the first connection line between GPUs of a node over P2P,
// 0 if the log shows none.
func p2pLink(ev *nccltests.Evidence) int {
	for _, l := range ev.Links {
		if l.Kind == "P2P" {
			return l.Line
		}
	}
	return 0
}

// Basis is the question a verdict asks the model: the system, ranks,
// layout and collective, each with where it comes from, and the
// equivalent `ccplay table` command that prints the same expectation.
type Basis struct {
	System      string          `json:"system"`
	Label       string          `json:"label"`
	Collective  prim.Collective `json:"collective"`
	Ranks       int             `json:"ranks"`
	Nodes       int             `json:"nodes"`
	GPUsPerNode int             `json:"gpus_per_node"`
	DType       string          `json:"dtype"`
	// Model is cost.ModelNCCL (NCCL's tuning model) or, for collectives
	// NCCL's tuner has no entry for (AllToAll, SendRecv, Scatter, Gather:
	// NCCL runs them as point-to-point sends), cost.ModelAlphaBeta on the
	// preset's links.
	Model string `json:"model"`
	// Hardware names what the system's peak comes from: its NICs across
	// nodes, its NVLink or PCIe inside one.
	Hardware Text `json:"hardware"`
	// Command is the `ccplay table` command asking the same question.
	Command string `json:"command"`
	// From says where each part came from, each with its line (0 when an
	// option gave it).
	From []Note `json:"from"`

	// Forced names the NCCL_ALGO, NCCL_PROTO and NCCL_BUFFSIZE the
	// expectation uses (absent: NCCL's own choice), with the line that sets them (0: an
	// option).
	Forced []Knob `json:"forced,omitempty"`

	params cost.Params
}

// Knob is an NCCL variable the expectation honours; Plugin names the
// network plugin that set it (nccltests.SourceOFI), "" when the run's own
// settings did.
type Knob struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Line   int    `json:"line,omitempty"`
	Plugin string `json:"plugin,omitempty"`
}

// Note is a Text tied to the line of the log that shows it (0: not from
// the log).
type Note struct {
	Line int `json:"line,omitempty"`
	Text
}

func note(line int, t Text) Note { return Note{Line: line, Text: t} }

// basisOf builds the question from the diagnosis and the options; a
// non-nil Text says why there is none ("cannot judge: …").
func basisOf(d *Diagnosis, t *nccltests.Table, o Options) (*Basis, *Text) {
	b := &Basis{}
	sys, why := systemOf(d, o, b)
	if why != nil {
		return nil, why
	}
	if why := collectiveOf(d, t, o, b); why != nil {
		return nil, why
	}
	if why := ranksOf(d, t, o, b); why != nil {
		return nil, why
	}
	inf := d.Inference
	b.GPUsPerNode = min(sys.GPUsPerNode, b.Ranks)
	if inf.GPUsPerNode.Known && inf.GPUsPerNode.Value != b.GPUsPerNode && o.Ranks == 0 {
		b.GPUsPerNode = inf.GPUsPerNode.Value
		b.From = append(b.From, note(inf.GPUsPerNode.Line, say("doctor.basis.gpn.hosts", b.GPUsPerNode)))
	} else if inf.GPUsPerNode.Known && o.Ranks == 0 {
		b.From = append(b.From, note(inf.GPUsPerNode.Line, say("doctor.basis.layout.hosts", b.Ranks/b.GPUsPerNode, b.GPUsPerNode)))
	} else {
		b.From = append(b.From, note(0, say("doctor.basis.gpn.preset", b.GPUsPerNode, sys.Name)))
	}
	if b.GPUsPerNode < 1 || b.Ranks%b.GPUsPerNode != 0 {
		w := say("doctor.cannot.fill", b.Ranks, b.GPUsPerNode)
		return nil, &w
	}
	b.Nodes = b.Ranks / b.GPUsPerNode
	b.DType = "float"
	if len(t.Rows) > 0 {
		if dt, err := cost.ParseDType(t.Rows[0].Type); err == nil {
			b.DType = dt.Name
		}
	}
	b.Model = cost.ModelNCCL
	if b.Collective == prim.AllToAll || b.Collective == prim.SendRecv || b.Collective == prim.Scatter || b.Collective == prim.Gather {
		b.Model = cost.ModelAlphaBeta
	}
	nics := sys.NICsFor(b.GPUsPerNode) // as cost.NCCL shares them
	b.Hardware = hardware(sys, b.Nodes, nics)
	if n := inf.NICsPerNode; b.Nodes > 1 && n.Known && n.Value != nics {
		b.From = append(b.From, note(n.Line, say("doctor.basis.nics.differ", n.Value, sys.Name, nics)))
	} else if b.Nodes > 1 && !n.Known && strings.TrimSpace(o.System) == "" {
		b.From = append(b.From, note(0, say("doctor.basis.nics.preset", sys.Name, sys.NICs, sys.NICGbps)))
	}
	fields := []string{"model", b.Model, "system", sys.Name, "collective", string(b.Collective), "ranks", strconv.Itoa(b.Ranks)}
	intra := sys.LineRateGBs
	if r := cost.NCCLNVLinkGBs(sys.CompCap); b.Model == cost.ModelAlphaBeta && sys.NVLinks > 0 && r > 0 {
		intra = math.Round(float64(sys.NVLinks)*r*100) / 100
		b.From = append(b.From, note(0, say("doctor.basis.nvlink.rate", sys.NVLinks, r, intra, sys.LineRateGBs)))
	} else if r := cost.NCCLPCIeGBs(sys.PCIeGen); b.Model == cost.ModelAlphaBeta && sys.NVLinks == 0 && r > 0 && r != sys.LineRateGBs {
		intra = r
		b.From = append(b.From, note(0, say("doctor.basis.pcie.rate", r, sys.PCIeGen, sys.LineRateGBs)))
	}
	if b.GPUsPerNode != min(sys.GPUsPerNode, b.Ranks) || intra != sys.LineRateGBs {
		fields = append(fields, "gpus-per-node", strconv.Itoa(b.GPUsPerNode), "intra-bandwidth", strconv.FormatFloat(intra, 'g', -1, 64)+"GB/s")
	}
	if b.Model == cost.ModelAlphaBeta {
		fields = append(fields, "algorithm", "auto")
	} else {
		b.Forced = forcedKnobs(d.Evidence, o)
		for _, k := range b.Forced {
			fields = append(fields, knobField[k.Name], k.Value)
			if k.Plugin != "" {
				b.From = append(b.From, note(k.Line, say("doctor.basis.forced.plugin", k.Name, k.Value, k.Plugin)))
			} else if k.Line > 0 {
				b.From = append(b.From, note(k.Line, say("doctor.basis.forced.log", k.Name, k.Value)))
			} else {
				b.From = append(b.From, note(0, say("doctor.basis.forced.given", k.Name, k.Value)))
			}
		}
		if env := unforced(sys.NCCL, b.Forced).String(); env != "" {
			b.From = append(b.From, note(0, say("doctor.basis.system.env", sys.Name, env)))
		}
	}
	fields = append(fields, "dtype", b.DType)
	m := map[string]string{"size": "0"}
	cmd := []string{"ccplay table"}
	for i := 0; i < len(fields); i += 2 {
		m[fields[i]] = fields[i+1]
		cmd = append(cmd, "--"+fields[i], fields[i+1])
	}
	b.Command = strings.Join(cmd, " ")
	p, err := question.CostParams(field.Map(m))
	if err != nil {
		w := say("doctor.cannot.model", textOf(err))
		return nil, &w
	}
	b.params = p
	return b, nil
}

// unforced is the part of a system's NCCL environment that no knob of
// knobs overrides: what the expectation takes from the preset.
func unforced(e topo.NCCLEnv, knobs []Knob) topo.NCCLEnv {
	for _, k := range knobs {
		switch k.Name {
		case "NCCL_ALGO":
			e.Algo = ""
		case "NCCL_PROTO":
			e.Proto = ""
		case "NCCL_BUFFSIZE":
			e.BuffSize = 0
		}
	}
	return e
}

// systemOf picks the preset: --system, or the one of the GPU the first
// "# Rank" line names.
func systemOf(d *Diagnosis, o Options, b *Basis) (topo.System, *Text) {
	inf := d.Inference
	if strings.TrimSpace(o.System) != "" {
		s, err := topo.LookupSystem("system", o.System)
		if err != nil {
			w := textOf(err)
			return s, &w
		}
		b.System, b.Label = s.Name, s.Label
		b.From = append(b.From, note(0, say("doctor.basis.system.given", s.Name)))
		return s, nil
	}
	var w Text
	switch {
	case !inf.GPU.Known:
		w = say("doctor.cannot.nogpu", strings.Join(topo.SystemNames(), ", "))
	case !inf.System.Known || presetOf(inf.System.Value.Key, 0, false) == "":
		w = say("doctor.cannot.nopreset", inf.GPU.Value, inf.GPU.Line, strings.Join(topo.SystemNames(), ", "))
	default:
		gpn := 0
		if inf.GPUsPerNode.Known {
			gpn = inf.GPUsPerNode.Value
		} else if inf.Ranks.Known && !inf.Elided {
			gpn = inf.Ranks.Value
		}
		p2p := p2pLink(d.Evidence)
		name := presetOf(inf.System.Value.Key, gpn, p2p > 0)
		efa := ""
		if inf.EFA.Known {
			efa = efaPresetOf(inf.System.Value.Key, inf.GPU.Value)
		}
		if efa != "" {
			name = efa
		}
		s, _ := topo.LookupSystem("system", name)
		b.System, b.Label = s.Name, s.Label
		b.From = append(b.From, note(inf.GPU.Line, say("doctor.basis.system.gpu", s.Name, inf.GPU.Value)))
		if efa != "" {
			b.From = append(b.From, note(inf.EFA.Line, say("doctor.basis.system.efa", s.Name)))
		}
		switch {
		case strings.HasSuffix(s.Name, "-p2p"):
			b.From = append(b.From, note(p2p, say("doctor.basis.p2p.on", s.Name)))
		case s.NoP2P:
			b.From = append(b.From, note(0, say("doctor.basis.p2p.off", s.Name)))
		}
		return s, nil
	}
	return topo.System{}, &w
}

func collectiveOf(d *Diagnosis, t *nccltests.Table, o Options, b *Basis) *Text {
	switch {
	case strings.TrimSpace(o.Collective) != "":
		c, _ := prim.ParseCollective(o.Collective) // Options.Check has accepted it
		b.Collective = c
		b.From = append(b.From, note(0, say("doctor.basis.collective.given", c)))
	case d.Collective != "":
		b.Collective = d.Collective
		b.From = append(b.From, note(d.CollectiveLine, say("doctor.basis.collective.log", d.Collective)))
	case t.Collective != "":
		b.Collective = t.Collective
		b.From = append(b.From, note(0, say("doctor.basis.collective.log", t.Collective)))
	default:
		if c, _, line, ok := byRatio(t); ok {
			b.Collective = c
			b.From = append(b.From, note(line, say("doctor.basis.collective.ratio", c)))
			return nil
		}
		w := say("doctor.cannot.collective")
		return &w
	}
	return nil
}

func ranksOf(d *Diagnosis, t *nccltests.Table, o Options, b *Basis) *Text {
	inf := d.Inference
	switch {
	case o.Ranks > 0:
		b.Ranks = o.Ranks
		b.From = append(b.From, note(0, say("doctor.basis.ranks.given", o.Ranks)))
	case inf.Nodes.Known && inf.GPUsPerNode.Known:
		b.Ranks = inf.Nodes.Value * inf.GPUsPerNode.Value
		b.From = append(b.From, note(inf.Nodes.Line, say("doctor.basis.ranks.log", b.Ranks)))
	case inf.Ranks.Known && inf.Elided:
		b.Ranks = inf.Ranks.Value
		b.From = append(b.From, note(inf.Ranks.Line, say("doctor.basis.ranks.elided", b.Ranks)))
	case t.Ranks > 0 && !inf.Unequal && !inf.Elided:
		b.Ranks = t.Ranks
		b.From = append(b.From, note(0, say("doctor.basis.ranks.log", b.Ranks)))
	default:
		if c, p, line, ok := byRatio(t); ok && c == b.Collective {
			b.Ranks = p
			b.From = append(b.From, note(line, say("doctor.basis.ranks.ratio", p, c.BusBwFactor(p))))
			return nil
		}
		w := say("doctor.cannot.ranks")
		return &w
	}
	if b.Ranks < 2 {
		w := say("doctor.cannot.onerank", b.Ranks)
		return &w
	}
	return nil
}

// hardware names what a system's peak comes from on nodes nodes: its
// nics NICs per node when the run crosses nodes, its NVLink or PCIe
// inside one.
func hardware(s topo.System, nodes, nics int) Text {
	switch {
	case nodes > 1:
		return say("doctor.hardware.nics", nics, s.NICGbps, s.Name)
	case s.NVLinks > 0:
		return say("doctor.hardware.nvlink", s.Name, s.NVLinkGen, s.NVLinks)
	}
	return say("doctor.hardware.pcie", s.Name, s.PCIeGen)
}

// OptionFields are the fields OptionsOf reads: the CLI's flags and the
// API's JSON keys and query parameters.
var OptionFields = []string{"system", "ranks", "collective", "nccl-algo", "nccl-proto", "nccl-buffsize"}

// OptionsOf reads Options from text fields (field.Lookup: CLI flags, the
// API's query) and checks them, naming the field at fault.
func OptionsOf(get field.Lookup) (Options, error) {
	o := Options{System: field.Text(get, "system", ""), Collective: field.Text(get, "collective", ""),
		NCCLAlgo: field.Text(get, "nccl-algo", ""), NCCLProto: field.Text(get, "nccl-proto", ""),
		NCCLBuffSize: field.Text(get, "nccl-buffsize", "")}
	n, err := field.Int(get, "ranks", 0, 2, 1<<20)
	if err != nil {
		return o, err
	}
	o.Ranks = n
	return o, o.Check()
}
