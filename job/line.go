package job

import "github.com/ccplay/ccplay/transport"

// Line is one JSON line of a rank process's stdout: a call's result on the
// rank (the output of its last timed repetition, verified in full), or,
// with Event "done", the summary. A rank that exits 0 has written one
// "result" line per call, in order, then the "done" line.
type Line struct {
	Rank       int       `json:"rank"`
	Call       int       `json:"call,omitempty"` // 1-based sequence number
	Collective string    `json:"collective,omitempty"`
	Algorithm  string    `json:"algorithm,omitempty"`
	Input      []float64 `json:"input,omitempty"` // the first MaxShown elements
	Output     []float64 `json:"output"`          // the first MaxShown elements; null where undefined
	InputLen   int       `json:"input_len"`       // elements in the whole buffer
	OutputLen  int       `json:"output_len"`
	Verified   bool      `json:"verified,omitempty"`
	TimeS      float64   `json:"time_s,omitempty"` // wall time of the first timed call
	Event      string    `json:"event,omitempty"`  // "result" or "done"
	MeanS      []float64 `json:"mean_s,omitempty"` // done: wall time per call over the back-to-back repetitions
	Repeats    int       `json:"repeats,omitempty"`
	Warmup     int       `json:"warmup,omitempty"` // done: untimed calls before each call's timed ones
	// Done: the ranks' hosts as nodes (NodeLayout) and this rank's
	// payload bytes over the whole run by link class, counted at its
	// sockets (transport.LinkBytes).
	Hosts        int                   `json:"hosts,omitempty"`
	RanksPerHost int                   `json:"ranks_per_host,omitempty"`
	LinkBytes    *transport.ClassBytes `json:"link_bytes,omitempty"`
}

// MaxShown caps the elements of a buffer a rank reports: the launcher
// prints at most 16, and a whole 256 MiB buffer as JSON would cost the
// launcher gigabytes and the timed calls their CPU.
const MaxShown = 64

// head is the first MaxShown elements of v (nil stays nil).
func head(v []float64) []float64 {
	if len(v) > MaxShown {
		return v[:MaxShown]
	}
	return v
}
