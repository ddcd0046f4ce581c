"""Benchmark: solve.py's engines and interpreters, side by side, against baselines (`make bench`);
and the other problems' accepted solutions, each against a naive one and its C++ one.

Not a test (pytest does not collect it): timings on a shared machine are
noisy, so targets are reported here, never asserted. For each input it runs
the commands in rounds, A B C A B C ..., each on the same CPU. It reports
the median wall time and peak resident memory of each command; a target
compares two commands by their per-round ratios (or memory differences),
so that a slow moment of the machine moves both sides of a pair, not one.

A target is judged on an interval that holds the median of those values
with a probability of at least 90%, whatever their distribution (the k-th
least and greatest of them, by the binomial): "yes" when the whole interval
is within the limit, "NO" when the whole of it is past, "not shown" when the
limit falls inside it. A target not shown either way gets more rounds of
its own commands, and only those, up to MAX_ROUNDS (or three times the
input's rounds), so a verdict near its line is given by more rounds, not
flipped by one slow moment, and a target still not shown says so rather
than guess. Met means "yes": a target not shown is not met, and --compare
counts as a disagreement only a target met in one run and not the other.

The loop is this script's own, not hyperfine's or pyperf's: both run all
the runs of one command before the next (no rounds, so no per-round
ratios), and neither reports a command's peak memory, which half the
targets are about.

Each command is started by a tiny launcher (Python without site, a few MiB)
that forks, execs and reads ``os.wait4``'s rusage for that one child. A child
forked straight from this script would inherit this script's resident pages
(numpy, the generated input) into its peak, because Linux keeps ru_maxrss
across exec.

Baselines: ``python -c pass`` and ``pypy3 -c pass`` (start-up); the parse
floor (read the lines, np.fromstring each, nothing else); the naive
reference (problems/gradientaccumulation/reference.py); and a C program with scanf and printf,
compiled with ``cc -O2`` where a compiler exists. PyPy rows need pypy3 and
the PyPy + numpy venv of `make judge-check`; rows whose commands are missing
are left out and say so.

The second problem, linearaccumulation, on its largest cases, one of each
shape (the largest d, and the largest K*B, both at its bound on the size):
its accepted Python solution (submissions/accepted/linear.py)
against a naive plain-Python one (NAIVE_LINEAR, below: lists of lists, the
micro-batch transposed with zip(*rows), every sum a generator) and against
its C++ solution (linear.cpp, compiled with ``g++ -O2 -std=c++17`` into
build/bench/), under CPython (Debian's python3) and PyPy. These rows have no
target: their ratios and times are shown, with "-" where a verdict would be.
Their outputs are checked against the case's answer within the problem's
tolerance.

The third problem, headaccumulation, the same way on its largest case (of
most work, N*d*V, and of most bytes among those) and on its case of largest
d*V: its accepted head.py against a naive plain-Python one
(NAIVE_HEAD, below: W's columns with zip(*W), every logit a generator's sum,
the gradient added entry by entry) and against head.cpp, under CPython and
PyPy.

    python -m tools.bench              # the full table (K = 10, d = 10^6 is about 105 MB)
    python -m tools.bench --quick      # small sizes only, to try the script
    python -m tools.bench --only accumulation   # the inputs whose name holds the text (not recorded)
    python -m tools.bench --compare A.md B.md   # do two saved runs agree on every met / not met?
"""

import argparse
import collections
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from packages.problem import Problem
from practice.judge import close
from practice.pypy import NURSERY as DMOJ_NURSERY
from practice.pypy import judge_host
from tools.record import record

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
BASE_PYTHON = getattr(sys, "_base_executable", sys.executable)
# Start-up as judges see it: Debian's python3, which has no venv's site step to make `-c pass` heavier.
DEBIAN_PYTHON = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else BASE_PYTHON
SIZE_LIMIT, LINE_LIMIT = 12_000, 300  # solve.py: a file a contestant reads in one sitting and pastes
SOLVE = str(ROOT / "solve.py")
PYPY = shutil.which("pypy3")
PYPY_NUMPY = ROOT / "build" / "judges" / "pypy-numpy1" / "bin" / "python"
NAIVE = str(ROOT / "problems" / "gradientaccumulation" / "submissions" / "accepted" / "naive.py")
# The other problems, by the stem of their accepted solutions (submissions/accepted/STEM.py and STEM.cpp,
# whose commands are named "STEM.py, CPython", "STEM naive, PyPy", "STEM.cpp"...), and where the C++ ones
# are compiled.
OTHERS = {"linear": "linearaccumulation", "head": "headaccumulation"}
BUILD = ROOT / "build" / "bench"
# Start-up cannot beat this: the main script is compiled on every run, never cached.
COMPILE = f"compile(open({SOLVE!r}).read(), {SOLVE!r}, 'exec')"

