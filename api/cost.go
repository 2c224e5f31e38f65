package api

import (
	"bytes"
	"net/http"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/report"
)

// serveCost answers GET /api/v1/cost: the cost question's fields
// (question.CostFields) → question.AnswerCost, as indented JSON byte for
// byte as `ccplay cost --json` prints it; every refused field at once.
func serveCost(w http.ResponseWriter, r *http.Request) {
	get, err := readQuery(r, costFields)
	if err != nil {
		sendError(w, err)
		return
	}
	if err := checkFabric(get); err != nil {
		sendError(w, err)
		return
	}
	a, err := question.AnswerCost(get)
	if err != nil {
		sendError(w, err)
		return
	}
	sendJSON(w, a)
}

// costFields are the parameters of /api/v1/cost: the cost fields and the
// switched fabric's (question.FabricFields).
var costFields = fields([][]string{question.CostFields, question.FabricFields})

// checkFabric refuses, before any work, a question on a switched fabric
// over one request's budget (question.CheckFabricBudget: its flows, the
// links of their routes, and its work, about 1 s of CPU). Questions that
// ReadCost refuses pass through to AnswerCost, which reports them. O(1)
// to admit; a refusal searches the largest value accepted.
func checkFabric(get field.Lookup) error {
	p, err := question.CostParams(get)
	if err != nil {
		return nil
	}
	return question.CheckFabricBudget(p)
}

// tableFields are the parameters of /api/v1/table: the cost fields without
// size (the sweep sets it), the switched fabric's, the sweep and format.
var tableFields = fields([][]string{question.CostFields, question.FabricFields, question.TableFields, {"format"}}, "size")

// serveTable answers GET /api/v1/table: question.ReadTable →
// question.TableRows, on the switched fabric the fabric fields name.
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
		sendError(w, fielderr.New("format", "api.format.table", format))
		return
	}
	t, err := question.ReadTable(get)
	if err != nil {
		sendError(w, err)
		return
	}
	p := t.Params
	n, err := t.Rows()
	if err == nil {
		err = checkWork("maxbytes", sweepWork(p, nil, n, true))
	}
	if err == nil {
		err = t.CheckBudget()
	}
	if err != nil {
		sendError(w, err)
		return
	}
	rows, err := question.TableRows(r.Context(), t)
	if err != nil {
		sendError(w, err)
		return
	}
	if format == "text" {
		var b bytes.Buffer
		report.Table(&b, p, t.Inputs, rows) //nolint:errcheck // bytes.Buffer never fails
		send(w, http.StatusOK, textType, CacheControl, b.Bytes())
		return
	}
	if rows == nil {
		rows = []cost.Row{}
	}
	sendJSON(w, rows)
}
