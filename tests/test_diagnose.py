"""accumulation.diagnose names the classic mistake a learner's step makes, or says it is correct.

The learners' steps are written out in tests/learners.py, independently of the
library's own mistakes (linear_mistakes, head_mistakes), which these tests
also check against the seed example and the full batch.
"""

import numpy as np
import pytest

from accumulation import (
    MISTAKES,
    _head_cases,
    _linear_cases,
    compute_output_head_gradient,
    diagnose,
    gradient_accumulation_step,
    head_mistakes,
    linear_mistakes,
    train_with_gradient_accumulation,
)
from tests.learners import HEAD, HEAD_ONLY, LINEAR, define

FORGOT_RETURN = "your step returned None: did you forget return?"


def test_the_learners_cover_every_mistake():
    assert set(LINEAR) == {"correct"} | set(MISTAKES) - HEAD_ONLY
    assert set(HEAD) == {"correct"} | set(MISTAKES)


@pytest.mark.parametrize("exercise, name", [("linear", n) for n in LINEAR] + [("head", n) for n in HEAD])
def test_each_learners_step_is_named_for_what_it_does(exercise, name):
    step = define((LINEAR if exercise == "linear" else HEAD)[name])
    verdict = diagnose(step, exercise=exercise)
    if name == "correct":
        assert verdict == "correct: the same as the library on %d cases" % (4 if exercise == "linear" else 3)
    else:
        assert verdict == "%s: %s" % (name, MISTAKES[name])


def test_the_library_itself_is_correct():
    assert diagnose(gradient_accumulation_step) == "correct: the same as the library on 4 cases"
    assert diagnose(train_with_gradient_accumulation, "head") == "correct: the same as the library on 3 cases"


def test_updating_inside_the_loop_with_lr_over_k_is_named_too():
    def step(weights, xs, ys, lr, accum_steps):
        for x, y in zip(xs, ys):
            weights = weights - lr / accum_steps * (2 / len(y)) * x.T @ (x @ weights - y)
        return weights
    assert diagnose(step).startswith("updated inside the loop: ")


def test_a_step_that_is_none_of_the_mistakes_is_wrong_with_its_numbers():
    def step(weights, xs, ys, lr, accum_steps):
        return gradient_accumulation_step(weights, xs, ys, -lr, accum_steps)  # the wrong direction
    weights, xs, ys, lr, k = _linear_cases()[1]  # case 1, the seed example, cancels: this one does not
    shown = [np.round(gradient_accumulation_step(weights, xs, ys, rate, k), 6).tolist() for rate in (-lr, lr)]
    assert diagnose(step) == "wrong: case 2 gives %s, the library %s; it is none of the classic mistakes" % (
        shown[0], shown[1])


def test_what_the_learners_step_raises_or_returns_is_reported():
    def raises(weights, xs, ys, lr, accum_steps):
        return weights / (accum_steps - accum_steps)[0]
    assert diagnose(raises) == "error: case 1 raised TypeError: 'int' object is not subscriptable"

    def stub(weights, xs, ys, lr, accum_steps):
        raise NotImplementedError("replace this line with your step")
    assert diagnose(stub) == "not written yet: replace this line with your step"

    def bare_stub(micro_batches, output_weight, lr):
        raise NotImplementedError
    assert diagnose(bare_stub, "head") == "not written yet: the step raises NotImplementedError"

    def returns_nothing(weights, xs, ys, lr, accum_steps):
        weights - lr  # forgot the return
    assert diagnose(returns_nothing) == FORGOT_RETURN

    def returns_text(weights, xs, ys, lr, accum_steps):
        return "one"
    assert diagnose(returns_text) == "wrong: case 1 returned 'one', not an array of shape (1,)"

    def returns_a_column(weights, xs, ys, lr, accum_steps):
        return gradient_accumulation_step(weights, xs, ys, lr, accum_steps)[:, None]
    assert diagnose(returns_a_column) == "wrong: case 1 returned shape (1, 1), expected (1,)"


