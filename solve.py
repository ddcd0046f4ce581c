"""Gradient accumulation: one SGD step from K micro-batch gradients.

The solver reads one problem and prints one line::

    python3 solve.py < problem.in        # or: python3 solve.py problem.in

Input (tokens separated by ASCII whitespace; lines end at \\n, \\r\\n or \\r;
blank lines and a leading UTF-8 byte-order mark are ignored)::

    K lr                 K: positive integer in ASCII digits; lr: a number
    theta_1 ... theta_d  the parameters
    g_1 ... (K lines)    one gradient per micro-batch, d numbers each

That is the *line layout* (3 or more non-blank lines). With 1 or 2 non-blank
lines the tokens form one stream, wherever the break falls (*token layout*):
``K lr`` then N numbers, N a positive multiple of K+1, d = N / (K+1).
A number is ``[+-]?(digits[.digits*]|.digits)([eE][+-]?digits)?`` and finite.

Output: ``theta - lr * (g_1 + ... + g_K) / K``, summed left to right in
float64, each value as ``format(v, "z.4f")`` (correctly rounded, never
``-0.0000``), joined by single spaces, ending in a newline.

    $ printf '2 0.1\\n1.0 2.0\\n0.5 1.0\\n1.5 3.0\\n' | python3 solve.py
    0.9000 1.8000

Bad input: exit status 1, nothing on stdout, one line on stderr naming the
line (``solve.py: line 3: ...``) where there is one. Usage errors exit with 2.

The same file is the reference library for the seed exercises: an MSE linear
regressor (`gradient_accumulation_step`) and an LM output head trained with
softmax cross-entropy (`compute_output_head_gradient`, `accumulate_gradients`,
`train_with_gradient_accumulation`).

Glossary
    K, accum_steps   number of micro-batches accumulated before one update
    lr               learning rate
    theta, weights   parameters, float64 (d,)
    grads            micro-batch gradients, one (d,) vector each
    grad_sum         g_1 + ... + g_K, added left to right
    d                length of theta
"""

import contextlib
import io
import itertools
import os
import re
import sys

import numpy as np

__all__ = [
    "InputError",
    "iter_lines",
    "parse_number",
    "parse_numbers",
    "read_problem",
    "accumulated_step",
    "iter_answer",
    "format_answer",
    "solve_lines",
    "solve_bytes",
    "gradient_accumulation_step",
    "compute_output_head_gradient",
    "accumulate_gradients",
    "train_with_gradient_accumulation",
    "main",
]

# ---------------------------------------------------------------- read ---

BOM = b"\xef\xbb\xbf"


class InputError(ValueError):
    """Input outside the contract; ``str()`` is the one-line message, ``line`` its line or None."""

    def __init__(self, message, line=None):
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line


def iter_lines(chunks):
    r"""Yield ``(number, text)`` for each line of a byte stream, numbered from 1.

    ``chunks`` is what iterating a binary file gives: pieces that end at ``\n``
    (the last may not). A lone ``\r`` also ends a line. ``text`` may keep its
    terminator, which is whitespace to every later stage.

    >>> list(iter_lines(io.BytesIO(b"\xef\xbb\xbf1 2\r\n\r3\n")))
    [(1, b'1 2\r\n'), (2, b''), (3, b'3')]
    """
    number = 0
    for chunk in chunks:
        if number == 0 and chunk.startswith(BOM):
            chunk = chunk[len(BOM):]
        cr = chunk.find(b"\r")
        if cr == -1 or (cr == len(chunk) - 2 and chunk.endswith(b"\n")):
            parts = (chunk,)  # no \r, or only a final \r\n: one line, no copy
        else:
            parts = chunk.splitlines()  # splits at \r, \r\n and \n only
        for part in parts:
            number += 1
            yield number, part
        chunk = parts = part = None  # hold no line while the next one is read


# --------------------------------------------------------------- parse ---

