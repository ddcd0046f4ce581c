"""Hostile input: whatever the bytes, solve.py prints the reference's answer or fails cleanly.

A mutant is a valid input (a sample, or a generated problem in either
layout) with a few byte- or line-level edits and junk tokens. For each one
the naive reference (problems/gradientaccumulation/reference.py) says what must happen:
- ("ok", text): solve.py must print exactly that text, status 0, no stderr;
- ("error", line): status 1, no stdout, one line on stderr naming that line
  (or no line).

The default run checks 600 mutants in-process through main() and 40 as real
processes. GA_DEEP=1 raises that to 15,000 fresh random ones, plus the
20,000 of the test marked `deep`.
"""

import random
import resource

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import solve
from problems.gradientaccumulation import reference
from testkit.mutate import BASES, mutate
from testkit.runs import run_main, run_process
from tests.support import both_engines, examples, numpy_for, problems


def check(data, outcome):
    """Assert that an outcome is what the reference says this input deserves."""
    expected = reference.outcome(data)
    if expected[0] == "ok":
        answer = (outcome.status, outcome.stdout, outcome.stderr)
        assert answer == (0, expected[1].encode(), b""), (data, outcome)
    else:
        outcome.assert_clean_error(expected[1])


bases = st.one_of(st.sampled_from(BASES), problems())


@both_engines
def test_mutants_of_the_samples_in_process(engine):
    """Thousands of mutants of the samples, quickly: a plain loop, seeded."""
    rng = random.Random(20261203)
    for _ in range(examples(2000)):
        data = mutate(rng.choice(BASES), rng)
        check(data, run_main(data, engine=engine))


@both_engines
@settings(max_examples=examples(100))
@given(bases, st.randoms(use_true_random=False))
@example(b"2 0.1\n1 2\n1 2\n1 2\n", random.Random(0))
def test_mutants_in_process(engine, base, rng):
    data = mutate(base, rng)
    outcome = run_main(data, engine=engine)
    check(data, outcome)
    if engine == "numpy":  # the engines agree on the whole message, not only on the line
        assert outcome.stderr == run_main(data, engine="python").stderr


@both_engines
def test_mutants_as_processes(engine):
    """A few dozen mutants through a real process: the same, plus no traceback from the interpreter.

    """
    rng = random.Random(20261129)
    verdicts = set()
    for _ in range(examples(30)):
        data = mutate(rng.choice(BASES), rng)
        check(data, run_process(data, engine=engine))
        verdicts.add(reference.outcome(data)[0])
    assert verdicts == {"ok", "error"}  # the mutants exercised both outcomes


@both_engines
@pytest.mark.deep
def test_mutants_deep(engine):
    rng = random.Random()
    for _ in range(20_000):
        data = mutate(rng.choice(BASES), rng)
        check(data, run_main(data, engine=engine))


def test_mutants_are_mostly_errors_but_not_all():
    """The fuzzer is only useful if it produces both verdicts in good numbers."""
    rng = random.Random(7)
    verdicts = [reference.outcome(mutate(rng.choice(BASES), rng))[0] for _ in range(600)]
    assert 0.15 < verdicts.count("ok") / len(verdicts) < 0.85


# ---------------------------------------------------------- edge cases ---


@both_engines
def test_empty_input(engine):
    outcome = run_main(b"", engine=engine)
    outcome.assert_clean_error(None)
    assert b"empty input" in outcome.stderr


@both_engines
def test_only_whitespace(engine):
    run_main(b"  \t\r\n\x0b\r\x0c \n", engine=engine).assert_clean_error(None)


@both_engines
def test_k_zero(engine):
    run_main(b"0 0.1\n1 2\n1 2\n", engine=engine).assert_clean_error(1)
    run_main(b"000 0.1 1 2\n", engine=engine).assert_clean_error(1)


@both_engines
def test_k_larger_than_the_number_of_lines(engine):
    outcome = run_main(b"5 0.1\n1 2\n1 2\n1 2\n", engine=engine)
    outcome.assert_clean_error(None)
    assert b"expected K = 5 gradient lines after theta, found 2" in outcome.stderr


@both_engines
@pytest.mark.parametrize("separator", [b"\n", b" "], ids=["line-layout", "token-layout"])
def test_k_with_400_leading_zeros(separator, engine):
    """Still K = 2; too long to pass through float64, so the token layout parses around it."""
    data = b"0" * 400 + b"2 0.1" + separator + separator.join([b"1.0 2.0", b"0.5 1.0", b"1.5 3.0"]) + b"\n"
    outcome = run_main(data, engine=engine)
    assert outcome.stdout == b"0.9000 1.8000\n", outcome
    check(data, outcome)


