// This file defines Bandwidth, a per-direction transfer rate in bytes per
// second, and ParseBandwidth, which tells bits from bytes by the case of b/B.

package units

import (
	"math"
	"strings"
)

// Bandwidth is a transfer rate in bytes per second, in ONE direction of a
// link. A 400 Gbps NIC is Bandwidth(50e9).
type Bandwidth float64

// bandwidthAccepted lists the units ParseBandwidth accepts.
const bandwidthAccepted = "bps, Kbps, Mbps, Gbps, Tbps, b/s, Kb/s, Mb/s, Gb/s, Tb/s, " +
	"B/s, KB/s, MB/s, GB/s, TB/s, KiB/s, MiB/s, GiB/s, TiB/s"

// bandwidthExample is a valid bandwidth quoted in error messages.
const bandwidthExample = "400 Gbps"

// ParseBandwidth parses a rate such as "400Gbps", "400 Gb/s", "50 GB/s" or
// "25 GiB/s". Bit rates (bps or b/s with an optional K, M, G or T prefix)
// use powers of 1000 bits and are divided by 8; byte rates use B/s with
// KB/s…TB/s (powers of 1000) or KiB/s…TiB/s (powers of 1024). The prefix
// letter is case-insensitive but the b/B is not: "400gbps" is bits and
// "50gB/s" is bytes. "Bps" and "GBps" are refused as ambiguous, since some
// tools use them for bits. The result must be finite and greater than 0.
func ParseBandwidth(s string) (Bandwidth, error) {
	n, unit, why, ok := splitQuantity(s, bandwidthExample)
	if !ok {
		return 0, newErrorFor(kindBandwidth, s, why)
	}
	perUnit, why := bandwidthUnit(unit)
	if why.refused() {
		return 0, newErrorFor(kindBandwidth, s, why)
	}
	if n.negative() {
		return 0, newError(kindBandwidth, s, "units.bandwidth.negative")
	}
	if n.isZero() {
		return 0, newError(kindBandwidth, s, "units.bandwidth.zero")
	}
	v := n.float() * perUnit
	switch {
	case math.IsInf(v, 0) || math.IsNaN(v):
		return 0, newError(kindBandwidth, s, "units.too_large")
	case v <= 0:
		return 0, newError(kindBandwidth, s, "units.bandwidth.too_small")
	}
	return Bandwidth(v), nil
}

// bandwidthUnit returns the number of bytes per second in one unit, or a
// reason why the unit is refused.
func bandwidthUnit(unit string) (float64, reason) {
	if unit == "" {
		return 0, because("units.bandwidth.no_unit", bandwidthAccepted)
	}
	prefix, rest := 0, unit
	if c := unit[0]; len(unit) > 1 && strings.IndexByte("kKmMgGtT", c) >= 0 {
		prefix = strings.IndexByte("KMGT", upperASCII(c)) + 1
		rest = unit[1:]
	}
	switch {
	case rest == "bps" || rest == "b/s":
		return pow1000(prefix) / 8, reason{}
	case rest == "B/s":
		return pow1000(prefix), reason{}
	case rest == "iB/s" && prefix > 0:
		return math.Ldexp(1, 10*prefix), reason{}
	case strings.HasSuffix(strings.ToLower(unit), "bps"):
		return 0, because("units.bandwidth.ambiguous", unit, bandwidthAccepted)
	}
	if !strings.HasSuffix(unit, "/s") {
		if _, r := bandwidthUnit(unit + "/s"); !r.refused() {
			return 0, because("units.bandwidth.not_rate", unit, unit+"/s", bandwidthAccepted)
		}
	}
	return 0, because("units.unit.unknown", unit, bandwidthAccepted)
}

// pow1000 returns 1000^n exactly, for n from 0 to 4.
func pow1000(n int) float64 {
	return [...]float64{1, 1e3, 1e6, 1e9, 1e12}[n]
}

// upperASCII upper-cases an ASCII letter.
func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// BytesPerSecond returns the rate in bytes per second.
func (b Bandwidth) BytesPerSecond() float64 { return float64(b) }

// BitsPerSecond returns the rate in bits per second.
func (b Bandwidth) BitsPerSecond() float64 { return float64(b) * 8 }

// bandwidthScales are the units String chooses from, ascending.
func bandwidthScales() []scale {
	return []scale{
		{"B/s", 1, 1},
		{"KB/s", 1e3, 1},
		{"MB/s", 1e6, 1},
		{"GB/s", 1e9, 1},
		{"TB/s", 1e12, 1},
	}
}

// String writes the rate in decimal bytes per second, in the largest of
// B/s, KB/s, MB/s, GB/s, TB/s that keeps the number at least 1 (so the
// number is below 1000 unless the rate is under 1 B/s or at least
// 1000 TB/s), with the fewest significant digits that
// ParseBandwidth reads back to within 1e-12 relative: "50 GB/s",
// "1.25 GB/s", "900 MB/s". Round numbers need at most 4 digits; others get
// as many as needed.
func (b Bandwidth) String() string {
	sc := bandwidthScales()
	return formatScaled(float64(b), sc, sc[0])
}

// Gbps writes the rate in gigabits per second with the same digit rule as
// String, e.g. "400 Gbps" for Bandwidth(50e9).
func (b Bandwidth) Gbps() string {
	gbps := scale{"Gbps", 1e9 / 8, 1}
	return formatScaled(float64(b), []scale{gbps}, gbps)
}
