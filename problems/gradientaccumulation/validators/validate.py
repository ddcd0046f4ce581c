"""Input validator for the Kattis package: the canonical format, stricter than solve.py.

Reads one test input on stdin; exits 42 if it is valid, 43 (with a reason on
stderr) if not. Standard library only, Python 3.7 syntax (`make lint`): problemtools runs
it with the judge's Python, PyPy by default.

Canonical format (see the statement):
- "K lr" on line 1, then theta, then K gradient lines, d numbers each;
- single spaces between numbers, no leading or trailing space, every line
  ends with "\\n", no blank line, no byte-order mark;
- 1 <= K <= 10 and 1 <= d <= 100000;
- every number is plain decimal: an optional "-", digits with no leading
  zero, and optionally "." and 1 to 10 digits; no exponent;
- 0 <= lr <= 10, and |theta_j|, |g_ij| <= 10^9;
- fair: every value of the answer prints the same however a correct solution
  adds, left to right, in reverse or with math.fsum (which Python 3.12's
  sum() matches), in exact rational arithmetic of the float64 inputs, and
  dividing as lr * (s / K) or (lr * s) / K (see unfair()).

With ``--constraints_file PATH`` (BAPCtools' `bt constraints` and `bt
validate` pass it) it also writes, for each bound, whether this input
reaches it: one line ``LOCATION NAME HAS_LOW HAS_HIGH MIN MAX LOW HIGH``,
the format of BAPCtools' validation.h, which bt merges over all inputs.
"""

import math
import re
import sys
from fractions import Fraction

MAX_K, MAX_D, MAX_ABS, MAX_LR = 10, 100000, 10**9, 10
NUMBER = re.compile(rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]{1,10})?")
COUNT = re.compile(rb"[1-9][0-9]*")


def constraints(math):
    """Return the statement's bounds as it shows them, in its order: as rendered text (math=False: what
    pdftotext reads out of a PDF, superscripts flattened, 10^9 as 109) or as the statement's TeX
    (math=True: what problem2html keeps for MathJax). `make package-check` (tools/render.py) looks for
    each in every rendered statement, between the Input and the Output sections."""
    exponent = len(str(MAX_ABS)) - 1
    if math:
        return ["1 \\le K \\le %d" % MAX_K, "0 \\le \\eta \\le %d" % MAX_LR,
                "1 \\le d \\le %d\\, %03d" % divmod(MAX_D, 1000),
                "-10^%d \\le x \\le 10^%d" % (exponent, exponent)]
    return ["1 \u2264 K \u2264 %d" % MAX_K, "0 \u2264 \u03b7 \u2264 %d" % MAX_LR,
            "1 \u2264 d \u2264 %d %03d" % divmod(MAX_D, 1000),
            "\u221210%d \u2264 x \u2264 10%d" % (exponent, exponent)]


class Invalid(Exception):
    """The input is not in the canonical format."""


class Bounds:
    """The smallest and largest value seen of each bounded quantity, for --constraints_file."""

    def __init__(self):
        self.seen = {}

    def see(self, name, value, low, high):
        """Record value for the bound low <= name <= high (the caller checks it holds)."""
        old_min, old_max, _, _ = self.seen.get(name, (value, value, low, high))
        self.seen[name] = (min(old_min, value), max(old_max, value), low, high)

    def lines(self):
        """Return the constraints file's lines, in BAPCtools' format."""
        return ["validate.py:%s %s %d %d %s" % (name, name, vmin == low, vmax == high,
                                                " ".join(map(_plain, (vmin, vmax, low, high))))
                for name, (vmin, vmax, low, high) in sorted(self.seen.items())]


def _plain(value):
    """Return a number as bt reads it: an integer without a point when it is whole."""
    return "%d" % value if value == int(value) else repr(value)


def numbers(line, where, limit, bounds=None):
    """Return the floats of one line of single-spaced plain decimals, each within +-limit."""
    if not line:
        raise Invalid("%s is empty" % where)
    values = []
    for token in line.split(b" "):
        if not NUMBER.fullmatch(token):
            raise Invalid("%s: %r is not a plain decimal number" % (where, token[:40]))
        value = float(token)
        if abs(value) > limit:
            raise Invalid("%s: %r is outside [-%g, %g]" % (where, token[:40], limit, limit))
        values.append(value)
    if bounds is not None:
        bounds.see("x", min(values), -limit, limit)
        bounds.see("x", max(values), -limit, limit)
    return values


