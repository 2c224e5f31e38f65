package question

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// TableFields are the sweep fields, with nccl-tests' long flag names
// (-b, -e, -f, -i are --minbytes, --maxbytes, --stepfactor, --stepbytes),
// and the fields nccl-tests' other flags set: redop (-o), ngpus (-g),
// nthreads (-t), and nprocs (a launcher's process count).
var TableFields = []string{"minbytes", "maxbytes", "stepfactor", "stepbytes", "redop", "ngpus", "nthreads", "nprocs"}

// SweepDefaults are nccl-tests' own defaults for a sweep (-b 8 -e 8G -f 2):
// the one place every face takes them from.
var SweepDefaults = map[string]string{"minbytes": "8", "maxbytes": "8G", "stepfactor": "2", "stepbytes": "0"}

// Redops are nccl-tests' reduction operations (-o), "all" being every one.
var Redops = []string{"sum", "prod", "max", "min", "avg"}

// Table is a table question: a cost question without a size, the data
// types and reduction operations to sweep (nccl-tests' -d and -o, each one
// or all), the sweep of sizes, and every input.
type Table struct {
	Params cost.Params
	DTypes []cost.DType
	Redops []string
	Sweep  cost.Sweep
	Inputs field.Inputs
}

// ReadTable reads a cost question plus an nccl-tests sweep, every field at
// once. As in nccl-tests, sizes with a bare K, M, G or T suffix are binary
// (8G = 8 GiB); stepbytes > 0 replaces stepfactor, and giving both is
// refused; dtype and redop take "all". The ranks not given are nccl-tests'
// count, nprocs × nthreads × ngpus (each 1 by default; the source is
// "derived"); ranks given with any of them must be that product.
func ReadTable(get field.Lookup) (Table, error) {
	if get == nil {
		get = field.Map(nil)
	}
	d := make(map[string]string, len(costDefaults)+len(SweepDefaults)+4)
	for k, v := range costDefaults {
		d[k] = v
	}
	for k, v := range SweepDefaults {
		d[k] = v
	}
	d["size"] = "0"
	d["redop"], d["ngpus"], d["nthreads"], d["nprocs"] = "sum", "1", "1", "1"
	allTypes, gpus := false, 0
	_, ranksGiven := get("ranks")
	f := field.NewForm(func(k string) (string, bool) {
		switch k {
		case "size":
			return "", false
		case "ranks":
			if !ranksGiven && gpus > 0 {
				return strconv.Itoa(gpus), true
			}
		case "dtype":
			if v, ok := get(k); ok && strings.EqualFold(strings.TrimSpace(v), "all") {
				allTypes = true
				return "", false
			}
		}
		return get(k)
	}, d)
	var t Table
	gpus = readGPUs(f)
	t.Params = readCost(f)
	delete(f.In, "size")
	if gpus > 0 {
		checkGPUs(f, gpus, t.Params.Ranks, ranksGiven)
	}
	t.DTypes = readDTypes(f, allTypes)
	if op := f.Choice("redop", append(Redops, "all")...); op == "all" {
		t.Redops = Redops
	} else if op != "" {
		t.Redops = []string{op}
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

// readGPUs reads nccl-tests' process layout, nprocs × nthreads × ngpus
// ranks, and returns that product when any of the three is given (0 when
// none is, or one is refused).
func readGPUs(f *field.Form) int {
	if !f.Given("ngpus") && !f.Given("nthreads") && !f.Given("nprocs") {
		return 0
	}
	n := 1
	for _, name := range []string{"nprocs", "nthreads", "ngpus"} {
		n *= f.Int(name, 1, prim.MaxRanks)
	}
	if !f.OK("nprocs", "nthreads", "ngpus") || n > prim.MaxRanks {
		return 0
	}
	return n
}

// checkGPUs records the ranks as derived from nccl-tests' layout, or
// refuses ranks given that differ from it.
func checkGPUs(f *field.Form, gpus, ranks int, ranksGiven bool) {
	if !ranksGiven {
		f.Set("ranks", gpus, field.Derived)
		return
	}
	if f.OK("ranks") && ranks != gpus {
		f.Fail(fielderr.New("ngpus", "question.ngpus.ranks", gpus, ranks))
	}
}

// readDTypes is the data type read, or every one for "all".
func readDTypes(f *field.Form, all bool) []cost.DType {
	if all {
		f.Set("dtype", "all", field.Given)
		return cost.DTypes()
	}
	v, ok := f.In["dtype"].Value.(string)
	if !ok {
		return nil
	}
	dt, err := cost.ParseDType(v)
	if err != nil {
		return nil
	}
	return []cost.DType{dt}
}

// TableQuery is ReadTable's parts, for callers that need no inputs.
func TableQuery(get field.Lookup) (cost.Params, cost.DType, cost.Sweep, error) {
	t, err := ReadTable(get)
	var dt cost.DType
	if len(t.DTypes) > 0 {
		dt = t.DTypes[0]
	}
	return t.Params, dt, t.Sweep, err
}
