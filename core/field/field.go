// Package field reads the raw fields of a question — name → text, as CLI
// flags, a URL query or the playground's controls give them — into values,
// remembering for each accepted value where it came from (Source) and
// collecting every refused field at once (fielderr.List). Every face names
// its fields alike: the CLI flag --ranks, the query parameter ranks and the
// playground's ranks control are one field.
package field

import "strings"

// Lookup returns the text of a field and whether it was given.
type Lookup func(name string) (string, bool)

// Map adapts a map to a Lookup: a key present is given, even when empty.
func Map(m map[string]string) Lookup {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// Source says where an accepted value came from: "given", "default",
// "derived" (computed from other fields), "preset NAME" or "system NAME".
type Source string

// The sources that name nothing.
const (
	Given   Source = "given"
	Default Source = "default"
	Derived Source = "derived"
)

// Preset is the source "preset NAME": a link preset supplied the value.
func Preset(name string) Source { return Source("preset " + name) }

// System is the source "system NAME": a system preset supplied the value.
func System(name string) Source { return Source("system " + name) }

// Kind is the source's first word: given, default, derived, preset or system.
func (s Source) Kind() string { k, _, _ := strings.Cut(string(s), " "); return k }

// Name is what a preset or system source names ("" for the others).
func (s Source) Name() string { _, n, _ := strings.Cut(string(s), " "); return n }

// Input is one accepted value and its source. Value is the value the
// question uses, in base units: an integer, bytes (int64), B/s or seconds
// (float64), a fraction, a switch (bool) or a name (string).
type Input struct {
	Value any    `json:"value"`
	From  Source `json:"from"`
}

// Inputs are a question's accepted values by field name.
type Inputs map[string]Input
