package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/units"
)

// unitKindZH names units' quantities on the zh page (units.Error.Kind).
var unitKindZH = map[string]string{"size": "大小", "bandwidth": "带宽", "duration": "时长", "efficiency": "效率"}

// ErrMsg is err's message as the page shows it, in the page's language: a
// *fielderr.Error's Msg (the field is named by where the message
// appears), any other error's Error(). Core writes its messages in English
// (the CLI and the API print them so); on the zh page a message core built
// from a format (fielderr.Errorf, units' parse errors) whose format coreErrZH
// translates is built again from the translation with the same arguments,
// arguments that are errors themselves in turn. A message without a
// translation stays English. O(length of the message).
func (s *State) ErrMsg(err error) string { return humanBytes(s.errMsg(err)) }

// humanBytes adds the binary-unit reading to every large byte count of a
// message: "375299968947541 bytes" becomes "341.3 TiB (375299968947541
// bytes)", so a limit reads at a glance. A large count is a run of five or
// more digits that starts a word and is followed by " bytes" or " 字节", as
// core's messages write it; one already in parentheses is the exact figure
// beside a reading and stays. O(len(msg)). (A scan, not a regexp: package
// regexp would add ≈ 65 KB to the gzipped wasm.)
func humanBytes(msg string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(msg); {
		if !isDigit(msg[i]) || (i > 0 && isWordByte(msg[i-1])) {
			i++
			continue
		}
		j := i
		for j < len(msg) && isDigit(msg[j]) {
			j++
		}
		end := j
		for _, unit := range []string{" bytes", " 字节"} {
			if strings.HasPrefix(msg[j:], unit) {
				end = j + len(unit)
			}
		}
		if j-i < 5 || end == j || (i > 0 && msg[i-1] == '(') {
			i = j
			continue
		}
		n, err := strconv.ParseInt(msg[i:j], 10, 64)
		if err == nil {
			b.WriteString(msg[last:i])
			b.WriteString(units.FormatBytes(float64(n), true) + " (" + msg[i:end] + ")")
			last = end
		}
		i = end
	}
	if last == 0 {
		return msg
	}
	b.WriteString(msg[last:])
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
	var fe *fielderr.Error
	if errors.As(err, &fe) && fe.ID != "" {
		return fe.Reason(s.Lang)
	}
	if errors.As(err, &fe) {
		if s.Lang != "zh" {
			return fe.Msg
		}
		if zh, ok := coreErrZH[fe.Format]; ok {
			return fmt.Sprintf(zh, s.errArgs(fe.Args)...)
		}
		if fe.Cause != nil {
			return s.errMsg(fe.Cause)
		}
		return fe.Msg
	}
	var ue *units.Error
	if s.Lang == "zh" && errors.As(err, &ue) {
		reason := ue.Reason
		if zh, ok := coreErrZH[ue.Format]; ok {
			reason = fmt.Sprintf(zh, s.errArgs(ue.Args)...)
		}
		kind := ue.Kind
		if k, ok := unitKindZH[kind]; ok {
			kind = k
		}
		return fmt.Sprintf("%s %q：%s", kind, ue.Input, reason)
	}
	return err.Error()
}

// errArgs is args with every error replaced by its message in the page's
// language (see ErrMsg).
func (s *State) errArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if e, ok := a.(error); ok {
			a = s.errMsg(e)
		}
		out[i] = a
	}
	return out
}