# DMOJ's loader for Python (dmoj/executors/python_executor.py), as it runs every submission.
DMOJ_LOADER = """\
import runpy, sys, os
del sys.argv[0]
sys.stdin = os.fdopen(0, 'r', 65536)
sys.stdout = os.fdopen(1, 'w', 65536)
runpy.run_path(sys.argv[0], run_name='__main__')
"""

FLOOR = """\
import sys
import numpy as np
for line in sys.stdin.buffer:
    np.fromstring(line, sep=" ")
"""

# What a C judge solution does: scanf every number, sum left to right, printf "%.4f" (no "-0.0000").
C_SOLUTION = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    long k; double lr, x;
    if (scanf("%ld %lf", &k, &lr) != 2) return 1;
    size_t cap = 1 << 20, n = 0, d;
    double *v = malloc(cap * sizeof *v);
    while (scanf("%lf", &x) == 1) {
        if (n == cap) v = realloc(v, (cap *= 2) * sizeof *v);
        v[n++] = x;
    }
    d = n / (k + 1);
    char text[400];
    for (size_t j = 0; j < d; j++) {
        double sum = v[d + j];
        for (long i = 1; i < k; i++) sum += v[d * (i + 1) + j];
        snprintf(text, sizeof text, "%.4f", v[j] - lr * (sum / k));
        fputs(strcmp(text, "-0.0000") ? text : "0.0000", stdout);
        putchar(j + 1 < d ? ' ' : '\n');
    }
    return 0;
}
"""

# The second problem done naively, as a first plain-Python attempt does it: every example a list, each
# micro-batch's features transposed into columns with zip(*rows), each dot product a generator's sum.
NAIVE_LINEAR = """\
import sys

tokens = sys.stdin.read().split()
k, b, d, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [float(t) for t in tokens[4:4 + d]]
rows = [[float(t) for t in tokens[4 + d + i * (d + 1):4 + d + (i + 1) * (d + 1)]] for i in range(k * b)]
total = [0.0] * d
for m in range(k):
    batch = rows[m * b:(m + 1) * b]
    xs = [row[:d] for row in batch]
    residuals = [sum(a * c for a, c in zip(x, w)) - row[d] for x, row in zip(xs, batch)]
    columns = list(zip(*xs))  # X_k transposed: one tuple per feature
    gradient = [2 / b * sum(a * r for a, r in zip(column, residuals)) for column in columns]
    total = [t + g for t, g in zip(total, gradient)]
print(" ".join(repr(w_j - lr * t / k) for w_j, t in zip(w, total)))
"""


# The third problem done naively, as a first plain-Python attempt does it: W a list of rows, its columns
# taken with zip(*W), every logit a generator's sum, the softmax a list, and every token's gradient added
# into a d x V list of lists entry by entry; the sum divided by N, the counted tokens, at the end.
NAIVE_HEAD = """\
import math
import sys

tokens = sys.stdin.read().split()
m, d, v, lr = int(tokens[0]), int(tokens[1]), int(tokens[2]), float(tokens[3])
w = [[float(t) for t in tokens[4 + i * v:4 + (i + 1) * v]] for i in range(d)]
columns = list(zip(*w))  # W's columns: one tuple per vocabulary entry
total = [[0.0] * v for _ in range(d)]
count, at = 0, 4 + d * v
for _ in range(m):
    n = int(tokens[at])
    at += 1
    for _ in range(n):
        t, h = int(tokens[at]), [float(x) for x in tokens[at + 1:at + 1 + d]]
        at += 1 + d
        if t == -100:
            continue
        count += 1
        z = [sum(a * b for a, b in zip(h, column)) for column in columns]
        top = max(z)
        e = [math.exp(x - top) for x in z]
        s = sum(e)
        p = [x / s for x in e]
        p[t] -= 1.0
        for i in range(d):
            for j in range(v):
                total[i][j] += h[i] * p[j]
