"""Run solve.py, and the other problems' accepted programs, over a corpus under whatever interpreter
runs this file (`make judge-check`).

    INTERPRETER -m tools.judge_worker CORPUS.json > RESULTS.json    # from the project's root

Standard library only, Python 3.7 syntax (`make lint`): it runs under PyPy, `python3 -S`
and old numpy alike. Each case runs in-process through ``solve.main`` once
per engine this interpreter has; the cases marked for it also run as real
processes of this same interpreter, with its flags (``-S`` included), once
as a judge runs it (no arguments) and once with the numpy engine forced
where numpy imports. The corpus's "programs" are other problems' accepted
programs (a path from the project's root, and cases of their own): each runs
every case as a page runs a script, in this process, and the cases marked for
it as a real process too, and its seconds in all are reported with it. The results go to stdout as
JSON; tools/judge_check.py compares them.
"""

import io
import json
import platform
import subprocess
import sys
import time
from pathlib import Path

import solve  # run as `python -m tools.judge_worker` from the project's root, which -m puts on sys.path


def in_process(data, engine):
    """Return [status, stdout, stderr] of solve.main with the engine forced."""
    out, err = io.BytesIO(), io.BytesIO()
    status = solve.main(["--engine", engine], io.BytesIO(data), out, err)
    return [status, out.getvalue().decode("latin-1"), err.getvalue().decode("latin-1")]


def as_process(data, args, path=None):
    """Return [status, stdout, stderr] of solve.py (or the program at path) run by this interpreter, with
    its flags."""
    flags = ["-S"] if sys.flags.no_site else []
    done = subprocess.run([sys.executable, *flags, path or solve.__file__, *args], input=data,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return [done.returncode, done.stdout.decode("latin-1"), done.stderr.decode("latin-1")]


def as_page(data, args, path=None):
    """Return [status, stdout, stderr] of solve.py (or the program at path) run as a script in this
    process, where none can start.

    That is how an in-browser Python (Pyodide) runs a page's program: runpy,
    sys.argv set, and text streams over the bytes for stdin, stdout and stderr.
    """
    import runpy

    path = path or solve.__file__
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    sys.argv = [path, *args]
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")
    writers = [io.TextIOWrapper(sink, encoding="utf-8", errors="surrogateescape", write_through=True)
               for sink in (out, err)]
    sys.stdout, sys.stderr = writers
    try:
        runpy.run_path(path, run_name="__main__")
        status = 0
    except SystemExit as done:
        status = done.code
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
        for writer in writers:
            writer.detach()  # the bytes stay readable: a wrapper that is freed closes what it wraps
    return [status, out.getvalue().decode("latin-1"), err.getvalue().decode("latin-1")]


def run_program(program):
    """Return {case name: {how: [status, stdout, stderr]}} of one accepted program over its cases."""
    results = {}
    for case in program["cases"]:
        data = case["input"].encode("latin-1")
        runs = {"page": as_page(data, [], program["path"])}
        if case["process"] and sys.platform != "emscripten":  # WebAssembly: no process can start
            runs["process"] = as_process(data, [], program["path"])
        results[case["name"]] = runs
    return results


def main():
    corpus = json.loads(Path(sys.argv[1]).read_text())
    programs, corpus = corpus["programs"], corpus["cases"]
    try:
        import numpy  # what solve.py's numpy engine imports
    except Exception:  # this interpreter has no numpy, or a broken one: the pure engine alone
        numpy = None
    engines = ["python"] + (["numpy"] if numpy is not None else [])
    results = {}
    for case in corpus:
        data = case["input"].encode("latin-1")
        runs = {"in-process " + engine: in_process(data, engine) for engine in engines}
        if case["process"] and sys.platform == "emscripten":  # WebAssembly: no process can start
            runs["page auto"] = as_page(data, [])
        elif case["process"]:
            runs["process auto"] = as_process(data, [])
            if numpy is not None and case["process"] == "both":
                runs["process numpy"] = as_process(data, ["--engine", "numpy"])
        results[case["name"]] = runs
    numpy_version = None
    if numpy is not None:
        numpy_version = sys.modules["numpy"].__version__
    runs, seconds = {}, {}
    for program in programs:
        start = time.perf_counter()
        runs[program["name"]] = run_program(program)
        seconds[program["name"]] = time.perf_counter() - start
    json.dump({
        "python": "%s %s" % (platform.python_implementation(), platform.python_version()),
        "numpy": numpy_version,
        "results": results,
        "programs": runs,
        "program_seconds": seconds,
    }, sys.stdout)


if __name__ == "__main__":
    main()
