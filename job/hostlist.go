package job

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxHostlist bounds the hosts ExpandHostlist returns, so a typo such as
// node[1-999999999] is an error, not gigabytes of names.
const MaxHostlist = 1 << 16

// ExpandHostlist expands a Slurm hostlist expression (the syntax of
// SLURM_JOB_NODELIST and `scontrol show hostnames`) into host names, in
// order: a comma-separated list of names, each with any number of
// bracketed ranges — "node[01-04,07],gpu5" is node01 node02 node03 node04
// node07 gpu5, "r[1-2]n[1-2]" is r1n1 r1n2 r2n1 r2n2. A range keeps the
// zero padding of its lower bound (as Slurm does). An empty expression,
// unbalanced brackets, a bound that is not a number, a range whose lower
// bound exceeds its upper one, or more than MaxHostlist hosts is an
// error saying where.
func ExpandHostlist(expr string) ([]string, error) {
	items, err := splitTop(expr)
	if err != nil {
		return nil, err
	}
	var hosts []string
	for _, item := range items {
		if item == "" {
			return nil, fmt.Errorf("hostlist %q: empty host name", expr)
		}
		if len(hosts) == MaxHostlist {
			return nil, fmt.Errorf("hostlist %q: more than %d hosts", expr, MaxHostlist)
		}
		names, err := expandItem(item, MaxHostlist-len(hosts))
		if err != nil {
			return nil, fmt.Errorf("hostlist %q: %w", expr, err)
		}
		hosts = append(hosts, names...)
	}
	return hosts, nil
}

// FirstHost is the first host of a Slurm hostlist expression: the node
// that runs a job step's rank 0 (Slurm places tasks in node order).
func FirstHost(expr string) (string, error) {
	items, err := splitTop(expr)
	if err != nil {
		return "", err
	}
	if items[0] == "" {
		return "", fmt.Errorf("hostlist %q: empty host name", expr)
	}
	names, err := expandItem(items[0], MaxHostlist)
	if err != nil {
		return "", fmt.Errorf("hostlist %q: %w", expr, err)
	}
	return names[0], nil
}

// splitTop splits expr at the commas outside brackets.
func splitTop(expr string) ([]string, error) {
	expr = strings.TrimSpace(expr)
	if expr == "" {
		return nil, fmt.Errorf("hostlist is empty")
	}
	var items []string
	depth, start := 0, 0
	for i, c := range expr {
		switch c {
		case '[':
			if depth++; depth > 1 {
				return nil, fmt.Errorf("hostlist %q: nested '[' at byte %d", expr, i)
			}
		case ']':
			if depth--; depth < 0 {
				return nil, fmt.Errorf("hostlist %q: ']' without '[' at byte %d", expr, i)
			}
		case ',':
			if depth == 0 {
				items = append(items, expr[start:i])
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("hostlist %q: '[' not closed", expr)
	}
	return append(items, expr[start:]), nil
}

// expandItem expands one name with bracketed ranges (no top-level comma),
// refusing more than limit names.
func expandItem(item string, limit int) ([]string, error) {
	open := strings.IndexByte(item, '[')
	if open < 0 {
		return []string{item}, nil
	}
	end := strings.IndexByte(item[open:], ']') + open
	prefix, ranges, rest := item[:open], item[open+1:end], item[end+1:]
	var heads []string
	for _, r := range strings.Split(ranges, ",") {
		vals, err := expandRange(r, limit-len(heads))
		if err != nil {
			return nil, err
		}
		for _, v := range vals {
			heads = append(heads, prefix+v)
		}
	}
	tails, err := expandItem(rest, limit)
	if err != nil {
		return nil, err
	}
	if len(heads)*len(tails) > limit {
		return nil, fmt.Errorf("more than %d hosts", MaxHostlist)
	}
	names := make([]string, 0, len(heads)*len(tails))
	for _, h := range heads {
		for _, t := range tails {
			names = append(names, h+t)
		}
	}
	return names, nil
}

// expandRange expands "07" or "01-04" (zero-padded to the lower bound's
// width), refusing more than limit values.
func expandRange(r string, limit int) ([]string, error) {
	if limit < 1 {
		return nil, fmt.Errorf("more than %d hosts", MaxHostlist)
	}
	lo, hi, isRange := strings.Cut(r, "-")
	a, err := strconv.ParseUint(lo, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("%q in brackets is not a number or a range like 01-04", r)
	}
	b := a
	if isRange {
		if b, err = strconv.ParseUint(hi, 10, 32); err != nil {
			return nil, fmt.Errorf("%q in brackets is not a range like 01-04", r)
		}
		if a > b {
			return nil, fmt.Errorf("range %q runs backwards", r)
		}
	}
	if b-a >= uint64(limit) {
		return nil, fmt.Errorf("more than %d hosts", MaxHostlist)
	}
	vals := make([]string, 0, b-a+1)
	for v := a; v <= b; v++ {
		s := strconv.FormatUint(v, 10)
		if pad := len(lo) - len(s); pad > 0 {
			s = strings.Repeat("0", pad) + s
		}
		vals = append(vals, s)
	}
	return vals, nil
}
