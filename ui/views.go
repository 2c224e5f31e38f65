package ui

// Views are the playground's views, in tab order; each renders alone in
// embed mode (?embed=<view>). The first is the default.
var Views = []string{"timing", "abacus", "ledger", "steps", "charts", "nccl", "ncclmodel", "doctor", "units", "plan", "fabric", "lessons", "controls"}

// tabViews are the views listed as tabs, the lessons first (the controls
// sit above the tabs).
var tabViews = append([]string{"lessons"}, Views[:len(Views)-2]...)

// IsView reports whether v names a view.
func IsView(v string) bool {
	for _, x := range Views {
		if x == v {
			return true
		}
	}
	return false
}
