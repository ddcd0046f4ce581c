"""accumulation.diagnose names the classic mistake a learner's step makes, or says it is correct.

The learners' steps are written out in tests/learners.py, independently of the
library's own mistakes (linear_mistakes, head_mistakes), which these tests
also check against the seed example and the full batch.
"""

import numpy as np
import pytest
from learners import HEAD, LINEAR, define

from accumulation import (
    MISTAKES,
    _linear_cases,
    diagnose,
    gradient_accumulation_step,
    head_mistakes,
    linear_mistakes,
    train_with_gradient_accumulation,
)


def test_the_learners_cover_every_mistake():
    assert set(LINEAR) == {"correct"} | set(MISTAKES) - {"the mean of means"}
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
        raise NotImplementedError("write your step here")
    assert diagnose(raises) == "error: case 1 raised NotImplementedError: write your step here"

    def returns_nothing(weights, xs, ys, lr, accum_steps):
        weights - lr  # forgot the return
    assert diagnose(returns_nothing) == "wrong: case 1 returned shape (), expected (1,)"

    def returns_text(weights, xs, ys, lr, accum_steps):
        return "one"
    assert diagnose(returns_text) == "wrong: case 1 returned 'one', not an array of shape (1,)"

    def returns_a_column(weights, xs, ys, lr, accum_steps):
        return gradient_accumulation_step(weights, xs, ys, lr, accum_steps)[:, None]
    assert diagnose(returns_a_column) == "wrong: case 1 returned shape (1, 1), expected (1,)"


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