print("\\n".join(" ".join(repr(w[i][j] - lr * total[i][j] / count) for j in range(v)) for i in range(d)))
"""
NAIVES = {"linear": NAIVE_LINEAR, "head": NAIVE_HEAD}


def accepted(stem, suffix):
    """Return the path of the accepted solution STEM.SUFFIX of the problem OTHERS[stem]."""
    return ROOT / "problems" / OTHERS[stem] / "submissions" / "accepted" / (stem + suffix)


def other_commands(folder):
    """Return {name: argv} of the other problems' solutions: STEM.py and the naive one under CPython and
    PyPy, STEM.cpp compiled with g++ (each left out where its program or interpreter is missing)."""
    found = {}
    gxx = shutil.which("g++")
    for stem in OTHERS:
        python = accepted(stem, ".py")
        if not python.exists():
            continue
        naive = folder / ("naive-%s.py" % stem)
        naive.write_text(NAIVES[stem])
        found[stem + ".py, CPython"] = [DEBIAN_PYTHON, str(python)]
        found[stem + " naive, CPython"] = [DEBIAN_PYTHON, str(naive)]
        if PYPY:
            found[stem + ".py, PyPy"] = [PYPY, str(python)]
            found[stem + " naive, PyPy"] = [PYPY, str(naive)]
        if gxx and accepted(stem, ".cpp").exists():
            BUILD.mkdir(parents=True, exist_ok=True)
            program = BUILD / (stem + "-cpp")
            subprocess.run([gxx, "-O2", "-std=c++17", "-o", str(program), str(accepted(stem, ".cpp"))],
                           check=True)
            found[stem + ".cpp"] = [str(program)]
    return found


def commands(folder):
    """Return {name: argv} for every command this machine can run."""
    found = {
        "solve": [PYTHON, SOLVE],
        "solve, pure engine": [PYTHON, SOLVE, "--engine", "python"],
        "solve, numpy engine": [PYTHON, SOLVE, "--engine", "numpy"],
        "solve -S": [DEBIAN_PYTHON, "-S", SOLVE],
        "naive -S": [DEBIAN_PYTHON, "-S", NAIVE],
        "naive": [PYTHON, NAIVE],
        "solve, python3": [DEBIAN_PYTHON, SOLVE],
        "python3 -c pass": [DEBIAN_PYTHON, "-c", "pass"],
        "reference": [PYTHON, str(ROOT / "problems" / "gradientaccumulation" / "reference.py")],
        "floor": [PYTHON, "-c", FLOOR],
        "python -c pass": [PYTHON, "-c", "pass"],
        # Start-up cannot beat this: CPython compiles the main script on every run, never caching it.
        "python compiles solve.py": [PYTHON, "-c", COMPILE],
    }
    # As DMOJ runs Python (its loader, -BS, the source behind a byte-order mark): the memory targets
    # compare solve.py with the naive solution launched this way.
    loader = folder / "dmoj-loader.py"
    loader.write_text(DMOJ_LOADER)
    for name, path in (("solve", SOLVE), ("naive", NAIVE)):
        source = folder / (name + "-bom.py")
        source.write_bytes(b"\xef\xbb\xbf" + Path(path).read_bytes())
        found[name + ", as DMOJ runs it"] = [BASE_PYTHON, "-BS", str(loader), str(source)]
        # PyPy with the nursery of an ordinary judge host (a 32 MiB cache's: see practice/pypy.py), and
        # with those of NURSERIES, beside it: how the seed example's figure moves with the nursery.
        for nursery in (DMOJ_NURSERY, *NURSERIES) if PYPY else ():
            found[in_nursery(name, nursery)] = ["/usr/bin/env", "PYPY_GC_NURSERY=" + nursery, PYPY, "-BS",
                                                str(loader), str(source)]
    if PYPY:
        found["solve, PyPy"] = [PYPY, SOLVE]
        found["pypy3 -c pass"] = [PYPY, "-c", "pass"]
        found["pypy3 compiles solve.py"] = [PYPY, "-c", COMPILE]
    if PYPY_NUMPY.exists():
        found["solve, PyPy numpy engine"] = [str(PYPY_NUMPY), SOLVE, "--engine", "numpy"]
    cc = shutil.which("cc")
    if cc:
        source = folder / "solve.c"
        source.write_text(C_SOLUTION)
        subprocess.run([cc, "-O2", "-o", str(folder / "solve-c"), str(source)], check=True)
        found["C scanf/printf"] = [str(folder / "solve-c")]
    found.update(other_commands(folder))
    return found


# PyPy's nursery (PYPY_GC_NURSERY) beside make dmoj-check's 16M: half the last-level cache of a small CPU,
# of a typical one, and of a large server's. Until the nursery is first full, each page filled stays resident.
NURSERIES = ("1M", "4M", "32M")
NURSERY_SIZE = "seed example, PyPy's nursery"


def in_nursery(name, nursery):
    """Return the name of the command that runs "solve" or "naive" on PyPy as DMOJ does, with that nursery."""
    return name + ", PyPy as DMOJ runs it" + ("" if nursery == DMOJ_NURSERY else ", nursery " + nursery)


# (name, K, d, layout, commands, repeats); the layouts of OTHER_SIZES, "STEM SHAPE", are the other
# problems' largest cases (see other_case()): the second's largest of each shape, the third's of most work.
OTHER_SIZES = {"linear widest": "linearaccumulation, largest d",
               "linear tallest": "linearaccumulation, largest K*B",
               "head largest": "headaccumulation, largest case",
               "head widest": "headaccumulation, largest d*V"}


def other_commands_of(layout):
    """Return the names of the commands run on one of OTHER_SIZES: its problem's solutions."""
    stem = layout.split()[0]
    return [stem + ".py, CPython", stem + " naive, CPython", stem + ".cpp", stem + ".py, PyPy",
            stem + " naive, PyPy"]


