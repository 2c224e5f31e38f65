package site

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/ui"
)

// StaticPage is the page a static host serves for query (e.g.
// "view=ledger", "" for the default view) in any language: the English
// rendering in #app, marked with data-query (the WebAssembly reads it when
// the address has no query), the Chinese one in a template, and an inline
// script that, before the first paint, shows the Chinese page where the
// address says lang=zh or the browser prefers Chinese, and empties #app
// (leaving the loading bar) where the address asks for another state than
// query, which the WebAssembly then renders.
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
	app := root + `<template id="ssr-zh">` + zhRoot + `</template><script>` + pickScript(query, zh.Title, loading["zh"]) + `</script>`
	return shell.fill("en", en.Title, app), nil
}

// pickScript is StaticPage's inline script (see there).
func pickScript(query, zhTitle, zhLoading string) string {
	return `(function () {
var q = location.search.replace(/^\?/, ""), page = ` + strconv.Quote(query) + `;
var l = /(?:^|&)lang=(zh|en)(?:&|$)/.exec(q);
var zh = l ? l[1] === "zh" : /^zh/i.test(navigator.language || "");
var rest = q.split("&").filter(function (kv) { return kv && !/^lang=/.test(kv); }).join("&");
var app = document.getElementById("app"), t = document.getElementById("ssr-zh");
t.remove();
if (rest && rest !== page) {
  var empty = document.createElement("div");
  empty.id = "app";
  app.replaceWith(empty);
  return;
}
if (zh) {
  app.replaceWith(t.content.firstElementChild);
  document.documentElement.lang = "zh-CN";
  document.title = ` + strconv.Quote(zhTitle) + `;
  document.getElementById("boot-text").textContent = ` + strconv.Quote(zhLoading) + `;
}
})();`
}
