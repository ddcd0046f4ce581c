// One case, in a Pyodide of its own: the page starts a new runner for every case and ends it after
// the case, so nothing a program changes (modules, decimal's context, sys, descriptors) reaches the
// next one. {snapshot} loads a ready interpreter from the page's memory snapshot; then {source,
// input, limit} runs practice/page/runner.py on it: it posts {started: true} just before the program
// starts (the page's time limit counts from there), then {status, stdout, stderr, seconds, memory},
// or {stopped: "output"} as soon as the program has written more than limit bytes.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// The interpreter's WebAssembly memory, kept here before any program runs: Pyodide's module exports it
// when it is instantiated, and this closure is out of a program's reach, so a program that replaces
// pyodide._module.HEAPU8 changes nothing the page measures. Only WebAssembly memory is measured: what a
// program holds in JavaScript objects is not (the page says so).
const memories = [];
for (const name of ["instantiate", "instantiateStreaming"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = async (...args) => {
    const made = await original.apply(WebAssembly, args);
    const exports = (made.instance || made).exports || {};
    for (const value of Object.values(exports)) if (value instanceof WebAssembly.Memory) memories.push(value);
    return made;
  };
}

const indexURL = new URL("./pyodide/", import.meta.url).href;
// What a program could use to reach past its case: the network (the answers lie on the same server),
// storage other cases share, other workers, and the page itself. Removed before the program runs.
// The network is also closed by the runner's Content-Security-Policy (practice/page.py), which no program
// can undo: import() and fonts from another origin, which deleting globals cannot close.
const REACH = ["fetch", "XMLHttpRequest", "WebSocket", "WebSocketStream", "EventSource", "WebTransport",
               "Worker", "SharedWorker", "BroadcastChannel", "importScripts", "indexedDB", "caches",
               "navigator", "postMessage", "close", "webkitRequestFileSystem", "webkitRequestFileSystemSync",
               "webkitResolveLocalFileSystemURL", "webkitResolveLocalFileSystemSyncURL", "requestFileSystem",
               "requestFileSystemSync", "storage", "cookieStore", "FontFace", "fonts"];
const post = postMessage.bind(self);

function unreachable() {
  for (const name of REACH) {
    for (let scope = self; scope; scope = Object.getPrototypeOf(scope)) {
      try { delete scope[name]; } catch (error) { /* not configurable: shadowed below */ }
    }
    try { Object.defineProperty(self, name, { value: undefined }); } catch (error) { /* gone already */ }
  }
}
let pyodide, out = [], err = [], written = 0, limit = Infinity, stopped = false;

const STDERR_KEPT = 65536;  // the last bytes of stderr kept, as make check keeps them

function capture(chunks, counted) {
  let held = 0;
  return {
    write(buffer) {
      if (counted) {
        written += buffer.length;
        if (written > limit && !stopped) {
          stopped = true;
          post({ stopped: "output" });
        }
        if (stopped) return buffer.length;
      } else {  // stderr: bounded as it is written, its last STDERR_KEPT bytes kept
        held += buffer.length;
        while (chunks.length && held - chunks[0].length >= STDERR_KEPT) held -= chunks.shift().length;
      }
      chunks.push(counted ? buffer.slice() : buffer.slice(-STDERR_KEPT));
      return buffer.length;
    },
  };
}

// The bytes of the interpreter's WebAssembly memory, or null where this Pyodide does not show them.
// That memory only grows, so after a run its size is the run's peak (with the interpreter's own).
function memory() {
  const size = memories.length ? memories[0].buffer.byteLength : null;
  return Number.isSafeInteger(size) ? size : null;
}

function joined(chunks, keep) {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) { all.set(chunk, at); at += chunk.length; }
  return keep && total > keep ? all.slice(total - keep) : all;
}

onmessage = async ({ data }) => {
  if (data.make) {  // once a page: an interpreter that has run nothing yet, as a memory snapshot
    try {
      const fresh = await loadPyodide({ indexURL, _makeSnapshot: true });
      fresh.runPython("import io, os, sys, traceback");
      const snapshot = fresh.makeMemorySnapshot();
      postMessage({ snapshot }, [snapshot.buffer]);
    } catch (error) {
      postMessage({ snapshot: null, error: String(error.message || error).split("\n")[0] });
    }
    return;
  }
  if (data.snapshot !== undefined) {
    try {
      pyodide = await loadPyodide(data.snapshot ? { indexURL, _loadSnapshot: data.snapshot } : { indexURL });
      pyodide.setStdout(capture(out, true));
      pyodide.setStderr(capture(err, false));
      pyodide.FS.writeFile("/tmp/runner.py", data.runner);
      pyodide.runPython("import sys; sys.path.insert(0, '/tmp'); import runner");
      postMessage({ ready: true });
    } catch (error) {
      postMessage({ ready: false, error: String(error.message || error).split("\n")[0] });
    }
    return;
  }
  limit = data.limit;
  pyodide.FS.writeFile("/tmp/input", data.input);
  const run = pyodide.globals.get("runner").run;
  onmessage = null;  // one case a runner
  unreachable();
  post({ started: true });
  const started = performance.now();
  let status;
  try {
    status = run(data.source);
  } catch (error) {  // os._exit() ends the interpreter: its status is the program's
    status = typeof error.status === "number" ? error.status : null;
    if (status === null) err.push(new TextEncoder().encode(`\n${String(error.message || error)}\n`));
  }
  const seconds = (performance.now() - started) / 1000;
  if (stopped) return;
  post({ status: status === null ? 1 : status, seconds, memory: memory(), stdout: joined(out),
         stderr: joined(err, 65536) });
};
