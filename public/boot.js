// Starts the Go WebAssembly playground. The page arrives with the URL's view
// already rendered (by `ccplay serve`, the Worker or the static build) as
// an HTML form that asks the server for a new question's page; the bar at the bottom (#boot) shows the
// WebAssembly's bytes downloaded / total until its first render takes the
// same DOM over, which enables the controls. Everything is same-origin.
//
// #boot says what to fetch: data-wasm (the content-hashed app.wasm, which a
// server sends compressed, or on a static host its .gz copy, with
// data-inflate="gzip": inflated here with DecompressionStream), data-bytes
// (app.wasm's size) and data-wire (the expected size on the wire). If the
// .gz cannot be used (no DecompressionStream, a host that already undid the
// gzip) it falls back to the plain .wasm beside it. window.ccplayWasmSource
// says which file was used.
//
// A response served as application/wasm (a server's, the service worker's
// cached copy of it) is compiled as it is: WebAssembly.instantiateStreaming
// compiles while the bytes arrive, and Chrome keys its cache of compiled
// WebAssembly on the response's URL (v8.dev/blog/wasm-code-caching), which
// a Response built in this script lacks, so a repeat visit may skip the
// compilation. The bar then counts a copy of the body (Response.clone).
// Only the .gz inflated here needs a Response of its own.
(function () {
  "use strict";
  window.ccplayNavStart = performance.now();
  const boot = document.getElementById("boot");
  const bar = document.getElementById("boot-bar");
  const shown = document.getElementById("boot-bytes");
  const url = boot.dataset.wasm;
  const rawBytes = Number(boot.dataset.bytes) || 0;
  const go = new Go();
  const fail = (msg) => {
    const p = document.createElement("p");
    p.className = "fatal";
    p.textContent = msg;
    boot.replaceChildren(p);
  };
  // progress shows the bytes received so far of a response of wire bytes,
  // counting the decompressed bytes read (body) against app.wasm's size.
  const progress = (read, wire) => {
    const f = rawBytes ? Math.min(1, read / rawBytes) : 0;
    bar.value = f;
    shown.textContent = (f * wire / 1e6).toFixed(2) + " / " + (wire / 1e6).toFixed(2) + " MB";
  };
  // counted passes a response's body through, updating the bar.
  const counted = (r, wire) => {
    let read = 0;
    return r.body.pipeThrough(new TransformStream({
      transform(chunk, out) {
        read += chunk.byteLength;
        progress(read, wire);
        out.enqueue(chunk);
      },
    }));
  };
  // watch reads a copy of r's body to the end, moving the bar.
  const watch = (r, wire) => {
    const reader = counted(r.clone(), wire).getReader();
    const next = () => reader.read().then((x) => x.done || next(), () => {});
    next();
  };
  const wireOf = (r) => Number(r.headers.get("Content-Length")) || Number(boot.dataset.wire) || rawBytes;
  const instantiate = (wasm) => WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(wasm, go.importObject)
    : wasm.arrayBuffer().then((b) => WebAssembly.instantiate(b, go.importObject));
  const isWasm = (r) => /^application\/wasm\b/i.test(r.headers.get("Content-Type") || "");
  const load = (file, inflate) => fetch(file).then((r) => {
    if (!r.ok || !r.body) {
      throw new Error(file + ": HTTP " + r.status);
    }
    window.ccplayWasmSource = file;
    if (!inflate && isWasm(r)) {
      watch(r, wireOf(r));
      return instantiate(r);
    }
    let body = counted(r, wireOf(r));
    if (inflate) {
      body = body.pipeThrough(new DecompressionStream(inflate));
    }
    return instantiate(new Response(body, { headers: { "Content-Type": "application/wasm" } }));
  });
  const inflate = boot.dataset.inflate;
  let started = inflate && typeof DecompressionStream === "function"
    ? load(url, inflate).catch(() => load(url.replace(/\.gz$/, ""), ""))
    : load(url.replace(/\.gz$/, ""), "");
  // showTab scrolls the row of tabs, on a phone wider than the screen, to
  // the current view's tab, which may be the last one: a page opened on a
  // view shows which view it is. Where the tabs fit nothing scrolls.
  const showTab = () => {
    const tab = document.querySelector('.tabs [aria-selected="true"]');
    if (tab) {
      const list = tab.parentElement, t = tab.getBoundingClientRect(), l = list.getBoundingClientRect();
      list.scrollLeft += t.left + t.width / 2 - (l.left + l.width / 2);
    }
  };
  showTab();
  // wasm/app calls this after its first render: the page is interactive,
  // and the server-rendered page's form (see ui.Page) gives way to it.
  window.ccplayBooted = () => {
    boot.remove();
    document.querySelectorAll("#ccplay-form, #app .ssr-submit").forEach((e) => e.remove());
    showTab();
  };
  started.then((result) => go.run(result.instance),
    (err) => fail("ccplay could not load its WebAssembly: " + err));
})();
