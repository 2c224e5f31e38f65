package crossface

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// crossover is a size at which auto's choice changes: To is the cheapest
// from SizeBytes on, From one element below it.
type crossover struct {
	SizeBytes int64  `json:"size_bytes"`
	From      string `json:"from"`
	To        string `json:"to"`
}

// crossoverQuestions are asked for auto's crossovers: the CLI's list
// (`ccplay cost --algorithm auto`, text), the API's time-vs-size chart
// (/embed/time-vs-size.svg, its description) and the playground's charts
// view, over the playground chart's sizes.
var crossoverQuestions = []question{
	{"AllReduce, auto, P = 1024", "collective=allreduce&algorithm=auto&ranks=1024&size=1MiB&bandwidth=50GB/s&latency=5us"},
	{"AllReduce, auto, 128 nodes × 8 on IB and NVLink 4", "collective=allreduce&algorithm=auto&ranks=1024&gpus-per-node=8&preset=ib400&intra-preset=nvlink4&size=64MiB"},
	{"AllToAll, auto, P = 64", "collective=alltoall&algorithm=auto&ranks=64&size=1MiB"},
	{"ReduceScatter, auto, P = 12", "collective=reducescatter&algorithm=auto&ranks=12&size=1MiB"},
}

const (
	faceCLIj = "CLI (ccplay cost --algorithm auto --json: crossovers)"
	faceCLIx = "CLI (ccplay cost --algorithm auto: crossovers)"
	faceAPIx = "API (/embed/time-vs-size.svg: crossovers)"
	faceUIx  = "playground (time-vs-size chart: crossovers)"
)

// The CLI's crossover lines (cmd/ccplay: "from S <alg>", "from S <to> (was
// <from>)", "from S <a> and <b> alternate N times up to S', then <c>"),
// where S is "N B" with an optional "(…)" after it.
var (
	cliXFirst  = regexp.MustCompile(`^from (\d+) B(?: \([^)]*\))? +(\S+)$`)
	cliXSwitch = regexp.MustCompile(`^from (\d+) B(?: \([^)]*\))? +(\S+) \(was (\S+)\)$`)
	cliXAlt    = regexp.MustCompile(`^from (\d+) B(?: \([^)]*\))? +(\S+) and (\S+) alternate (\d+) times up to (\d+) B(?: \([^)]*\))? \(.*\), then (\S+)$`)
)

// cliCrossovers reads the crossover section of `ccplay cost` for an auto
// question: the choice at the smallest size and the changes, each as
// summarize writes them (the CLI writes a run of three or more changes back
// and forth between two algorithms as one line).
//
// switches are the single changes (not those of a run), exact.
func cliCrossovers(text string) (first string, events []string, switches []crossover, err error) {
	_, sec, ok := strings.Cut(text, "\ncrossovers (")
	if !ok {
		return "", nil, nil, fmt.Errorf("no crossover section in:\n%s", text)
	}
	for _, line := range strings.Split(sec, "\n")[1:] {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "from ") {
			continue
		}
		if m := cliXAlt.FindStringSubmatch(line); m != nil {
			events = append(events, fmt.Sprintf("from %s B: %s and %s alternate %s times up to %s B, then %s", m[1], m[2], m[3], m[4], m[5], m[6]))
		} else if m := cliXSwitch.FindStringSubmatch(line); m != nil {
			events = append(events, fmt.Sprintf("from %s B: %s → %s", m[1], m[3], m[2]))
			n, _ := strconv.ParseInt(m[1], 10, 64)
			switches = append(switches, crossover{SizeBytes: n, From: m[3], To: m[2]})
		} else if m := cliXFirst.FindStringSubmatch(line); m != nil && first == "" && events == nil {
			first = m[2]
		} else {
			return "", nil, nil, fmt.Errorf("cannot read the crossover line %q", line)
		}
	}
	return first, events, switches, nil
}

// summarize writes a list of crossovers as the CLI does: a run of three
// or more changes back and forth between the same two algorithms (a near
// tie) as one event, every other change as one event.
func summarize(xs []crossover) []string {
	var out []string
	for i := 0; i < len(xs); {
		j := i + 1
		for j < len(xs) && xs[j].From == xs[j-1].To && xs[j].To == xs[j-1].From {
			j++
		}
		if j-i >= 3 {
			out = append(out, fmt.Sprintf("from %d B: %s and %s alternate %d times up to %d B, then %s",
				xs[i].SizeBytes, xs[i].To, xs[i].From, j-i, xs[j-1].SizeBytes, xs[j-1].To))
		} else {
			for _, x := range xs[i:j] {
				out = append(out, fmt.Sprintf("from %d B: %s → %s", x.SizeBytes, x.From, x.To))
			}
		}
		i = j
	}
	return out
}

