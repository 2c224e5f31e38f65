package field

import (
	"math"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/ccplay/ccplay/core/units"
)

// The readers below are the one reader per field type of every question.

// Text reads name's trimmed text.
func (f *Form) Text(name string) string {
	return read(f, name, func(s string) (string, error) { return s, nil })
}

// Choice reads one of names (case-insensitive; the value is the name as
// listed).
func (f *Form) Choice(name string, names ...string) string {
	return read(f, name, func(s string) (string, error) {
		for _, n := range names {
			if strings.EqualFold(s, n) {
				return n, nil
			}
		}
		return "", fielderr.New(name, "field.choice", s, strings.Join(names, ", "))
	})
}

// Int reads a base-10 integer in [lo, hi].
func (f *Form) Int(name string, lo, hi int) int {
	return read(f, name, func(s string) (int, error) { return ParseInt(name, s, lo, hi) })
}

// ParseInt parses a base-10 integer in [lo, hi] for field name.
func ParseInt(name, s string, lo, hi int) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || v < lo || v > hi {
		return 0, fielderr.New(name, "field.int.range", lo, hi, s)
	}
	return v, nil
}

// Float reads a finite number in [lo, hi]; unit names what it counts in
// the message (e.g. "seconds per byte reduced").
func (f *Form) Float(name string, lo, hi float64, unit msg.Message) float64 {
	return read(f, name, func(s string) (float64, error) {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || v < lo || v > hi {
			return 0, fielderr.New(name, "field.float.range", unit, lo, hi, s)
		}
		return v, nil
	})
}

// Size reads a size in bytes (units.ParseSize: B, KB…PB, KiB…PiB).
func (f *Form) Size(name string) int64 {
	return read(f, name, func(s string) (int64, error) {
		v, err := units.ParseSize(s)
		return int64(v), err
	})
}

// NCCLSize reads a size as nccl-tests does (a bare K, M, G, T is binary).
func (f *Form) NCCLSize(name string) int64 {
	return read(f, name, func(s string) (int64, error) {
		v, err := units.ParseNCCLSize(s)
		return int64(v), err
	})
}

// Bandwidth reads a bandwidth per direction, in B/s.
func (f *Form) Bandwidth(name string) float64 {
	return read(f, name, func(s string) (float64, error) {
		v, err := units.ParseBandwidth(s)
		return v.BytesPerSecond(), err
	})
}

// Duration reads a duration with its unit, in seconds.
func (f *Form) Duration(name string) float64 {
	return read(f, name, func(s string) (float64, error) {
		v, err := units.ParseDuration(s)
		return v.Seconds(), err
	})
}

// Fraction reads a fraction in (0, 1], as 0.9 or 90 %.
func (f *Form) Fraction(name string) float64 {
	return read(f, name, func(s string) (float64, error) {
		v, err := units.ParseEfficiency(s)
		return float64(v), err
	})
}

// OnOff reads a switch: on, true, 1, yes or off, false, 0, no (any case).
func (f *Form) OnOff(name string) bool {
	return read(f, name, func(s string) (bool, error) {
		switch strings.ToLower(s) {
		case "on", "true", "1", "yes":
			return true, nil
		case "off", "false", "0", "no":
			return false, nil
		}
		return false, fielderr.New(name, "field.onoff", s)
	})
}

// Link reads one link class: the preset named by presetField (its default
// text when not given; "" for none) gives the bandwidth and latency that
// bwField and latField do not give; fields given explicitly win over the
// preset. The inputs record which: given, the preset, or the default.
func (f *Form) Link(presetField, bwField, latField string) topo.Link {
	l := topo.Link{Bandwidth: f.Bandwidth(bwField), Alpha: f.Duration(latField)}
	name, from := f.text(presetField)
	if name == "" {
		return l
	}
	pr, err := topo.LookupPreset(presetField, name)
	if err != nil {
		f.Fail(err)
		return l
	}
	f.In[presetField] = Input{Value: pr.Name, From: from}
	if !f.Given(bwField) && !f.Bad(bwField) {
		l.Bandwidth = pr.Bandwidth
		f.Set(bwField, pr.Bandwidth, Preset(pr.Name))
	}
	if !f.Given(latField) && !f.Bad(latField) {
		l.Alpha = pr.Latency
		f.Set(latField, pr.Latency, Preset(pr.Name))
	}
	return l
}
