package cost

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// ncclParseList restates parseList of NVIDIA/nccl v2.30.7
// src/graph/tuning.cc for NCCL_ALGO and NCCL_PROTO: entries separated by
// ";", each an optional "collective:" prefix (NCCL's function names,
// case-insensitive) and a comma-separated list of elements; a list starting
// with "^" disables its elements and enables the rest, otherwise it enables
// exactly its elements. Only the first entry may lack a prefix (it then
// applies to every collective). The result is per function of ncclFuncs:
// 1 enabled, 0 disabled, and for LL128 2 = NCCL's default rule (LL128 only
// where its paths allow). An empty string leaves every default.
func ncclParseList(field, str string, elems []string) ([][ncclNumAlgos]int, error) {
	out := make([][ncclNumAlgos]int, len(ncclFuncs))
	for f := range out {
		for e := range elems {
			out[f][e] = 1
			if len(elems) == ncclNumProtos && e == ncclLL128 {
				out[f][e] = 2
			}
		}
	}
	if strings.TrimSpace(str) == "" {
		return out, nil
	}
	for i, entry := range strings.Split(str, ";") {
		prefix, list, hasPrefix := strings.Cut(entry, ":")
		if !hasPrefix {
			if i > 0 {
				return nil, fielderr.New(field, "cost.nccl_knob.prefix", str)
			}
			list, prefix = prefix, ""
		}
		set := 1
		if strings.HasPrefix(list, "^") {
			set, list = 0, list[1:]
		}
		found := false
		for f, fn := range ncclFuncs {
			if hasPrefix && !strings.EqualFold(strings.TrimSpace(prefix), fn.name) {
				continue
			}
			found = true
			for e := range elems {
				out[f][e] = 1 - set
			}
			for _, name := range strings.Split(list, ",") {
				e := indexFold(elems, strings.TrimSpace(name))
				if e < 0 {
					return nil, fielderr.New(field, "cost.nccl_knob.element", name, str, strings.Join(elems, ", "))
				}
				out[f][e] = set
			}
		}
		if !found {
			return nil, fielderr.New(field, "cost.nccl_knob.collective", prefix, str)
		}
	}
	return out, nil
}

func indexFold(list []string, s string) int {
	for i, x := range list {
		if strings.EqualFold(x, s) {
			return i
		}
	}
	return -1
}
