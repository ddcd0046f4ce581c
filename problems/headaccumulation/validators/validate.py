"""Input validator of Head Accumulation: the canonical format, and the bounds the statement states.

Reads one test input on stdin; exits 42 if it is valid, 43 (with a reason on
stderr) if not. Standard library only, Python 3.7 syntax (`make lint`): problemtools runs
it with the judge's Python, PyPy by default.

Canonical format (see the statement):
- "M d V lr" on line 1, then d lines of V numbers each (the weights W), then
  the M micro-batches, each a line holding its number of tokens n, then n
  token lines "t h_1 ... h_d": the target id, then the hidden state;
- single spaces between numbers, no leading or trailing space, every line
  ends with "\\n", no blank line, no byte-order mark;
- 1 <= M, n <= 5 * 10^4, and T <= 5 * 10^4 tokens in all (n_1 + ... + n_M,
  padding included); 1 <= d <= 100; 1 <= V <= 1000; T * d * V <= 10^6;
- every count (M, d, V, n) is a positive integer with no leading zero; a
  target id is -100 (padding) or an integer from 0 to V - 1, no leading zero;
- every micro-batch holds at least one token that is not padding;
- every other number is plain decimal: an optional "-", digits with no
  leading zero, and optionally "." and 1 to 6 digits; no exponent;
- 0 <= lr <= 1, and every weight and hidden-state number within [-100, 100];
- fair: for each value of the answer, the worst-case rounding error of any
  correct computation of it in double precision (the softmax with the
  largest logit subtracted, every sum added in any order) is at most a
  hundredth of the tolerance, so that no correct double solution can be
  judged wrong (see unfair()).

With ``--constraints_file PATH`` (BAPCtools' `bt constraints` and `bt
validate` pass it) it also writes, for each bound, whether this input
reaches it: one line ``LOCATION NAME HAS_LOW HAS_HIGH MIN MAX LOW HIGH``,
the format of BAPCtools' validation.h, which bt merges over all inputs.
"""

import math
import re
import sys
from itertools import repeat
from operator import add, mul, sub

MAX_T, MAX_D, MAX_V, MAX_SIZE, MAX_ABS, MAX_LR, PLACES = 5 * 10**4, 100, 1000, 10**6, 100, 1, 6
PADDING = -100  # the target id of a padding token: not counted
TOLERANCE = 1e-6  # problem.yaml's tolerance: a value is right within this absolute or relative error
FAIRNESS = 100  # a correct double solution's worst-case error is at most TOLERANCE / FAIRNESS
UNIT = 2.0 ** -53  # float64's unit roundoff
_NUMBER = rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]{1,%d})?" % PLACES
NUMBER = re.compile(_NUMBER)
LINE = re.compile(_NUMBER + rb"(?: " + _NUMBER + rb")*")
COUNT = re.compile(rb"[1-9][0-9]*")
TARGET = re.compile(rb"-100|0|[1-9][0-9]*")


