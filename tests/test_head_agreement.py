"""The library agrees with the judge problem: accumulation.train_with_gradient_accumulation (ignore_index
-100) and every accepted solution of `headaccumulation` give the same W' on every case of its data
(samples and secret).

Each case's input is parsed with numpy into (micro-batches of (hidden states, target ids), W, lr) and
stepped by the library; each accepted program runs once per case, the Python ones in this process
(compiled once, stdin and stdout swapped for byte streams, as a page runs a script), the C++ one as a
process, compiled with g++ where there is one. A value agrees when |program - library| <= 1e-9 *
max(|library|, 1): relative 1e-9, and absolute 1e-9 for values under 1 in magnitude, where a relative
error says nothing (a value that cancels to 0 in exact arithmetic is some rounding errors away from it
in float64). The library is held to the case's answer (the reference's exact value, printed) the same
way. Every wrong submission must disagree with the library on some case beyond that: the check is not
vacuous. The too-slow submission is right, and is held to the library on the cases it finishes quickly
(under 100 kB). The run-time-error submissions (a softmax without the largest logit subtracted) must
raise on some case, and agree with the library on every other case under 100 kB: the largest cases
come last in a judge's order (their names sort after the overflow cases'), so they cannot change the
verdict, and they would double the time of this file.
"""

import functools
import subprocess

import numpy as np
import pytest

from accumulation import train_with_gradient_accumulation
from packages.problem import Problem
from tests.support import compiled, run_script

PROBLEM = Problem.named("headaccumulation")
AGREE = 1e-9  # relative, and absolute under 1 in magnitude: see the module's docstring
PADDING = -100  # the target id of a padding token: the library's ignore_index
SMALL = 100_000  # bytes: the cases the too-slow and the run-time-error submissions run on


def data():
    """Return {case name: (input bytes, answer bytes)}: samples and secret cases, smallest first."""
    return dict(sorted(PROBLEM.test_data().items(), key=lambda item: len(item[1][0])))


def parsed(text):
    """Return (micro_batches, W (d, V), lr) of one input: `M d V lr`, W's d rows of V numbers, then M
    micro-batches, each a line n and n lines `t h_1 ... h_d`; micro_batches is a list of (hidden (n, d),
    target ids (n,) int64)."""
    tokens = text.split()
    m, d, v = (int(token) for token in tokens[:3])
    numbers = np.array(tokens[4:], dtype=float)  # every count and id is an integer, exact in float64
    weight = numbers[:d * v].reshape(d, v)
    position, micro_batches = d * v, []
    for _ in range(m):
        n = int(numbers[position])
        rows = numbers[position + 1:position + 1 + n * (d + 1)]
        assert rows.size == n * (d + 1), "a micro-batch of %d tokens, %d numbers" % (n, rows.size)
        rows = rows.reshape(n, d + 1)
        micro_batches.append((rows[:, 1:], rows[:, 0].astype(np.int64)))
        position += 1 + n * (d + 1)
    assert position == numbers.size, "%d numbers after the last micro-batch" % (numbers.size - position)
    return micro_batches, weight, float(tokens[3])


@functools.lru_cache(maxsize=None)
def library(name):
    """Return the library's W' (d, V) on the case NAME."""
    micro_batches, weight, lr = parsed(data()[name][0])
    return train_with_gradient_accumulation(micro_batches, weight, lr, ignore_index=PADDING)


def values(output, shape):
    """Return the d x V values of a program's output (d lines of V), or the reason it holds no such lines."""
    d, v = shape
    lines = output.decode("latin-1").splitlines()
    if len(lines) != d:
        return "%d lines, not d = %d" % (len(lines), d)
    rows = [line.split() for line in lines]
    wrong = [i for i, row in enumerate(rows) if len(row) != v]
    if wrong:
        return "line %d holds %d values, not V = %d" % (wrong[0] + 1, len(rows[wrong[0]]), v)
    try:
        return np.array(rows, dtype=float)
    except ValueError as error:
        return "a token that is not a number (%s)" % error


def disagreement(got, want):
    """Return None when got agrees with want (see AGREE), else the worst value's error, as a sentence."""
    if isinstance(got, str):
        return got
    error = np.abs(got - want) / np.maximum(np.abs(want), 1.0)
    worst = np.unravel_index(int(np.argmax(error)), error.shape)
    if error[worst] <= AGREE:  # not `>`: a nan fails here too
        return None
    return "W'[%d][%d] is %r, the library's %r (error %.3g of max(|value|, 1))" % (
        worst[0] + 1, worst[1] + 1, float(got[worst]), float(want[worst]), error[worst])


def outcomes(run, largest=None):
    """Yield (case name, why) for every case (in order of size; those of at most `largest` bytes, if
    given): why is None where run(input) agrees with the library, else a sentence; an exception the
    program raises is given as itself, not a sentence."""
    for name, (text, _) in data().items():
        if largest is not None and len(text) > largest:
            break
        want = library(name)
        try:
            why = disagreement(values(run(text), want.shape), want)
        except Exception as error:  # a wrong submission that crashes on a case disagrees there
            why = error
        yield name, why


def disagreements(run, stop_at_first=False, largest=None):
    """Return ["case: why"] for every case where run(input) disagrees with the library (see outcomes())."""
    found = []
    for name, why in outcomes(run, largest):
        if why is not None:
            found.append("%s: %s" % (name, why if isinstance(why, str) else "it raised %r" % why))
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
    found = disagreements(lambda text: run_script(code, text), largest=SMALL)
    assert not found, "\n".join(found)


def test_the_library_agrees_with_the_answers():
    """The answers are the reference's exact values, printed within 1e-9 relative of them."""
    found = []
    for name, (_, answer) in data().items():
        want = library(name)
        why = disagreement(values(answer, want.shape), want)
        if why:
            found.append("%s: %s" % (name, why))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("mistake", sorted(PROBLEM.wrong_answers()))
def test_each_wrong_submission_disagrees_with_the_library(mistake):
    """The check above is not vacuous: every mistake is caught by it on some case, smallest first."""
    code = compile(PROBLEM.wrong_answers()[mistake], mistake + ".py", "exec")
    assert disagreements(lambda text: run_script(code, text), stop_at_first=True)


@pytest.mark.parametrize("name", sorted(PROBLEM.run_time_errors()))
def test_each_run_time_error_submission_raises_on_some_case_and_agrees_where_it_finishes(name):
    """A softmax without the largest logit subtracted: math.exp overflows on some cases (a judge's
    run-time error), and on the others (under 100 kB) it is the right step, within the same 1e-9."""
    code = compile(PROBLEM.run_time_errors()[name], name + ".py", "exec")
    found = list(outcomes(lambda text: run_script(code, text), largest=SMALL))
    raised = [case for case, why in found if isinstance(why, Exception)]
    wrong = ["%s: %s" % (case, why) for case, why in found if isinstance(why, str)]
    assert raised, "it finished every case"
    assert not wrong, "\n".join(wrong)
