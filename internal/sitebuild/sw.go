package main

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
)

// version names one build: the first 10 hex digits of SHA-256 over the
// sorted content-hashed file names, so it changes with any asset's content
// and only then.
func version(hashed []string) string {
	s := slices.Clone(hashed)
	slices.Sort(s)
	sum := sha256.Sum256([]byte(strings.Join(s, "\n")))
	return hex.EncodeToString(sum[:5])
}

// serviceWorker is sw.js for the build named v (version). It keeps what
// the site's pages fetch in the cache "ccplay-<v>" and deletes every other
// version's cache once it takes over (at once: skipWaiting, clients.claim),
// so a repeat visit gets the WebAssembly without the network:
//   - a content-hashed file (name.<10 hex>.ext, and the modules' .gz and .br
//     copies) never changes: served from the cache, fetched once;
//   - everything else (the pages, the lessons, the examples) is fetched
//     first, revalidated with the host whatever its caching headers say
//     (cache "no-cache"), so a new build's page names its new assets at
//     once; the cache serves it only when the network fails.
func serviceWorker(v string) string {
	return `// Written by internal/sitebuild: the service worker of build ` + v + ` (see sw.go there).
"use strict";
const CACHE = "ccplay-` + v + `";
const HASHED = /\.[0-9a-f]{10}\.(wasm|js|css)(\.gz|\.br)?$/;
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(
  caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("ccplay-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim())));
const keep = (cache, req, res) => {
  if (res.ok && res.status === 200) cache.put(req, res.clone()).catch(() => {});
  return res;
};
self.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || url.pathname.endsWith("/sw.js")) return;
  e.respondWith(caches.open(CACHE).then((cache) => HASHED.test(url.pathname)
    ? cache.match(req).then((hit) => hit || fetch(req).then((res) => keep(cache, req, res)))
    : fetch(req, {cache: "no-cache"}).then((res) => keep(cache, req, res),
        (err) => cache.match(req, {ignoreSearch: true}).then((hit) => hit || Promise.reject(err)))));
});
`
}
