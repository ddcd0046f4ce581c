"""`make judge-check`: solve.py under the interpreters judges run, against the reference.

    python -m tools.judge_check            # installs what is missing, then checks every row
    python -m tools.judge_check --no-install

Rows (interpreter x numpy):

- CPython, ``-S``: no site-packages, so no numpy (DMOJ runs Python this way);
- PyPy (Debian's ``pypy3``), no numpy: Kattis' "Python 3", Codeforces' PyPy;
- the same PyPy with numpy 1.26 in its own venv: Kattis' "Python 3 with NumPy";
- CPython with numpy 1.23.2, the oldest with wheels for Python 3.11, in its own venv;
- the project venv: CPython with numpy 2.x;
- where found (as pythonX.Y or under ~/.pyenv/versions/): CPython 3.7 with
  ``-S`` (SPOJ), CPython 3.8 with ``-S`` (Codeforces, Timus) and with numpy
  1.21.6 (the oldest numpy the contract covers), and CPython 3.13 with numpy
  2.2.6 (AtCoder, whose build step `python3 Main.py ONLINE_JUDGE` runs once
  first, with its status checked);
- Pyodide 314.0.8 from npm (tools/pyodide/package-lock.json), run by Debian's
  node: CPython 3.14 for WebAssembly, as learning sites and online IDEs run
  it, with no numpy and no processes, so the marked cases run as a page runs
  a script (runpy, text streams over the bytes).

The corpus is the golden samples, generated valid problems, mutants of
them (mostly invalid), every token of up to 4 characters over a tricky
alphabet, rounding hazards, and two inputs past the size at which auto picks
numpy. The naive reference (problems/gradientaccumulation/reference.py) says what each must give.
Every row runs every case in-process with each engine it has, and the
marked cases as real processes (see tools/judge_worker.py). A row passes
when every answer is byte-identical to the reference's, and every error has
status 1, no stdout, and the very same one line on stderr as in every other
row and engine, naming the reference's line.

The other problems' accepted Python programs (every problem's but the first, PROGRAMS) run in every row
too, on their samples and a few secret cases (the smallest, and the largest: CASES): every case
as a page runs a script, in the row's interpreter, and the samples as real processes too. Each must
exit 0 with nothing on stderr and print the answer's tokens, every value within the problem's
tolerance (problem.yaml's; its answers are the reference's, packages/problem.py's test_data()). The
table gives each program's runs and seconds in each row, and the footer its seconds in all rows.

Installing: pypy3 with apt-get when run as root (as CI is); the venvs
under build/judges/ with pip. Without --no-install a missing interpreter is
an error, not a skip; a missing CPython 3.7, 3.8 or 3.13 only drops its rows.
"""

import argparse
import glob
import itertools
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from packages.problem import DEFAULT, Problem, names
from practice.judge import close
from problems.gradientaccumulation import reference
from testkit.mutate import mutate
from testkit.runs import error_line, run_main
from tools.installs import JUDGES, base_python, ensure_pyodide, ensure_pypy, ensure_venv, lock, pinned

ROOT = Path(__file__).resolve().parent.parent
WORKER = ["-m", "tools.judge_worker"]  # run from ROOT, so that it imports solve from there

# The numpys of the venv rows, declared in pyproject.toml's judge-* groups and locked in locks/.
PYPY_NUMPY = "numpy==" + pinned("judge-pypy-numpy1", "numpy")
CPYTHON_OLDEST_NUMPY = "numpy==" + pinned("judge-cpython-numpy1", "numpy")
# Rows of other CPythons, found as pythonX.Y or under ~/.pyenv/versions/ (a missing one is skipped):
# (version, label, flags, lock or None; the lock names the venv too)
OLD_AND_NEW = [
    ("3.7", "CPython 3.7, -S (SPOJ)", ["-S"], None),
    ("3.8", "CPython 3.8, -S (Codeforces, Timus)", ["-S"], None),
    ("3.8", "CPython 3.8 + numpy==" + pinned("judge-py38-numpy1", "numpy"), [], "judge-py38-numpy1"),
    ("3.13", "CPython 3.13 + numpy==%s (AtCoder)" % pinned("judge-py313-numpy2", "numpy"), [],
     "judge-py313-numpy2"),
]


# The other problems, whose accepted Python programs every row runs, and which of their secret cases: the
# SMALLEST smallest and the LARGEST largest, by bytes, (SMALLEST, LARGEST) = CASES[problem].
# linearaccumulation's two largest are its two shapes at the bound on the size, the largest d and the
# largest K * B; headaccumulation's three, its three at the bound N*d*V <= 10^6: the most micro-batches,
# the most tokens in one, the largest d*V. Each is under a second on CPython, a few on Pyodide.
PROGRAMS = [name for name in names() if name != DEFAULT]
CASES = {"linearaccumulation": (3, 2), "headaccumulation": (3, 3)}


