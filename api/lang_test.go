package api

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// An error answer names its message's ID, and its text is core's message
// in English, or in Chinese when the request asks lang=zh; the same
// question answers the same field and ID in both.
func TestErrorLanguage(t *testing.T) {
	h := New(Config{})
	_, badAlg := sched.ParseAlgorithm("fastest")
	cases := []struct {
		query, field string
		want         *fielderr.Error
	}{
		{"/api/v1/cost?algorithm=fastest", "algorithm", badAlg.(*fielderr.Error)},
		{"/api/v1/cost?collective=alltoall&algorithm=ring", "algorithm", sched.Check(prim.AllToAll, sched.Ring).(*fielderr.Error)},
		{"/api/v1/table?format=xml", "format", fielderr.New("format", "api.format.table", "xml")},
	}
	for _, c := range cases {
		for _, lang := range []string{"", "en", "zh", "zh-CN", "fr"} {
			q := c.query
			if lang != "" {
				q += "&lang=" + lang
			}
			a := do(t, h, http.MethodGet, q, nil)
			wantError(t, q, a, http.StatusBadRequest, c.field)
			var e ErrorBody
			if err := json.Unmarshal([]byte(a.body), &e); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			if want := c.want.Reason(msg.Lang(lang)); e.Error != want || e.ID != string(c.want.ID) || e.ID == "" {
				t.Errorf("%s: error %q (id %q), want %q (id %q)", q, e.Error, e.ID, want, c.want.ID)
			}
		}
		if c.want.Reason(msg.ZH) == c.want.Reason(msg.EN) {
			t.Errorf("%s: the Chinese answer is the English one", c.query)
		}
	}
}
