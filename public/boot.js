// Starts the Go WebAssembly playground (app.wasm, built by `ccplay serve`
// with the local Go toolchain). Everything is same-origin: no CDN.
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
  const load = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(fetch(url), go.importObject).catch(() =>
        fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
    : fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
  load.then(start, (err) => show("ccplay could not load app.wasm: " + err));
})();
