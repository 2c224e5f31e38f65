//go:build !mainmodule

package ui

import (
	"strings"

	"github.com/ccplay/ccplay/core/doctor"
)

// carryTools adds the doctor's state outside the URL (see App.Carry): the
// paste box's text, the log last judged (doctor.judged=paste when it is
// that text, else doctor.log and its file name doctor.name) and the
// options as typed (doctor.opt.<field>).
func (t *toolViews) carryTools(add func(k, v string)) {
	d := t.Doctor
	if d.paste != "" {
		add("doctor.paste", d.paste)
	}
	switch {
	case d.log == nil:
	case d.name == "" && string(d.log) == d.paste:
		add("doctor.judged", "paste")
	default:
		add("doctor.log", string(d.log))
		add("doctor.name", d.name)
	}
	for _, f := range doctor.OptionFields {
		if v := d.opts[f]; v != "" {
			add("doctor.opt."+f, v)
		}
	}
}

// restoreTools restores what carryTools wrote: the options first, then
// the log, judged again with them.
func (t *toolViews) restoreTools(v map[string]string) {
	d := t.Doctor
	for _, f := range doctor.OptionFields {
		if val, ok := v["doctor.opt."+f]; ok {
			d.opts[f] = strings.TrimSpace(val)
		}
	}
	d.paste = v["doctor.paste"]
	if log, ok := v["doctor.log"]; ok {
		d.CheckLog(v["doctor.name"], log)
	} else if v["doctor.judged"] == "paste" {
		d.CheckLog("", d.paste)
	}
}
