package ui

import "github.com/vugu/vugu"

// App is the root component: header, controls, tabs and the selected view
// (or, in embed mode, the one view alone).
type App struct {
	S *State
	// Copy, when set, copies a link to the clipboard (the browser adapter).
	Copy func(link string)
}

// CopyLink copies the page's link with the current state.
func (c *App) CopyLink(e vugu.DOMEvent) {
	defer c.S.guard()
	if c.Copy != nil {
		c.Copy(c.S.Query())
	}
	c.S.Copied = true
}

// CopyLabel is the copy button's text.
func (s *State) CopyLabel() string {
	if s.Copied {
		return s.T("copied")
	}
	return s.T("copy")
}

// HTMLLang is the lang attribute for the current language.
func (s *State) HTMLLang() string {
	if s.Lang == "zh" {
		return "zh-CN"
	}
	return "en"
}
