"""Build the problem packages from one source and check them with the judges' own tools: `make package`.

    python -m packages.build_package build            # build the three below, under build/
    python -m packages.build_package build --verify   # then problemtools and BAPCtools check them

Writes, from scratch each time, from the same data, statement and programs:

    gradientaccumulation/            the legacy Kattis format: Kattis, DOMjudge, problemtools
    2025-09/gradientaccumulation/    the current ICPC format, 2025-09: BAPCtools
    dmoj/gradientaccumulation/       a DMOJ problem directory: init.yml and the data

The statement is docs/problem.md, turned into LaTeX (packages/statement.py).
The data: data/sample/1 is the seed example, data/sample/2 the printing rules
(samples/printing-rules.in: -0.0000, np.round, an exact tie); data/secret/ is generated with
a fixed seed, answers by testkit/reference.py; every input must pass the input
validator (packages/validate.py), every answer the answer validator
(packages/validate_answer.py), and every input of data/invalid_input/ (2025-09
only) must fail the input validator: this script checks all three itself.
The accepted submissions are solve.py, byte for byte, and the naive solution
(testkit/naive.py); the wrong answers are the classic mistakes
(packages/wrong_answers.py). Every format states the same time and memory
limit (TIME_LIMIT_S, MEMORY_LIMIT_MIB): build() checks the files it wrote.

--verify installs problemtools and BAPCtools, pinned, into venvs of their own
(build/judges/, never the project's .venv) and Debian's pypy3 if it is
missing (as root), then runs:

1. problemtools' verifyproblem on the legacy package, with the package's
   time limit fixed: config, validators, data and submissions (solve.py and
   naive.py Accepted on every case, each wrong answer Wrong Answer), then
   the wrong answers again on data/secret alone: the secret data by itself
   catches every mistake;
2. BAPCtools' bt validate, bt run and bt constraints on the 2025-09 package.

It fails on any error, and on any warning not listed in ACCEPTED_WARNINGS
with its reason. The statement is not compiled: that needs lualatex
(docs/package.md). DMOJ's judge checks the DMOJ directory: `make dmoj-check`.
"""

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

from packages import statement, validate_answer, wrong_answers
from packages.validate import MAX_D, MAX_K, Invalid, validate
from testkit import reference

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

SEED = 20261129
# The samples the statement shows, golden pairs of samples/: the seed example, then the two printing
# rules a contestant most often misses (-0.0000, and a value np.round gets wrong) and an exact tie.
SAMPLES = ["seed-example-lines", "printing-rules"]
SHORTNAME = "gradientaccumulation"  # Kattis wants [a-z0-9]+, and the folder must be named so
UUID = "ca0ceb30-785d-48b4-afa2-220d359772d0"
# Warnings the checks may print, each with its reason; any other warning fails `make package`.
ACCEPTED_WARNINGS = {
    "problemtools": {},
    "bapctools": {},
}

# One time limit and one memory limit, by the rule docs/package.md states: the slowest and the
# heaviest accepted run on the largest case (solve.py and the naive solution, under PyPy and under
# CPython -S, as DMOJ's judge measures them in `make dmoj-check`): the time times 2.5, rounded up to
# a whole second (at least 1 s); the memory times 2, rounded up to a power of two MiB (at least
# 256 MiB). On 2026-12-01 the naive solution under PyPy was the slowest and heaviest in every run,
# 0.50 to 0.64 s of CPU and 236 to 240 MiB, so 2 s and 512 MiB. (Times 2 would have given 1 s in one
# run and 2 s in the next: 2.5 keeps the spread inside one whole second.) `make dmoj-check` judges
# every submission with these limits and reports what the rule gives on its own machine.
TIME_LIMIT_S = 2
MEMORY_LIMIT_MIB = 512
AC_TO_TIME_LIMIT = 2.5  # the rule's time factor: problemtools and BAPCtools apply it to their own AC runs
MEMORY_FACTOR = 2  # the rule's memory factor
TIME_LIMIT_TO_TLE = 2  # how much longer a run may go before it is judged TLE rather than only slow

