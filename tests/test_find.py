"""`make check FILE=... FIND=1` and the page's "Find a failing input" (practice/find.py): the search tries
only inputs the statement allows, reaches exact rounding ties of both signs, and finds the mistakes that
show only at K >= 3 or at d = 1, shrunk small.

Each search here runs the learner's program in this process (find.smallest with a fails_on, as
tests/test_practice.py's in_process() does); one test runs `make check FIND=1` itself, in its sandbox.
No test asserts a time.
"""

import contextlib
import doctest
import functools
import importlib
import io
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from packages.problem import Problem, names
from practice import check, find
from practice.judge import Check
from problems.gradientaccumulation import reference
from problems.gradientaccumulation.validators.validate import validate
from testkit.runs import ROOT
from tests.learners import head_program, linear_program

SEEDS = [1, 2, 3]
FIRST, LINEAR, HEAD = "gradientaccumulation", "linearaccumulation", "headaccumulation"
READ = ("import sys\nt = (sys.stdin.read()).split()\nk, lr = int(t[0]), float(t[1])\n"
        "v = [float(x) for x in t[2:]]\nd = len(v) // (k + 1)\ntheta = v[:d]\n"
        "grads = [v[d * (i + 1):d * (i + 2)] for i in range(k)]\n")
VALUES = "values = [theta[j] - lr * (sum(g[j] for g in grads) / k) for j in range(d)]\n"
PRINT = "print(' '.join('0.0000' if x == '-0.0000' else x for x in out))\n"
RIGHT = READ + VALUES + "out = ['%.4f' % x for x in values]\n" + PRINT
# Right but on an exact tie, which it rounds away from zero: Decimal(x) is the double's exact value.
HALF_UP = (READ + VALUES + "from decimal import ROUND_HALF_UP, Decimal\n"
           "out = [format(Decimal(x).quantize(Decimal('0.0001'), ROUND_HALF_UP), 'f')"
           " for x in values]\n" + PRINT)
# The same below zero only: it passes all three samples, whose only exact tie is 0.03125.
HALF_UP_BELOW_ZERO = (READ + VALUES + "from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal\n"
                      "out = [format(Decimal(x).quantize(Decimal('0.0001'), ROUND_HALF_UP if x < 0 else"
                      " ROUND_HALF_EVEN), 'f') for x in values]\n" + PRINT)
ONLY_TWO = RIGHT.replace("for i in range(k)]\n", "for i in range(k)][:2]\n")  # wrong only when K >= 3
UPHILL_AT_D_1 = READ + "if d == 1:\n    lr = -lr\n" + VALUES + "out = ['%.4f' % x for x in values]\n" + PRINT
# A right solution that asserts every constraint of the statement before it computes.
ASSERTS = r"""import re, sys
data = sys.stdin.buffer.read()
assert data.endswith(b"\n") and b"\r" not in data
lines = data[:-1].split(b"\n")
head = lines[0].split(b" ")
assert len(head) == 2 and re.fullmatch(rb"[1-9][0-9]*", head[0]), head
k = int(head[0])
assert 1 <= k <= 10 and len(lines) == k + 2, (k, len(lines))
number = re.compile(rb"-?(0|[1-9][0-9]*)(\.[0-9]{1,10})?")
rows = [line.split(b" ") for line in lines[1:]]
assert all(number.fullmatch(token) for token in [head[1]] + sum(rows, [])), rows
lr = float(head[1])
assert 0 <= lr <= 10, lr
d = len(rows[0])
assert 1 <= d <= 100000 and all(len(row) == d for row in rows), rows
theta, *grads = [[float(token) for token in row] for row in rows]
assert all(abs(x) <= 10**9 for row in [theta] + grads for x in row)
""" + VALUES + "out = ['%.4f' % x for x in values]\n" + PRINT


