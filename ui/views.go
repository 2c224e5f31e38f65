package ui

// Views are the playground's views, in tab order; each renders alone in
// embed mode (?embed=<view>). The first is the default.
var Views = []string{"timing", "abacus", "ledger", "steps", "charts", "nccl", "ncclmodel", "derive", "units", "pitfalls", "plan", "controls"}

// tabViews are the views listed as tabs (controls sit above the tabs).
var tabViews = Views[:len(Views)-1]

// IsView reports whether v names a view.
func IsView(v string) bool {
	for _, x := range Views {
		if x == v {
			return true
		}
	}
	return false
}

// TabViews lists the views shown as tabs.
func (s *State) TabViews() []string { return tabViews }

// TabClass is the CSS class of view v's tab.
func (s *State) TabClass(v string) string {
	if s.View == v {
		return "tab on"
	}
	return "tab"
}

// ShowControls reports whether the controls are on screen: always with the
// page chrome; in embed mode for ?embed=controls, or above the embedded view
// with &controls=1.
func (s *State) ShowControls() bool { return !s.Embed || s.View == "controls" || s.EmbedControls }

// RootClass is the CSS class of the page's root element.
func (s *State) RootClass() string {
	if s.Embed {
		return "app embed"
	}
	return "app"
}

// LangClass is the CSS class of the language button for l.
func (s *State) LangClass(l string) string {
	if s.Lang == l {
		return "lang-btn on"
	}
	return "lang-btn"
}
