package plan

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
)

// Lanes of a timeline.
const (
	LaneCompute = 0 // the GPU's compute stream
	LaneComm    = 1 // the communication stream (one network: its calls run one after another)
)

// Span is one bar of a timeline: [Start, End) seconds on a lane.
type Span struct {
	Lane  int     `json:"lane"`
	Start float64 `json:"start_s"`
	End   float64 `json:"end_s"`
	Label string  `json:"label"`
	// LabelMsg is Label as a message (Label is it in English).
	LabelMsg msg.Message `json:"-"`
}

// span is the Span of label on lane from start to end.
func span(lane int, start, end float64, label msg.Message) Span {
	return Span{lane, start, end, label.String(), label}
}

// Timeline is one overlap scenario on one GPU: compute and communication
// spans laid out by a list scheduler (each span starts when its inputs are
// ready and its lane is free), the finish time with overlap, the time with
// everything serialised, and the communication left exposed: Finish minus
// the compute alone.
//
// Invariant: no two spans of a lane overlap; Exposed = Finish − Compute ≥ 0;
// Serial = Compute + Σ communication spans ≥ Finish.
type Timeline struct {
	Name  string `json:"name"`
	About string `json:"about"`
	// AboutMsg is About as a message (About is it in English).
	AboutMsg msg.Message `json:"-"`
	Spans    []Span      `json:"spans"`
	Compute  float64     `json:"compute_s"`
	Finish   float64     `json:"finish_s"`
	Serial   float64     `json:"serial_s"`
	Exposed  float64     `json:"exposed_s"`
}

// finish fills Finish, Serial and Exposed from the spans.
func (t *Timeline) finish() {
	var comm float64
	for _, s := range t.Spans {
		t.Finish = max(t.Finish, s.End)
		if s.Lane == LaneComm {
			comm += s.End - s.Start
		}
	}
	t.Serial = t.Compute + comm
	t.Exposed = max(0, t.Finish-t.Compute)
}

// MaxSpans bounds a timeline's spans (buckets, layers or chunks beyond it
// are refused) so that the SVG stays drawable.
const MaxSpans = 4096

// DDPTimeline is DDP's gradient buckets overlapped with the backward pass
// (Li et al. 2020): the first m−1 micro-batches accumulate gradients
// without syncing; the last one's backward (2/3 of its compute: 4·N·T of
// 6·N·T FLOPs) produces gradients at a steady rate, bucket i is ready once
// its bytes have been produced, and the buckets are AllReduced in order on
// one stream, each for its priced time. Only the data-parallel rows of r
// are used (other strategies' calls and the pipeline bubble are left out);
// O(buckets).
func DDPTimeline(r Result) (Timeline, error) {
	about := msg.New("plan.timeline.ddp")
	t := Timeline{Name: "ddp", About: about.String(), AboutMsg: about}
	m := float64(r.MicroBatches)
	acc := r.ComputeS * (m - 1) / m // earlier micro-batches accumulate without syncing (no_sync)
	fwd, bwd := r.ComputeS/3/m, 2*r.ComputeS/3/m
	t.Compute = r.ComputeS
	if acc > 0 {
		t.Spans = append(t.Spans, span(LaneCompute, 0, acc, msg.New("plan.span.micro_batches", int(r.MicroBatches)-1)))
	}
	t.Spans = append(t.Spans, span(LaneCompute, acc, acc+fwd, msg.New("plan.span.forward")), span(LaneCompute, acc+fwd, acc+fwd+bwd, msg.New("plan.span.backward")))
	fwd += acc
	var buckets []Row
	var psi int64
	for _, x := range r.Rows {
		if x.Strategy == StratDP && x.Group == "dp" {
			for i := int64(0); i < x.Calls; i++ {
				buckets = append(buckets, x)
			}
			psi += x.BytesTotal
		}
		if len(buckets) > MaxSpans {
			return Timeline{}, fielderr.New("bucket", "plan.timeline.buckets", MaxSpans)
		}
	}
	if psi == 0 {
		return Timeline{}, fielderr.New("zero", "plan.timeline.no_ddp")
	}
	free, done := 0.0, int64(0)
	for i, b := range buckets {
		done += b.Bytes
		ready := fwd + bwd*float64(done)/float64(psi)
		start := max(ready, free)
		free = start + b.TimePerCall
		t.Spans = append(t.Spans, span(LaneComm, start, free, msg.New("plan.span.bucket", i+1)))
	}
	t.finish()
	return t, nil
}

// ZeroTimeline is ZeRO-3 / FSDP with and without prefetching (Zhao et al.
// 2023, PyTorch FSDP, §3.3): layer i's forward needs its weights gathered;
// with prefetch the gather of layer i+1 is issued when layer i starts, so
// it hides behind layer i's compute; backward gathers again (prefetched the
// same way) and reduce-scatters each layer's gradients after it. Gathers
// and reduce-scatters share one stream. One micro-batch is drawn (ZeRO-3
// repeats it per micro-batch); layers take equal compute (1/3 forward, 2/3
// backward); the embeddings' gathers and other strategies' calls are left
// out; times come from the plan's ZeRO rows. O(layers).
func ZeroTimeline(r Result, prefetch bool) (Timeline, error) {
	name, about := "zero3", msg.New("plan.timeline.zero3")
	if !prefetch {
		name, about = "zero3-noprefetch", msg.New("plan.timeline.zero3_noprefetch")
	}
	t := Timeline{Name: name, About: about.String(), AboutMsg: about}
	var ag, rs Row
	for _, x := range r.Rows {
		if x.Strategy == StratZero && x.Group == "dp" && x.Calls > ag.Calls && x.Collective == prim.AllGather {
			ag = x
		}
		if x.Strategy == StratZero && x.Group == "dp" && x.Calls > rs.Calls && x.Collective == prim.ReduceScatter {
			rs = x
		}
	}
	if ag.Calls == 0 || !r.Input.Parallel.Zero.shardsParams() {
		return Timeline{}, fielderr.New("zero", "plan.timeline.no_zero3")
	}
	n := r.Stage.Layers
	if 4*n > MaxSpans {
		return Timeline{}, fielderr.New("layers", "plan.timeline.layers", MaxSpans/4)
	}
	t.Compute = r.ComputeS / float64(r.MicroBatches) // one micro-batch
	tf, tb := t.Compute/3/float64(n), 2*t.Compute/3/float64(n)
	comm, cpu := 0.0, 0.0
	gather := func(earliest float64, label msg.Message) float64 {
		s := max(earliest, comm)
		comm = s + ag.TimePerCall
		t.Spans = append(t.Spans, span(LaneComm, s, comm, label))
		return comm
	}
	// Forward: gathered[i] is when layer i's weights are whole.
	next := gather(0, msg.New("plan.span.gather", 1))
	for i := 0; i < n; i++ {
		ready := next
		start := max(cpu, ready)
		if prefetch && i+1 < n {
			next = gather(start, msg.New("plan.span.gather", i+2))
		}
		cpu = start + tf
		t.Spans = append(t.Spans, span(LaneCompute, start, cpu, msg.New("plan.span.fwd", i+1)))
		if !prefetch && i+1 < n {
			next = gather(cpu, msg.New("plan.span.gather", i+2))
		}
	}
	// Backward, last layer first.
	next = gather(ternary(prefetch, cpu-tf, cpu), msg.New("plan.span.gather_again", n))
	for i := n - 1; i >= 0; i-- {
		ready := next
		start := max(cpu, ready)
		if prefetch && i > 0 {
			next = gather(start, msg.New("plan.span.gather_again", i))
		}
		cpu = start + tb
		t.Spans = append(t.Spans, span(LaneCompute, start, cpu, msg.New("plan.span.bwd", i+1)))
		s := max(cpu, comm)
		comm = s + rs.TimePerCall
		t.Spans = append(t.Spans, span(LaneComm, s, comm, msg.New("plan.span.reduce_scatter", i+1)))
		if !prefetch && i > 0 {
			next = gather(cpu, msg.New("plan.span.gather_again", i))
		}
	}
	t.finish()
	return t, nil
}

// MoETimeline is one MoE layer's forward on one GPU: dispatch AllToAll,
// the experts' GEMMs, combine AllToAll — the tokens split into chunks so
// that chunk j's GEMM overlaps chunk j+1's dispatch and chunk j−1's combine
// (the lecture's open question 3). Each chunk's AllToAll of S/chunks bytes
// is priced with the core on the plan's EP links (so small chunks pay α
// again); the GEMM time is the routed experts' 2·3·h·F FLOPs per routed
// token at peak × MFU. O(chunks).
func MoETimeline(r Result, chunks int) (Timeline, error) {
	in := r.Input
	if chunks < 1 || 3*chunks > MaxSpans {
		return Timeline{}, fielderr.New("chunks", "plan.timeline.chunks", MaxSpans/3, chunks)
	}
	var a2a Row
	for _, x := range r.Rows {
		if x.Strategy == StratEP && x.Phase == PhaseForward {
			a2a = x
		}
	}
	if a2a.Calls == 0 {
		return Timeline{}, fielderr.New("ep", "plan.timeline.no_moe")
	}
	if a2a.Bytes/int64(chunks) < Elem*int64(a2a.GroupSize) {
		return Timeline{}, fielderr.New("chunks", "plan.timeline.chunks_small", chunks, a2a.Bytes)
	}
	// The chunk's AllToAll, priced on the same placement as the row.
	c := a2a.Call
	c.Bytes = a2a.Bytes / int64(chunks) / Elem * Elem
	p, _ := params(in, c, a2a.Shape, in.Parallel.Algorithm)
	terms, _, err := cost.Quick(p)
	if err != nil {
		return Timeline{}, err
	}
	routed := float64(a2a.Bytes) / float64(Elem) / float64(in.Model.Hidden) // tokens · top-k on this GPU
	flops := 2 * 3 * float64(in.Model.Hidden) * float64(in.Model.MoEFFN) * routed / float64(in.Parallel.TP)
	gemm := flops / (in.Compute.PeakFLOPS * in.Compute.MFU) / float64(chunks)
	t := Timeline{Name: "moe", About: msg.New("plan.timeline.moe", chunks).String(), AboutMsg: msg.New("plan.timeline.moe", chunks),
		Compute: gemm * float64(chunks)}
	// One comm stream, list-scheduled: a combine whose GEMM has finished
	// goes first, else the next dispatch; each GEMM starts once its
	// dispatch has arrived and the previous GEMM is done.
	comm, cpu := 0.0, 0.0
	gemmEnd := make([]float64, 0, chunks)
	for d, cb := 0, 0; cb < chunks; {
		if cb < len(gemmEnd) && (gemmEnd[cb] <= comm || d == chunks) {
			s := max(comm, gemmEnd[cb])
			comm = s + terms.Time()
			t.Spans = append(t.Spans, span(LaneComm, s, comm, msg.New("plan.span.combine", cb+1)))
			cb++
			continue
		}
		s := comm
		comm = s + terms.Time()
		t.Spans = append(t.Spans, span(LaneComm, s, comm, msg.New("plan.span.dispatch", d+1)))
		g := max(cpu, comm)
		cpu = g + gemm
		t.Spans = append(t.Spans, span(LaneCompute, g, cpu, msg.New("plan.span.experts", d+1)))
		gemmEnd = append(gemmEnd, cpu)
		d++
	}
	t.finish()
	return t, nil
}

// DefaultMoEChunks is the chunk count the text and the view compare with
// one unsplit MoE layer.
const DefaultMoEChunks = 4

// TimelineNames are the scenarios Timelines may draw.
var TimelineNames = []string{"ddp", "zero3", "zero3-noprefetch", "moe"}

// Timelines returns the scenarios that apply to r: DDP buckets when it
// AllReduces gradients, ZeRO-3 with and without prefetch when it shards
// parameters, the MoE layer in 1 and in moeChunks chunks when it has
// expert parallelism. O(buckets + layers + chunks).
func Timelines(r Result, moeChunks int) []Timeline {
	var out []Timeline
	if t, err := DDPTimeline(r); err == nil {
		out = append(out, t)
	}
	for _, pf := range []bool{false, true} {
		if t, err := ZeroTimeline(r, pf); err == nil {
			out = append(out, t)
		}
	}
	ks := []int{1}
	if moeChunks > 1 {
		ks = append(ks, moeChunks)
	}
	for _, k := range ks {
		if t, err := MoETimeline(r, k); err == nil {
			out = append(out, t)
		}
	}
	return out
}

// TimelineOf returns the scenario called name ("moe" in chunks chunks).
func TimelineOf(r Result, name string, chunks int) (Timeline, error) {
	switch name {
	case "ddp":
		return DDPTimeline(r)
	case "zero3":
		return ZeroTimeline(r, true)
	case "zero3-noprefetch":
		return ZeroTimeline(r, false)
	case "moe":
		return MoETimeline(r, chunks)
	}
	return Timeline{}, fielderr.New("timeline", "plan.timeline.unknown", name)
}
