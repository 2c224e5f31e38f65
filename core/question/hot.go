package question

import (
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/msg"
)

// HotShare reads field hot: the share of every rank's tokens routed to the
// hot expert (rank 0) in an MoE dispatch, from 0 to 1 (lecture 09 §7,
// Experiment 4; lecture.HotExpertAllToAll takes it). Absent, it is 1/8.
// Errors are *fielderr.Error on field hot.
func HotShare(get field.Lookup) (float64, error) {
	f := field.NewForm(get, map[string]string{"hot": "0.125"})
	v := f.Float("hot", 0, 1, msg.New("question.hot.unit"))
	return v, f.Errs.Err()
}
