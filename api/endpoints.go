package api

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/ccplay/ccplay/core/question"
)

// class is the pool of compute slots an endpoint's requests take (pools).
type class int

const (
	// free requests take no slot: liveness and the list of endpoints.
	free class = iota
	// light requests are closed forms (cost, plan): their own slots, so
	// they never wait behind a heavy request.
	light
	// heavy requests build schedules, sweep, run or read logs.
	heavy
)

// route is one endpoint: its path, the method that reads it (GET ones also
// answer HEAD), its query parameters or JSON body fields (the lists the
// handler itself reads), the largest body it takes, its pool and the
// function that answers it.
type route struct {
	path, method, summary string
	params                []string
	body                  []string
	maxBody               int64
	class                 class
	// weigh, when set, chooses the pool of one request instead of class.
	weigh    func(*http.Request) class
	examples []string
	serve    func(http.ResponseWriter, *http.Request)
}

// IndexPath answers the list of endpoints as JSON (Index).
const IndexPath = "/api/v1/"

// routeTable is every endpoint outside /embed/ in the order the indexes
// list them; the router, the HTML index and GET IndexPath all read it.
func (h *handler) routeTable() []route {
	return []route{
		{path: "/api/v1/cost", method: http.MethodGet, class: light, weigh: weighCost, params: question.CostFields,
			summary: "one cost question: byte for byte the JSON of `ccplay cost --json`",
			examples: []string{"/api/v1/cost?collective=allreduce&algorithm=ring&ranks=8&size=100MiB&bandwidth=400Gbps&latency=5us",
				"/api/v1/cost?collective=allreduce&algorithm=auto&ranks=64&size=1MiB"}, serve: serveCost},
		{path: "/api/v1/table", method: http.MethodGet, class: heavy, params: tableFields,
			summary:  "the nccl-tests table the model expects (JSON rows; format=text for the text)",
			examples: []string{"/api/v1/table?collective=allreduce&ranks=8&bandwidth=400Gbps&latency=5us&minbytes=8&maxbytes=8G&stepfactor=2&format=text"}, serve: serveTable},
		{path: "/api/v1/schedule", method: http.MethodGet, class: heavy, params: question.CostFields,
			summary:  fmt.Sprintf("rounds, transfers, ledger and price of one schedule (P ≤ %d)", MaxScheduleRanks),
			examples: []string{"/api/v1/schedule?collective=allreduce&algorithm=ring&ranks=4&size=64B"}, serve: serveSchedule},
		{path: "/api/v1/run", method: http.MethodPost, class: heavy, body: jsonFields(question.Run{}), maxBody: MaxRunBody,
			summary: fmt.Sprintf("run a collective on real buffers: the body and answer of `ccplay run` (≤ %d bytes)", MaxRunBody), serve: serveRun},
		{path: "/api/v1/plan", method: http.MethodGet, class: light, weigh: weighCost, params: planFields,
			summary:  "parallelism planner: the JSON of `ccplay plan --json` (format=text for the text)",
			examples: []string{"/api/v1/plan?model=70b&dp=8&tp=8&pp=1&zero=3", "/api/v1/plan?model=70b&dp=8&tp=8&zero=3&timeline=zero3"}, serve: servePlan},
		{path: "/api/v1/doctor", method: http.MethodPost, class: heavy, body: jsonFields(DoctorRequest{}), maxBody: MaxDoctorBody,
			summary: fmt.Sprintf("is my bandwidth normal? an nccl-tests log's verdict, as `ccplay doctor --json` (≤ %d bytes)", MaxDoctorBody), serve: serveDoctor},
		{path: IndexPath, method: http.MethodGet, class: free,
			summary: "this list of endpoints with their parameters, as JSON", examples: []string{IndexPath}, serve: h.serveIndex},
		{path: "/healthz", method: http.MethodGet, class: free, summary: "liveness", examples: []string{"/healthz"}, serve: serveHealth},
	}
}

// weighCost is the pool of a cost (or plan) question: light for a closed form, heavy
// when a fabric other than the ideal one makes it simulate the schedule's
// flows (up to budget.Flows transfers). A malformed query is light:
// it is refused without work.
func weighCost(r *http.Request) class {
	if f := r.URL.Query().Get("fabric"); f != "" && f != "ideal" {
		return heavy
	}
	return light
}

// chartRoute is the route of one /embed/ chart: its parameters are the
// chart's own list; every chart is heavy.
func chartRoute(c chartSpec) route {
	return route{path: "/embed/" + c.name + ".svg", method: http.MethodGet, class: heavy, params: c.fields,
		summary: c.summary, examples: []string{"/embed/" + c.name + ".svg?" + c.example}, serve: serveEmbed}
}

// jsonFields are the JSON names of the fields of struct v, as a strict
// decoder of v accepts them. O(fields).
func jsonFields(v any) []string {
	return fieldsOf(reflect.TypeOf(v))
}

// fieldsOf are struct type t's JSON keys in order, an embedded struct's
// in its place (encoding/json promotes them).
func fieldsOf(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "" && f.Anonymous && f.Type.Kind() == reflect.Struct:
			out = append(out, fieldsOf(f.Type)...)
		case name != "" && name != "-":
			out = append(out, name)
		}
	}
	return out
}

// Endpoint is one entry of Index.
type Endpoint struct {
	Method   string   `json:"method"`
	Path     string   `json:"path"`
	Summary  string   `json:"summary"`
	Params   []string `json:"params,omitempty"`         // query parameters
	Body     []string `json:"body,omitempty"`           // fields of the JSON body of a POST
	MaxBody  int64    `json:"max_body_bytes,omitempty"` // a longer body is a 413
	Examples []string `json:"examples,omitempty"`
}

// Index is the answer of GET IndexPath: every endpoint and chart.
type Index struct {
	Endpoints []Endpoint `json:"endpoints"`
}

// serveIndex answers GET IndexPath from the route and chart tables.
func (h *handler) serveIndex(w http.ResponseWriter, _ *http.Request) {
	sendJSON(w, Index{Endpoints: List()})
}

// listed is every endpoint the handler answers: the route table, then
// one route per chart.
func (h *handler) listed() []route {
	out := append([]route(nil), h.order...)
	for _, c := range charts {
		out = append(out, chartRoute(c))
	}
	return out
}
