package api

import (
	"bytes"
	"net/http"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/request"
	"github.com/ccplay/ccplay/report"
)

// serveCost answers GET /api/v1/cost: the parameters of request.CostParams
// (collective algorithm ranks size bandwidth latency gamma efficiency root
// dtype chunks, each with the CLI's default) → cost.Evaluate, as indented
// JSON exactly as `ccplay cost --json` prints it.
func serveCost(w http.ResponseWriter, r *http.Request) {
	get, err := readQuery(r, request.CostFields)
	if err != nil {
		sendError(w, err)
		return
	}
	p, err := request.CostParams(get)
	if err != nil {
		sendError(w, err)
		return
	}
	res, err := cost.Evaluate(p)
	if err != nil {
		sendError(w, err)
		return
	}
	sendJSON(w, res)
}

// tableFields are the parameters of /api/v1/table: the cost fields without
// size (the sweep sets it), the sweep and format.
var tableFields = fields([][]string{request.CostFields, request.TableFields, {"format"}}, "size")

// serveTable answers GET /api/v1/table: request.TableQuery → cost.Table.
// format=json (the default) gives the rows as `ccplay table --json` does;
// format=text gives the nccl-tests-style table of report.Table.
func serveTable(w http.ResponseWriter, r *http.Request) {
	get, err := readQuery(r, tableFields)
	if err != nil {
		sendError(w, err)
		return
	}
	format, _ := get("format")
	if format != "" && format != "json" && format != "text" {
		sendError(w, fielderr.Errorf("format", "want json or text, got %q", format))
		return
	}
	_, f := get("stepfactor")
	if _, b := get("stepbytes"); f && b {
		sendError(w, fielderr.Errorf("stepbytes", "give either stepfactor or stepbytes, not both"))
		return
	}
	p, dt, sweep, err := request.TableQuery(get)
	if err != nil {
		sendError(w, err)
		return
	}
	sizes, err := sweep.Sizes()
	if err == nil {
		err = checkWork("maxbytes", sweepWork(p, nil, len(sizes), true))
	}
	if err != nil {
		sendError(w, err)
		return
	}
	rows, err := cost.TableContext(r.Context(), p, dt, sweep)
	if err != nil {
		sendError(w, err)
		return
	}
	if format == "text" {
		var b bytes.Buffer
		report.Table(&b, p, rows) //nolint:errcheck // bytes.Buffer never fails
		send(w, http.StatusOK, textType, CacheControl, b.Bytes())
		return
	}
	if rows == nil {
		rows = []cost.Row{}
	}
	sendJSON(w, rows)
}
