package ui

// coreErrZH translates, for the zh page, the formats of the field errors
// core still writes as English formats (fielderr.Errorf; every other
// message of core is an ID rendered from core/msg's catalogues), keyed by
// the exact English format. The zh format takes the same arguments with
// the same fmt verbs, explicit indexes where the word order differs, so
// fmt.Sprintf(zh, args...) is always well formed. Lookup is O(1).
var coreErrZH = map[string]string{
	"run executes a concrete schedule; choose one of %v (auto picks by cost, see ccplay cost)": "run 执行的是具体调度；请从 %v 中选一个（auto 按代价选择，见 ccplay cost）",
	"want one buffer per rank (at least one rank)":                                             "需要每个 Rank 一个缓冲区（至少一个 Rank）",
	"at most %d elements in all, got %d":                                                       "总共最多 %d 个元素，收到 %d",
	"ranks are placed on whole nodes: want 0 (no nodes) or a divisor of %d ranks, got %d":      "Rank 按整节点放置：需要 0（不分节点）或 Rank 数 %d 的约数，收到 %d",
	"want int64 or float64, got %q":                                                            "需要 int64 或 float64，收到 %q",
	"inputs[%d][%d]: %v, got %s":                                                               "inputs[%d][%d]：%v，收到 %s",
	"rank %d element %d overflows float64 (%v); JSON cannot carry it":                          "Rank %d 的元素 %d 超出 float64 范围（%v）；JSON 无法表示",
	"want one JSON object, found more after it":                                                "需要一个 JSON 对象，但其后还有更多内容",
	"want one JSON object, got JSON %s":                                                        "需要一个 JSON 对象，收到 JSON %s",
	"want %s, got JSON %s":                                                                     "需要 %s，收到 JSON %s",
	"unknown field; %s":                                                                        "未知字段；%s",
	"unknown field %s; %s":                                                                     "未知字段 %s；%s",
	"invalid JSON at byte %d: %v":                                                              "第 %d 字节处 JSON 无效：%v",
	"invalid JSON: %v":                                                                         "JSON 无效：%v",
}