LEGACY_YAML = """\
uuid: %s
author: gradient-accumulation project
source: gradient-accumulation reference library
license: permission
rights_owner: gradient-accumulation project
# No validator flags: the default output validator compares tokens exactly,
# so a wrongly rounded last digit and -0.0000 are both Wrong Answer.
validation: default
# The legacy format has no fixed time limit: problemtools and Kattis take the slowest accepted
# run (solve.py, naive.py) times time_multiplier, rounded up to a whole second. On a machine like
# ours that is %d s; `make package` checks it with verifyproblem --fixed_timelim %d.
limits:
  time_multiplier: %g
  time_safety_margin: %d
  memory: %d
""" % (UUID, TIME_LIMIT_S, TIME_LIMIT_S, AC_TO_TIME_LIMIT, TIME_LIMIT_TO_TLE, MEMORY_LIMIT_MIB)

CURRENT_YAML = """\
problem_format_version: 2025-09
type: pass-fail
name: %s
uuid: %s
credits:
  authors: gradient-accumulation project
source: gradient-accumulation reference library
license: permission
rights_owner: gradient-accumulation project
# The default output validator with no flags compares tokens exactly,
# so a wrongly rounded last digit and -0.0000 are both Wrong Answer.
""" + """\
limits:
  time_limit: %d
  time_multipliers:
    ac_to_time_limit: %g
    time_limit_to_tle: %d
  memory: %d
""" % (TIME_LIMIT_S, AC_TO_TIME_LIMIT, TIME_LIMIT_TO_TLE, MEMORY_LIMIT_MIB)

DMOJ_YAML_HEAD = """\
# DMOJ problem data for %s: upload this folder as the problem's data.
# The identical checker compares bytes: a wrongly rounded digit, -0.0000
# and a missing final newline are all Wrong Answer. DMOJ turns CR and CRLF
# into LF and adds a final newline to every input unless binary_data is set;
# solve.py gives the same answer either way (make dmoj-check judges both).
# Time limit: %d s, memory limit: %d KB; DMOJ keeps them on the site, not
# here: enter them in the problem's form (docs/package.md).
checker: identical
test_cases:
"""

def decimal(value, places=6):
    """Return value as a canonical plain decimal: no exponent, no trailing zeros past the point."""
    text = "%.*f" % (places, value)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def problem_text(k, lr, theta, grads):
    """Return one canonical input: 'K lr', theta, then K gradient lines, single spaces, \\n ends."""
    lines = ["%d %s" % (k, lr), " ".join(theta)] + [" ".join(g) for g in grads]
    return ("\n".join(lines) + "\n").encode()


def random_case(rng, k, d, scale=10.0, places=6):
    """Return a random canonical input with K micro-batches of d numbers."""
    row = lambda: [decimal(rng.uniform(-scale, scale), places) for _ in range(d)]  # noqa: E731
    return problem_text(k, decimal(rng.uniform(0, 1), 4), row(), [row() for _ in range(k)])


def np_round_differs(text):
    """Return whether rounding like np.round(v, 4) prints text's value differently from correct rounding."""
    value = float(text)
    return "%.4f" % (round(value * 10**4) / 10**4) != "%.4f" % value