def in_process(source, tried=None, problem=FIRST):
    """Return find.smallest's fails_on for a learner's program of a problem run in this process; it appends
    each input to tried. An exception is a failure, as RTE is: an assert that trips on an input fails it.
    The output is judged as a check judges it, within the problem's tolerance."""
    code = compile(source, "learner.py", "exec")
    answer = importlib.import_module("problems.%s.reference" % problem).answer
    tolerance = Problem.named(problem).tolerance

    def fails_on(data):
        if tried is not None:
            tried.append(data)
        out, stdin = io.StringIO(), sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(data))  # text, with the bytes under it as .buffer
        try:
            with contextlib.redirect_stdout(out):
                exec(code, {"__name__": "__main__"})
        except (Exception, SystemExit):
            return True
        finally:
            sys.stdin = stdin
        return Check({}, tolerance).judge(answer(data).encode(), out.getvalue().encode(), {}).name != "AC"

    return fails_on


def shape(data):
    """Return (K, d, the longest number's length) of an input."""
    rows = data.decode().splitlines()
    return int(rows[0].split()[0]), len(rows[1].split()), max(len(token) for token in data.split()[1:])


def results(data):
    """Return [(theta - lr * mean, lr * mean)] of each parameter, as Fractions of the doubles the statement
    computes (the gradients added left to right)."""
    k, lr, theta, grads = reference.problem(data)
    out = []
    for j, start in enumerate(theta):
        total = 0.0
        for g in grads:
            total += g[j]
        step = lr * (total / k)
        out.append((Fraction(start - step), Fraction(step)))
    return out


def exact_tie(value):
    """Return whether a value lies exactly halfway between two of 4 decimals: an odd multiple of 1/32."""
    return (value * 32).denominator == 1 and (value * 32).numerator % 2 == 1


@functools.cache
def search(source, seed, problem=FIRST):
    """Return (the smallest failing input or None, every input run, the seconds it took) of the search
    with the learner run in this process; each search runs once, for every test that reads it."""
    tried, start = [], time.perf_counter()
    data, count = find.smallest(in_process(source, tried, problem), problem, seed)
    assert count == len(tried), (count, len(tried))
    return data, tuple(tried), time.perf_counter() - start


def found(source, seed, problem=FIRST):
    """Return (the smallest failing input the search finds, every input it ran)."""
    data, tried, _ = search(source, seed, problem)
    assert data is not None
    return data, tried


def test_the_learners_are_what_they_claim():
    """Half up fails sample 2 (0.03125) and only two gradients sample 3 (K = 3); the others pass the
    samples. The asserting one trips on a negative learning rate, as the search once drew."""
    samples = [(ROOT / "samples" / name).read_bytes()
               for name in ("seed-example-lines.in", "printing-rules.in", "three-microbatches.in")]
    assert [in_process(HALF_UP)(given) for given in samples] == [False, True, False]
    assert [in_process(ONLY_TWO)(given) for given in samples] == [False, False, True]
    for source in (HALF_UP_BELOW_ZERO, UPHILL_AT_D_1, ASSERTS):
        assert not any(in_process(source)(given) for given in samples), source
    assert in_process(ASSERTS)(b"1 -1\n0\n1\n") and not in_process(RIGHT)(b"1 -1\n0\n1\n")


@pytest.mark.parametrize("source, seed", [(ASSERTS, seed) for seed in SEEDS] + [
    (HALF_UP, 1), (HALF_UP_BELOW_ZERO, 1), (ONLY_TWO, 1), (UPHILL_AT_D_1, 1)],
    ids=["asserts-%d" % seed for seed in SEEDS] + ["half up", "half up below zero", "K >= 3", "d = 1"])
def test_every_input_the_search_runs_passes_the_packages_validator(source, seed):
    """Drawn, shrunk or cut down: every input run is one the package's validator takes, bounds included.
    A right solution's searches draw the most; the others shrink and cut down what fails."""
    _, tried, _ = search(source, seed)
    assert tried
    for data in tried:
        validate(data)  # raises Invalid, with the reason, on an input the statement does not allow