def without_its_return(source):
    """Return a learner's cell with its last `return` dropped: the expression is computed, then lost."""
    head, _, tail = source.rpartition("    return ")
    return head + "    " + tail


@pytest.mark.parametrize("exercise", ["linear", "head"])
def test_a_step_that_forgets_its_return_is_asked_whether_it_did(exercise):
    """A right step but for its `return` returns None: not "shape ()", nor an error, but the question."""
    source = without_its_return((LINEAR if exercise == "linear" else HEAD)["correct"])
    assert "return" not in source
    assert diagnose(define(source), exercise=exercise) == FORGOT_RETURN

    def only_pass(*args):  # a body that does nothing returns None as well
        pass
    assert diagnose(only_pass, exercise=exercise) == FORGOT_RETURN


def test_a_step_that_updates_in_place_and_returns_nothing_is_asked_about_its_return_first():
    def in_place(weights, xs, ys, lr, accum_steps):
        weights -= lr * sum((2 / len(y)) * x.T @ (x @ weights - y) for x, y in zip(xs, ys)) / accum_steps
    assert diagnose(in_place) == FORGOT_RETURN


def test_a_step_that_changes_its_inputs_is_told_so():
    def in_place(weights, xs, ys, lr, accum_steps):
        weights -= lr * 0.0  # in place: the caller's array is the same object
        xs[0] += 0.0
        ys[-1][0] = 99.0
        return gradient_accumulation_step(weights, xs, ys, lr, accum_steps)
    assert diagnose(in_place) == "wrong: case 1 changed its inputs; work on copies"


def test_an_unknown_exercise_is_refused():
    with pytest.raises(ValueError, match="^exercise must be 'linear' or 'head', got 'mlp'$"):
        diagnose(gradient_accumulation_step, exercise="mlp")


def test_the_linear_mistakes_on_the_seed_example():
    got = linear_mistakes([1.0], [[[1.0]], [[1.0]]], [[0.0], [2.0]], lr=0.5)
    assert {name: value.tolist() for name, value in got.items()} == {
        "the sum": [1.0], "divided by K twice": [1.0],
        "updated inside the loop, lr each time": [2.0], "updated inside the loop, lr / K each time": [1.25]}
    assert all(name.split(",")[0] in MISTAKES for name in got)


def test_the_linear_mistakes_are_k_times_off_where_they_should_be():
    rng = np.random.default_rng(5)
    weights, xs, ys, lr, k = rng.normal(size=3), rng.normal(size=(4, 5, 3)), rng.normal(size=(4, 5)), 0.1, 4
    right = gradient_accumulation_step(weights, xs, ys, lr, k)
    got = linear_mistakes(weights, xs, ys, lr)
    np.testing.assert_allclose(weights - got["the sum"], k * (weights - right), rtol=1e-12)
    np.testing.assert_allclose(weights - got["divided by K twice"], (weights - right) / k, rtol=1e-12)


def test_the_head_mistakes_on_unequal_micro_batches():
    long, short = ([[1.0, 0.0]] * 3, [0, 0, 0]), ([[1.0, 0.0], [0.0, 0.0]], [1, -100])
    got = {name: value.round(6).tolist() for name, value in head_mistakes([long, short], np.zeros((2, 2)),
                                                                           1.0).items()}
    # per batch: long's gradient is h.T (softmax - onehot) = [[-0.5, 0.5], [0, 0]], short's the opposite
    assert got["the mean of means"] == [[0.0, 0.0], [0.0, 0.0]]
    assert got["the sum"] == [[0.0, 0.0], [0.0, 0.0]]
    assert got["divided by K twice"] == [[0.125, -0.125], [0.0, 0.0]]  # the right 0.25, halved
    assert got["updated inside the loop, lr each time"][0][0] != 0.25
    assert train_with_gradient_accumulation([long, short], np.zeros((2, 2)), 1.0).tolist() == [
        [0.25, -0.25], [0.0, 0.0]]
    assert all(name.split(",")[0] in MISTAKES for name in got)


