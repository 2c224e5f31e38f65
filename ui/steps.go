package ui

import "strconv"

// PlayText is the play button's label.
func (c *Steps) PlayText() string { return c.S.PlayLabel() }

// Round is the round shown, as the scrubber's value.
func (c *Steps) Round() string { return strconv.Itoa(c.S.round()) }
