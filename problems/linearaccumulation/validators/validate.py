"""Input validator of Linear Accumulation: the canonical format, and the bounds the statement states.

Reads one test input on stdin; exits 42 if it is valid, 43 (with a reason on
stderr) if not. Standard library only, Python 3.7 syntax (`make lint`): problemtools runs
it with the judge's Python, PyPy by default.

Canonical format (see the statement):
- "K B d lr" on line 1, then the d weights, then K * B example lines of d + 1
  numbers each (the d features, then the target);
- single spaces between numbers, no leading or trailing space, every line
  ends with "\\n", no blank line, no byte-order mark;
- 1 <= K, B <= 5 * 10^5; 1 <= d <= 10^4; 2 <= K * B * (d + 1) <= 10^6 (the numbers of the example lines);
- every number is plain decimal: an optional "-", digits with no leading
  zero, and optionally "." and 1 to 6 digits; no exponent;
- 0 <= lr <= 1, and every weight, feature and target within [-100, 100];
- fair: for each value of the answer, the worst-case rounding error of any
  computation of it in double precision (the inputs read to the nearest
  double, every sum added in any order) is at most a hundredth of the
  tolerance, so that no correct double solution can be judged wrong (see unfair()).

With ``--constraints_file PATH`` (BAPCtools' `bt constraints` and `bt
validate` pass it) it also writes, for each bound, whether this input
reaches it: one line ``LOCATION NAME HAS_LOW HAS_HIGH MIN MAX LOW HIGH``,
the format of BAPCtools' validation.h, which bt merges over all inputs.
"""

import re
import sys
from itertools import chain, repeat
from operator import mul

MAX_D, MAX_SIZE, MAX_ABS, MAX_LR, PLACES = 10**4, 10**6, 100, 1, 6
TOLERANCE = 1e-6  # problem.yaml's tolerance: a value is right within this absolute or relative error
FAIRNESS = 100  # a correct double solution's worst-case error is at most TOLERANCE / FAIRNESS
UNIT = 2.0 ** -53  # float64's unit roundoff
_NUMBER = rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]{1,%d})?" % PLACES
NUMBER = re.compile(_NUMBER)
LINE = re.compile(_NUMBER + rb"(?: " + _NUMBER + rb")*")
COUNT = re.compile(rb"[1-9][0-9]*")


def constraints(math):
    """Return the statement's bounds as it shows them, in its order: as rendered text (math=False: what
    pdftotext reads out of a PDF, superscripts flattened, 10^4 as 104) or as the statement's TeX
    (math=True: what problem2html keeps for MathJax). `make package-check` (tools/render.py) looks for
    each in every rendered statement, between the Input and the Output sections."""
    d_exp, size_exp = len(str(MAX_D)) - 1, len(str(MAX_SIZE)) - 1
    half = "5 \\cdot 10^%d" % (size_exp - 1) if math else "5 \u00b7 10%d" % (size_exp - 1)
    assert MAX_SIZE // 2 == 5 * 10 ** (size_exp - 1)  # K and B: K * B * (d + 1) <= MAX_SIZE with d >= 1
    if math:
        return ["1 \\le K \\le %s" % half, "1 \\le B \\le %s" % half, "1 \\le d \\le 10^%d" % d_exp,
                "2 \\le K \\cdot B \\cdot (d + 1) \\le 10^%d" % size_exp,
                "0 \\le \\eta \\le %d" % MAX_LR, "-%d \\le v \\le %d" % (MAX_ABS, MAX_ABS)]
    return ["1 \u2264 K \u2264 %s" % half, "1 \u2264 B \u2264 %s" % half, "1 \u2264 d \u2264 10%d" % d_exp,
            "2 \u2264 K \u00b7 B \u00b7 (d + 1) \u2264 10%d" % size_exp,
            "0 \u2264 \u03b7 \u2264 %d" % MAX_LR, "\u2212%d \u2264 v \u2264 %d" % (MAX_ABS, MAX_ABS)]


class Invalid(Exception):
    """The input is not in the canonical format, or breaks a bound."""


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


def numbers(line, where, limit):
    """Return the floats of one line of single-spaced plain decimals, each within +-limit."""
    if not LINE.fullmatch(line):
        if not line:
            raise Invalid("%s is empty" % where)
        for token in line.split(b" "):
            if not NUMBER.fullmatch(token):
                raise Invalid("%s: %r is not a plain decimal number with at most %d decimals"
                              % (where, token[:40], PLACES))
    values = list(map(float, line.split(b" ")))
    if max(values) > limit or min(values) < -limit:
        bad = next(v for v in values if abs(v) > limit)
        raise Invalid("%s: %r is outside [-%g, %g]" % (where, bad, limit, limit))
    return values


def count(token, name):
    """Return the positive integer a token spells (K, B or d), or raise Invalid."""
    if not COUNT.fullmatch(token):
        raise Invalid("line 1: %s must be a positive integer with no leading zero, not %r"
                      % (name, token[:40]))
    if len(token) > len(str(MAX_SIZE)):
        raise Invalid("line 1: %s = %s is more than %d" % (name, token[:40].decode(), MAX_SIZE))
    return int(token)


