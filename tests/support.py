"""What the tests share: each engine by name, how many examples a property test runs, and the
strategies of valid inputs. Tests import this module, never each other."""

import hypothesis
import pytest
from hypothesis import strategies as st

from packages.problem import Problem


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
