"""The third problem's folder, problems/headaccumulation/: its data, validators, reference, search and
submissions agree with each other and with the statement.

The wrong submissions, the overflowing one and the slow one run in-process (each is a script of stdin
and print), on the samples and the secret cases but the largest (PROBLEM.cases(largest=False)); the
accepted solutions run on every case."""

import contextlib
import io
import math
import re
import subprocess
from unittest import mock

import hypothesis
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import find as hypothesis_find

from packages import statement
from packages.problem import Problem
from tests.support import compiled

PROBLEM = Problem.named("headaccumulation")
CRASHES = (OverflowError, ZeroDivisionError)  # what a softmax without the largest logit subtracted dies of


def run(source, data):
    """Return what the program source prints on input bytes, run in-process with stdin swapped."""
    out = io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="ascii")
    with contextlib.redirect_stdout(out), mock.patch("sys.stdin", stdin):
        exec(compile(source, "submission.py", "exec"), {"__name__": "__main__"})  # noqa: S102 (our own programs)
    return out.getvalue()


def values(text, given):
    """Return the floats of an output, or fail if it is not d lines of V finite values (the input's d, V)."""
    _, d, v = map(int, given.split()[:3])
    lines = text.split("\n")
    assert lines[-1] == "" and len(lines) == d + 1, text[:80]
    out = [float(token) for line in lines[:-1] for token in line.split(" ")]
    assert len(out) == d * v and all(map(math.isfinite, out)), text[:80]
    return out


def far(a, b, given, factor=1.0):
    """Return whether some value of output a is beyond factor times the tolerance of b's (absolute or
    relative to b's value), as the judges compare an output with the answer."""
    tolerance = PROBLEM.tolerance * factor
    return any(abs(x - y) > tolerance * max(1.0, abs(y))
               for x, y in zip(values(a, given), values(b, given), strict=True))


def apart(a, b, given):
    """Return whether no output can be within the tolerance of both a and b: they are more than twice
    the tolerance apart, relative to the larger."""
    return any(abs(x - y) > 2 * PROBLEM.tolerance * max(1.0, abs(x), abs(y))
               for x, y in zip(values(a, given), values(b, given), strict=True))


def logits(given):
    """Return the logits of every counted token of an input, in double precision: a list of lists."""
    tokens = given.split()
    k, d, v = map(int, tokens[:3])
    w = [[float(x) for x in tokens[4 + m * v:4 + (m + 1) * v]] for m in range(d)]
    at, out = 4 + d * v, []
    for _ in range(k):
        n = int(tokens[at])
        for i in range(n):
            row = tokens[at + 1 + i * (d + 1):at + 1 + (i + 1) * (d + 1)]
            if int(row[0]) != -100:
                h = [float(x) for x in row[1:]]
                out.append([math.fsum(h[m] * w[m][j] for m in range(d)) for j in range(v)])
        at += 1 + n * (d + 1)
    return out


def overflows(given):
    """Return whether exp() of some logit overflows a double, or of every logit of some token is 0."""
    return any(max(z) > 709.78 or max(z) < -745.2 for z in logits(given))


@pytest.fixture(scope="module")
def small():
    """{case: (input, answer)} of the samples and the secret cases but the largest."""
    data = {"sample/" + name: given for name, given in PROBLEM.data_entries("sample").items()}
    data.update({"secret/" + name: given for name, given in PROBLEM.cases(largest=False).items()})
    return {name: (given, PROBLEM.reference.answer(given).encode()) for name, given in data.items()}


@pytest.fixture(scope="module")
def outputs(small):
    """{mistake: {case: output}} of every wrong submission on the small cases."""
    return {mistake: {case: run(source.decode(), given) for case, (given, _) in small.items()}
            for mistake, source in PROBLEM.wrong_answers().items()}


