"""A deliberately naive reference for the solver's contract: pure Python floats, no numpy.

It reads the whole input at once and checks every token with one regular
expression, the slow and obvious way. The tests use it as the oracle twice
over: for the answer (byte for byte) and for validity (the same inputs are
rejected, on the same line).

    python3 problems/gradientaccumulation/reference.py < samples/seed-example-lines.in
"""

import math
import re
import sys

LINE_BREAK = re.compile(rb"\r\n|\r|\n")
TOKEN = re.compile(rb"[^ \t\n\r\x0b\x0c]+")
NUMBER = re.compile(rb"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
COUNT = re.compile(rb"[0-9]+")


class Rejected(Exception):
    """The input breaks the contract; ``line`` is the 1-based line blamed, or None."""

    def __init__(self, why, line=None):
        super().__init__(why)
        self.line = line


MAX_TOKEN = 1000  # bytes; a longer token is refused


def number(token, line):
    """Return the float a token spells, or raise Rejected."""
    if len(token) > MAX_TOKEN:
        raise Rejected("token too long", line)
    if not NUMBER.fullmatch(token):
        raise Rejected("bad number", line)
    value = float(token)
    if not math.isfinite(value):
        raise Rejected("number too large", line)
    return value


def count(token, line):
    """Return K from its token, or raise Rejected."""
    if len(token) > MAX_TOKEN:
        raise Rejected("token too long", line)
    if not COUNT.fullmatch(token):
        raise Rejected("K is not a whole number", line)
    if len(token.lstrip(b"0")) > 18:
        raise Rejected("K has too many digits", line)
    k = int(token.lstrip(b"0") or b"0")
    if k < 1:
        raise Rejected("K is zero", line)
    return k


def problem(data):
    """Return (k, lr, theta, grads) as Python floats, or raise Rejected."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = LINE_BREAK.split(data)
    if lines and lines[-1] == b"":
        lines.pop()  # the text after the last line break is not a line
    rows = [(n, TOKEN.findall(text)) for n, text in enumerate(lines, 1)]
    rows = [(n, tokens) for n, tokens in rows if tokens]
    if not rows:
        raise Rejected("empty input")

    if len(rows) >= 3:  # line layout
        (n, header), (theta_line, theta_tokens) = rows[0], rows[1]
        k = count(header[0], n)
        if len(header) != 2:
            raise Rejected("header is not 'K lr'", n)
        lr = number(header[1], n)
        theta = [number(t, theta_line) for t in theta_tokens]
        grads = []
        for n, tokens in rows[2:]:
            if len(grads) == k:
                raise Rejected("extra line", n)
            grad = [number(t, n) for t in tokens]
            if len(grad) != len(theta):
                raise Rejected("ragged line", n)
            grads.append(grad)
        if len(grads) < k:
            raise Rejected("too few lines")
        return k, lr, theta, grads

    stream = [(n, t) for n, tokens in rows for t in tokens]  # token layout
    k = count(stream[0][1], stream[0][0])
    values = [number(t, n) for n, t in stream[1:]]
    if not values:
        raise Rejected("no lr")
    lr, numbers = values[0], values[1:]
    if not numbers or len(numbers) % (k + 1):
        raise Rejected("count is not a multiple of K+1")
    d = len(numbers) // (k + 1)
    theta = numbers[:d]
    grads = [numbers[d * (i + 1):d * (i + 2)] for i in range(k)]
    return k, lr, theta, grads


def answer(data):
    """Return the answer line for the input bytes, or raise Rejected."""
    k, lr, theta, grads = problem(data)
    result = []
    for j in range(len(theta)):
        total = grads[0][j]
        for grad in grads[1:]:
            total = total + grad[j]
        if not math.isfinite(total):
            raise Rejected("gradient sum overflows")
        value = theta[j] - lr * (total / k)
        if not math.isfinite(value):
            raise Rejected("result overflows")
        result.append(format(value, "z.4f"))
    return " ".join(result) + "\n"


def outcome(data):
    """Return ("ok", answer) or ("error", line or None): what a correct solver must do.

    >>> outcome(b"2 0.1 1.0 2.0 0.5 1.0 1.5 3.0")
    ('ok', '0.9000 1.8000\\n')
    >>> outcome(b"1 0.1\\n1 2\\n3\\n")
    ('error', 3)
    """
    try:
        return "ok", answer(data)
    except Rejected as rejected:
        return "error", rejected.line


if __name__ == "__main__":
    try:
        sys.stdout.write(answer(sys.stdin.buffer.read()))
    except Rejected as rejected:
        where = "" if rejected.line is None else f"line {rejected.line}: "
        sys.exit(f"reference: {where}{rejected}")
