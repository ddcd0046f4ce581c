"""`make dmoj-check`: DMOJ's own judge judges every problem's submissions, under PY3, PYPY3 and CPP17.

    python -m tools.dmoj_check [--problem NAME]   # installs what is missing (as root), then judges
                                                  # every problem's submissions, or NAME's

DMOJ (dmoj.ca and many school judges) runs Python as `python3 -BS <loader>
<source with a UTF-8 byte-order mark>`: the loader reopens fd 0 and 1 with
64 KiB buffers and calls runpy.run_path, in a ptrace and seccomp sandbox;
C++ it compiles with g++ (-O2, -std=c++17) and runs in the same sandbox.
This check uses that code itself: PyPI's `dmoj`, pinned in
locks/dmoj.txt, in a venv of Debian's python3 (build/judges/dmoj),
with Debian's python3 as PY3, Debian's pypy3 as PYPY3 and Debian's g++
(build-essential) as CPP17. DMOJ's server
refuses to run as root, so as root the judging runs as the user nobody
(setpriv); where that cannot be done it runs as root and says that the
process limit was not enforced.

Problems, staged under build/dmoj-check/problems/ from the folders that
`make package` writes for upload (build/dmoj/SHORTNAME/), one for each
problem under problems/, with its checker (tokens.py, or DMOJ's floats for a
problem with a tolerance). For the problem whose accepted submission is
solve.py (gradientaccumulation), solve.py's own contract as well:

- SHORTNAME_raw: the same with ``binary_data: true`` (raw bytes; the upload
  folder as it is has DMOJ turn CR and CRLF into LF and add a final newline
  to every input);
- SHORTNAME_bad, and _bad_raw: the bad inputs of testkit/bad_inputs.py.

It fails unless every accepted submission of every problem is Accepted on
every case, each Python one under both PY3 and PYPY3 and each C++ one under
CPP17 (on gradientaccumulation: solve.py, the naive solution, the right
answer with loose spacing, which the package's tokens.py accepts as the
other judges' default validators do, and solve.cpp); each wrong answer of a
package (printing -0.0000 among them) is Wrong Answer, each too slow
submission Time Limit Exceeded, and each Python one of run_time_error/
Invalid Return with the exception's name (RUNTIME_ERROR says why), on the
first case it fails (judged until then only, so that a too slow run costs
DMOJ's time limit once); solve.py
is Accepted on the raw data too, and every bad input ends with status 1 (DMOJ:
IR), nothing on stdout and the one line on stderr that solve.py gives
in-process for the bytes DMOJ fed it. Outside the sandbox, DMOJ's own loader
script runs solve.py into /dev/full (status 1, the one line) and into a
closed pipe (141, nothing), where its 64 KiB text buffer would fail again at
exit. The jobs are split between two workers, one per core, each a judge of
its own; DMOJ measures each run's CPU time and memory by its own process.
It prints time and memory as DMOJ measured them for every accepted run. Its
target, which fails the check when not met, is that each package's memory
limit leaves room for every accepted run by docs/package.md's rule; what the
rule gives for time from these runs is printed beside the package's limit,
as a measurement (CPU time moves with the machine's load); on
gradientaccumulation, solve.py's memory beside the naive solution's
(submissions/accepted/naive.py) is printed apart, as information (make bench
holds those targets).
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
from packages.formats import dmoj as dmoj_format
from practice import pypy
from testkit.bad_inputs import BAD_INPUTS
from testkit.runs import run_main
from tools.installs import ensure_debian, ensure_venv, lock

ROOT = Path(__file__).resolve().parent.parent

STAGE = ROOT / "build" / "dmoj-check"
DEBIAN_PYTHON = "/usr/bin/python3"  # Debian's: the unprivileged user can run it, unlike a pyenv under /root
RUNTIMES = {"PY3": "python3", "PYPY3": "pypy3", "CPP17": "g++17"}  # DMOJ's executor: its runtime's name
EXECUTORS = dmoj_format.EXECUTORS  # what each submission's language is judged under, as SETUP.md says
# What DMOJ's judge gives a program that dies of an error. Python ends on an uncaught exception with the
# traceback on stderr and exit status 1: DMOJ's TracedPopen.is_ir is a positive status (is_rte only a
# signal), so it is IR, Invalid Return, and PythonExecutor.parse_feedback_from_stderr names the
# exception (a builtin one, from a traceback of at most 2048 bytes) as the case's feedback, which the
# check requires. C++ ends on an uncaught exception in abort(), a signal: RTE.
RUNTIME_ERROR = {".py": "IR", ".cpp": "RTE"}
# The code of the first case that is not AC, by the submission's folder (and language).
EXPECTED = {"wrong_answer": "WA", "time_limit_exceeded": "TLE", "run_time_error": RUNTIME_ERROR}
CONTRACT = ("_raw", "_bad", "_bad_raw")  # solve.py's own contract: raw bytes, bad inputs (IR, one line)


def has_contract(problem):
    """Whether problem's accepted submissions include solve.py, the project's tool, whose contract (raw
    bytes, the one line on a bad input) dmoj-check checks too."""
    return "solve.py" in problem.submissions("accepted")


def stage(uploads):
    """Write the problems under STAGE/problems from the upload folders ({problem: folder}), and each
    problem's submissions under STAGE/sources/SHORTNAME/; return the problems' folder."""
    problems = STAGE / "problems"
    shutil.rmtree(STAGE, ignore_errors=True)
    for problem, upload in uploads.items():
        name = problem.shortname
        shutil.copytree(upload, problems / name)
        sources = STAGE / "sources" / name
        for verdict in ("accepted", *EXPECTED):
            for file_name, source in problem.submissions(verdict).items():
                (sources / verdict).mkdir(parents=True, exist_ok=True)
                (sources / verdict / file_name).write_bytes(source)
        if not has_contract(problem):
            continue
        shutil.copytree(upload, problems / (name + "_raw"))
        with open(problems / (name + "_raw") / "init.yml", "a") as init:
            init.write("binary_data: true\n")
        for suffix, raw in (("_bad", False), ("_bad_raw", True)):
            folder = problems / (name + suffix)
            folder.mkdir()
            lines = ["checker: identical\n", "binary_data: %s\n" % ("true" if raw else "false"),
                     "test_cases:\n"]
            for case_id, data, _ in BAD_INPUTS:
                (folder / (case_id + ".in")).write_bytes(data)
                (folder / (case_id + ".out")).write_bytes(b"")
                lines.append("- {in: %s.in, out: %s.out, points: 1}\n" % (case_id, case_id))
            (folder / "init.yml").write_text("".join(lines))
    for path in [STAGE, *STAGE.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return problems


def jobs(every):
    """Return the jobs for the workers: what to judge, with which executor, on which problem, and what
    it must get. Every accepted submission under each executor of its language, on the problem (and
    solve.py on the contract's problems); each wrong or too slow one under each executor of its language
    until its first case that is not AC."""
    found = []

    def add(problem, verdict, name, language, judged_on, short_circuit=False):
        found.append({"problem_name": problem.shortname, "verdict": verdict, "name": name,
                      "language": language, "problem": judged_on, "short_circuit": short_circuit,
                      "source": str(STAGE / "sources" / problem.shortname / verdict / name),
                      "time": float(problem.time_limit_s), "memory_kb": problem.memory_limit_mib * 1024})

    for problem in every:
        for name in problem.submissions("accepted"):  # loose_spacing too: AC by the checker, as elsewhere
            for language in EXECUTORS[Path(name).suffix]:
                add(problem, "accepted", name, language, problem.shortname)
        if has_contract(problem):
            for language in EXECUTORS[".py"]:
                for suffix in CONTRACT:
                    add(problem, "accepted", "solve.py", language, problem.shortname + suffix)
        for name in problem.submissions("wrong_answer"):
            add(problem, "wrong_answer", name, EXECUTORS[Path(name).suffix][0], problem.shortname, True)
        for verdict in ("time_limit_exceeded", "run_time_error"):  # the runtime's own: each executor
            for name in problem.submissions(verdict):
                for language in EXECUTORS[Path(name).suffix]:
                    add(problem, verdict, name, language, problem.shortname, True)
    return found


def failure_code(job):
    """Return the code DMOJ must give the job's first case that is not AC (EXPECTED)."""
    code = EXPECTED[job["verdict"]]
    return code if isinstance(code, str) else code[Path(job["name"]).suffix]


def unprivileged(python):
    """Return (prefix that runs a command as nobody, or [] with the reason it could not be done)."""
    if os.geteuid() != 0:
        return [], None
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return [], "no setpriv"
    prefix = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    readable = next(STAGE.joinpath("sources").rglob("*.py"))
    tried = subprocess.run([*prefix, python, "-c", "import dmoj; open(%r).read()" % str(readable)],
                           capture_output=True, text=True)
    if tried.returncode != 0:
        return [], "nobody cannot run the venv or read %s: %s" % (STAGE, tried.stderr.strip()[-200:])
    return prefix, None


def check(report):
    """Return the list of failures in the worker's report."""
    failures = []
    for result in report["results"]:
        job, cases = result["job"], result["cases"]
        where = "%s/%s under %s on %s" % (job["problem_name"], job["name"], job["language"], job["problem"])
        if result["problems"] or not cases:
            failures.append("%s: %s" % (where, result["problems"] or "no case was judged"))
            continue
        codes = [case["codes"] for case in cases]
        if job["verdict"] == "accepted" and not job["problem"].endswith(("_bad", "_bad_raw")):
            failures += ["%s: case %d: %s" % (where, case["case"], case["codes"])
                         for case in cases if case["codes"] != ["AC"]]
        elif job["verdict"] == "accepted":  # solve.py on the bad inputs
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
        elif [c[0] for c in codes if c != ["AC"]][:1] != [failure_code(job)]:
            # Judged until the first case that is not AC (short_circuit): its verdict (DMOJ's first code;
            # a run killed at the limit also shows RTE and WA after it) must be WA (not TLE or MLE) for a
            # wrong answer, TLE for a too slow one, IR (Python) or RTE (C++) for a run-time error.
            failures.append("%s: not %s: %s" % (where, failure_code(job), codes))
        elif failure_code(job) == "IR" and not crash(cases):
            failures.append("%s: IR without the exception's name (DMOJ's feedback): stderr %r"
                            % (where, next(c for c in cases if c["codes"] != ["AC"])["stderr"]))
    return failures


def crash(cases):
    """Return the feedback of the first case that is not AC: for a Python program's uncaught exception,
    the exception's name that DMOJ shows beside IR ("" when DMOJ could not read it)."""
    return next((case["feedback"] for case in cases if case["codes"] != ["AC"]), "") or ""


def largest_case(problem):
    """Return the index, in the order DMOJ judges them, of the problem's largest input, its name, and the
    number of cases."""
    folder = STAGE / "problems" / problem.shortname
    cases = re.findall(r"\{in: (\S+),", (folder / "init.yml").read_text())
    index = max(range(len(cases)), key=lambda i: (folder / cases[i]).stat().st_size)
    return index, cases[index][:-len(".in")], len(cases)


def table(report, every):
    """Print time and memory as DMOJ measured them, for every accepted run of each problem; then the
    targets, which fail the check when not met, and apart from them what is only informational. Return
    the targets not met."""
    by = {(r["job"]["problem_name"], r["job"]["name"], r["job"]["language"], r["job"]["problem"]): r["cases"]
          for r in report["results"]}
    versions = {language: " ".join("%s %s" % (name, ".".join(map(str, numbers))) for name, numbers in found)
                for language, found in report["runtime_versions"].items()}
    failures = []
    for problem in every:
        name = problem.shortname
        largest, case, _ = largest_case(problem)
        print("\n%s: %d cases, the largest %s\n" % (name, largest_case(problem)[2], case))
        print("| submission | executor | runtime | sample 1 CPU s | largest CPU s | largest KB"
              " | slowest CPU s | peak KB | all cases CPU s |")
        print("|---|---|---|---:|---:|---:|---:|---:|---:|")
        heaviest, runs = [], {}
        for file_name in problem.submissions("accepted"):
            for language in EXECUTORS[Path(file_name).suffix]:
                cases = runs[(file_name, language)] = by[(name, file_name, language, name)]
                print("| %s | %s | %s | %.3f | %.3f | %d | %.3f | %d | %.3f |" % (
                    file_name, language, versions[language], cases[0]["time"], cases[largest]["time"],
                    cases[largest]["memory_kb"], max(c["time"] for c in cases),
                    max(c["memory_kb"] for c in cases), sum(c["time"] for c in cases)))
                heaviest += cases
        # The package's limits must leave room for every accepted run, by docs/package.md's rule: the
        # slowest and the heaviest (on the largest cases, where they are), times ac_to_time_limit and
        # memory_factor, rounded up.
        seconds = max(1, math.ceil(problem.ac_to_time_limit * max(c["time"] for c in heaviest)))
        mib = max(256, 2 ** math.ceil(math.log2(problem.memory_factor
                                                 * max(c["memory_kb"] for c in heaviest) / 1024)))
        # Memory does not move with the machine's load: a target. CPU time does (on 2 busy cores it has
        # doubled), so what the rule gives from it here is printed as a measurement, not asserted; what
        # is asserted of time is the verdicts: every accepted run AC within the package's limit.
        targets = [("memory limit by the rule <= the package's %d MiB" % problem.memory_limit_mib,
                    "%d MiB" % mib, mib <= problem.memory_limit_mib)]
        print("\n| %s: target, the check fails unless met | measured | met |\n|---|---:|:---:|" % name)
        for label, measured, met in targets:
            print("| %s | %s | %s |" % (label, measured, "yes" if met else "NO"))
        print("\n%s: the time limit by the rule, from these runs: %d s; the package's: %d s (measured, not"
              " a target: it moves with the machine's load)" % (name, seconds, problem.time_limit_s))
        failures += ["%s: target not met: %s (%s)" % (name, label, measured)
                     for label, measured, met in targets if not met]
        pairs = [(language, runs[("solve.py", language)], runs[("naive.py", language)])
                 for language in EXECUTORS[".py"] if ("solve.py", language) in runs and ("naive.py", language)
                 in runs]
        if pairs:
            print("\nInformational, not targets (make bench holds the memory targets, as DMOJ's loader"
                  " runs it):")
        for language, solve, naive in pairs:
            for label, index in (("sample 1", 0), ("largest case", largest)):
                print("  %s %s, solve.py - naive: %+.2f MiB"
                      % (language, label, (solve[index]["memory_kb"] - naive[index]["memory_kb"]) / 1024))
    return failures


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
    for runtime in (RUNTIMES[executor] for executor in EXECUTORS[".py"]):
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


def main(argv=None):
    started = time.monotonic()
    every_problem = build_package.arguments(argv, __doc__.splitlines()[0], root=False)
    ensure_debian(["build-essential", "libseccomp-dev", "python3-venv", "python3-dev", "pypy3"], True,
                  "make dmoj-check")
    python = ensure_venv("dmoj", [DEBIAN_PYTHON], lock("dmoj"))[0]
    with tempfile.TemporaryDirectory() as scratch:
        problems = stage({problem: build_package.build(Path(scratch), problem)[2]
                          for problem in every_problem})
    # Debian's g++ (build-essential) is DMOJ's CPP17: its self-test compiles C++17 with it.
    runtime = {"python3": DEBIAN_PYTHON, "pypy3": shutil.which("pypy3"), "g++17": shutil.which("g++")}
    # DMOJ's executors build PyPy's environment afresh: the worker hands this host's nursery on to them.
    nursery = pypy.judge_host()
    # Two workers, one per core, each a judge of its own with half of the jobs (every other one); DMOJ
    # measures each submission's CPU time and memory by its own process, so they do not disturb it.
    every = jobs(every_problem)
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
    failures = check(report) + table(report, every_problem)
    if any(has_contract(problem) for problem in every_problem):
        failures += loader_exits(python)
    print("\n%d jobs judged by DMOJ's judge as %s in %.0f s" % (
        len(report["results"]), "nobody" if prefix else "this user (%s)" % ("root" if os.geteuid() == 0 else
                                                                          "unprivileged"),
        time.monotonic() - started))
    for failure in failures[:30]:
        print("FAIL", failure)
    if failures:
        raise SystemExit("dmoj-check: %d failures" % len(failures))
    for problem in every_problem:
        digits, slow = dmoj_format.precision(problem), list(problem.submissions("time_limit_exceeded"))
        print("dmoj-check: %s: %s Accepted on every case (each .py under %s, each .cpp under %s; checker"
              " %s)%s; every wrong answer Wrong Answer%s%s; the package's limits leave room" % (
                  problem.shortname, ", ".join(problem.submissions("accepted")),
                  " and ".join(EXECUTORS[".py"]), " and ".join(EXECUTORS[".cpp"]),
                  "tokens.py" if digits is None else "floats, precision %d" % digits,
                  ", solve.py on the raw bytes too, and every bad input one line on stderr with status 1"
                  if has_contract(problem) else "",
                  "; %s Time Limit Exceeded" % ", ".join(slow) if slow else "", crashes(report, problem)))


def crashes(report, problem):
    """Return, in words, what DMOJ gave each of the problem's run_time_error/ submissions on the first
    case it failed, under each executor ("" if it has none)."""
    said = []
    for result in report["results"]:
        job, name = result["job"], crash(result["cases"])
        if job["problem_name"] == problem.shortname and job["verdict"] == "run_time_error":
            said.append("%s %s%s under %s" % (job["name"], failure_code(job), " (%s)" % name if name else "",
                                              job["language"]))
    return "; %s on the first case it fails" % ", ".join(said) if said else ""


if __name__ == "__main__":
    main()