def test_every_input_passes_the_validator_and_every_invalid_one_fails(small):
    validate = PROBLEM.validate
    assert set(PROBLEM.cases()) - set(PROBLEM.cases(largest=False)) == {
        "30-largest-m", "31-largest-n", "32-largest-d-v", "33-most-numbers"}  # test_data() validates those
    for given, answer in small.values():
        validate.validate(given)
        PROBLEM.validate_answer.validate(answer, given)
    for name, given in PROBLEM.invalid_inputs().items():
        with pytest.raises(validate.Invalid):
            validate.validate(given)
            pytest.fail("invalid_input/%s passes the validator" % name)


def test_the_data_reaches_every_bound_the_validator_reports():
    """Every bound is reached, at both ends, by some input (what bt constraints checks): the most
    micro-batches, tokens in one micro-batch and tokens in all, the largest d, V and T * d * V, numbers
    at -100 and 100, and learning rates 0 and 1."""
    bounds = PROBLEM.validate.Bounds()
    for given, _ in PROBLEM.test_data().values():
        PROBLEM.validate.validate(given, bounds)
    assert sorted(bounds.seen) == ["M", "T", "V", "d", "eta", "n", "size", "v"]
    for name, (smallest, largest, low, high) in bounds.seen.items():
        assert (name, smallest, largest) == (name, low, high)
    assert bounds.seen["size"][1] == PROBLEM.validate.MAX_SIZE


def test_the_bounds_agree_across_the_problems_programs():
    gen, validate = PROBLEM.module("generators.gen"), PROBLEM.validate
    assert (gen.MAX_T, gen.MAX_D, gen.MAX_V, gen.MAX_SIZE, gen.MAX_ABS, gen.PADDING) == (
        validate.MAX_T, validate.MAX_D, validate.MAX_V, validate.MAX_SIZE, validate.MAX_ABS, validate.PADDING)
    assert (PROBLEM.validate_answer.MAX_D, PROBLEM.validate_answer.MAX_V) == (validate.MAX_D, validate.MAX_V)
    assert validate.TOLERANCE == PROBLEM.tolerance == 1e-6
    assert (PROBLEM.reference.PLACES, PROBLEM.reference.PADDING) == (validate.PLACES, validate.PADDING)


def test_the_answer_validator_refuses_what_the_reference_never_prints():
    given, answer = PROBLEM.sample_pairs()[1]
    check = PROBLEM.validate_answer
    assert check.validate(answer, given) == (2, 3)
    first, second = answer.split(b"\n")[:2]
    for bad in (answer.rstrip(), answer + b"\n", first + b"\n", first + b" " + second + b"\n",
                b"0.4 -0.3\n0 0\n", b"0.4 -0.3 -0.08 1\n0 0 0\n", b"inf 0 0\n0 0 0\n", b"nan 0 0\n0 0 0\n",
                b"0.4  -0.3 -0.08\n0 0 0\n", b"1.0e5 0 0\n0 0 0\n", b"00.4 0 0\n0 0 0\n"):
        with pytest.raises(check.Invalid):
            check.validate(bad, given)


def test_the_statement_is_in_the_subset_and_states_every_bound():
    samples, source = PROBLEM.sample_pairs(), PROBLEM.statement
    statement.latex(source)
    statement.html(samples, PROBLEM.credit, source)
    statement.dmoj_markdown(samples, PROBLEM.credit, source)
    text = source.read_text(encoding="utf-8").split(statement.END)[0]
    for bound in PROBLEM.validate.constraints(math=True):
        assert "$%s$" % bound in text, bound
    assert "10^{-6}" in text


def test_the_samples_show_where_the_mean_of_means_is_right_and_where_not(outputs):
    """Sample 1: two micro-batches of 2 counted tokens, no padding; sample 2: 3 tokens, then 1 and a
    padding token, the first row of W' 5/12, -1/3, -1/12 and the mean of means' 1/6, -1/3, 1/6, as the
    statement says."""
    (one, one_answer), (two, two_answer) = PROBLEM.sample_pairs()
    assert b"-100" not in one and b"-100" in two
    assert not far(outputs["mean_of_means"]["sample/1"], one_answer.decode(), one)
    assert values(one_answer.decode(), one) == [0.125, 0.0, -0.125, -1 / 6, 1 / 12, 1 / 12]
    assert values(two_answer.decode(), two) == [5 / 12, -1 / 3, -1 / 12, 0.0, 0.0, 0.0]
    mean_of_means = values(outputs["mean_of_means"]["sample/2"], two)
    stated = [1 / 6, -1 / 3, 1 / 6, 0.0, 0.0, 0.0]
    assert max(abs(x - y) for x, y in zip(mean_of_means, stated, strict=True)) < 1e-15