THRESHOLD = ["solve, pure engine", "solve, numpy engine", "solve, PyPy", "solve, PyPy numpy engine"]
ENGINES = ["solve", "solve, pure engine", "solve, numpy engine"]
SIZES = [
    ("seed example", 2, 2, "seed",
     ["solve, python3", "python3 -c pass", "python compiles solve.py",
      "solve, as DMOJ runs it", "naive, as DMOJ runs it",
      "solve, PyPy", "pypy3 -c pass", "pypy3 compiles solve.py", "solve, PyPy as DMOJ runs it",
      "naive, PyPy as DMOJ runs it"], 41),
    (NURSERY_SIZE, 2, 2, "seed",
     [in_nursery(name, nursery) for nursery in NURSERIES for name in ("solve", "naive")], 11),
    ("K=2 d=5*10^4 (1.4 MB)", 2, 5 * 10**4, "lines", ["solve", "naive", *THRESHOLD], 7),
    ("K=2 d=10^5 (2.8 MB)", 2, 10**5, "lines", ["solve", "naive", *THRESHOLD], 5),
    ("K=2 d=2*10^5 (5.7 MB)", 2, 2 * 10**5, "lines", ["solve", "naive", *THRESHOLD], 5),
    ("K=10 d=10^5 (the package's largest)", 10, 10**5, "lines",
     ["solve", "naive", "solve, as DMOJ runs it", "naive, as DMOJ runs it", "solve, PyPy as DMOJ runs it",
      "naive, PyPy as DMOJ runs it", "solve -S", "naive -S"], 5),
    ("K=2 d=2*10^5 -S", 2, 2 * 10**5, "lines", ["solve -S", "naive -S"], 3),
    ("K=40 d=2*10^5 -S", 40, 2 * 10**5, "lines", ["solve -S", "naive -S"], 3),
    ("K=10^6 d=1 (tall, 9.5 MB)", 10**6, 1, "lines", [*ENGINES, "naive", "reference"], 3),
    ("K=10^6 d=1 one line", 10**6, 1, "tokens", [*ENGINES, "naive", "reference"], 3),
    ("K=10^5 d=10 (9.5 MB)", 10**5, 10, "lines", [*ENGINES, "naive", "reference"], 3),
    ("K=10 d=10^6", 10, 10**6, "lines",
     [*ENGINES, "naive", "floor", "solve -S", "naive -S", "solve, PyPy", "C scanf/printf"], 3),
    ("K=10 d=10^6 one line", 10, 10**6, "tokens", ["solve", "naive", "floor", "solve, PyPy"], 3),
    *((name, None, None, layout, other_commands_of(layout), 5) for layout, name in OTHER_SIZES.items()),
]
# Every input of 1 MB or more: solve.py's peak memory against the naive solution's, the same interpreter.
MEMORY_SIZES = [(size[0], "solve -S" if "solve" not in size[4] else "solve",
                 "naive -S" if "solve" not in size[4] else "naive") for size in SIZES
                if size[3] in ("lines", "tokens")]
QUICK = {"seed example", NURSERY_SIZE, "K=2 d=5*10^4 (1.4 MB)", "K=2 d=10^5 (2.8 MB)"}
THRESHOLD_SIZES = ["K=2 d=5*10^4 (1.4 MB)", "K=2 d=10^5 (2.8 MB)", "K=2 d=2*10^5 (5.7 MB)"]
AUTO_SIZES = ["K=10^6 d=1 (tall, 9.5 MB)", "K=10^6 d=1 one line", "K=10^5 d=10 (9.5 MB)",
              "K=2 d=2*10^5 (5.7 MB)", "K=10 d=10^6"]


