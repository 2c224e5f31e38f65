package nccltests

import "strings"

// commandLine reads a line a user pasted with the log (the mpirun, srun or
// shell command, an "export" line): every "NCCL_X=value" word is a Setting
// with Source "command line" (so are "-x NCCL_X=value" and "export
// NCCL_X=value"), and so is CUDA_VISIBLE_DEVICES, which picks and orders
// the GPUs; a word naming an nccl-tests binary ("./build/alltoall_perf",
// "all_reduce_perf_mpi") is a Program. A line that mentions ACS or the
// IOMMU is a Hint (hints.go). Other text is ignored. Linear in the line's
// length.
func (s *scanner) commandLine(lineNo int, trim string) {
	s.hint(lineNo, trim)
	for _, w := range strings.Fields(trim) {
		w = strings.Trim(w, "`'\"")
		if name, val, ok := strings.Cut(w, "="); ok && (strings.HasPrefix(name, "NCCL_") || name == "CUDA_VISIBLE_DEVICES") && isEnvName(name) {
			s.setting(Setting{Line: lineNo, Name: name, Value: strings.Trim(val, "'\""), Source: "command line"})
			continue
		}
		base := w
		if i := strings.LastIndexAny(w, "/\\"); i >= 0 {
			base = w[i+1:]
		}
		if strings.HasSuffix(base, "_perf") || strings.HasSuffix(base, "_perf_mpi") {
			s.program(lineNo, base)
		}
	}
}

// isEnvName reports whether name is upper-case letters, digits and '_'.
func isEnvName(name string) bool {
	for _, c := range name {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
