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
float64, each value correctly rounded to 4 decimals (``%.4f``, never
``-0.0000``), joined by single spaces, ending in a newline.

    $ printf '2 0.1\\n1.0 2.0\\n0.5 1.0\\n1.5 3.0\\n' | python3 solve.py
    0.9000 1.8000

Bad input, or input too big for the memory the process may use: exit status
1, nothing on stdout, one line on stderr naming the line where there is one
(``solve.py: line 3: ...``). Usage errors exit with 2.

It runs on CPython 3.7 and later and on PyPy, with the standard library
alone, from a file, a pipe, a terminal or text-only streams. Two engines
honour one contract, byte for byte: a pure-Python one, always there, and a
numpy one, imported only on CPython when numpy is installed, for inputs of
4 MiB or more in lines of 256 bytes or more (``--engine`` overrides it).

Glossary
    K          number of micro-batches accumulated before one update
    lr         learning rate
    theta      parameters, d float64 values
    grad_sum   g_1 + ... + g_K, added left to right
    piece      part of one line that holds whole tokens only
    engine     the float64 arrays, parser and formatter: pure Python or numpy
"""

import sys
from itertools import chain

__all__ = [
    "InputError",
    "Source",
    "LineReader",
    "parse_number",
    "read_problem",
    "PythonEngine",
    "numpy_engine",
    "pick_engine",
    "solve_bytes",
    "main",
]

# ---------------------------------------------------------------- read ---

CHUNK = 1 << 20  # the largest read: no line is held whole, only a token (it is parsed whole)
FIRST_READ = 1 << 12  # reads start this small, so a small input costs little memory, and double while full
BOM = b"\xef\xbb\xbf"
_WHITESPACE = b" \t\n\r\x0b\x0c"
_BLANKS = (b" ", b"\n", b"\t", b"\r", b"\x0b", b"\x0c")  # the same, one at a time, the most common first


class InputError(ValueError):
    """Input outside the contract; ``str()`` is the one-line message, ``line`` its line or None."""

    def __init__(self, message, line=None):
        super().__init__(message if line is None else "line %d: %s" % (line, message))
        self.line = line


class Source:
    """A stream's bytes, ``read(size)`` at a time, and b"" once the input has ended, without reading again.

    The stream may be binary or text (str is encoded as UTF-8), blocking or
    not (a read that would block waits for bytes), or a terminal, where the
    Ctrl-D that ended a read is not asked for a second time. ``peek`` reads
    ahead, and the bytes it read come first.

    >>> source = Source(__import__("io").StringIO("2 0.1\\n"))
    >>> source.peek(100), source.read(4), source.read(4)
    ((6, 1), b'2 0.1\\n', b'')
    """

    def __init__(self, stream):
        self.stream, self.ahead, self.ended = stream, [], False
        self.short_read_ends = _short_read_ends(stream)
        self.line = 0  # the line breaks peek has read, for messages
        # On PyPy under a memory cap: reads of 64 KiB, and a look at the room left before each past the
        # first 64 KiB, so that what one read costs stays well inside _check_room's headroom.
        self.taken, self.capped = 0, sys.implementation.name == "pypy" and _address_space_cap() < _INF

    def read(self, size):
        """Return the next bytes: the ones peek read first (whole), then up to size more; b"" at the end."""
        if self.ahead:
            return self.ahead.pop()
        if self.ended:
            return b""
        if self.capped:
            size = min(size, 1 << 16)
            if self.taken >= 1 << 16:  # past a small input's reads: one a read from here on
                _check_room()
        data = self.stream.read(size)
        while data is None:  # non-blocking, and nothing has arrived yet
            _wait(self.stream, False)
            data = self.stream.read(size)
        if not data or (self.short_read_ends and len(data) < size):
            self.ended = True
        self.taken += len(data)
        return _encoded(data) if isinstance(data, str) else data

    def peek(self, limit):
        """Read ahead until limit bytes or the end; return (bytes read, line breaks among them)."""
        chunks, total, breaks, size = [], 0, 0, FIRST_READ
        while total < limit:
            chunk = self.read(size)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            breaks += max(chunk.count(b"\n"), chunk.count(b"\r"))
            self.line = breaks
            size = _next_size(size, len(chunk), CHUNK)
        chunks.reverse()
        self.ahead = chunks
        return total, breaks


def _short_read_ends(stream):
    """Return whether a short read means the end: on a terminal, through a buffer, in blocking mode.

    There one more read would wait for a second Ctrl-D (Ctrl-Z on Windows).
    Elsewhere a short read may mean "no more yet", and one more read at the
    end costs nothing, so only b"" ends the input.
    """
    import io

    try:
        if isinstance(stream, io.RawIOBase) or not stream.isatty():
            return False
    except (AttributeError, OSError, ValueError):  # no isatty(), or a closed stream
        return False
    try:
        import os

        return os.get_blocking(stream.fileno())
    except (AttributeError, OSError, ValueError):  # no descriptor, or Windows before 3.12: reads block
        return True


def _wait(stream, writing):
    """Wait until a non-blocking stream can be read (or written), or a millisecond where that is unknown."""
    try:
        import select

        ready = [stream.fileno()]
        select.select([] if writing else ready, ready if writing else [], [])
    except (ImportError, AttributeError, OSError, ValueError):  # Windows: select() takes sockets only
        import time

        time.sleep(0.001)


def _encoded(text):
    """Return the bytes of text read from a text stream: UTF-8, undecodable bytes given back as they came."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate: any non-ASCII byte is a bad token anyway
        return text.encode("utf-8", "backslashreplace")