def constraints(math):
    """Return the statement's bounds as it shows them, in its order: as rendered text (math=False: what
    pdftotext reads out of a PDF, superscripts flattened, 10^4 as 104) or as the statement's TeX
    (math=True: what problem2html keeps for MathJax). `make package-check` (tools/render.py) looks for
    each in every rendered statement, between the Input and the Output sections."""
    t_exp, size_exp = len(str(MAX_T)) - 1, len(str(MAX_SIZE)) - 1
    assert MAX_T == 5 * 10**t_exp and MAX_SIZE == 10**size_exp
    if math:
        tokens = "5 \\cdot 10^%d" % t_exp
        return ["1 \\le M \\le %s" % tokens, "1 \\le n \\le %s" % tokens, "1 \\le T \\le %s" % tokens,
                "1 \\le d \\le %d" % MAX_D, "1 \\le V \\le %d" % MAX_V,
                "1 \\le T \\cdot d \\cdot V \\le 10^%d" % size_exp,
                "0 \\le \\eta \\le %d" % MAX_LR, "-%d \\le v \\le %d" % (MAX_ABS, MAX_ABS)]
    tokens = "5 \u00b7 10%d" % t_exp
    return ["1 \u2264 M \u2264 %s" % tokens, "1 \u2264 n \u2264 %s" % tokens, "1 \u2264 T \u2264 %s" % tokens,
            "1 \u2264 d \u2264 %d" % MAX_D, "1 \u2264 V \u2264 %d" % MAX_V,
            "1 \u2264 T \u00b7 d \u00b7 V \u2264 10%d" % size_exp,
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


def count(token, name, where, limit):
    """Return the positive integer a token spells (M, d, V or n), at most limit, or raise Invalid."""
    if not COUNT.fullmatch(token):
        raise Invalid("%s: %s must be a positive integer with no leading zero, not %r"
                      % (where, name, token[:40]))
    if len(token) > len(str(limit)) or int(token) > limit:
        raise Invalid("%s: %s = %s is more than %d" % (where, name, token[:40].decode(), limit))
    return int(token)


def gamma(m):
    """Return gamma_m = m u / (1 - m u): the relative error bound of m roundings in a row (Higham, 3.1)."""
    return m * UNIT / (1 - m * UNIT)


def worst_errors(d, v, lr, w, batches):
    """Return [(value, bound)] for each value of the answer, row by row: its value computed in double
    precision, and the worst-case error bound of any correct double computation of it.

    batches holds each micro-batch's counted tokens as (t, h) pairs. A value is
    W[m][j] - lr / N * sum over the N counted tokens of h_m (p_j - [j = t]), p the softmax of z = h W.
    Any computation reads each number to the nearest double; computes each logit z_j, a sum of d
    products, within gamma_{d+2} Z of it, where Z >= sum_m |h_m| |W[m][j]| for every j; subtracts the
    largest logit, so that each shifted logit is within eps = 2 gamma_{d+3} Z of the exact difference;
    and takes the softmax of those, which moves each p_j by a factor within exp(+-2 eps), then the
    exponentials (libm: within 2 u each), their sum and the division, gamma_{V+10} more: p_j is within
    r = expm1(2 eps) (1 + gamma_{V+10}) + gamma_{V+10} of p_j, relatively. Then p_j - [j = t] is within
    r p_j + gamma_1 of its value, and the sum of the N terms h_m (p_j - [j = t]), with the divisions by
    the counts and the update (any grouping: per micro-batch or not), adds gamma_{N+M+20} of the sum of
    their sizes; every term is bounded by the same A = sum of |h_m| (p_j + [j = t]). So the value is
    within (r + gamma_{N+M+20}) (|W[m][j]| + lr A / N) of the exact one (Higham, Accuracy and Stability
    of Numerical Algorithms, 3.1 and 3.5), with Z the largest over the tokens of sum_m |h_m| max_j
    |W[m][j]|.
    """
    largest = [max(map(abs, row)) for row in w]
    by_rows = d <= v  # each sum over the tokens kept as d rows of V (a row of W at a time), or as V columns
    columns = [list(column) for column in zip(*w)]
    g = [[0.0] * (v if by_rows else d) for _ in range(d if by_rows else v)]  # sum of h_m (p_j - [j = t])
    a = [[0.0] * (v if by_rows else d) for _ in range(d if by_rows else v)]  # sum of |h_m| (p_j + [j = t])
    n, zmax = 0, 0.0
    for batch in batches:
        for t, h in batch:
            n += 1
            size = list(map(abs, h))
            if by_rows:
                z = [0.0] * v
                for m in range(d):
                    z = list(map(add, z, map(mul, w[m], repeat(h[m]))))
            else:
                z = [sum(map(mul, h, column)) for column in columns]
            top = max(z)
            e = [math.exp(x - top) for x in z]
            total = sum(e)
            p = [x / total for x in e]
            zmax = max(zmax, sum(map(mul, size, largest)))
            if by_rows:
                for m in range(d):
                    g[m] = list(map(add, g[m], map(mul, p, repeat(h[m]))))
                    g[m][t] -= h[m]
                    a[m] = list(map(add, a[m], map(mul, p, repeat(size[m]))))
                    a[m][t] += size[m]
            else:
                for j in range(v):
                    g[j] = list(map(add, g[j], map(mul, h, repeat(p[j]))))
                    a[j] = list(map(add, a[j], map(mul, size, repeat(p[j]))))
                g[t] = list(map(sub, g[t], h))
                a[t] = list(map(add, a[t], size))
    if not by_rows:
        g, a = [list(row) for row in zip(*g)], [list(row) for row in zip(*a)]
    eps = 2 * gamma(d + 3) * zmax
    r = math.expm1(2 * eps) * (1 + gamma(v + 10)) + gamma(v + 10)
    factor = r + gamma(n + len(batches) + 20)
    scale = lr / n
    return [(w[m][j] - scale * g[m][j], factor * (abs(w[m][j]) + scale * a[m][j]))
            for m in range(d) for j in range(v)]


def unfair(d, v, lr, w, batches):
    """Return "" if no correct double solution can be judged wrong on this input: for every value of
    the answer, the worst-case error of any double computation (worst_errors()) is at most
    TOLERANCE / FAIRNESS times the larger of 1 and the value's size. Else a sentence naming the first
    value where it is not.

    >>> unfair(1, 2, 0.5, [[0.0, 0.0]], [[(0, [1.0])]])
    ''
    >>> unfair(3, 2, 1.0, [[100.0, -100.0]] * 3, [[(1, [100.0] * 3)]])[:60]
    'value (1, 1) of the answer is about 0 and a correct double s'

    There the logits are 3 * 10^4 and -3 * 10^4: each may be off by about 2 * 10^-11, and the answer, 0,
    is W minus a step of the same size, 100.
    """
    for i, (value, bound) in enumerate(worst_errors(d, v, lr, w, batches)):
        if bound * FAIRNESS > TOLERANCE * max(1.0, abs(value) - bound):
            return ("value (%d, %d) of the answer is about %.3g and a correct double solution may be off by"
                    " up to %.3g, more than 1/%d of the tolerance %g"
                    % (i // v + 1, i % v + 1, value, bound, FAIRNESS, TOLERANCE))
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
        raise Invalid("line 1 must be 'M d V lr', four tokens separated by single spaces")
    k = count(header[0], "M", "line 1", MAX_T)
    d = count(header[1], "d", "line 1", MAX_D)
    v = count(header[2], "V", "line 1", MAX_V)
    lr = numbers(header[3], "line 1", MAX_LR)[0]
    if lr < 0:
        raise Invalid("line 1: lr must not be negative")
    if len(lines) < 1 + d:
        raise Invalid("the input ends before W's d = %d rows do" % d)
    w = []
    for at in range(1, d + 1):
        row = numbers(lines[at], "line %d" % (at + 1), MAX_ABS)
        if len(row) != v:
            raise Invalid("line %d must hold a row of W, V = %d numbers, not %d" % (at + 1, v, len(row)))
        w.append(row)
    at, tokens, batches, sizes = d + 1, 0, [], []
    smallest, largest = min(map(min, w)), max(map(max, w))  # of every weight and hidden-state number
    for _ in range(k):
        if at >= len(lines):
            raise Invalid("the input ends before its M = %d micro-batches do" % k)
        size = count(lines[at], "n", "line %d" % (at + 1), MAX_T)
        tokens += size
        if tokens > MAX_T:
            raise Invalid("line %d: more than %d tokens in all" % (at + 1, MAX_T))
        if tokens * d * v > MAX_SIZE:
            raise Invalid("line %d: T * d * V is more than %d" % (at + 1, MAX_SIZE))
        if at + size >= len(lines):
            raise Invalid("line %d: the input ends before the micro-batch's n = %d tokens do"
                          % (at + 1, size))
        batch, first = [], at + 1
        for at in range(first, first + size):
            target, _, rest = lines[at].partition(b" ")
            if not TARGET.fullmatch(target) or (target != b"-100" and len(target) > len(str(MAX_V))):
                raise Invalid("line %d: the target id must be -100 or an integer from 0 to V - 1 with no"
                              " leading zero, not %r" % (at + 1, target[:40]))
            t = int(target)
            if t >= v:
                raise Invalid("line %d: the target id %d is not below V = %d" % (at + 1, t, v))
            h = numbers(rest, "line %d" % (at + 1), MAX_ABS)
            if len(h) != d:
                raise Invalid("line %d must hold the target id and the d = %d numbers of the hidden state,"
                              " not %d numbers" % (at + 1, d, len(h)))
            smallest, largest = min(smallest, min(h)), max(largest, max(h))
            if t != PADDING:
                batch.append((t, h))
        if not batch:
            raise Invalid("line %d: micro-batch %d holds only padding" % (at + 1, len(batches) + 1))
        batches.append(batch)
        sizes.append(size)
        at += 1
    if at != len(lines):
        raise Invalid("line %d: the input goes on after its M = %d micro-batches" % (at + 1, k))
    why = unfair(d, v, lr, w, batches)
    if why:
        raise Invalid("unfair: " + why)
    if bounds is not None:
        bounds.see("M", k, 1, MAX_T)
        for size in sizes:
            bounds.see("n", size, 1, MAX_T)
        bounds.see("T", tokens, 1, MAX_T)
        bounds.see("d", d, 1, MAX_D)
        bounds.see("V", v, 1, MAX_V)
        bounds.see("size", tokens * d * v, 1, MAX_SIZE)
        bounds.see("eta", lr, 0, MAX_LR)
        bounds.see("v", smallest, -MAX_ABS, MAX_ABS)
        bounds.see("v", largest, -MAX_ABS, MAX_ABS)


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
