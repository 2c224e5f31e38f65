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
		return fielderr.New("nccl-tests", "nccltests.json.number", s)
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

// jsonDevice is one entry of config.devices.
type jsonDevice struct {
	Rank     *int   `json:"rank"`
	Group    *int   `json:"group"`
	Pid      *int   `json:"pid"`
	Hostname string `json:"hostname"`
	Device   *int   `json:"device"`
	Hex      string `json:"device_hex"`
	Info     string `json:"device_info"`
}

type jsonReport struct {
	Version int               `json:"version"`
	Args    []string          `json:"args"`
	Env     []string          `json:"env"`
	NCCL    *int              `json:"nccl_version"`
	Config  json.RawMessage   `json:"config"`
	Devices []json.RawMessage `json:"devices"`
	Results []json.RawMessage `json:"results"`
	AvgBw   *struct {
		Bandwidth jsonNum `json:"bandwidth"`
	} `json:"average_bus_bandwidth"`
}

// ParseJSON reads the report nccl-tests writes with -J FILE (file version
// 3 of src/util.cu: args, config with the devices, results with
// out_of_place and in_place objects, average_bus_bandwidth). A bad result
// is an error naming it ("results[3]").
func ParseJSON(data []byte) (*Log, error) {
	if len(data) > MaxInput {
		return nil, fielderr.New("nccl-tests", "nccltests.input.big", len(data), MaxInput)
	}
	l, _, err := parseJSON(data, false)
	return l, err
}

// parseJSON reads a -J report. Lenient, a result that cannot be read is
// a Problem and the others are kept; the devices of config.devices (or
// the top-level devices), the NCCL_* variables of env and the NCCL
// version come back as Evidence (line 0: JSON has no lines).
func parseJSON(data []byte, lenient bool) (*Log, *Evidence, error) {
	ev := &Evidence{}
	var rep jsonReport
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, ev, fielderr.New("nccl-tests", "nccltests.json.bad", strings.TrimPrefix(err.Error(), "nccl-tests: "))
	}
	if rep.Results == nil {
		return nil, ev, fielderr.New("nccl-tests", "nccltests.json.noresults")
	}
	if len(rep.Results) > MaxRows {
		return nil, ev, fielderr.New("nccl-tests", "nccltests.rows.max", MaxRows)
	}
	t := Table{WrongColumn: "nwrong", Rows: []Row{}}
	if len(rep.Args) > 0 {
		t.Program, t.Collective = ProgramCollective(rep.Args[0])
		if t.Program != "" {
			ev.Programs = append(ev.Programs, Program{Name: t.Program, Collective: t.Collective})
		}
	}
	devs := rep.Devices
	if len(rep.Config) > 0 && len(devs) == 0 {
		var cfg struct {
			Devices []json.RawMessage `json:"devices"`
		}
		if json.Unmarshal(rep.Config, &cfg) == nil {
			devs = cfg.Devices
		}
	}
	t.Ranks = len(devs)
	if len(devs) > 0 {
		ev.Headers = []Header{jsonHeader(devs)}
	}
	for _, e := range rep.Env {
		if name, val, ok := strings.Cut(e, "="); ok && strings.HasPrefix(name, "NCCL_") && isEnvName(name) && len(ev.Settings) < MaxFacts {
			ev.Settings = append(ev.Settings, Setting{Name: name, Value: val, Source: "environment"})
		}
	}
	if rep.NCCL != nil && *rep.NCCL > 0 {
		ev.Versions = append(ev.Versions, Version{Version: versionOfCode(*rep.NCCL)})
	}
	if rep.AvgBw != nil && float64(rep.AvgBw.Bandwidth) >= 0 && !math.IsInf(float64(rep.AvgBw.Bandwidth), 0) {
		t.AvgBusBwGBs = float64(rep.AvgBw.Bandwidth)
	}
	var first error
	for i, raw := range rep.Results {
		r, err := jsonResult(i, raw)
		if err != nil {
			if !lenient {
				return nil, ev, err
			}
			if first == nil {
				first = err
			}
			if len(ev.Problems) < MaxFacts {
				ev.Problems = append(ev.Problems, fielderrOf(err))
			}
			ev.ProblemCount++
			continue
		}
		t.Rows = append(t.Rows, r)
	}
	return &Log{Format: "json", Tables: []Table{t}}, ev, first
}

// jsonHeader is the Header of a report's devices (those it can read).
func jsonHeader(devs []json.RawMessage) Header {
	h := Header{Threads: -1, GPUs: -1, MinBytes: -1, MaxBytes: -1, Warmup: -1, Iters: -1, Validation: -1, Graph: -1, Table: 0}
	for _, raw := range devs {
		var d jsonDevice
		if json.Unmarshal(raw, &d) != nil || d.Rank == nil || *d.Rank < 0 || len(h.Devices) >= MaxFacts {
			continue
		}
		dev := Device{Rank: *d.Rank, Group: -1, Pid: -1, Host: d.Hostname, Device: -1, BusID: d.Hex, Model: strings.TrimSpace(d.Info)}
		if d.Group != nil {
			dev.Group = *d.Group
		}
		if d.Pid != nil {
			dev.Pid = *d.Pid
		}
		if d.Device != nil {
			dev.Device = *d.Device
		}
		h.Devices = append(h.Devices, dev)
	}
	return h
}

// jsonResult reads results[i], with the bounds of parseRow.
func jsonResult(i int, raw json.RawMessage) (Row, error) {
	var jr jsonRow
	if err := json.Unmarshal(raw, &jr); err != nil {
		return Row{}, fielderr.New("nccl-tests", "nccltests.json.result", i, strings.TrimPrefix(err.Error(), "nccl-tests: "))
	}
	if jr.Size == nil || *jr.Size < 1 || *jr.Size > MaxSize || jr.Count < 0 || jr.Count > *jr.Size {
		return Row{}, fielderr.New("nccl-tests", "nccltests.json.size", i)
	}
	r := Row{SizeBytes: *jr.Size, Count: jr.Count, Type: jr.Type, Redop: jr.Redop, Root: -1}
	if len(jr.Root) > 0 && string(jr.Root) != "null" {
		s := strings.Trim(strings.TrimSpace(string(jr.Root)), `"`)
		root, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || root < -1 || root > prim.MaxRanks {
			return Row{}, fielderr.New("nccl-tests", "nccltests.json.root", i, string(jr.Root))
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
			return Row{}, fielderr.New("nccl-tests", "nccltests.json.notime", i)
		}
		if !(res.TimeUs > 0) || res.TimeUs > MaxTimeUs {
			return Row{}, fielderr.New("nccl-tests", "nccltests.json.time", i, res.TimeUs)
		}
		if v.NWrong != nil {
			res.Wrong = float64(*v.NWrong)
		}
		for _, x := range []float64{res.AlgBwGBs, res.BusBwGBs} {
			if x < 0 || math.IsInf(x, 0) {
				return Row{}, fielderr.New("nccl-tests", "nccltests.json.value", i, x)
			}
		}
		if k == 0 {
			r.OutOfPlace = &res
		} else {
			r.InPlace = &res
		}
	}
	return r, nil
}
