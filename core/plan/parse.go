package plan

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// Fields are the names Parse reads, in the order the CLI lists them: the
// CLI's flags, the API's query parameters and the playground's URL keys.
var Fields = []string{
	"model", "layers", "hidden", "heads", "kv-heads", "head-dim", "ffn", "vocab",
	"experts", "top-k", "shared-experts", "moe-ffn", "dense-layers",
	"seq", "micro-batch", "micro-batches", "global-batch",
	"dp", "tp", "pp", "ep", "sp", "zero", "bucket", "recompute", "order", "algorithm",
	"nodes", "gpus-per-node", "preset", "bandwidth", "latency", "intra-preset", "intra-bandwidth", "intra-latency", "efficiency",
	"peak", "mfu",
}

// Help documents field f of Fields (its accepted values and default) as
// the message plan.help.<f>; the model's and the links' presets are its
// arguments.
func Help(f string) msg.Message {
	id := msg.ID("plan.help." + f)
	switch f {
	case "model":
		return msg.New(id, strings.Join(PresetNames(), ", "))
	case "preset", "intra-preset":
		return msg.New(id, strings.Join(topo.PresetNames(), ", "))
	}
	return msg.New(id)
}

// Parse reads a planning question from its fields (Fields and the switched
// fabric's, question.FabricFields, read by question.ReadFabric; a torus
// takes no torus-dims here: each group is priced on the squarest torus of
// its own nodes), with the defaults Help states. Every error names its field; the model's fields
// are refused together (a custom model missing four sizes names all
// four), the others at the first.
func Parse(get field.Lookup) (Input, error) {
	var in Input
	name, ok := get("model")
	if !ok {
		name = Default("model")
	}
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "custom" {
		in.Model = Model{Name: "custom"}
	} else {
		m, err := LookupModel(name)
		if err != nil {
			return in, err
		}
		in.Model = m
	}
	changed := false
	var bad fielderr.List
	for _, f := range []struct {
		name string
		dst  *int
		max  int
	}{{"layers", &in.Model.Layers, MaxLayers}, {"hidden", &in.Model.Hidden, MaxDim}, {"heads", &in.Model.Heads, MaxDim},
		{"kv-heads", &in.Model.KVHeads, MaxDim}, {"head-dim", &in.Model.HeadDim, MaxDim}, {"ffn", &in.Model.FFN, MaxDim},
		{"vocab", &in.Model.Vocab, MaxDim}, {"experts", &in.Model.Experts, MaxExperts}, {"top-k", &in.Model.TopK, MaxExperts},
		{"shared-experts", &in.Model.SharedExperts, MaxExperts}, {"moe-ffn", &in.Model.MoEFFN, MaxDim},
		{"dense-layers", &in.Model.DenseLayers, MaxLayers}} {
		if _, given := get(f.name); !given {
			continue
		}
		v, err := field.Int(get, f.name, 0, 0, f.max)
		if err != nil {
			bad.Add(err)
			continue
		}
		*f.dst, changed = v, true
	}
	if changed && name != "custom" {
		in.Model.Name += " (modified)"
		in.Model.Source = "modified from " + in.Model.Source
	}
	if len(bad) == 0 {
		bad.Add(in.Model.Validate())
	}
	if len(bad) > 0 {
		return in, bad.Err()
	}

	var err error
	ints := []struct {
		name string
		dst  *int
		def  int
		max  int
	}{{"seq", &in.Shape.Seq, defaultInt("seq"), MaxSeq}, {"micro-batch", &in.Shape.MicroBatch, defaultInt("micro-batch"), MaxBatch},
		{"dp", &in.Parallel.DP, defaultInt("dp"), MaxWorld}, {"tp", &in.Parallel.TP, defaultInt("tp"), MaxWorld},
		{"pp", &in.Parallel.PP, defaultInt("pp"), MaxWorld}, {"ep", &in.Parallel.EP, defaultInt("ep"), MaxWorld}}
	for _, f := range ints {
		if *f.dst, err = field.Int(get, f.name, f.def, 1, f.max); err != nil {
			return in, err
		}
	}
	p := &in.Parallel
	world := p.DP * p.TP * p.PP
	if world > MaxWorld || world < 1 {
		return in, fielderr.New("dp", "plan.world.range", MaxWorld)
	}
	if in.Cluster.GPUsPerNode, err = field.Int(get, "gpus-per-node", min(8, world), 1, MaxWorld); err != nil {
		return in, err
	}
	defM := 1
	if p.PP > 1 {
		defM = 4 * p.PP
	}
	mbs, err := field.Int(get, "micro-batches", defM, 1, MaxBatch)
	if err != nil {
		return in, err
	}
	if gb, given := get("global-batch"); given {
		if in.Shape.GlobalBatch, err = field.Int(get, "global-batch", 0, 1, MaxBatch); err != nil {
			return in, err
		}
		if _, both := get("micro-batches"); both && int64(mbs)*int64(in.Shape.MicroBatch)*int64(p.DP) != int64(in.Shape.GlobalBatch) {
			return in, fielderr.New("global-batch", "plan.global_batch.both", gb, mbs, in.Shape.MicroBatch, p.DP)
		}
	} else {
		gb := int64(mbs) * int64(in.Shape.MicroBatch) * int64(p.DP)
		if gb > MaxBatch {
			return in, fielderr.New("micro-batches", "plan.batch.max", gb, MaxBatch)
		}
		in.Shape.GlobalBatch = int(gb)
	}
	if world%in.Cluster.GPUsPerNode != 0 {
		if _, given := get("nodes"); !given {
			return in, fielderr.New("gpus-per-node", "plan.gpus_per_node.nodes", world, in.Cluster.GPUsPerNode, world)
		}
	}
	if in.Cluster.Nodes, err = field.Int(get, "nodes", max(1, world/in.Cluster.GPUsPerNode), 1, MaxWorld); err != nil {
		return in, err
	}
	if p.SP, err = field.OnOff(get, "sp", Default("sp")); err != nil {
		return in, err
	}
	if p.Zero, err = ParseZero(field.Text(get, "zero", Default("zero"))); err != nil {
		return in, err
	}
	if p.Bucket, err = field.Size(get, "bucket", Default("bucket")); err != nil {
		return in, err
	}
	p.Recompute = Recompute(strings.ToLower(field.Text(get, "recompute", Default("recompute"))))
	p.Order = strings.ToLower(field.Text(get, "order", Default("order")))
	if p.Algorithm, err = sched.ParseAlgorithm(field.Text(get, "algorithm", Default("algorithm"))); err != nil {
		return in, fielderr.On("algorithm", err)
	}
	if in.Cluster.Inter, err = field.Link(get, "preset", Default("preset"), "bandwidth", "latency"); err != nil {
		return in, err
	}
	if in.Cluster.Intra, err = field.Link(get, "intra-preset", Default("intra-preset"), "intra-bandwidth", "intra-latency"); err != nil {
		return in, err
	}
	if in.Cluster.Efficiency, err = field.Fraction(get, "efficiency", Default("efficiency")); err != nil {
		return in, err
	}
	if in.Cluster.Fabric, err = question.ReadFabric(get); err != nil {
		return in, err
	}
	if _, given := get("torus-dims"); given {
		return in, fielderr.New("torus-dims", "plan.fabric.dims")
	}
	pk := strings.TrimSpace(field.Text(get, "peak", Default("peak")))
	for _, suf := range []string{"TFLOP/s", "TFLOPS", "TFLOPs", "tflops"} {
		pk = strings.TrimSpace(strings.TrimSuffix(pk, suf))
	}
	v, perr := strconv.ParseFloat(pk, 64)
	if perr != nil || !(v > 0) || v > 1e6 {
		return in, fielderr.New("peak", "plan.peak.text", field.Text(get, "peak", ""))
	}
	in.Compute.PeakFLOPS = v * 1e12
	if in.Compute.MFU, err = field.Fraction(get, "mfu", Default("mfu")); err != nil {
		return in, err
	}
	return in, in.Validate()
}
