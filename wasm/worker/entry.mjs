// Entry module of ccplay's Worker (wrangler.jsonc "main"), copied by
// scripts/build-worker.sh next to app.wasm (wasm/worker), Go's wasm_exec.js
// and shell.html (the page shell internal/sitebuild writes).
//
// One Go instance per isolate answers every request: it is started on the
// first request (globalThis.ccplayShell is the shell it renders pages
// into) and stays; each request is handed to globalThis.ccplayHandle. If
// the instance ever exits, the next request starts another. Requests run
// one at a time per isolate (a FIFO queue), as an isolate has one thread:
// the Go side answers in full before the next starts.
//
// app.<hash>.wasm and tools.<hash>.wasm, the playground's two modules
// (routed here by run_worker_first), go out as the static asset's
// pre-compressed copy, .br where the client accepts brotli, else .gz, sent
// with Content-Encoding and encodeBody "manual" so the runtime passes the
// bytes through; the browser decompresses them.
import "./wasm_exec.js";
import mod from "./app.wasm";
import shell from "./shell.html";

const immutable = "public, max-age=31536000, immutable";
let ready;
let tail = Promise.resolve();

function start() {
  globalThis.ccplayShell = shell;
  const go = new Go();
  const started = new Promise((resolve) => (globalThis.ccplayReady = resolve));
  go.run(new WebAssembly.Instance(mod, go.importObject)).finally(() => (ready = undefined));
  return started;
}

function accepts(request, coding) {
  return (request.headers.get("Accept-Encoding") || "").split(",").some((part) => {
    const [name, q] = part.trim().split(";");
    return name.trim().toLowerCase() === coding && (q || "").replace(/\s/g, "") !== "q=0";
  });
}

async function wasmAsset(request, env, url) {
  for (const [coding, suffix] of [["br", ".br"], ["gzip", ".gz"]]) {
    if (!accepts(request, coding)) {
      continue;
    }
    const r = await env.ASSETS.fetch(new URL(url.pathname + suffix, url));
    if (r.ok) {
      return new Response(request.method === "HEAD" ? null : r.body, {
        encodeBody: "manual",
        headers: { "Content-Type": "application/wasm", "Content-Encoding": coding, "Cache-Control": immutable, "Vary": "Accept-Encoding" },
      });
    }
  }
  const r = await env.ASSETS.fetch(request);
  const res = new Response(r.body, r);
  res.headers.set("Cache-Control", immutable);
  res.headers.set("Vary", "Accept-Encoding");
  return res;
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (/^\/(app|tools)\.[0-9a-f]{10}\.wasm$/.test(url.pathname) && env.ASSETS) {
      return wasmAsset(request, env, url);
    }
    const previous = tail;
    let release;
    tail = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      ready ??= start();
      await ready;
      const body = request.method === "GET" || request.method === "HEAD" ? null : new Uint8Array(await request.arrayBuffer());
      const res = await globalThis.ccplayHandle(request.method, request.url, [...request.headers], body);
      const bodiless = request.method === "HEAD" || [101, 204, 205, 304].includes(res.status);
      return new Response(bodiless ? null : res.body, { status: res.status, headers: res.headers });
    } finally {
      release();
    }
  },
};
