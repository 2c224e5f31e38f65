package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/units"
)

// NeedsUnit reports whether a typed answer to a question of metric is a
// quantity with a unit (a time, size or rate), not a plain number.
func NeedsUnit(metric string) bool {
	switch metricKinds[metric] {
	case "time", "bytes", "rate":
		return true
	}
	return false
}

// HintID is the catalogue ID of the prompt above a typed answer's input:
// which unit it wants, or a plain number.
func HintID(metric string) string {
	switch k := metricKinds[metric]; k {
	case "time", "bytes", "rate":
		return "lesson.free.hint." + k
	}
	return "lesson.free.hint.number"
}

// Off is the answer recorded for a typed value near no option: the URL's
// ans digit 9.
const Off = 9

// ParseTyped reads a typed answer to a question of metric in the metric's
// base unit (s, B, B/s, %, ×, steps): a time, size or rate through
// core/units' parsers, so it needs its unit ("3.7 ms"; a bare "3.7" is not
// read, since the student cannot know the answer's unit), a percentage,
// ratio or count as a plain number ("×1.75", "1.75x", "98 %").
func ParseTyped(metric, typed string) (float64, bool) {
	t := strings.TrimSpace(strings.ReplaceAll(typed, ",", "."))
	if t == "" {
		return 0, false
	}
	if _, err := strconv.ParseFloat(t, 64); err == nil && NeedsUnit(metric) {
		return 0, false
	}
	switch metricKinds[metric] {
	case "time":
		d, err := units.ParseDuration(t)
		return d.Seconds(), err == nil
	case "bytes":
		if b, err := units.ParseSize(t); err == nil {
			return float64(b), true
		}
		// A fraction of a unit ("1.88 GiB") need not be whole bytes: the
		// unit's size from core/units times the number.
		num, unit, _ := strings.Cut(t, " ")
		u, err := units.ParseSize("1 " + unit)
		v, err2 := strconv.ParseFloat(num, 64)
		return v * float64(u), err == nil && err2 == nil && v >= 0
	case "rate":
		r, err := units.ParseBandwidth(t)
		return r.BytesPerSecond(), err == nil
	}
	t = strings.TrimSpace(strings.Trim(t, "×xX倍%步 "))
	if strings.HasSuffix(t, "steps") {
		t = strings.TrimSpace(strings.TrimSuffix(t, "steps"))
	}
	v, err := strconv.ParseFloat(t, 64)
	return v, err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
}

// Grade grades a typed value v against answer a with tolerance tol: the
// variant it stands for (0 when within tol of the answer, else the nearest
// other variant within tol, else Off) and how far it is from the answer,
// as a signed fraction of the answer.
func Grade(a Answer, v, tol float64) (variant int, off float64) {
	want := a.Values[0]
	if want != 0 {
		off = (v - want) / math.Abs(want)
	}
	if math.Abs(v-want) <= tol*math.Abs(want) {
		return 0, off
	}
	best, bestD := Off, math.Inf(1)
	for i, x := range a.Values[1:] {
		if d := math.Abs(v - x); d <= tol*math.Abs(x) && d < bestD {
			best, bestD = i+1, d
		}
	}
	return best, off
}

// Example is a value written like label (its prefix and unit) but with
// another number, for the hint of a typed answer that was not read: the
// hint shows the form of an answer, never the answer ("3.74 ms" → "2 ms",
// "×1.75" → "×2", "2" → "3").
func Example(label string) string {
	start := strings.IndexAny(label, "0123456789")
	if start < 0 {
		return label
	}
	end := start
	for end < len(label) && strings.IndexByte("0123456789.", label[end]) >= 0 {
		end++
	}
	n := "2"
	if v, err := strconv.ParseFloat(label[start:end], 64); err == nil && v == 2 {
		n = "3"
	}
	return label[:start] + n + label[end:]
}
