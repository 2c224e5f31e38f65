package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/lecture"
	"github.com/ccplay/ccplay/core/question"
)

// Hot is the moe lesson's view of a hot expert (lecture 09 §7, Experiment
// 4): the bytes every GPU sends to each expert's GPU when a share of its
// tokens goes to the expert on GPU 0, what GPU 0 receives, and how much
// longer the dispatch takes than with even routing, from core
// (lecture.HotExpertAllToAll of the question's AllToAll). The share is
// field hot, read by core's reader (question.HotShare): the lesson block's
// hot.hot, or the page's address (?hot=0.5), which it then keeps.
type Hot struct {
	S *State

	text string // field hot as given
	url  bool   // the address gave it, or the learner typed it: the URL keeps it
}

// hotFields are the view's fields (hot.<field> in a lesson).
var hotFields = []string{"hot"}

// set applies the lesson block's field, unless the address gave one.
func (c *Hot) set(k, v string) {
	if k == "hot" && !c.url {
		c.text = v
	}
}

// SetShare is the learner typing a share.
func (c *Hot) SetShare(v string) {
	defer c.S.guard()
	c.text, c.url = v, true
}

// Share is the share as given, for the input.
func (c *Hot) Share() string { return c.text }

// result is core's even and hot dispatch of the question's AllToAll.
func (c *Hot) result() (even, hot lecture.Dispatch, err error) {
	share, err := question.HotShare(field.Map(map[string]string{"hot": c.text}))
	if err != nil {
		return even, hot, err
	}
	return lecture.HotExpertAllToAll(c.S.P, share)
}

// Err is why the share cannot be used ("" when it can), naming the field.
func (c *Hot) Err() string {
	if _, _, err := c.result(); err != nil {
		return c.S.ErrMsg(err)
	}
	return ""
}

// HotCell is one destination of the send counts.
type HotCell struct{ GPU, Bytes, Class string }

// Row is what every GPU sends to each GPU.
func (c *Hot) Row() []HotCell {
	_, hot, err := c.result()
	if err != nil {
		return nil
	}
	var out []HotCell
	for j, b := range hot.RowBytes {
		cl := ""
		if j == 0 {
			cl = "hot"
		}
		out = append(out, HotCell{GPU: "GPU " + strconv.Itoa(j), Bytes: BytesShort(b), Class: cl})
	}
	return out
}

// Verdict says what GPU 0 receives against even routing, and the
// dispatch's slowdown.
func (c *Hot) Verdict() string {
	even, hot, err := c.result()
	if err != nil {
		return ""
	}
	return c.S.Tf("hot.verdict", BytesShort(hot.HotReceived), BytesShort(even.HotReceived), times(hot.TimeS/even.TimeS))
}
