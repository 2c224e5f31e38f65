// Starts the Go WebAssembly playground (app.wasm, built by `ccplay serve`
// with the local Go toolchain). Everything is same-origin: no CDN.
//
// It first fetches app.wasm.gz (gzip -9, written next to app.wasm by the
// build) and inflates it with DecompressionStream, so a static host that
// does not compress still sends ≈ 1.6 MB rather than ≈ 6 MB. When that
// fails (no .gz, no DecompressionStream, or a host that already undid the
// gzip) it falls back to app.wasm. window.ccplayWasmSource says which won.
(function () {
  "use strict";
  if (/[?&]embed=/.test(location.search)) {
    document.documentElement.classList.add("embed");
  }
  window.ccplayNavStart = performance.now();
  const go = new Go();
  const show = (msg) => {
    const app = document.getElementById("app");
    app.innerHTML = "";
    const p = document.createElement("p");
    p.className = "fatal";
    p.textContent = msg;
    app.appendChild(p);
  };
  const start = (result) => go.run(result.instance);
  const url = "app.wasm";
  const fromBytes = (r) => r.arrayBuffer().then((b) => WebAssembly.instantiate(b, go.importObject));
  const plain = () => {
    window.ccplayWasmSource = url;
    return WebAssembly.instantiateStreaming
      ? WebAssembly.instantiateStreaming(fetch(url), go.importObject).catch(() => fetch(url).then(fromBytes))
      : fetch(url).then(fromBytes);
  };
  const gzipped = () => {
    if (typeof DecompressionStream !== "function" || typeof Response !== "function") {
      return Promise.reject(new Error("no DecompressionStream"));
    }
    return fetch(url + ".gz").then((r) => {
      if (!r.ok || !r.body) {
        throw new Error("app.wasm.gz: HTTP " + r.status);
      }
      const inflated = new Response(r.body.pipeThrough(new DecompressionStream("gzip")),
        { headers: { "Content-Type": "application/wasm" } });
      window.ccplayWasmSource = url + ".gz";
      return WebAssembly.instantiateStreaming
        ? WebAssembly.instantiateStreaming(inflated, go.importObject)
        : fromBytes(inflated);
    });
  };
  gzipped()
    .catch(plain)
    .then(start, (err) => show("ccplay could not load app.wasm: " + err));
})();
