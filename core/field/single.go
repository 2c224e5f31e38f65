package field

import "github.com/ccplay/ccplay/core/topo"

// The functions below read one field on its own, for questions that stop
// at their first bad field; a question that reports every bad field reads
// through a Form.

// LinkDefaults are the default texts of the two link classes' fields
// shared by every question: the lecture's network (400 Gbit/s = 50 GB/s,
// α = 5 µs) and NVLink 4 inside a node (450 GB/s per direction, 1 µs).
var LinkDefaults = map[string]string{
	"bandwidth": "50GB/s", "latency": "5us",
	"intra-bandwidth": "450GB/s", "intra-latency": "1us",
}

// one reads name alone through a form whose default for name is def.
func one[T any](get Lookup, name, def string, read func(*Form) T) (T, error) {
	f := NewForm(get, map[string]string{name: def})
	v := read(f)
	return v, f.Err()
}

// Text is the trimmed text of name, or def when it is not given.
func Text(get Lookup, name, def string) string {
	v, _ := one(get, name, def, func(f *Form) string { return f.Text(name) })
	return v
}

// Int reads the integer field name in [lo, hi], or def when not given.
func Int(get Lookup, name string, def, lo, hi int) (int, error) {
	if _, ok := get(name); !ok {
		return def, nil
	}
	return one(get, name, "", func(f *Form) int { return f.Int(name, lo, hi) })
}

// Size reads a size in bytes, def when not given.
func Size(get Lookup, name, def string) (int64, error) {
	return one(get, name, def, func(f *Form) int64 { return f.Size(name) })
}

// Fraction reads a fraction in (0, 1], def when not given.
func Fraction(get Lookup, name, def string) (float64, error) {
	return one(get, name, def, func(f *Form) float64 { return f.Fraction(name) })
}

// OnOff reads a switch, def when not given.
func OnOff(get Lookup, name, def string) (bool, error) {
	return one(get, name, def, func(f *Form) bool { return f.OnOff(name) })
}

// Link reads one link class as Form.Link does, with presetDef as the
// preset when presetField is not given and LinkDefaults for the rest.
func Link(get Lookup, presetField, presetDef, bwField, latField string) (topo.Link, error) {
	d := map[string]string{presetField: presetDef, bwField: LinkDefaults[bwField], latField: LinkDefaults[latField]}
	f := NewForm(get, d)
	l := f.Link(presetField, bwField, latField)
	return l, f.Err()
}
