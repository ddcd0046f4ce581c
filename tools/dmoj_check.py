"""`make dmoj-check`: DMOJ's own judge judges solve.py, under its PY3 and PYPY3 executors.

    python -m tools.dmoj_check            # installs what is missing (as root), then judges

DMOJ (dmoj.ca and many school judges) runs Python as `python3 -BS <loader>
<source with a UTF-8 byte-order mark>`: the loader reopens fd 0 and 1 with
64 KiB buffers and calls runpy.run_path, in a ptrace and seccomp sandbox.
This check uses that code itself: PyPI's `dmoj`, pinned in
locks/dmoj.txt, in a venv of Debian's python3 (build/judges/dmoj),
with Debian's python3 as PY3 and Debian's pypy3 as PYPY3. DMOJ's server
refuses to run as root, so as root the judging runs as the user nobody
(setpriv); where that cannot be done it runs as root and says that the
process limit was not enforced.

Problems, staged under build/dmoj-check/problems/ from the folder that
`make package` writes for upload (build/dmoj/gradientaccumulation/):

- gradientaccumulation: the upload folder as it is (DMOJ turns CR and CRLF
  into LF and adds a final newline to every input);
- gradientaccumulation_raw: the same with ``binary_data: true`` (raw bytes);
- gradientaccumulation_bad, and _bad_raw: the bad inputs of testkit/bad_inputs.py.

It fails unless solve.py is Accepted on every case of both valid problems
under both executors, so are the naive solution and the right answer with
loose spacing (the package's tokens.py checker compares tokens, as Kattis',
BAPCtools' and DOMjudge's default validators do), each wrong answer of the
package (printing -0.0000 among them) is Wrong Answer on
some case, and every bad input ends with status 1 (DMOJ: IR), nothing on
stdout and the one line on stderr that solve.py gives in-process for the
bytes DMOJ fed it. Outside the sandbox, DMOJ's own loader script runs
solve.py into /dev/full (status 1, the one line) and into a closed pipe
(141, nothing), where its 64 KiB text buffer would fail again at exit.
The jobs are split between two workers, one per core, each a judge of its
own; DMOJ measures each run's CPU time and memory by its own process.
It prints time and memory as DMOJ measured them, beside
the naive solution's (the problem's submissions/accepted/naive.py). Its targets, which fail the check
when not met, are that the package's limits leave room for every accepted
run by docs/package.md's rule; solve.py's memory beside the naive
solution's is printed apart, as information (make bench holds those targets).
PyPy's nursery is this host's as practice/pypy.py decides it.
"""

import itertools
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from packages import build_package
from packages.problem import Problem
from practice import pypy
from testkit.bad_inputs import BAD_INPUTS
from testkit.runs import run_main
from tools.installs import ensure_debian, ensure_venv, lock

ROOT = Path(__file__).resolve().parent.parent

STAGE = ROOT / "build" / "dmoj-check"
DEBIAN_PYTHON = "/usr/bin/python3"  # Debian's: the unprivileged user can run it, unlike a pyenv under /root
RUNTIMES = {"PY3": "python3", "PYPY3": "pypy3"}
# The package's limits, as a DMOJ admin enters them (docs/package.md): every accepted run must fit,
# every wrong answer must be WA, not TLE or MLE.
SPEC = Problem.named()  # the problem whose DMOJ package this checks
TIME_LIMIT = float(SPEC.time_limit_s)
MEMORY_KB = SPEC.memory_limit_mib * 1024
PROBLEM = SPEC.shortname
ACCEPTED = tuple(SPEC.accepted())  # the package's accepted submissions: each must be AC


