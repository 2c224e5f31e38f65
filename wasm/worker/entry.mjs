// Entry module of ccplay's Worker (wrangler.jsonc "main"), copied next to the
// files that `go tool workers-assets-gen -mode=go` generates.
//
// syumai/workers' worker.mjs starts a fresh Go instance for every request.
// Under `wrangler dev`, a burst of concurrent requests (64 at once) left
// about 1–2 % of them hanging forever with no log line, while a plain
// JavaScript worker burning the same CPU answered all of them, and the same
// burst with requests run one at a time per isolate answered all of them
// too. An isolate runs on one thread anyway, so this module runs one Go
// request at a time per isolate (a FIFO queue) and reads the whole body
// before letting the next one start. Bodies are small (at most a few MiB).
import worker from "./worker.mjs";

let tail = Promise.resolve();

export default {
  async fetch(request, env, ctx) {
    const previous = tail;
    let release;
    tail = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      const response = await worker.fetch(request, env, ctx);
      const body = await response.arrayBuffer();
      return new Response(request.method === "HEAD" ? null : body, response);
    } finally {
      release();
    }
  },
};
