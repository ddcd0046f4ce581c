"""Gradient accumulation: one SGD step from K micro-batch gradients.

    python3 solve.py < problem.in        # or: python3 solve.py problem.in

Input (tokens separated by ASCII whitespace; lines end at \\n, \\r\\n or \\r;
blank lines and a leading UTF-8 byte-order mark are ignored)::

    K lr                 K: a positive whole number of at most 18 digits; lr: a number
    theta_1 ... theta_d  the parameters
    g_1 ... (K lines)    one gradient per micro-batch, d numbers each

That is the *line layout* (3 or more non-blank lines). With 1 or 2 non-blank
lines the tokens form one stream, wherever the break falls (*token layout*):
``K lr`` then N numbers, N a positive multiple of K+1, d = N / (K+1).
A number is ``[+-]?(digits[.digits*]|.digits)([eE][+-]?digits)?``, finite,
and no token is longer than 1000 bytes.

Output: ``theta - lr * (g_1 + ... + g_K) / K``, summed left to right in
float64, each value correctly rounded to 4 decimals (``%.4f``, never
``-0.0000``), joined by single spaces, ending in a newline.

    $ printf '2 0.1\\n1.0 2.0\\n0.5 1.0\\n1.5 3.0\\n' | python3 solve.py
    0.9000 1.8000

Bad input: exit status 1, nothing on stdout, one line on stderr naming the
line where there is one (``solve.py: line 3: ...``). Usage errors exit 2.

CPython 3.7 and later and PyPy, standard library alone. numpy, where it
imports, is an accelerator for large inputs on CPython: both engines parse
the same tokens and print through the same ``%.4f``.

The stages, in order: pieces() turns the stream into each line's tokens,
in bounded pieces; read_problem() decides the layout and sums the rows; an
engine parses and adds; answer_text() prints; main() wires them to the
command line.

Glossary
    K          number of micro-batches accumulated before one update
    lr         learning rate
    theta      parameters, d float64 values
    grad_sum   g_1 + ... + g_K, added left to right
    piece      part of one line that holds whole tokens only
"""

import sys
from itertools import chain, groupby

__all__ = ["InputError", "pieces", "parse_number", "read_problem", "PythonEngine", "NumpyEngine",
           "pick_engine", "answer_text", "solve_bytes", "main"]

CHUNK = 1 << 18  # the largest read (larger ones let memory grow with K); a piece is one token more
MAX_TOKEN = 1000  # bytes: a longer token is bad input, so no token is ever held whole
MAX_K_DIGITS = 18
NUMPY_FROM = 4 << 20  # input size from which numpy pays for its import on CPython (make bench)
NUMPY_MIN_LINE = 256  # average line length from which it pays: numpy costs more per line
BOM = b"\xef\xbb\xbf"
BLANKS = b" \t\n\r\x0b\x0c"
OTHER_BLANKS = (b"\n", b"\t", b"\r", b"\x0b", b"\x0c")  # BLANKS but the space, each on its own
NUMBER_BYTES = b"0123456789+-.eE"
_SHAPES = bytes(32 if byte in BLANKS else 120 for byte in range(256))  # " " for a blank, "x" for the rest
_TOO_LONG = b"x" * (MAX_TOKEN + 1)  # in the shapes of a text: where a token is too long
_INF = float("inf")


class InputError(ValueError):
    """Input outside the contract; ``str()`` is the one-line message, ``line`` its line or None."""

    def __init__(self, message, line=None):
        super().__init__(message if line is None else "line %d: %s" % (line, message))
        self.line = line


# --- read ---


