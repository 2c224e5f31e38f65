package doctor

import (
	"errors"

	"github.com/ccplay/ccplay/core/fielderr"
)

// Text is one English sentence of a verdict with what it is made of:
// Msg == fmt.Sprintf(Format, Args...), as in core/fielderr, so that a
// front end can say it in another language by translating Format and
// reusing Args. An argument may itself be a Text (a phrase such as the
// hardware a verdict measures against), translated the same way.
type Text struct {
	Msg    string `json:"msg"`
	Format string `json:"format"`
	Args   []any  `json:"args,omitempty"`
}

// String returns Msg, so that a Text argument prints as its sentence.
func (t Text) String() string { return t.Msg }

// textOf is the Text of an error: Format and Args of a *fielderr.Error
// built by fielderr.Errorf (every sentence of this package is built so,
// with a literal format, which is how ui's catalog test finds them), the
// bare message otherwise.
func textOf(err error) Text {
	var fe *fielderr.Error
	if errors.As(err, &fe) && fe.Format != "" {
		return Text{Msg: fe.Msg, Format: fe.Format, Args: fe.Args}
	}
	return Text{Msg: err.Error(), Format: "%s", Args: []any{err.Error()}}
}