_WHITESPACE = b" \t\n\r\x0b\x0c"
_NUMBER_BYTES = b"0123456789+-.eE"
_NUMBER = re.compile(rb"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_FIRST_TOKEN = re.compile(rb"[ \t\n\r\x0b\x0c]*([^ \t\n\r\x0b\x0c]+)")
_MAX_K_DIGITS = 4000  # int() refuses digit strings past 4300; no input could hold such a K anyway


def _show(token):
    """Return a bytes token quoted for a one-line message: escaped, cut to 40 bytes."""
    return repr(token[:40])[1:] + ("..." if len(token) > 40 else "")


def parse_number(token, line):
    """Return the finite float a token spells, or raise InputError naming it.

    >>> parse_number(b"-.5e1", 1)
    -5.0
    >>> parse_number(b"nan", 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solve.InputError: line 3: bad number 'nan': write digits with an optional sign, point and exponent, ...
    """
    if not _NUMBER.fullmatch(token):
        raise InputError(
            f"bad number {_show(token)}: write digits with an optional sign, point"
            " and exponent, like -1.5e-3",
            line,
        )
    value = float(token)  # correctly rounded for every token the grammar allows
    if value in (float("inf"), float("-inf")):
        raise InputError(f"number {_show(token)} is too large for float64", line)
    return value


def parse_numbers(text, line):
    """Return the numbers on one line as float64 (n,), or raise InputError naming the first bad one.

    >>> parse_numbers(b" 1 -2.5e0\\t.5 \\n", 1)
    array([ 1. , -2.5,  0.5])
    """
    if text.isspace() or not text:
        return np.empty(0)  # np.fromstring would give [-1.] here
    # Fast path: np.fromstring is numpy's quickest reader, but it also accepts
    # nan/inf spellings and stops at a NUL, so the bytes are checked first.
    if not text.translate(None, _NUMBER_BYTES + _WHITESPACE):
        try:
            values = np.fromstring(text, sep=" ")
        except ValueError:
            values = None
        if values is not None and np.isfinite(values).all():
            return values
    # Slow path, only for a line that failed above: find the bad token.
    return np.array([parse_number(token, line) for token in text.split()])


def _parse_k(token, line):
    """Return K from its token: a positive whole number in ASCII digits."""
    if not token.isdigit():  # bytes.isdigit() is ASCII digits only
        raise InputError(f"K must be a positive whole number, found {_show(token)}", line)
    digits = token.lstrip(b"0")
    if not digits:
        raise InputError("K must be at least 1, found 0", line)
    if len(digits) > _MAX_K_DIGITS:
        raise InputError(f"K has more than {_MAX_K_DIGITS} digits", line)
    return int(digits)


def read_problem(lines):
    """Return ``(k, lr, theta, grad_sum)`` read from numbered lines, or raise InputError.

    ``lines`` yields ``(number, bytes)`` as from `iter_lines`. theta and
    grad_sum are float64 (d,); grad_sum adds g_1 .. g_K left to right. In the
    line layout one gradient line is held at a time, whatever K is.

    >>> k, lr, theta, grad_sum = read_problem(enumerate([b"2 0.1 1.0 2.0 0.5 1.0 1.5 3.0"], 1))
    >>> k, lr, theta.tolist(), grad_sum.tolist()
    (2, 0.1, [1.0, 2.0], [2.0, 4.0])
    """
    rows = ((n, text) for n, text in lines if text and not text.isspace())
    ahead = list(itertools.islice(rows, 3))  # the layout depends on whether a third line exists
    if not ahead:
        raise InputError("empty input: expected 'K lr', then theta and K gradient vectors")
    layout = _token_layout if len(ahead) < 3 else _line_layout
    return layout(_pop_then(ahead, rows))


def _pop_then(ahead, rest):
    """Yield the items of the list ahead, removing each so no line outlives its use, then those of rest."""
    while ahead:
        yield ahead.pop(0)
    yield from rest


def _line_layout(rows):
    """Return the problem from 'K lr', theta and one gradient per line, streaming the gradients.

    Each line's text is dropped as soon as it is parsed, so that one line of
    text and three d-sized arrays are alive at a time, whatever K is.
    """
    n, text = next(rows)
    tokens = text.split(None, 2)
    k = _parse_k(tokens[0], n)
    if len(tokens) != 2:
        found = "only K" if len(tokens) == 1 else "more than 2 values"
        raise InputError(f"the header must be exactly 'K lr', found {found}", n)
    lr = parse_number(tokens[1], n)

    theta_line, text = next(rows)
    theta = parse_numbers(text, theta_line)
    grad_sum, count, text = None, 0, None
    for n, text in rows:
        if count == k:
            raise InputError(f"extra line: K = {k} gradient lines were already read", n)
        grad = parse_numbers(text, n)
        text = None
        if len(grad) != len(theta):
            raise InputError(
                f"expected {len(theta)} numbers, as theta has on line {theta_line},"
                f" found {len(grad)}",
                n,
            )
        if grad_sum is None:
            grad_sum = grad
        else:
            grad_sum += grad
        grad = None
        count += 1
    if count < k:
        raise InputError(
            f"expected K = {k} gradient lines after theta, found {count}"
        )
    return k, lr, theta, grad_sum


def _token_layout(rows):
    """Return the problem from 1 or 2 lines read as one token stream: K, lr, theta, then grads.

    Each line's text is dropped as soon as it is parsed, and nothing copies it.
    """
    n, text = next(rows)
    first = _FIRST_TOKEN.match(text)
    k = _parse_k(first.group(1), n)
    if first.end() <= 300:  # parse the whole line, K included: a slice would copy the text
        values = parse_numbers(text, n)[1:]
    else:  # K has too many digits to pass as a float64
        values = parse_numbers(text[first.end():], n)
    text = None
    for n, text in rows:
        more, text = parse_numbers(text, n), None
        values = np.concatenate([values, more]) if len(values) else more
    if len(values) == 0:
        raise InputError("expected 'K lr', found only K")
    lr, numbers = float(values[0]), values[1:]
    if len(numbers) == 0 or len(numbers) % (k + 1):
        raise InputError(
            f"found {len(numbers)} numbers after 'K lr'; expected a positive multiple"
            f" of K+1 = {k + 1} (theta and K gradients of equal length)"
        )
    d = len(numbers) // (k + 1)
    return k, lr, numbers[:d], _sum_rows(numbers[d:].reshape(k, d))


def _sum_rows(grads):
    """Return the (K, d) rows summed left to right, float64 (d,).

    np.sum adds pairwise along a contiguous axis (for d = 1, 1e16, fourteen
    1s and -1e16 sum to 12 instead of 0); np.add.accumulate is sequential by
    definition. Columns go in blocks so the temporary stays about 8 MB.
    """
    k, d = grads.shape
    grad_sum = np.empty(d)
    step = max(1, (1 << 20) // k)
    for start in range(0, d, step):
        grad_sum[start:start + step] = np.add.accumulate(grads[:, start:start + step], axis=0)[-1]
    return grad_sum


# --------------------------------------------------------------- solve ---


def accumulated_step(theta, grad_sum, k, lr):
    """Return ``theta - lr * grad_sum / k`` as float64 (d,); raise InputError on overflow.

    The mean gradient is taken once, after all K micro-batches: dividing each
    g_i by K and then the sum by K again is the classic double division.

    >>> accumulated_step(np.array([1.0, 2.0]), np.array([2.0, 4.0]), 2, 0.1)
    array([0.9, 1.8])
    """
    if not np.isfinite(grad_sum).all():
        raise InputError("the sum of the gradients overflows float64")
    with np.errstate(over="ignore", invalid="ignore"):
        result = theta - lr * (grad_sum / k)
    if not np.isfinite(result).all():
        raise InputError("the result overflows float64")
    return result


# -------------------------------------------------------------- format ---
# Two exact ways to print "z.4f", chunk by chunk, neither calling Python once
# per value. The fast one rounds v * 10^4 with np.rint and writes the digits
# with array arithmetic. That is exact when the scaled value is below 10^9
# (so the product's rounding error is under 2^-24) and lies more than 2^-20
# away from a tie. Any chunk with a value outside that takes "%.4f", CPython's
# correctly rounded conversion, in one % call for the whole chunk.

_CHUNK = 8192
_PERCENT = " ".join(["%.4f"] * _CHUNK)
_TIE_MARGIN = 2.0 ** -20
_LEADING = np.array([10**8, 10**7, 10**6, 10**5])  # |v| * 10^4 at which integer digits 5..2 appear


def _format_chunk(values):
    """Return the "z.4f" text of float64 values (n,) as ASCII bytes, each value followed by a space."""
    with np.errstate(over="ignore", invalid="ignore"):
        scaled = values * 1e4
        rounded = np.rint(scaled)
        exact = (np.abs(scaled) < 999_999_999) & (np.abs(scaled - rounded) < 0.5 - _TIE_MARGIN)
    if not exact.all():
        pattern = _PERCENT if len(values) == _CHUNK else " ".join(["%.4f"] * len(values))
        # The z flag's work: only a whole value can read "-0.0000".
        return (pattern % tuple(values.tolist())).replace("-0.0000", "0.0000").encode("ascii") + b" "
    scaled_int = rounded.astype(np.int64)
    magnitude = np.abs(scaled_int)
    chars = np.empty((len(values), 12), dtype=np.uint8)  # "-ddddd.dddd " before trimming
    chars[:, 0], chars[:, 6], chars[:, 11] = ord("-"), ord("."), ord(" ")
    rest = magnitude
    for column in (10, 9, 8, 7, 5, 4, 3, 2, 1):
        rest, digit = np.divmod(rest, 10)
        chars[:, column] = digit + ord("0")
    keep = np.ones(chars.shape, dtype=bool)
    keep[:, 0] = scaled_int < 0  # a value that rounds to zero gets no sign: the z flag
    keep[:, 1:5] = magnitude[:, None] >= _LEADING  # no leading zeros
    return chars[keep].tobytes()


def iter_answer(values):
    """Yield the answer line in ASCII byte pieces: each value as ``z.4f``, single spaces, newline.

    >>> b"".join(iter_answer(np.array([0.82825, -0.00004, 2.5, 1e20])))
    b'0.8283 0.0000 2.5000 100000000000000000000.0000\\n'
    """
    values = np.asarray(values, dtype=float)
    if len(values) == 0:
        yield b"\n"
    for start in range(0, len(values), _CHUNK):
        piece = _format_chunk(values[start:start + _CHUNK])
        yield piece if start + _CHUNK < len(values) else piece[:-1] + b"\n"


def format_answer(values):
    """Return the answer line as str, newline included (see `iter_answer`)."""
    return b"".join(iter_answer(values)).decode("ascii")


def solve_lines(lines):
    """Return the updated theta, float64 (d,), for the problem in numbered lines, or raise InputError."""
    with np.errstate(over="ignore", invalid="ignore"):  # overflow is checked, not warned about
        k, lr, theta, grad_sum = read_problem(lines)
        return accumulated_step(theta, grad_sum, k, lr)


def solve_bytes(data):
    """Return the answer line for one problem given as bytes, or raise InputError.

    >>> solve_bytes(b"2 0.1\\n1.0 2.0\\n0.5 1.0\\n1.5 3.0\\n")
    '0.9000 1.8000\\n'
    """
    return format_answer(solve_lines(iter_lines(io.BytesIO(data))))


# -------------------------------------------------------- command line ---


def _argument_parser():
    """Return the parser for ``solve.py [FILE]``."""
    import argparse  # only the command line needs it

    parser = argparse.ArgumentParser(
        prog="solve.py",
        description="Print theta - lr * mean(gradients) for one gradient-accumulation problem,"
        " each value to 4 decimals. Bad input: exit 1 and one line on stderr.",
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="the problem to read; '-' or nothing reads standard input")
    return parser


def _parse_args(argv, stdout, stderr):
    """Return (input path, None), or (None, exit status) after argparse printed help or a usage error."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # how a judge runs it: skip importing argparse, a tenth of the start-up time
        return "-", None
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return _argument_parser().parse_args(argv).file, None
    except SystemExit as done:
        _write(stdout, out.getvalue().encode())
        _write(stderr, err.getvalue().encode())
        return None, done.code


def _write(stream, data):
    """Write bytes to a stream that may be None (a closed descriptor) and flush it."""
    if stream is not None and data:
        stream.write(data)
        stream.flush()


def _silence(stream):
    """Point a real output descriptor at /dev/null so the interpreter's final flush stays quiet."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)


def _open_input(path, stdin):
    """Return a context manager giving the binary input stream, or raise InputError."""
    if path == "-":
        if stdin is None:
            raise InputError("cannot read standard input: it is closed")
        return contextlib.nullcontext(stdin)
    try:
        return open(path, "rb")
    except OSError as error:
        raise InputError(f"cannot read {path!r}: {error.strerror}") from None


def main(argv=None, stdin=None, stdout=None, stderr=None):
    """Run the command line over byte streams; return the exit status.

    0: the answer is on stdout. 1: bad input, one line on stderr. 2: usage.
    130: interrupted. 141: the reader of stdout went away (as SIGPIPE would).
    The defaults are the process's own streams, None where a descriptor is closed.
    """
    stdin = getattr(sys.stdin, "buffer", None) if stdin is None else stdin
    stdout = getattr(sys.stdout, "buffer", None) if stdout is None else stdout
    stderr = getattr(sys.stderr, "buffer", None) if stderr is None else stderr
    try:
        path, status = _parse_args(argv, stdout, stderr)
        if path is None:
            return status
        if stdout is None:
            raise InputError("cannot write the answer: standard output is closed")
        with _open_input(path, stdin) as source:
            try:
                theta = solve_lines(iter_lines(source))
            except OSError as error:
                raise InputError(f"cannot read the input: {error.strerror or error}") from None
        for piece in iter_answer(theta):  # only after the whole input passed: never a partial answer
            stdout.write(piece)
        stdout.flush()
    except InputError as error:
        _write(stderr, f"solve.py: {error}\n".encode("utf-8", "backslashreplace"))
        return 1
    except BrokenPipeError:  # the reader of stdout went away, during help or the answer
        _silence(stdout)
        return 141
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # reading failed above as InputError, so this is writing
        _write(stderr, f"solve.py: cannot write the answer: {error.strerror or error}\n".encode())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
