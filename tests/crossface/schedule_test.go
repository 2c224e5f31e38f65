package crossface

import (
	"net/http"
	"slices"
	"testing"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/core/cost"
)

// ledger is the JSON of an executed schedule's byte ledger (sim.Ledger), as
// the API's schedule and run answers, `ccplay run` and the playground's
// ledger export all write it.
type ledger struct {
	ElemSize int `json:"elem_size"`
	Ranks    []struct {
		Sent      int64 `json:"sent"`
		Received  int64 `json:"received"`
		Reduced   int64 `json:"reduced"`
		InterSent int64 `json:"inter_sent"`
	} `json:"ranks"`
	Rounds []struct {
		Messages int   `json:"messages"`
		Bytes    int64 `json:"bytes"`
	} `json:"rounds"`
	TotalBytes int64 `json:"total_bytes"`
	Busiest    int   `json:"busiest_rank"`
	Steps      int   `json:"steps"`
}

// transfers counts the messages between different ranks.
func (l *ledger) transfers() int64 {
	var n int64
	for _, r := range l.Rounds {
		n += int64(r.Messages)
	}
	return n
}

// sent is the bytes each rank sends.
func (l *ledger) sent() []int64 {
	out := make([]int64, len(l.Ranks))
	for i, r := range l.Ranks {
		out[i] = r.Sent
	}
	return out
}

// received is the bytes each rank receives.
func (l *ledger) received() []int64 {
	out := make([]int64, len(l.Ranks))
	for i, r := range l.Ranks {
		out[i] = r.Received
	}
	return out
}

// busiestSent is what the busiest rank sends.
func (l *ledger) busiestSent() int64 {
	if l.Busiest < 0 || l.Busiest >= len(l.Ranks) {
		return -1
	}
	return l.Ranks[l.Busiest].Sent
}

// apiSchedule is the answer of GET /api/v1/schedule.
type apiSchedule struct {
	Algorithm string `json:"algorithm"`
	Chunks    int    `json:"chunks"`
	Transfers int    `json:"transfers"`
	Rounds    []struct {
		Transfers []struct {
			Src int32 `json:"src"`
			Dst int32 `json:"dst"`
		} `json:"transfers"`
	} `json:"rounds"`
	Ledger ledger  `json:"ledger"`
	TimeS  float64 `json:"time_s"`
}

// messages counts the listed transfers between different ranks.
func (s *apiSchedule) messages() int64 {
	var n int64
	for _, r := range s.Rounds {
		for _, x := range r.Transfers {
			if x.Src != x.Dst {
				n++
			}
		}
	}
	return n
}

const (
	faceSched    = "API (GET /api/v1/schedule)"
	faceSchedLog = "API (GET /api/v1/schedule, its ledger)"
	faceLedger   = "playground (ledger view)"
	faceCostJSON = "CLI (ccplay cost --json)"
)

// scheduleLimits are the fields GET /api/v1/schedule may name when it
// does not list the schedule of the question c answers: it lists schedules
// up to api.MaxScheduleRanks ranks and api.MaxScheduleChunks chunks, and
// may ask for a concrete algorithm instead of auto. Past a limit it may
// still answer, with the same schedule as the other faces.
func scheduleLimits(q question, c cost.Result) []string {
	var out []string
	if c.Ranks > api.MaxScheduleRanks {
		out = append(out, "ranks")
	}
	if queryValue(q.query, "algorithm") == "auto" {
		out = append(out, "algorithm")
	}
	if c.Chunks > api.MaxScheduleChunks {
		out = append(out, "chunks")
	}
	return out
}