def cases(largest=True):
    """Return {name: input bytes} for data/secret, in a fixed order; largest=False leaves out d = MAX_D."""
    rng = random.Random(SEED)
    out = {}
    out["01-k1-d1"] = problem_text(1, "0.5", ["3.25"], [["-1.5"]])
    out["02-k10-d1"] = problem_text(10, "0.1", ["1"], [[decimal(rng.uniform(-5, 5))] for _ in range(10)])
    out["03-sum-not-mean"] = problem_text(4, "1", ["0", "0"], [["1", "2"]] * 4)
    # Ties: 4-decimal values plus 0.00005, where the stored float lies just above or below the tie.
    ties = []
    while len(ties) < 300:
        text = decimal(rng.randint(-10**8, 10**8) / 10**4 + 0.00005, 5)
        if text.endswith("5") and (np_round_differs(text) or len(ties) % 3 == 0):
            ties.append(text)
    ties += ["0.82825", "2.00005", "-1.00005", "0.00005", "-0.00005", "1.00015"]
    out["04-ties-np-round-gets-wrong"] = problem_text(1, "0", ties, [["1"] * len(ties)])
    # The same ties reached by an update: theta - lr * mean(g) lands on them.
    shifted = [decimal(float(t) + 1, 5) for t in ties]
    out["05-ties-after-an-update"] = problem_text(2, "1", shifted, [["1"] * len(ties), ["1"] * len(ties)])
    # Tiny negatives: as given, and as results of an update; each must print 0.0000.
    tiny = ["-0.00004", "-0.00001", "-0.000049999", "-0.0000001", "0", "-0"]
    out["06-tiny-negatives"] = problem_text(1, "0", tiny, [["5"] * len(tiny)])
    out["07-tiny-negative-after-an-update"] = problem_text(
        3, "1", ["0.0001", "0.00002", "-0.00002"], [["0.00013", "0.00006", "0"]] * 3)
    # Large magnitudes: 10^9 with ten decimals, past float64's 16 significant digits.
    big = [decimal(rng.uniform(-10**9, 10**9), 10) for _ in range(200)]
    big += ["1000000000", "-999999999.9999500001"]
    out["08-large-magnitudes"] = problem_text(
        3, "2.5", big, [[decimal(rng.uniform(-10**9, 10**9), 3) for _ in big] for _ in range(3)])
    out["09-bounds-reached"] = problem_text(
        2, "10", ["1000000000", "-1000000000", "0"],
        [["1000000000", "-1000000000", "0.0000000001"], ["-1000000000", "1000000000", "-0.0000000001"]])
    for i in range(12):
        out["%02d-random-small" % (10 + i)] = random_case(rng, rng.randint(1, MAX_K), rng.randint(1, 20))
    if largest:
        out["22-k1-dmax"] = random_case(rng, 1, MAX_D, scale=1000.0)
        out["23-k10-dmax"] = random_case(rng, MAX_K, MAX_D, scale=1000.0)
    # Exact ties: n + m/32 with m odd has exactly 5 decimals, the last a 5, and a double holds it
    # exactly, so the result lies exactly halfway; it rounds to even, as "%.4f" does (0.03125 is
    # 0.0312, 0.09375 is 0.0938). As given, and reached by an update (all of it exact arithmetic).
    exact = random.Random(SEED + 24)
    halfway = [decimal((-1) ** i * (exact.choice([0, 1, 7, 123, 99999, 999999]) + m / 32), 5)
               for i, m in enumerate(range(1, 32, 2))]
    halfway += [decimal(exact.randint(-10**6, 10**6) + exact.randrange(1, 32, 2) / 32, 5) for _ in range(100)]
    out["24-exact-ties"] = problem_text(1, "0", halfway, [["1"] * len(halfway)])
    out["25-exact-ties-after-an-update"] = problem_text(
        2, "1", [decimal(float(t) + 2, 5) for t in halfway], [["1.5"] * len(halfway), ["2.5"] * len(halfway)])
    return out