def pieces(stream):
    r"""Yield ``(line, piece)`` for the input of a binary or text stream.

    A piece is part of one line, holds whole tokens only and is never blank;
    lines count from 1. Reads start at 4 KiB and double while full, up to
    CHUNK. A token of more than MAX_TOKEN bytes ends the input: it comes as
    its first MAX_TOKEN + 1 bytes and a NUL, which parse_number() refuses.
    On a terminal a short read ends the input: one Ctrl-D is enough.

    >>> list(pieces(__import__("io").BytesIO(b"\xef\xbb\xbf1 2\r\n\r3")))
    [(1, b'1 2'), (3, b'3')]
    """
    terminal = _is_terminal(stream)
    line, size, rest, start = 1, 1 << 12, b"", True
    while True:
        data = stream.read(size)
        if data is None:
            raise InputError("cannot read the input: it is non-blocking and has nothing yet")
        full = len(data) == size
        ended = not data or (terminal and not full)
        # Equivalent mutants: how the reads grow changes the speed, never the answer.
        size = min(2 * size, CHUNK) if full else size  # pragma: no mutate
        if isinstance(data, str):
            data = data.encode(errors="surrogateescape")
        if start:  # a byte-order mark, perhaps cut across reads
            data, rest = rest + data, b""
            # Equivalent mutants: waiting for a whole mark too changes nothing; None is false too.
            if len(data) < 3 and BOM.startswith(data) and not ended:  # pragma: no mutate
                rest = data
                continue
            start = False  # pragma: no mutate
            if data.startswith(BOM):
                data = data[3:]
        end = len(data) if ended else _last_blank(data) + 1
        if end == len(data) and data.endswith(b"\r") and not ended:
            end -= 1  # a \n may start the next read: this \r waits for it
        if end or ended:
            body, rest = b"".join((rest, memoryview(data)[:end])), data[end:]
        else:  # no blank in this read: the token goes on
            body, rest = b"", rest + data
        at = _too_long(body)
        if at >= 0:
            body, ended = _cut(body, at), True
        elif len(rest) > MAX_TOKEN:
            body, ended = _cut(body + rest, len(body)), True
        # Equivalent mutants: rfind finds a \r too. (find, not in: on PyPy in is twice as slow.)
        if body.find(b"\r") >= 0:  # pragma: no mutate
            body = body.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        for text in body.split(b"\n"):
            if text and not text.isspace():
                yield line, text
            line += 1
        line -= 1  # the last part of the split goes on in the next read
        if ended:
            return


def _too_long(data):
    """Return where the first token longer than MAX_TOKEN bytes starts in data, or -1.

    Such a token holds a whole 500-byte block (from a multiple of 500) with no
    space in it, so only where a block has none is every byte looked at.
    """
    # Equivalent mutants: the blocks only spare the exact search (rfind: an error comes first).
    for block in range(0, len(data) - 499, 500):  # pragma: no mutate
        if data.find(b" ", block, block + 500) < 0:  # pragma: no mutate
            return data.translate(_SHAPES).find(_TOO_LONG)  # pragma: no mutate
    return -1  # pragma: no mutate


def _cut(data, at):
    """Return data up to the too-long token at index at, and that token's first 1001 bytes and a NUL."""
    return data[:at + MAX_TOKEN + 1] + b"\x00"


def _last_blank(data):
    """Return the index of the last ASCII blank in data, or -1."""
    cut = data.rfind(b" ")  # nearly always near the end: the other searches cover only the tail
    # Equivalent mutants: searching more of data finds the same blank.
    tail = cut + 1  # pragma: no mutate
    return max([cut] + [data.rfind(blank, tail) for blank in OTHER_BLANKS])  # pragma: no mutate


def _is_terminal(stream):
    """Return whether a short read means the end: a terminal, read through a buffer."""
    try:
        return not isinstance(stream, __import__("io").RawIOBase) and stream.isatty()
    except (AttributeError, OSError, ValueError):  # no isatty(), or a closed stream
        return False


# --- parse ---


_NUMBER = rb"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"


def _show(token):
    """Return a bytes token quoted for a one-line message: escaped, cut to 40 bytes."""
    return repr(token[:40])[1:] + ("..." if len(token) > 40 else "")


