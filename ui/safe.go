package ui

import (
	"fmt"

	"github.com/vugu/vugu"
)

// BuildSafely runs one Vugu build pass of root and survives a panic in any
// component's Build (root is app, or a component around it): it records
// the panic in app.S (shown inline), resets the views' positions, replaces the build environment with a fresh one from
// newEnv (a panic can leave the old one mid-pass) and builds again; if that
// fails too it goes back to the default question, the default view and
// fresh views (App.reset), and if even that fails it returns nil with the error. *env is the environment
// in use; it is replaced when a retry happens. The results' InnerHTML is
// ASCII-only (see asciiInnerHTML), so the DOM renderer cannot garble it.
func BuildSafely(env **vugu.BuildEnv, newEnv func() (*vugu.BuildEnv, error), root vugu.Builder, app *App) (*vugu.BuildResults, error) {
	var last error
	for attempt := 0; attempt < 3; attempt++ {
		br, err := tryBuild(*env, root)
		if err == nil {
			asciiInnerHTML(br)
			return br, nil
		}
		last = err
		app.S.Recovered(err)
		if attempt == 1 {
			app.reset()
		}
		e, nerr := newEnv()
		if nerr != nil {
			return nil, nerr
		}
		*env = e
	}
	return nil, last
}

func tryBuild(env *vugu.BuildEnv, root vugu.Builder) (br *vugu.BuildResults, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return env.RunBuild(root), nil
}

// reset goes back to the default question and view, keeping the language,
// the embed flag and the panic report, with every view made afresh from
// the default question (the URL's fields are not read again).
func (c *App) reset() {
	s := c.S
	keep := *s
	*s = *NewState("", "")
	s.Lang, s.Embed, s.Panic, s.Download = keep.Lang, keep.Embed, keep.Panic, keep.Download
	s.edits = keep.edits + 1
	if keep.Embed {
		s.View = keep.View
	}
	copyLink := c.Copy
	*c = *NewApp(s)
	c.Copy = copyLink
}
