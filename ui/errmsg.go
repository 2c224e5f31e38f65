package ui

import (
	"errors"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/units"
)

// ErrMsg is err's message as the page shows it, in the page's language:
// the message core gave it, by ID (msg.Render), without the field (the
// field is named by where the message appears); an error without one, its
// Error(). Large byte counts get a binary-unit reading (humanBytes).
// O(length of the message).
func (s *State) ErrMsg(err error) string { return humanBytes(s.errMsg(err)) }

// humanBytes adds the binary-unit reading to every large byte count of a
// message: "375299968947541 bytes" becomes "341.3 TiB (375299968947541
// bytes)", so a limit reads at a glance. A large count is a run of five or
// more digits that starts a word and is followed by " bytes" or " 字节", as
// core's messages write it; one already in parentheses is the exact figure
// beside a reading and stays. O(len(msg)). (A scan, not a regexp: package
// regexp would add ≈ 65 KB to the gzipped wasm.)
func humanBytes(text string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(text); {
		if !isDigit(text[i]) || (i > 0 && isWordByte(text[i-1])) {
			i++
			continue
		}
		j := i
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		end := j
		for _, unit := range []string{" bytes", " 字节"} {
			if strings.HasPrefix(text[j:], unit) {
				end = j + len(unit)
			}
		}
		if j-i < 5 || end == j || (i > 0 && text[i-1] == '(') {
			i = j
			continue
		}
		n, err := strconv.ParseInt(text[i:j], 10, 64)
		if err == nil {
			b.WriteString(text[last:i])
			b.WriteString(units.FormatBytes(float64(n), true) + " (" + text[i:end] + ")")
			last = end
		}
		i = end
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWordByte reports whether c is an ASCII letter, digit or underscore.
func isWordByte(c byte) bool {
	return isDigit(c) || c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func (s *State) errMsg(err error) string {
	if err == nil {
		return ""
	}
	if m, ok := msg.Of(err); ok && m.ID != "text" {
		return m.In(s.Lang)
	}
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}