@pytest.mark.parametrize("seed", SEEDS)
def test_the_search_reaches_exact_ties_of_both_signs_through_the_arithmetic(seed):
    """Results exactly halfway, above and below zero, that the doubles compute from a nonzero step, some
    with a K that is no power of two (3, 5, 6, ...), whose mean is exact only if the sum divides by it."""
    _, tried, _ = search(ASSERTS, seed)
    ties = [(value, shape(data)[0]) for data in tried for value, step in results(data)
            if exact_tie(value) and step]
    assert any(value > 0 for value, _ in ties) and any(value < 0 for value, _ in ties), ties
    assert any(k & (k - 1) for _, k in ties), ties


@pytest.mark.parametrize("source, sign, seed", [(HALF_UP, 1, seed) for seed in SEEDS] + [
    (HALF_UP_BELOW_ZERO, -1, 1)], ids=["half up-%d" % seed for seed in SEEDS] + ["half up below zero"])
def test_ties_rounded_half_up_are_found_and_shrunk_to_one_tie(source, sign, seed):
    """Half up is found with each seed, shrunk to one tie of few digits (0.03125); so is a solution
    wrong only on ties below zero (-0.03125)."""
    data, _ = found(source, seed)
    k, d, longest = shape(data)
    value = results(data)[0][0]
    assert d == 1 and k <= 2 and longest <= 8 and exact_tie(value) and value * sign > 0, data


@pytest.mark.parametrize("seed", SEEDS)
def test_a_mistake_only_at_k_3_or_more_is_found_with_k_3(seed):
    data, tried = found(ONLY_TWO, seed)
    k, d, longest = shape(data)
    assert (k, d) == (3, 1) and longest <= 3, data
    assert all(shape(given)[0] >= 3 for given in tried if in_process(ONLY_TWO)(given))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_mistake_only_at_d_1_is_found_with_d_1(seed):
    data, _ = found(UPHILL_AT_D_1, seed)
    k, d, longest = shape(data)
    assert d == 1 and k <= 2 and longest <= 3, data


@pytest.mark.parametrize("seed", SEEDS)
def test_a_right_solution_that_asserts_every_constraint_is_never_failed(seed):
    data, tried, _ = search(ASSERTS, seed)
    assert data is None and len(tried) >= 100, (data, len(tried))


def test_make_check_find_finds_ties_rounded_half_up(tmp_path, monkeypatch):
    """make check FIND=1 itself, each input in the sandbox: the tie found, printed, named and saved."""
    path = tmp_path / (tmp_path.name + ".py")  # the input is saved by the file's name
    path.write_text(HALF_UP)
    out = io.StringIO()
    monkeypatch.setattr(check, "FOUND", tmp_path / "find")  # not the project's build/find/
    assert check.check(path, sys.executable, out=out, find=1) == 1, out.getvalue()
    lines = out.getvalue().splitlines()
    start = next(n for n, line in enumerate(lines) if "the smallest that goes wrong is WA" in line)
    given = "\n".join(line[4:] for line in lines[start + 2:lines.index("", start + 2)]) + "\n"
    assert any(exact_tie(value) for value, _ in results(given.encode())), given
    assert lines[-3].endswith(check.mistakes()["half_up_rounding"].sentence), lines
    saved = Path(lines[-1].split()[5][:-1])
    assert saved.read_text() == given


@pytest.mark.parametrize("name", ["practice.find", "practice.judge"] + [
    "problems.%s.search" % problem for problem in names()])
def test_the_search_and_each_problems_strategy_say_what_they_do(name):
    """The doctests of practice/find.py, practice/judge.py and each problem's search.py, which make test
    does not collect (they lie outside pyproject's testpaths)."""
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and (result.attempted or name == "practice.find"), (name, result)


# --- the second problem: one accumulated step of a linear regressor ------------------------------------

LINEAR_RIGHT = linear_program()
LINEAR_ONLY_TWO = linear_program(used="min(k, 2)")  # wrong only when K >= 3: two micro-batches at most


