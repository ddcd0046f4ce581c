"""The second problem's folder, problems/linearaccumulation/: its data, validators, reference, search and
submissions agree with each other and with the statement.

The wrong submissions and the slow one run in-process (each is a script of stdin and print), on the
cases below SMALL bytes; the accepted solution runs on every case."""

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

PROBLEM = Problem.named("linearaccumulation")
SMALL = 10**5  # bytes: the cases below this are run by every submission here (the largest by linear.py)


def run(source, data):
    """Return what the program source prints on input bytes, run in-process with stdin swapped."""
    out = io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="ascii")
    with contextlib.redirect_stdout(out), mock.patch("sys.stdin", stdin):
        exec(compile(source, "submission.py", "exec"), {"__name__": "__main__"})  # noqa: S102 (our own programs)
    return out.getvalue()


def values(text):
    """Return the floats of an output, or fail if it is not d finite values on one line."""
    assert text.endswith("\n") and text.count("\n") == 1, text[:80]
    out = [float(token) for token in text.split()]
    assert all(map(math.isfinite, out)), text[:80]
    return out


def far(a, b, factor=1.0):
    """Return whether some value of a is beyond factor times the tolerance of b's (absolute or relative
    to b's value), as the judges compare an output with the answer."""
    tolerance = PROBLEM.tolerance * factor
    return any(abs(x - y) > tolerance * max(1.0, abs(y)) for x, y in zip(values(a), values(b), strict=True))


def apart(a, b):
    """Return whether no output can be within the tolerance of both a and b: they are more than twice
    the tolerance apart, relative to the larger."""
    return any(abs(x - y) > 2 * PROBLEM.tolerance * max(1.0, abs(x), abs(y))
               for x, y in zip(values(a), values(b), strict=True))


@pytest.fixture(scope="module")
def small():
    """{case: (input, answer)} of the samples and secret cases below SMALL bytes."""
    return {name: pair for name, pair in PROBLEM.test_data().items() if len(pair[0]) < SMALL}


@pytest.fixture(scope="module")
def outputs(small):
    """{mistake: {case: output}} of every wrong submission on the small cases."""
    return {mistake: {case: run(source.decode(), given) for case, (given, _) in small.items()}
            for mistake, source in PROBLEM.wrong_answers().items()}


def test_every_input_passes_the_validator_and_every_invalid_one_fails(small):
    validate = PROBLEM.validate
    assert len(PROBLEM.test_data()) > len(small)  # test_data() validates the largest cases too
    for given, answer in small.values():
        validate.validate(given)
        PROBLEM.validate_answer.validate(answer, given)
    for given in PROBLEM.invalid_inputs().values():
        with pytest.raises(validate.Invalid):
            validate.validate(given)


def test_the_data_reaches_every_bound_the_validator_reports():
    """Every bound is reached, at both ends, by some input (what bt constraints checks): the largest d,
    K, B and K * B * (d + 1), numbers at -100 and 100, and learning rates 0 and 1."""
    bounds = PROBLEM.validate.Bounds()
    for given, _ in PROBLEM.test_data().values():
        PROBLEM.validate.validate(given, bounds)
    assert sorted(bounds.seen) == ["B", "K", "d", "eta", "size", "v"]
    for name, (smallest, largest, low, high) in bounds.seen.items():
        assert (name, smallest, largest) == (name, low, high)
    assert bounds.seen["size"][1] == PROBLEM.validate.MAX_SIZE


def test_the_bounds_agree_across_the_problems_programs():
    gen = PROBLEM.module("generators.gen")
    assert (gen.MAX_D, gen.MAX_SIZE) == (PROBLEM.validate.MAX_D, PROBLEM.validate.MAX_SIZE)
    assert PROBLEM.validate_answer.MAX_D == PROBLEM.validate.MAX_D
    assert PROBLEM.validate.TOLERANCE == PROBLEM.tolerance == 1e-6
    assert PROBLEM.reference.PLACES == PROBLEM.validate.PLACES


def test_the_answer_validator_refuses_what_the_reference_never_prints():
    given, answer = PROBLEM.test_data()["sample/3"]
    check = PROBLEM.validate_answer
    check.validate(answer, given)
    for bad in (answer.rstrip(), answer + b"\n", b"0.95 -1.0 2\n", b"0.95\n", b"inf -1\n", b"0.95  -1\n",
                b"1.0e5 2\n", b"nan 1\n", b"00.95 -1.0\n"):
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


def test_the_samples_are_the_seeds_example_and_show_the_update_inside_the_loop(outputs):
    pairs = PROBLEM.sample_pairs()
    assert tuple(pairs[0]) == (b"2 1 1 0.5\n1\n1 0\n1 2\n", b"1.0\n")
    assert far(outputs["update_in_loop"]["sample/2"], pairs[1][1].decode())
    assert far(outputs["update_in_loop_lr_over_k"]["sample/2"], pairs[1][1].decode())


