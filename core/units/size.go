// This file defines Size, a count of bytes, its unit constants and the
// parsers ParseSize and ParseNCCLSize.

package units

import (
	"strconv"
	"strings"
)

// Size is a number of bytes.
type Size int64

// Decimal (SI) and binary (IEC) multiples of a byte.
const (
	KB Size = 1e3
	MB Size = 1e6
	GB Size = 1e9
	TB Size = 1e12
	PB Size = 1e15

	KiB Size = 1 << 10
	MiB Size = 1 << 20
	GiB Size = 1 << 30
	TiB Size = 1 << 40
	PiB Size = 1 << 50
)

// sizeAccepted lists the units ParseSize accepts, for error messages.
const sizeAccepted = "B, KB, MB, GB, TB, PB, KiB, MiB, GiB, TiB, PiB"

// sizeExample is a valid size quoted in error messages.
const sizeExample = "100MiB"

// sizeUnitFactor returns the value of a size unit whose prefix letter has
// been upper-cased, and whether it is one ParseSize accepts.
func sizeUnitFactor(canon string) (scaleFactor, bool) {
	switch canon {
	case "B":
		return scaleFactor{}, true
	case "KB", "MB", "GB", "TB", "PB":
		return scaleFactor{pow10: 3 * prefixRank(canon[0])}, true
	case "KiB", "MiB", "GiB", "TiB", "PiB":
		return scaleFactor{pow2: uint(10 * prefixRank(canon[0]))}, true
	}
	return scaleFactor{}, false
}

// ncclUnitFactor returns the binary value of the bare K, M, G or T suffix
// used by nccl-tests' -b and -e flags (prefix upper-cased).
func ncclUnitFactor(canon string) (scaleFactor, bool) {
	switch canon {
	case "K", "M", "G", "T":
		return scaleFactor{pow2: uint(10 * prefixRank(canon[0]))}, true
	}
	return scaleFactor{}, false
}

// prefixRank returns n for the prefix letter meaning 1000^n or 1024^n.
func prefixRank(c byte) int {
	return strings.IndexByte("KMGTP", c) + 1
}

// ParseSize parses a byte count such as "1048576", "100MiB", "1.5 GiB",
// "2e3B" or "14GB". The unit is optional (a bare number is bytes) and may
// follow spaces. Accepted units are B, the decimal KB, MB, GB, TB, PB
// (powers of 1000) and the binary KiB, MiB, GiB, TiB, PiB (powers of 1024);
// only the prefix letter is case-insensitive, so "kB" and "giB" are fine but
// "Kb" or "b" (bits) and bare "K" or "G" (ambiguous) are refused. The result
// must be a whole, non-negative number of bytes that fits in an int64.
func ParseSize(s string) (Size, error) {
	return parseSize(s, false)
}

// ParseNCCLSize parses a size as given to nccl-tests' -b and -e flags:
// a bare K, M, G or T suffix (either case) is binary, so "8G" is 8×2^30
// bytes, and a plain number is bytes. Everything ParseSize accepts is
// accepted too, with the same meaning.
func ParseNCCLSize(s string) (Size, error) {
	return parseSize(s, true)
}

// parseSize implements ParseSize and, when nccl is set, ParseNCCLSize.
func parseSize(s string, nccl bool) (Size, error) {
	n, unit, why, ok := splitQuantity(s, sizeExample)
	if !ok {
		return 0, newErrorFor(kindSize, s, why)
	}
	f, why := sizeUnit(unit, nccl)
	if why.refused() {
		return 0, newErrorFor(kindSize, s, why)
	}
	if n.negative() {
		return 0, newError(kindSize, s, "units.size.negative")
	}
	b, why := exactBytes(n, f)
	if why.refused() {
		return 0, newErrorFor(kindSize, s, why)
	}
	return Size(b), nil
}

// sizeUnit looks up a size unit; on failure it returns a reason that says
// what is wrong with the unit and what is accepted instead.
func sizeUnit(unit string, nccl bool) (scaleFactor, reason) {
	if unit == "" {
		return scaleFactor{}, reason{}
	}
	canon := upperFirst(unit)
	if f, ok := sizeUnitFactor(canon); ok {
		return f, reason{}
	}
	if f, ok := ncclUnitFactor(canon); ok && nccl {
		return f, reason{}
	}
	accepted := sizeAccepted
	if nccl {
		accepted += ", or bare K, M, G, T (binary)"
	}
	switch {
	case len(canon) == 1 && strings.Contains("KMGTP", canon):
		p10, p2 := prefixExps(canon)
		return scaleFactor{}, because("units.size.ambiguous", unit, canon, p10, canon, p2)
	case isBitsUnit(canon):
		return scaleFactor{}, because("units.size.bits", unit, sizeAccepted)
	case strings.Contains(unit, "/") || strings.HasSuffix(strings.ToLower(unit), "ps"):
		return scaleFactor{}, because("units.size.bandwidth", unit, accepted)
	}
	return scaleFactor{}, because("units.unit.unknown", unit, accepted)
}

// isBitsUnit reports whether canon (prefix upper-cased) is b, Kb…Pb or
// Kib…Pib: a spelling that means bits in networking.
func isBitsUnit(canon string) bool {
	if canon == "b" {
		return true
	}
	if len(canon) < 2 || !strings.Contains("KMGTP", canon[:1]) {
		return false
	}
	rest := canon[1:]
	return rest == "b" || rest == "ib"
}

// prefixExps returns the powers of ten and of two that a prefix letter
// stands for, as text for error messages.
func prefixExps(prefix string) (pow10, pow2 string) {
	n := prefixRank(prefix[0])
	return strconv.Itoa(3 * n), strconv.Itoa(10 * n)
}