def test_the_accepted_python_solution_is_within_the_tolerance_on_every_case():
    (source,) = PROBLEM.accepted().values()
    for name, (given, answer) in PROBLEM.test_data().items():
        got = values(run(source.decode(), given), given)
        expected = values(answer.decode(), given)
        assert all(abs(x - y) <= 1e-9 * max(1.0, abs(y)) for x, y in zip(got, expected, strict=True)), name


def test_the_accepted_cpp_solution_is_within_the_tolerance_on_every_case(tmp_path):
    program = compiled(tmp_path, PROBLEM.submissions("accepted")["head.cpp"])
    for name, (given, answer) in PROBLEM.test_data().items():
        got = subprocess.run([str(program)], input=given, capture_output=True, check=True).stdout.decode()
        assert not far(got, answer.decode(), given, factor=1e-3), name


def test_the_reference_is_exact_where_the_softmax_is_rational():
    """With W = 0 every p is 1/V: the reference's W' is the exact one, rounded once to a double."""
    reference = PROBLEM.reference
    given = b"2 1 3 1\n0 0 0\n2\n0 1\n-100 5\n1\n2 0.5\n"  # two counted tokens: p = (1/3, 1/3, 1/3)
    # The gradients 1 * (1/3 - 1, 1/3, 1/3) and 0.5 * (1/3, 1/3, 1/3 - 1) add up to (-1/2, 1/2, 0):
    # over N = 2, with lr = 1, W' = (1/4, -1/4, 0).
    assert reference.answer(given) == "0.25 -0.25 0.0\n"
    assert reference.probabilities([0, 0, 0]) == [10**45 // 3] * 3
    assert reference.scaled(b"-0.000001") == -1 and reference.scaled(b"-0") == 0
    with pytest.raises(ValueError):
        reference.scaled(b"0.1234567")


@pytest.mark.parametrize("mistake", sorted(PROBLEM.wrong_answers()))
def test_each_wrong_answer_is_well_formed_and_wrong_on_some_case(small, outputs, mistake):
    wrong = [case for case, (given, answer) in small.items()
             if far(outputs[mistake][case], answer.decode(), given)]
    assert wrong, "%s is within the tolerance on every case" % mistake


def test_the_mistakes_are_told_apart_from_each_other(small, outputs):
    names = sorted(outputs)
    for i, one in enumerate(names):
        for other in names[i + 1:]:
            assert any(apart(outputs[one][case], outputs[other][case], given)
                       for case, (given, _) in small.items()), (one, other)


def test_each_mistake_has_a_sentence_first():
    """The docstring's first paragraph is the sentence a learner reads: lower case, no "Wrong:"."""
    crashing = PROBLEM.submissions("run_time_error")
    for mistake, source in [*PROBLEM.wrong_answers().items(), *crashing.items()]:
        doc = re.match(r'"""(.*?)"""', source.decode(), re.S).group(1)
        sentence = doc.split("\n\n")[0]
        assert sentence[0].islower() and "Wrong:" not in sentence and len(sentence) > 40, mistake


def test_the_overflowing_softmax_dies_on_the_overflow_cases_and_is_right_on_the_others(small):
    """softmax_overflow.py takes exp() of the logits themselves: OverflowError where a logit passes 709.78
    (or ZeroDivisionError where every logit of a token is below -745), right everywhere else."""
    source = PROBLEM.submissions("run_time_error")["softmax_overflow.py"]
    crashed = []
    for name, (given, answer) in small.items():
        try:
            got = run(source.decode(), given)
        except CRASHES:
            crashed.append(name)
            continue
        assert not far(got, answer.decode(), given, factor=1e-3), name
    assert crashed == [name for name, (given, _) in small.items() if overflows(given)]
    assert {"secret/03-values-at-bounds", "secret/16-overflow", "secret/17-underflow"} <= set(crashed)


def maxima_apart(given):
    """Return how far apart the largest logits of two counted tokens of an input lie, at the most."""
    tops = [max(z) for z in logits(given)]
    return max(tops) - min(tops)


def test_the_batch_wide_max_dies_where_two_tokens_maxima_lie_far_apart_and_is_right_elsewhere(small):
    """batch_max.py subtracts the batch's largest logit from every token's: where another token's largest
    logit lies more than about 745 below it, that token's exp() are all 0, and it dies of 0 over 0
    (ZeroDivisionError); on the other cases, where they lie within 600, it is right."""
    source = PROBLEM.submissions("run_time_error")["batch_max.py"]
    crashed = []
    for name, (given, answer) in small.items():
        try:
            got = run(source.decode(), given)
        except ZeroDivisionError:
            crashed.append(name)
            continue
        assert maxima_apart(given) < 600, name  # no case lies where it would be merely imprecise
        assert not far(got, answer.decode(), given, factor=1e-3), name
    assert crashed == [name for name, (given, _) in small.items() if maxima_apart(given) > 745.2]
    assert len(crashed) >= 2


def test_the_slow_submission_is_right_on_the_small_cases(small):
    (source,) = PROBLEM.too_slow().values()
    ran = 0
    for name, (given, answer) in small.items():
        _, d, v = map(int, given.split()[:3])
        if len(logits(given)) * (d * v) ** 2 <= 10**5:
            assert not far(run(source.decode(), given), answer.decode(), given, factor=1e-3), name
            ran += 1
    assert ran >= 10


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@hypothesis.given(PROBLEM.search.inputs())
def test_the_search_draws_valid_inputs_and_cuts_them_down_to_valid_ones(data):
    try:
        PROBLEM.validate.validate(data)
    except PROBLEM.validate.Invalid as invalid:  # only an input of logits in the thousands may be unfair
        _, w, batches = PROBLEM.search.parsed(data)
        numbers = [*(x for row in w for x in row), *(x for batch in batches for _, h in batch for x in h)]
        largest = max(abs(float(x)) for x in numbers)
        assert "unfair" in str(invalid) and len(w) * largest**2 > 1000, invalid
        return
    for smaller in PROBLEM.search.smaller(data):
        PROBLEM.validate.validate(smaller)


def test_the_search_shrinks_the_mean_of_means_to_two_unequal_micro_batches():
    """Hypothesis's smallest input on which mean_of_means.py is wrong, cut down by search.smaller() as
    practice/find.py does, has two micro-batches of unequal counts of counted tokens, and few tokens."""
    source = compile(PROBLEM.wrong_answers()["mean_of_means"].decode(), "mean_of_means.py", "exec")

    def fails(data):
        try:
            PROBLEM.validate.validate(data)
        except PROBLEM.validate.Invalid:
            return False
        out = io.StringIO()
        with contextlib.redirect_stdout(out), mock.patch("sys.stdin", io.TextIOWrapper(io.BytesIO(data))):
            exec(source, {"__name__": "__main__"})  # noqa: S102 (our own program)
        return far(out.getvalue(), PROBLEM.reference.answer(data), data)

    options = settings(database=None, max_examples=500)
    found = hypothesis_find(PROBLEM.search.inputs(), fails, settings=options)
    smaller = [data for data in PROBLEM.search.smaller(found) if fails(data)]
    while smaller:
        found = smaller[0]
        smaller = [data for data in PROBLEM.search.smaller(found) if fails(data)]
    _, _, batches = PROBLEM.search.parsed(found)
    counts = [sum(t != -100 for t, _ in batch) for batch in batches]
    assert len(counts) == 2 and counts[0] != counts[1] and sum(map(len, batches)) <= 4, found