def parse_number(token, line):
    """Return the finite float a token spells, or raise InputError naming it: the one place for that message.

    >>> parse_number(b"-.5e1", 1)
    -5.0
    """
    import re  # only bad input and the tests come here: importing re would cost every run

    if len(token) > MAX_TOKEN:
        raise InputError("token %s is longer than %d bytes" % (_show(token), MAX_TOKEN), line)
    if not re.fullmatch(_NUMBER, token):
        raise InputError("bad number %s: write digits with an optional sign, point and exponent,"
                         " like -1.5e-3" % _show(token), line)
    value = float(token)  # correctly rounded for every token the grammar allows
    if value in (_INF, -_INF):
        raise InputError("number %s is too large for float64" % _show(token), line)
    return value


def parse_k(token, line):
    """Return K from its token: a positive whole number in ASCII digits, at most MAX_K_DIGITS of them."""
    if len(token) > MAX_TOKEN:
        raise InputError("token %s is longer than %d bytes" % (_show(token), MAX_TOKEN), line)
    if not token.isdigit():  # bytes.isdigit() is ASCII digits only
        raise InputError("K must be a positive whole number, found %s" % _show(token), line)
    # Equivalent mutants: the token is ASCII digits only, so other bytes to strip change nothing.
    digits = token.lstrip(b"0")  # pragma: no mutate
    if not digits:
        raise InputError("K must be at least 1, found 0", line)
    if len(digits) > MAX_K_DIGITS:
        raise InputError("K has more than %d digits" % MAX_K_DIGITS, line)
    return int(digits)


# --- layouts ---


def read_problem(pairs, engine):
    """Return ``(k, lr, theta, grad_sum)`` from ``(line, piece)`` pairs, or raise InputError.

    theta and grad_sum are the engine's arrays of length d; grad_sum adds
    g_1 .. g_K left to right. The line layout holds only theta and the running
    sum, the token layout the parsed numbers (which must wait for d).

    >>> k, lr, theta, grad_sum = read_problem([(1, b"2 0.1 1 2"), (2, b".5 1 1.5 3")], PythonEngine())
    >>> k, lr, list(theta), list(grad_sum)
    (2, 0.1, [1.0, 2.0], [2.0, 4.0])
    """
    lines = ((line, (piece for _, piece in group)) for line, group in groupby(pairs, lambda pair: pair[0]))
    header_line, header = next(lines, (None, ()))
    if header_line is None:
        raise InputError("empty input: expected 'K lr', then theta and K gradient vectors")
    # The layout is known once a third non-blank line exists or the input ends, so lines 1 and 2
    # are parsed first, and an error in them waits: the line layout checks the header before it.
    # Equivalent mutants: splitting the rest of the line too gives the same numbers.
    k_token, *rest = next(header).split(None, 1)  # pragma: no mutate
    k = parse_k(k_token, header_line)
    parsed = []  # the arrays of lines 1 and 2, in order
    head_count, error = _parse_line(engine, chain(rest, header), header_line, parsed)
    theta_line, theta = next(lines, (None, ()))
    theta_count = 0
    if error is None and theta_line is not None:
        theta_count, error = _parse_line(engine, theta, theta_line, parsed)
    grad_line, grads = next(lines, (None, ()))
    if grad_line is not None:  # line layout
        if head_count != 1:
            found = "only K" if head_count == 0 else "more than 2 values"
            raise InputError("the header must be exactly 'K lr', found %s" % found, header_line)
        if error is not None:
            raise error
        d = theta_count
        more = _gradients(engine, chain([(grad_line, grads)], lines), k, d, theta_line)
    else:  # token layout
        if error is not None:
            raise error
        count = head_count + theta_count
        if count == 0:
            raise InputError("expected 'K lr', found only K")
        if count == 1 or (count - 1) % (k + 1):
            raise InputError("found %d numbers after 'K lr'; expected a positive multiple of K+1 = %d"
                             " (theta and K gradients of equal length)" % (count - 1, k + 1))
        d, more = (count - 1) // (k + 1), ()
    lr = parsed[0][0]
    parsed[0] = parsed[0][1:]
    theta, grad_sum = _rows(engine, d, chain(_drained(parsed), more))
    return k, lr, theta, grad_sum