def test_head_mistakes_need_a_counted_token_in_each_micro_batch():
    with pytest.raises(ValueError, match="^every micro-batch must hold a counted token$"):
        head_mistakes([([[1.0]], [0]), ([[1.0]], [-100])], np.zeros((1, 2)), 1.0)


COMPLEX_WARNING = getattr(np, "exceptions", np).ComplexWarning  # np.exceptions from numpy 1.25 on


def test_the_mistakes_refuse_complex_numbers_as_the_library_does():
    """linear_mistakes and head_mistakes take their inputs as float64, like the steps they mimic."""
    seed = [[1.0], [[[1.0]], [[1.0]]], [[0.0], [2.0]]]
    for where in range(3):
        args = [np.array(part, dtype=complex) if i == where else part for i, part in enumerate(seed)]
        with pytest.raises((TypeError, COMPLEX_WARNING)):
            linear_mistakes(*args, lr=0.5)
    with pytest.raises((TypeError, COMPLEX_WARNING)):
        head_mistakes([(np.array([[1.0, 0.0]]), np.array([0]))], np.array([[1j, 0.0], [0.0, 0.0]]), lr=1.0)


def test_the_cases_diagnose_tries():
    """The seed example first; then unequal micro-batches, and for the head unequal, padded token counts."""
    linear = _linear_cases()
    weights, xs, ys, lr, k = linear[0]
    assert (weights.tolist(), xs.tolist(), ys.tolist(), lr, k) == (
        [1.0], [[[1.0]], [[1.0]]], [[0.0], [2.0]], 0.5, 2)
    assert [(w.shape, x.shape, y.shape, lr, k) for w, x, y, lr, k in linear[1:]] == [
        ((2,), (3, 4, 2), (3, 4), 0.1, 3), ((3,), (4, 2, 3), (4, 2), 0.05, 4),
        ((2,), (1, 5, 2), (1, 5), 0.2, 1)]
    head = _head_cases()
    batches, weight, lr = head[0]  # 3 tokens beside 1 token and 1 padding
    assert [(hidden.tolist(), ids.tolist()) for hidden, ids in batches] == [
        ([[1.0, 0.0]] * 3, [0, 0, 0]), ([[1.0, 0.0], [0.0, 0.0]], [1, -100])]
    assert (weight.tolist(), lr) == ([[0.0, 0.0], [0.0, 0.0]], 1.0)
    shapes = [([int((ids != -100).sum()) for _, ids in batches], [hidden.shape for hidden, _ in batches],
               weight.shape, lr) for batches, weight, lr in head[1:]]
    assert shapes == [([2, 5, 1], [(6, 3)] * 3, (3, 4), 0.5), ([4, 4], [(4, 3)] * 2, (3, 4), 0.3)]
    counted = {int(i) for batches, _, _ in head[1:] for _, ids in batches for i in ids if i != -100}
    assert counted == {0, 1, 2, 3}  # every class of the weight's 4 among the random tokens


def test_the_head_mistakes_are_what_their_names_say():
    """Each "updated inside the loop" variant of the head, step by step, on the padded unequal case."""
    batches, weight, lr = _head_cases()[1]
    k, counts = len(batches), [int((ids != -100).sum()) for _, ids in batches]

    def inside(rates):
        w = weight.copy()
        for (hidden, ids), rate in zip(batches, rates):
            w = w - rate * compute_output_head_gradient(hidden, ids, w)[0]
        return w

    got = head_mistakes(batches, weight, lr)
    assert set(got) == {"the mean of means", "the sum", "divided by K twice",
                        "divided by K twice, of the mean of means", "updated inside the loop, lr each time",
                        "updated inside the loop, lr / K each time",
                        "updated inside the loop, lr weighted by tokens", "padding counted, in the weights",
                        "padding counted, in the total", "the weighted sum"}
    for name, rates in (("lr each time", [lr] * k), ("lr / K each time", [lr / k] * k),
                        ("lr weighted by tokens", [lr * n / sum(counts) for n in counts])):
        np.testing.assert_allclose(got["updated inside the loop, " + name], inside(rates), rtol=1e-12)


