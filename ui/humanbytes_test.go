package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/units"
)

// TestHumanBytesMatchesItsDefinition: the scan reads a message exactly as
// its definition in regexp terms would, `\b(\d{5,}) (bytes|字节)` with a
// count already in parentheses left alone.
func TestHumanBytesMatchesItsDefinition(t *testing.T) {
	def := regexp.MustCompile(`\b(\d{5,}) (bytes|字节)`)
	byRegexp := func(msg string) string {
		var b strings.Builder
		last := 0
		for _, m := range def.FindAllStringSubmatchIndex(msg, -1) {
			b.WriteString(msg[last:m[0]])
			last = m[1]
			n, err := strconv.ParseInt(msg[m[2]:m[3]], 10, 64)
			if err != nil || (m[0] > 0 && msg[m[0]-1] == '(') {
				b.WriteString(msg[m[0]:m[1]])
				continue
			}
			b.WriteString(units.FormatBytes(float64(n), true) + " (" + msg[m[0]:m[1]] + ")")
		}
		b.WriteString(msg[last:])
		return b.String()
	}
	for _, msg := range []string{
		"", "no numbers", "size 375299968947541 bytes is too big",
		"375299968947541 字节 超出", "1234 bytes stays", "12345 bytes",
		"x12345 bytes (no word start)", "_12345 bytes", "(12345 bytes) already exact",
		"a 99999999999999999999 bytes overflow", "two: 100000 bytes and 200000 字节.",
		"12345 bytesX", "12345  bytes (two spaces)", "12345 byte", "é12345 bytes",
		"341.3 TiB (375299968947541 bytes)", "100000 bytes100000 bytes",
	} {
		if got, want := humanBytes(msg), byRegexp(msg); got != want {
			t.Errorf("humanBytes(%q) = %q, want %q", msg, got, want)
		}
	}
}
