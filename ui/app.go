package ui

import (
	"strconv"
	"strings"

	"github.com/vugu/vugu"
)

// App is the root component: header, controls, tabs and the selected view
// (or, in embed mode, the one view alone). It holds one instance of every
// view, each with its own state (a ledger page, an animation, a planner's
// fields…), for the page's lifetime: switching views keeps each view's
// state, as Vugu would not for a child it stopped rendering. The question
// and what the views share live in S.
type App struct {
	S *State
	// Copy, when set, copies a link to the clipboard (the browser adapter)
	// and calls done with whether the clipboard took it; done may run
	// later (the clipboard answers with a promise).
	Copy func(link string, done func(ok bool))
	// LinkBase is the page's address without its query (origin and path),
	// which the adapter sets; a copied link is LinkBase + "?" + Query().
	LinkBase string

	Timing    *Timing
	Abacus    *Abacus
	Ledger    *Ledger
	Steps     *Steps
	Charts    *Charts
	Nccl      *Nccl
	NcclModel *NcclModel
	Units     *Units
	Lessons   *Lessons
	// toolViews are the log doctor, the planner and the fabric view: the
	// components themselves in the tools module and native builds
	// (tools.go), placeholders in the main module (tools_main.go).
	toolViews

	copied   copyState
	copiedAt [2]int // S.Edits() and the planner's edits when the link was copied
	link     string // the link last offered to the clipboard

	// drawer is whether the controls are open: nil until the learner
	// toggles them (then the default of the page's width holds, see
	// State.Narrow).
	drawer *bool
}

// copyState is what became of the last "Copy link".
type copyState int

const (
	copyNone    copyState = iota
	copyPending           // asked, the clipboard has not answered
	copyOK                // the clipboard took the link
	copyFailed            // no clipboard, or it refused
)

// NewApp returns the page for state s: every view, those that read the URL
// (the nccl-tests sweep, the planner) from the query s was made from.
func NewApp(s *State) *App {
	a := &App{S: s,
		Timing: &Timing{S: s}, Abacus: &Abacus{S: s}, Ledger: &Ledger{S: s}, Steps: &Steps{S: s},
		Charts: newCharts(s), Nccl: newNccl(s), NcclModel: &NcclModel{S: s},
		Units: newUnits(s), toolViews: newToolViews(s), Lessons: newLessons(s)}
	a.Lessons.Load, a.Lessons.views, a.Lessons.setPlan = defaultLoader, a.viewOf, a.setPlanField
	return a
}

// View is the component of the selected view (nil for "controls", which
// the page shows above the views).
func (c *App) View() vugu.Builder { return c.viewOf(c.S.View) }

// viewOf is the component of view v (the lessons show the others inline).
func (c *App) viewOf(v string) vugu.Builder {
	switch v {
	case "lessons":
		return c.Lessons
	case "timing":
		return c.Timing
	case "abacus":
		return c.Abacus
	case "ledger":
		return c.Ledger
	case "steps":
		return c.Steps
	case "charts":
		return c.Charts
	case "nccl":
		return c.Nccl
	case "ncclmodel":
		return c.NcclModel
	case "units":
		return c.Units
	}
	return c.toolView(v)
}

// SetView selects a view (unknown names are ignored) and pauses the
// animation.
func (c *App) SetView(v string) {
	defer c.S.guard()
	c.S.SetView(v)
	c.Steps.pause()
}

// CopyLink offers the page's link with the current state (the last valid
// question while a field is in error) to the clipboard. The button says
// "copied" only once the clipboard has taken it; without a clipboard, or
// when it refuses (plain http, an iframe without permission), the page
// shows the link in a field to select and copy by hand.
func (c *App) CopyLink(e vugu.DOMEvent) {
	defer c.S.guard()
	c.link = c.LinkBase + "?" + c.Query()
	c.copiedAt = [2]int{c.S.Edits(), c.planEdits()}
	if c.Copy == nil {
		c.copied = copyFailed
		return
	}
	c.copied = copyPending
	c.Copy(c.link, c.CopyDone)
}

// CopyDone records the clipboard's answer to the last CopyLink.
func (c *App) CopyDone(ok bool) {
	if ok {
		c.copied = copyOK
	} else {
		c.copied = copyFailed
	}
}

// copyCurrent reports whether the last copy was of the state on screen.
func (c *App) copyCurrent() bool { return c.copiedAt == [2]int{c.S.Edits(), c.planEdits()} }

// CopyLabel is the copy button's text: "copied" once the clipboard has
// taken the link, until the question or the planner changes.
func (c *App) CopyLabel() string {
	if c.copied == copyOK && c.copyCurrent() {
		return c.S.T("copied")
	}
	return c.S.T("copy")
}

// CopyFailed reports whether the last copy failed for the state on screen
// (the page then shows the link to copy by hand).
func (c *App) CopyFailed() bool { return c.copied == copyFailed && c.copyCurrent() }

// ManualLink is the link to copy by hand after a failed copy.
func (c *App) ManualLink() string { return c.link }

// LangPressed is aria-pressed of the language button for l.
func (c *App) LangPressed(l string) string { return strconv.FormatBool(c.S.Lang == l) }

// DocTitle is the document's title: the view's name and the page's.
func (c *App) DocTitle() string {
	return c.S.Tf("doc.title", c.S.T("view."+c.S.View)) + " · " + c.S.T("app.title")
}