// eventSize is the size an event of summarize starts at.
func eventSize(e string) int64 {
	n, _ := strconv.ParseInt(strings.Fields(e)[1], 10, 64)
	return n
}

// within keeps the events that start at or below max bytes.
func within(events []string, maxBytes int64) []string {
	var out []string
	for _, e := range events {
		if eventSize(e) <= maxBytes {
			out = append(out, e)
		}
	}
	return out
}

// The API chart's description: "Cheapest: A is the cheapest below …, then
// B from … (N bytes), then …".
var (
	svgDesc     = regexp.MustCompile(`(?s)<desc[^>]*>(.*?)</desc>`)
	svgCheapest = regexp.MustCompile(`Cheapest: (\S+) is the cheapest below`)
	svgFrom     = regexp.MustCompile(`then (\S+) from [^()]*?\((\d+) bytes\)`)
	svgNone     = regexp.MustCompile(`(\S+) is the cheapest over the whole range; no crossover`)
)

// apiCrossovers reads the crossovers of the API's time-vs-size chart for
// the sizes of the playground's chart.
func apiCrossovers(t *testing.T, q question) ([]crossover, bool) {
	t.Helper()
	target := "/embed/time-vs-size.svg?" + withoutKeys(q.query, "algorithm", "size", "chunks") +
		fmt.Sprintf("&minbytes=%d&maxbytes=%d", chartMinBytes, chartMaxBytes)
	a := apiDo(http.MethodGet, target, nil)
	if a.status != http.StatusOK {
		t.Errorf("%s: GET %s: status %d: %s", q.name, target, a.status, a.body)
		return nil, false
	}
	m := svgDesc.FindStringSubmatch(a.body)
	if m == nil {
		t.Errorf("%s: GET %s: the chart has no description", q.name, target)
		return nil, false
	}
	desc := html.UnescapeString(m[1])
	if _, after, ok := strings.Cut(desc, "Cheapest: "); ok {
		desc = "Cheapest: " + after
	}
	if svgNone.MatchString(desc) {
		return nil, true
	}
	first := svgCheapest.FindStringSubmatch(desc)
	if first == nil {
		t.Errorf("%s: GET %s: cannot read the chart's description %q", q.name, target, desc)
		return nil, false
	}
	var out []crossover
	from := first[1]
	for _, x := range svgFrom.FindAllStringSubmatch(desc, -1) {
		n, _ := strconv.ParseInt(x[2], 10, 64)
		out = append(out, crossover{SizeBytes: n, From: from, To: x[1]})
		from = x[1]
	}
	return out, true
}

// costBySize answers q at other sizes, asked of GET /api/v1/cost
// (memoised per size: the same sizes are asked for several faces' claims).
type costBySize struct {
	t     *testing.T
	q     question
	cache map[int64]cost.Result
}

func (c *costBySize) at(size int64) (cost.Result, bool) {
	if r, ok := c.cache[size]; ok {
		return r, true
	}
	var r cost.Result
	if !apiJSON(c.t, &r, "/api/v1/cost?"+withoutKeys(c.q.query, "size")+"&size="+strconv.FormatInt(size, 10)) {
		return r, false
	}
	c.cache[size] = r
	return r, true
}

// checkClaims checks every crossover a face claims against the cost
// answer: at SizeBytes auto chooses To, one element below it From.
func (c *costBySize) checkClaims(face string, xs []crossover, elem int64) {
	c.t.Helper()
	for _, x := range xs {
		if r, ok := c.at(x.SizeBytes); ok && r.Algorithm != x.To {
			c.t.Errorf("%s: %s says %s is the cheapest from %d B on, but %s chooses %s at %d B (%s)",
				c.q.name, face, x.To, x.SizeBytes, faceAPI, r.Algorithm, x.SizeBytes, timeOf(r, x.To))
		}
		if r, ok := c.at(x.SizeBytes - elem); ok && r.Algorithm != x.From {
			c.t.Errorf("%s: %s says %s is the cheapest up to %d B, but %s chooses %s at %d B (%s)",
				c.q.name, face, x.From, x.SizeBytes-elem, faceAPI, r.Algorithm, x.SizeBytes-elem, timeOf(r, x.From))
		}
	}
}

// timeOf names the chosen algorithm's time and the other's.
func timeOf(r cost.Result, other string) string {
	s := fmt.Sprintf("%s %s", r.Algorithm, cost.FormatSeconds(r.TimeS))
	for _, a := range r.Alternatives {
		if a.Algorithm == other {
			s += fmt.Sprintf(" vs %s %s", other, cost.FormatSeconds(a.TimeS))
		}
	}
	return s
}

