"""Build the Kattis problem package for the solver and verify it with problemtools: `make package`.

    python kattis/build_package.py build/gradientaccumulation            # build only
    python kattis/build_package.py build/gradientaccumulation --verify   # build, then verifyproblem

Writes, from scratch each time:

    problem.yaml                     exact token comparison (the default validator, no flags)
    problem_statement/problem.en.tex the statement, with the constraints
    data/sample/                     the seed example
    data/secret/                     generated with a fixed seed; answers by tests/reference.py
    input_validators/validate.py     kattis/validate.py, the canonical format
    submissions/accepted/solve.py    solve.py, byte for byte
    submissions/wrong_answer/*.py    the classic mistakes (kattis/wrong_answers.py)

Every generated input must pass the validator; this script checks that too.

--verify installs problemtools into its own venv (build/judges/problemtools,
never the project's .venv) and Debian's pypy3 if it is missing (as root), as
`make judge-check` does, then runs verifyproblem twice:

1. config, validators, data and submissions: the accepted solution must be
   Accepted on every case and each wrong answer must be judged Wrong Answer;
2. the wrong answers again, on data/secret alone, with the time limit of
   run 1: the secret data by itself catches every classic mistake.

It fails on any error, and on any warning not in ACCEPTED_WARNINGS. The
statement (LaTeX) is not compiled: that needs lualatex (README, Problem package).
"""

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tools")]

import reference  # noqa: E402  (after the path is set)
import wrong_answers  # noqa: E402
from validate import MAX_D, MAX_K, Invalid, validate  # noqa: E402

SEED = 20261129
SHORTNAME = "gradientaccumulation"  # Kattis wants [a-z0-9]+, and the folder must be named so
PROBLEMTOOLS = "problemtools==1.20260907"
ACCEPTED_WARNINGS = ()  # none today; each added one needs its reason here and in the README

PROBLEM_YAML = """\
uuid: ca0ceb30-785d-48b4-afa2-220d359772d0
author: gradient-accumulation project
source: gradient-accumulation reference library
license: permission
rights_owner: gradient-accumulation project
# No validator flags: the default output validator compares tokens exactly,
# so a wrongly rounded last digit and -0.0000 are both Wrong Answer.
validation: default
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
    for i in range(12):
        out["%02d-random-small" % (9 + i)] = random_case(rng, rng.randint(1, MAX_K), rng.randint(1, 20))
    if largest:
        out["21-k1-dmax"] = random_case(rng, 1, MAX_D, scale=1000.0)
        out["22-k10-dmax"] = random_case(rng, MAX_K, MAX_D, scale=1000.0)
    return out


# The legacy package format, which Kattis and DOMjudge both take, has LaTeX
# statements only (Markdown needs the 2023-07 draft format); problemtools'
# problem.cls supplies \problemname and the sample tables.
STATEMENT = r"""\problemname{Gradient Accumulation}

When a batch of training examples is too large to fit in memory at once, it
can be split into $K$ smaller \emph{micro-batches}. Each micro-batch gives a
gradient $g_i$, computed with the same parameters $\theta$. Instead of
updating the parameters after each one, the gradients are accumulated, and
one step of gradient descent is taken with their mean:
\[
  g_{\mathrm{eff}} = \frac{1}{K} \sum_{i=1}^{K} g_i, \qquad
  \theta' = \theta - \eta \, g_{\mathrm{eff}}.
\]
With micro-batches of equal size this is exactly the step on the whole
batch. Given the parameters, the $K$ micro-batch gradients and the learning
rate $\eta$, compute $\theta'$.

\section*{Input}

The first line holds the integer $K$ ($1 \le K \le 10$) and the learning
rate $\eta$ ($0 \le \eta \le 10$). The second line holds the $d$ parameters
$\theta_1, \ldots, \theta_d$ ($1 \le d \le 100\,000$). Each of the next $K$
lines holds one gradient vector of $d$ numbers.

Every number is written in plain decimal notation, with at most 10 digits
after the decimal point, and has absolute value at most $10^9$. Numbers on a
line are separated by single spaces.

\section*{Output}

Print the $d$ values of $\theta'$ on one line, separated by single spaces,
each with exactly 4 digits after the decimal point. Add the gradients from
$g_1$ to $g_K$ in double precision, divide the sum by $K$, and compute
$\theta - \eta \, g_{\mathrm{eff}}$ in double precision; then round the
exact value of each result correctly to 4 decimals. A value that rounds to
zero is printed as \texttt{0.0000}, never \texttt{-0.0000}.