def head_work(text):
    """Return N*d*V of an input of the third problem (N: its tokens, padding included)."""
    tokens = text.split()
    m, d, v = (int(token) for token in tokens[:3])
    at, tokens_in_all = 4 + d * v, 0
    for _ in range(m):
        n = int(tokens[at])
        tokens_in_all += n
        at += 1 + n * (d + 1)
    return tokens_in_all * d * v


def other_case(layout):
    """Return the input bytes of one of the other problems' largest secret cases (a layout of OTHER_SIZES).

    "linear widest" is the second problem's case of largest d, "linear tallest" of largest K * B (of most
    bytes among those): its data holds both at the bound K * B * (d + 1) <= 10^6, the two of most bytes.
    "head largest" is the third problem's case of most work, N*d*V (of most bytes among those: its data
    holds three shapes at the bound N*d*V <= 10^6), "head widest" its case of largest d*V (the same)."""
    stem, shape = layout.split()
    data = Problem.named(OTHERS[stem]).test_data()
    inputs = [text for name, (text, _) in data.items() if name.startswith("secret/")]

    def size(text):
        if stem == "head":
            m, d, v = (int(token) for token in text.split(None, 3)[:3])
            return (head_work(text) if shape == "largest" else d * v), len(text)
        k, b, d = (int(token) for token in text.split(None, 3)[:3])
        return (d if shape == "widest" else k * b), len(text)

    return max(inputs, key=size)


def problem_of(command):
    """Return the problem of OTHERS whose solution the command runs, or None."""
    return OTHERS.get(command.split(",")[0].split()[0].split(".")[0])


def right_answer(shortname, given, output):
    """Return whether output is the answer of the problem's case given (input bytes), every value within
    the problem's tolerance."""
    answer = {text: answer for text, answer in Problem.named(shortname).test_data().values()}[given]
    want, got, tolerance = answer.split(), output.split(), Problem.named(shortname).tolerance
    return len(want) == len(got) and all(close(w, g, tolerance) for w, g in zip(want, got, strict=True))


def write_problem(path, k, d, layout, seed=0):
    """Write a random problem: values like -1.234567, about 9.8 bytes a number."""
    if layout == "seed":
        path.write_bytes((ROOT / "samples" / "seed-example-lines.in").read_bytes())
        return
    if layout in OTHER_SIZES:
        path.write_bytes(other_case(layout))
        return
    rng = np.random.default_rng(seed)
    separator = b"\n" if layout == "lines" else b" "
    with open(path, "wb") as out:
        out.write(f"{k} 0.01".encode() + separator)
        for row in range(k + 1):
            values = rng.normal(scale=2.0, size=d).tolist()
            out.write(" ".join(["%.6f"] * d).encode() % tuple(values))
            out.write(separator if row < k else b"\n")


LAUNCHER = """\
import os, sys, time
source, sink, command = sys.argv[1], sys.argv[2], sys.argv[3:]
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})  # one CPU for every command: no migrations
    os.dup2(os.open(source, os.O_RDONLY), 0)
    os.dup2(os.open(sink, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    os.execv(command[0], command)
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def run(command, source, sink):
    """Run one command with stdin from a file; return (seconds, peak RSS in MiB, exit status)."""
    report = subprocess.run(
        [BASE_PYTHON, "-S", "-c", LAUNCHER, str(source), str(sink), *command],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    seconds, kib, status = float(report[0]), int(report[1]), int(report[2])
    return seconds, kib / 1024, status  # ru_maxrss is in KiB on Linux


def measure(names, available, source, folder, repeats):
    """Return the rounds, each {name: (seconds, MiB)}, of the commands run A B C A B C ...

    Check the answers: every solver's output is the same."""
    rounds, outputs = [], {}
    for _ in range(repeats):
        this = {}
        for name in names:
            sink = folder / "out.txt"
            seconds, mib, status = run(available[name], source, sink)
            if status != 0:
                raise SystemExit(f"{name} gave status {status} on {source.name}, not 0")
            this[name] = (seconds, mib)
            outputs[name] = sink.read_bytes()
        rounds.append(this)
    answers = {name: out for name, out in outputs.items()
               if name.startswith(("solve", "naive")) or name[0] in "rC"}
    if len(set(answers.values())) > 1:
        raise SystemExit(f"the answers differ on {source.name}: {sorted(answers)}")
    wrong = sorted(name for name, out in outputs.items()
                   if problem_of(name) and not right_answer(problem_of(name), source.read_bytes(), out))
    if wrong:
        raise SystemExit(f"not the answer of the case, within its problem's tolerance: {wrong}")
    return rounds


