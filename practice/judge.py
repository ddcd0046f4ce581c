"""Judge the outputs of one practice check, case after case, and name the classic mistake they show:
the same code in the terminal (`make check`, practice/check.py) and in the browser page (`make
practice`, in a Pyodide of its own that runs no learner's code).

Standard library only, and no other file of the project: the page loads this one file alone.

    fits = mistake_prints(input_bytes)       # each mistake's output on the case, fingerprinted
    check = Check()                          # one per check: it remembers what every output fits
    verdict = check.judge(answer_bytes, output_bytes, fits)
    verdict.name, verdict.detail             # "AC" or "WA"; for WA, the first differing value

The output is split into tokens on ASCII whitespace and compared byte for byte, as the default
validators of Kattis and DOMjudge and the package's DMOJ checker do. A mistake is named only when
the learner's output equals that mistake's output, and no other mistake's, on every case judged so
far; otherwise the detail shows expected against found, and no name.
"""

import hashlib
import re
from array import array
from decimal import ROUND_HALF_EVEN, Context, Decimal

# What each mistake does wrong, in one sentence. The package's wrong answers
# (packages/wrong_answers.py) carry the same names, and each must be named on its own data.
MISTAKES = {
    "sum_not_mean": "the sum, not the mean: the K gradients were added and never divided by K (or theta"
                    " was updated inside the loop at the full rate, the same here), so the step is K times"
                    " too large",
    "divide_twice": "divided by K twice: each gradient by K, then their total by K again,"
                    " so the step is K times too small",
    "wrong_axis": "the wrong axis: one mean over every number (np.mean with no axis), not a mean"
                  " over the K micro-batches for each parameter",
    "first_gradient_only": "only the first gradient: the step uses g_1 alone, as if K were 1",
    "last_gradient_only": "only the last gradient: the total was overwritten (total = g) where it"
                          " should grow (total += g)",
    "plus_not_minus": "a step uphill: theta + lr * mean, where gradient descent subtracts",
    "numpy_style_rounding": "np.round's rounding: scaling by 10^4 before rounding to even moves"
                            " values just above a tie onto it (0.82825 printed 0.8282, not 0.8283)",
    "half_up_rounding": "ties rounded half up: an exact tie at the fifth decimal goes to the even"
                        " digit, as \"%.4f\" does (0.03125 is 0.0312)",
    "truncation": "truncated, not rounded: int(x * 10^4) / 10^4 drops the fifth decimal (0.00019"
                  " must print 0.0002)",
    "float32": "float32 arithmetic: the answer is computed in double precision (float64), and"
               " float32's 7 digits change the fourth decimal",
    "decimal_text": "decimal arithmetic on the input's text: the statement computes with the doubles"
                    " nearest the input's numbers (0.82825 is stored just above it, so it rounds up)",
    "negative_zero": "-0.0000: a tiny negative result rounds to zero and must print 0.0000",
    "divide_k_minus_1": "divided by K - 1, not K: the mean of K gradients divides their sum by K",
    "skipped_first": "the first gradient skipped: the loop started at the second (range(1, K)) and averaged"
                     " the K - 1 others, so g_1 never counts",
    "floor_division": "// where / belongs: the sum floor-divided by K (s // K) drops the mean's fraction",
    "update_in_loop": "theta updated inside the loop at lr / K: one step in exact arithmetic, but it rounds K"
                      " times; the statement adds the gradients first, then takes one step",
    "not_four_decimals": "not 4 decimals: every value prints with exactly 4 digits after the point,"
                         " as \"%.4f\" gives (0.9 is 0.9000)",
    "printed_list": "a printed list: print the values separated by spaces (print(*values) or"
                    " \" \".join(...)), not a Python list",
    "plus_sign": "a + sign: positive values print without one (0.9000, not +0.9000)",
    "exponent": "exponent notation: every value prints in plain decimals with exactly 4 digits after the"
                " point, as \"%.4f\" gives (0.9000, not 9.0000e-01)",
}
# The mistakes that show in a value's text alone, whatever the numbers: told by format_mistake().
FORMAT_MISTAKES = ("printed_list", "plus_sign", "exponent", "not_four_decimals")
FOUR_DECIMALS = re.compile(rb"-?[0-9]+\.[0-9]{4}")