def invalid_inputs():
    """Return {name: input bytes} for data/invalid_input/: near misses of the canonical format."""
    seed = b"2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n"
    return {
        "byte-order-mark": b"\xef\xbb\xbf" + seed,
        "crlf": seed.replace(b"\n", b"\r\n"),
        "no-final-newline": seed[:-1],
        "double-space": seed.replace(b"1.0 2.0", b"1.0  2.0"),
        "trailing-space": seed.replace(b"1.0 2.0", b"1.0 2.0 "),
        "blank-line": seed.replace(b"0.5 1.0\n", b"0.5 1.0\n\n"),
        "one-line": b"2 0.1 1.0 2.0 0.5 1.0 1.5 3.0\n",
        "too-few-lines": b"3 0.1\n1\n1\n1\n",
        "ragged": b"2 0.1\n1 2\n1 2\n1\n",
        "k-0": b"0 0.1\n1\n",
        "k-11": b"11 0.1\n" + b"1\n" * 12,
        "k-leading-zero": b"02 0.1\n1\n1\n1\n",
        "lr-negative": b"1 -0.1\n1\n1\n",
        "lr-over-10": b"1 10.5\n1\n1\n",
        "exponent": b"1 0.1\n1e3\n1\n",
        "leading-zero": b"1 0.1\n01\n1\n",
        "leading-plus": b"1 0.1\n+1\n1\n",
        "bare-point": b"1 0.1\n.5 5.\n1 1\n",
        "eleven-decimals": b"1 0.1\n0.12345678901\n1\n",
        "over-10-to-the-9": b"1 0.1\n1000000000.5\n1\n",
        "nan": b"1 0.1\nnan\n1\n",
        "d-over-100000": b"1 0.1\n" + (b" ".join([b"1"] * (MAX_D + 1)) + b"\n") * 2,
    }



def write(folder, name, data):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def test_data():
    """Return {"sample/N" or "secret/NAME": (input, answer)}, every pair checked by both validators."""
    data = {"sample/%d" % (i + 1): (ROOT / "samples" / (name + ".in")).read_bytes()
            for i, name in enumerate(SAMPLES)}
    data.update({"secret/" + name: text for name, text in cases().items()})
    pairs = {}
    for name, text in data.items():
        answer = reference.answer(text).encode("ascii")
        try:
            validate(text)
            validate_answer.validate(answer, text)
        except (Invalid, validate_answer.Invalid) as invalid:
            raise SystemExit("build_package: data/%s breaks the canonical format: %s"
                             % (name, invalid)) from None
        pairs[name] = (text, answer)
    for name, text in invalid_inputs().items():
        try:
            validate(text)
        except Invalid:
            continue
        raise SystemExit("build_package: data/invalid_input/%s.in passes the input validator" % name)
    return pairs


def write_common(out, pairs):
    """Write the data and the submissions, the same in both Kattis-style formats."""
    for name, (text, answer) in pairs.items():
        write(out, "data/%s.in" % name, text)
        write(out, "data/%s.ans" % name, answer)
    write(out, "input_validators/validate.py", (HERE / "validate.py").read_bytes())
    write(out, "submissions/accepted/solve.py", (ROOT / "solve.py").read_bytes())
    # The naive solution must pass too: the time limit leaves room for the slowest honest program.
    write(out, "submissions/accepted/naive.py", (ROOT / "testkit" / "naive.py").read_bytes())
    for name in wrong_answers.MISTAKES:
        source = wrong_answers.program(name)
        compile(source, name, "exec")
        write(out, "submissions/wrong_answer/%s.py" % name, source)


def build(root):
    """Write the three packages under the folder root, replacing what was there; return their folders."""
    pairs = test_data()
    title, _ = statement.read()
    legacy, current, dmoj = root / SHORTNAME, root / "2025-09" / SHORTNAME, root / "dmoj" / SHORTNAME
    for folder in (legacy, current, dmoj):
        if folder.exists():
            shutil.rmtree(folder)
    write(legacy, "problem.yaml", LEGACY_YAML)
    write(legacy, "problem_statement/problem.en.tex", statement.latex())
    write_common(legacy, pairs)

    write(current, "problem.yaml", CURRENT_YAML % (title, UUID))
    write(current, "statement/problem.en.tex", statement.latex())
    write_common(current, pairs)
    write(current, "answer_validators/validate_answer.py", (HERE / "validate_answer.py").read_bytes())
    for name, text in invalid_inputs().items():
        write(current, "data/invalid_input/%s.in" % name, text)

    cases = []
    for name, (text, answer) in pairs.items():
        flat = name.replace("/", "-")
        write(dmoj, flat + ".in", text)
        write(dmoj, flat + ".out", answer)
        cases.append("- {in: %s.in, out: %s.out, points: 1}\n" % (flat, flat))
    head = DMOJ_YAML_HEAD % (SHORTNAME, TIME_LIMIT_S, MEMORY_LIMIT_MIB * 1024)
    write(dmoj, "init.yml", head + "".join(cases))
    check_limits(legacy, current, dmoj)
    print("build_package: %s, %s, %s: %d test cases each" % (legacy, current, dmoj, len(pairs)),
          file=sys.stderr)
    return legacy, current, dmoj


