package cost

import (
	"encoding/json"
	"errors"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/msg"
)

// studyJSON is a FabricStudy as EncodeStudy writes it: its result as the
// API's JSON (which leaves the messages out), the result's messages typed
// (msg.Typed), the drawing (drawingJSON) and the rows.
type studyJSON struct {
	Result         Result       `json:"result"`
	Formula        msg.Typed    `json:"formula_msg"`
	Source         msg.Typed    `json:"source_msg"`
	FormulaNumbers msg.Typed    `json:"formula_numbers_msg"`
	Note           msg.Typed    `json:"note_msg"`
	SlowdownNote   *msg.Typed   `json:"slowdown_note_msg,omitempty"`
	Drawing        *drawingJSON `json:"drawing"`
	Rows           []FabricRow  `json:"rows"`
}

// drawingJSON is a fabric.Drawing with each cable as an array [tier,
// upper, lower, utilisation] (cableJSON): a drawing has a cable per node
// and per leaf and spine, most of its bytes.
type drawingJSON struct {
	Spines, Leaves, Nodes []string
	Cables                []cableJSON
	Hottest               fabric.LinkUse
}

// cableJSON is a fabric.Cable as a JSON array.
type cableJSON fabric.Cable

// MarshalJSON writes c as [tier, upper, lower, utilisation].
func (c cableJSON) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{c.Tier, c.Upper, c.Lower, c.Utilisation})
}

// UnmarshalJSON reads what MarshalJSON wrote, refusing anything else.
func (c *cableJSON) UnmarshalJSON(b []byte) error {
	var a []json.RawMessage
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	if len(a) != 4 {
		return errors.New("cost: a cable is [tier, upper, lower, utilisation]")
	}
	for i, dst := range []any{&c.Tier, &c.Upper, &c.Lower, &c.Utilisation} {
		if err := json.Unmarshal(a[i], dst); err != nil {
			return err
		}
	}
	return nil
}

// EncodeStudy is st as JSON from which DecodeStudy gives st back, equal in
// every field (reflect.DeepEqual), messages included: for a page that hands
// a study it computed to the WebAssembly taking the page over. It refuses
// a study with NCCL's model (a study never has one: the fabric view asks
// the α-β model) and a non-finite number. O(the study's drawing and rows).
func EncodeStudy(st FabricStudy) ([]byte, error) {
	r := st.Result
	if r.NCCL != nil {
		return nil, errors.New("cost: a study with NCCL's model is not encoded")
	}
	w := studyJSON{Result: r, Formula: msg.Typed{Message: r.FormulaMsg}, Source: msg.Typed{Message: r.SourceMsg},
		FormulaNumbers: msg.Typed{Message: r.FormulaNumbersMsg}, Note: msg.Typed{Message: r.NoteMsg},
		Rows: st.Rows}
	if d := st.Drawing; d != nil {
		w.Drawing = &drawingJSON{Spines: d.Spines, Leaves: d.Leaves, Nodes: d.Nodes, Hottest: d.Hottest}
		if d.Cables != nil {
			w.Drawing.Cables = make([]cableJSON, len(d.Cables))
			for i, k := range d.Cables {
				w.Drawing.Cables[i] = cableJSON(k)
			}
		}
	}
	if r.Fabric != nil {
		w.SlowdownNote = &msg.Typed{Message: r.Fabric.SlowdownNoteMsg}
	}
	return json.Marshal(w)
}

// DecodeStudy is the study EncodeStudy wrote to b, or an error for
// anything else.
func DecodeStudy(b []byte) (FabricStudy, error) {
	var w studyJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return FabricStudy{}, err
	}
	r := w.Result
	if (r.Fabric == nil) != (w.SlowdownNote == nil) {
		return FabricStudy{}, errors.New("cost: a study's slowdown note and its fabric answer come together")
	}
	r.FormulaMsg, r.SourceMsg, r.FormulaNumbersMsg, r.NoteMsg = w.Formula.Message, w.Source.Message, w.FormulaNumbers.Message, w.Note.Message
	if r.Fabric != nil {
		r.Fabric.SlowdownNoteMsg = w.SlowdownNote.Message
	}
	st := FabricStudy{Result: r, Rows: w.Rows}
	if d := w.Drawing; d != nil {
		st.Drawing = &fabric.Drawing{Spines: d.Spines, Leaves: d.Leaves, Nodes: d.Nodes, Hottest: d.Hottest}
		if d.Cables != nil {
			st.Drawing.Cables = make([]fabric.Cable, len(d.Cables))
			for i, k := range d.Cables {
				st.Drawing.Cables[i] = fabric.Cable(k)
			}
		}
	}
	return st, nil
}
