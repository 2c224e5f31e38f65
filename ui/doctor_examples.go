package ui

// DoctorExample is a built-in log for the "check my log" view: its file
// under public/examples/ (fetched, not compiled into app.wasm; see
// public/examples/README.md) and the --system it is judged against ("":
// the one its GPU implies).
type DoctorExample struct {
	ID, File, System string
}

// DoctorExamples are the examples the view offers: a healthy DGX H100
// node, and four RTX 4090 cards on PCIe far below what their workstation
// preset gives with peer-to-peer, with the cause on line 4.
var DoctorExamples = []DoctorExample{
	{ID: "dgx-h100", File: "all_reduce_1x8_dgx-h100.txt"},
	{ID: "rtx4090", File: "rtx4090_4x_pcie_docker.txt"},
}

// Examples are the examples' buttons: ID the button's id, Label its text,
// Value the example's ID.
func (c *Doctor) Examples() []KV {
	out := make([]KV, len(DoctorExamples))
	for i, e := range DoctorExamples {
		out[i] = KV{ID: "d-ex-" + e.ID, Label: c.S.T("d.ex." + e.ID), Value: e.ID}
	}
	return out
}

// TryExample sets the options of example id (its --system, the log's
// ranks and collective) and fetches its log; the verdict follows when it
// arrives (at once natively). Unknown ids are ignored.
func (c *Doctor) TryExample(id string) {
	defer c.S.guard()
	for _, e := range DoctorExamples {
		if e.ID != id {
			continue
		}
		c.opts = map[string]string{"system": e.System}
		c.fetching, c.load = id, ""
		c.Load(e.File, func(data []byte, err error) { c.exampleArrived(e, data, err) })
		return
	}
}

// exampleArrived judges an example's log once fetched, unless another log
// or example was chosen meanwhile.
func (c *Doctor) exampleArrived(e DoctorExample, data []byte, err error) {
	defer c.S.guard()
	if c.fetching != e.ID {
		return
	}
	if err != nil {
		c.fetching, c.load = "", c.S.Tf("d.err.fetch", e.File, err.Error())
		return
	}
	c.CheckLog(e.File, string(data))
}