def shown(value):
    """Return value as the answer prints it: "%.4f", and 0.0000 for -0.0000."""
    text = "%.4f" % value
    return "0.0000" if text == "-0.0000" else text


def _exact(theta, lr, column):
    """Return the exact value of theta - lr * mean(column), rounded half to even, printed."""
    scaled = round((Fraction(theta) - Fraction(lr) * sum(map(Fraction, column)) / len(column)) * 10**4)
    return "%s%d.%04d" % ("-" if scaled < 0 else "", abs(scaled) // 10**4, abs(scaled) % 10**4)


def _sums(column):
    """Return [(how, s)]: the column's sum left to right, in reverse, and with math.fsum."""
    forward = backward = 0.0
    for g in column:  # not sum(): on Python 3.12 and later it is compensated
        forward += g
    for g in reversed(column):
        backward += g
    return [("left to right", forward), ("in reverse", backward), ("with math.fsum", math.fsum(column))]


def unfair(theta, lr, column):
    """Return "" if theta - lr * mean(column) prints the same whichever way a correct solution adds,
    else a sentence naming two ways and what each prints.

    Every way lies within a few units in the last place of the exact value. When no rounding
    boundary lies within a margin far wider than that, they all print the same, and only the
    rare value near a boundary is computed every way.

    >>> unfair(1.0, 0.1, [0.5, 1.5])
    ''
    >>> unfair(6742.185152074, 9.5, [469.041802776, 669.8188, 990.2513663])
    '-0.0027 left to right, -0.0028 in reverse'
    """
    k, forward = len(column), 0.0
    for g in column:
        forward += g
    value = theta - lr * (forward / k)
    margin = 1e-12 * (k + 3) * (abs(theta) + abs(lr) * sum(map(abs, column)) / k)
    if shown(value - margin) == shown(value + margin):
        return ""
    texts = [(shown(theta - lr * (s / k)), how) for how, s in _sums(column)]
    texts += [(shown(theta - (lr * s) / k), how + ", as (lr * s) / K") for how, s in _sums(column)]
    texts.append((_exact(theta, lr, column), "in exact arithmetic"))
    other = next((pair for pair in texts if pair[0] != texts[0][0]), None)
    return "" if other is None else "%s %s, %s %s" % (texts[0] + other)


def validate(data, bounds=None):
    """Raise Invalid if data is not one canonical test input; record its values in bounds, if given."""
    if not data.endswith(b"\n"):
        raise Invalid("the input must end with a newline")
    if b"\r" in data:
        raise Invalid("lines must end with \\n alone")
    lines = data[:-1].split(b"\n")
    header = lines[0].split(b" ")
    if len(header) != 2 or not COUNT.fullmatch(header[0]):
        raise Invalid("line 1 must be 'K lr' with K a positive integer")
    k = int(header[0])
    if k > MAX_K:
        raise Invalid("K = %d is more than %d" % (k, MAX_K))
    lr = numbers(header[1], "line 1", MAX_LR)[0]
    if lr < 0:
        raise Invalid("lr must not be negative")
    if len(lines) != k + 2:
        raise Invalid("expected %d lines (header, theta, K gradients), found %d" % (k + 2, len(lines)))
    theta = numbers(lines[1], "line 2", MAX_ABS, bounds)
    d = len(theta)
    if d > MAX_D:
        raise Invalid("d = %d is more than %d" % (d, MAX_D))
    grads = []
    for n, line in enumerate(lines[2:], 3):
        grads.append(numbers(line, "line %d" % n, MAX_ABS, bounds))
        if len(grads[-1]) != d:
            raise Invalid("line %d must hold d = %d numbers" % (n, d))
    for j, column in enumerate(zip(*grads)):
        why = unfair(theta[j], lr, column)
        if why:
            raise Invalid("value %d of the answer depends on how a correct solution adds: %s"
                          % (j + 1, why))
    if bounds is not None:
        bounds.see("K", k, 1, MAX_K)
        bounds.see("eta", lr, 0, MAX_LR)
        bounds.see("d", d, 1, MAX_D)


def main(argv):
    bounds = Bounds() if "--constraints_file" in argv else None
    try:
        validate(sys.stdin.buffer.read(), bounds)
    except Invalid as invalid:
        sys.stderr.write("invalid: %s\n" % invalid)
        sys.exit(43)
    if bounds is not None:
        with open(argv[argv.index("--constraints_file") + 1], "w") as out:
            out.write("".join(line + "\n" for line in bounds.lines()))
    sys.exit(42)


if __name__ == "__main__":
    main(sys.argv[1:])
