"""solve.py against the naive reference, and its fast paths against the slow obvious ones.

Answers are compared byte for byte: the contract is exact text, so there is
no tolerance to state.
"""

import io
import itertools

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import solve
from problems.gradientaccumulation import reference
from testkit.runs import run_main
from tests.support import ENGINES, both_engines, examples, numbers, numpy_for, problems

# ------------------------------------------------------------ the answer ---


@both_engines
@settings(max_examples=examples(120))
@given(problems())
@example(b"2 0.1 1.0 2.0 0.5 1.0 1.5 3.0")
@example(b"4 1\n0 0\n1 2\n1 2\n1 2\n1 2\n")  # sum vs mean: K = 4 tells them apart
def test_matches_reference(engine, data):
    expected = reference.outcome(data)
    outcome = run_main(data, engine=engine)
    assert expected[0] == "ok"
    assert (outcome.status, outcome.stdout, outcome.stderr) == (0, expected[1].encode(), b"")


@both_engines
@settings(max_examples=examples(60))
@given(problems(layout="lines"))
def test_layouts_agree(engine, data):
    """The same problem flattened onto one line gives the same answer."""
    flat = b" ".join(data.removeprefix(b"\xef\xbb\xbf").split())
    assert run_main(flat, engine=engine).stdout == run_main(data, engine=engine).stdout


class Parts(io.RawIOBase):
    """A pipe that gives at most `most` bytes a read."""

    def __init__(self, data, most):
        self.data, self.most = data, most

    def readable(self):
        return True

    def readinto(self, buffer):
        part, self.data = self.data[:min(len(buffer), self.most)], self.data[min(len(buffer), self.most):]
        buffer[:len(part)] = part
        return len(part)


def solve_in_parts(data, engine, most):
    """Return main()'s (status, stdout, stderr) with the input arriving `most` bytes a read, buffered
    as sys.stdin.buffer is."""
    out, err = io.BytesIO(), io.BytesIO()
    stream = io.BufferedReader(Parts(data, most))
    return solve.main(["--engine", engine], stream, out, err), out.getvalue(), err.getvalue()


