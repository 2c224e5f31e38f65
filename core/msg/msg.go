// Package msg is how core speaks: every message a person may read is a
// stable ID with typed arguments, rendered in a language from one catalogue
// per language (en.go, zh.go). Core never builds an English sentence for a
// face to show; faces render a Message in the language they serve.
//
// Invariants (checked by the catalogue tests): every ID used anywhere has an
// entry in every catalogue; an entry's fmt verbs match across languages
// (same count and type letters, explicit indexes where word order differs),
// so Render never produces a %!verb; nothing here names a CLI flag, a
// command or an HTTP route — advice that depends on the face is written by
// the face — nor a file of the repository, which no reader of a face can
// open.
package msg

import (
	"errors"
	"fmt"
	"sort"
)

// ID names a message. IDs are dotted lowercase words ("size.negative"),
// stable across releases: faces and tests may key on them.
type ID string

// Message is an ID with the arguments its format takes. An argument is a
// number, a string, a Message or an error carrying one (Localized); nested
// messages are rendered in the same language.
type Message struct {
	ID   ID
	Args []any
}

// New returns the message id with args.
func New(id ID, args ...any) Message { return Message{ID: id, Args: args} }

// String renders m in English, the language of the CLI and of error values.
func (m Message) String() string { return m.In(EN) }

// In renders m in lang (EN when lang has no catalogue). An ID missing from
// lang's catalogue falls back to English; one missing from English renders
// as the ID followed by its arguments, which the catalogue test forbids.
func (m Message) In(lang string) string {
	format, ok := catalogue(lang)[m.ID]
	if !ok {
		format, ok = en[m.ID]
	}
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		args[i] = localize(a, lang)
	}
	if !ok {
		return fmt.Sprint(append([]any{string(m.ID)}, args...)...)
	}
	return fmt.Sprintf(format, args...)
}

// Languages a catalogue exists for.
const (
	EN = "en"
	ZH = "zh"
)

// Languages lists the catalogues' languages, English first.
func Languages() []string { return []string{EN, ZH} }

// Lang returns the supported language lang names, or EN: "zh", "zh-CN" and
// "zh-Hans" are ZH; anything else is EN.
func Lang(lang string) string {
	if len(lang) >= 2 && (lang[:2] == "zh" || lang[:2] == "ZH") {
		return ZH
	}
	return EN
}

func catalogue(lang string) map[ID]string {
	if Lang(lang) == ZH {
		return zh
	}
	return en
}

// Has reports whether lang's catalogue holds id.
func Has(lang string, id ID) bool { _, ok := catalogue(lang)[id]; return ok }

// Format is the format lang's catalogue holds for id ("" if none).
func Format(lang string, id ID) string { return catalogue(lang)[id] }

// IDs lists the IDs of lang's catalogue, sorted.
func IDs(lang string) []ID {
	c := catalogue(lang)
	out := make([]ID, 0, len(c))
	for id := range c {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Localized is an error or value that carries a Message.
type Localized interface {
	Message() Message
}

// Of returns the Message err (or something it wraps) carries.
func Of(err error) (Message, bool) {
	var l Localized
	if errors.As(err, &l) {
		return l.Message(), true
	}
	return Message{}, false
}

// Render is err's text in lang: its Message when it carries one, else its
// Error(). A nil err renders as "".
func Render(err error, lang string) string {
	if err == nil {
		return ""
	}
	if m, ok := Of(err); ok {
		return m.In(lang)
	}
	return err.Error()
}

// localize renders an argument that is a Message or carries one in lang;
// other arguments pass through for fmt.
func localize(a any, lang string) any {
	switch v := a.(type) {
	case Message:
		return v.In(lang)
	case Localized:
		return v.Message().In(lang)
	case error:
		return Render(v, lang)
	}
	return a
}

// Error is a Message as an error value (for errors that name no field).
type Error struct{ Msg Message }

// Errorf returns the error carrying New(id, args...).
func Errorf(id ID, args ...any) error { return &Error{New(id, args...)} }

func (e *Error) Error() string    { return e.Msg.String() }
func (e *Error) Message() Message { return e.Msg }