def _drained(items):
    """Yield a list's items from the first, removing each, so that each is freed once used."""
    items.reverse()
    while items:
        yield items.pop()


def _parse_line(engine, texts, line, parsed):
    """Append the arrays of a line's pieces to parsed; return (how many numbers, an InputError or None)."""
    count = 0
    for piece in texts:
        try:
            numbers = engine.parse(piece, line)
        except InputError as error:
            return count + sum(len(piece.split()) for piece in chain([piece], texts)), error
        parsed.append(numbers)
        count += len(numbers)
    return count, None


def _gradients(engine, lines, k, d, theta_line):
    """Yield the arrays of the gradient lines, a piece at a time, checking their count and length."""
    count = 0
    for line, texts in lines:
        if count == k:
            raise InputError("extra line: K = %d gradient lines were already read" % k, line)
        found = 0
        for piece in texts:
            numbers = engine.parse(piece, line)
            found += len(numbers)
            yield numbers  # a line too long is refused below, before its extra numbers reach a sum
        if found != d:
            raise InputError("expected %d numbers, as theta has on line %d, found %d"
                             % (d, theta_line, found), line)
        count += 1
    if count < k:
        raise InputError("expected K = %d gradient lines after theta, found %d" % (k, count))


def _rows(engine, d, arrays):
    """Return (theta, grad_sum) from arrays that hold theta's d numbers, then each gradient's d, in order.

    The gradients are added into zeros, left to right (0 + g_1 is g_1 but for
    the sign of a zero, which prints the same).
    """
    theta, grad_sum, column = engine.zeros(d), engine.zeros(d), -d  # column < 0: theta lacks that many
    for numbers in arrays:
        start, end = 0, len(numbers)
        # Equivalent mutants: at column 0 the branch does nothing.
        if column < 0:  # pragma: no mutate
            start = min(end, -column)
            theta[d + column:d + column + start] = numbers[:start]
            column += start
        while start < end:
            take = min(end - start, d - column)
            # Equivalent mutants: a slice of the whole is the whole.
            part = numbers[start:start + take] if start or take < end else numbers  # pragma: no mutate
            engine.add(grad_sum, column, part)
            start, column = start + take, (column + take) % d
    return theta, grad_sum


# --- engines ---


class PythonEngine:
    """Arrays are lists of floats; parsing by float(), adding by map(). Always there.

    NumpyEngine is the same class but for where numpy must differ: its reader
    (_read), its arrays and its arithmetic.
    """

    def __enter__(self):  # `with engine:` around a solve, as the numpy engine needs
        return self

    def __exit__(self, *exc_info):
        return False

    def parse(self, piece, line):
        """Return the numbers in a piece, or raise InputError naming the first bad one."""
        if not piece.translate(None, NUMBER_BYTES + BLANKS):  # the quick reader is then the grammar's,
            numbers = self._read(piece)  # but for inf and nan, which _finite() finds
            if numbers is not None and self._finite(numbers):
                return numbers
        return self.floats([parse_number(token, line) for token in piece.split()])

    @staticmethod
    def _read(piece):
        try:
            return list(map(float, piece.split()))
        except ValueError:  # "1e5e5", "+-1", "." ...
            return None

    floats = list

    @staticmethod
    def _finite(numbers):
        total = sum(numbers)  # inf or nan if a number is (or if the sum overflows: then one by one)
        # Equivalent mutants: the sum only spares the loop.
        return total - total == 0 or all(number - number == 0 for number in numbers)  # pragma: no mutate

    def zeros(self, d):
        return [0.0] * d

    @staticmethod
    def add(target, at, numbers):
        """Add numbers into target from index at on."""
        from _operator import add  # operator's C half: operator.py itself costs every run its import

        target[at:at + len(numbers)] = map(add, target[at:at + len(numbers)], numbers)

    def step(self, theta, grad_sum, k, lr):
        """Return ``theta - lr * (grad_sum / k)``; raise InputError on overflow."""
        if not self._finite(grad_sum):
            raise InputError("the sum of the gradients overflows float64")
        result = self._step(theta, grad_sum, k, lr)
        if not self._finite(result):  # theta and the mean gradient are finite: only an overflow is left
            raise InputError("the result overflows float64")
        return result

    @staticmethod
    def _step(theta, grad_sum, k, lr):
        return [t - lr * (g / k) for t, g in zip(theta, grad_sum)]


