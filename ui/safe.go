package ui

import (
	"fmt"

	"github.com/vugu/vugu"
)

// BuildSafely runs one Vugu build pass of root and survives a panic in any
// component's Build: it records the panic in s (shown inline), resets the
// per-view state, replaces the build environment with a fresh one from
// newEnv (a panic can leave the old one mid-pass) and builds again; if that
// fails too it goes back to the default question and the default view, and
// if even that fails it returns nil with the error. *env is the environment
// in use; it is replaced when a retry happens. The results' InnerHTML is
// ASCII-only (see asciiInnerHTML), so the DOM renderer cannot garble it.
func BuildSafely(env **vugu.BuildEnv, newEnv func() (*vugu.BuildEnv, error), root vugu.Builder, s *State) (*vugu.BuildResults, error) {
	var last error
	for attempt := 0; attempt < 3; attempt++ {
		br, err := tryBuild(*env, root)
		if err == nil {
			asciiInnerHTML(br)
			return br, nil
		}
		last = err
		s.Recovered(err)
		if attempt == 1 {
			s.reset()
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
// the embed flag and the panic report.
func (s *State) reset() {
	keep := *s
	fresh := NewState("", "")
	*s = *fresh
	s.Lang, s.Embed, s.Panic = keep.Lang, keep.Embed, keep.Panic
	if keep.Embed {
		s.View = keep.View
	}
}
