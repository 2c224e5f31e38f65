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
// removed, and so is nothing else: header lines that lost their '#' (a log
// pasted into Markdown) are still read as headers.
func ParseText(data []byte) (*Log, error) {
	if len(data) > MaxInput {
		return nil, fielderr.New("nccl-tests", "nccltests.input.big", len(data), MaxInput)
	}
	return scan(data, nil, false)
}

// scanner is one pass over a log's lines. In strict mode (ParseText) the
// first bad line ends the pass; in lenient mode (Read) a bad line becomes a
// Problem and the pass goes on, and ev collects the evidence.
type scanner struct {
	log     *Log
	cur     *Table
	lay     layout
	ranks   int
	rows    int
	ev      *Evidence
	lenient bool
	err     error
	// hdr is the index in ev.Headers of the run being read, −1 before any.
	hdr int
	// footer is true once the current table's footer was read.
	footer bool
	// last is the last non-blank line; lastRowCut is true when it was a
	// row with fewer values than its header.
	last       int
	lastRowCut bool
	// inDevices is true while the "# Rank" list is being read.
	inDevices bool
	// tried counts the lines of the current table read as rows, refused
	// ones included (a table whose rows were all refused is not cut).
	tried int
	// orphan is the first line that reads like a data row before any
	// table header (0: none), named when the log turns out to have no
	// table.
	orphan int
}

// scan reads data line by line: O(len(data)) time, and memory for the rows
// and facts kept (one line at a time besides them, whatever the number of
// lines).
func scan(data []byte, ev *Evidence, lenient bool) (*Log, error) {
	s := &scanner{log: &Log{Format: "text"}, ev: ev, lenient: lenient, hdr: -1}
	for n := 1; len(data) > 0; n++ {
		raw := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(raw) == 0 || len(raw) == 1 && raw[0] == '\r' {
			continue // a blank line: nothing to read, nothing to convert
		}
		if !s.line(n, string(raw)) {
			return nil, s.err
		}
	}
	if ev != nil {
		s.finish()
	}
	if len(s.log.Tables) == 0 {
		err := fielderr.New("nccl-tests", "nccltests.table.none")
		if s.orphan > 0 {
			err = fielderr.New("nccl-tests", "nccltests.table.headless", s.orphan)
		}
		if !lenient {
			return nil, err
		}
		s.problem(err)
		return s.log, s.err
	}
	return s.log, s.err
}

// problem records err; it returns false when the pass must stop.
func (s *scanner) problem(err error) bool {
	if s.err == nil {
		s.err = err
	}
	if !s.lenient {
		return false
	}
	if s.ev != nil {
		if len(s.ev.Problems) < MaxFacts {
			s.ev.Problems = append(s.ev.Problems, fielderrOf(err))
		}
		s.ev.ProblemCount++
	}
	return true
}

// line handles one input line; false stops the pass.
func (s *scanner) line(lineNo int, raw string) bool {
	trim := strings.TrimSpace(cleanLine(raw))
	if trim == "" {
		return true
	}
	s.last, s.lastRowCut = lineNo, false
	if body, ok := headerBody(trim); ok {
		return s.headerLine(lineNo, body)
	}
	fields := strings.Fields(trim)
	if s.cur == nil || s.footer || !rowStart(fields[0]) {
		if s.cur == nil && s.orphan == 0 && rowLike(fields) {
			s.orphan = lineNo
		}
		if s.ev != nil {
			s.evidenceLine(lineNo, trim)
		}
		return true // not a data row: NCCL INFO, warnings, other output
	}
	s.tried++
	row, err := parseRow(fields, s.lay, lineNo)
	if err != nil {
		if !s.lenient {
			return s.problem(err)
		}
		// A row with fewer values than its header is where a log cut
		// off mid-row stops (if no line follows it).
		s.lastRowCut = isShort(err)
		if row.OutOfPlace == nil {
			return s.problem(err)
		}
		s.problem(err) // keep the out-of-place values read
	}
	if s.rows++; s.rows > MaxRows {
		return s.problem(fielderr.New("nccl-tests", "nccltests.rows.max", MaxRows))
	}
	s.cur.Rows = append(s.cur.Rows, row)
	return true
}

// headerBody returns a header line's text after its '#'; a line without
// '#' is a header only when it reads like one of nccl-tests' own ("nThread
// …", "Rank 0 … on …", "size count … busbw …", "Avg bus bandwidth …").
func headerBody(trim string) (string, bool) {
	if strings.HasPrefix(trim, "#") {
		return strings.TrimSpace(trim[1:]), true
	}
	f := strings.Fields(trim)
	switch {
	case f[0] == "nThread" && len(f) > 1 && isUint(f[1]):
	case f[0] == "Rank" && len(f) > 3 && isUint(f[1]) && strings.Contains(trim, " on "):
	case f[0] == "size" && strings.Contains(trim, "busbw"):
	case f[0] == "Using" && len(f) == 2 && f[1] == "devices":
	case strings.HasPrefix(trim, "Avg bus bandwidth"), strings.HasPrefix(trim, "Out of bounds values"):
	default:
		return "", false
	}
	return trim, true
}