class NumpyEngine(PythonEngine):
    """Arrays are float64 ndarrays; parsing by np.fromstring. pick_engine() makes it with numpy.

    Parsing and adding happen inside ``with engine:``, which turns numpy's
    warnings into errors and lets sums overflow quietly (step() reports them).
    """

    def __init__(self, np):
        self.np, self.floats = np, np.array

    def __enter__(self):
        import warnings

        self.guards = warnings.catch_warnings(), self.np.errstate(over="ignore")
        for guard in self.guards:
            guard.__enter__()
        warnings.simplefilter("error")
        return self

    def __exit__(self, *exc_info):
        for guard in reversed(self.guards):
            guard.__exit__(*exc_info)

    def _read(self, piece):
        """Return np.fromstring's numbers, or None where it refuses the piece (parse() checks nan and
        inf; numpy 1.x only warns at text such as "4-2", and ``with engine:`` makes that an error)."""
        try:
            # Equivalent mutants: numpy refuses text without sep, and parse() takes the slow way.
            return self.np.fromstring(piece, sep=" ")  # pragma: no mutate
        except (ValueError, Warning):
            return None

    def _finite(self, numbers):
        return bool(self.np.isfinite(numbers).all())

    def zeros(self, d):
        return self.np.zeros(d)

    @staticmethod
    def add(target, at, numbers):
        target[at:at + len(numbers)] += numbers  # an infinite sum is reported by step()

    def _step(self, theta, grad_sum, k, lr):
        return theta - lr * (grad_sum / k)

    def step(self, theta, grad_sum, k, lr):
        return PythonEngine.step(self, theta, grad_sum, k, lr).tolist()


def pick_engine(choice, size):
    """Return the engine chosen (auto, python or numpy), size being what solve() read ahead for auto.

    auto takes numpy, where it imports, from NUMPY_FROM bytes on, but not
    under an address-space or data cap below 256 MiB: OpenBLAS, loaded with
    numpy, aborts the process where it cannot allocate.
    """
    # Equivalent mutants: thresholds a little higher change the speed, never the answer.
    auto = choice == "auto" and size >= NUMPY_FROM and _memory_cap() >= 256 << 20  # pragma: no mutate
    if choice == "numpy" or auto:
        import os
        import warnings

        # Equivalent mutants: no BLAS is used, so its threads only cost memory and time.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # pragma: no mutate
        try:
            with warnings.catch_warnings():  # nothing of numpy's may reach stderr
                warnings.simplefilter("ignore")
                import numpy
            return NumpyEngine(numpy)
        except Exception as error:  # ImportError, or anything a broken install raises
            if choice == "numpy":
                why = (str(error).splitlines() or [""])[0]  # one short line of a broken install's message
                why = "" if isinstance(error, ImportError) else " (%s: %s%s)" % (
                    type(error).__name__, why[:80], "..." if len(why) > 80 else "")
                raise InputError("--engine numpy: numpy cannot be imported" + why) from None
    return PythonEngine()


def _memory_cap():
    """Return the smaller soft cap on address space or data (``ulimit -v``, ``-d``), in bytes, or inf."""
    try:
        import resource  # POSIX only: elsewhere there is no such cap
    except ImportError:
        return _INF
    caps = [resource.getrlimit(which)[0] for which in (resource.RLIMIT_AS, resource.RLIMIT_DATA)]
    return min([_INF] + [cap for cap in caps if cap != resource.RLIM_INFINITY])


# --- format ---


