package nccltests

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// jsonNum is a JSON double as nccl-tests writes it: a number, the string
// "nan", or null (NaN for both).
type jsonNum float64

func (x *jsonNum) UnmarshalJSON(b []byte) error {
	s := string(bytes.TrimSpace(b))
	if s == "null" || s == `"nan"` || s == `"-nan"` {
		*x = jsonNum(math.NaN())
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fielderr.Errorf("nccl-tests", "want a number, got %s", s)
	}
	*x = jsonNum(f)
	return nil
}

type jsonVariant struct {
	Time    *jsonNum `json:"time"`
	CPUTime *jsonNum `json:"cpu_time"`
	AlgBw   jsonNum  `json:"alg_bw"`
	BusBw   jsonNum  `json:"bus_bw"`
	NWrong  *jsonNum `json:"nwrong"`
}

type jsonRow struct {
	Size       *int64          `json:"size"`
	Count      int64           `json:"count"`
	Type       string          `json:"type"`
	Redop      string          `json:"redop"`
	Root       json.RawMessage `json:"root"` // "    -1" (a padded string) or a number
	OutOfPlace *jsonVariant    `json:"out_of_place"`
	InPlace    *jsonVariant    `json:"in_place"`
}

type jsonReport struct {
	Version int               `json:"version"`
	Args    []string          `json:"args"`
	Config  json.RawMessage   `json:"config"`
	Devices []json.RawMessage `json:"devices"`
	Results []jsonRow         `json:"results"`
	AvgBw   *struct {
		Bandwidth jsonNum `json:"bandwidth"`
	} `json:"average_bus_bandwidth"`
}

// ParseJSON reads the report nccl-tests writes with -J FILE (file version
// 3 of src/util.cu: args, config with the devices, results with
// out_of_place and in_place objects, average_bus_bandwidth).
func ParseJSON(data []byte) (*Log, error) {
	if len(data) > MaxInput {
		return nil, fielderr.Errorf("nccl-tests", "the input is %d bytes; at most %d", len(data), MaxInput)
	}
	var rep jsonReport
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fielderr.Errorf("nccl-tests", "not an nccl-tests JSON report: %s", strings.TrimPrefix(err.Error(), "nccl-tests: "))
	}
	if rep.Results == nil {
		return nil, fielderr.Errorf("nccl-tests", "JSON without \"results\": want the report of nccl-tests -J")
	}
	if len(rep.Results) > MaxRows {
		return nil, fielderr.Errorf("nccl-tests", "more than %d rows", MaxRows)
	}
	t := Table{WrongColumn: "nwrong", Rows: []Row{}}
	if len(rep.Args) > 0 {
		t.Program, t.Collective = ProgramCollective(rep.Args[0])
	}
	t.Ranks = len(rep.Devices)
	if len(rep.Config) > 0 && t.Ranks == 0 {
		var cfg struct {
			Devices []json.RawMessage `json:"devices"`
		}
		if json.Unmarshal(rep.Config, &cfg) == nil {
			t.Ranks = len(cfg.Devices)
		}
	}
	if rep.AvgBw != nil && float64(rep.AvgBw.Bandwidth) >= 0 {
		t.AvgBusBwGBs = float64(rep.AvgBw.Bandwidth)
	}
	for i, jr := range rep.Results {
		if jr.Size == nil || *jr.Size < 0 || jr.Count < 0 {
			return nil, fielderr.Errorf("nccl-tests", "results[%d]: want size and count ≥ 0", i)
		}
		r := Row{SizeBytes: *jr.Size, Count: jr.Count, Type: jr.Type, Redop: jr.Redop, Root: -1}
		if len(jr.Root) > 0 && string(jr.Root) != "null" {
			s := strings.Trim(strings.TrimSpace(string(jr.Root)), `"`)
			root, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || root < -1 || root > prim.MaxRanks {
				return nil, fielderr.Errorf("nccl-tests", "results[%d]: root: want a rank or -1, got %s", i, jr.Root)
			}
			r.Root = root
		}
		for k, v := range []*jsonVariant{jr.OutOfPlace, jr.InPlace} {
			if v == nil {
				continue
			}
			res := Result{AlgBwGBs: float64(v.AlgBw), BusBwGBs: float64(v.BusBw), Wrong: math.NaN()}
			switch {
			case v.Time != nil:
				res.TimeUs = float64(*v.Time)
			case v.CPUTime != nil:
				res.TimeUs = float64(*v.CPUTime)
			default:
				return nil, fielderr.Errorf("nccl-tests", "results[%d]: no time or cpu_time", i)
			}
			if v.NWrong != nil {
				res.Wrong = float64(*v.NWrong)
			}
			for _, x := range []float64{res.TimeUs, res.AlgBwGBs, res.BusBwGBs} {
				if x < 0 || math.IsInf(x, 0) {
					return nil, fielderr.Errorf("nccl-tests", "results[%d]: negative or infinite value %g", i, x)
				}
			}
			if k == 0 {
				r.OutOfPlace = &res
			} else {
				r.InPlace = &res
			}
		}
		t.Rows = append(t.Rows, r)
	}
	return &Log{Format: "json", Tables: []Table{t}}, nil
}
