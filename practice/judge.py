"""Judge one output of a practice run, and name the classic mistake it makes: the same code in the
terminal (`make check`, practice/check.py) and in the browser page (`make practice`, in Pyodide).

Standard library only, and no other file of the project: the page loads this one
file into Pyodide beside the learner's program.

    verdict = judge(input_bytes, expected_bytes, output_bytes)
    verdict.name, verdict.detail      # "AC" or "WA"; for WA, the first differing value and the mistake

The output is compared token by token, as every judge of the package does. When it is wrong, each
classic mistake of the package's wrong answers (packages/wrong_answers.py, the same names) is
computed on the values where the output differs and on the first ones, and each mistake that gives
exactly the output there is named in one sentence (on a few inputs two mistakes print the same).
"""

import io
import sys
import traceback
from decimal import Decimal

# The package's wrong answers, by name, and what each does wrong, in one sentence. judge() tries them
# in this order: those closest to the right answer first, since an output that only a tie or a sign
# separates from the right one is better explained by the printing than by the arithmetic.
MISTAKES = {
    "negative_zero": "-0.0000: a tiny negative result rounds to zero and must print 0.0000",
    "half_up_rounding": "ties rounded half up: an exact tie at the fifth decimal goes to the even"
                        " digit, as \"%.4f\" does (0.03125 is 0.0312)",
    "numpy_style_rounding": "np.round's rounding: scaling by 10^4 before rounding to even moves"
                            " values just above a tie onto it (0.82825 printed 0.8282, not 0.8283)",
    "sum_not_mean": "the sum, not the mean: the K gradients were added and never divided by K (or theta"
                    " was updated inside the loop at the full rate, the same here), so the step is K times"
                    " too large",
    "divide_twice": "divided by K twice: each gradient by K, then their total by K again,"
                    " so the step is K times too small",
    "wrong_axis": "the wrong axis: one mean over every number (np.mean with no axis), not a mean"
                  " over the K micro-batches for each parameter",
}
CHECKED = 100  # values compared besides the differing ones: a mistake must give those too


class Verdict:
    """A case's verdict: name (AC, WA, TLE, RTE, MLE), detail (a line or ""), mistakes (keys of MISTAKES)."""

    def __init__(self, name, detail="", mistakes=()):
        self.name, self.detail, self.mistakes = name, detail, list(mistakes)

    def __repr__(self):
        return "Verdict(%r, %r, %r)" % (self.name, self.detail, self.mistakes)


def read_problem(data):
    """Return (k, lr, theta, grads) of an input in the package's format (canonical: one row a line)."""
    tokens = data.split()
    k, lr = int(tokens[0]), float(tokens[1])
    values = [float(token) for token in tokens[2:]]
    d = len(values) // (k + 1)
    return k, lr, values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)]


def _shown(value):
    text = "%.4f" % value
    return "0.0000" if text == "-0.0000" else text


def _half_up(value):
    five = "%.5f" % value
    if five[-1] == "5" and Decimal(value) == Decimal(five):  # exactly halfway: away from zero
        return _shown(float(Decimal(five[:-1]) + Decimal("-0.0001" if value < 0 else "0.0001")))
    return _shown(value)


def mistake_values(problem, positions):
    """Return {mistake: [its printed value at each position]} for an input's problem."""
    k, lr, theta, grads = problem
    d = len(theta)
    overall = sum(sum(g) for g in grads) / (k * d)
    out = {name: [] for name in MISTAKES}
    for j in positions:
        column = [g[j] for g in grads]
        mean = sum(column) / k
        out["sum_not_mean"].append(_shown(theta[j] - lr * sum(column)))
        out["divide_twice"].append(_shown(theta[j] - lr * sum(g / k for g in column) / k))
        out["wrong_axis"].append(_shown(theta[j] - lr * overall))
        out["numpy_style_rounding"].append(_shown(round((theta[j] - lr * mean) * 10**4) / 10**4))
        out["half_up_rounding"].append(_half_up(theta[j] - lr * mean))
        out["negative_zero"].append("%.4f" % (theta[j] - lr * mean))
    return out


def _as_text(data):
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def judge(input_data, expected, output):
    """Return the Verdict of an output (bytes or str) against the expected answer, naming the mistake."""
    want, got = _as_text(expected).split(), _as_text(output).split()
    if want == got:
        return Verdict("AC")
    if len(got) != len(want):
        return Verdict("WA", "expected %d values, found %d" % (len(want), len(got)))
    differing = [j for j in range(len(want)) if want[j] != got[j]]
    first = differing[0]
    detail = "value %d: expected %s, found %s" % (first + 1, want[first], got[first][:40])
    positions = sorted(set(differing[:1000]) | set(range(min(CHECKED, len(want)))))
    try:
        problem = read_problem(_as_text(input_data))
    except (ValueError, IndexError, ZeroDivisionError):  # not the package's format: no mistake to name
        return Verdict("WA", detail)
    named = [name for name, values in mistake_values(problem, positions).items()
             if all(values[i] == got[j] for i, j in enumerate(positions))]
    if not named:
        return Verdict("WA", detail)
    # On some inputs two mistakes print the same: then both are named, the likelier first.
    sentences = " (or: ".join(MISTAKES[name] for name in named) + ")" * (len(named) - 1)
    return Verdict("WA", detail + "; " + sentences, named)


def last_line(text):
    """Return the last non-blank line of a program's stderr, cut to 200 characters, or ""."""
    lines = [line.strip() for line in _as_text(text).splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


class _Kept(io.BytesIO):
    """A BytesIO that a program's close() leaves readable."""

    def close(self):
        pass


def run_in_process(source, data, name="solution.py"):
    """Run a program's source on input bytes in this interpreter, as `python3 name < input` would.

    Return (status, stdout bytes, stderr text). The browser page runs each case
    this way in Pyodide, in a Web Worker that the page stops at the time limit.
    """
    streams, argv = (sys.stdin, sys.stdout, sys.stderr), sys.argv
    sys.argv = [name]  # no arguments, as a judge runs it
    out, err = _Kept(), _Kept()
    sys.stdin = io.TextIOWrapper(_Kept(data), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    status = 0
    try:
        code = compile(source, name, "exec")
        exec(code, {"__name__": "__main__", "__file__": name})  # noqa: S102 (the learner's own program)
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        if not isinstance(done.code, (int, type(None))):
            sys.stderr.write("%s\n" % done.code)
    except BaseException:  # noqa: BLE001 (whatever the program raises is its crash)
        status = 1
        kind, value, tb = sys.exc_info()
        sys.stderr.write("".join(traceback.format_exception(kind, value, tb.tb_next)))
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # closed by the program
                pass
        sys.stdin, sys.stdout, sys.stderr = streams
        sys.argv = argv
    return status, out.getvalue(), err.getvalue().decode("utf-8", "replace")


def verdict_of_run(input_data, expected, status, output, stderr):
    """Return the Verdict of a finished run: RTE (or MLE on MemoryError) on a failure, else judge()."""
    if status != 0:
        line = last_line(stderr)
        if "MemoryError" in line or "out of memory" in line:
            return Verdict("MLE", line)
        return Verdict("RTE", line or "exit status %s, nothing on stderr" % status)
    return judge(input_data, expected, output)
