package api

import (
	"fmt"
	"html"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
)

// index is the page "/" shows when there is no static site: every endpoint
// with its parameters, example links and the limits. It is generated from
// the route and chart tables, so it cannot drift from what the handler
// serves. Links are relative, so the page is the same on every host.
func (h *handler) index() []byte {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ccplay API</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
pre{background:#f4f4f4;padding:.75rem;overflow-x:auto}
li{margin:.4rem 0}
</style>
</head>
<body>
<h1>ccplay API</h1>
<p>Collective-communication costs under the α-β-γ model, schedules that really move data, and
embeddable charts. Every GET answer depends only on its URL, so it may be cached; every answer
may be read from any origin. Errors are JSON: <code>{"error": "…", "field": "ranks"}</code>.</p>
<h2>Endpoints</h2>
<ul>
`)
	for _, rt := range h.order {
		fmt.Fprintf(&b, "<li><code>%s %s</code> — %s", rt.method, e(rt.path), e(rt.summary))
		for _, ex := range rt.examples {
			fmt.Fprintf(&b, "<br><a href=\"%s\">%s</a>", e(ex), e(ex))
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n<p>Cost, table and schedule parameters (the CLI's flag names, with its defaults): ")
	for i, f := range question.CostFields {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "<code>%s</code> (%s)", f, e(question.Default(f)))
	}
	fmt.Fprintf(&b, `; the table adds <code>minbytes maxbytes stepfactor stepbytes</code> (bare K/M/G binary, as nccl-tests) and <code>format=text</code>.</p>
<p><code>POST /api/v1/run</code> takes the JSON object of <code>ccplay run</code>, e.g.</p>
<pre>curl -s -X POST --data '{"collective":"allreduce","algorithm":"ring","dtype":"int64","inputs":[[1,2],[3,4],[5,6]]}' …/api/v1/run</pre>
<h2>Charts</h2>
<p>Each chart is an SVG with a <code>&lt;title&gt;</code> and <code>&lt;desc&gt;</code> for screen readers:</p>
<pre>&lt;img src=".../embed/time-vs-size.svg?collective=allreduce&amp;ranks=64&amp;bandwidth=400Gbps&amp;latency=5us" alt="AllReduce time vs size"&gt;</pre>
<ul>
`)
	for _, c := range charts {
		link := "/embed/" + c.name + ".svg?" + c.example
		fmt.Fprintf(&b, "<li><code>/embed/%s.svg</code> — %s<br><a href=\"%s\">%s</a></li>\n", e(c.name), e(c.summary), e(link), e(link))
	}
	fmt.Fprintf(&b, `</ul>
<h2>Limits</h2>
<ul>
<li>Schedules (schedule, ledger-bars, ring-step): P ≤ %d, at most %d pipeline chunks and %d transfers; larger requests are refused at once with 400.</li>
<li>Cost and table: P ≤ %d (closed forms); a table has at most %d rows.</li>
<li>Run: a body of at most %d bytes (413 above), at most %d elements.</li>
<li>time-vs-size: sizes up to %d bytes (1 TiB).</li>
</ul>
</body>
</html>
`, MaxScheduleRanks, MaxScheduleChunks, MaxScheduleTransfers, prim.MaxRanks, cost.MaxRows, MaxRunBody,
		question.MaxRunElements, int64(MaxChartBytes))
	return []byte(b.String())
}
