package ui

import (
	"errors"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/doctor"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/topo"
)

// Doctor is the "check my log" view, `ccplay doctor` in the page: an
// nccl-tests log (a file, pasted text or a built-in example) and the
// options the CLI takes (doctor.OptionFields: system, ranks, collective,
// and NCCL_ALGO and NCCL_PROTO set outside the log) go to doctor.Judge,
// and the view shows its verdict as the CLI prints it, in the page's
// language (doctor_show.go). The view keeps the last log and its verdict;
// changing an option judges the same log again.
type Doctor struct {
	S *State
	// Load fetches a built-in example log (public/examples/<file>) and
	// calls done with its bytes; the browser adapter sets it to a fetch,
	// natively it reads the embedded copies (doctor_native.go).
	Load func(file string, done func([]byte, error))

	paste string            // the paste box's text
	log   []byte            // the log last judged (nil: none yet)
	name  string            // its file name, "" for pasted text
	opts  map[string]string // the options as typed, by field name (doctor.OptionFields)
	v     *doctor.Verdict   // Judge's verdict on log (nil: none, or a bad option)
	err   error             // Judge's error: a bad option, or the log's first problem
	load  string            // why a file or an example could not be read ("" if it could)
	// fetching is the example being fetched ("" when none); a later
	// choice supersedes it, and its answer is then dropped.
	fetching string
}

// newDoctor is the view with no log and no options.
func newDoctor(s *State) *Doctor {
	return &Doctor{S: s, Load: defaultExampleLoader, opts: map[string]string{}}
}

// MaxDoctorBytes is the largest log read (nccltests.MaxInput, as the CLI).
const MaxDoctorBytes = nccltests.MaxInput

// SetPaste records the paste box's text.
func (c *Doctor) SetPaste(v string) { c.paste = v }

// CheckPaste judges the paste box's text.
func (c *Doctor) CheckPaste() { c.CheckLog("", c.paste) }

// CheckLog judges a log: name is its file name ("" for pasted text).
func (c *Doctor) CheckLog(name, data string) {
	defer c.S.guard()
	c.log, c.name, c.load, c.fetching = []byte(data), name, "", ""
	c.judge()
}

// CheckLogFile is CheckLog for a file the browser read; size is its
// length, refused above MaxDoctorBytes unread (the last verdict stays).
func (c *Doctor) CheckLogFile(name string, size int64, data string) {
	defer c.S.guard()
	if size > MaxDoctorBytes {
		c.load = c.S.Tf("d.err.big", name, size, MaxDoctorBytes)
		return
	}
	c.CheckLog(name, data)
}

// LogFileError reports a file the browser could not read; the last
// verdict stays.
func (c *Doctor) LogFileError(name, why string) {
	defer c.S.guard()
	c.load = name + ": " + why
}

// SetOption sets one of the options (a field of doctor.OptionFields; ""
// leaves the log's word) and judges the log again.
func (c *Doctor) SetOption(f, v string) {
	defer c.S.guard()
	c.opts[f] = strings.TrimSpace(v)
	if c.log != nil {
		c.judge()
	}
}

// judge asks doctor.Judge about the log with the options as typed, read as
// the CLI reads its flags (doctor.OptionsOf): unset when empty.
func (c *Doctor) judge() {
	given := map[string]string{}
	for f, v := range c.opts {
		if v != "" {
			given[f] = v
		}
	}
	o, err := doctor.OptionsOf(field.Map(given))
	if err != nil {
		c.v, c.err = nil, err
		return
	}
	c.v, c.err = doctor.Judge(c.log, o)
}

// Checked reports whether a log has been judged.
func (c *Doctor) Checked() bool { return c.log != nil }

// Option is the text of option f as typed.
func (c *Doctor) Option(f string) string { return c.opts[f] }

// OptionErr is the message of a bad option f, in the page's language (""
// when f is fine).
func (c *Doctor) OptionErr(f string) string {
	var fe *fielderr.Error
	if c.v == nil && errors.As(c.err, &fe) && fe.Field == f {
		return c.S.ErrMsg(fe)
	}
	return ""
}

// OptionClass is the CSS class of option f's field.
func (c *Doctor) OptionClass(f string) string {
	if c.OptionErr(f) != "" {
		return "field bad"
	}
	return "field"
}

// SystemOptions are the system field's choices: the GPU's preset (unset), then
// core's presets (topo.Systems).
func (c *Doctor) SystemOptions() []Option {
	s, cur := c.S, c.opts["system"]
	out := []Option{{Value: "", Label: s.T("d.system.auto"), Selected: cur == ""}}
	for _, sys := range topo.Systems() {
		out = append(out, Option{Value: sys.Name, Label: sys.Name + " — " + s.systemLabel(sys), Selected: cur == sys.Name})
	}
	return out
}

// CollectiveOptions are the collective field's choices: the log's (unset), then
// every collective.
func (c *Doctor) CollectiveOptions() []Option {
	s, cur := c.S, c.opts["collective"]
	out := []Option{{Value: "", Label: s.T("d.coll.auto"), Selected: cur == ""}}
	for _, k := range prim.Collectives() {
		out = append(out, Option{Value: string(k), Label: s.CollName(string(k)), Selected: cur == string(k)})
	}
	return out
}

// AlgoOptions are the nccl-algo field's choices: none forced (the log's
// setting, else NCCL's own choice), then each algorithm NCCL_ALGO names
// (cost.NCCLAlgorithms).
func (c *Doctor) AlgoOptions() []Option {
	return c.knobOptions("nccl-algo", "d.algo.auto", cost.NCCLAlgorithms())
}

// ProtoOptions are the nccl-proto field's choices: none forced, then each
// protocol NCCL_PROTO names (cost.NCCLProtocols).
func (c *Doctor) ProtoOptions() []Option {
	return c.knobOptions("nccl-proto", "d.proto.auto", cost.NCCLProtocols())
}

// knobOptions are the choices of knob field f: unset (labelled by key
// auto), then names.
func (c *Doctor) knobOptions(f, auto string, names []string) []Option {
	cur := c.opts[f]
	out := []Option{{Value: "", Label: c.S.T(auto), Selected: cur == ""}}
	for _, n := range names {
		out = append(out, Option{Value: n, Label: n, Selected: cur == n})
	}
	return out
}

// LoadErr is why the last file or example could not be read ("" if it
// could).
func (c *Doctor) LoadErr() string { return c.load }

// Fetching reports whether an example is on its way.
func (c *Doctor) Fetching() bool { return c.fetching != "" }

// Paste is the paste box's text.
func (c *Doctor) Paste() string { return c.paste }
