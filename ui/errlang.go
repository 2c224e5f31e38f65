package ui

import (
	"errors"
	"fmt"
	"regexp"
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

// bigBytes matches a byte count of five or more digits as core's messages
// write it ("375299968947541 bytes", "375299968947541 字节").
var bigBytes = regexp.MustCompile(`\b(\d{5,}) (bytes|字节)`)

// humanBytes adds the binary-unit reading to every large byte count of a
// message: "375299968947541 bytes" becomes "341.3 TiB (375299968947541
// bytes)", so a limit reads at a glance. O(len(msg)).
func humanBytes(msg string) string {
	idx := bigBytes.FindAllStringSubmatchIndex(msg, -1)
	if idx == nil {
		return msg
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		b.WriteString(msg[last:m[0]])
		last = m[1]
		n, err := strconv.ParseInt(msg[m[2]:m[3]], 10, 64)
		if err != nil || (m[0] > 0 && msg[m[0]-1] == '(') {
			b.WriteString(msg[m[0]:m[1]]) // already the exact figure beside a reading
			continue
		}
		b.WriteString(units.FormatBytes(float64(n), true) + " (" + msg[m[0]:m[1]] + ")")
	}
	b.WriteString(msg[last:])
	return b.String()
}

func (s *State) errMsg(err error) string {
	if err == nil {
		return ""
	}
	var fe *fielderr.Error
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
