package request

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/topo"
	"github.com/ccplay/ccplay/core/units"
)

// The readers below are the one reader per field type of every question
// (cost, table, plan): each reads the named field, or takes def when it is
// not given, and fails with a *fielderr.Error naming the field.

// Text is the trimmed text of name, or def when it is not given.
func Text(get Lookup, name, def string) string {
	if v, ok := get(name); ok {
		return strings.TrimSpace(v)
	}
	return def
}

// Size reads a size in bytes (units.ParseSize: B, KB…PB, KiB…PiB).
func Size(get Lookup, name, def string) (int64, error) {
	v, err := units.ParseSize(Text(get, name, def))
	if err != nil {
		return 0, field(name, err)
	}
	return int64(v), nil
}

// Fraction reads a fraction in (0, 1], as 0.9 or 90 % (units.ParseEfficiency).
func Fraction(get Lookup, name, def string) (float64, error) {
	v, err := units.ParseEfficiency(Text(get, name, def))
	if err != nil {
		return 0, field(name, err)
	}
	return float64(v), nil
}

// OnOff reads a switch: on, true, 1, yes or off, false, 0, no (any case).
func OnOff(get Lookup, name, def string) (bool, error) {
	switch s := strings.ToLower(Text(get, name, def)); s {
	case "on", "true", "1", "yes":
		return true, nil
	case "off", "false", "0", "no":
		return false, nil
	default:
		return false, fielderr.Errorf(name, "want on or off, got %q", s)
	}
}

// Link reads one link class: the preset named by presetField (presetDef
// when it is not given; "" for none, when bwField's and latField's own
// defaults apply) gives the bandwidth and latency that bwField and
// latField do not give; fields given explicitly win over the preset.
func Link(get Lookup, presetField, presetDef, bwField, latField string) (topo.Link, error) {
	b, err := units.ParseBandwidth(value(get, bwField))
	if err != nil {
		return topo.Link{}, field(bwField, err)
	}
	d, err := units.ParseDuration(value(get, latField))
	if err != nil {
		return topo.Link{}, field(latField, err)
	}
	l := topo.Link{Bandwidth: b.BytesPerSecond(), Alpha: d.Seconds()}
	if name := Text(get, presetField, presetDef); name != "" {
		pr, err := topo.LookupPreset(presetField, name)
		if err != nil {
			return topo.Link{}, err
		}
		if _, given := get(bwField); !given {
			l.Bandwidth = pr.Bandwidth
		}
		if _, given := get(latField); !given {
			l.Alpha = pr.Latency
		}
	}
	return l, nil
}
