package nccltests

import (
	"bytes"
	"math"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// layout is where each value sits in a data row, from the header.
type layout struct {
	cols      []string
	size      int
	count     int
	typ       int
	redop     int // −1 if absent
	root      int // −1 if absent
	variants  [2]variantCols
	nVariants int
	wrongName string
}

// variantCols are the columns of one variant (out-of-place, in-place).
type variantCols struct{ time, algbw, busbw, wrong int }

// parseHeader reads a header line ("#  size  count  type  redop  root
// time algbw busbw #wrong  time …"), without its leading '#'. ok is false
// when the line is not a table header.
func parseHeader(fields []string) (layout, bool) {
	l := layout{cols: fields, size: -1, count: -1, typ: -1, redop: -1, root: -1}
	for i, f := range fields {
		switch f {
		case "size":
			if l.size < 0 {
				l.size = i
			}
		case "count":
			if l.count < 0 {
				l.count = i
			}
		case "type":
			l.typ = i
		case "redop":
			l.redop = i
		case "root":
			l.root = i
		case "time", "cputime":
			if l.nVariants < 2 {
				l.variants[l.nVariants] = variantCols{time: i, algbw: -1, busbw: -1, wrong: -1}
				l.nVariants++
			}
		case "algbw", "busbw", "#wrong", "error":
			if l.nVariants == 0 {
				return l, false
			}
			v := &l.variants[l.nVariants-1]
			switch f {
			case "algbw":
				v.algbw = i
			case "busbw":
				v.busbw = i
			default:
				v.wrong = i
				l.wrongName = f
			}
		}
	}
	if l.size != 0 || l.count < 0 || l.nVariants == 0 {
		return l, false
	}
	for _, v := range l.variants[:l.nVariants] {
		if v.algbw < 0 || v.busbw < 0 {
			return l, false
		}
	}
	return l, true
}

// ParseText reads the text tables of an nccl-tests log. Lines that are not
// part of a table (NCCL INFO lines, mpirun noise, blank lines) are skipped;
// a line inside a table that starts with a number but does not fit the
// header is an error. Prefixes that mpirun adds ("[1,0]<stdout>:") are
// removed.
func ParseText(data []byte) (*Log, error) {
	if len(data) > MaxInput {
		return nil, fielderr.Errorf("nccl-tests", "the input is %d bytes; at most %d", len(data), MaxInput)
	}
	log := &Log{Format: "text"}
	var cur *Table
	var lay layout
	ranks := 0
	rows := 0
	lines := bytes.Split(data, []byte("\n"))
	for n, raw := range lines {
		lineNo := n + 1
		line := strings.TrimRight(string(raw), "\r")
		line = stripMPIPrefix(line)
		trim := strings.TrimSpace(line)
		if trim == "" {
			continue
		}
		if strings.HasPrefix(trim, "#") {
			body := strings.TrimSpace(trim[1:])
			fields := strings.Fields(body)
			switch {
			case strings.HasPrefix(body, "nThread"):
				ranks = 0 // a new run starts
			case len(fields) >= 2 && fields[0] == "Rank":
				ranks++
			case len(fields) > 0 && fields[0] == "size":
				l, ok := parseHeader(fields)
				if !ok {
					return nil, fielderr.Errorf("nccl-tests", "line %d: a table header without the size, count, time, algbw and busbw columns: %q", lineNo, trim)
				}
				log.Tables = append(log.Tables, Table{Ranks: ranks, Columns: l.cols, WrongColumn: l.wrongName})
				cur, lay = &log.Tables[len(log.Tables)-1], l
			case strings.HasPrefix(body, "Avg bus bandwidth") && cur != nil:
				if _, v, ok := strings.Cut(body, ":"); ok {
					if f := strings.Fields(v); len(f) > 0 {
						if x, err := strconv.ParseFloat(f[0], 64); err == nil && x >= 0 && !math.IsInf(x, 0) {
							cur.AvgBusBwGBs = x
						}
					}
				}
			case strings.HasPrefix(body, "Collective test concluded:") && cur != nil:
				name := strings.TrimSpace(strings.TrimPrefix(body, "Collective test concluded:"))
				cur.Program, cur.Collective = ProgramCollective(name)
				if cur.Program == "" {
					cur.Program = name
				}
			}
			continue
		}
		fields := strings.Fields(trim)
		if cur == nil || !isUint(fields[0]) {
			continue // not a data row: NCCL INFO, warnings, other output
		}
		row, err := parseRow(fields, lay, lineNo)
		if err != nil {
			return nil, err
		}
		if rows++; rows > MaxRows {
			return nil, fielderr.Errorf("nccl-tests", "more than %d rows", MaxRows)
		}
		cur.Rows = append(cur.Rows, row)
	}
	if len(log.Tables) == 0 {
		return nil, fielderr.Errorf("nccl-tests", "no nccl-tests table found: want a header line like \"#  size  count  type  redop  root  time  algbw  busbw  #wrong …\" followed by rows")
	}
	return log, nil
}

// stripMPIPrefix removes Open MPI's --tag-output prefix "[1,0]<stdout>:".
func stripMPIPrefix(s string) string {
	t := strings.TrimLeft(s, " ")
	if strings.HasPrefix(t, "[") {
		if i := strings.Index(t, ">:"); i > 0 && strings.Contains(t[:i], "]<") {
			return t[i+2:]
		}
	}
	return s
}

func isUint(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parseRow reads one data row under layout l. A row may stop after the
// out-of-place columns (tests without in-place results).
func parseRow(f []string, l layout, line int) (Row, error) {
	bad := func(col, want string, got string) error {
		return fielderr.Errorf("nccl-tests", "line %d: column %s: want %s, got %q", line, col, want, got)
	}
	need := l.variants[0].busbw + 1
	if len(f) < need {
		return Row{}, fielderr.Errorf("nccl-tests", "line %d: %d values, but the header has %d columns up to the first busbw", line, len(f), need)
	}
	r := Row{Line: line, Root: -1}
	var err error
	if r.SizeBytes, err = strconv.ParseInt(f[l.size], 10, 64); err != nil || r.SizeBytes < 0 {
		return r, bad("size", "bytes ≥ 0", f[l.size])
	}
	if r.Count, err = strconv.ParseInt(f[l.count], 10, 64); err != nil || r.Count < 0 {
		return r, bad("count", "elements ≥ 0", f[l.count])
	}
	if l.typ >= 0 {
		r.Type = f[l.typ]
	}
	if l.redop >= 0 {
		r.Redop = f[l.redop]
	}
	if l.root >= 0 {
		root, err := strconv.Atoi(f[l.root])
		if err != nil || root < -1 || root > prim.MaxRanks {
			return r, bad("root", "a rank or -1", f[l.root])
		}
		r.Root = root
	}
	for k := 0; k < l.nVariants; k++ {
		v := l.variants[k]
		last := max(v.busbw, v.wrong)
		if k == 1 && len(f) <= v.time {
			break // no in-place values on this row
		}
		if len(f) <= last {
			return r, fielderr.Errorf("nccl-tests", "line %d: %d values, but the header has %d columns", line, len(f), last+1)
		}
		res := Result{Wrong: math.NaN()}
		for _, c := range []struct {
			name string
			idx  int
			dst  *float64
		}{{"time", v.time, &res.TimeUs}, {"algbw", v.algbw, &res.AlgBwGBs}, {"busbw", v.busbw, &res.BusBwGBs}, {l.wrongName, v.wrong, &res.Wrong}} {
			if c.idx < 0 {
				continue
			}
			x, ok := number(f[c.idx])
			if !ok {
				return r, bad(c.name, "a number or N/A", f[c.idx])
			}
			*c.dst = x
		}
		if k == 0 {
			r.OutOfPlace = &res
		} else {
			r.InPlace = &res
		}
	}
	return r, nil
}

// number parses a value column: a finite number ≥ 0, or N/A (NaN).
func number(s string) (float64, bool) {
	if s == "N/A" || s == "nan" || s == "-nan" {
		return math.NaN(), true
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) || x < 0 {
		return 0, false
	}
	return x, true
}