def _next_size(size, got, largest):
    """Return the size of the next read: twice this one's after a full read, up to largest."""
    return min(2 * size, largest) if got >= size else size


class LineReader:
    r"""Iterate ``(line, piece, ends)`` over a byte stream read up to ``size`` bytes at a time.

    A piece is part of one line and holds whole tokens only; ``ends`` says
    whether the line ends with it. Lines end at ``\n``, ``\r\n`` or ``\r``
    and are numbered from 1; a byte-order mark at the very start is dropped.
    ``line`` is the number of the last line that had any bytes, for messages.
    Each read is searched once, for its last blank: the bytes of a token that
    spans many reads are kept aside and joined once, so time stays linear.
    A token settles as soon as its first bytes make it an error (a byte no
    number holds, or K past its digits): it comes at once as a piece of its
    first 40 bytes and a NUL, which gives the message the whole token would,
    and the rest of it is read past, not kept.

    >>> list(LineReader(__import__("io").BytesIO(b"\xef\xbb\xbf1 2\r\n\r3").read, 4))
    [(1, b'1 2', True), (2, b'', True), (3, b'3', True)]
    """

    def __init__(self, read, size=CHUNK):
        self.read, self.size, self.line = read, size, 0

    def __iter__(self):
        carry, started, ended, number = [], False, False, 1
        seen = skipping = False  # seen: a token came before the one carried; skipping: past a settled one
        size = min(FIRST_READ, self.size)
        while not ended:
            chunk = self.read(size)
            ended = not chunk
            size = _next_size(size, len(chunk), self.size)
            if not started:
                chunk = b"".join(carry) + chunk
                carry = []
                if not ended and len(chunk) < len(BOM) and BOM.startswith(chunk):
                    carry.append(chunk)  # too short to tell whether a byte-order mark starts here
                    continue
                started = True
                if chunk.startswith(BOM):
                    chunk = chunk[len(BOM):]
            if skipping and not ended:
                start = _first_space(chunk)
                if start < 0:  # still the settled token: nothing of it is kept
                    continue
                chunk, skipping = chunk[start:], False
            if ended:  # the rest is whole
                tail = b""
            elif chunk.endswith(b"\r"):  # a \n may follow in the next chunk
                chunk, tail = chunk[:-1], b"\r"
            else:
                cut = _last_space(chunk)
                if cut < 0:  # one token goes on: keep the bytes, search none of them again
                    carry.append(chunk)
                    settled = _settled(carry, chunk, not seen)
                    if settled is not None:
                        if carry[0] == b"\r":  # a lone \r before the token ended a line
                            yield number, b"", True
                            number += 1
                        self.line = number
                        yield number, settled, False
                        carry, skipping, seen = [], True, True
                    continue
                chunk, tail = chunk[:cut + 1], chunk[cut + 1:]
            carry.append(chunk)
            body = b"".join(carry) if len(carry) > 1 else carry[0]
            carry = [tail] if tail else []
            chunk = tail = None
            seen = seen or (len(body) > 0 and not body.isspace())  # a token has come: K is behind us
            if b"\r" in body:
                body = body.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            lines = body.split(b"\n")
            body = None
            for piece in lines[:-1]:
                if piece:
                    self.line = number
                yield number, piece, True
                number += 1
            if lines[-1]:
                self.line = number
            if lines[-1] or ended:
                yield number, lines[-1], ended  # the end of input ends the last line
            lines = None


def _first_space(data):
    """Return the index of the first ASCII whitespace byte in data, or -1."""
    found = [at for at in map(data.find, _BLANKS) if at >= 0]
    return min(found) if found else -1


def _settled(carry, chunk, is_k):
    """Return the token carry holds as a short piece once its bytes make it an error, else None.

    chunk is the last of carry and the only part not looked at yet, unless
    the token was too short to settle before; carry may start with a lone
    \r. The piece is the token's first 40 bytes and a NUL, which parse into
    the message the whole token would give; a K of more digits than allowed
    becomes a K of one digit more. Leading zeros of K past the first 41 are
    dropped from carry: the K is the same, and so are its first bytes.
    """
    lone_cr = carry[0] == b"\r"
    total = sum(map(len, carry)) - lone_cr
    alphabet = b"0123456789" if is_k else _NUMBER_BYTES
    looked_at = total - len(chunk) > 41  # the bytes before chunk were long enough to settle, and did not
    if (chunk if looked_at else b"".join(carry[lone_cr:])).translate(None, alphabet):
        return b"".join(carry[lone_cr:])[:40] + b"\x00" if total > 40 else None  # short: the next read
    most = _max_k_digits() if is_k else 0
    if is_k and total > 41 + most:
        token = b"".join(carry[lone_cr:])
        digits = token.lstrip(b"0")
        if len(digits) > most:
            return b"1" * (most + 1)
        carry[lone_cr:] = [token[:41] + digits]
    return None