def test_the_accepted_python_solution_is_within_the_tolerance_on_every_case():
    (source,) = PROBLEM.accepted().values()
    for name, (given, answer) in PROBLEM.test_data().items():
        got = values(run(source.decode(), given))
        expected = values(answer.decode())
        assert all(abs(x - y) <= 1e-9 * max(1.0, abs(y)) for x, y in zip(got, expected, strict=True)), name


def test_the_accepted_cpp_solution_is_within_the_tolerance_on_every_case(tmp_path):
    program = compiled(tmp_path, PROBLEM.submissions("accepted")["linear.cpp"])
    for name, (given, answer) in PROBLEM.test_data().items():
        got = subprocess.run([str(program)], input=given, capture_output=True, check=True).stdout.decode()
        assert not far(got, answer.decode(), factor=1e-3), name


def test_the_reference_is_exact():
    """The third sample's answer, worked by hand in the statement: 1 - 0.05 * 11/12 and -1 - 0.05 / 6."""
    given, _ = PROBLEM.test_data()["sample/3"]
    reference = PROBLEM.reference
    tokens = given.split()
    numbers = [reference.scaled(t) for t in tokens[3:]]
    exact = reference.step(3, 2, numbers[0], numbers[1:3], numbers[3:])
    assert exact == [1 - reference.Fraction(5, 100) * reference.Fraction(11, 12),
                     -1 - reference.Fraction(5, 100) / 6]
    assert reference.scaled(b"-0.000001") == -1 and reference.scaled(b"-0") == 0
    with pytest.raises(ValueError):
        reference.scaled(b"0.1234567")


@pytest.mark.parametrize("mistake", sorted(PROBLEM.wrong_answers()))
def test_each_wrong_answer_is_well_formed_and_wrong_on_some_case(small, outputs, mistake):
    wrong = [case for case, (_, answer) in small.items() if far(outputs[mistake][case], answer.decode())]
    assert wrong, "%s is within the tolerance on every case" % mistake


def test_the_mistakes_are_told_apart_from_each_other(small, outputs):
    names = sorted(outputs)
    for i, one in enumerate(names):
        for other in names[i + 1:]:
            assert any(apart(outputs[one][case], outputs[other][case]) for case in small), (one, other)


def test_each_mistake_has_a_sentence_first():
    """The docstring's first paragraph is the sentence a learner reads: lower case, no "Wrong:"."""
    for mistake, source in PROBLEM.wrong_answers().items():
        doc = re.match(r'"""(.*?)"""', source.decode(), re.S).group(1)
        sentence = doc.split("\n\n")[0]
        assert sentence[0].islower() and "Wrong:" not in sentence and len(sentence) > 40, mistake


def test_the_slow_submission_is_right_on_the_small_cases(small):
    (source,) = PROBLEM.too_slow().values()
    for name, (given, answer) in small.items():
        k, b, d = map(int, given.split()[:3])
        if k * b * d * d <= 10**6:
            assert not far(run(source.decode(), given), answer.decode(), factor=1e-3), name


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@hypothesis.given(PROBLEM.search.inputs())
def test_the_search_draws_valid_inputs_and_cuts_them_down_to_valid_ones(data):
    PROBLEM.validate.validate(data)
    for smaller in PROBLEM.search.smaller(data):
        PROBLEM.validate.validate(smaller)


def test_the_search_shrinks_a_mistake_made_only_from_three_micro_batches_to_three():
    """A step that divides the total by K - 1 from K = 3 on is wrong where K >= 3 and the step is not 0:
    Hypothesis's smallest such input, cut down by search.smaller() as practice/find.py does, has K = 3,
    one example per micro-batch and one feature."""
    reference = PROBLEM.reference

    def fails(data):
        tokens = data.split()
        k, b, d = map(int, tokens[:3])
        numbers = [reference.scaled(t) for t in tokens[3:]]
        exact = reference.step(k, b, numbers[0], numbers[1:d + 1], numbers[d + 1:])
        moved = any(value * reference.SCALE != w for value, w in zip(exact, numbers[1:d + 1], strict=True))
        return k >= 3 and moved  # w - lr * total / (K - 1) differs from w - lr * total / K exactly then

    found = hypothesis_find(PROBLEM.search.inputs(), fails,
                            settings=settings(database=None, max_examples=500))
    smaller = [data for data in PROBLEM.search.smaller(found) if fails(data)]
    while smaller:
        found = smaller[0]
        smaller = [data for data in PROBLEM.search.smaller(found) if fails(data)]
    assert tuple(map(int, found.split()[:3])) == (3, 1, 1), found
