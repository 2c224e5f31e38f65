package ui

import (
	"html"
	"regexp"
	"strings"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// The zh page's check for English words, shared by ui's tests and the
// browser tests (tests/playground): every view in zh shows Latin letters
// only for identifiers, units, product names and citations.

// zhAllowed are the words the zh page may show in Latin letters besides
// the registries' identifiers and names (collectives, algorithms; see
// EnglishWords): NCCL's names, flags, units, products and tools (ccplay's
// commands doctor and plan), and the lecture's acronyms. A word with a digit or
// an underscore (int8, H100, NCCL_ALGO, recursive_doubling) or in capitals
// (GPU, ZeRO's ZERO) is an identifier too (see EnglishWords).
const zhAllowed = `
B KB MB GB TB PB KiB MiB GiB TiB PiB EiB Gbps Gb bps us ns ms s µs
Send Recv reduce-scatter all-gather all-reduce
Ring Tree Double Binary Binomial Rabenseifner Bruck Pairwise Master
float half bfloat double none sum prod max min
Tree Ring CollNet CollNetDirect CollNetChain NVLS NVLSTree PAT LL Simple Direct Chain
NVLink NVSwitch PCIe InfiniBand Ethernet SHARP Hopper Ampere Volta Blackwell hopper ampere volta blackwell NVIDIA DGX GB200 Grace Ada GeForce
ccplay nccl nccl-tests English Go GitHub bench json txt log csv tcp
ZeRO Megatron MoE LayerNorm Adam GPU GPUs FSDP DDP Korthikanti
algbw busbw redop root count type size time algorithm
Rank Chunk bit byte bits bytes token top-k micro-batch micro-batches hidden dropout
alpha-beta fsdp fb latencies bandwidths tokens doctor plan
tp-pp-dp tp-dp-pp pp-tp-dp pp-dp-tp dp-tp-pp dp-pp-tp
P M S T N
`

// EnglishWords are the words of text (HTML, tags and citations dropped)
// that are neither on zhAllowed nor identifiers. Its patterns are compiled
// per call: package-level ones would keep package regexp (≈ 56 KB
// gzipped) in the wasm, where nothing calls it.
func EnglishWords(page string) []string {
	latinWord := regexp.MustCompile(`[A-Za-z][A-Za-z0-9_'’\-./]*`)
	tagRE := regexp.MustCompile(`(?s)<cite[^>]*>.*?</cite>|<code[^>]*>.*?</code>|<[^>]*>`)
	codeRE := regexp.MustCompile("`[^`]*`")
	camelRE := regexp.MustCompile(`^[a-z]+[A-Z]`)
	allow := map[string]bool{}
	for _, w := range strings.Fields(zhAllowed) {
		allow[w] = true
	}
	for _, f := range append(append([]string(nil), ControlFields...), PlanFields...) {
		allow[f] = true // field names, as the CLI spells them
	}
	for _, c := range prim.CollectiveInfos() {
		allow[string(c.ID)], allow[c.Name] = true, true
	}
	for _, a := range sched.Choices() {
		allow[string(a)] = true
	}
	text := codeRE.ReplaceAllString(html.UnescapeString(tagRE.ReplaceAllString(page, " ")), " ")
	var out []string
	for _, w := range latinWord.FindAllString(text, -1) {
		w = strings.TrimRight(w, "-'’./")
		switch {
		case allow[w], len(w) < 2, strings.ContainsAny(w, "0123456789_/."), strings.ToUpper(w) == w, camelRE.MatchString(w):
			continue
		}
		out = append(out, w)
	}
	return out
}