def worst_errors(k, b, lr, w, flat):
    """Return [(value, bound)] for each value of the answer: its value computed in double precision, and
    the worst-case error bound of any such computation.

    flat holds the K * B example lines one after the other, d + 1 numbers each. A value is
    w_j - lr * (2 / (K * B)) * sum over the examples of x_j * (x . w - y), in whatever order and
    grouping a correct solution chooses (per micro-batch or not, the Gram matrix or not): every term of
    it is bounded by the same sum of absolute values, M_j = |w_j| + lr * (2 / (K * B)) * sum over the
    examples of |x_j| * (|x| . |w| + |y|); and any computation of it in double precision, with sums of
    at most m = d + K * B + 20 roundings on any path (each input's reading, the d products and sums of
    a prediction, the K * B terms of a gradient, the divisions and the update), lies within
    gamma_m * M_j of it, gamma_m = m u / (1 - m u) (Higham, Accuracy and Stability of Numerical
    Algorithms, 3.1 and 3.5).
    """
    n, d = k * b, len(w)
    stride = d + 1
    weights = list(w) + [-1.0]
    products = list(map(mul, flat, chain.from_iterable(repeat(weights, n))))
    residuals = [sum(products[i:i + stride]) for i in range(0, n * stride, stride)]
    absolute = list(map(abs, products))
    sizes = [sum(absolute[i:i + stride]) for i in range(0, n * stride, stride)]
    terms = list(map(mul, flat, chain.from_iterable(map(repeat, residuals, repeat(stride)))))
    bounds = list(map(mul, map(abs, flat), chain.from_iterable(map(repeat, sizes, repeat(stride)))))
    m = d + n + 20
    gamma = m * UNIT / (1 - m * UNIT)
    scale = lr * 2.0 / n
    return [(w[j] - scale * sum(terms[j::stride]), gamma * (abs(w[j]) + scale * sum(bounds[j::stride])))
            for j in range(d)]


def unfair(k, b, lr, w, flat):
    """Return "" if no correct double solution can be judged wrong on this input: for every value of
    the answer, the worst-case error of any double computation (worst_errors()) is at most
    TOLERANCE / FAIRNESS times the larger of 1 and the value's size. Else a sentence naming the first
    value where it is not.

    >>> unfair(2, 1, 0.5, [1.0], [1.0, 0.0, 1.0, 2.0])
    ''
    >>> unfair(1, 1, 1.0, [100.0, 99.995], [100.0, -100.0, 0.0])[:60]
    'value 1 of the answer is about 0 and a correct double soluti'
    """
    for j, (value, bound) in enumerate(worst_errors(k, b, lr, w, flat), 1):
        if bound * FAIRNESS > TOLERANCE * max(1.0, abs(value) - bound):
            return ("value %d of the answer is about %.6g and a correct double solution may be off by up to"
                    " %.3g, more than 1/%d of the tolerance %g" % (j, value, bound, FAIRNESS, TOLERANCE))
    return ""


def validate(data, bounds=None):
    """Raise Invalid if data is not one canonical test input; record its values in bounds, if given."""
    if not data.endswith(b"\n"):
        raise Invalid("the input must end with a newline")
    if b"\r" in data:
        raise Invalid("lines must end with \\n alone")
    lines = data[:-1].split(b"\n")
    header = lines[0].split(b" ")
    if len(header) != 4:
        raise Invalid("line 1 must be 'K B d lr', four tokens separated by single spaces")
    k, b, d = count(header[0], "K"), count(header[1], "B"), count(header[2], "d")
    if d > MAX_D:
        raise Invalid("line 1: d = %d is more than %d" % (d, MAX_D))
    if k * b * (d + 1) > MAX_SIZE:
        raise Invalid("line 1: K * B * (d + 1) = %d is more than %d" % (k * b * (d + 1), MAX_SIZE))
    lr = numbers(header[3], "line 1", MAX_LR)[0]
    if lr < 0:
        raise Invalid("line 1: lr must not be negative")
    if len(lines) != k * b + 2:
        raise Invalid("expected %d lines (the header, the weights, K * B = %d examples), found %d"
                      % (k * b + 2, k * b, len(lines)))
    w = numbers(lines[1], "line 2", MAX_ABS)
    if len(w) != d:
        raise Invalid("line 2 must hold the d = %d weights, not %d numbers" % (d, len(w)))
    flat = []
    for n, line in enumerate(lines[2:], 3):
        row = numbers(line, "line %d" % n, MAX_ABS)
        if len(row) != d + 1:
            raise Invalid("line %d must hold d + 1 = %d numbers (the features, then the target), not %d"
                          % (n, d + 1, len(row)))
        flat += row
    why = unfair(k, b, lr, w, flat)
    if why:
        raise Invalid("unfair: " + why)
    if bounds is not None:
        bounds.see("K", k, 1, MAX_SIZE // 2)
        bounds.see("B", b, 1, MAX_SIZE // 2)
        bounds.see("d", d, 1, MAX_D)
        bounds.see("size", k * b * (d + 1), 2, MAX_SIZE)
        bounds.see("eta", lr, 0, MAX_LR)
        bounds.see("v", min(min(w), min(flat)), -MAX_ABS, MAX_ABS)
        bounds.see("v", max(max(w), max(flat)), -MAX_ABS, MAX_ABS)


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
