// This file splits a quantity such as "1.5 GiB" into its number and its
// unit. The number is kept both as text (for strconv.ParseFloat) and as an
// exact decimal (for sizes, which must be whole numbers of bytes).

package units

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxExponent bounds the decimal exponent kept for a number; anything larger
// is far outside every range this package accepts.
const maxExponent = 1_000_000_000

// number is a parsed decimal number, value = ±digits × 10^exp.
type number struct {
	text   string // the number as written, sign included
	neg    bool   // a leading '-' was present
	digits string // significant digits, no leading or trailing zeros; "" for zero
	exp    int    // decimal exponent applied to digits
}

// isZero reports whether the number is zero (of either sign).
func (n number) isZero() bool { return n.digits == "" }

// negative reports whether the number is strictly below zero.
func (n number) negative() bool { return n.neg && !n.isZero() }

// float returns the number as a float64. Overflow yields ±Inf, underflow
// yields ±0.
func (n number) float() float64 {
	v, err := strconv.ParseFloat(n.text, 64)
	if err != nil && !math.IsInf(v, 0) {
		// The scanner only admits valid syntax, so this cannot happen;
		// fall back to NaN so callers reject it.
		return math.NaN()
	}
	return v
}

// splitQuantity trims s and splits it into a leading number and the unit
// that follows it (possibly after spaces). When s does not start with a
// number it returns ok == false and a reason; example is a valid input of
// the right kind, quoted in that reason.
func splitQuantity(s, example string) (n number, unit string, why reason, ok bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return number{}, "", because("units.empty", example), false
	}
	n, rest, ok := scanNumber(t)
	if !ok {
		if looksNonFinite(t) {
			return number{}, "", because("units.not_finite"), false
		}
		return number{}, "", because("units.not_number", example), false
	}
	unit = strings.TrimLeftFunc(rest, unicode.IsSpace)
	return n, unit, reason{}, true
}

// looksNonFinite reports whether t spells NaN or infinity.
func looksNonFinite(t string) bool {
	l := strings.ToLower(strings.TrimLeft(t, "+-"))
	return strings.HasPrefix(l, "nan") || strings.HasPrefix(l, "inf")
}

// scanNumber reads [+-]digits[.digits][e[+-]digits] from the start of t. At
// least one digit is required before or after the point. An 'e' that is not
// followed by digits is left for the unit.
func scanNumber(t string) (n number, rest string, ok bool) {
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		n.neg = t[i] == '-'
		i++
	}
	intStart := i
	for i < len(t) && isDigit(t[i]) {
		i++
	}
	intDigits := t[intStart:i]
	var fracDigits string
	if i < len(t) && t[i] == '.' {
		j := i + 1
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		fracDigits = t[i+1 : j]
		i = j
	}
	if intDigits == "" && fracDigits == "" {
		return number{}, t, false
	}
	exp := 0
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		j := i + 1
		expNeg := false
		if j < len(t) && (t[j] == '+' || t[j] == '-') {
			expNeg = t[j] == '-'
			j++
		}
		if j < len(t) && isDigit(t[j]) {
			for j < len(t) && isDigit(t[j]) {
				if exp < maxExponent/10 {
					exp = exp*10 + int(t[j]-'0')
				} else {
					exp = maxExponent // saturate; no accepted value is this far out
				}
				j++
			}
			exp = min(exp, maxExponent)
			if expNeg {
				exp = -exp
			}
			i = j
		}
	}
	n.text = t[:i]
	all := strings.TrimLeft(intDigits+fracDigits, "0")
	trimmed := strings.TrimRight(all, "0")
	if trimmed != "" {
		n.digits = trimmed
		n.exp = exp - len(fracDigits) + (len(all) - len(trimmed))
	}
	return n, t[i:], true
}

// isDigit reports whether c is an ASCII decimal digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// upperFirst returns u with its first letter (one of k m g t p) in upper
// case, so that unit prefixes can be matched case-insensitively.
func upperFirst(u string) string {
	if u == "" {
		return u
	}
	r, size := utf8.DecodeRuneInString(u)
	switch r {
	case 'k', 'm', 'g', 't', 'p':
		return string(unicode.ToUpper(r)) + u[size:]
	}
	return u
}
