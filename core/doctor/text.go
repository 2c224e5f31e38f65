package doctor

import (
	"github.com/ccplay/ccplay/core/msg"
)

// Text is one sentence of a verdict as a message (core/msg): its ID and
// arguments, which a face renders in its language (Message().In(lang)),
// and Msg, the same in English (Msg == Message().String()). An argument
// may itself be a Text (a phrase such as the hardware a verdict measures
// against), rendered in the same language.
type Text struct {
	ID   msg.ID `json:"id"`
	Args []any  `json:"args,omitempty"`
	Msg  string `json:"msg"`
}

// Message is the Text's message (msg.Localized).
func (t Text) Message() msg.Message { return msg.New(t.ID, t.Args...) }

// In renders the Text in lang.
func (t Text) In(lang string) string { return t.Message().In(lang) }

// String returns Msg, so that a Text argument prints as its sentence.
func (t Text) String() string { return t.Msg }

// say is the Text of message id with args.
func say(id msg.ID, args ...any) Text {
	m := msg.New(id, args...)
	return Text{ID: id, Args: args, Msg: m.String()}
}

// textOf is the Text of an error: the message it carries (every error of
// core/nccltests and core/fielderr does), its English text under the ID
// "text" otherwise.
func textOf(err error) Text {
	if m, ok := msg.Of(err); ok {
		return say(m.ID, m.Args...)
	}
	return say("text", err.Error())
}