def answer_text(values):
    """Return the answer line for a list of floats: each ``%.4f``, never ``-0.0000``, single spaces.

    >>> answer_text([0.9, -0.00001, 0.82825, 0.03125])
    '0.9000 0.0000 0.8283 0.0312\\n'
    """
    # PyPy's % turns to exponents from 1e50 on. Equivalent mutants: format() is right everywhere,
    # and "F" differs from "f" only for inf and nan.
    if max(values) >= 1e50 or min(values) <= -1e50:  # pragma: no mutate
        text = " ".join([format(value, ".4f") for value in values])  # pragma: no mutate
    else:
        # Equivalent mutants: "F" differs from "f" only for inf and nan.
        text = " ".join(["%.4f"] * len(values)) % tuple(values)  # pragma: no mutate
    return text.replace("-0.0000", "0.0000") + "\n"  # only a whole value can read -0.0000


# --- solve ---


def solve(stream, choice):
    """Return the answer line for the problem a stream holds, or raise InputError.

    auto chooses the engine on the first NUMPY_FROM bytes, or on the bytes of
    the first NUMPY_FROM / NUMPY_MIN_LINE lines where they hold fewer; the
    pieces read to see that are parsed first.
    """
    # Equivalent mutants: reading ahead more or less changes the speed, never the answer.
    reading = choice == "auto" and sys.implementation.name == "cpython"  # pragma: no mutate
    pairs, ahead, size = pieces(stream), [], 0  # pragma: no mutate
    for pair in pairs if reading else ():  # pragma: no mutate
        ahead.append(pair)
        size += len(pair[1])
        if size >= NUMPY_FROM or NUMPY_MIN_LINE * pair[0] > NUMPY_FROM:  # pragma: no mutate
            break
    engine = pick_engine(choice, size)
    with engine:
        k, lr, theta, grad_sum = read_problem(chain(ahead, pairs), engine)
        return answer_text(engine.step(theta, grad_sum, k, lr))


# Equivalent mutants, and of its return: the engine changes the speed, never the answer.
def solve_bytes(data, engine="auto"):  # pragma: no mutate
    """Return the answer line for one problem given as bytes, or raise InputError.

    >>> solve_bytes(b"2 0.1\\n1.0 2.0\\n0.5 1.0\\n1.5 3.0\\n")
    '0.9000 1.8000\\n'
    """
    return solve(__import__("io").BytesIO(data), engine)  # pragma: no mutate


# --- command line ---


HELP_EPILOG = r"""input (tokens separated by whitespace; blank lines ignored):
  K lr                   K >= 1 micro-batches, lr the learning rate
  theta_1 ... theta_d    the parameters
  g_1 ... g_K            K lines: one gradient per micro-batch, d numbers each
  or all the numbers on one or two lines, in that order (d is then their count / (K+1))

example (the seed):
  $ printf '2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n' | python3 solve.py
  0.9000 1.8000
"""