def _last_space(data):
    """Return the index of the last ASCII whitespace byte in data, or -1."""
    cut = data.rfind(b" ")  # usually near the end, so the other searches cover only the tail
    return max([cut] + [data.rfind(byte, cut + 1) for byte in _BLANKS[1:]])


class _Lines:
    """The non-blank lines of a LineReader, each read piece by piece."""

    def __init__(self, reader):
        self.pieces, self.ahead = iter(reader), None

    def next_line(self):
        """Return the number of the next non-blank line, or None at end of input."""
        for line, piece, ends in self.pieces:
            if piece and not piece.isspace():
                self.ahead = (piece, ends)
                return line
        return None

    def pieces_of_line(self):
        """Yield the non-blank pieces of the line next_line found."""
        piece, ends = self.ahead
        self.ahead = None
        yield piece
        while not ends:
            _, piece, ends = next(self.pieces)
            if piece and not piece.isspace():
                yield piece


# --------------------------------------------------------------- parse ---

_NUMBER_BYTES = b"0123456789+-.eE"
_NUMBER = rb"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
_MAX_K_DIGITS = 4000  # int() refuses digit strings past 4300 by default; no input could hold such a K
_INF = float("inf")


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
    import re  # only bad input and the tests come here; importing re would cost start-up

    if not re.fullmatch(_NUMBER, token):
        raise InputError("bad number %s: write digits with an optional sign, point and exponent,"
                         " like -1.5e-3" % _show(token), line)
    value = float(token)  # correctly rounded for every token the grammar allows
    if value in (_INF, -_INF):
        raise InputError("number %s is too large for float64" % _show(token), line)
    return value


def _max_k_digits():
    """Return the most digits K may have: 4000, or fewer where int() is limited to fewer (Python 3.11+)."""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    return min(_MAX_K_DIGITS, limit) if limit else _MAX_K_DIGITS


def _parse_k(token, line):
    """Return K from its token: a positive whole number in ASCII digits."""
    if not token.isdigit():  # bytes.isdigit() is ASCII digits only
        raise InputError("K must be a positive whole number, found %s" % _show(token), line)
    digits = token.lstrip(b"0")
    if not digits:
        raise InputError("K must be at least 1, found 0", line)
    most = _max_k_digits()
    if len(digits) > most:
        raise InputError("K has more than %d digits" % most, line)
    return int(digits)


