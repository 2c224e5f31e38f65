package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/units"
)

// KV is one labelled value of a view, with an optional tooltip.
type KV struct {
	ID, Label, Value string
	Title            string
}

// Secs formats seconds as the CLI does (cost.FormatSeconds), for the
// page's prose: a negative value with the minus sign U+2212, as typeset
// text writes it ("−2.41 ms"), not the hyphen-minus of machine-readable
// output.
func Secs(s float64) string { return minusSign(cost.FormatSeconds(s)) }

// minusSign replaces a number's leading hyphen-minus with U+2212.
func minusSign(t string) string {
	if rest, ok := strings.CutPrefix(t, "-"); ok {
		return "−" + rest
	}
	return t
}

// Bytes writes a byte count exactly, then in binary and decimal units, as
// every face does (units.ExactBytes): "104857600 B (100 MiB, 104.9 MB)".
func Bytes(b int64) string { return units.ExactBytes(b) }

// BytesShort formats a byte count in binary units only, as the CLI
// prints sizes: "8 B", "1.5 KiB", "100 MiB".
func BytesShort(b int64) string { return units.FormatBytes(float64(b), true) }

// Rate formats bytes per second in decimal units (GB/s = 10⁹ B/s) with four
// significant figures: "28.04 GB/s".
func Rate(bps float64) string {
	u := []string{"B/s", "KB/s", "MB/s", "GB/s", "TB/s", "PB/s"}
	i := 0
	for i < len(u)-1 && bps >= 1000 {
		bps /= 1000
		i++
	}
	return strconv.FormatFloat(bps, 'g', 4, 64) + " " + u[i]
}

// Option is one entry of a select.
type Option struct {
	Value, Label string
	Selected     bool
	Disabled     bool
}

// Headline is the one-line answer: "AllReduce · ring · P = 8 · 100 MiB",
// atop the timing, ledger, steps, nccl-tests and NCCL-model views.
func (s *State) Headline() string {
	r := s.R
	alg := r.Algorithm
	if r.AutoChosen {
		alg = s.Tf("t.autochose", alg)
	}
	h := fmt.Sprintf("%s · %s · P = %d · %s · %s", s.CollName(r.Collective), alg, r.Ranks,
		BytesShort(r.SizeBytes), Rate(r.BandwidthBps))
	if from := s.sourceOf("bandwidth"); from != "" {
		h += " (" + from + ")"
	}
	return h
}

// sourceOf is where the last valid question's value of field f came from
// when a preset or system supplied it ("system dgx-h200"), in the page's
// language; "" when it was given or is the default.
func (s *State) sourceOf(f string) string {
	in, ok := s.inputs[f]
	if !ok {
		return ""
	}
	switch in.From.Kind() {
	case "system":
		return s.Tf("from.system", in.From.Name())
	case "preset":
		return s.Tf("from.preset", in.From.Name())
	}
	return ""
}
