package doctor

import (
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
)

// Diagnosis is everything doctor reads off a log before any verdict: the
// evidence, the system it implies, and the causes it shows.
type Diagnosis struct {
	Evidence  *nccltests.Evidence `json:"evidence"`
	Inference Inference           `json:"inference"`
	// Collective is what the log names (command line, header or footer),
	// "" if it names none; CollectiveLine is that line.
	Collective     prim.Collective `json:"collective,omitempty"`
	CollectiveLine int             `json:"collective_line,omitempty"`
	Causes         []Cause         `json:"causes"`
}

// Diagnose reads a log (nccltests.Read), infers the system and finds the
// causes. Like Read it returns what it could read together with the first
// problem: the *Diagnosis is never nil. Linear in len(data).
func Diagnose(data []byte) (*Diagnosis, error) {
	ev, err := nccltests.Read(data)
	inf := Infer(ev)
	d := &Diagnosis{Evidence: ev, Inference: inf, Causes: Causes(ev, inf)}
	d.Collective, d.CollectiveLine = ev.Collective()
	if d.Causes == nil {
		d.Causes = []Cause{}
	}
	return d, err
}