def test_a_near_miss_is_not_correct():
    """diagnose compares with rtol 1e-9 and atol 1e-12: off by 1e-7 relative, or 5e-10 absolute, is wrong."""
    for off in (lambda v: v * (1 + 1e-7), lambda v: v + 5e-10):
        def step(*args, off=off):
            return off(gradient_accumulation_step(*args))
        assert diagnose(step).startswith("wrong: case "), off


def test_the_padding_and_weighted_sum_mistakes_on_the_worked_example():
    """The tutorial's worked example as a head: A has 1 counted token and 2 padding, B 3 tokens.

    One hidden unit and two classes; at W = 0 each token's gradient in W[0] is softmax - onehot:
    (-0.5, 0.5) for class 0, (0.5, -0.5) for class 1. A's token is class 1, B's three class 0, so the
    full batch's gradient in W[0, 0] is (0.5 - 3 * 0.5) / 4 = -0.25, and the update at lr = 1 is its
    negative. Counting A's padding gives (0.5 - 1.5) / 6; A weighted by its length, 3, gives
    (3 * 0.5 - 1.5) / 6 = 0; the weighted sum is 0.5 - 1.5 = -1.
    """
    a = (np.ones((3, 1)), np.array([1, -100, -100]))
    b = (np.ones((3, 1)), np.array([0, 0, 0]))
    got = head_mistakes([a, b], np.zeros((1, 2)), lr=1.0)
    assert train_with_gradient_accumulation([a, b], np.zeros((1, 2)), lr=1.0).tolist() == [[0.25, -0.25]]
    np.testing.assert_allclose(got["padding counted, in the total"], [[1 / 6, -1 / 6]], rtol=1e-12)
    np.testing.assert_allclose(got["padding counted, in the weights"], [[0.0, 0.0]], atol=1e-15)
    np.testing.assert_allclose(got["the weighted sum"], [[1.0, -1.0]], rtol=1e-12)


def test_float32_is_named_only_for_a_float32_answer_right_but_for_its_rounding():
    def rounded(weights, xs, ys, lr, accum_steps):  # right, then rounded to float32
        return gradient_accumulation_step(weights, xs, ys, lr, accum_steps).astype(np.float32)
    assert diagnose(rounded) == "float32: " + MISTAKES["float32"]

    def as_float64(weights, xs, ys, lr, accum_steps):  # the same numbers, returned as float64
        return rounded(weights, xs, ys, lr, accum_steps).astype(float)
    assert diagnose(as_float64).startswith("wrong: case ")

    def off_in_float32(weights, xs, ys, lr, accum_steps):  # 1% off besides: named by its numbers
        return rounded(weights, xs, ys, lr, accum_steps) * np.float32(1.01)
    assert diagnose(off_in_float32).startswith("wrong: case ")

    def summed_in_float32(weights, xs, ys, lr, accum_steps):  # a mistake besides: named by its numbers
        return (weights - lr * accum_steps * gradient_accumulation_step(
            np.zeros_like(weights), xs, ys, 1.0, accum_steps)).astype(np.float32)
    assert diagnose(summed_in_float32).startswith("wrong: case ")


def test_a_step_right_but_for_its_gradient_is_wrong_with_its_numbers():
    """A missing 2 / B is no mistake of accumulation: diagnose shows the numbers, not a made-up name."""
    def step(weights, xs, ys, lr, accum_steps):
        total = sum(x.T @ (x @ weights - y) for x, y in zip(xs, ys))  # the gradient without its 2 / B
        return weights - lr * total / accum_steps
    verdict = diagnose(step)
    assert verdict.startswith("wrong: case 2 gives ")
    assert verdict.endswith("; it is none of the classic mistakes")