# ------------------------------------------------------------------ corpus ---


def number(rng):
    """Return a valid number token in one of the grammar's spellings."""
    sign = rng.choice(["", "", "-", "+"])
    whole = str(rng.randint(0, 10 ** rng.randint(0, 5)))
    frac = "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 7)))
    kind = rng.randrange(6)
    if kind == 0:
        text = "." + (frac or "5")
    elif kind == 1:
        text = whole + "."
    elif kind == 2:
        text = whole
    else:
        text = whole + "." + frac
    if rng.randrange(4) == 0:
        text += rng.choice("eE") + rng.choice(["", "+", "-"]) + str(rng.randint(0, 12))
    return sign + text


def problem(rng):
    """Return a valid problem's bytes in a random layout and spacing."""
    k, d = rng.randint(1, 12), rng.randint(1, 8)
    rows = [[str(k), number(rng)]] + [[number(rng) for _ in range(d)] for _ in range(k + 1)]
    space = lambda: rng.choice([" ", " ", "\t", "  ", " \x0b", "\x0c"])  # noqa: E731
    end = rng.choice(["\n", "\r\n", "\r"])
    layout = rng.choice(["lines", "lines", "one line", "two lines"])
    if layout == "lines":
        lines = [space().join(row) for row in rows]
    else:
        tokens = [t for row in rows for t in row]
        cut = rng.randint(1, len(tokens) - 1) if layout == "two lines" else len(tokens)
        lines = [space().join(tokens[:cut]), space().join(tokens[cut:])]
        lines = [line for line in lines if line]
    text = end.join(lines) + rng.choice([end, ""])
    if rng.randrange(8) == 0:
        text = "\ufeff" + text
    return text.encode("utf-8")


def near_ties(rng, n):
    """Return a line-layout problem whose answers sit on or next to 4-decimal ties, and tiny negatives."""
    theta = []
    for _ in range(n):
        tie = (rng.randint(-10**6, 10**6) + 0.5) / 10**4
        theta.append(repr(tie + rng.choice([0.0, 5e-17, -5e-17, 1e-12, -1e-12])))
    theta += ["-0.00004", "-0.00005", "0.00005", "0.82825", "-0.0", "1e20", "-2.5e-05"]
    zeros = " ".join(["0"] * len(theta))
    return ("1 0.1\n" + " ".join(theta) + "\n" + zeros + "\n").encode()


def big_problem(rng, numbers_per_row):
    """Return a valid problem of about 11 MB, past the size from which auto picks numpy."""
    rows = [" ".join("%.6f" % rng.uniform(-3, 3) for _ in range(numbers_per_row)) for _ in range(3)]
    return ("2 0.25\n" + "\n".join(rows) + "\n").encode()


def build_corpus(seed=20261129):
    """Return the cases: dicts of name, input (latin-1 text), process ('', 'auto' or 'both')."""
    rng = random.Random(seed)
    cases = []

    def add(name, data, process=""):
        cases.append({"name": name, "input": data.decode("latin-1"), "process": process})

    samples = sorted((ROOT / "samples").glob("*.in"))
    assert samples, "no golden samples"
    for path in samples:
        add("sample " + path.stem, path.read_bytes(), "both")
    valid = [problem(rng) for _ in range(300)]
    for i, data in enumerate(valid):
        add("valid %d" % i, data, "auto" if i < 25 else "")
    bases = [p.read_bytes() for p in samples] + valid
    for i in range(500):
        add("mutant %d" % i, mutate(rng.choice(bases), rng), "auto" if i < 40 else "")
    alphabet = [b"0", b"5", b"+", b"-", b".", b"e", b"E", b"x", b"\x00"]
    for size in range(1, 5):
        for parts in itertools.product(alphabet, repeat=size):
            add("token %r" % b"".join(parts), b"1 0.1\n" + b"".join(parts) + b" 2\n3 4\n")
    for i in range(5):
        add("near ties %d" % i, near_ties(rng, 2000), "auto" if i == 0 else "")
    add("big lines", big_problem(rng, 400_000), "both")
    add("big tokens", big_problem(rng, 400_000).replace(b"\n", b" "), "auto")
    return cases


def expected_outcome(case):
    return reference.outcome(case["input"].encode("latin-1"))


