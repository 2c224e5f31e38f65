package cost

import (
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
)

// DType is an element type as nccl-tests names it, with its size in bytes.
type DType struct {
	Name string
	Size int
}

// DTypes lists nccl-tests' data types (src/common.cu), float first: float is
// nccl-tests' default.
func DTypes() []DType {
	return []DType{{"float", 4}, {"int8", 1}, {"uint8", 1}, {"int32", 4}, {"uint32", 4},
		{"int64", 8}, {"uint64", 8}, {"half", 2}, {"bfloat16", 2}, {"double", 8}}
}

// ParseDType returns the data type named s ("" = float). Aliases: float32,
// fp32, float16, fp16, bf16, float64, fp64.
func ParseDType(s string) (DType, error) {
	k := strings.ToLower(strings.TrimSpace(s))
	alias := map[string]string{"": "float", "float32": "float", "fp32": "float", "float16": "half",
		"fp16": "half", "bf16": "bfloat16", "float64": "double", "fp64": "double"}
	if a, ok := alias[k]; ok {
		k = a
	}
	var names []string
	for _, d := range DTypes() {
		if d.Name == k {
			return d, nil
		}
		names = append(names, d.Name)
	}
	return DType{}, fielderr.New("dtype", "cost.dtype.unknown", s, strings.Join(names, ", "))
}