// TestSchedule checks, for every cost question, that the schedule the
// question prices is the same on every face: the playground's ledger and
// GET /api/v1/schedule list the same transfers (count of messages between
// ranks), the same bytes sent and received by every rank, the same total
// and steps; the schedule's α-β-γ price from the API equals the CLI's time
// (where the closed form is exact) or its executed schedule's time (where
// the closed form is a limit or a bound); the ledger's busiest rank, total
// bytes and steps equal the CLI's where the closed form is exact. Where the
// API does not list a schedule (more ranks or chunks than it lists, auto)
// it must refuse naming that field.
func TestSchedule(t *testing.T) {
	for _, q := range costQuestions {
		var c cost.Result
		if !cliJSON(t, &c, "", append([]string{"cost", "--json"}, queryArgs(t, q.query)...)...) {
			continue
		}
		l, why := askPlayground(q.query).ledger()
		if l == nil {
			t.Errorf("%s: the playground shows no ledger: %s", q.name, why)
			continue
		}
		agreeLedgerWithCost(t, q.name, c, faceLedger, l)

		target := "/api/v1/schedule?" + q.query
		ans := apiDo(http.MethodGet, target, nil)
		if ans.status != http.StatusOK {
			limits := scheduleLimits(q, c)
			status, field, msg := apiError(ans)
			if status != http.StatusBadRequest || !slices.Contains(limits, field) {
				t.Errorf("%s: GET %s: status %d, field %q (%s); want the schedule, or a 400 naming one of the limits that apply here %q",
					q.name, target, status, field, msg, limits)
			}
			continue
		}
		var s apiSchedule
		if !decodeAnswer(t, &s, "GET "+target, ans) {
			continue
		}
		agree(t, q.name, "algorithm of the schedule", say(faceCostJSON, c.Algorithm), say(faceSched, s.Algorithm))
		agree(t, q.name, "transfers between ranks",
			say(faceLedger, l.transfers()), say(faceSched, s.messages()), say(faceSchedLog, s.Ledger.transfers()))
		agreeLedgers(t, q.name, faceLedger, l, faceSchedLog, &s.Ledger)
		if want, ok := scheduleTime(c); ok {
			agreeFloat(t, q.name, "the executed schedule's α-β-γ time (s)", say(faceCostJSON, want), say(faceSched, s.TimeS))
		}
	}
}

// scheduleTime is the executed schedule's time as cost.Result states it:
// the time itself when the closed form is exact, else schedule_time_s when
// it was priced.
func scheduleTime(c cost.Result) (float64, bool) {
	switch {
	case c.Exact:
		return c.TimeS, true
	case c.ScheduleTimeS > 0:
		return c.ScheduleTimeS, true
	}
	return 0, false
}

// agreeLedgerWithCost compares a ledger with the cost answer c: where the
// closed form is exact, the busiest rank's bytes, the total and the steps;
// where it is not, the executed schedule's steps.
func agreeLedgerWithCost(t *testing.T, name string, c cost.Result, face string, l *ledger) {
	t.Helper()
	if c.Exact {
		agree(t, name, "busiest rank's bytes sent", say(faceCostJSON, c.BytesSentPerRank), say(face, l.busiestSent()))
		agree(t, name, "total bytes", say(faceCostJSON, c.TotalBytes), say(face, l.TotalBytes))
		agree(t, name, "steps", say(faceCostJSON, int64(c.Steps)), say(face, int64(l.Steps)))
	} else if c.ScheduleSteps > 0 {
		agree(t, name, "executed schedule's steps", say(faceCostJSON, int64(c.ScheduleSteps)), say(face, int64(l.Steps)))
	}
}

// agreeLedgers compares two ledgers of the same question: every rank's
// bytes sent and received, the busiest rank and its bytes, the total, the
// steps and the element size.
func agreeLedgers(t *testing.T, name, fa string, a *ledger, fb string, b *ledger) {
	t.Helper()
	agree(t, name, "ledger's element size", say(fa, int64(a.ElemSize)), say(fb, int64(b.ElemSize)))
	agreeVec(t, name, "bytes sent per rank", saidVec{fa, a.sent()}, saidVec{fb, b.sent()})
	agreeVec(t, name, "bytes received per rank", saidVec{fa, a.received()}, saidVec{fb, b.received()})
	agree(t, name, "busiest rank", say(fa, int64(a.Busiest)), say(fb, int64(b.Busiest)))
	agree(t, name, "busiest rank's bytes sent", say(fa, a.busiestSent()), say(fb, b.busiestSent()))
	agree(t, name, "total bytes", say(fa, a.TotalBytes), say(fb, b.TotalBytes))
	agree(t, name, "steps", say(fa, int64(a.Steps)), say(fb, int64(b.Steps)))
}