// headerLine handles a '#' line (body without the '#').
func (s *scanner) headerLine(lineNo int, body string) bool {
	fields := strings.Fields(body)
	switch {
	case strings.HasPrefix(body, "nThread"):
		s.ranks = 0 // a new run starts
		if s.ev != nil {
			s.startRun(lineNo, fields)
		}
	case len(fields) >= 2 && fields[0] == "Rank":
		s.ranks++
		if s.ev != nil {
			s.device(lineNo, body)
		}
		return true // the device list goes on
	case len(fields) > 0 && fields[0] == "size":
		l, ok := parseHeader(fields)
		if !ok {
			return s.problem(fielderr.New("nccl-tests", "nccltests.header.bad", lineNo, "#"+body))
		}
		s.log.Tables = append(s.log.Tables, Table{Ranks: s.ranks, Columns: l.cols, WrongColumn: l.wrongName})
		s.cur, s.lay, s.footer, s.tried = &s.log.Tables[len(s.log.Tables)-1], l, false, 0
		if s.ev != nil && s.hdr >= 0 && s.ev.Headers[s.hdr].Table < 0 {
			s.ev.Headers[s.hdr].Table = len(s.log.Tables) - 1
		}
	case strings.HasPrefix(body, "Avg bus bandwidth") && s.cur != nil:
		s.footer = true
		if _, v, ok := strings.Cut(body, ":"); ok {
			if f := strings.Fields(v); len(f) > 0 {
				if x, err := strconv.ParseFloat(f[0], 64); err == nil && x >= 0 && !math.IsInf(x, 0) {
					s.cur.AvgBusBwGBs = x
				}
			}
		}
	case strings.HasPrefix(body, "Out of bounds values") && s.cur != nil:
		s.footer = true
	case strings.HasPrefix(body, "Collective test concluded:") && s.cur != nil:
		name := strings.TrimSpace(strings.TrimPrefix(body, "Collective test concluded:"))
		s.cur.Program, s.cur.Collective = ProgramCollective(name)
		if s.cur.Program == "" {
			s.cur.Program = name
		}
		if s.ev != nil {
			s.program(lineNo, name)
		}
	case s.ev != nil:
		s.testsLine(lineNo, body)
	}
	s.endDevices()
	return true
}

// rowLike reports whether a line's words read like an nccl-tests data row:
// a byte count, then at least five more words of which four or more are
// numbers (or N/A).
func rowLike(f []string) bool {
	if len(f) < 6 || !isUint(f[0]) {
		return false
	}
	n := 0
	for _, w := range f[1:] {
		if _, ok := number(w); ok {
			n++
		}
	}
	return n >= 4
}

// isShort reports whether err refuses a row for having too few values.
func isShort(err error) bool {
	fe, ok := err.(*fielderr.Error)
	return ok && fe.ID == "nccltests.row.short"
}

// rowStart reports whether a line's first word starts a data row: a
// number, signed or not ("8", "-8", "1e400"), so that a negative or
// absurd size is refused by line rather than skipped.
func rowStart(w string) bool {
	if w != "" && (w[0] == '-' || w[0] == '+') {
		w = w[1:]
	}
	return w != "" && w[0] >= '0' && w[0] <= '9'
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

// Bounds of a row's values: a size is 1 byte to MaxSize (1 PiB, far
// beyond any GPU's memory), a time above 0 and at most MaxTimeUs (a day).
const (
	MaxSize   = 1 << 50
	MaxTimeUs = 86400e6
)

// parseRow reads one data row under layout l. A row may stop after the
// out-of-place columns (tests without in-place results). Every column the
// layout names is bounds-checked against the row before it is read, and
// every value against its range: a size of 1 B to MaxSize, a time above
// 0 and at most MaxTimeUs, finite bandwidths ≥ 0. A refused row names its
// line and column.
func parseRow(f []string, l layout, line int) (Row, error) {
	need := max(l.size, l.count, l.typ, l.redop, l.root, l.variants[0].time, l.variants[0].algbw, l.variants[0].busbw) + 1
	if len(f) < need {
		return Row{}, fielderr.New("nccl-tests", "nccltests.row.short", line, len(f), need)
	}
	r := Row{Line: line, Root: -1}
	var err error
	if r.SizeBytes, err = strconv.ParseInt(f[l.size], 10, 64); err != nil || r.SizeBytes < 1 || r.SizeBytes > MaxSize {
		return r, fielderr.New("nccl-tests", "nccltests.row.size", line, f[l.size])
	}
	if r.Count, err = strconv.ParseInt(f[l.count], 10, 64); err != nil || r.Count < 0 || r.Count > r.SizeBytes {
		return r, fielderr.New("nccl-tests", "nccltests.row.count", line, r.SizeBytes, f[l.count])
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
			return r, fielderr.New("nccl-tests", "nccltests.row.root", line, f[l.root])
		}
		r.Root = root
	}
	for k := 0; k < l.nVariants; k++ {
		v := l.variants[k]
		last := max(v.time, v.algbw, v.busbw, v.wrong)
		if k == 1 && len(f) <= v.time {
			break // no in-place values on this row
		}
		if len(f) <= last {
			return r, fielderr.New("nccl-tests", "nccltests.row.short", line, len(f), last+1)
		}
		res := Result{Wrong: math.NaN()}
		t, err := strconv.ParseFloat(f[v.time], 64)
		if err != nil || !(t > 0) || t > MaxTimeUs {
			return r, fielderr.New("nccl-tests", "nccltests.row.time", line, l.cols[v.time], f[v.time])
		}
		res.TimeUs = t
		for _, c := range []struct {
			idx int
			dst *float64
		}{{v.algbw, &res.AlgBwGBs}, {v.busbw, &res.BusBwGBs}, {v.wrong, &res.Wrong}} {
			if c.idx < 0 {
				continue
			}
			x, ok := number(f[c.idx])
			if !ok {
				return r, fielderr.New("nccl-tests", "nccltests.row.number", line, l.cols[c.idx], f[c.idx])
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