class Verdict:
    """A case's verdict: name (AC, WA, TLE, RTE, MLE), detail (a line or ""), mistakes (keys of MISTAKES)."""

    def __init__(self, name, detail="", mistakes=()):
        self.name, self.detail, self.mistakes = name, detail, list(mistakes)

    def __repr__(self):
        return "Verdict(%r, %r, %r)" % (self.name, self.detail, self.mistakes)


def printable(data, limit=200):
    """Return text or bytes as one line of at most limit characters, every non-printable one escaped.

    >>> printable(b"ok \\x1b[2Kdone\\n\\xff")
    'ok \\\\x1b[2Kdone\\\\n\\\\xff'
    """
    if isinstance(data, bytes):
        data = data.decode("utf-8", "backslashreplace")
    shown = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in data[:limit])
    return shown + ("..." if len(data) > limit else "")


def marked(want, got, limit=12):
    """Return (expected, found, marks): the first values of two outputs (bytes), lined up, and ^
    under each that differs.

    >>> marked(b"0.9000 1.8000", b"0.9000 1.7")
    ('0.9000 1.8000', '0.9000 1.7', '       ^^^^^^')
    """
    want, got = [w.decode() for w in want.split()[:limit]], [printable(g) for g in got.split()[:limit]]
    width = [max(len(w), len(g)) for w, g in zip(want, got, strict=False)]
    line = lambda values: " ".join(v.ljust(n) for v, n in zip(values, width, strict=False)).rstrip()  # noqa: E731
    marks = " ".join(("^" if w != g else " ") * n for w, g, n in zip(want, got, width, strict=False))
    return line(want), line(got), marks.rstrip()


def wrong_sample(given, want, got):
    """Return the lines that show a wrong sample, as make check and the page print them: its input on
    one line, then, when both outputs have as many values, expected against found, marked."""
    lines = ["input:    " + printable(given, 120)]
    if len(want.split()) == len(got.split()):
        lines += ["%-9s %s" % (label, text)
                  for label, text in zip(("expected:", "found:", ""), marked(want, got), strict=True)]
    return lines


def fingerprint(tokens):
    """Return a short digest of a list of byte tokens: equal lists, equal digests."""
    return hashlib.sha256(b" ".join(tokens)).hexdigest()[:32]


def read_problem(data):
    """Return (k, lr, theta, grads, texts) of an input in the package's format; texts: its tokens."""
    texts = data.split()
    k, lr = int(texts[0]), float(texts[1])
    values = [float(token) for token in texts[2:]]
    d = len(values) // (k + 1)
    if k < 1 or d < 1 or len(values) != d * (k + 1):
        raise ValueError("not the package's format")
    return k, lr, values[:d], [values[d * (i + 1):d * (i + 2)] for i in range(k)], texts


def _shown(value):
    text = "%.4f" % value
    return "0.0000" if text == "-0.0000" else text


def _half_up(value):
    five = "%.5f" % value
    if five[-1] == "5" and Decimal(value) == Decimal(five):  # exactly halfway: away from zero
        return _shown(float(Decimal(five[:-1]) + Decimal("-0.0001" if value < 0 else "0.0001")))
    return _shown(value)


def _float32(values):
    return array("f", values).tolist()  # each rounded to the nearest float32


def _in_float32(k, lr, theta, grads):
    total = _float32(grads[0])
    for g in grads[1:]:
        total = _float32([t + x for t, x in zip(total, _float32(g), strict=True)])
    step = _float32([x * _float32([lr])[0] for x in _float32([t / k for t in total])])
    return _float32([t - s for t, s in zip(_float32(theta), step, strict=True)])