def build_programs():
    """Return (programs, answers): the other problems' accepted Python programs, each with its cases
    ({name, path, cases: [{name, input, process}]}), and {program name: {case name: answer bytes}}."""
    programs, answers = [], {}
    for shortname in PROGRAMS:
        problem = Problem.named(shortname)
        data = problem.test_data()
        secret = sorted((name for name in data if name.startswith("secret/")), key=lambda n: len(data[n][0]))
        chosen = [name for name in data if name.startswith("sample/")]
        smallest, largest = CASES.get(shortname, (3, 2))
        chosen += secret[:smallest] + secret[-largest:]
        for stem in problem.accepted():
            path = problem.folder / "submissions" / "accepted" / (stem + ".py")
            name = "%s/%s.py" % (shortname, stem)
            programs.append({"name": name, "path": str(path.relative_to(ROOT)), "cases": [
                {"name": case, "input": data[case][0].decode("latin-1"),
                 "process": case.startswith("sample/")} for case in dict.fromkeys(chosen)]})
            answers[name] = {case: data[case][1] for case in chosen}
    return programs, answers


def check_programs(label, results, answers):
    """Return {program name: its problems} of one row's runs of the other problems' programs (a program
    passes when its list is empty)."""
    found = {}
    for name, runs in results.items():
        problems = found[name] = []
        tolerance = Problem.named(name.split("/")[0]).tolerance
        for case, hows in runs.items():
            want = answers[name][case].split()
            for how, (status, stdout, stderr) in hows.items():
                got = stdout.encode("latin-1").split()
                right = len(got) == len(want) and all(
                    close(w, g, tolerance) for w, g in zip(want, got, strict=True))
                if status not in (0, None) or stderr or not right:
                    problems.append("%s: %s on %s, %s: status %r, stderr %r, stdout %r (the answer: %r)" % (
                        label, name, case, how, status, stderr[-300:], stdout[:80], b" ".join(want[:4])))
    return found


# -------------------------------------------------------------- interpreters ---