# The interval's coverage, and the most rounds a target not yet shown gets (or three times its input's
# own rounds where that is more: the seed example's 41 take a second). See the module's docstring.
COVERAGE = 0.9
MAX_ROUNDS = 21


def median_interval(values, coverage=COVERAGE):
    """Return (low, high), the k-th smallest and k-th largest of values, or None for too few values.

    k is the largest for which the two hold the median with probability
    1 - 2 P(B < k) >= coverage, B binomial (n, 1/2): the chance that fewer
    than k of n values fall below the median. Five values are the fewest
    that give an interval of 90% (their least and greatest, 93.75%).
    """
    n, ordered = len(values), sorted(values)
    below, k = 0.0, 0  # below: P(B < k)
    while k < n // 2 and 2 * (below + math.comb(n, k) / 2 ** n) <= 1 - coverage:
        below += math.comb(n, k) / 2 ** n
        k += 1
    return (ordered[k - 1], ordered[n - k]) if k else None


def verdict(values, limit):
    """Return "yes", "NO" or "not shown" for per-round values against limit (see COVERAGE)."""
    interval = median_interval(values) if len(values) > 1 else (values[0], values[0])
    if interval is None:
        return "not shown"
    low, high = interval
    return "yes" if high <= limit else "NO" if low > limit else "not shown"


def verdicts(path):
    """Return {target: "yes", "NO" or "not shown"} from the targets table of a saved run."""
    found = {}
    for line in Path(path).read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[2] in ("yes", "NO", "not shown"):
            found[cells[0]] = cells[2]
    return found


def compare(first, second):
    """Print the targets on which two saved runs disagree; exit 1 if one is met in one run and not the other.

    Met is "yes"; "NO" and "not shown" are both not met, so a target that
    moves between those two is listed but is not a disagreement.
    """
    a, b = verdicts(first), verdicts(second)
    differ = sorted(label for label in set(a) | set(b) if a.get(label) != b.get(label))
    disagree = [label for label in differ if (a.get(label) == "yes") != (b.get(label) == "yes")]
    for label in differ:
        print(f"{label}: {a.get(label, 'missing')} in {first}, {b.get(label, 'missing')} in {second}"
              + ("" if label in disagree else " (not met in both)"))
    print(f"{len(set(a) & set(b)) - len(disagree)} targets agree on met / not met, {len(disagree)} do not")
    raise SystemExit(1 if disagree else 0)


def per_round(rounds, a, b, index, combine):
    """Return combine(a's, b's) in each round that ran both (index 0: seconds, 1: MiB); None without them."""
    pairs = [(r[a][index], r[b][index]) for r in rounds if a in r and b in r]
    return [combine(x, y) for x, y in pairs] or None


def ratio(a, b):
    return lambda rounds: per_round(rounds, a, b, 0, lambda x, y: x / y)


def difference(a, b):
    return lambda rounds: per_round(rounds, a, b, 1, lambda x, y: x - y)


def peak_or_time(rounds, command, index):
    """Return the command's seconds (index 0) or MiB (index 1) in each round that ran it."""
    return [r[command][index] for r in rounds if command in r]


def peak(command):
    return lambda rounds: peak_or_time(rounds, command, 1) or None


ENGINE_NAMES = ("solve, pure engine", "solve, numpy engine")


def better_engine(rounds):
    """Return the name of the engine with the lower median time in these rounds, or None."""
    times = {name: peak_or_time(rounds, name, 0) for name in ENGINE_NAMES}
    medians = {name: statistics.median(seconds) for name, seconds in times.items() if seconds}
    return min(medians, key=medians.get) if medians else None


def auto_against_better(rounds):
    """auto's time over the better engine's (the one of lower median time), round by round."""
    better = better_engine(rounds)
    return ratio("solve", better)(rounds) if better else None


# A target: its label and limit (None: a figure shown, with no verdict); the input it is measured on
# (None: it compares two inputs' medians and gets no more rounds); the commands that more rounds would
# run; values(rounds, or every input's rounds where input is None) gives its per-round values.
Target = collections.namedtuple("Target", "label input limit unit commands values")


def compared(label, size, limit, unit, *commands):
    """Return the Target comparing commands on size: a ratio of times ("x") or a difference of peaks (MiB)."""
    values = ratio(*commands) if unit == "x" else difference(*commands)
    return Target(label, size, limit, unit, commands, values)