def read_problem(reader, engine):
    """Return ``(k, lr, theta, grad_sum)`` read from a LineReader, or raise InputError.

    theta and grad_sum are the engine's float64 arrays of length d; grad_sum
    adds g_1 .. g_K left to right. No text is kept: the line layout holds
    theta and the running sum, the token layout the parsed numbers.

    >>> import io
    >>> k, lr, theta, grad_sum = read_problem(LineReader(io.BytesIO(b"2 0.1 1 2 .5 1 1.5 3").read),
    ...                                       PythonEngine())
    >>> k, lr, list(theta), list(grad_sum)
    (2, 0.1, [1.0, 2.0], [2.0, 4.0])
    """
    lines = _Lines(reader)
    header_line = lines.next_line()
    if header_line is None:
        raise InputError("empty input: expected 'K lr', then theta and K gradient vectors")
    # The layout is known only once a third non-blank line exists or the input
    # ends, so lines 1 and 2 are parsed into numbers first, and an error in
    # them waits until then: the line layout checks the header before it.
    pieces = lines.pieces_of_line()
    k_token, *rest = next(pieces).split(None, 1)  # rest, if any, starts with a token
    k = _parse_k(k_token, header_line)
    head, head_count, error = _parse_line(engine, chain(rest, pieces), header_line)
    theta_line = lines.next_line()
    body, body_count = [], 0
    if theta_line is not None:
        if error is None:
            body, body_count, error = _parse_line(engine, lines.pieces_of_line(), theta_line)
        else:
            for _ in lines.pieces_of_line():
                pass
    first_grad_line = lines.next_line() if theta_line is not None else None

    if first_grad_line is not None:  # line layout
        if head_count != 1:
            found = "only K" if head_count == 0 else "more than 2 values"
            raise InputError("the header must be exactly 'K lr', found %s" % found, header_line)
        if error is not None:
            raise error
        rows = _Rows(engine, body_count)
        lr = float(head[0][0])
        rows.feed_all(body)
        _read_gradient_lines(lines, first_grad_line, k, rows, theta_line)
        return k, lr, rows.theta, rows.grad_sum

    if error is not None:  # token layout
        raise error
    values, count = head + body, head_count + body_count
    head = body = None
    if count == 0:
        raise InputError("expected 'K lr', found only K")
    if count == 1 or (count - 1) % (k + 1):
        raise InputError("found %d numbers after 'K lr'; expected a positive multiple of K+1 = %d"
                         " (theta and K gradients of equal length)" % (count - 1, k + 1))
    lr = float(values[0][0])
    rows = _Rows(engine, (count - 1) // (k + 1))
    values[0] = values[0][1:]
    rows.feed_all(values)
    return k, lr, rows.theta, rows.grad_sum


def _parse_line(engine, pieces, line):
    """Return (list of parsed pieces, count of tokens, first InputError or None) for one line."""
    parsed, count = [], 0
    for piece in pieces:
        try:
            values = engine.parse(piece, line)
        except InputError as error:
            count += len(piece.split())
            for piece in pieces:  # only the count matters now
                count += len(piece.split())
            return parsed, count, error
        if len(values):
            parsed.append(values)
            count += len(values)
    return parsed, count, None


def _read_gradient_lines(lines, line, k, rows, theta_line):
    """Add the gradient lines, from the one numbered line on, into rows; check their count and length."""
    d, count = rows.d, 0
    while line is not None:
        if count == k:
            raise InputError("extra line: K = %d gradient lines were already read" % k, line)
        found = 0
        for piece in lines.pieces_of_line():
            values = rows.engine.parse(piece, line)
            rows.feed(values)  # a longer line is an error below; what spills into the next row is unread
            found += len(values)
            values = None
        if found != d:
            raise InputError("expected %d numbers, as theta has on line %d, found %d"
                             % (d, theta_line, found), line)
        count += 1
        line = lines.next_line()
    if count < k:
        raise InputError("expected K = %d gradient lines after theta, found %d" % (k, count))


class _Rows:
    """Route a stream of numbers: the first d are theta, each next d a gradient added into grad_sum."""

    def __init__(self, engine, d):
        self.engine, self.d = engine, d
        self.theta = self.grad_sum = None
        self.row, self.column = -1, 0  # row -1 is theta, then g_1 is row 0

    def feed(self, values):
        """Take the next values, an engine array, in order; whole gradients past g_1 may be changed."""
        start, end, d = 0, len(values), self.d
        while start < end:
            rows = (end - start) // d if self.row > 0 and self.column == 0 else 0
            if rows:  # whole gradients past g_1: straight into the sum, the many of a tall input in bulk
                if rows == 1:
                    self.engine.add(self.grad_sum, 0, values, start, start + d)
                else:
                    self.engine.add_rows(self.grad_sum, values, start, rows)
                start += rows * d
                self.row += rows
                continue
            take = min(end - start, d - self.column)
            if self.row < 0:
                if self.theta is None:
                    self.theta = self.engine.zeros(d)
                self.theta[self.column:self.column + take] = values[start:start + take]
            elif self.row == 0:
                if self.grad_sum is None:  # allocated late, once theta's pieces are freed
                    self.grad_sum = self.engine.zeros(d)
                self.grad_sum[self.column:self.column + take] = values[start:start + take]
            else:
                self.engine.add(self.grad_sum, self.column, values, start, start + take)
            start += take
            self.column += take
            if self.column == d:
                self.row, self.column = self.row + 1, 0

    def feed_all(self, pieces):
        """Feed a list of engine arrays in order, emptying the list so each is freed once used."""
        pieces.reverse()
        while pieces:
            self.feed(pieces.pop())


# --------------------------------------------------- pure-Python engine ---


class PythonEngine:
    """Arrays are ``array('d')``, or lists for small inputs; parsing by ``float()``, formatting by ``%.4f``.

    Always available. ``compact`` picks array('d'), 8 bytes a number where a
    list of floats takes 32 on CPython; small inputs skip importing array,
    which would cost more start-up time than the whole run.
    """

    name = "python"
    _allowed = _NUMBER_BYTES + _WHITESPACE

    def __init__(self, compact=True):
        self.compact, self.jit = compact, sys.implementation.name == "pypy"
        if compact:
            from array import array

            self.floats = lambda values: array("d", values)
        else:
            self.floats = list

    def parse(self, piece, line):
        """Return the numbers in a piece, or raise InputError naming the first bad one."""
        if not piece.translate(None, self._allowed):
            # Over these bytes float()'s grammar is the contract's: no "_", "inf" or "nan" can form.
            try:
                values = self.floats(map(float, piece.split()))
            except ValueError:
                values = None
            if values is not None and _INF not in values and -_INF not in values:
                return values
        return self.floats([parse_number(token, line) for token in piece.split()])

    def __enter__(self):  # `with engine:` around a solve, as the numpy engine needs; nothing to set here
        return self

    def __exit__(self, *exc_info):
        return False

    def zeros(self, d):
        if d >= 1 << 16:  # on PyPy, a large array: the zero bytes, and the array made from them
            _check_room(16 * d)
        return self.floats(bytes(8 * d)) if self.compact else [0.0] * d

    def add(self, target, at, values, start, end):
        if self.jit or end - start < 8:  # PyPy compiles this loop to machine code; short rows need no more
            shift = at - start
            for i in range(start, end):
                target[shift + i] += values[i]
            return
        stop = at + end - start
        if self.compact:  # memoryviews read the arrays in place; only the sums are a new array
            target, values = memoryview(target), memoryview(values)
        target[at:stop] = self.floats(map(float.__add__, target[at:stop], values[start:end]))

    def add_rows(self, target, values, start, rows):
        """Add ``rows`` whole rows of values, from start on, into target (length d), one row after another."""
        d = len(target)
        if self.jit or rows <= d:  # PyPy's compiled loop, or a few long rows: row by row
            for row in range(start, start + rows * d, d):
                self.add(target, 0, values, row, row + d)
            return
        from functools import reduce  # many short rows: a C loop down each column, still left to right
        from operator import add

        stop = start + rows * d
        for column in range(d):
            target[column] = reduce(add, values[start + column:stop:d], target[column])

    def step(self, theta, grad_sum, k, lr):
        """Return ``theta - lr * (grad_sum / k)``; raise InputError on overflow."""
        if _INF in grad_sum or -_INF in grad_sum:
            raise InputError("the sum of the gradients overflows float64")
        if len(theta) >= 1 << 16:  # on PyPy, a large result: it grows as it is made, to twice its size
            _check_room(16 * len(theta))
        result = self.floats(t - lr * (g / k) for t, g in zip(theta, grad_sum))
        if _INF in result or -_INF in result:  # never NaN: theta and the mean gradient are finite
            raise InputError("the result overflows float64")
        return result

    @staticmethod
    def format(values):
        """Return the answer as a list of ASCII byte pieces, each value ``%.4f``, never ``-0.0000``."""
        return _in_chunks(_percent_format, values)


_FORMAT_CHUNK = 8192


def _in_chunks(format_chunk, values):
    """Return format_chunk applied to each run of _FORMAT_CHUNK values: no Python call per value."""
    size, pieces = _FORMAT_CHUNK, []
    for start in range(0, len(values), size):
        if start:  # a long answer: on PyPy, see that memory is still left
            _check_room()
        pieces.append(format_chunk(values[start:start + size]))
    return pieces


# PyPy keeps 1/8 of a cap free, and at least 24 MiB of address space, which its JIT and collector map in
# large blocks: it aborts, rather than raise MemoryError, with no room left. See `make judge-check`.
_HEADROOM, _HEADROOM_AS = 8, 24 << 20


def _check_room(need=0):
    """Raise MemoryError on PyPy under a memory cap with less than the headroom and need bytes left.

    Where CPython raises MemoryError, PyPy's garbage collector ends the
    process (SIGABRT, "couldn't allocate the next arena") when the cap
    leaves it no room. So, reading and formatting a large input on PyPy,
    the solver gives up while room is left to say so: it compares the
    address space (RLIMIT_AS) and the data (RLIMIT_DATA) in use with each
    soft cap, keeping 1/_HEADROOM of it free (and _HEADROOM_AS of address
    space), and need bytes more that the caller is about to allocate at once.
    """
    if sys.implementation.name != "pypy":
        return
    try:
        import resource
    except ImportError:  # no caps to respect
        return
    in_use = _memory_in_use()
    for which, used, least in zip((resource.RLIMIT_AS, resource.RLIMIT_DATA), in_use, (_HEADROOM_AS, 0)):
        cap = resource.getrlimit(which)[0]
        if cap != resource.RLIM_INFINITY and used + max(cap // _HEADROOM, least) + need > cap:
            raise MemoryError("%d of %d bytes in use" % (used, cap))


def _memory_in_use():
    """Return (address space, data) this process uses, in bytes, from /proc/self/statm; (0, 0) elsewhere."""
    try:
        import resource

        with open("/proc/self/statm", "rb") as statm:
            pages = statm.read().split()
        return int(pages[0]) * resource.getpagesize(), int(pages[5]) * resource.getpagesize()
    except (ImportError, OSError, IndexError, ValueError):  # not Linux: nothing to measure by
        return 0, 0


def _percent_format(values):
    """Return ``"%.4f"`` of each float, single spaces, a trailing space: correctly rounded digits."""
    if values and (max(values) >= 1e50 or min(values) <= -1e50):
        # PyPy's % switches to exponent notation from 1e50 on, as Python 2 did; format() does not.
        text = " ".join([format(value, ".4f") for value in values])
    else:
        text = " ".join(["%.4f"] * len(values)) % tuple(values)  # the pattern is made here, not at import
    # What the z flag of format() does: only a whole value can read "-0.0000".
    return text.replace("-0.0000", "0.0000").encode("ascii") + b" "


# --------------------------------------------------------- numpy engine ---


_numpy_trouble = ""  # why numpy failed to import, when that was not a plain ImportError


def numpy_engine():
    """Return the numpy engine, or None when numpy cannot be imported (for whatever reason)."""
    global _numpy_trouble
    import os
    import warnings

    if "numpy" not in sys.modules:  # no BLAS is used; its threads' buffers would only cost memory
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        with warnings.catch_warnings():  # nothing of numpy's may reach stderr
            warnings.simplefilter("ignore")
            import numpy as np
    except ImportError:
        return None
    except Exception as error:  # a broken install can raise anything (RuntimeError, seen on Windows)
        why = (str(error).splitlines() or [""])[0]
        _numpy_trouble = " (%s: %s)" % (type(error).__name__, why[:80] + ("..." if len(why) > 80 else ""))
        return None

    class NumpyEngine:
        """Arrays are float64 ndarrays; parsing by np.fromstring, formatting by array arithmetic.

        Parsing and adding happen inside ``with engine:``, which turns warnings
        into errors and lets sums overflow quietly (step() reports them), once
        per solve rather than once per piece.
        """

        name = "numpy"
        _allowed = PythonEngine._allowed
        _leading = np.array([10**8, 10**7, 10**6, 10**5])  # |v| * 10^4 at which digits 5..2 appear

        def __enter__(self):
            self.guards = warnings.catch_warnings(), np.errstate(over="ignore")
            for guard in self.guards:
                guard.__enter__()
            warnings.simplefilter("error")
            return self

        def __exit__(self, *exc_info):
            for guard in reversed(self.guards):
                guard.__exit__(*exc_info)

        def parse(self, piece, line):
            """Return the numbers in a piece as float64 (n,), or raise InputError naming the first bad one.

            np.fromstring is numpy's quickest reader, but it also takes nan and
            inf spellings, stops at a NUL, returns [-1.] for blank text (never
            passed here), and before numpy 2 stops at unmatched text such as
            "4-2" with only a warning. So the bytes are checked first, warnings
            are errors, and the values must be finite. The judge check runs
            the exhaustive token tests on numpy 1.21 to 2.x.
            """
            if not piece.translate(None, self._allowed):
                try:
                    values = np.fromstring(piece, sep=" ")
                except (ValueError, Warning):
                    values = None
                if values is not None and np.isfinite(values).all():
                    return values
            return np.array([parse_number(token, line) for token in piece.split()])

        @staticmethod
        def zeros(d):
            return np.zeros(d)

        def add(self, target, at, values, start, end):
            target[at:at + end - start] += values[start:end]  # an infinite sum is reported by step()

        def add_rows(self, target, values, start, rows):
            """Add rows whole rows of values, from start on, into target, in order; values is changed."""
            block = values[start:start + rows * len(target)].reshape(rows, -1)
            block[0] += target
            np.add.accumulate(block, axis=0, out=block)  # row i + the running sum: left to right
            target[:] = block[-1]

        @staticmethod
        def step(theta, grad_sum, k, lr):
            """Return ``theta - lr * (grad_sum / k)``, float64 (d,), reusing theta; InputError on overflow."""
            if not np.isfinite(grad_sum).all():
                raise InputError("the sum of the gradients overflows float64")
            with np.errstate(over="ignore"):  # finite operands: an overflow is the only hazard
                np.divide(grad_sum, k, out=grad_sum)
                np.multiply(grad_sum, lr, out=grad_sum)
                np.subtract(theta, grad_sum, out=theta)
            if not np.isfinite(theta).all():
                raise InputError("the result overflows float64")
            return theta

        @staticmethod
        def format(values):
            """Return the answer as a list of ASCII byte pieces, as PythonEngine.format does."""
            return _in_chunks(_format_chunk, values)

    # Two exact ways to print "%.4f" a chunk at a time. The fast one rounds
    # v * 10^4 with np.rint and writes the digits with array arithmetic. The
    # product is rounded once, to the nearest double, and below 2^52 every
    # half-integer is a double, so that rounding never carries it across a
    # tie: np.rint then rounds it as "%.4f" rounds v, unless it lands on a
    # tie exactly, where it may have come from either side. So a chunk takes
    # the fast way when every scaled value is under 999999999 (nine digits)
    # and off a tie, and "%.4f", as the pure engine does, otherwise.

    def _format_chunk(values):
        with np.errstate(over="ignore", invalid="ignore"):
            scaled = values * 1e4
            rounded = np.rint(scaled)
            exact = (np.abs(scaled) < 999999999) & (np.abs(scaled - rounded) < 0.5)
        if not exact.all():
            return _percent_format(values.tolist())
        scaled_int = rounded.astype(np.int64)
        magnitude = np.abs(scaled_int)
        chars = np.empty((len(values), 12), dtype=np.uint8)  # "-ddddd.dddd " before trimming
        chars[:, 0], chars[:, 6], chars[:, 11] = ord("-"), ord("."), ord(" ")
        rest = magnitude
        for column in (10, 9, 8, 7, 5, 4, 3, 2, 1):
            rest, digit = np.divmod(rest, 10)
            chars[:, column] = digit + ord("0")
        keep = np.ones(chars.shape, dtype=bool)
        keep[:, 0] = scaled_int < 0  # a value that rounds to zero gets no sign, as with "z"
        keep[:, 1:5] = magnitude[:, None] >= NumpyEngine._leading  # no leading zeros
        return chars[keep].tobytes()

    return NumpyEngine()


# -------------------------------------------------------------- engine ---

NUMPY_FROM = 4 << 20  # input size from which numpy pays for its import on CPython; see `make bench`
NUMPY_MIN_LINE = 256  # bytes a line from which numpy pays: it costs more per line, less per number
NUMPY_MIN_ADDRESS_SPACE = 256 << 20  # below this cap numpy's OpenBLAS may abort the process on import


def pick_engine(choice, size, breaks=0):
    """Return the engine chosen (auto, python or numpy) for input whose first size bytes hold breaks newlines.

    auto takes numpy on CPython when it imports, for inputs of NUMPY_FROM
    bytes or more whose lines are NUMPY_MIN_LINE bytes long or more on
    average, and the pure engine otherwise: on PyPy the JIT beats numpy's
    C-API bridge, for small inputs importing numpy costs more than it saves,
    and for many short lines numpy's cost per line does. Under an
    address-space or data cap of less than 256 MiB auto keeps to the pure engine:
    OpenBLAS, loaded with numpy, ends the process itself when it cannot
    allocate its buffers, where a MemoryError could be reported.
    """
    wants_numpy = choice == "numpy" or (
        choice == "auto" and size >= NUMPY_FROM and size >= NUMPY_MIN_LINE * breaks
        and sys.implementation.name == "cpython" and _address_space_cap() >= NUMPY_MIN_ADDRESS_SPACE)
    if wants_numpy:
        engine = numpy_engine()
        if engine is not None:
            return engine
        if choice == "numpy":
            raise InputError("--engine numpy: numpy cannot be imported" + _numpy_trouble)
    return PythonEngine(compact=size >= CHUNK)


def _address_space_cap():
    """Return the smaller soft limit on this process's memory, address space or data, in bytes (or inf).

    Either cap makes OpenBLAS's allocations fail: RLIMIT_AS (``ulimit -v``)
    and RLIMIT_DATA (``ulimit -d``, which the heap and private mappings count
    against since Linux 4.7).
    """
    try:
        import resource  # POSIX only: elsewhere there is no such cap to respect
    except ImportError:
        return _INF
    soft = [resource.getrlimit(which)[0] for which in (resource.RLIMIT_AS, resource.RLIMIT_DATA)]
    return min([_INF] + [cap for cap in soft if cap != resource.RLIM_INFINITY])


def solve_bytes(data, engine="auto"):
    """Return the answer line for one problem given as bytes, or raise InputError.

    >>> solve_bytes(b"2 0.1\\n1.0 2.0\\n0.5 1.0\\n1.5 3.0\\n")
    '0.9000 1.8000\\n'
    """
    import io

    source = Source(io.BytesIO(data))
    return b"".join(_solve(LineReader(source.read), _engine_for(source, engine))).decode("ascii")


def _engine_for(source, choice):
    """Return the engine for choice (auto, python or numpy), judged on what Source.peek reads ahead."""
    # Enough to choose: numpy only on CPython, from NUMPY_FROM bytes; array('d') from CHUNK bytes.
    return pick_engine(choice, *source.peek(NUMPY_FROM if sys.implementation.name == "cpython" else CHUNK))


def _solve(reader, engine):
    """Return the answer line as a list of ASCII byte pieces, for the problem a LineReader reads."""
    with engine:
        k, lr, theta, grad_sum = read_problem(reader, engine)
        result = engine.step(theta, grad_sum, k, lr)
        theta = grad_sum = None
        answer = engine.format(result)  # not empty: every valid problem has d >= 1
    answer[-1] = answer[-1][:-1] + b"\n"  # the last value's trailing space ends the line
    return answer


# -------------------------------------------------------- command line ---


HELP_EPILOG = r"""input (tokens separated by whitespace; blank lines ignored):
  K lr                   K >= 1 micro-batches, lr the learning rate
  theta_1 ... theta_d    the parameters
  g_1 ... g_K            K lines: one gradient per micro-batch, d numbers each
  or all the numbers on one or two lines, in that order (d is then their count / (K+1))

example (the seed):
  $ printf '2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n' | python3 solve.py
  0.9000 1.8000
"""


def _argument_parser():
    """Return the parser for ``solve.py [--engine E] [FILE]``."""
    import argparse  # only the command line needs it

    parser = argparse.ArgumentParser(
        prog="solve.py",
        description="Print theta - lr * mean(gradients) for one gradient-accumulation problem,\n"
        "each value to 4 decimals. Bad input: exit 1 and one line on stderr.",
        epilog=HELP_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="the problem to read; '-' or nothing reads standard input")
    parser.add_argument("--engine", choices=["auto", "python", "numpy"], default="auto",
                        help="auto (the default) uses numpy on CPython when it imports, for inputs of"
                        " %d MiB or more with lines of %d bytes or more on average; the pure-Python"
                        " engine otherwise" % (NUMPY_FROM >> 20, NUMPY_MIN_LINE))
    return parser


def _parse_args(argv, stdout, stderr):
    """Return (input path, engine choice, None), or (None, None, exit status) after help or a usage error."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # how a judge runs it: skip importing argparse, a tenth of the start-up time
        return "-", "auto", None
    if argv == ["ONLINE_JUDGE"]:  # AtCoder's build step runs `python3 Main.py ONLINE_JUDGE` once
        return None, None, 0
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = _argument_parser().parse_args(argv)
            return args.file, args.engine, None
    except SystemExit as done:
        _write(stdout, out.getvalue().encode("utf-8", "backslashreplace"))
        _write(stderr, err.getvalue().encode("utf-8", "backslashreplace"))  # argv may hold undecodable bytes
        return None, None, done.code


class _TextOut:
    """A text stream with no binary buffer (an online IDE, runpy, io.StringIO), written to with bytes."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, data):
        self.stream.write(bytes(data).decode("utf-8", "replace"))
        return len(data)

    def flush(self):
        flush = getattr(self.stream, "flush", None)
        if flush is not None:
            flush()


def _binary(stream, writing):
    """Return the bytes side of a standard stream: its buffer, or a text stream itself; None if closed."""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None or stream is None:
        return buffer
    return _TextOut(stream) if writing else stream  # Source takes the str a text stream reads


def _write(stream, data):
    """Write all of data to a stream that may be None (a closed descriptor) or non-blocking, and flush it."""
    import io

    if stream is None or not data:
        return
    data = memoryview(data)
    while data:
        try:
            written = stream.write(data)
        except BlockingIOError as error:
            written = error.characters_written
        if written is None:  # a raw stream that would block, or a file-like object that returns nothing
            written = 0 if isinstance(stream, io.RawIOBase) else len(data)
        data = data[written:]
        if data:  # non-blocking, and the reader is slow: it took part, so wait until it can take more
            _wait(stream, True)
    while True:
        try:
            stream.flush()
            return
        except BlockingIOError:
            _wait(stream, True)


def _read_input(path, stdin, choice, reading):
    """Return the answer pieces for the input at path ('-': stdin), or raise InputError.

    The Source and then the LineReader are appended to the list reading, for messages.
    """
    if path == "-":
        if stdin is None:
            raise InputError("cannot read standard input: it is closed")
        stream = stdin
    else:
        try:
            stream = open(path, "rb")
        except OSError as error:
            raise InputError("cannot read %r: %s" % (path, error.strerror)) from None
    try:
        source = Source(stream)
        reading.append(source)
        engine = _engine_for(source, choice)
        reader = LineReader(source.read)
        reading.append(reader)
        return _solve(reader, engine)
    except OSError as error:
        if _for_memory(error):
            raise MemoryError from None
        raise InputError("cannot read the input: %s" % (error.strerror or error)) from None
    finally:
        if stream is not stdin:
            stream.close()


def _for_memory(error):
    """Return whether an OSError or ImportError says that memory ran out (ENOMEM, a failed mapping)."""
    text = str(error)
    return getattr(error, "errno", None) == 12 or "failed to map segment" in text or (
        "Cannot allocate memory" in text)


def _start_of_answer(stream):
    """Return (descriptor, size) of the regular file that stream ends, to cut a failed answer off; or None."""
    try:
        import os
        import stat

        fd = stream.fileno()
        status = os.fstat(fd)
        if stat.S_ISREG(status.st_mode) and os.lseek(fd, 0, os.SEEK_CUR) == status.st_size:
            return fd, status.st_size
    except (AttributeError, OSError, ValueError):  # no descriptor, or one that cannot seek
        pass
    return None


def _drop_answer(stream, start):
    """After a failed write: cut a regular file back to start, and point the descriptor at os.devnull.

    What the stream still buffers then goes nowhere at the interpreter's exit
    flush, which would otherwise fail again (DMOJ's loader and other text
    wrappers keep 64 KiB), as Python's documentation of SIGPIPE advises.
    """
    try:
        import os

        fd = stream.fileno()
        if start is not None:
            os.ftruncate(*start)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
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
    stdin = _binary(sys.stdin, False) if stdin is None else stdin
    stdout = _binary(sys.stdout, True) if stdout is None else stdout
    stderr = _binary(sys.stderr, True) if stderr is None else stderr
    reading = []  # the Source and the LineReader, for the line number if memory runs out
    start = None  # where a regular file stood before the answer, to cut it back if a write fails
    try:
        path, choice, status = _parse_args(argv, stdout, stderr)
        if path is None:
            return status
        if stdout is None:
            raise InputError("cannot write the answer: standard output is closed")
        answer = _read_input(path, stdin, choice, reading)  # whole, first: never a partial answer
        start = _start_of_answer(stdout)
        for piece in answer:
            _write(stdout, piece)
        return 0
    except InputError as error:
        _write(stderr, ("solve.py: %s\n" % error).encode("utf-8", "backslashreplace"))
        return 1
    except BrokenPipeError:  # the reader of stdout went away, during help or the answer
        _drop_answer(stdout, None)  # the unwritten bytes go nowhere: the exit flush has nothing to fail on
        return 141
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # reading failed above as InputError, so this is writing
        _drop_answer(stdout, start)
        if error.errno == 22 and sys.platform == "win32":  # EINVAL: how Windows says the pipe broke
            return 141
        _write(stderr, ("solve.py: cannot write the answer: %s\n" % (error.strerror or error)).encode())
        return 1
    except MemoryError:
        pass  # reported below, once the traceback and the buffers its frames hold are gone
    except Exception as error:  # a bug of ours, or of the platform's: still one line, never a traceback
        if not (isinstance(error, ImportError) and _for_memory(error)):  # a module that could not be mapped
            _write(stderr, ("solve.py: internal error: %s: %s\n" % (type(error).__name__, error)).encode(
                "utf-8", "backslashreplace").replace(b"\n", b" ").rstrip() + b"\n")
            return 1
    answer = None
    line = ([0] + [part.line for part in reading if part.line])[-1]
    where = " after line %d" % line if line else ""
    _write(stderr, b"solve.py: out of memory%s: the input needs more memory than this process may use\n"
           % where.encode())
    return 1


if __name__ == "__main__":
    sys.exit(main())
