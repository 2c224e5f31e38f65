package request

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/units"
)

// TableFields are the sweep fields, with nccl-tests' long flag names
// (-b, -e, -f, -i are --minbytes, --maxbytes, --stepfactor, --stepbytes).
var TableFields = []string{"minbytes", "maxbytes", "stepfactor", "stepbytes"}

var tableDefaults = map[string]string{"minbytes": "8", "maxbytes": "8G", "stepfactor": "2", "stepbytes": "0"}

// TableQuery reads a cost question plus an nccl-tests sweep. As in
// nccl-tests, sizes with a bare K, M, G or T suffix are binary (8G = 8 GiB).
func TableQuery(get Lookup) (cost.Params, cost.DType, cost.Sweep, error) {
	var w cost.Sweep
	p, err := CostParams(func(k string) (string, bool) {
		if k == "size" {
			return "0", true
		}
		return get(k)
	})
	if err != nil {
		return p, cost.DType{}, w, err
	}
	dt, _ := cost.ParseDType(value(get, "dtype"))
	get2 := func(k string) string {
		if v, ok := get(k); ok {
			return v
		}
		return tableDefaults[k]
	}
	for _, f := range []struct {
		name string
		dst  *int64
	}{{"minbytes", &w.MinBytes}, {"maxbytes", &w.MaxBytes}, {"stepbytes", &w.StepBytes}} {
		s, err := units.ParseNCCLSize(get2(f.name))
		if err != nil {
			return p, dt, w, field(f.name, err)
		}
		*f.dst = int64(s)
	}
	if w.StepBytes == 0 {
		f, err := intField(func(string) (string, bool) { return get2("stepfactor"), true }, "stepfactor", 2, 1<<20)
		if err != nil {
			return p, dt, w, err
		}
		w.StepFactor = int64(f)
	}
	if _, err := w.Sizes(); err != nil {
		return p, dt, w, err
	}
	return p, dt, w, nil
}