@both_engines
@settings(max_examples=examples(100))
@given(st.one_of(problems(), problems().map(lambda d: d.replace(b" ", b"\r\n", 1)),
                 problems().map(lambda d: d[:len(d) // 2] + b"x" + d[len(d) // 2:])),
       st.integers(1, 9))
@example(b"\xef\xbb\xbf2 0.1\r\n1 2\r\n0.5 1\r\n1.5 3\r\n", 1)  # the mark and every \r\n cut
@example(b"2 0.1\r1 2\r\r0.5 1\r1.5 3", 2)
@example(b"1 0.1 12345.678e-2 -.5 7", 3)
@example(b"2 0.1 5 x\n1\n1\n1\n", 2)  # the bad token in a later piece of the header: all 3 values count
@example(b"2 x 5\n1\n1\n1\n", 2)  # and in the first, with a good one after it
@example(b"2 0.1\n1 2\n\xef\xbb\xbf1 2\n1 2\n", 5)  # a byte-order mark mid-input, at the start of a read
def test_any_read_size_reads_the_same(engine, data, most):
    """Tokens, \\r\\n and the byte-order mark cut across reads: the same answer or the same message."""
    assert solve_in_parts(data, engine, most) == solve_in_parts(data, engine, 1 << 30)


@settings(max_examples=examples(80))
@given(problems(), st.integers(0, 10**4), st.sampled_from([b"", b" " * 600, b"\n" * 700]),
       st.sampled_from([1, 7, 500, 1 << 30]))
def test_a_token_of_more_than_1000_bytes_anywhere_is_bad_input(data, at, padding, most):
    """The same line as the reference names, wherever the token is."""
    at %= len(data) + 1
    data = data[:at] + padding + b" " + b"7" * 1001 + b" " + data[at:]
    status, stdout, stderr = solve_in_parts(data, "python", most)
    expected = reference.outcome(data)
    assert expected[0] == "error" and (status, stdout) == (1, b"")
    assert stderr.startswith(b"solve.py: line %d: " % expected[1] if expected[1] else b"solve.py: ")


@pytest.mark.parametrize("data, found", [
    (b"1\t2\t3\n4", [(1, [b"1", b"2", b"3"]), (2, [b"4"])]),
    (b"1 \r\n2 \r3", [(1, [b"1"]), (2, [b"2"]), (3, [b"3"])]),
    (b"\xef\xbb\xbf12 \x0b34\x0c56\r\n7", [(1, [b"12", b"34", b"56"]), (2, [b"7"])]),
    (b"1\n \n\n\t2", [(1, [b"1"]), (4, [b"2"])]),  # blank lines are not given, and are counted
    (b"1\n\xef\xbb\xbf2", [(1, [b"1"]), (2, [b"\xef\xbb\xbf2"])]),  # a mark after the start is data
])
def test_lines_are_numbered_as_a_reader_counts_them(data, found):
    """Each non-blank line's tokens, with its number: blank lines and the three line ends counted."""
    assert [(number, text.split()) for number, text in solve.lines(io.BytesIO(data))] == found


@given(st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=8), st.integers(1, 6))
def test_mean_is_taken_once(grad, k):
    """K copies of one gradient have mean equal to that gradient: no sum, no double division."""
    theta = [0.0] * len(grad)
    text = f"{k} 1\n" + " ".join(map(repr, theta)) + "\n" + (" ".join(map(repr, grad)) + "\n") * k
    for engine in ENGINES:
        expected = " ".join(format(-g, "z.4f") for g in grad) + "\n"
        assert run_main(text.encode(), engine=engine).stdout == expected.encode()


# -------------------------------------------------------------- formatting ---

near_ties = st.builds(
    lambda n, nudge: (n + 0.5) / 10**4 + nudge,
    st.integers(-10**9, 10**9),
    st.sampled_from([0.0, 5e-17, -5e-17, 1e-13, -1e-13]),
)
finite = st.floats(allow_nan=False, allow_infinity=False)


def z4f(values):
    """Return the answer line for the values, "z.4f" each: the contract."""
    return " ".join(format(v, "z.4f") for v in values) + "\n"


@settings(max_examples=examples(150))
@given(st.lists(st.one_of(finite, near_ties, st.floats(-1e-4, 1e-4)), min_size=1, max_size=5000))
@example([0.82825, -0.00004, -0.0, 1e300, -5e-324, 2.5e-05, -4.99999e-05])
@example([1e50, -1e50, 0.5])  # PyPy's % would print these with an exponent
def test_the_answer_is_z4f(values):
    assert solve.answer_text(values) == z4f(values)


def test_every_4_decimal_value_and_every_exact_tie():
    cases = [(np.arange(-20_000, 20_001) / 1e4).tolist(), (np.arange(1, 40_001, 2) / 32).tolist(),
             [0.99995, 0.99996, 9.99996, 99.99996, 9999.99996, 99999.99994, 99999.99996, -99999.99996],
             [-0.0, 0.0, -4.9999e-5, -5e-5, 5e-5, 1e-320, -1e-320, 1e305, -1e305]]
    for values in cases:
        assert solve.answer_text(values) == z4f(values)


# ----------------------------------------------------------------- parsing ---


@both_engines
@settings(max_examples=examples(200))
@given(st.lists(numbers(max_exponent=400), min_size=1, max_size=50))
@example([b"0." + b"0" * 320 + b"247", b"9" * 400, b"2.2250738585072011e-308", b"4.9e-324"])
def test_parse_matches_float(engine, tokens):
    """Each engine's reader agrees with float() to the bit, including overflow (rejected)."""
    line = b" ".join(tokens) + b"\n"
    values = [float(t) for t in tokens]
    if all(np.isfinite(values)):
        parsed = solve.parse(line, 1, numpy_for(engine))
        assert np.array(parsed).tobytes() == np.array(values).tobytes()
    else:
        with pytest.raises(solve.InputError, match="^line 1: "):
            solve.parse(line, 1, numpy_for(engine))


@pytest.mark.parametrize("engine", ENGINES)
def test_token_grammar_exhaustive(engine):
    """Every token of up to 5 characters over a tricky alphabet: accepted exactly when the grammar says."""
    alphabet = [b"0", b"5", b"+", b"-", b".", b"e", b"E", b"x", b"\x00"]
    np_or_none = numpy_for(engine)
    checked = 0
    for size in range(1, 6):
        for parts in itertools.product(alphabet, repeat=size):
            token = b"".join(parts)
            valid = reference.NUMBER.fullmatch(token) is not None and np.isfinite(float(token))
            try:
                parsed = solve.parse(b"1 " + token + b" 2", 7, np_or_none)
            except solve.InputError as error:
                assert not valid and str(error).startswith("line 7: "), token
            else:
                assert valid and parsed[1] == float(token) and len(parsed) == 3, token
            checked += 1
    assert checked == sum(9**n for n in range(1, 6))