// HTMLLang is the lang attribute for the current language.
func (c *App) HTMLLang() string {
	if c.S.Lang == "zh" {
		return "zh-CN"
	}
	return "en"
}

// TabViews lists the views shown as tabs.
func (c *App) TabViews() []string { return tabViews }

// TabList lists the views shown as tabs, in order (for the adapter's
// keyboard handling).
func TabList() []string { return tabViews }

// TabSelected is aria-selected of view v's tab ("true" or "false").
func (c *App) TabSelected(v string) string { return strconv.FormatBool(c.S.View == v) }

// TabIndex is the tabindex of view v's tab: only the selected tab is a tab
// stop; the arrow keys move between tabs (WAI-ARIA tabs pattern, which the
// browser adapter implements).
func (c *App) TabIndex(v string) string {
	if c.S.View == v {
		return "0"
	}
	return "-1"
}

// PanelRole and PanelLabel make the view the tab panel of the selected tab
// (none in embed mode, which has no tabs).
func (c *App) PanelRole() string {
	if c.S.Embed {
		return "region"
	}
	return "tabpanel"
}

// PanelLabel is the id of the tab naming the panel; nil (no attribute) in
// embed mode, which has no tabs and names the region by PanelName.
func (c *App) PanelLabel() any {
	if c.S.Embed {
		return nil
	}
	return "tab-" + c.S.View
}

// PanelName is the embedded region's accessible name, its view's title;
// nil (no attribute) on the full page, where the tab names the panel.
func (c *App) PanelName() any {
	if !c.S.Embed {
		return nil
	}
	return c.S.T("view." + c.S.View)
}

// TabClass is the CSS class of view v's tab.
func (c *App) TabClass(v string) string {
	if c.S.View == v {
		return "tab on"
	}
	return "tab"
}

// ShowControls reports whether the controls' drawer is on the page: with
// the page chrome when the view uses an input of the question (or one is in
// error); in embed mode for ?embed=controls, or above the embedded view
// with &controls=1.
func (c *App) ShowControls() bool {
	if c.S.Embed && c.S.View != "controls" && !c.S.EmbedControls {
		return false
	}
	return c.ControlsOnly() || len(c.S.ShownFields()) > 0
}

// ShowFoot reports whether the page ends with the numbers' conventions
// (the model, per-direction bandwidth, decimal and binary units): always,
// an embedded view included, except the embedded controls alone, which
// show no number.
func (c *App) ShowFoot() bool { return !(c.S.Embed && c.ControlsOnly()) }

// ControlsOnly reports whether the controls are the view itself
// (?embed=controls): no drawer to close.
func (c *App) ControlsOnly() bool { return c.S.View == "controls" }

// ControlsOpen reports whether the drawer is open: as the learner left it,
// else open on a wide window and closed on a phone (the answer first).
// A field in error opens it.
func (c *App) ControlsOpen() bool {
	if c.S.Invalid() {
		return true
	}
	if c.drawer != nil {
		return *c.drawer
	}
	return !c.S.Narrow
}

// ToggleControls opens or closes the drawer.
func (c *App) ToggleControls() {
	open := !c.ControlsOpen()
	c.drawer = &open
}

// DrawerExpanded is aria-expanded of the drawer's button.
func (c *App) DrawerExpanded() string { return strconv.FormatBool(c.ControlsOpen()) }

// DrawerChevron is the drawer button's arrow.
func (c *App) DrawerChevron() string {
	if c.ControlsOpen() {
		return "▾"
	}
	return "▸"
}

// DrawerSummary is the question in one line beside the closed drawer's
// button ("" while it is open).
func (c *App) DrawerSummary() string {
	if c.ControlsOpen() {
		return ""
	}
	return c.S.Headline()
}

// BodyClass is the CSS class of the block holding the drawer and the view.
func (c *App) BodyClass() string {
	if c.ShowControls() && !c.ControlsOnly() {
		return "body with-drawer"
	}
	return "body"
}

// ViewClass is the CSS class of the view: dimmed while it shows the last
// valid result of a question with a field in error.
func (c *App) ViewClass() string {
	if c.StaleBanner() != "" {
		return "view stale"
	}
	return "view"
}

// StaleBanner says, while a field the view uses is in error, that the view
// shows the last valid result and which question that is ("" otherwise).
func (c *App) StaleBanner() string {
	s := c.S
	if !s.Invalid() || c.ControlsOnly() || !s.viewUsesError() {
		return ""
	}
	n := len(s.errs)
	if n == 0 {
		n = 1
	}
	return s.Tf("stale.banner", n, s.Headline())
}

// RootClass is the CSS class of the page's root element.
func (c *App) RootClass() string {
	if c.S.Embed {
		return "app embed"
	}
	return "app"
}

// LangClass is the CSS class of the language button for l.
func (c *App) LangClass(l string) string {
	if c.S.Lang == l {
		return "lang-btn on"
	}
	return "lang-btn"
}

// Query is the URL query (without "?") that restores the page: the
// question's fields (State.addQuestion), the nccl-tests sweep's and the
// planner's fields that differ from their defaults, then lang, view and
// embed (State.addPage). Deterministic order.
func (c *App) Query() string {
	var b strings.Builder
	add := func(k, v string) {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(escape(v))
	}
	c.S.addQuestion(add)
	c.Nccl.addQuery(add)
	c.addToolQuery(add)
	c.Lessons.addQuery(add)
	c.S.addPage(add)
	return b.String()
}
