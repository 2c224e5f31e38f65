// Package plan is the parallelism planner: for a transformer (dense or
// mixture-of-experts), a training shape, parallel degrees DP × TP × PP × EP
// with sequence parallelism and ZeRO 0–3 / FSDP, and a cluster of nodes ×
// GPUs, it derives every collective one training step calls — primitive,
// group, bytes per call, calls per step, the link classes the group crosses
// on the rank grid — prices each with package cost on exactly those links,
// and adds memory per GPU and compute time. Pure: no I/O, no clocks, no
// mutable globals.
package plan

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Model is a decoder-only transformer in the Llama family: RMSNorm, rotary
// positions (no position table), grouped-query attention, SwiGLU MLPs
// (three matrices h×F), untied input and output embeddings. A model with
// Experts > 0 replaces the MLP of every layer from DenseLayers on by a
// mixture of Experts routed experts (TopK chosen per token, MoEFFN wide)
// plus SharedExperts always-on experts, with a router h × Experts.
//
// Invariant (Validate): every size ≥ 1, Heads divides Hidden unless
// HeadDim is given, KVHeads divides Heads; 1 ≤ TopK ≤ Experts.
type Model struct {
	Name          string `json:"name"`
	Layers        int    `json:"layers"`
	Hidden        int    `json:"hidden"`
	Heads         int    `json:"heads"`
	KVHeads       int    `json:"kv_heads"`
	HeadDim       int    `json:"head_dim"` // 0 = Hidden / Heads
	FFN           int    `json:"ffn"`      // dense MLP width
	Vocab         int    `json:"vocab"`
	Experts       int    `json:"experts,omitempty"` // 0 = dense
	TopK          int    `json:"top_k,omitempty"`
	SharedExperts int    `json:"shared_experts,omitempty"`
	MoEFFN        int    `json:"moe_ffn,omitempty"`      // width of one expert
	DenseLayers   int    `json:"dense_layers,omitempty"` // leading layers that keep a dense MLP
	Source        string `json:"source,omitempty"`
}

// presets are public configurations (Hugging Face config.json of each
// model; DeepSeek-V3 technical report, arXiv:2412.19437, Table and §4.2).
var presets = []Model{
	{Name: "7b", Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, FFN: 11008, Vocab: 32000,
		Source: "meta-llama/Llama-2-7b-hf config.json"},
	{Name: "13b", Layers: 40, Hidden: 5120, Heads: 40, KVHeads: 40, FFN: 13824, Vocab: 32000,
		Source: "meta-llama/Llama-2-13b-hf config.json"},
	{Name: "70b", Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, FFN: 28672, Vocab: 128256,
		Source: "meta-llama/Llama-3.1-70B config.json"},
	{Name: "405b", Layers: 126, Hidden: 16384, Heads: 128, KVHeads: 8, FFN: 53248, Vocab: 128256,
		Source: "meta-llama/Llama-3.1-405B config.json"},
	{Name: "mixtral-8x7b", Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 14336, Vocab: 32000,
		Experts: 8, TopK: 2, MoEFFN: 14336,
		Source: "mistralai/Mixtral-8x7B-v0.1 config.json (8 experts, top-2)"},
	{Name: "deepseek-v3", Layers: 61, Hidden: 7168, Heads: 128, KVHeads: 128, FFN: 18432, Vocab: 129280,
		Experts: 256, TopK: 8, SharedExperts: 1, MoEFFN: 2048, DenseLayers: 3,
		Source: "deepseek-ai/DeepSeek-V3 config.json (256 routed experts, top-8, 1 shared, first 3 layers dense); " +
			"multi-head latent attention is approximated by 128 heads of 56 = h (4h² ≈ 205M parameters per layer instead of MLA's ≈ 187M)"},
}

// Presets returns the model presets in size order (a copy).
func Presets() []Model { return append([]Model(nil), presets...) }

// PresetNames lists the preset names.
func PresetNames() []string {
	out := make([]string, len(presets))
	for i, m := range presets {
		out[i] = m.Name
	}
	return out
}

// LookupModel returns the preset named name (case-insensitive), or a
// *fielderr.Error on "model" listing the accepted names.
func LookupModel(name string) (Model, error) {
	k := strings.ToLower(strings.TrimSpace(name))
	for _, m := range presets {
		if m.Name == k {
			return m, nil
		}
	}
	return Model{}, fielderr.New("model", "plan.model.unknown", name, strings.Join(PresetNames(), ", "))
}

// MaxDim bounds every model dimension so that parameter counts stay far
// inside int64 (a layer is at most a few times MaxDim² · MaxExperts).
const (
	MaxDim     = 1 << 20
	MaxLayers  = 4096
	MaxExperts = 4096
)

// MaxParams bounds a model (10¹⁵ parameters) so that every byte count
// derived from it stays exact in int64.
const MaxParams = 1e15

// paramsFloat is Params in floating point, safe from overflow for any
// dimensions (used to refuse models beyond MaxParams before counting).
func (m Model) paramsFloat() float64 {
	h, d := float64(m.Hidden), float64(m.HeadDim)
	if d == 0 {
		d = h / float64(m.Heads)
	}
	layer := 2*h*float64(m.Heads)*d + 2*h*float64(m.KVHeads)*d + 2*h + 3*h*float64(m.FFN) +
		h*float64(m.Experts) + float64(m.SharedExperts+m.Experts)*3*h*float64(max(m.MoEFFN, 0))
	return float64(m.Layers)*layer + 2*float64(m.Vocab)*h + h
}

