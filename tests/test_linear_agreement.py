"""The library agrees with the judge problem: accumulation.gradient_accumulation_step and every accepted
solution of `linearaccumulation` give the same weights on every case of its data (samples and secret).

Each case's input is parsed with numpy into (w, xs, ys, lr, K) and stepped by the library; each
accepted program runs once per case, the Python ones in this process (compiled once, stdin and stdout
swapped for byte streams, as a page runs a script), the C++ one as a process, compiled with g++ where
there is one. A value agrees when |program - library| <= 1e-9 * max(|library|, 1): relative 1e-9, and
absolute 1e-9 for values under 1 in magnitude, where a relative error says nothing (a value that
cancels to 0 in exact arithmetic is some rounding errors away from it in float64). The library is held
to the case's answer (the reference's exact value, printed) the same way. Every wrong submission must
disagree with the library on some case beyond that: the check is not vacuous. The too-slow submission
is right, and is held to the library on the cases it finishes quickly (under 100 kB).
"""

import functools
import subprocess

import numpy as np
import pytest

from accumulation import gradient_accumulation_step
from packages.problem import Problem
from tests.support import compiled, run_script

PROBLEM = Problem.named("linearaccumulation")
AGREE = 1e-9  # relative, and absolute under 1 in magnitude: see the module's docstring


def data():
    """Return {case name: (input bytes, answer bytes)}: samples and secret cases, smallest first."""
    return dict(sorted(PROBLEM.test_data().items(), key=lambda item: len(item[1][0])))


def parsed(text):
    """Return (w (d,), xs (K, B, d), ys (K, B), lr, K) of one input: K B d lr, w, then K·B lines x y."""
    tokens = text.split()
    k, b, d = (int(token) for token in tokens[:3])
    numbers = np.array(tokens[4:], dtype=float)
    assert numbers.size == d + k * b * (d + 1), "%d numbers after the first line" % numbers.size
    rows = numbers[d:].reshape(k, b, d + 1)
    return numbers[:d], rows[:, :, :d], rows[:, :, d], float(tokens[3]), k


@functools.lru_cache(maxsize=None)
def library(name):
    """Return the library's weights (d,) on the case NAME."""
    return gradient_accumulation_step(*parsed(data()[name][0]))


def values(output, d):
    """Return the d values of a program's output (one line), or the reason it holds no such line."""
    lines = output.decode("latin-1").splitlines()
    if len(lines) != 1:
        return "%d lines, not 1" % len(lines)
    try:
        found = np.array(lines[0].split(), dtype=float)
    except ValueError as error:
        return "a token that is not a number (%s)" % error
    return found if found.shape == (d,) else "%d values, not d = %d" % (found.size, d)


def disagreement(got, want):
    """Return None when got agrees with want (see AGREE), else the worst value's error, as a sentence."""
    if isinstance(got, str):
        return got
    error = np.abs(got - want) / np.maximum(np.abs(want), 1.0)
    worst = int(np.argmax(error))
    if error[worst] <= AGREE:  # not `>`: a nan fails here too
        return None
    return "w'_%d is %r, the library's %r (error %.3g of max(|value|, 1))" % (
        worst + 1, float(got[worst]), float(want[worst]), error[worst])


def disagreements(run, stop_at_first=False, largest=None):
    """Return ["case: why"] for every case (in order of size; those of at most `largest` bytes, if given)
    where run(input) disagrees with the library."""
    found = []
    for name, (text, _) in data().items():
        if largest is not None and len(text) > largest:
            break
        want = library(name)
        try:
            why = disagreement(values(run(text), want.size), want)
        except Exception as error:  # a wrong submission that crashes on a case disagrees there
            why = "it raised %r" % error
        if why:
            found.append("%s: %s" % (name, why))
            if stop_at_first:
                break
    return found


def test_the_data_is_there():
    names = list(data())
    assert any(name.startswith("sample/") for name in names)
    assert any(name.startswith("secret/") for name in names)
    assert PROBLEM.accepted(), "no accepted Python solution"


@pytest.mark.parametrize("name", sorted(PROBLEM.accepted()))
def test_each_accepted_python_solution_agrees_with_the_library(name):
    code = compile(PROBLEM.accepted()[name], name + ".py", "exec")
    found = disagreements(lambda text: run_script(code, text))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", [n for n in sorted(PROBLEM.submissions("accepted")) if n.endswith(".cpp")])
def test_each_accepted_cpp_solution_agrees_with_the_library(name, tmp_path):
    program = compiled(tmp_path, PROBLEM.submissions("accepted")[name])

    def run(text):
        return subprocess.run([str(program)], input=text, capture_output=True, check=True, timeout=60).stdout

    found = disagreements(run)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", sorted(PROBLEM.too_slow()))
def test_each_too_slow_submission_agrees_on_the_cases_it_can_finish(name):
    """Right, and too slow for the largest cases: it is held to the library on those under 100 kB."""
    code = compile(PROBLEM.too_slow()[name], name + ".py", "exec")
    found = disagreements(lambda text: run_script(code, text), largest=100_000)
    assert not found, "\n".join(found)


def test_the_library_agrees_with_the_answers():
    """The answers are the reference's exact values, printed within 1e-9 relative of them."""
    found = []
    for name, (_, answer) in data().items():
        want = library(name)
        why = disagreement(values(answer, want.size), want)
        if why:
            found.append("%s: %s" % (name, why))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("mistake", sorted(PROBLEM.wrong_answers()))
def test_each_wrong_submission_disagrees_with_the_library(mistake):
    """The check above is not vacuous: every mistake is caught by it on some case, smallest first."""
    code = compile(PROBLEM.wrong_answers()[mistake], mistake + ".py", "exec")
    assert disagreements(lambda text: run_script(code, text), stop_at_first=True)