def linear_shape(data):
    """Return (K, B, d) of an input of the second problem."""
    k, b, d = data.split()[:3]
    return int(k), int(b), int(d)


def test_the_second_problems_learners_are_what_they_claim():
    """The right one passes every sample; the one that uses two micro-batches at most passes those with
    K <= 2 and fails those with K >= 3 (where they tell the difference)."""
    for name, (given, _) in Problem.named(LINEAR).test_data().items():
        assert not in_process(LINEAR_RIGHT, problem=LINEAR)(given), name
        if linear_shape(given)[0] <= 2:
            assert not in_process(LINEAR_ONLY_TWO, problem=LINEAR)(given), name


@pytest.mark.parametrize("seed", SEEDS)
def test_a_mistake_of_the_second_problem_only_at_k_3_or_more_is_found_with_k_3_and_small_b_and_d(seed):
    """The second problem's search.py, through the same search: K = 3, one example a micro-batch, one
    feature; every input it ran is one the validator takes."""
    data, tried, seconds = search(LINEAR_ONLY_TWO, seed, LINEAR)
    assert data is not None, (len(tried), seconds)
    assert linear_shape(data) == (3, 1, 1) and len(data) <= 30, data
    validate_linear = importlib.import_module("problems.linearaccumulation.validators.validate").validate
    for given in tried:
        validate_linear(given)
    fails = in_process(LINEAR_ONLY_TWO, problem=LINEAR)
    assert all(linear_shape(given)[0] >= 3 for given in tried if fails(given))


def test_a_right_solution_to_the_second_problem_is_never_failed():
    data, tried, _ = search(LINEAR_RIGHT, 1, LINEAR)
    assert data is None and len(tried) >= 100, (data, len(tried))


def test_make_check_find_on_the_second_problem_finds_k_3(tmp_path, monkeypatch):
    """make check PROBLEM=linearaccumulation FIND=1 itself, each input in the sandbox: K = 3, small B and d,
    printed with expected against found, and saved."""
    path = tmp_path / (tmp_path.name + ".py")
    path.write_text(LINEAR_ONLY_TWO)
    out = io.StringIO()
    monkeypatch.setattr(check, "FOUND", tmp_path / "find")
    assert check.check(path, sys.executable, out=out, find=1, problem=LINEAR) == 1, out.getvalue()
    lines = out.getvalue().splitlines()
    start = next(n for n, line in enumerate(lines) if "the smallest that goes wrong is WA" in line)
    given = "\n".join(line[4:] for line in lines[start + 2:lines.index("", start + 2)]) + "\n"
    assert linear_shape(given.encode()) == (3, 1, 1), given
    assert any(line.startswith("expected ") for line in lines) and any("^" in line for line in lines), lines
    saved = Path(lines[-1].split()[5][:-1])
    assert saved.read_text() == given


# --- the third problem: the LM output head's step, accumulated over padded micro-batches -------------------

HEAD_RIGHT = head_program()
HEAD_MEAN_OF_MEANS = head_program(mean_of_means=True)  # right only where the micro-batches count alike
HEAD_OVERFLOWS = head_program(top="0")  # the softmax with nothing subtracted: math.exp overflows past 709.78
SUBMITTED_MEAN_OF_MEANS = Problem.named(HEAD).wrong_answers()["mean_of_means"].decode()


def head_shape(data):
    """Return (M, d, V, the counted tokens of each micro-batch, the tokens of each) of an input of the
    third problem."""
    lines = data.decode().splitlines()
    m, d, v = (int(token) for token in lines[0].split()[:3])
    at, counted, tokens = 1 + d, [], []
    for _ in range(m):
        n = int(lines[at])
        targets = [int(line.split()[0]) for line in lines[at + 1:at + 1 + n]]
        counted.append(sum(t != -100 for t in targets))
        tokens.append(n)
        at += 1 + n
    return m, d, v, counted, tokens


