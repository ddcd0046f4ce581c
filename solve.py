"""Gradient accumulation: one SGD step from K micro-batch gradients.

Input: "K lr" (K: 1 to 18 digits), theta's d numbers, then K gradients of d
numbers: each on a line, or all on one or two lines. Tokens are split by ASCII
whitespace, lines at \\n, \\r\\n or \\r; blank lines and a byte-order mark are
skipped. A number is [+-]?(digits[.digits*]|.digits)([eE][+-]?digits)?,
finite, of 1000 bytes at most. Output: theta - lr * ((g_1 + ... + g_K) / K)
in float64, summed left to right, each value "%.4f" but never "-0.0000".

    $ printf '2 0.1\\n1.0 2.0\\n0.5 1.0\\n1.5 3.0\\n' | python3 solve.py
    0.9000 1.8000

Bad input: status 1, nothing on stdout, one line on stderr naming its line.
--engine numpy or python forces an engine on 3 lines or more; auto takes
numpy on CPython from 10 MiB in lines of 256 bytes.
"""

import sys


class InputError(ValueError):
    def __init__(self, message, line=None):
        super().__init__(message if line is None else "line %d: %s" % (line, message))


def lines(stream):
    """Yield (number, bytes) of each non-blank line of a binary or text stream."""
    number = 0
    for raw in stream:
        if isinstance(raw, str):
            raw = raw.encode(errors="surrogateescape")
        if not number and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        for text in raw.splitlines() if b"\r" in raw else [raw]:  # a stream splits at \n alone
            number += 1
            if text and not text.isspace():
                yield number, text


def _check(token, line, wrong, why):
    shown = repr(token[:40])[1:] + "..." * (len(token) > 40)
    if len(token) > 1000:
        raise InputError("token %s is longer than 1000 bytes" % shown, line)
    if wrong:
        raise InputError(why.format(shown), line)


def parse_number(token, line):
    import re  # bad input alone comes here

    _check(token, line, not re.fullmatch(rb"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", token),
           "bad number {}: write digits with an optional sign, point and exponent, like -1.5e-3")
    value = float(token)
    _check(token, line, value - value != 0, "number {} is too large for float64")
    return value


def _long_token(text):  # it would hold a 500-byte block from a multiple of 500
    maybe = any(text.find(b" ", i, i + 500) < 0 for i in range(0, len(text) - 499, 500))  # pragma: no mutate
    return maybe and max(map(len, text.split())) > 1000


def parse(text, line, np=None):
    """Return a line's numbers (an array with numpy); raise InputError at the first bad one."""
    if b"_" not in text and not _long_token(text):  # float() takes "1_0"
        try:  # both take the grammar, and inf and nan, which the sum shows
            numbers = np.fromstring(text, sep=" ") if np else [float(token) for token in text.split()]
            total = numbers.sum() if np else sum(numbers)
            if total - total == 0:  # or, if the sum overflows, one by one
                return numbers
        except (ValueError, Warning):  # "1e5e5", "+-1": numpy 1.x only warns
            pass
    numbers = [parse_number(token, line) for token in text.split()]
    return np.array(numbers) if np else numbers  # PyPy's numpy 1.x may read a good line as inf


def add_up(rows, np=None):
    """Return g_1 + ... + g_K, added left to right in float64, into g_1."""
    total = next(rows)
    for row in rows:
        if np:
            total += row
        else:
            for at, number in enumerate(row):  # PyPy's JIT compiles this loop, not map()
                total[at] += number
        del row  # before the next is read
    return total


def step(k, lr, theta, grad_sum, np=None):
    """Return the answer for theta - lr * (grad_sum / k); raise InputError on overflow."""
    result = theta - lr * (grad_sum / k) if np else [t - lr * (g / k) for t, g in zip(theta, grad_sum)]
    text = answer_text(result)
    if "n" in text:  # inf, or nan (lr = 0): a finite value has no n
        raise InputError("the %s overflows float64"
                         % ("sum of the gradients" if any(g - g != 0 for g in grad_sum) else "result"))
    return text


def answer_text(values):
    """Return the answer line: each exact value rounded to 4 decimals, never "-0.0000"."""
    text = ("%.4f " * len(values) % tuple(values))[:-1]  # but PyPy's % prints exponents from 1e50:
    text = " ".join(map("{:.4f}".format, values)) if "e" in text else text  # pragma: no mutate
    return text.replace("-0.0000", "0.0000") + "\n"  # only a whole value reads -0.0000


def _gradients(rows, k, d, theta_line, np):
    count = 0
    for line, text in rows:
        if count == k:
            raise InputError("extra line: K = %d gradient lines were already read" % k, line)
        numbers = parse(text, line, np)
        if len(numbers) != d:
            raise InputError("expected %d numbers, as theta has on line %d, found %d"
                             % (d, theta_line, len(numbers)), line)
        count += 1
        yield numbers
        del numbers  # before the next is read
    if count < k:
        raise InputError("expected K = %d gradient lines after theta, found %d" % (k, count))


def _line_layout(k, head, second, rows, np):
    tokens = head[1].split()
    if len(tokens) != 1:
        raise InputError("the header must be exactly 'K lr', found %s"
                         % ("more than 2 values" if tokens else "only K"), head[0])
    lr, theta = parse(tokens[0], head[0])[0], parse(second[1], second[0], np)
    return lr, theta, add_up(_gradients(rows, k, len(theta), second[0], np), np)


