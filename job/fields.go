package job

import (
	"fmt"
	"strings"
	"time"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/transport"
)

// readCollectives reads field "collective": a comma-separated list, def
// when it is not given.
func readCollectives(get field.Lookup, def []prim.Collective) ([]prim.Collective, error) {
	s, ok := get("collective")
	if !ok {
		return def, nil
	}
	var cs []prim.Collective
	for _, part := range strings.Split(s, ",") {
		c, err := prim.ParseCollective(part)
		if err != nil {
			return nil, fielderr.On("collective", fmt.Errorf("unknown collective %q; want a comma-separated list of: %s", strings.TrimSpace(part), strings.Join(collNames(), ", ")))
		}
		cs = append(cs, c)
	}
	return cs, nil
}

func collNames() []string {
	var s []string
	for _, c := range prim.Collectives() {
		s = append(s, string(c))
	}
	return s
}

// readAlgorithms reads field "algorithm" as a comma-separated list (nil
// when it is not given).
func readAlgorithms(get field.Lookup) ([]sched.Algorithm, error) {
	s, ok := get("algorithm")
	if !ok {
		return nil, nil
	}
	var algs []sched.Algorithm
	for _, part := range strings.Split(s, ",") {
		a, err := sched.ParseAlgorithm(part)
		if err != nil {
			return nil, err
		}
		algs = append(algs, a)
	}
	return algs, nil
}

// MinTimeout and MaxTimeout bound field "timeout": below a millisecond
// no rank can even connect, so every wait would time out.
const (
	MinTimeout = time.Millisecond
	MaxTimeout = time.Hour
)

// readTimeout reads field "timeout", a duration from MinTimeout to
// MaxTimeout (transport.DefaultTimeout when it is not given).
func readTimeout(get field.Lookup) (time.Duration, error) {
	s, ok := get("timeout")
	if !ok {
		return transport.DefaultTimeout, nil
	}
	d, ok := durationWithin(s, MinTimeout, MaxTimeout)
	if !ok {
		return 0, fielderr.On("timeout", fmt.Errorf("want a duration from 1ms to 1h such as 10s or 500ms, got %q", s))
	}
	return d, nil
}

// durationWithin reads s as units.ParseDuration does (a number with a
// unit: ns, us, ms, s), or else as time.ParseDuration does (so "1h" and
// "1m30s" read too), and reports whether it lies in [lo, hi]; the result
// is rounded to whole nanoseconds.
func durationWithin(s string, lo, hi time.Duration) (time.Duration, bool) {
	secs := 0.0
	if d, err := units.ParseDuration(s); err == nil {
		secs = d.Seconds()
	} else if gd, err := time.ParseDuration(strings.TrimSpace(s)); err == nil {
		secs = gd.Seconds()
	} else {
		return 0, false
	}
	if secs < lo.Seconds() || secs > hi.Seconds() {
		return 0, false
	}
	return time.Duration(secs * float64(time.Second)), true
}

// MaxSpin bounds field "spin": longer polling only burns the core (a
// message that has not come within milliseconds is not saved a wake-up).
const MaxSpin = 10 * time.Millisecond

// readSpin reads field "spin" for np ranks on cpus CPUs: "auto" (or not
// given) is transport.SpinFor(np, cpus); otherwise 0 or a duration up to
// MaxSpin, yielding when np exceeds the CPUs.
func readSpin(get field.Lookup, np, cpus int) (spin time.Duration, yield bool, err error) {
	s, _ := get("spin")
	switch s {
	case "", "auto":
		spin, yield = transport.SpinFor(np, cpus)
		return spin, yield, nil
	case "0":
		return 0, false, nil // no unit needed to say none
	}
	d, ok := durationWithin(s, 0, MaxSpin)
	if !ok {
		return 0, false, fielderr.On("spin", fmt.Errorf("want auto, 0 or a duration up to 10ms such as 100us, got %q", s))
	}
	return d, np > cpus, nil
}