// Validate checks the model and names the first bad field.
func (m Model) Validate() error {
	var missing fielderr.List
	for _, f := range []struct {
		name string
		v    int
		max  int
	}{{"layers", m.Layers, MaxLayers}, {"hidden", m.Hidden, MaxDim}, {"heads", m.Heads, MaxDim},
		{"kv-heads", m.KVHeads, MaxDim}, {"ffn", m.FFN, MaxDim}, {"vocab", m.Vocab, MaxDim}} {
		switch {
		case f.v == 0:
			missing.Add(fielderr.New(f.name, "plan.model.missing", f.max))
		case f.v < 1 || f.v > f.max:
			missing.Add(fielderr.New(f.name, "plan.int.range", f.max, f.v))
		}
	}
	if len(missing) > 0 {
		return missing.Err()
	}
	switch {
	case m.HeadDim < 0 || m.HeadDim > MaxDim:
		return fielderr.New("head-dim", "plan.head_dim.range", MaxDim, m.HeadDim)
	case m.HeadDim == 0 && m.Hidden%m.Heads != 0:
		return fielderr.New("heads", "plan.heads.divisor", m.Hidden, m.Heads)
	case m.Heads%m.KVHeads != 0:
		return fielderr.New("kv-heads", "plan.kv_heads.divisor", m.Heads, m.KVHeads)
	case m.Experts < 0 || m.Experts > MaxExperts:
		return fielderr.New("experts", "plan.experts.range", MaxExperts, m.Experts)
	}
	if f := m.paramsFloat(); f > MaxParams {
		return fielderr.New("layers", "plan.params.max", f, float64(MaxParams))
	}
	if m.Experts == 0 {
		if m.TopK != 0 || m.SharedExperts != 0 || m.DenseLayers != 0 {
			return fielderr.New("experts", "plan.experts.dense")
		}
		return nil
	}
	switch {
	case m.TopK < 1 || m.TopK > m.Experts:
		return fielderr.New("top-k", "plan.top_k.range", m.Experts, m.TopK)
	case m.SharedExperts < 0 || m.SharedExperts > MaxExperts:
		return fielderr.New("shared-experts", "plan.int.range0", MaxExperts, m.SharedExperts)
	case m.MoEFFN < 1 || m.MoEFFN > MaxDim:
		return fielderr.New("moe-ffn", "plan.int.range", MaxDim, m.MoEFFN)
	case m.DenseLayers < 0 || m.DenseLayers >= m.Layers:
		return fielderr.New("dense-layers", "plan.dense_layers.range", m.Layers-1, m.DenseLayers)
	}
	return nil
}

// MoE reports whether the model has experts.
func (m Model) MoE() bool { return m.Experts > 0 }

// headDim is HeadDim, or Hidden / Heads when it is 0.
func (m Model) headDim() int64 {
	if m.HeadDim > 0 {
		return int64(m.HeadDim)
	}
	return int64(m.Hidden / m.Heads)
}

// IsMoELayer reports whether layer i (from 0) has experts.
func (m Model) IsMoELayer(i int) bool { return m.MoE() && i >= m.DenseLayers }

// MoELayers is the number of layers with experts.
func (m Model) MoELayers() int {
	if !m.MoE() {
		return 0
	}
	return m.Layers - m.DenseLayers
}

// LayerParams is one layer's parameter count split into the part every
// expert-parallel rank holds (attention, norms, a dense MLP, the router,
// shared experts) and the routed experts (sharded over EP). Attention:
// Q and O are h × heads·d, K and V h × kv·d; two RMSNorm vectors of h;
// SwiGLU: 3·h·F. O(1).
func (m Model) LayerParams(i int) (dense, experts int64) {
	h := int64(m.Hidden)
	d := m.headDim()
	dense = 2*h*int64(m.Heads)*d + 2*h*int64(m.KVHeads)*d + 2*h
	if !m.IsMoELayer(i) {
		return dense + 3*h*int64(m.FFN), 0
	}
	one := 3 * h * int64(m.MoEFFN)
	dense += h*int64(m.Experts) + int64(m.SharedExperts)*one
	return dense, int64(m.Experts) * one
}

// EmbeddingParams is the input table V·h plus the output projection V·h
// (untied) plus the final norm h.
func (m Model) EmbeddingParams() (input, output int64) {
	vh := int64(m.Vocab) * int64(m.Hidden)
	return vh, vh + int64(m.Hidden)
}

// Params is the total parameter count. O(1).
func (m Model) Params() int64 {
	in, out := m.EmbeddingParams()
	n := in + out
	dd, _ := m.LayerParams(0)
	n += int64(m.Layers-m.MoELayers()) * dd
	if k := m.MoELayers(); k > 0 {
		d, e := m.LayerParams(m.Layers - 1)
		n += int64(k) * (d + e)
	}
	return n
}

// ActiveParams is the parameter count one token passes through: the total
// with only TopK of the routed experts of each MoE layer. Equal to Params
// for a dense model. O(1).
func (m Model) ActiveParams() int64 {
	if !m.MoE() {
		return m.Params()
	}
	one := 3 * int64(m.Hidden) * int64(m.MoEFFN)
	return m.Params() - int64(m.MoELayers())*int64(m.Experts-m.TopK)*one
}