def test_the_third_problems_learners_are_what_they_claim():
    """The right one passes both samples; the mean of means passes sample 1 (equal micro-batches, no
    padding) and fails sample 2 (unequal counts, padding), as the submission does; nothing subtracted
    passes both, whose logits are small."""
    samples = [given for given, _ in Problem.named(HEAD).sample_pairs()]
    for source in (HEAD_RIGHT, HEAD_OVERFLOWS):
        assert not any(in_process(source, problem=HEAD)(given) for given in samples)
    for source in (HEAD_MEAN_OF_MEANS, SUBMITTED_MEAN_OF_MEANS):
        assert [in_process(source, problem=HEAD)(given) for given in samples] == [False, True]


@pytest.mark.parametrize("source, seed", [(HEAD_MEAN_OF_MEANS, seed) for seed in SEEDS] + [
    (SUBMITTED_MEAN_OF_MEANS, 1)], ids=["learner-%d" % seed for seed in SEEDS] + ["mean_of_means.py"])
def test_the_mean_of_means_is_found_with_two_micro_batches_of_unequal_counts_and_few_tokens(source, seed):
    """The third problem's search.py: two micro-batches whose counted tokens differ, few tokens, small d
    and V; every input it ran is one the validator takes, and each that failed has unequal counts (the
    mean of means is right wherever every micro-batch counts alike)."""
    data, tried, seconds = search(source, seed, HEAD)
    assert data is not None, (len(tried), seconds)
    m, d, v, counted, tokens = head_shape(data)
    assert m == 2 and counted[0] != counted[1] and sum(tokens) <= 4 and d == 1 and v <= 2, data
    validate_head = importlib.import_module("problems.headaccumulation.validators.validate").validate
    fails = in_process(source, problem=HEAD)
    for given in tried:
        validate_head(given)
        if fails(given):
            assert len(set(head_shape(given)[3])) > 1, given


def test_a_softmax_that_overflows_is_found_with_one_token():
    """A crash fails an input as RTE does: the search finds a logit past 709.78 (or all of them far below
    zero), with one micro-batch of one token, d = V = 1."""
    data, _ = found(HEAD_OVERFLOWS, 1, HEAD)
    m, d, v, _, tokens = head_shape(data)
    assert (m, d, v, tokens) == (1, 1, 1, [1]), data
    w, h = float(data.split()[4]), float(data.split()[7])
    assert w * h > 709.78 or w * h < -745, data


def test_a_right_solution_to_the_third_problem_is_never_failed():
    data, tried, _ = search(HEAD_RIGHT, 1, HEAD)
    assert data is None and len(tried) >= 100, (data, len(tried))


def test_make_check_find_on_the_third_problem_finds_the_mean_of_means(tmp_path, monkeypatch):
    """make check PROBLEM=headaccumulation FILE=mean_of_means.py FIND=1 itself, each input in the sandbox:
    two micro-batches of unequal counts and few tokens, expected against found, the mistake named, saved."""
    path = tmp_path / "mean_of_means.py"
    path.write_text(SUBMITTED_MEAN_OF_MEANS)
    out = io.StringIO()
    monkeypatch.setattr(check, "FOUND", tmp_path / "find")
    assert check.check(path, sys.executable, out=out, find=1, problem=HEAD) == 1, out.getvalue()
    lines = out.getvalue().splitlines()
    start = next(n for n, line in enumerate(lines) if "the smallest that goes wrong is WA" in line)
    given = "\n".join(line[4:] for line in lines[start + 2:lines.index("", start + 2)]) + "\n"
    m, _, _, counted, tokens = head_shape(given.encode())
    assert m == 2 and counted[0] != counted[1] and sum(tokens) <= 4, given
    assert lines[-3].endswith("; " + check.mistakes(HEAD)["mean_of_means"].sentence), lines
    assert Path(lines[-1].split()[5][:-1]).read_text() == given