def targets():
    """Return the targets, in the order they are printed."""
    big, seed, dmoj = "K=10 d=10^6", "seed example", ", as DMOJ runs it"
    largest = "K=10 d=10^5 (the package's largest)"

    def growth(results):
        small, large = (statistics.median(peak_or_time(results.get(size, []), "solve -S", 1) or [0])
                        for size in ("K=2 d=2*10^5 -S", "K=40 d=2*10^5 -S"))
        return [100 * (large / small - 1)] if small and large else None

    def size(results):
        return [Path(SOLVE).stat().st_size]

    def lines(results):
        return [Path(SOLVE).read_bytes().count(b"\n")]

    found = [
        Target(f"solve.py bytes <= {SIZE_LIMIT:,}", None, SIZE_LIMIT, " bytes", (), size),
        Target(f"solve.py lines <= {LINE_LIMIT}", None, LINE_LIMIT, " lines", (), lines),
        compared("seed example: Debian's python3 solve / python3 -c pass <= 1.25", seed, 1.25, "x",
                 "solve, python3", "python3 -c pass"),
        compared("seed example, as DMOJ runs it: CPython solve - naive <= 1.0 MiB", seed, 1.0, " MiB",
                 "solve" + dmoj, "naive" + dmoj),
        compared("seed example, as DMOJ runs it: PyPy solve - naive <= 1.0 MiB", seed, 1.0, " MiB",
                 "solve, PyPy as DMOJ runs it", "naive, PyPy as DMOJ runs it"),
        compared(f"{largest}: python3 -S solve / -S naive <= 0.9", largest, 0.9, "x", "solve -S", "naive -S"),
        compared(f"{big}: python3 -S solve / -S naive <= 0.9", big, 0.9, "x", "solve -S", "naive -S"),
        compared(f"{big}: numpy engine / parse floor <= 1.25", big, 1.25, "x", "solve, numpy engine",
                 "floor"),
        compared(f"{big}: PyPy solve / C scanf/printf <= 1.25", big, 1.25, "x", "solve, PyPy",
                 "C scanf/printf"),
        Target("-S: memory growth K=2 -> K=40 at d=2*10^5 <= 15%", None, 15, "%", (), growth),
        compared("seed example: PyPy solve / pypy3 -c pass <= 2.0", seed, 2.0, "x", "solve, PyPy",
                 "pypy3 -c pass"),
    ]
    for size_name, ours, naive in MEMORY_SIZES:
        found.append(compared(f"{size_name}: peak memory, {ours} - {naive} <= 0 MiB", size_name, 0.0,
                              " MiB", ours, naive))
    for size_name in AUTO_SIZES:  # more rounds of auto and the better engine only: see more_rounds()
        found.append(Target(f"{size_name}: auto / the better engine <= 1.10", size_name, 1.10, "x",
                            ("solve", *ENGINE_NAMES), auto_against_better))
    return found + other_figures()


def other_figures():
    """Return the other problems' rows: figures with no limit, each pair's ratio taken round by round."""
    found = []
    for layout, size in OTHER_SIZES.items():
        found += other_figures_on(layout.split()[0], size)
    return found


def other_figures_on(stem, size):
    """Return the figures of the solutions STEM.py, its naive one and STEM.cpp on one input (a name of
    OTHER_SIZES)."""
    found = []
    for interpreter in ("CPython", "PyPy"):
        ours = f"{stem}.py, " + interpreter
        found.append(compared(f"{size}: {interpreter} {stem}.py / naive", size, None, "x",
                              ours, f"{stem} naive, " + interpreter))
        found.append(compared(f"{size}: {interpreter} {stem}.py / C++ {stem}.cpp", size, None,
                              "x", ours, f"{stem}.cpp"))
    found.append(compared(f"{size}: peak memory, CPython {stem}.py - naive", size, None,
                          " MiB", f"{stem}.py, CPython", f"{stem} naive, CPython"))
    for command in other_commands_of(stem):
        found.append(Target(f"{size}: {command}, time", size, None, " s", (command,),
                            lambda rounds, command=command: peak_or_time(rounds, command, 0) or None))
    return found


def more_rounds(size, rounds, specs, available, source, folder):
    """Run more rounds of the commands of the targets on size not yet shown either way (see COVERAGE)."""
    most = max(MAX_ROUNDS, 3 * len(rounds))

    def undecided(target):
        if target.limit is None:  # a figure: no verdict to settle
            return False
        values = target.values(rounds)
        return values and len(values) < most and verdict(values, target.limit) == "not shown"

    def needed(commands):  # auto against the better engine: more rounds of that one, not of both
        return ("solve", better_engine(rounds)) if commands[1:] == ENGINE_NAMES else commands

    while True:
        pending = [needed(target.commands) for target in specs if target.input == size and undecided(target)]
        names = [name for name in dict.fromkeys(name for commands in pending for name in commands)
                 if name in available]
        if not names:
            return rounds
        print(f"  one more round of {', '.join(names)} ...", file=sys.stderr, flush=True)
        rounds += measure(names, available, source, folder, 1)


