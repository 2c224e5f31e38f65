package ui

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// CollName is collective c's name in lang: the Chinese name (zhNames) on
// the zh page, else the registry's (prim.Collective.LectureName).
func CollName(lang, c string) string {
	if v, ok := zhNames["coll."+c]; ok && lang == "zh" {
		return v
	}
	return prim.Collective(c).LectureName()
}

// AlgName is algorithm a's name in lang: the Chinese name (zhNames) on the
// zh page, else the registry's (sched.Algorithm.Name).
func AlgName(lang, a string) string {
	if v, ok := zhNames["alg."+a]; ok && lang == "zh" {
		return v
	}
	return sched.Algorithm(a).Name()
}

// CollName is collective c's name in the page's language.
func (s *State) CollName(c string) string { return CollName(s.Lang, c) }

// AlgName is algorithm a's name in the page's language.
func (s *State) AlgName(a string) string { return AlgName(s.Lang, a) }
