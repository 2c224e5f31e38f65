package site

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/ui"
)

// StaticPage is the page a static host serves for query (e.g.
// "view=ledger", "lesson=ring", "" for the default view) in any language,
// loading the WebAssembly module its view needs (ui.Page.Module):
// the English rendering in #app, marked with data-query (the WebAssembly
// reads it when the address has no query), the Chinese one in a template,
// and an inline script (pickScript) that runs before the first paint. A
// script before the rendering hides #app (class ssr-pick on the document,
// the shell's style) until pickScript has chosen what to show, so a page
// arriving slowly never paints the other language first; without
// JavaScript nothing hides it.
func StaticPage(shell Shell, query string) ([]byte, error) {
	en, err := ui.RenderPage(query+"&lang=en", "en")
	if err != nil {
		return nil, err
	}
	zh, err := ui.RenderPage(query+"&lang=zh", "zh")
	if err != nil {
		return nil, err
	}
	mark := ` data-query="` + escapeText(query) + `"`
	root := strings.Replace(en.HTML, `<div id="app"`, `<div id="app"`+mark, 1)
	zhRoot := strings.Replace(zh.HTML, `<div id="app"`, `<div id="app"`+mark, 1)
	app := `<script>document.documentElement.classList.add("ssr-pick")</script>` + root +
		`<template id="ssr-zh">` + zhRoot + `</template><script>` + pickScript(query, zh.Title) + `</script>`
	return shell.fill(en.Module, "en", en.Title, app), nil
}

// StaticFile is the file of the static site that holds the page of query
// ("view=ledger" → "ledger.html", "lesson=ring" → "lesson-ring.html", ""
// → "index.html"), as pickScript chooses it.
func StaticFile(query string) string {
	switch k, v, _ := strings.Cut(query, "="); k {
	case "view":
		return v + ".html"
	case "lesson":
		return "lesson-" + v + ".html"
	}
	return "index.html"
}

// pickScript is the static page's inline script. For the address's query
// it goes, before anything is painted, to the pre-rendered page of the
// view or lesson the query asks for (StaticFile: location.replace, keeping
// the query) unless this page is that one; here it shows the Chinese
// rendering where the query says lang=zh or, without lang, the browser
// prefers Chinese; it puts the query's values into the controls and the
// form (so the form submits the question shown); it points the tabs and
// language links at the query's question; and when the query asks for
// another question than the page's it dims the view (class pending,
// aria-busy) and says so in the loading bar, in the page's language,
// until the WebAssembly renders that question. It then shows #app (removes
// ssr-pick), unless it is leaving for another page, and once the page has
// loaded registers the build's service worker (sw.js next to the page,
// written by internal/sitebuild), which serves repeat visits' assets.
func pickScript(query, zhTitle string) string {
	lists, _ := json.Marshal(map[string][]string{"views": ui.Views, "lessons": ui.LessonIDs})
	text := func(key string) string {
		return `{en: ` + strconv.Quote(ui.T("en", key)) + `, zh: ` + strconv.Quote(ui.T("zh", key)) + `}`
	}
	return `(function () {
var left = false;
try {
var page = ` + strconv.Quote(query) + `, known = ` + string(lists) + `;
var loading = ` + text("ssr.loading") + `, pending = ` + text("ssr.pending") + `;
var p = {}, keys = [];
location.search.replace(/^\?/, "").split("&").forEach(function (kv) {
  if (!kv) return;
  var i = kv.indexOf("="), k = i < 0 ? kv : kv.slice(0, i), v = i < 0 ? "" : kv.slice(i + 1);
  try { k = decodeURIComponent(k.replace(/\+/g, " ")); v = decodeURIComponent(v.replace(/\+/g, " ")); } catch (e) { return; }
  if (!(k in p)) { p[k] = v; keys.push(k); }
});
var isView = function (v) { return known.views.indexOf(v) >= 0; };
var want = "view=" + known.views[0];
if ("lesson" in p || p.embed === "lesson") want = known.lessons.indexOf(p.lesson) >= 0 ? "lesson=" + p.lesson : "view=lessons";
else if (isView(p.embed)) want = "view=" + p.embed;
else if (isView(p.view)) want = "view=" + p.view;
if (keys.length && want !== (page || "view=" + known.views[0])) {
  var kv = want.split("=");
  left = true;
  location.replace((kv[0] === "view" ? kv[1] : "lesson-" + kv[1]) + ".html" + location.search + location.hash);
  return;
}
var zh = "lang" in p ? p.lang === "zh" : /^zh/i.test(navigator.language || "");
var lang = zh ? "zh" : "en", app = document.getElementById("app"), t = document.getElementById("ssr-zh");
t.remove();
if (zh) {
  var zhApp = t.content.firstElementChild;
  app.replaceWith(zhApp);
  app = zhApp;
  document.documentElement.lang = "zh-CN";
  document.title = ` + strconv.Quote(zhTitle) + `;
}
document.getElementById("boot-text").textContent = loading[lang];
var form = document.getElementById("` + ui.FormID + `");
var question = false;
keys.forEach(function (k) {
  if (!/^(lang|view|embed|controls|lesson)$/.test(k)) question = true;
  var els = document.getElementsByName(k);
  if (!els.length && form) {
    var h = document.createElement("input");
    h.type = "hidden"; h.name = k; h.value = p[k];
    form.appendChild(h);
    return;
  }
  for (var i = 0; i < els.length; i++) {
    var el = els[i];
    if (el.tagName !== "SELECT") { el.value = p[k]; continue; }
    for (var j = 0; j < el.options.length; j++) if (el.options[j].value === p[k]) el.value = p[k];
  }
});
var link = function (set) {
  var out = [], seen = {};
  keys.forEach(function (k) {
    if (k in set) { seen[k] = true; if (set[k] === null) return; out.push(k + "=" + encodeURIComponent(set[k])); return; }
    out.push(encodeURIComponent(k) + "=" + encodeURIComponent(p[k]));
  });
  for (var k in set) if (!seen[k] && set[k] !== null) out.push(k + "=" + encodeURIComponent(set[k]));
  return "?" + out.join("&");
};
if (keys.length) app.querySelectorAll("a[id^=tab-], a[id^=lang-]").forEach(function (a) {
  var id = a.id.replace(/^(tab|lang)-/, "");
  if (/^lang-/.test(a.id)) a.href = link({lang: id});
  else if (id === "lessons") a.href = link({view: null, lesson: "index", ans: null, live: null});
  else a.href = link({view: id, lesson: null, ans: null, live: null});
});
if (question) {
  var panel = document.getElementById("panel");
  panel.classList.add("pending");
  panel.setAttribute("aria-busy", "true");
  document.getElementById("boot-text").textContent = pending[lang];
}
} finally {
  if (!left) document.documentElement.classList.remove("ssr-pick");
}
if (!left && "serviceWorker" in navigator) addEventListener("load", function () {
  navigator.serviceWorker.register("sw.js").catch(function () {});
});
})();`
}
