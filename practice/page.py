"""`make practice`: the offline practice page, built under build/practice/ and served on 127.0.0.1.

    python -m practice.page                 # build it, serve it on port 8000, print its address
    python -m practice.page --port 8001     # another port (make practice PORT=8001)
    python -m practice.page --build-only    # build it only (the browser test serves it itself)

The page is practice/page/: one HTML file, its script (practice.js), the runner of one case
(runner.js, with runner.py), and the judge (judge-worker.js, with practice/judge.py). The learner
picks one of the problems of problems/ (problems.json lists them, the first problem first; the
page's address says which: ?problem=NAME), and each has a folder NAME/ of its own with:
- statement.html, made from its statement.md by packages/statement.py, as the DOMjudge package's
  problem.html is;
- the samples and the secret data with their answers, and cases.json, which lists them with the
  limits, the tolerance, and each classic mistake's output on each (practice.check.cases());
- the mistakes: the problem's wrong submissions and those that crash (run_time_error/), which the
  judge reads its names and sentences from and runs (practice/judge.py), in cases.json;
- starter.py, the program the editor starts with (practice/page/starters/NAME.py, or one that
  reads the input and prints nothing, for a problem without one);
- for "Find a failing input" (finder-worker.js): practice/find.py and the modules it imports (the
  problem's search.py, reference.py and input validator), under find/.
Beside them, shared by every problem: Pyodide itself, from the npm package that tools/pyodide pins,
copied beside the page, so that nothing is fetched from the network; and the pure wheels of
Hypothesis that locks/page.txt pins, under wheels/.

Pyodide and the wheels are the dev tooling's to install (`python -m tools.installs page`, which `make
practice` runs first): this module only reads them, from build/judges/.
"""

import argparse
import functools
import http.server
import json
import re
import shutil
import sys
from pathlib import Path

from packages import statement
from packages.problem import DEFAULT, Problem, names
from practice import check, judge

ROOT = Path(__file__).resolve().parent.parent
PAGE = Path(__file__).resolve().parent / "page"
BUILT = ROOT / "build" / "practice"
# Where tools/installs.py puts Pyodide and the wheels.
PYODIDE = ROOT / "build" / "judges" / "pyodide" / "node_modules" / "pyodide"
WHEELS = ROOT / "build" / "judges" / "page-wheels"
# What the page needs of the npm package: the loader, the interpreter, its standard library.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# The search's modules (practice/find.py's imports): its own, and those of the problem (NAME).
FINDER_FILES = ("practice/find.py", "practice/judge.py", "problems/NAME/search.py",
                "problems/NAME/reference.py", "problems/NAME/validators/validate.py")
# The program the editor starts with where practice/page/starters/ has none for the problem.
STARTER = "import sys\n\ndata = sys.stdin.read().split()\n\n# Your solution: print the answer.\n"
# Python runs slower in WebAssembly: the page gives each case the package's limit times this.
PAGE_LIMIT_FACTOR = 1.5


def statement_body(problem=DEFAULT):
    """Return a problem's statement as an HTML body (title, text, samples, credit), as the DOMjudge
    package shows it."""
    problem = Problem.named(problem)
    page = statement.html(problem.sample_pairs(), problem.credit, problem.statement)
    return re.search(r"<body>\n(.*)</body>", page, re.S).group(1)


def write(folder, name, data):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def build(folder=BUILT, pyodide=PYODIDE, wheels=WHEELS):
    """Write the page into folder, replacing what was there; return folder."""
    wheels = sorted(Path(wheels).glob("*.whl"))
    if not (Path(pyodide) / "pyodide.mjs").exists() or not wheels:
        raise SystemExit("practice: no Pyodide under %s or no wheels under %s: `make practice` installs them"
                         % (pyodide, WHEELS))
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, folder / "pyodide" / name)
    shutil.copy2(PAGE / "index.html", folder / "index.html")
    for name in ("practice.js", "runner.js", "runner.py", "judge-worker.js", "finder-worker.js"):
        shutil.copy2(PAGE / name, folder / name)
    shutil.copy2(Path(__file__).parent / "judge.py", folder / "judge.py")
    for wheel in wheels:
        (folder / "wheels").mkdir(exist_ok=True)
        shutil.copy2(wheel, folder / "wheels" / wheel.name)
    shortnames = [DEFAULT] + [name for name in names() if name != DEFAULT]
    listed = [{"name": name, "title": statement.parts(Problem.named(name).statement)[0]}
              for name in shortnames]
    (folder / "problems.json").write_text(json.dumps({"problems": listed}, indent=1) + "\n")
    for name in shortnames:
        build_problem(folder / name, name, ["wheels/" + wheel.name for wheel in wheels])
    return folder


