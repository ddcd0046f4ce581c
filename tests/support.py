"""What the tests share: each engine by name, how many examples a property test runs, the
strategies of valid inputs, and how a problem's program is run (in this process, or compiled with
g++). Tests import this module, never each other."""

import io
import shutil
import subprocess
import sys

import hypothesis
import pytest
from hypothesis import strategies as st

from packages.problem import Problem


def run_script(code, data):
    """Return what a compiled Python program prints on input bytes, run in this process as a script
    (stdin and stdout swapped for byte streams, as a page runs one); fail on a non-zero exit status."""
    saved = sys.stdin, sys.stdout
    sink = io.BytesIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(sink, encoding="utf-8")
    try:
        exec(code, {"__name__": "__main__"})
    except SystemExit as done:
        assert done.code in (None, 0), "the program exited with status %r" % done.code
    finally:
        sys.stdout.flush()
        sys.stdout.detach()  # the bytes stay readable: a wrapper that is freed closes what it wraps
        sys.stdin, sys.stdout = saved
    return sink.getvalue()


def compiled(folder, source):
    """Return the path of C++17 source (bytes) compiled in folder as judges compile it (g++ -O2), or skip
    the test where there is no g++ (Debian's build-essential)."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ (Debian's build-essential)")
    (folder / "solution.cpp").write_bytes(source)
    done = subprocess.run(["g++", "-O2", "-std=c++17", "-o", str(folder / "solution"),
                           str(folder / "solution.cpp")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return folder / "solution"


def wrong_answer(name):
    """Return the source of the problem's wrong submission NAME (the one definition of that mistake)."""
    return Problem.named().wrong_answers()[name].decode()


def examples(n):
    """Return how many examples a property test of n examples runs under the loaded profile.

    n under the default profile (100 examples), 25 times n under "deep"
    (2,500); a profile of fewer examples gives fewer, but at least 20.
    """
    return max(20, n * hypothesis.settings.default.max_examples // 100)


# Every contract test runs once per engine, as CPython's test_json runs each
# class as PyTest and CTest. The numpy engine is forced even on small inputs.
ENGINES = ["python", "numpy"]
both_engines = pytest.mark.parametrize("engine", ENGINES)


def numpy_for(engine):
    """Return what solve.parse, add_up and step take for an engine by name: numpy, or None (pure)."""
    import numpy

    return numpy if engine == "numpy" else None


# ------------------------------------------------------------ strategies ---

SPACES = st.text(alphabet=" \t\x0b\x0c", min_size=1, max_size=3).map(str.encode)
LINE_END = st.sampled_from([b"\n", b"\r\n", b"\r"])


@st.composite
def numbers(draw, max_exponent=3):
    """A valid number token in any of the grammar's spellings."""
    sign = draw(st.sampled_from(["", "+", "-"]))
    whole = draw(st.text("0123456789", max_size=4))
    frac = draw(st.text("0123456789", max_size=6))
    if not whole and not frac:
        whole = "0"
    with_point = not whole or draw(st.booleans())  # ".5" needs its point; "5." and "5" are both fine
    mantissa = whole + "." + frac if with_point else whole
    exponent = ""
    if draw(st.integers(0, 3)) == 0:
        exponent = draw(st.sampled_from("eE")) + draw(st.sampled_from(["", "+", "-"]))
        exponent += str(draw(st.integers(0, max_exponent)))
    return (sign + mantissa + exponent).encode()


@st.composite
def problems(draw, layout=None):
    """Valid input bytes in the line or token layout, with varied whitespace and line ends."""
    k = draw(st.integers(1, 12))
    d = draw(st.integers(1, 6))
    header = [str(k).encode(), draw(numbers())]
    vectors = [[draw(numbers()) for _ in range(d)] for _ in range(k + 1)]
    layout = layout or draw(st.sampled_from(["lines", "one line", "two lines"]))
    end = draw(LINE_END)

    def join(tokens):
        out = b""
        for i, token in enumerate(tokens):
            out += (draw(SPACES) if i else b"") + token
        return draw(st.sampled_from([b"", b" ", b"\t"])) + out + draw(st.sampled_from([b"", b" "]))

    if layout == "lines":
        lines = [join(header)] + [join(v) for v in vectors]
    else:
        tokens = header + [t for v in vectors for t in v]
        if layout == "one line":
            lines = [join(tokens)]
        else:
            cut = draw(st.integers(1, len(tokens) - 1))
            lines = [join(tokens[:cut]), join(tokens[cut:])]
    out = [b"\xef\xbb\xbf"] if draw(st.integers(0, 9)) == 0 else []
    for line in lines:
        out.append(b"\t \n" * draw(st.integers(0, 1)))  # a blank line, sometimes
        out.append(line + end)
    data = b"".join(out)
    return data if draw(st.booleans()) else data.rstrip(b"\r\n")