def works(command):
    """Return whether `command -c pass` runs."""
    try:
        return subprocess.run([*command, "-c", "pass"], capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def find_python(version):
    """Return a working CPython of the given version ('3.8') as a command, or None."""
    candidates = [["python" + version]] + [[p] for p in sorted(glob.glob(os.path.expanduser(
        "~/.pyenv/versions/%s.*/bin/python%s" % (version, version))))]
    for command in candidates:
        if works(command):
            return command
    return None


def rows(install):
    """Return [(label, command, compile step or None)] for every interpreter to check."""
    system_python = base_python()
    pypy = ensure_pypy(install)
    found = [
        ("CPython, -S (no numpy)", [*system_python, "-S"], None),
        ("PyPy, no numpy", pypy, None),
        ("PyPy + " + PYPY_NUMPY, ensure_venv("pypy-numpy1", pypy, lock("judge-pypy-numpy1"), install), None),
        ("CPython + " + CPYTHON_OLDEST_NUMPY, ensure_venv("cpython-numpy1", system_python,
                                                         lock("judge-cpython-numpy1"), install), None),
        ("CPython + numpy 2 (project venv)", [sys.executable], None),
        # CPython 3.14 for WebAssembly, as learning sites and online IDEs run it: no numpy, no processes.
        ("Pyodide (WebAssembly, in-browser)", ensure_pyodide(install), None),
    ]
    for version, label, flags, name in OLD_AND_NEW:
        python = find_python(version)
        if python is None:
            print("judge-check: no Python %s found; its row (%s) is skipped" % (version, label),
                  file=sys.stderr)
        elif name is None:
            found.append((label, [*python, *flags], None))
        else:
            venv = ensure_venv(name, python, lock(name), install)
            compile_step = ["ONLINE_JUDGE"] if "AtCoder" in label else None
            found.append((label, venv, compile_step))
    return found


def compile_step(label, command, arguments):
    """Run a judge's compile step (AtCoder: `python3 Main.py ONLINE_JUDGE`); return a problem or None."""
    done = subprocess.run([*command, str(ROOT / "solve.py"), *arguments], stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=60)
    if (done.returncode, done.stdout, done.stderr) != (0, b"", b""):
        return "%s: the compile step %s gave status %d, stdout %r, stderr %r" % (
            label, " ".join(arguments), done.returncode, done.stdout[:80], done.stderr[:200])
    return None


# ------------------------------------------------------------------ check ---


def check_row(label, results, cases, expected, canonical):
    """Return a list of problems with one row's results (empty when it passes)."""
    problems = []
    for case in cases:
        name = case["name"]
        verdict = expected[name]
        for how, (status, stdout, stderr) in results[name].items():
            where = "%s: %s, %s" % (label, name, how)
            if verdict[0] == "ok":
                if (status, stdout, stderr) != (0, verdict[1], ""):
                    problems.append("%s: expected the answer, got status %d, stderr %r"
                                    % (where, status, stderr[:200]))
                continue
            line_ok = stderr == canonical[name]
            if status != 1 or stdout or stderr.count("\n") != 1 or not line_ok:
                problems.append("%s: expected %r, got status %d, stdout %r, stderr %r"
                                % (where, canonical[name], status, stdout[:80], stderr[:200]))
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-install", action="store_true", help="use only what is already here")
    args = parser.parse_args(argv)
    started = time.monotonic()

    JUDGES.mkdir(parents=True, exist_ok=True)
    cases = build_corpus()
    expected = {case["name"]: expected_outcome(case) for case in cases}
    programs, answers = build_programs()
    corpus = JUDGES / "corpus.json"
    corpus.write_text(json.dumps({"cases": cases, "programs": programs}))

    # The message every row and engine must print: the project's own pure engine, in-process.
    canonical = {}
    for case in cases:
        stderr = run_main(case["input"].encode("latin-1"), engine="python").stderr
        canonical[case["name"]] = stderr.decode("latin-1")
        verdict = expected[case["name"]]
        if verdict[0] == "error" and error_line(stderr) != verdict[1]:
            raise SystemExit("judge-check: the pure engine blames another line than the reference for %s"
                             % case["name"])

    def judge(row):
        """Run one row's worker over the corpus; return (its failures, its line of the table)."""
        label, command, compile_arguments = row
        print("judge-check: %s ..." % label, file=sys.stderr, flush=True)
        row_start, failures = time.monotonic(), []
        if compile_arguments:
            problem = compile_step(label, command, compile_arguments)
            if problem:
                failures.append(problem)
        done = subprocess.run([*command, *WORKER, str(corpus)], capture_output=True, timeout=1800, cwd=ROOT)
        if done.returncode != 0:
            why = done.stderr.decode(errors="replace")[-2000:]
            failures.append("%s: the worker failed: %s" % (label, why))
            return failures, (label, "-", "-", "-", "-", *("-" for _ in programs), "FAILED"), {}
        report = json.loads(done.stdout)
        problems = check_row(label, report["results"], cases, expected, canonical)
        others = check_programs(label, report["programs"], answers)
        runs = [how for runs in report["results"].values() for how in runs]
        in_process = sum(how.startswith("in-process") for how in runs)  # the rest: processes, or page runs
        seconds = report["program_seconds"]
        cells = ["%d runs, %.1f s, %s" % (
            sum(len(hows) for hows in report["programs"][name].values()), seconds[name],
            "ok" if not others[name] else "%d FAILED" % len(others[name]))
            for name in (program["name"] for program in programs)]
        return failures + problems + [problem for found in others.values() for problem in found], (
            label, report["python"], report["numpy"] or "none", in_process, len(runs) - in_process, *cells,
            "%.0f s, %s" % (time.monotonic() - row_start,
                            "ok" if not problems else "%d FAILED" % len(problems))), seconds

    # Two rows at a time, one per core: each worker is one process, and the rows share nothing.
    with ThreadPoolExecutor(max_workers=2) as pool:
        judged = list(pool.map(judge, rows(not args.no_install)))
    failures = [problem for problems, _, _ in judged for problem in problems]
    table = [line for _, line, _ in judged]

    print("| row | interpreter | numpy | in-process runs | process (Pyodide: page) runs | %s | result |"
          % " | ".join(program["name"] for program in programs))
    print("|---|---|---|---:|---:|%s---|" % ("---|" * len(programs)))
    for row in table:
        print("| %s |" % " | ".join(str(cell) for cell in row))
    print("\n%d cases (%d valid, %d invalid); %s; %.0f s in all"
          % (len(cases), sum(v[0] == "ok" for v in expected.values()),
             sum(v[0] == "error" for v in expected.values()),
             "; ".join("%s on %d cases (%d as processes too), %.0f s in all rows" % (
                 program["name"], len(program["cases"]), sum(c["process"] for c in program["cases"]),
                 sum(seconds.get(program["name"], 0) for _, _, seconds in judged))
                 for program in programs), time.monotonic() - started))
    for problem in failures[:30]:
        print("FAIL", problem)
    if failures:
        raise SystemExit("judge-check: %d failures" % len(failures))


if __name__ == "__main__":
    main()