def build_problem(folder, name, wheels):
    """Write one problem's part of the page into folder (NAME/ of the page): its statement, starter,
    data, cases.json and the search's files; wheels: the paths of Hypothesis's wheels in the page."""
    problem = Problem.named(name)
    write(folder, "statement.html", statement_body(name).encode())
    starter = PAGE / "starters" / (name + ".py")
    write(folder, "starter.py", starter.read_bytes() if starter.exists() else STARTER.encode())
    files = [path.replace("NAME", name) for path in FINDER_FILES]
    inits = sorted({"/".join(path.split("/")[:depth]) + "/__init__.py"
                    for path in files for depth in range(1, path.count("/") + 1)})
    finder = {"files": inits + files, "wheels": ["../" + wheel for wheel in wheels]}
    for path in finder["files"]:
        write(folder, "find/" + path, b"" if path in inits else (ROOT / path).read_bytes())
    cases = {"samples": [], "secret": []}
    for case, given, answer, prints in check.cases(name):
        group, number = case.split(" ")
        path = "data/%s-%s" % (group, number)
        write(folder, path + ".in", given)
        write(folder, path + ".ans", answer)
        entry = {"name": case, "input": path + ".in", "answer": path + ".ans", "sample": group == "sample",
                 "prints": prints}
        cases["samples" if group == "sample" else "secret"].append(entry)
    limit = problem.time_limit_s
    mistakes = {mistake: source.decode() for mistake, source in check.mistake_sources(name).items()}
    manifest = {"problem": name, "tolerance": problem.tolerance, "time_limit_s": limit,
                "page_limit_s": limit * PAGE_LIMIT_FACTOR, "memory_limit_mib": problem.memory_limit_mib,
                "mistakes": mistakes, "finder": finder,
                "output": {"limit_mib": judge.OUTPUT_LIMIT_MIB, "too_long": judge.TOO_LONG},
                **cases}
    (folder / "cases.json").write_text(json.dumps(manifest, indent=1) + "\n")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a module worker and WebAssembly need, and no request log."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}

    def end_headers(self):
        if self.path.split("?")[0].rstrip("/").endswith("/runner.js"):
            # A worker takes its script's Content-Security-Policy: the runner, where the learner's program
            # runs, may load Pyodide's own files and nothing else (no other origin, no font, no case's
            # answer), whatever the program asks of JavaScript.
            host = self.headers.get("Host", "")
            host = host if re.fullmatch(r"[A-Za-z0-9.:\[\]-]+", host) else "127.0.0.1"
            pyodide = "http://%s/pyodide/" % host
            self.send_header("Content-Security-Policy", "default-src 'none'; script-src %s"
                             " 'wasm-unsafe-eval'; connect-src %s; worker-src 'none'" % (pyodide, pyodide))
        super().end_headers()

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    """The page's server: a browser that drops a request (a runner ended mid-load) is no error."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(folder, port=0, ready=print):
    """Serve folder on 127.0.0.1:port (0: any free port) until interrupted; call ready(address) first."""
    handler = functools.partial(Handler, directory=str(folder))
    with Server(("127.0.0.1", port), handler) as server:
        ready("http://127.0.0.1:%d/" % server.server_address[1])
        server.serve_forever()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="the port (0: any free one); default 8000")
    parser.add_argument("--build-only", action="store_true", help="build the page, do not serve it")
    args = parser.parse_args(argv)
    if args.build_only:
        print("practice: the page is in %s" % build().relative_to(ROOT))
        return
    try:  # the port first: a taken one is one line, before the build
        server = Server(("127.0.0.1", args.port), functools.partial(Handler, directory=str(BUILT)))
    except OSError as error:
        sys.exit("practice: cannot serve on 127.0.0.1:%d: %s; try another port: make practice PORT=%d"
                 % (args.port, error.strerror, args.port + 1))
    with server:
        build(BUILT)
        print("practice: open http://127.0.0.1:%d/ in a browser (offline: everything is served from %s);"
              " Ctrl-C stops it" % (server.server_address[1], BUILT.relative_to(ROOT)), flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("practice: stopped", file=sys.stderr)


if __name__ == "__main__":
    main()
