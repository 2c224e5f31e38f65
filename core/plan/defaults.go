package plan

import "strconv"

// defaults are the planner's defaults for the fields whose default does
// not depend on other fields (Help states each; micro-batches, nodes and
// gpus-per-node are derived in Parse).
var defaults = map[string]string{
	"model": "70b", "seq": "4096", "micro-batch": "1",
	"dp": "1", "tp": "1", "pp": "1", "ep": "1", "sp": "off", "zero": "0", "bucket": "25MiB",
	"recompute": "selective", "order": "tp-pp-dp", "algorithm": "auto",
	"preset": "ib400", "intra-preset": "nvlink4", "efficiency": "1", "peak": "989", "mfu": "0.4",
}

// Default is the text Parse reads for field f when f is not given, or ""
// for a field without a fixed default. It is the one planner default of
// the CLI, the API and the playground.
func Default(f string) string { return defaults[f] }

// defaultInt is Default of an integer field.
func defaultInt(f string) int {
	n, _ := strconv.Atoi(defaults[f])
	return n
}