In the sample, the two micro-batch gradients $(0.5, 1.0)$ and $(1.5, 3.0)$
have mean $(1.0, 2.0)$, so with $\eta = 0.1$ the parameters $(1.0, 2.0)$
become $(0.9, 1.8)$.
"""


def write(folder, name, data):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def build(out):
    """Write the package to the folder out, replacing what was there."""
    if out.exists():
        shutil.rmtree(out)
    write(out, "problem.yaml", PROBLEM_YAML)
    write(out, "problem_statement/problem.en.tex", STATEMENT)
    sample = b"2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n"
    data = {"sample/1": sample, **{"secret/" + name: text for name, text in cases().items()}}
    for name, text in data.items():
        try:
            validate(text)
        except Invalid as invalid:
            raise SystemExit("build_package: data/%s.in breaks the canonical format: %s"
                             % (name, invalid)) from None
        write(out, "data/%s.in" % name, text)
        write(out, "data/%s.ans" % name, reference.answer(text))
    write(out, "input_validators/validate.py", (HERE / "validate.py").read_bytes())
    write(out, "submissions/accepted/solve.py", (ROOT / "solve.py").read_bytes())
    for name in wrong_answers.MISTAKES:
        source = wrong_answers.program(name)
        compile(source, name, "exec")
        write(out, "submissions/wrong_answer/%s.py" % name, source)
    print("build_package: %s: %d test files" % (out, len(data)), file=sys.stderr)


def _verifyproblem(command, label, args):
    """Run verifyproblem with args; return its report, or raise SystemExit on an error, a new warning,
    or a wrong answer that was not judged Wrong Answer."""
    print("verifyproblem: %s" % label, file=sys.stderr, flush=True)
    done = subprocess.run([command, *args], capture_output=True, text=True)
    report = done.stdout + done.stderr
    print(report, file=sys.stderr, flush=True)
    summary = re.search(r"tested: (\d+) errors?, (\d+) warnings?", report)
    warnings = [line for line in report.splitlines() if line.startswith("WARNING")]
    unexpected = [w for w in warnings if not any(accepted in w for accepted in ACCEPTED_WARNINGS)]
    if done.returncode != 0 or summary is None or summary.group(1) != "0" or unexpected:
        raise SystemExit("verifyproblem failed on %s: %s" % (label, unexpected or "see above"))
    verdicts = re.findall(r"wrong_answer/(\w+)\.py .* OK: WA", report)
    if sorted(verdicts) != sorted(wrong_answers.MISTAKES):
        raise SystemExit("verifyproblem did not judge every mistake WA on %s: %s" % (label, verdicts))
    return report


def verify(out):
    """Run problemtools' verifyproblem on the package; raise SystemExit on an error or a new warning."""
    from judge_check import ensure_pypy, ensure_venv

    ensure_pypy(install=True)  # problemtools runs .py submissions and validators with pypy3, as Kattis does
    base = [getattr(sys, "_base_executable", sys.executable)]
    python = ensure_venv("problemtools", base, PROBLEMTOOLS, install=True)
    command = str(Path(python[0]).parent / "verifyproblem")
    report = _verifyproblem(command, "all but the statement",
                            [str(out), "-p", "config", "validators", "data", "submissions"])
    timelimit = re.search(r"setting timelim to (\d+) sec", report)
    if timelimit is None:
        raise SystemExit("verifyproblem set no time limit")
    secret_only = ["-p", "submissions", "-s", "wrong_answer", "-d", "secret", "-t", timelimit.group(1)]
    _verifyproblem(command, "the wrong answers on data/secret alone", [str(out), *secret_only])
    print("verifyproblem: %s passes, every mistake is Wrong Answer on the secret data alone" % out,
          file=sys.stderr)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to build; its name must be " + SHORTNAME)
    parser.add_argument("--verify", action="store_true", help="then run problemtools' verifyproblem")
    arguments = parser.parse_args()
    if arguments.out.name != SHORTNAME:
        raise SystemExit("build_package: the folder must be named %s" % SHORTNAME)
    build(arguments.out)
    if arguments.verify:
        verify(arguments.out)
