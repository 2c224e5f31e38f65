package ui

import (
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
	// Copy, when set, copies a link to the clipboard (the browser adapter).
	Copy func(link string)

	Timing    *Timing
	Abacus    *Abacus
	Ledger    *Ledger
	Steps     *Steps
	Charts    *Charts
	Nccl      *Nccl
	NcclModel *NcclModel
	Derive    *Derive
	Units     *Units
	Pitfalls  *Pitfalls
	Plan      *Plan

	copied   bool
	copiedAt [2]int // S.Edits() and the planner's edits when the link was copied
}

// NewApp returns the page for state s: every view, those that read the URL
// (the nccl-tests sweep, the planner) from the query s was made from.
func NewApp(s *State) *App {
	return &App{S: s,
		Timing: &Timing{S: s}, Abacus: &Abacus{S: s}, Ledger: &Ledger{S: s}, Steps: &Steps{S: s},
		Charts: newCharts(s), Nccl: newNccl(s), NcclModel: &NcclModel{S: s}, Derive: &Derive{S: s},
		Units: newUnits(s), Pitfalls: newPitfalls(s), Plan: newPlan(s)}
}

// View is the component of the selected view (nil for "controls", which
// the page shows above the views).
func (c *App) View() vugu.Builder {
	switch c.S.View {
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
	case "derive":
		return c.Derive
	case "units":
		return c.Units
	case "pitfalls":
		return c.Pitfalls
	case "plan":
		return c.Plan
	}
	return nil
}

// SetView selects a view (unknown names are ignored) and pauses the
// animation.
func (c *App) SetView(v string) {
	defer c.S.guard()
	c.S.SetView(v)
	c.Steps.pause()
}

// CopyLink copies the page's link with the current state.
func (c *App) CopyLink(e vugu.DOMEvent) {
	defer c.S.guard()
	if c.Copy != nil {
		c.Copy(c.Query())
	}
	c.copied, c.copiedAt = true, [2]int{c.S.Edits(), c.Plan.edits}
}

// CopyLabel is the copy button's text: "copied" until the question or the
// planner changes.
func (c *App) CopyLabel() string {
	if c.copied && c.copiedAt == [2]int{c.S.Edits(), c.Plan.edits} {
		return c.S.T("copied")
	}
	return c.S.T("copy")
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

// TabClass is the CSS class of view v's tab.
func (c *App) TabClass(v string) string {
	if c.S.View == v {
		return "tab on"
	}
	return "tab"
}

// ShowControls reports whether the controls are on screen: always with the
// page chrome; in embed mode for ?embed=controls, or above the embedded view
// with &controls=1.
func (c *App) ShowControls() bool { return !c.S.Embed || c.S.View == "controls" || c.S.EmbedControls }

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
	c.Plan.addQuery(add)
	c.S.addPage(add)
	return b.String()
}
