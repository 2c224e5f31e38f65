package doctor

import (
	"github.com/ccplay/ccplay/core/nccltests"
)

// Point is one measured size of a table, the input of a verdict.
type Point struct {
	Line      int     `json:"line"`
	SizeBytes int64   `json:"size_bytes"`
	TimeUs    float64 `json:"time_us"`
	BusBwGBs  float64 `json:"busbw_GBps"`
	InPlace   bool    `json:"in_place"`
}

// Measured returns a table's usable measurements in row order, the
// out-of-place value of each row then the in-place one (rows whose time is
// not a number are left out). O(rows).
func Measured(t nccltests.Table) []Point {
	var out []Point
	for _, r := range t.Rows {
		for k, v := range []*nccltests.Result{r.OutOfPlace, r.InPlace} {
			if v != nil && v.Valid() {
				out = append(out, Point{Line: r.Line, SizeBytes: r.SizeBytes, TimeUs: v.TimeUs, BusBwGBs: v.BusBwGBs, InPlace: k == 1})
			}
		}
	}
	return out
}
