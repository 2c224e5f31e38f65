package plan

// Stage is what one pipeline stage holds: its layers [First, First+Layers),
// how many have experts, and its parameters split into the part every
// expert-parallel rank keeps and the routed experts. Stages get ⌊L/PP⌋
// layers, the first L mod PP one more; the input embedding sits on the
// first stage, the output projection and final norm on the last.
type Stage struct {
	Index     int   `json:"index"`
	First     int   `json:"first_layer"`
	Layers    int   `json:"layers"`
	MoELayers int   `json:"moe_layers"`
	Dense     int64 `json:"dense_params"`  // whole stage, before TP
	Experts   int64 `json:"expert_params"` // whole stage, before TP and EP
}

// stageOf returns stage i of m cut into pp stages. O(layers of the stage).
func stageOf(m Model, pp, i int) Stage {
	q, r := m.Layers/pp, m.Layers%pp
	st := Stage{Index: i, First: i*q + min(i, r), Layers: q}
	if i < r {
		st.Layers++
	}
	for l := st.First; l < st.First+st.Layers; l++ {
		d, e := m.LayerParams(l)
		st.Dense += d
		st.Experts += e
		if m.IsMoELayer(l) {
			st.MoELayers++
		}
	}
	in, out := m.EmbeddingParams()
	if i == 0 {
		st.Dense += in
	}
	if i == pp-1 {
		st.Dense += out
	}
	return st
}

// perGPU is the stage's parameters on one GPU before any ZeRO sharding:
// dense ⌈Dense / TP⌉, experts ⌈Experts / (EP · TP)⌉ (experts are split over
// EP and, as Megatron-Core does by default, over the expert tensor-parallel
// group of TP ranks).
func (s Stage) perGPU(p Parallel) (dense, experts int64) {
	t := int64(p.TP)
	return ceilDiv(s.Dense, t), ceilDiv(s.Experts, int64(p.EP)*t)
}

// busiestStage is the stage with the most parameters per GPU (the first on
// ties). O(layers).
func busiestStage(m Model, p Parallel) Stage {
	var best Stage
	bestN := int64(-1)
	for i := 0; i < p.PP; i++ {
		s := stageOf(m, p.PP, i)
		d, e := s.perGPU(p)
		if d+e > bestN {
			best, bestN = s, d+e
		}
	}
	return best
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }
