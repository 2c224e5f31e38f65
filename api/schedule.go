package api

import (
	"encoding/json"
	"net/http"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// Limits of the endpoints that build a full schedule (/api/v1/schedule,
// /embed/ledger-bars.svg, /embed/ring-step.svg). Ranks and chunks are
// checked in O(1) before anything is built, so a request for P = 10⁶ is
// refused at once; every schedule of every algorithm at P ≤ 64 with at most
// 256 chunks has fewer than MaxScheduleTransfers transfers (a test checks
// this), and the builder is also capped at MaxScheduleTransfers. The
// closed-form cost (/api/v1/cost) answers up to prim.MaxRanks.
const (
	MaxScheduleRanks     = 64
	MaxScheduleChunks    = 256
	MaxScheduleTransfers = 100_000
)

// buildSchedule builds the schedule the cost question p prices
// (cost.ScheduleOf: auto resolved and the chunk count as /api/v1/cost
// chooses, gpus-per-node honoured) within the limits above, each checked in
// O(1) before anything is built. A question /api/v1/cost refuses (an answer
// that is not a finite number names the input at fault) is refused the same
// way, so the cost, the schedule and its charts give one verdict. It
// returns p made concrete (cost.Concrete).
func buildSchedule(p cost.Params) (cost.Params, *sched.Schedule, error) {
	if p.Ranks > MaxScheduleRanks {
		return p, nil, fielderr.New("ranks", "api.schedule.ranks",
			MaxScheduleRanks, MaxScheduleTransfers, p.Ranks, prim.MaxRanks)
	}
	if p.Chunks > MaxScheduleChunks {
		return p, nil, fielderr.New("chunks", "api.schedule.chunks", MaxScheduleChunks, p.Chunks)
	}
	if _, _, err := cost.EvaluateDeferred(p); err != nil {
		return p, nil, err
	}
	q, err := cost.Concrete(p)
	if err != nil {
		return p, nil, err
	}
	if q.Chunks > MaxScheduleChunks {
		return p, nil, fielderr.New("chunks", "api.schedule.best_chunks",
			q.Chunks, MaxScheduleChunks, MaxScheduleChunks)
	}
	s, err := cost.ScheduleOf(q, MaxScheduleTransfers)
	return q, s, err
}

// Schedule is the answer of /api/v1/schedule. Offsets and lengths are in
// elements of ElemSize bytes, within each rank's work buffer of WorkLen[r]
// elements; rounds are numbered from 1, as /embed/ring-step.svg?round=N.
type Schedule struct {
	Collective string      `json:"collective"`
	Algorithm  string      `json:"algorithm"`
	Ranks      int         `json:"ranks"`
	Root       int         `json:"root"`
	SizeBytes  int64       `json:"size_bytes"`
	ElemSize   int         `json:"elem_size"`
	Count      int         `json:"count"`            // elements: the vector, or each rank's block
	Counts     []int       `json:"counts,omitempty"` // uneven blocks, when S/ElemSize is not a multiple of P
	Chunks     int         `json:"chunks,omitempty"`
	WorkLen    []int       `json:"work_len"`
	Transfers  int         `json:"transfers"`
	Rounds     []Round     `json:"rounds"`
	Ledger     *sim.Ledger `json:"ledger"`
	TimeS      float64     `json:"time_s"` // the executed schedule's α-β-γ price (sim.Price)
	Cost       sim.Cost    `json:"cost"`
}

// Round is one round of a Schedule.
type Round struct {
	Round     int        `json:"round"`
	Phase     string     `json:"phase"`
	Reduce    bool       `json:"reduce"`
	Transfers []Transfer `json:"transfers"`
}

// Transfer is one transfer of a Round (Src == Dst is a local copy).
type Transfer struct {
	Src    int32 `json:"src"`
	Dst    int32 `json:"dst"`
	SrcOff int64 `json:"src_off"`
	DstOff int64 `json:"dst_off"`
	Len    int64 `json:"len"`
}

// serveSchedule answers GET /api/v1/schedule: the cost fields (P ≤
// MaxScheduleRanks; auto resolved as /api/v1/cost resolves it) → the schedule, its ledger and price, as
// compact JSON.
func serveSchedule(w http.ResponseWriter, r *http.Request) {
	get, err := readQuery(r, question.CostFields)
	if err != nil {
		sendError(w, err)
		return
	}
	p, err := question.CostParams(get)
	if err != nil {
		sendError(w, err)
		return
	}
	p, s, err := buildSchedule(p)
	if err != nil {
		sendError(w, err)
		return
	}
	c := sim.Price(s, p.ElemSize, p.Model())
	if err := p.CheckFinite(c); err != nil {
		sendError(w, err)
		return
	}
	out := Schedule{Collective: string(p.Collective), Algorithm: string(s.Algorithm), Ranks: p.Ranks, Root: p.Root,
		SizeBytes: p.Size, ElemSize: p.ElemSize, Count: s.Spec.Count, Counts: s.Spec.Counts, Chunks: s.Chunks,
		WorkLen: s.WorkLen, Transfers: s.Transfers(), Rounds: make([]Round, len(s.Rounds)),
		Ledger: sim.LedgerFor(s, p.ElemSize, p.GPUsPerNode), TimeS: c.Total(), Cost: c}
	for i, rd := range s.Rounds {
		ts := make([]Transfer, len(rd.Transfers))
		for j, t := range rd.Transfers {
			ts[j] = Transfer(t)
		}
		out.Rounds[i] = Round{Round: i + 1, Phase: rd.Phase, Reduce: rd.Reduce, Transfers: ts}
	}
	b, err := json.Marshal(out)
	if err != nil {
		sendError(w, err)
		return
	}
	send(w, http.StatusOK, jsonType, CacheControl, append(b, '\n'))
}
