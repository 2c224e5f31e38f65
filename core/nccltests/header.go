package nccltests

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// This file reads the benchmark's own header lines into Evidence: the
// "# nThread …" line, the "# Rank …" device lines, "# nccl-tests version
// … nccl-library=NNNNN" and "# Collective test starting: …". Each is one
// line, read in time linear in its length.

// startRun opens a Header for an "nThread 1 nGpus 1 minBytes 8 maxBytes
// 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1
// validation: 1 graph: 0" line; values it lacks stay −1.
func (s *scanner) startRun(lineNo int, f []string) {
	h := Header{Line: lineNo, Threads: -1, GPUs: -1, MinBytes: -1, MaxBytes: -1, Warmup: -1, Iters: -1, Validation: -1, Graph: -1, Table: -1}
	num := func(i int) (int64, bool) {
		if i >= len(f) {
			return 0, false
		}
		x, err := strconv.ParseInt(f[i], 10, 64)
		return x, err == nil && x >= 0
	}
	set := func(dst *int, i int) {
		if x, ok := num(i); ok && x <= 1<<31 {
			*dst = int(x)
		}
	}
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "nThread":
			set(&h.Threads, i+1)
		case "nGpus":
			set(&h.GPUs, i+1)
		case "minBytes":
			if x, ok := num(i + 1); ok {
				h.MinBytes = x
			}
		case "maxBytes":
			if x, ok := num(i + 1); ok {
				h.MaxBytes = x
			}
		case "iters:":
			switch {
			case i > 0 && f[i-1] == "warmup":
				set(&h.Warmup, i+1)
			case i > 0 && f[i-1] == "agg":
			default:
				set(&h.Iters, i+1)
			}
		case "validation:":
			set(&h.Validation, i+1)
		case "graph:":
			set(&h.Graph, i+1)
		}
	}
	s.endDevices()
	if len(s.ev.Headers) < MaxFacts {
		s.ev.Headers = append(s.ev.Headers, h)
		s.hdr = len(s.ev.Headers) - 1
	}
}

// device reads "Rank 3 Group 0 Pid 1003 on host device 3 [0x1b] NVIDIA
// H100 80GB HBM3" (body without '#'; older layouts have no Group, some
// logs no host name). A line it cannot read is a Problem.
func (s *scanner) device(lineNo int, body string) {
	if s.hdr < 0 { // a device list without an nThread line
		s.ev.Headers = append(s.ev.Headers, Header{Line: 0, Threads: -1, GPUs: -1, MinBytes: -1, MaxBytes: -1, Warmup: -1, Iters: -1, Validation: -1, Graph: -1, Table: -1})
		s.hdr = len(s.ev.Headers) - 1
	}
	h := &s.ev.Headers[s.hdr]
	s.inDevices = true
	d, ok := parseDevice(body)
	if !ok {
		s.problem(fielderr.New("nccl-tests", "nccltests.device.bad", lineNo, "#"+body))
		return
	}
	d.Line = lineNo
	if len(h.Devices) < MaxFacts {
		h.Devices = append(h.Devices, d)
	}
}

// parseDevice splits a "Rank" line; ok is false when a field is missing.
func parseDevice(body string) (Device, bool) {
	d := Device{Group: -1}
	f := strings.Fields(body)
	i := 0
	next := func(key string) (int, bool) {
		if i+1 >= len(f) || f[i] != key {
			return 0, false
		}
		x, err := strconv.Atoi(f[i+1])
		i += 2
		return x, err == nil && x >= 0
	}
	var ok bool
	if d.Rank, ok = next("Rank"); !ok {
		return d, false
	}
	if i < len(f) && f[i] == "Group" {
		if d.Group, ok = next("Group"); !ok {
			return d, false
		}
	}
	if i+1 < len(f) && f[i] == "Pid" && f[i+1] == "-" { // a redacted pid
		d.Pid, i = -1, i+2
	} else if d.Pid, ok = next("Pid"); !ok {
		return d, false
	}
	if i >= len(f) || f[i] != "on" {
		return d, false
	}
	i++
	if i < len(f) && f[i] != "device" {
		d.Host = f[i]
		i++
	}
	if d.Device, ok = next("device"); !ok {
		return d, false
	}
	if i < len(f) && strings.HasPrefix(f[i], "[") {
		d.BusID = strings.Trim(f[i], "[]")
		i++
	}
	d.Model = strings.Join(f[i:], " ")
	return d, true
}

// endDevices closes the device list: a line other than "# Rank" came.
func (s *scanner) endDevices() { s.inDevices = false }

// testsLine reads the '#' lines nccl-tests ≥ 2.17 prints before the run:
// "nccl-tests version 2.20.0 (b4d5bee) nccl-headers=23102
// nccl-library=23102" and "Collective test starting: all_reduce_perf".
func (s *scanner) testsLine(lineNo int, body string) {
	switch {
	case strings.HasPrefix(body, "Collective test starting:"):
		s.program(lineNo, strings.TrimSpace(strings.TrimPrefix(body, "Collective test starting:")))
	case strings.HasPrefix(body, "nccl-tests version"):
		for _, f := range strings.Fields(body) {
			if v, ok := strings.CutPrefix(f, "nccl-library="); ok {
				if code, err := strconv.Atoi(v); err == nil && code > 0 {
					s.version(lineNo, versionOfCode(code))
				}
			}
		}
	}
}

// versionOfCode decodes NCCL_VERSION_CODE: major·10000 + minor·100 + patch
// since 2.9, major·1000 + minor·100 + patch before.
func versionOfCode(code int) string {
	if code >= 20900 {
		return strconv.Itoa(code/10000) + "." + strconv.Itoa(code/100%100) + "." + strconv.Itoa(code%100)
	}
	return strconv.Itoa(code/1000) + "." + strconv.Itoa(code/100%10) + "." + strconv.Itoa(code%100)
}

// program records a benchmark name (a path, "all_reduce_perf" or
// "all_reduce_perf_mpi").
func (s *scanner) program(lineNo int, name string) {
	base := strings.TrimSuffix(name, "_mpi")
	prog, c := ProgramCollective(base)
	if prog == "" {
		return
	}
	if len(s.ev.Programs) < MaxFacts {
		s.ev.Programs = append(s.ev.Programs, Program{Line: lineNo, Name: prog, Collective: c})
	}
}

// version records an NCCL version.
func (s *scanner) version(lineNo int, v string) {
	if len(s.ev.Versions) < MaxFacts {
		s.ev.Versions = append(s.ev.Versions, Version{Line: lineNo, Version: v})
	}
}

// finish marks where the log stops early (Evidence.Cut).
func (s *scanner) finish() {
	switch {
	case s.inDevices && s.hdr >= 0:
		s.ev.Headers[s.hdr].DevicesCut = true
		s.ev.Cut = &Cut{Line: s.last, Where: "devices"}
	case s.lastRowCut:
		s.ev.Cut = &Cut{Line: s.last, Where: "row"}
	case s.cur != nil && len(s.cur.Rows) == 0 && s.tried == 0:
		s.ev.Cut = &Cut{Line: s.last, Where: "header"}
	case s.cur != nil && !s.footer:
		s.ev.Cut = &Cut{Line: s.last, Where: "table"}
	case s.cur == nil && s.hdr >= 0:
		s.ev.Cut = &Cut{Line: s.last, Where: "header"}
	}
}