PAGE = ROOT / "docs" / "performance.md"
BEGIN, END = "<!-- make bench writes this table -->", "<!-- end of make bench's table -->"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--compare", nargs=2, metavar="RUN.md", help="compare the verdicts of two saved runs")
    parser.add_argument("--only", metavar="TEXT", help="only the inputs whose name holds TEXT (not recorded)")
    args = parser.parse_args(argv)
    if args.compare:
        compare(*args.compare)
    sizes = [s for s in SIZES if (not args.quick or s[0] in QUICK) and (not args.only or args.only in s[0])]
    specs = targets()
    judge_host()  # the PyPy rows without a nursery of their own run as on a judge host

    results, missing = {}, set()
    with tempfile.TemporaryDirectory(prefix="ga-bench-") as tmp:
        folder = Path(tmp)
        available = commands(folder)
        print("| input | MB | command | seconds | peak MiB | rounds |")
        print("|---|---:|---|---:|---:|---:|")
        for name, k, d, layout, wanted, repeats in sizes:
            names = [n for n in wanted if n in available]
            missing.update(n for n in wanted if n not in available)
            if not names:  # say, a problem whose folder is not there yet
                continue
            source = folder / "problem.in"
            write_problem(source, k, d, layout)
            megabytes = source.stat().st_size / 1e6
            print(f"measuring {name} ({megabytes:.1f} MB, {repeats} rounds) ...", file=sys.stderr, flush=True)
            rounds = measure(names, available, source, folder, repeats)
            results[name] = more_rounds(name, rounds, specs, available, source, folder)
            for command in names:
                seconds, mib = (statistics.median(peak_or_time(results[name], command, i)) for i in (0, 1))
                count = len(peak_or_time(results[name], command, 0))
                print(f"| {name} | {megabytes:.1f} | {command} | {seconds:.3f} | {mib:.0f} | {count} |",
                      flush=True)

    rows = ["| target | median (90% interval of the median) | met |", "|---|---:|:---:|"]
    for label, size, limit, unit, _, compute in specs:
        if args.only and size not in results:  # --only: the targets of the inputs measured
            continue
        values = compute(results.get(size, [])) if size else compute(results)
        if not values:
            rows.append(f"| {label} | not measured | - |")
            continue
        interval = median_interval(values) if len(values) > 1 else None
        spread = (" (%.2f to %.2f, %d rounds)" % (*interval, len(values)) if interval else
                  " (%d rounds: too few for an interval)" % len(values) if len(values) > 1 else "")
        met = "-" if limit is None else verdict(values, limit)
        rows.append(f"| {label} | {statistics.median(values):.2f}{unit}{spread} | {met} |")
    print()
    print("\n".join(rows))
    if not args.quick and not args.only:
        record(PAGE, BEGIN, END, "make bench", rows)

    def shown(label, values, unit):
        value = f"{statistics.median(values):.2f}{unit}" if values else "not measured"
        print(f"| {label} | {value} | - |")

    seed = results.get("seed example", [])
    shown("seed example: compiling solve.py alone / python -c pass",
          ratio("python compiles solve.py", "python -c pass")(seed), "x")
    for label, a, b in (("PyPy", "pypy3 compiles solve.py", "pypy3 -c pass"),
                        ("CPython", "python compiles solve.py", "python -c pass")):
        shown(f"seed example: {label} compiling solve.py alone - {b} (memory)",
              difference(a, b)(seed), " MiB")
    for nursery in NURSERIES:
        shown(f"seed example, as DMOJ runs it: PyPy solve - naive with PYPY_GC_NURSERY={nursery} (memory)",
              difference(in_nursery("solve", nursery), in_nursery("naive", nursery))(
                  results.get(NURSERY_SIZE, [])), " MiB")
    for size in THRESHOLD_SIZES:
        for label, a, b in (("CPython", "solve, numpy engine", "solve, pure engine"),
                            ("PyPy", "solve, PyPy numpy engine", "solve, PyPy")):
            shown(f"{size}: {label} numpy engine / pure engine (below 1: numpy pays)",
                  ratio(a, b)(results.get(size, [])), "x")
    if missing:
        print(f"\nnot measured here (missing): {', '.join(sorted(missing))}")


if __name__ == "__main__":
    main()