def stage(upload):
    """Write the four problems under STAGE/problems from the upload folder; return that folder."""
    problems = STAGE / "problems"
    shutil.rmtree(STAGE, ignore_errors=True)
    shutil.copytree(upload, problems / PROBLEM)
    shutil.copytree(upload, problems / (PROBLEM + "_raw"))
    with open(problems / (PROBLEM + "_raw") / "init.yml", "a") as init:
        init.write("binary_data: true\n")
    for name, raw in (("_bad", False), ("_bad_raw", True)):
        folder = problems / (PROBLEM + name)
        folder.mkdir()
        lines = ["checker: identical\n", "binary_data: %s\n" % ("true" if raw else "false"), "test_cases:\n"]
        for case_id, data, _ in BAD_INPUTS:
            (folder / (case_id + ".in")).write_bytes(data)
            (folder / (case_id + ".out")).write_bytes(b"")
            lines.append("- {in: %s.in, out: %s.out, points: 1}\n" % (case_id, case_id))
        (folder / "init.yml").write_text("".join(lines))
    sources = STAGE / "sources"
    sources.mkdir()
    for name, source in SPEC.accepted().items():
        (sources / (name + ".py")).write_bytes(source)
    for name, source in SPEC.wrong_answers().items():
        (sources / (name + ".py")).write_bytes(source)
    for path in [STAGE, *STAGE.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return problems


def jobs():
    """Return the jobs for the worker: what to judge, with which executor, on which problem."""
    found = []

    def add(name, language, problem, short_circuit=False):
        found.append({"name": name, "language": language, "problem": problem, "short_circuit": short_circuit,
                      "source": str(STAGE / "sources" / (name + ".py")), "time": TIME_LIMIT,
                      "memory_kb": MEMORY_KB})

    for language in RUNTIMES:
        for name in ACCEPTED:  # loose_spacing too: AC by the tokens checker, as on every other judge
            add(name, language, PROBLEM)
        for suffix in ("_raw", "_bad", "_bad_raw"):
            add("solve", language, PROBLEM + suffix)
    for name in SPEC.wrong_answers():
        add(name, "PY3", PROBLEM, short_circuit=True)
    return found


def unprivileged(python):
    """Return (prefix that runs a command as nobody, or [] with the reason it could not be done)."""
    if os.geteuid() != 0:
        return [], None
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return [], "no setpriv"
    prefix = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    tried = subprocess.run([*prefix, python, "-c", "import dmoj; open(%r).read()" % str(STAGE / "sources" /
                                                                                       "solve.py")],
                           capture_output=True, text=True)
    if tried.returncode != 0:
        return [], "nobody cannot run the venv or read %s: %s" % (STAGE, tried.stderr.strip()[-200:])
    return prefix, None


def check(report):
    """Return the list of failures in the worker's report."""
    failures, wrong = [], SPEC.wrong_answers()
    for result in report["results"]:
        job, cases = result["job"], result["cases"]
        where = "%s under %s on %s" % (job["name"], job["language"], job["problem"])
        if result["problems"] or not cases:
            failures.append("%s: %s" % (where, result["problems"] or "no case was judged"))
            continue
        codes = [case["codes"] for case in cases]
        if job["name"] in ACCEPTED and not job["problem"].endswith(("_bad", "_bad_raw")):
            failures += ["%s: case %d: %s" % (where, case["case"], case["codes"])
                         for case in cases if case["codes"] != ["AC"]]
        elif job["name"] == "solve":
            for case in cases:
                if case["input"] is None:  # the worker sends back inputs of up to 100 KB only
                    failures.append("%s: case %d: an input too large to compare" % (where, case["case"]))
                    continue
                fed = case["input"].encode("latin-1")
                expected = run_main(fed, engine="python")
                got = (case["codes"][0], case["stdout"], case["stderr"])
                if expected.status != 1 or got != ("IR", "", expected.stderr.decode("latin-1")):
                    failures.append("%s: case %d: expected IR and %r, got %r"
                                    % (where, case["case"], expected.stderr, got))
        elif job["name"] in wrong and [c for c in codes if c != ["AC"]][:1] != [["WA"]]:
            # Judged until the first case that is not AC (short_circuit): that one must be WA, not TLE.
            failures.append("%s: not Wrong Answer: %s" % (where, codes))
    return failures


def table(report):
    """Print time and memory as DMOJ measured them, solve.py beside the naive solution; then the targets,
    which fail the check when not met, and apart from them what is only informational. Return the
    targets not met."""
    by = {(r["job"]["name"], r["job"]["language"], r["job"]["problem"]): r["cases"]
          for r in report["results"]}
    print("| executor | runtime | case | solve.py CPU s | naive CPU s | solve.py KB | naive KB"
          " | solve - naive |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    heaviest, info = [], []
    cases = re.findall(r"\{in: (\S+),", (STAGE / "problems" / PROBLEM / "init.yml").read_text())
    largest = max(range(len(cases)), key=lambda i: (STAGE / "problems" / PROBLEM / cases[i]).stat().st_size)
    for language in RUNTIMES:
        solve, naive = by[("solve", language, PROBLEM)], by[("naive", language, PROBLEM)]
        version = " ".join("%s %s" % (name, ".".join(map(str, numbers)))
                           for name, numbers in report["runtime_versions"][language])
        rows = [("seed example", 0), ("largest (K = 10, d = 100,000)", largest)]
        for label, index in rows:
            a, b = solve[index], naive[index]
            print("| %s | %s | %s | %.3f | %.3f | %d | %d | %+.2f MiB |" % (
                language, version, label, a["time"], b["time"], a["memory_kb"], b["memory_kb"],
                (a["memory_kb"] - b["memory_kb"]) / 1024))
        total = lambda cases: sum(case["time"] for case in cases)  # noqa: E731
        print("| %s | %s | all %d cases, CPU s in all; peak KB | %.3f | %.3f | %d | %d | |" % (
            language, version, len(solve), total(solve), total(naive),
            max(case["memory_kb"] for case in solve), max(case["memory_kb"] for case in naive)))
        info.append(("%s seed example, solve.py - naive" % language,
                      "%+.2f MiB" % ((solve[0]["memory_kb"] - naive[0]["memory_kb"]) / 1024)))
        info.append(("%s largest case, solve.py - naive" % language,
                     "%+.2f MiB" % ((solve[largest]["memory_kb"] - naive[largest]["memory_kb"]) / 1024)))
        heaviest += [solve[largest], naive[largest]]
    # The package's limits must leave room for every accepted run, by docs/package.md's rule: the slowest
    # and the heaviest on the largest case, times AC_TO_TIME_LIMIT and MEMORY_FACTOR, rounded up.
    seconds = max(1, math.ceil(SPEC.ac_to_time_limit * max(case["time"] for case in heaviest)))
    mib = max(256, 2 ** math.ceil(math.log2(SPEC.memory_factor
                                             * max(case["memory_kb"] for case in heaviest) / 1024)))
    targets = [("time limit by the rule <= the package's %d s" % SPEC.time_limit_s,
                "%d s" % seconds, seconds <= SPEC.time_limit_s),
               ("memory limit by the rule <= the package's %d MiB" % SPEC.memory_limit_mib,
                "%d MiB" % mib, mib <= SPEC.memory_limit_mib)]
    print("\n| target: the check fails unless met | measured | met |\n|---|---:|:---:|")
    for label, measured, met in targets:
        print("| %s | %s | %s |" % (label, measured, "yes" if met else "NO"))
    print("\nInformational, not targets (make bench holds the memory targets, as DMOJ's loader runs it):")
    for label, measured in info:
        print("  %s: %s" % (label, measured))
    return ["target not met: %s (%s)" % (label, measured) for label, measured, met in targets if not met]


def loader_exits(python):
    """Return failures of solve.py under DMOJ's own loader when writing fails: a full disk, a closed pipe.

    DMOJ's loader (PythonExecutor.loader_script) reopens stdout as text over
    a 64 KiB buffer, whose exit flush would fail again on bytes solve.py
    could not write. /dev/full must give status 1 and the one line, a pipe
    whose reader has gone 141 and nothing, under PY3 and PYPY3 alike.
    """
    script = subprocess.run([python, "-c", "from dmoj.executors.python_executor import PythonExecutor;"
                             " print(PythonExecutor.loader_script, end='')"],
                            capture_output=True, text=True, check=True).stdout
    folder = STAGE / "loader"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "loader.py").write_text(script)
    (folder / "solve.py").write_bytes(b"\xef\xbb\xbf" + (ROOT / "solve.py").read_bytes())  # as DMOJ writes it
    seed = (ROOT / "samples" / "seed-example-lines.in").read_bytes()
    failures = []
    for runtime in RUNTIMES.values():
        command = [shutil.which(runtime), "-BS", str(folder / "loader.py"), str(folder / "solve.py")]
        with open("/dev/full", "wb") as full:
            done = subprocess.run(command, input=seed, stdout=full, stderr=subprocess.PIPE, timeout=60)
        if (done.returncode, done.stderr) != (
                1, b"solve.py: cannot write the answer: No space left on device\n"):
            failures.append("%s, DMOJ's loader, /dev/full: status %d, stderr %r"
                            % (runtime, done.returncode, done.stderr[-300:]))
        read_end, write_end = os.pipe()
        os.close(read_end)
        done = subprocess.run(command, input=seed, stdout=write_end, stderr=subprocess.PIPE, timeout=60)
        os.close(write_end)
        if (done.returncode, done.stderr) != (141, b""):
            failures.append("%s, DMOJ's loader, closed pipe: status %d, stderr %r"
                            % (runtime, done.returncode, done.stderr[-300:]))
        print("dmoj-check: %s under DMOJ's loader: /dev/full and a closed pipe checked" % runtime,
              file=sys.stderr)
    return failures


def main():
    started = time.monotonic()
    ensure_debian(["build-essential", "libseccomp-dev", "python3-venv", "python3-dev", "pypy3"], True,
                  "make dmoj-check")
    python = ensure_venv("dmoj", [DEBIAN_PYTHON], lock("dmoj"))[0]
    with tempfile.TemporaryDirectory() as scratch:
        _, _, upload = build_package.build(Path(scratch))
        problems = stage(upload)
    runtime = {"python3": DEBIAN_PYTHON, "pypy3": shutil.which("pypy3")}
    # DMOJ's executors build PyPy's environment afresh: the worker hands this host's nursery on to them.
    nursery = pypy.judge_host()
    # Two workers, one per core, each a judge of its own with half of the jobs (every other one); DMOJ
    # measures each submission's CPU time and memory by its own process, so they do not disturb it.
    every = jobs()
    halves = [every[0::2], every[1::2]]
    jobs_files = [STAGE / ("jobs-%d.json" % i) for i in (1, 2)]
    for jobs_file, half in zip(jobs_files, halves, strict=True):
        jobs_file.write_text(json.dumps({"runtime": runtime, "problems": str(problems), "jobs": half,
                                         "pypy_nursery": nursery}))
        jobs_file.chmod(0o644)
    prefix, why_not = unprivileged(python)
    if prefix:
        print("dmoj-check: judging as the user nobody, as DMOJ's judge runs", file=sys.stderr)
    elif why_not:
        print("dmoj-check: judging as root (%s): the process limit (RLIMIT_NPROC) was NOT enforced"
              % why_not, file=sys.stderr)
    workers = [subprocess.Popen([*prefix, python, str(ROOT / "tools" / "dmoj_worker.py"), str(jobs_file)],
                                cwd=str(STAGE), stdout=subprocess.PIPE) for jobs_file in jobs_files]
    outputs = [worker.communicate(timeout=3600)[0] for worker in workers]
    if any(worker.returncode != 0 for worker in workers):
        raise SystemExit("dmoj-check: a worker failed with status %s" % [w.returncode for w in workers])
    first, second = [json.loads(output) for output in outputs]
    # Every other job went to each worker: interleaving their results restores jobs()'s order.
    report = {"runtime_versions": {**first["runtime_versions"], **second["runtime_versions"]},
              "results": [result for pair in itertools.zip_longest(first["results"], second["results"])
                          for result in pair if result is not None]}
    failures = check(report) + table(report) + loader_exits(python)
    print("\n%d jobs judged by DMOJ's judge as %s in %.0f s" % (
        len(report["results"]), "nobody" if prefix else "this user (%s)" % ("root" if os.geteuid() == 0 else
                                                                          "unprivileged"),
        time.monotonic() - started))
    for failure in failures[:30]:
        print("FAIL", failure)
    if failures:
        raise SystemExit("dmoj-check: %d failures" % len(failures))
    print("dmoj-check: solve.py Accepted on every case (raw and normalized, PY3 and PYPY3), and so are"
          " naive.py and loose_spacing.py (tokens.py compares tokens, as the other judges do); every wrong"
          " answer, -0.0000 too, Wrong Answer; every bad input one line on stderr with status 1; the"
          " package's limits leave room")


if __name__ == "__main__":
    main()
