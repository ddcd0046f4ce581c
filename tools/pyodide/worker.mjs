// The Pyodide row of `make judge-check`: tools/judge_worker.py inside CPython for WebAssembly.
//
//     node tools/pyodide/worker.mjs -m tools.judge_worker CORPUS.json > RESULTS.json   (from the root)
//
// Pyodide comes from npm (tools/pyodide/package-lock.json), installed under build/judges/pyodide by
// tools/installs.py; PYODIDE_DIR names that folder. The project folder is mounted at /project, and
// the worker runs there as `python -m tools.judge_worker` would, its stdout returned here.
import { pathToFileURL } from "node:url";
import path from "node:path";

const [flag, module, corpus] = process.argv.slice(2);
if (flag !== "-m" || !corpus) {
  console.error("usage: node worker.mjs -m MODULE CORPUS.json");
  process.exit(2);
}
const here = path.resolve(".");
const pyodideModule = path.join(process.env.PYODIDE_DIR, "node_modules", "pyodide", "pyodide.mjs");
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const pyodide = await loadPyodide();
pyodide.mountNodeFS("/project", here);
pyodide.globals.set("module_name", module);
pyodide.globals.set("corpus", path.posix.join("/project", path.relative(here, path.resolve(corpus))));
let output;
try {
  output = pyodide.runPython(`
import io, os, runpy, sys
os.chdir("/project")
sys.path.insert(0, "/project")
sys.argv = [module_name, corpus]
captured = sys.stdout = io.StringIO()
try:
    runpy.run_module(module_name, run_name="__main__", alter_sys=True)
finally:
    sys.stdout = sys.__stdout__
captured.getvalue()
`);
} catch (error) {  // a Python exception: its traceback, not the whole of pyodide.asm.mjs around the throw
  console.error(error.message);
  process.exit(1);
}
process.stdout.write(output);