def _parse_args(argv, stdout, stderr):
    """Return (input path, engine choice); after help or a usage error, raise SystemExit with its status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # how a judge runs it: no argparse to import
        return "-", "auto"
    if argv == ["ONLINE_JUDGE"]:  # AtCoder's build step runs `python3 Main.py ONLINE_JUDGE` once
        raise SystemExit(0)
    import argparse
    import contextlib
    import io

    parser = argparse.ArgumentParser(
        prog="solve.py", epilog=HELP_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Print theta - lr * mean(gradients) for one gradient-accumulation problem,\n"
        "each value to 4 decimals. Bad input: exit 1 and one line on stderr.")
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="the problem to read; '-' or nothing reads standard input")
    parser.add_argument("--engine", choices=["auto", "python", "numpy"], default="auto",
                        help="auto (the default) uses numpy on CPython when it imports, for inputs of"
                        " %d MiB or more with lines of %d bytes or more on average; the pure-Python"
                        " engine otherwise" % (NUMPY_FROM >> 20, NUMPY_MIN_LINE))
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = parser.parse_args(argv)
    finally:  # argv may hold undecodable bytes, which usage errors quote
        _write(stdout, out.getvalue().encode())
        _write(stderr, err.getvalue().encode(errors="backslashreplace"))
    return args.file, args.engine


class _TextOut:
    """A text stream with no binary buffer (an online IDE, runpy, io.StringIO), written to with bytes."""

    def __init__(self, stream):
        # Equivalent mutants: the interpreter flushes sys.stdout at exit.
        self.stream, self.flush = stream, getattr(stream, "flush", lambda: None)  # pragma: no mutate

    def write(self, data):
        self.stream.write(bytes(data).decode())  # what main() writes is UTF-8: messages are escaped
        return len(data)


def _binary(stream):
    """Return the bytes side of an output stream: its buffer, or the text stream wrapped; None if closed."""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None or stream is None:
        return buffer
    return _TextOut(stream)


def _write(stream, data):
    """Write all of data to a stream that may be None (a closed descriptor), and flush it.

    Under ``python3 -u`` (or PYTHONUNBUFFERED) stdout's bytes side is the raw
    file, whose write may take only part of the data.
    """
    if stream is None or not data:
        return
    data = memoryview(data)
    while data:
        written = stream.write(data)
        if written is None:  # a raw stream that would block
            raise OSError("standard output is non-blocking and full")
        data = data[written:]
    stream.flush()


def _silence(stream):
    """Point a stream's descriptor at os.devnull after a failed write, as Python's SIGPIPE notes advise:
    the flush at exit of what a text wrapper (DMOJ's loader) still holds cannot fail again."""
    try:
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # no descriptor: nothing outlives the call
        pass


def main(argv=None, stdin=None, stdout=None, stderr=None):
    """Run the command line over byte streams; return the exit status.

    0: the answer is on stdout. 1: bad input or out of memory, one line on
    stderr. 2: usage. 130: interrupted. 141: the reader of stdout went away
    (as SIGPIPE would). The defaults are the process's own streams, None
    where a descriptor is closed; text-only ones are read and written as text.
    """
    stdin = getattr(sys.stdin, "buffer", sys.stdin) if stdin is None else stdin  # pieces() reads str too
    stdout = _binary(sys.stdout) if stdout is None else stdout
    stderr = _binary(sys.stderr) if stderr is None else stderr
    try:
        path, choice = _parse_args(argv, stdout, stderr)
        if stdout is None:
            raise InputError("cannot write the answer: standard output is closed")
        if path != "-":
            try:
                stream = open(path, "rb")
            except OSError as error:
                raise InputError("cannot read %r: %s" % (path, error.strerror)) from None
        elif stdin is None:
            raise InputError("cannot read standard input: it is closed")
        else:
            stream = stdin
        try:
            answer = solve(stream, choice).encode()  # whole, first: never a partial answer
        except OSError as error:
            if error.errno == 12:  # ENOMEM: a read that could not get its buffer
                raise MemoryError from None
            raise InputError("cannot read the input: %s" % (error.strerror or error)) from None
        finally:
            if stream is not stdin:
                stream.close()
        _write(stdout, answer)
        return 0
    except SystemExit as done:  # help, a usage error, or a build step's run
        return done.code
    except InputError as error:
        _write(stderr, ("solve.py: %s\n" % error).encode(errors="backslashreplace"))
        return 1
    except BrokenPipeError:  # the reader of stdout went away, during help or the answer
        _silence(stdout)
        return 141
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # reading failed above as InputError, so this is writing
        _silence(stdout)
        _write(stderr, ("solve.py: cannot write the answer: %s\n" % (error.strerror or error)).encode(
            errors="backslashreplace"))
        return 1
    except MemoryError:
        pass  # reported below, once the traceback and the buffers its frames hold are gone
    except Exception as error:  # a bug of ours or of the platform's: still one line, never a traceback
        _write(stderr, ("solve.py: internal error: %s: %s\n" % (type(error).__name__, error)).encode(
            errors="backslashreplace").replace(b"\n", b" ").rstrip() + b"\n")
        return 1
    _write(stderr, b"solve.py: out of memory: the input needs more memory than this process may use\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
