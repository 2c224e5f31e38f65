package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/units"
)

// Sources is the line that says which values of a question a link preset
// or a system supplied, each with its source ("bandwidth 50 GB/s — system
// dgx-h100; …"), or "" when none did: a header never leaves a reader to
// guess where a number came from. Fields are in name order.
func Sources(inputs field.Inputs) string {
	var parts []string
	for _, name := range sortedNames(inputs) {
		in := inputs[name]
		switch in.From.Kind() {
		case "preset", "system":
			parts = append(parts, fmt.Sprintf("%s %s — %s", name, inputText(name, in.Value), in.From))
		}
	}
	return strings.Join(parts, "; ")
}

func sortedNames(inputs field.Inputs) []string {
	names := make([]string, 0, len(inputs))
	for n := range inputs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// inputText writes an input's value with its unit: bandwidths per
// direction, latencies as durations, counts as numbers.
func inputText(name string, v any) string {
	if f, ok := v.(float64); ok {
		if strings.HasSuffix(name, "latency") {
			return units.Duration(f).String()
		}
		if strings.HasSuffix(name, "bandwidth") {
			return units.Bandwidth(f).String()
		}
	}
	return fmt.Sprint(v)
}