// choiceAt is the choice a list of crossovers implies at size: the To of the
// last crossover at or below it, else the first one's From.
func choiceAt(xs []crossover, size int64) string {
	if len(xs) == 0 {
		return ""
	}
	c := xs[0].From
	for _, x := range xs {
		if x.SizeBytes <= size {
			c = x.To
		}
	}
	return c
}

// TestCrossovers asks each auto question for its crossovers through the
// CLI (`ccplay cost`'s crossover list), the API's time-vs-size chart and
// the playground's time-vs-size chart, over the playground chart's sizes (4
// B to 4 GiB), and checks that the three list the same changes at the same
// sizes, exact to the byte; that every change a face lists is where the
// cost answer's choice really changes (auto at the size chooses the new
// algorithm, one element below it the old one); and that the nccl-tests
// table of a sweep over the same sizes is the same on all three faces, row
// by row, and chooses at each size what the cost answer and each face's
// crossovers say.
func TestCrossovers(t *testing.T) {
	for _, q := range crossoverQuestions {
		var r0 cost.Result
		if !apiJSON(t, &r0, "/api/v1/cost?"+q.query) {
			continue
		}
		elem := int64(r0.ElemSize)
		ac := &costBySize{t: t, q: q, cache: map[int64]cost.Result{}}

		// CLI
		res := cli(t, "", append([]string{"cost"}, queryArgs(t, q.query)...)...)
		if res.code != 0 {
			t.Errorf("%s: ccplay cost: exit status %d: %s", q.name, res.code, res.stderr)
			continue
		}
		cliFirst, cliEvents, cliSwitches, err := cliCrossovers(res.stdout)
		if err != nil {
			t.Errorf("%s: %s: %v", q.name, faceCLIx, err)
			continue
		}
		cliEvents = within(cliEvents, chartMaxBytes)
		cliSwitches = slices.DeleteFunc(cliSwitches, func(x crossover) bool { return x.SizeBytes > chartMaxBytes })
		var cliJSON struct {
			Crossovers []crossover `json:"crossovers"`
			UpTo       int64       `json:"crossovers_up_to"`
		}
		if res := cli(t, "", append([]string{"cost", "--json"}, queryArgs(t, q.query)...)...); res.code != 0 {
			t.Errorf("%s: ccplay cost --json: exit status %d: %s", q.name, res.code, res.stderr)
			continue
		} else if err := json.Unmarshal([]byte(res.stdout), &cliJSON); err != nil || cliJSON.UpTo < chartMaxBytes {
			t.Errorf("%s: %s: crossovers up to %d B (%v), want the chart's range up to %d B at least", q.name, faceCLIj, cliJSON.UpTo, err, chartMaxBytes)
			continue
		}
		cliXs := slices.DeleteFunc(cliJSON.Crossovers, func(x crossover) bool { return x.SizeBytes > chartMaxBytes })

		// API and playground
		apiXs, ok := apiCrossovers(t, q)
		if !ok {
			continue
		}
		uiXs, err := askPlayground(q.query).crossovers()
		if err != nil {
			t.Errorf("%s: %s: %v", q.name, faceUIx, err)
			continue
		}

		if len(apiXs) > 0 && len(uiXs) > 0 {
			agree(t, q.name, "cheapest at the smallest size", say(faceCLIx, cliFirst), say(faceAPIx, apiXs[0].From), say(faceUIx, uiXs[0].From))
		}
		agree(t, q.name, "changes of auto's choice", say(faceCLIx, strings.Join(cliEvents, "; ")),
			say(faceAPIx, strings.Join(summarize(apiXs), "; ")), say(faceUIx, strings.Join(summarize(uiXs), "; ")))
		agree(t, q.name, "every change (size, from, to)", say(faceCLIj, fmt.Sprint(cliXs)), say(faceAPIx, fmt.Sprint(apiXs)), say(faceUIx, fmt.Sprint(uiXs)))
		t.Logf("%s: %s first, then %s", q.name, cliFirst, strings.Join(cliEvents, "; "))
		if len(cliEvents) == 0 && len(apiXs) == 0 && len(uiXs) == 0 {
			t.Errorf("%s: no face finds a crossover; the question should have some", q.name)
		}

		// every claim against the cost answer
		ac.checkClaims(faceAPIx, apiXs, elem)
		ac.checkClaims(faceUIx, uiXs, elem)
		ac.checkClaims(faceCLIx, cliSwitches, elem)
		ac.checkClaims(faceCLIj, cliXs, elem)

		sweep := fmt.Sprintf("minbytes=%d&maxbytes=%d&stepfactor=2", chartMinBytes, chartMaxBytes)
		checkTable(t, q, sweep, ac, map[string][]crossover{faceAPIx: apiXs, faceUIx: uiXs})
	}
}