def _in_decimal(k, lr, texts):
    context = Context(prec=28, rounding=ROUND_HALF_EVEN)  # Decimal's default, not the global one
    numbers = [context.create_decimal(token.decode()) for token in texts[2:]]
    d = len(numbers) // (k + 1)
    rate, out = context.create_decimal(texts[1].decode()), []
    for j in range(d):
        total = numbers[d + j]
        for i in range(2, k + 1):
            total = context.add(total, numbers[d * i + j])
        value = context.subtract(numbers[j], context.multiply(rate, context.divide(total, k)))
        text = format(context.quantize(value, Decimal("0.0001")), "f")
        out.append("0.0000" if text == "-0.0000" else text)
    return out


def _in_loop(rate, theta, grads):
    theta = list(theta)
    for g in grads:
        theta = [t - rate * x for t, x in zip(theta, g, strict=True)]
    return theta


def mistake_outputs(data):
    """Return {mistake: its output's tokens} on an input, for every mistake that computes one."""
    k, lr, theta, grads, texts = read_problem(data)
    d = len(theta)
    sums = list(grads[0])
    for g in grads[1:]:  # left to right: Python 3.12's sum() is compensated, and the page runs 3.14
        sums = [s + x for s, x in zip(sums, g, strict=True)]
    right = [theta[j] - lr * (sums[j] / k) for j in range(d)]
    overall = 0.0
    for g in grads:  # sum(sum(g) for g in grads), as Python before 3.12 adds it
        row = 0.0
        for x in g:
            row += x
        overall += row
    overall /= k * d
    out = {
        "sum_not_mean": [_shown(theta[j] - lr * sums[j]) for j in range(d)],
        "divide_twice": [_shown(theta[j] - lr * sum(g[j] / k for g in grads) / k) for j in range(d)],
        "wrong_axis": [_shown(theta[j] - lr * overall) for j in range(d)],
        "first_gradient_only": [_shown(theta[j] - lr * grads[0][j]) for j in range(d)],
        "last_gradient_only": [_shown(theta[j] - lr * grads[-1][j]) for j in range(d)],
        "plus_not_minus": [_shown(theta[j] + lr * (sums[j] / k)) for j in range(d)],
        "numpy_style_rounding": [_shown(round(v * 10**4) / 10**4) for v in right],
        "half_up_rounding": [_half_up(v) for v in right],
        "truncation": [_shown(int(v * 10**4) / 10**4) for v in right],
        "negative_zero": ["%.4f" % v for v in right],
        "floor_division": [_shown(theta[j] - lr * (sums[j] // k)) for j in range(d)],
        "update_in_loop": [_shown(v) for v in _in_loop(lr / k, theta, grads)],
    }
    if k > 1:  # with K = 1 there is no K - 1 to divide by
        out["divide_k_minus_1"] = [_shown(theta[j] - lr * (sums[j] / (k - 1))) for j in range(d)]
        out["skipped_first"] = [_shown(theta[j] - lr * (sum(g[j] for g in grads[1:]) / (k - 1)))
                                for j in range(d)]
    try:
        out["float32"] = [_shown(v) for v in _in_float32(k, lr, theta, grads)]
    except OverflowError:  # beyond float32's range: that mistake prints inf, not a number
        pass
    out["decimal_text"] = _in_decimal(k, lr, texts)
    return {name: [text.encode() for text in values] for name, values in out.items()}


def mistake_prints(data):
    """Return {mistake: fingerprint of its output} on an input ({} if it is not the package's format)."""
    try:
        return {name: fingerprint(tokens) for name, tokens in mistake_outputs(data).items()}
    except (ValueError, IndexError, ZeroDivisionError, ArithmeticError):
        return {}


def format_mistake(want, got):
    """Return the format mistake (a key of FORMAT_MISTAKES) that every differing value of got shows, where
    each is want's value written another way, or None.

    >>> format_mistake([b"0.9000", b"1.8000"], [b"[0.9,", b"1.8]"]), format_mistake([b"0.9000"], [b"+0.9000"])
    ('printed_list', 'plus_sign')
    >>> format_mistake([b"0.9000"], [b"9.0000e-01"]), format_mistake([b"0.9000"], [b"0.9"])
    ('exponent', 'not_four_decimals')
    """
    kinds = set()
    for w, g in zip(want, got, strict=True):
        if w == g:
            continue
        bare = g.strip(b"[](),")
        try:
            close = abs(float(bare) - float(w)) <= 0.001
        except ValueError:
            return None
        if not close:
            return None
        if bare != g:
            kinds.add("printed_list")
        elif g.startswith(b"+"):
            kinds.add("plus_sign")
        elif b"e" in g.lower() or b"inf" in g.lower():
            kinds.add("exponent")
        elif not FOUR_DECIMALS.fullmatch(g):
            kinds.add("not_four_decimals")
        else:
            return None  # a value of the right form: a numbers mistake, not one of format
    return kinds.pop() if len(kinds) == 1 else None


def crash(stderr, limit=4):
    """Return (where, lines) of a program's crash: "line N: " of the last traceback entry in the program's
    own file (the first file the traceback names) or "", and its last lines, escaped.

    >>> crash(b'Traceback (most recent call last):\\n  File "/program/mine.py", line 3, in <module>\\n'
    ...       b'    print("a" + 1)\\nTypeError: can only concatenate str (not "int") to str\\n')[0]
    'line 3: '
    """
    if isinstance(stderr, bytes):
        stderr = stderr.decode("utf-8", "backslashreplace")
    frames = re.findall(r'^  File "([^"]*)", line ([0-9]+)', stderr, re.M)
    own = [line for path, line in frames if path == frames[0][0]] if frames else []
    lines = [printable(line.rstrip(), 160) for line in stderr.split("\n") if line.strip()]
    return ("line %s: " % own[-1] if own else ""), lines[-limit:]


class Check:
    """The judge of one check: judges its cases in turn, and keeps which mistakes fit every output."""

    def __init__(self):
        self.fits = set(MISTAKES)

    def judge(self, expected, output, prints):
        """Return the Verdict of an output against the expected answer (bytes), naming the mistake.

        prints is mistake_prints() of the case's input.
        """
        want, got = expected.split(), output.split()
        seen = fingerprint(got)
        fits = {name for name, value in prints.items() if value == seen}
        if want == got:
            self.fits &= fits
            return Verdict("AC")
        if len(got) != len(want):
            detail = "expected %d values, found %d" % (len(want), len(got))
        else:
            first = next(j for j in range(len(want)) if want[j] != got[j])
            detail = "value %d: expected %s, found %s" % (first + 1, want[first].decode(),
                                                           printable(got[first], 40))
        shown = format_mistake(want, got) if len(want) == len(got) else None
        if shown is None and got[:1] and got[0].startswith(b"[") and got[-1].endswith(b"]"):
            shown = "printed_list"  # a list printed with no spaces: its values do not even split apart
        if shown:
            fits.add(shown)
        self.fits &= fits
        if len(self.fits) != 1:
            return Verdict("WA", detail)
        name = next(iter(self.fits))
        return Verdict("WA", detail + "; " + MISTAKES[name], [name])

    def run(self, expected, prints, status, output, stderr, killed="", out_of_memory=False):
        """Return the Verdict of a finished run: MLE if it reached the memory limit, RTE on a failure,
        else judge(). A program's own words on stderr ("MemoryError") never make a verdict.

        killed: the name of the signal that ended the run, if one did (as SIGKILL).
        """
        line = last_line(stderr)
        if out_of_memory:
            return Verdict("MLE", "stopped at the memory limit" + (": " + line if line else ""))
        if status != 0 or killed:
            where = crash(stderr)[0]
            if killed:
                return Verdict("RTE", "killed by %s" % killed + (": " + where + line if line else ""))
            return Verdict("RTE", where + line if line else "exit status %s, nothing on stderr" % status)
        return self.judge(expected, output, prints)


def last_line(text):
    """Return the last non-blank line of a program's stderr (bytes or text), escaped and cut, or ""."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    return printable(lines[-1]) if lines else ""