def limit_memory():
    """Cap the address space at 1 GiB: an allocation proportional to K would fail."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@both_engines
@pytest.mark.parametrize("data", [
    b"100000000000000000 0.1\n1 2\n1 2\n",
    b"100000000000000000 0.1 1 2 3 4\n",
    b"100000000000000000\n0.1 1 2\n",
], ids=["line-layout", "token-layout", "token-layout-two-lines"])
def test_k_1e17_allocates_nothing_proportional_to_k(data, engine):
    outcome = run_process(data, preexec_fn=limit_memory, timeout=30, engine=engine)
    outcome.assert_clean_error(None)


@both_engines
def test_a_megabyte_of_junk_on_one_line(engine):
    outcome = run_main(b"1 0.1\n1 2\n" + bytes(range(256)) * 4096 + b"\n", engine=engine)
    outcome.assert_clean_error(3)
    assert len(outcome.stderr) < 300


@both_engines
def test_bad_token_in_the_middle_of_a_million_numbers(engine):
    row = [b"0.5"] * 10**6
    bad = list(row)
    bad[500_000] = b"0.5.5"
    data = b"1 0.1\n" + b" ".join(row) + b"\n" + b" ".join(bad) + b"\n"
    outcome = run_main(data, engine=engine)
    outcome.assert_clean_error(3)
    assert b"'0.5.5'" in outcome.stderr


# ------------------------------------------------------- numerical hazards ---


@both_engines
@pytest.mark.parametrize("data", [
    b"2 1\n0 0\n1e308 1\n1e308 1\n",
    b"3 0.5 0 1.7e308 1.7e308 -1.7e308\n",  # token layout: the sum overflows before the last term
    b"2 0\n0\n1.7976931348623157e308\n1.7976931348623157e308\n",
], ids=["lines", "tokens-overflow-then-back", "lr-zero"])
def test_gradient_sum_overflow_is_an_error_not_inf(data, engine):
    outcome = run_main(data, engine=engine)
    outcome.assert_clean_error(None)
    assert b"the sum of the gradients overflows float64" in outcome.stderr


@both_engines
@pytest.mark.parametrize("layout", ["lines", "tokens"])
def test_sum_is_left_to_right_not_pairwise(layout, engine):
    """1e16, fourteen 1s, -1e16: left to right each 1 is lost (0); numpy's pairwise np.sum keeps 12."""
    grads = [b"1e16"] + [b"1"] * 14 + [b"-1e16"]
    separator = b"\n" if layout == "lines" else b" "
    data = b"16 1" + separator + b"0" + separator + separator.join(grads) + b"\n"
    assert run_main(data, engine=engine).stdout == b"0.0000\n"
    check(data, run_main(data, engine=engine))


@both_engines
def test_result_overflow_is_an_error(engine):
    outcome = run_main(b"1 1e300\n1e300\n-1e300\n", engine=engine)
    outcome.assert_clean_error(None)


@both_engines
def test_large_but_finite_values_print_in_full(engine):
    data = b"2 0.5\n1.5e308 -1e300\n1e308 1\n-1e308 1\n"
    check(data, run_main(data, engine=engine))
    first = run_main(data, engine=engine).stdout.split()[0]
    assert first.startswith(b"15000000000000000164685") and len(first) == 309 + len(b".0000")


@both_engines
def test_subnormal_values(engine):
    data = b"3 0.5\n4.9e-324 -2.2e-308 1e-310\n5e-324 -1e-320 2.2250738585072014e-308\n" \
           b"-5e-324 1e-320 0\n1e-323 0 -1e-310\n"
    outcome = run_main(data, engine=engine)
    check(data, outcome)
    assert outcome.stdout == b"0.0000 0.0000 0.0000\n"


@both_engines
def test_values_that_round_to_negative_zero(engine):
    theta = [-(i % 50) * 1e-6 for i in range(20_000)]  # -0.000049 ... -0.0: all print 0.0000
    data = b"1 0\n" + " ".join(map(repr, theta)).encode() + b"\n" + b" ".join([b"1"] * 20_000) + b"\n"
    outcome = run_main(data, engine=engine)
    assert outcome.stdout == b" ".join([b"0.0000"] * 20_000) + b"\n"
    check(data, outcome)


@both_engines
@given(st.lists(st.floats(-1e15, 1e15), min_size=1, max_size=20), st.floats(-1e300, 1e300))
def test_lr_zero_returns_theta_as_formatted(engine, theta, grad_scale):
    """lr = 0: theta exactly, however large (but finite) the gradients."""
    text = "2 0\n" + " ".join(map(repr, theta)) + "\n"
    text += " ".join([repr(grad_scale)] * len(theta)) + "\n" + " ".join(["1"] * len(theta)) + "\n"
    outcome = run_main(text.encode(), engine=engine)
    assert outcome.stdout.decode() == " ".join(format(t, "z.4f") for t in theta) + "\n"


@both_engines
def test_fast_and_slow_number_paths_agree_on_every_fuzz_line(engine):
    """Each engine's reader and a token-by-token parse accept and reject the same lines."""
    rng = random.Random(11)
    for _ in range(2000):
        line = mutate(b"1.5 -2e3 .5 7. +0", rng).replace(b"\n", b" ").replace(b"\r", b" ")
        try:
            fast = list(solve.parse(line, 1, numpy_for(engine))) if line.strip() else []
        except solve.InputError:
            fast = "error"
        try:
            slow = [reference.number(token, 1) for token in line.split()]
        except reference.Rejected:
            slow = "error"
        assert fast == slow, line