# --------------------------------------------------------------- limits ---


def stated_limits(legacy, current, dmoj):
    """Return {format: (time limit in s, or legacy's time_multiplier; memory in MiB)}, read from the files."""
    def number(pattern, path):
        found = re.findall(pattern, path.read_text(), re.M)
        if len(found) != 1:
            raise SystemExit("build_package: %s states %r %d times" % (path, pattern, len(found)))
        return float(found[0]) if "." in found[0] else int(found[0])
    return {
        "legacy": (number(r"^  time_multiplier: ([0-9.]+)$", legacy / "problem.yaml"),
                   number(r"^  memory: (\d+)$", legacy / "problem.yaml")),
        "2025-09": (number(r"^  time_limit: (\d+)$", current / "problem.yaml"),
                    number(r"^  memory: (\d+)$", current / "problem.yaml")),
        "dmoj": (number(r"^# Time limit: (\d+) s\b", dmoj / "init.yml"),
                 number(r"memory limit: (\d+) KB", dmoj / "init.yml") // 1024),
    }


def check_limits(legacy, current, dmoj):
    """Raise SystemExit unless every package states the one time limit and the one memory limit."""
    stated = stated_limits(legacy, current, dmoj)
    wanted = {"legacy": (AC_TO_TIME_LIMIT, MEMORY_LIMIT_MIB), "2025-09": (TIME_LIMIT_S, MEMORY_LIMIT_MIB),
              "dmoj": (TIME_LIMIT_S, MEMORY_LIMIT_MIB)}
    if stated != wanted:
        raise SystemExit("build_package: the packages state other limits: %s, not %s" % (stated, wanted))


# --------------------------------------------------------- problemtools ---


def check_report(tool, label, report, status):
    """Raise SystemExit on a failed run or a warning not in ACCEPTED_WARNINGS[tool]."""
    warnings = [line.strip() for line in report.splitlines() if re.match(r"\s*WARNING", line)]
    unexpected = [w for w in warnings if not any(accepted in w for accepted in ACCEPTED_WARNINGS[tool])]
    if status != 0 or unexpected:
        raise SystemExit("%s failed on %s (status %d): %s" % (tool, label, status, unexpected or "see above"))


def _verifyproblem(command, label, args):
    """Run verifyproblem with args; return its report, or raise SystemExit on an error, a new warning,
    or a wrong answer that was not judged Wrong Answer."""
    print("verifyproblem: %s" % label, file=sys.stderr, flush=True)
    done = subprocess.run([command, *args], capture_output=True, text=True)
    report = done.stdout + done.stderr
    print(report, file=sys.stderr, flush=True)
    summary = re.search(r"tested: (\d+) errors?, (\d+) warnings?", report)
    check_report("problemtools", label, report, done.returncode)
    if summary is None or summary.group(1) != "0":
        raise SystemExit("verifyproblem failed on %s: see above" % label)
    verdicts = re.findall(r"wrong_answer/(\w+)\.py .* OK: WA", report)
    if sorted(verdicts) != sorted(wrong_answers.MISTAKES):
        raise SystemExit("verifyproblem did not judge every mistake WA on %s: %s" % (label, verdicts))
    return report


def verify_legacy(out):
    """Run problemtools' verifyproblem on the legacy package; raise SystemExit on an error or new warning."""
    from tools.installs import base_python, ensure_pypy, ensure_venv, lock

    ensure_pypy(install=True)  # problemtools runs .py submissions and validators with pypy3, as Kattis does
    python = ensure_venv("problemtools", base_python(), lock("problemtools"))
    command = str(Path(python[0]).parent / "verifyproblem")
    # The package's limit, fixed: verifyproblem warns (and this check fails) if the slowest accepted
    # run times time_multiplier is over it, that is, if the rule would give more on this machine.
    fixed = ["--fixed_timelim", str(TIME_LIMIT_S)]
    report = _verifyproblem(command, "all but the statement",
                            [str(out), "-p", "config", "validators", "data", "submissions", *fixed])
    if not re.search(r"setting timelim to %d secs" % TIME_LIMIT_S, report):
        raise SystemExit("verifyproblem did not judge with the time limit of %d s" % TIME_LIMIT_S)
    accepted = re.findall(r"accepted/(\w+)\.py .* OK: AC", report)
    if sorted(accepted) != ["naive", "solve"]:
        raise SystemExit("verifyproblem did not judge solve.py and naive.py Accepted: %s" % accepted)
    secret_only = ["-p", "submissions", "-s", "wrong_answer", "-d", "secret", *fixed]
    _verifyproblem(command, "the wrong answers on data/secret alone", [str(out), *secret_only])
    print("verifyproblem: %s passes, every mistake is Wrong Answer on the secret data alone" % out,
          file=sys.stderr)


# ------------------------------------------------------------ BAPCtools ---


def _bt(bt, folder, action):
    """Run `bt ACTION` in the package folder; return its report, after checking status and warnings."""
    print("bt %s: %s" % (action, folder), file=sys.stderr, flush=True)
    # bt remembers every problem's uuid under $XDG_CONFIG_HOME and warns when another checkout on this
    # machine has the same one: each clone keeps its own memory, in its build folder.
    config = ROOT / "build" / "judges" / "bapctools-config"
    done = subprocess.run([bt, action, "--no-bar"], cwd=folder, capture_output=True, text=True,
                          env={**os.environ, "XDG_CONFIG_HOME": str(config)})
    report = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout + done.stderr)  # colours off
    print(report, file=sys.stderr, flush=True)
    if re.search(r"^\s*ERROR|^\s*FATAL", report, re.M):
        raise SystemExit("bt %s reported an error: see above" % action)
    check_report("bapctools", "bt " + action, report, done.returncode)
    return report


