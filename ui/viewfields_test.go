package ui

import (
	"slices"
	"testing"
)

// TestShowsIsShownFields: for every view, under either cost model and with
// a field in error, Shows(f) says exactly whether f is in ShownFields.
func TestShowsIsShownFields(t *testing.T) {
	fields := append(append([]string{"no-such-field"}, questionFields...), ncclFieldsUI...)
	for view := range viewFields {
		for _, q := range []string{"", "&model=nccl", "&model=nccl&ranks=zero", "&size=lots"} {
			s := NewState("view="+view+"&lang=en"+q, "en")
			shown := s.ShownFields()
			for _, f := range append(fields, viewFields[view]...) {
				if got, want := s.Shows(f), slices.Contains(shown, f); got != want {
					t.Errorf("view %s%s: Shows(%q) = %v, ShownFields %v", view, q, f, got, shown)
				}
			}
		}
	}
}