def _token_layout(k, head, second):
    values = []
    for line, text in filter(None, (head, second)):  # no long list copied
        values, values[:0] = parse(text, line), values
    count = len(values)
    if count == 0:
        raise InputError("expected 'K lr', found only K")
    if count == 1 or (count - 1) % (k + 1):
        raise InputError("found %d numbers after 'K lr'; expected a positive multiple of K+1 = %d"
                         " (theta and K gradients of equal length)" % (count - 1, k + 1))
    d = (count - 1) // (k + 1)
    rows = (values[at:at + d] for at in range(1, count, d))
    return values[0], next(rows), add_up(rows)


def solve(stream, engine):
    """Return the answer line, or raise InputError; engine: auto, python or numpy."""
    rows = lines(stream)
    first, second, third = next(rows, None), next(rows, None), next(rows, None)
    if first is None:
        raise InputError("empty input: expected 'K lr', then theta and K gradient vectors")
    line, (k, *rest) = first[0], first[1].split(None, 1)
    del first  # rest holds its numbers
    _check(k, line, not k.isdigit(), "K must be a positive whole number, found {}")
    _check(k, line, len(k.lstrip(b"0")) > 18, "K has more than 18 digits")
    _check(k, line, not float(k), "K must be at least 1, found 0")
    k = int(float(k)) if len(k) < 16 else int(k)  # exact; int() of text loads libm: memory
    head = (line, rest[0] if rest else b"")
    if third is None:  # one or two lines: numpy would not pay
        return step(k, *_token_layout(k, head, second))
    rows = (row for part in ([third], rows) for row in part)  # no itertools import
    size = len(second[1])  # numpy pays from lines of 256 bytes, inputs of 10 MiB
    np = _numpy(engine, size >= 256 and size * (k + 1) >= 10 << 20)  # pragma: no mutate
    if np is None:
        return step(k, *_line_layout(k, head, second, rows, None))
    import warnings

    with warnings.catch_warnings(), np.errstate(all="ignore"):  # step() reports an overflow
        warnings.simplefilter("error")  # numpy 1.x only warns at a line it cannot read whole
        return step(k, *_line_layout(k, head, second, rows, np), np)


def _numpy(engine, large):
    """Return numpy or None (the pure engine): for speed, never the answer."""
    if engine == "python" or engine == "auto" and not (large and sys.implementation.name == "cpython"):
        return None
    try:
        import resource  # OpenBLAS may abort under a cap
        for cap in resource.RLIMIT_AS, resource.RLIMIT_DATA:
            if engine == "auto" and 0 <= resource.getrlimit(cap)[0] < 256 << 20:  # pragma: no mutate
                return None
    except ImportError:
        pass
    import os  # threads only cost: no BLAS is used
    import warnings

    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # pragma: no mutate
    try:
        with warnings.catch_warnings():  # nothing of numpy's may reach stderr
            warnings.simplefilter("ignore")
            import numpy
        return numpy
    except Exception as error:  # or what a broken install raises
        if engine == "numpy":
            why = str(error).split("\n")[0]
            why = "" if isinstance(error, ImportError) else " (%s: %.80s%s)" % (
                type(error).__name__, why, "..." * (len(why) > 80))
            raise InputError("--engine numpy: numpy cannot be imported" + why) from None


USAGE = "usage: solve.py [--engine auto|python|numpy] < problem.in\n"


def _engine(argv, stdout, stderr):
    if argv in (["-h"], ["--help"]):
        _write(stdout, (USAGE + "\n" + (__doc__ or "")).encode())
        raise SystemExit(0)
    if argv == ["ONLINE_JUDGE"]:  # AtCoder's build step
        raise SystemExit(0)
    if argv and not (argv[0] == "--engine" and argv[1:] in (["auto"], ["python"], ["numpy"])):
        _write(stderr, USAGE.encode())
        raise SystemExit(2)
    return argv[1] if argv else "auto"


def _write(stream, data):  # stream may be None (closed) or text-only (IDEs, runpy)
    if stream is not None:
        try:
            while data:  # a raw stdout (-u) may take part
                data = data[stream.write(data) or len(data):]
        except TypeError:  # a text stream refuses bytes, writing none
            stream.write(data.decode())
        if hasattr(stream, "flush"):  # a minimal text stream has write() alone
            stream.flush()


def main(argv=None, stdin=None, stdout=None, stderr=None):
    """Run on byte streams (the process's by default); return the exit status."""
    stdin, stdout, stderr = (getattr(stream, "buffer", stream) for stream in (
        stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr))
    message = "out of memory: the input needs more memory than this process may use"
    try:
        engine = _engine(sys.argv[1:] if argv is None else list(argv), stdout, stderr)
        if stdout is None:
            raise InputError("cannot write the answer: standard output is closed")
        _write(stdout, _answer(stdin, engine))  # whole first: never a partial answer
        return 0
    except SystemExit as done:
        return done.code
    except InputError as error:
        message = str(error)
    except OSError as error:  # in a write: reading's are InputErrors
        try:  # so the exit's flush (DMOJ's text wrapper) cannot fail again
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        except Exception:
            pass
        if isinstance(error, BrokenPipeError):  # quietly, as SIGPIPE would
            return 141
        message = "cannot write the answer: %s" % (error.strerror or error)
    except KeyboardInterrupt:
        return 130
    except MemoryError:
        pass  # reported below, once the traceback is gone
    except Exception as error:  # a bug, ours or the platform's: one line still
        message = "internal error: %s: %s" % (type(error).__name__, " ".join(str(error).split()))
    _write(stderr, ("solve.py: %s\n" % message).encode(errors="backslashreplace"))
    return 1


def _answer(stdin, engine):
    if stdin is None:
        raise InputError("cannot read standard input: it is closed")
    try:
        return solve(stdin, engine).encode()
    except OSError as error:
        raise InputError("cannot read the input: %s" % (error.strerror or error)) from None


if __name__ == "__main__":
    sys.exit(main())