def verify_current(out):
    """Run BAPCtools' bt validate, run and constraints on the 2025-09 package; raise SystemExit on failure."""
    from tools.installs import base_python, ensure_pypy, ensure_venv, lock

    ensure_pypy(install=True)  # bt runs .py submissions with pypy3 too
    python = ensure_venv("bapctools", base_python(), lock("bapctools"))
    bt = str(Path(python[0]).parent / "bt")
    _bt(bt, out, "validate")
    report = _bt(bt, out, "run")
    accepted = set(re.findall(r"accepted/(\w+)\.py:?\s+AC\b", report))
    wrong = set(re.findall(r"wrong_answer/(\w+)\.py:?\s+WA\b", report))
    if accepted != {"solve", "naive"} or wrong != set(wrong_answers.MISTAKES):
        raise SystemExit("bt run: judged AC: %s; judged WA: %s of %s"
                         % (sorted(accepted), sorted(wrong), sorted(wrong_answers.MISTAKES)))
    _bt(bt, out, "constraints")
    print("bapctools: %s passes bt validate, run and constraints" % out, file=sys.stderr)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="the folder to build the packages in (build)")
    parser.add_argument("--verify", action="store_true",
                        help="then check them with problemtools and BAPCtools")
    arguments = parser.parse_args()
    legacy, current, _ = build(arguments.root)
    if arguments.verify:
        verify_legacy(legacy)
        verify_current(current)
