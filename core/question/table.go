package question

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
)

// TableFields are the sweep fields, with nccl-tests' long flag names
// (-b, -e, -f, -i are --minbytes, --maxbytes, --stepfactor, --stepbytes).
var TableFields = []string{"minbytes", "maxbytes", "stepfactor", "stepbytes"}

// SweepDefaults are nccl-tests' own defaults for a sweep (-b 8 -e 8G -f 2):
// the one place every face takes them from.
var SweepDefaults = map[string]string{"minbytes": "8", "maxbytes": "8G", "stepfactor": "2", "stepbytes": "0"}

// Table is a table question: a cost question without a size, the data
// type and the sweep of sizes, with every input.
type Table struct {
	Params cost.Params
	DType  cost.DType
	Sweep  cost.Sweep
	Inputs field.Inputs
}

// ReadTable reads a cost question plus an nccl-tests sweep, every field at
// once. As in nccl-tests, sizes with a bare K, M, G or T suffix are binary
// (8G = 8 GiB); stepbytes > 0 replaces stepfactor, and giving both is
// refused.
func ReadTable(get field.Lookup) (Table, error) {
	if get == nil {
		get = field.Map(nil)
	}
	d := make(map[string]string, len(costDefaults)+len(SweepDefaults))
	for k, v := range costDefaults {
		d[k] = v
	}
	for k, v := range SweepDefaults {
		d[k] = v
	}
	d["size"] = "0"
	f := field.NewForm(func(k string) (string, bool) {
		if k == "size" {
			return "", false
		}
		return get(k)
	}, d)
	var t Table
	t.Params = readCost(f)
	delete(f.In, "size")
	t.DType, _ = cost.ParseDType(f.Default("dtype"))
	if v, ok := f.In["dtype"].Value.(string); ok {
		t.DType, _ = cost.ParseDType(v)
	}
	w := &t.Sweep
	w.MinBytes = f.NCCLSize("minbytes")
	w.MaxBytes = f.NCCLSize("maxbytes")
	w.StepBytes = f.NCCLSize("stepbytes")
	if f.Given("stepfactor") && f.Given("stepbytes") {
		f.Fail(fielderr.New("stepbytes", "question.sweep.both"))
	} else if w.StepBytes == 0 {
		w.StepFactor = int64(f.Int("stepfactor", 2, 1<<20))
	} else {
		delete(f.In, "stepfactor")
	}
	if len(f.Errs) == 0 {
		if _, err := w.Sizes(); err != nil {
			f.Fail(err)
		}
	}
	t.Inputs = f.In
	return t, f.Err()
}

// TableQuery is ReadTable's parts, for callers that need no inputs.
func TableQuery(get field.Lookup) (cost.Params, cost.DType, cost.Sweep, error) {
	t, err := ReadTable(get)
	return t.Params, t.DType, t.Sweep, err
}
