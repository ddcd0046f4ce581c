// "Find a failing input": practice/find.py, the search `make check FIND=1` runs, in a Pyodide of its
// own with Hypothesis's pure wheels (served by the page, as Pyodide is). It runs no learner's code:
// for each input it asks the page ({run, input, answer}), which runs the program in a fresh runner
// with the same limit and isolation as Run and posts back {ran, result}. The search waits for that
// answer inside a Python call, with JavaScript Promise Integration (pyodide.ffi.run_sync).
// {snapshot, files, wheels, mistakes, problem, tolerance} loads it (files: find.py and the problem's search.py,
// reference.py and validator; mistakes: its wrong and crashing submissions; problem: its short name; tolerance: its
// answers', or null); {find: seed, tries} posts {found: [report lines], input}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let search;
const waiting = new Map();
let asked = 0;

function ask(input, answer) {  // called from Python: resolves with the page's run of the program
  return new Promise((resolve) => {
    asked += 1;
    waiting.set(asked, resolve);
    postMessage({ run: asked, input, answer });
  });
}

onmessage = async ({ data }) => {
  if (data.snapshot !== undefined) {
    try {
      const indexURL = new URL("./pyodide/", import.meta.url).href;
      const pyodide = await loadPyodide(data.snapshot ? { indexURL, _loadSnapshot: data.snapshot } : { indexURL });
      for (const wheel of data.wheels) pyodide.unpackArchive(new Uint8Array(wheel), "wheel");
      for (const [path, text] of Object.entries(data.files)) {
        const folder = "/tmp/find/" + path.split("/").slice(0, -1).join("/");
        pyodide.FS.mkdirTree(folder);
        pyodide.FS.writeFile("/tmp/find/" + path, text);
      }
      pyodide.globals.set("mistake_sources", pyodide.toPy(data.mistakes));
      pyodide.globals.set("problem", data.problem);
      pyodide.globals.set("tolerance", typeof data.tolerance === "number" ? data.tolerance : undefined);  // None
      search = pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp/find")
from pyodide.ffi import can_run_sync, run_sync, to_js
from practice import find
from practice.judge import Verdict, mistakes
known = mistakes(mistake_sources)

def search(seed, tries, ask):
    if not can_run_sync():
        return to_js([["find: this browser cannot pause Python to run each input (it lacks JavaScript "
                       "Promise Integration): use make check FILE=... FIND=1"], None])

    def run(data, answer):
        got = run_sync(ask(to_js(data), to_js(answer))).to_py()
        stdout = bytes(got.get("stdout", b""))
        if got.get("verdict"):  # stopped by the page: time, output, or an interpreter that failed
            stopped = Verdict(got["verdict"], got["detail"])
            return (lambda check, prints: stopped), stdout
        stderr = bytes(got["stderr"])
        return (lambda check, prints: check.run(answer, prints, got["status"], stdout, stderr)), stdout

    found = find.hunt(run, known, problem, seed, tries or find.TRIES, tolerance)
    return to_js([find.report(found), found.data])
search`);
      postMessage({ ready: true });
    } catch (error) {
      postMessage({ ready: false, error: String(error.message || error).split("\n")[0] });
    }
    return;
  }
  if (data.ran !== undefined) {
    waiting.get(data.ran)(data.result);
    waiting.delete(data.ran);
    return;
  }
  try {
    const [lines, input] = await search.callPromising(data.find, data.tries, ask);
    postMessage({ found: lines, input: input ?? null });
  } catch (error) {
    postMessage({ found: [`find: the search failed: ${String(error.message || error).split("\n").slice(-2).join(" ")}`],
                  input: null });
  }
};
