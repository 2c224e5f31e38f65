package main

import (
	"math"
	"strconv"
	"strings"
)

// The lecture's experiments are Python; these helpers print values the way
// its print statements do, so the Go output reads the same.

// numpyLineWidth and numpyThreshold are numpy's print defaults: lines of at
// most 75 characters; arrays above 1000 elements are summarised by their
// first and last 3 elements around "...".
const (
	numpyLineWidth = 75
	numpyThreshold = 1000
	numpyEdgeItems = 3
)

// numpyArray writes a float array as numpy prints it: "[1. 1. 1. 1.]",
// every element right-aligned to the widest, whole numbers with a trailing
// point, wrapped at 75 characters with continuation lines indented by one
// space, and summarised above 1000 elements.
func numpyArray(v []float64) string {
	if len(v) == 0 {
		return "[]"
	}
	items := v
	summarise := len(v) > numpyThreshold
	if summarise {
		items = append(append([]float64(nil), v[:numpyEdgeItems]...), v[len(v)-numpyEdgeItems:]...)
	}
	words := make([]string, len(items))
	width := 0
	for i, x := range items {
		words[i] = numpyFloat(x)
		width = max(width, len(words[i]))
	}
	for i, w := range words {
		words[i] = strings.Repeat(" ", width-len(w)) + w
	}
	if summarise {
		words = append(append(append([]string(nil), words[:numpyEdgeItems]...), "..."), words[numpyEdgeItems:]...)
	}
	var b strings.Builder
	line := "["
	for i, w := range words {
		sep := " "
		if i == 0 {
			sep = ""
		}
		end := ""
		if i == len(words)-1 {
			end = "]"
		}
		if i > 0 && len(line)+len(sep)+len(w)+len(end) > numpyLineWidth {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line, sep = " ", ""
		}
		line += sep + w
	}
	b.WriteString(line + "]")
	return b.String()
}

// numpyFloat writes one element: "10." for a whole number, else the
// shortest digits that read back ("2.5").
func numpyFloat(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e16 {
		return strconv.FormatFloat(x, 'f', 0, 64) + "."
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// pyFloat writes a float as Python's str does for the lecture's sums: "10.0".
func pyFloat(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// pyStrList writes a list of strings as Python prints it: ['a', 'b'].
func pyStrList(v []string) string {
	q := make([]string, len(v))
	for i, s := range v {
		q[i] = "'" + s + "'"
	}
	return "[" + strings.Join(q, ", ") + "]"
}
