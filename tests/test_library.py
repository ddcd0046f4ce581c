"""The seed exercises in accumulation.py against full-batch references, finite differences and invariances.

Tolerances: comparisons of the same quantity computed in a different order
use rtol=1e-10, atol=1e-12 (float64 reassociation over a few hundred terms
stays far below that). Finite differences use a central step of 1e-6 and
atol=1e-6, the truncation and rounding error of that step on O(1) values.
"""

import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from accumulation import (
    accumulate_gradients,
    compute_output_head_gradient,
    gradient_accumulation_step,
    train_with_gradient_accumulation,
)

SAME = dict(rtol=1e-10, atol=1e-12)
IGNORE = -100


def close(actual, expected):
    np.testing.assert_allclose(actual, expected, **SAME)


def raises_exactly(message):
    """pytest.raises for a ValueError whose whole message is `message`: it names the shapes and values."""
    return pytest.raises(ValueError, match="^%s$" % re.escape(message))


# ------------------------------------------------------- independent math ---


def mse_full_batch_step(weights, x, y, lr):
    """One plain SGD step on the mean squared error over all rows of x (N, d)."""
    return weights - lr * (2 / len(x)) * x.T @ (x @ weights - y)


def mse_loss(weights, x, y):
    return np.mean((x @ weights - y) ** 2)


def cross_entropy_per_token(hidden, ids, weight, ignore_index=IGNORE):
    """Return (grad, loss) token by token, the slow obvious way: sum of outer products over counted tokens."""
    grad, loss, n = np.zeros_like(weight), 0.0, 0
    for h, t in zip(hidden.reshape(-1, weight.shape[0]), ids.reshape(-1)):
        if t == ignore_index:
            continue
        logits = h @ weight
        p = np.exp(logits - logits.max())
        p /= p.sum()
        loss -= np.log(p[t])
        p[t] -= 1.0
        grad += np.outer(h, p)
        n += 1
    return grad / n, loss / n


def random_head(rng, d_model=4, vocab=7):
    return rng.normal(size=(d_model, vocab))


def random_batch(rng, tokens, d_model=4, vocab=7, pad=0):
    """Return (hidden (tokens + pad, d_model), ids) with `pad` padding positions at the end."""
    hidden = rng.normal(size=(tokens + pad, d_model))
    ids = np.concatenate([rng.integers(0, vocab, size=tokens), np.full(pad, IGNORE)])
    return hidden, ids


def concatenate(batches):
    return np.concatenate([h for h, _ in batches]), np.concatenate([t for _, t in batches])


# --------------------------------------------------- linear regression ---


@pytest.mark.parametrize("lr", [0.0, 0.1, 1.0, 37.5])
def test_seed_example_gradients_cancel(lr):
    result = gradient_accumulation_step([1.0], [[[1.0]], [[1.0]]], [[0.0], [2.0]], lr, 2)
    assert result.tolist() == [1.0]


@given(st.integers(1, 6), st.integers(1, 5), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_linear_equals_full_batch(k, batch, d, seed):
    rng = np.random.default_rng(seed)
    weights, xs, ys = rng.normal(size=d), rng.normal(size=(k, batch, d)), rng.normal(size=(k, batch))
    expected = mse_full_batch_step(weights, xs.reshape(k * batch, d), ys.reshape(-1), lr=0.05)
    close(gradient_accumulation_step(weights, xs, ys, 0.05, k), expected)


def test_linear_gradient_matches_finite_differences():
    rng = np.random.default_rng(3)
    weights, xs, ys = rng.normal(size=3), rng.normal(size=(4, 5, 3)), rng.normal(size=(4, 5))
    grad = weights - gradient_accumulation_step(weights, xs, ys, 1.0, 4)  # lr = 1 exposes the mean gradient
    x, y, eps = xs.reshape(20, 3), ys.reshape(20), 1e-6
    numeric = [
        (mse_loss(weights + eps * e, x, y) - mse_loss(weights - eps * e, x, y)) / (2 * eps) for e in np.eye(3)
    ]
    np.testing.assert_allclose(grad, numeric, rtol=0, atol=1e-6)


def test_linear_does_not_update_inside_the_loop():
    """The seed example: [1] is right; updating after each micro-batch gives [2.0] with the full lr
    (w = 1 - 0.5 * 2 = 0, then 0 - 0.5 * 2 * (0 - 2) = 2) and [1.25] with lr / K (w = 0.5, then
    0.5 - 0.25 * 2 * (0.5 - 2) = 1.25), as the README, the docstring and figure b say."""
    for lr, expected in ((0.5, 2.0), (0.25, 1.25)):
        w = 1.0
        for y in (0.0, 2.0):  # x = 1, B = 1: the gradient is 2 (w - y), at the weights already moved
            w -= lr * 2 * (w - y)
        assert w == expected
    result = gradient_accumulation_step([1.0], [[[1.0]], [[1.0]]], [[0.0], [2.0]], 0.5, 2)
    assert result.tolist() == [1.0]


def test_linear_micro_batch_order_does_not_matter():
    rng = np.random.default_rng(5)
    weights, xs, ys = rng.normal(size=3), rng.normal(size=(5, 4, 3)), rng.normal(size=(5, 4))
    order = rng.permutation(5)
    close(gradient_accumulation_step(weights, xs[order], ys[order], 0.1, 5),
          gradient_accumulation_step(weights, xs, ys, 0.1, 5))


def test_linear_repartition_does_not_matter():
    """12 examples as 6 x 2, 3 x 4 or 1 x 12: the same update."""
    rng = np.random.default_rng(6)
    weights, x, y = rng.normal(size=2), rng.normal(size=(12, 2)), rng.normal(size=12)
    results = [gradient_accumulation_step(weights, x.reshape(k, -1, 2), y.reshape(k, -1), 0.2, k)
               for k in (1, 3, 6, 12)]
    for result in results[1:]:
        close(result, results[0])


@pytest.mark.parametrize("args, message", [
    (([1.0, 2.0], np.ones((2, 3, 3)), np.ones((2, 3)), 0.1, 2),
     "xs must have shape (accum_steps, B, d) = (K, B, 2), got (2, 3, 3)"),
    (([1.0], np.ones((2, 3)), np.ones((2, 3)), 0.1, 2),
     "xs must have shape (accum_steps, B, d) = (K, B, 1), got (2, 3)"),
    # An empty micro-batch has no mean; zero micro-batches have no mean either.
    (([1.0], np.ones((2, 0, 1)), np.ones((2, 0)), 0.1, 2),
     "xs must have shape (accum_steps, B, d) = (K, B, 1), got (2, 0, 1)"),
    (([1.0], np.ones((0, 3, 1)), np.ones((0, 3)), 0.1, 0),
     "xs must have shape (accum_steps, B, d) = (K, B, 1), got (0, 3, 1)"),
    (([1.0], np.ones((2, 3, 1)), np.ones((2, 4)), 0.1, 2),
     "ys must have shape (accum_steps, B) = (2, 3), got (2, 4)"),
    (([1.0], np.ones((2, 3, 1)), np.ones((2, 3)), 0.1, 3), "accum_steps is 3 but xs holds 2 micro-batches"),
    (([1.0], np.ones((2, 3, 1)), np.ones((2, 3)), 0.1, 2.0),
     "accum_steps must be a positive integer, got 2.0"),
    (([1.0], np.ones((2, 3, 1)), np.ones((2, 3)), 0.1, True),
     "accum_steps must be a positive integer, got True"),
    ((np.ones((1, 1)), np.ones((2, 3, 1)), np.ones((2, 3)), 0.1, 2),
     "weights must have shape (d,) with d >= 1, got (1, 1)"),
    (([], np.ones((2, 3, 0)), np.ones((2, 3)), 0.1, 2), "weights must have shape (d,) with d >= 1, got (0,)"),
    (([1.0], np.ones((2, 3, 1)), np.ones((2, 3)), float("nan"), 2), "lr must be a finite number, got nan"),
])
def test_linear_rejects_inconsistent_arguments(args, message):
    with raises_exactly(message):
        gradient_accumulation_step(*args)


def test_linear_refuses_complex_numbers():
    """Each input is taken as float64: complex numbers are an error, never a complex step."""
    weights, xs, ys = [0.1, -0.7], [[[1.0, 2.0]], [[3.0, -1.0]]], [[0.3], [-2.0]]
    assert gradient_accumulation_step(weights, xs, ys, 0.25, 2).dtype == np.float64
    for complex_args in ([[0.1j, -0.7], xs, ys], [weights, [[[1j, 2.0]], [[3.0, -1.0]]], ys],
                         [weights, xs, [[0.3j], [-2.0]]]):
        with pytest.raises(TypeError):
            gradient_accumulation_step(*complex_args, 0.25, 2)


# --------------------------------------------------------- output head ---


def test_head_gradient_matches_token_by_token_reference():
    rng = np.random.default_rng(7)
    weight = random_head(rng)
    hidden, ids = random_batch(rng, 9, pad=3)
    grad, loss = compute_output_head_gradient(hidden, ids, weight)
    expected_grad, expected_loss = cross_entropy_per_token(hidden, ids, weight)
    close(grad, expected_grad)
    assert loss == pytest.approx(expected_loss, rel=1e-12)
    assert grad.shape == weight.shape and grad.dtype == np.float64 and isinstance(loss, float)


def test_head_gradient_matches_finite_differences():
    rng = np.random.default_rng(8)
    weight = random_head(rng, d_model=3, vocab=4)
    hidden, ids = random_batch(rng, 6, d_model=3, vocab=4, pad=2)
    grad, _ = compute_output_head_gradient(hidden, ids, weight)
    eps, numeric = 1e-6, np.zeros_like(weight)
    for index in np.ndindex(weight.shape):
        step = np.zeros_like(weight)
        step[index] = eps
        plus = compute_output_head_gradient(hidden, ids, weight + step)[1]
        minus = compute_output_head_gradient(hidden, ids, weight - step)[1]
        numeric[index] = (plus - minus) / (2 * eps)
    np.testing.assert_allclose(grad, numeric, rtol=0, atol=1e-6)


def test_head_accepts_batch_time_shapes():
    rng = np.random.default_rng(9)
    weight = random_head(rng)
    hidden, ids = rng.normal(size=(2, 5, 4)), rng.integers(0, 7, size=(2, 5))
    grad, loss = compute_output_head_gradient(hidden, ids, weight)
    expected_grad, expected_loss = cross_entropy_per_token(hidden, ids, weight)
    close(grad, expected_grad)
    assert loss == pytest.approx(expected_loss, rel=1e-12)


def test_head_is_stable_for_huge_logits():
    """Logits of 1e4: exp() would overflow without subtracting the row maximum."""
    weight = np.array([[1e4, 0.0, -1e4]])
    grad, loss = compute_output_head_gradient([[1.0], [1.0]], [0, 1], weight)
    assert np.isfinite(grad).all() and np.isfinite(loss)
    # Token 0 is predicted with certainty (loss 0); token 1 has logit 0 against 1e4 (loss 1e4).
    assert loss == pytest.approx(5e3)
    np.testing.assert_allclose(grad, [[0.5, -0.5, 0.0]], atol=1e-12)


def test_head_shifts_each_token_by_its_own_maximum():
    """Tokens whose logits are 1e3 apart: one shared maximum would underflow the smaller ones to exp() = 0."""
    weight = np.array([[1.0, 0.0]])
    hidden, ids = np.array([[1000.0], [0.0]]), np.array([0, 1])
    grad, loss = compute_output_head_gradient(hidden, ids, weight)
    expected_grad, expected_loss = cross_entropy_per_token(hidden, ids, weight)
    close(grad, expected_grad)
    assert loss == pytest.approx(expected_loss, rel=1e-12) and np.isfinite(loss)


@pytest.mark.parametrize("ids, message", [
    ([0, 7], "token id 7 is outside the vocabulary [0, 7)"),
    ([-1, 0], "token id -1 is outside the vocabulary [0, 7)"),
    ([IGNORE, IGNORE], "no counted tokens: every token id is ignore_index"),
])
def test_head_rejects_bad_ids(ids, message):
    with raises_exactly(message):
        compute_output_head_gradient(np.ones((2, 4)), ids, np.ones((4, 7)))


@pytest.mark.parametrize("dtype", [np.uint64, np.uint32, np.uint8, np.int8, np.int64])
def test_head_compares_ids_in_their_own_dtype(dtype):
    """Unsigned ids are never cast into the padding id: 2**64 - 100 would wrap to -100 as int64."""
    huge = np.iinfo(dtype).max - (99 if np.iinfo(dtype).max > 200 else 0)
    ids = np.array([huge, 0], dtype=dtype)
    with raises_exactly(f"token id {huge} is outside the vocabulary [0, 7)"):
        compute_output_head_gradient(np.ones((2, 4)), ids, np.ones((4, 7)))
    with raises_exactly(f"token id {huge} is outside the vocabulary [0, 7)"):
        train_with_gradient_accumulation([(np.ones((2, 4)), ids)], np.ones((4, 7)), lr=0.1)
    small = np.array([3, 0], dtype=dtype)  # in-range ids of any integer dtype count as themselves
    expected = compute_output_head_gradient(np.ones((2, 4)), [3, 0], np.ones((4, 7)))[0]
    np.testing.assert_array_equal(compute_output_head_gradient(np.ones((2, 4)), small, np.ones((4, 7)))[0],
                                  expected)


def test_head_accepts_a_single_token_of_shape_d_model():
    """hidden_states (d_model,) with a scalar id is one token, as the docstring's (..., d_model) allows."""
    rng = np.random.default_rng(5)
    hidden, weight = rng.normal(size=4), random_head(rng)
    grad, loss = compute_output_head_gradient(hidden, np.int64(3), weight)
    expected_grad, expected_loss = cross_entropy_per_token(hidden[None, :], np.array([3]), weight)
    close(grad, expected_grad)
    assert loss == pytest.approx(expected_loss, rel=1e-12)
    with pytest.raises(ValueError, match=r"hidden_states must have shape \(\.\.\., 4\), got \(\)"):
        compute_output_head_gradient(np.float64(1.0), np.int64(3), weight)


@pytest.mark.parametrize("hidden, ids, weight, message", [
    (np.ones((2, 3)), [0, 1], np.ones((4, 7)), "hidden_states must have shape (..., 4), got (2, 3)"),
    (np.ones((2, 4)), [0, 1, 2], np.ones((4, 7)), "token_ids must have shape (2,), got (3,)"),
    (np.ones((2, 5, 4)), np.zeros((2, 3), int), np.ones((4, 7)),
     "token_ids must have shape (2, 5), got (2, 3)"),
    (np.ones((2, 4)), [0.0, 1.0], np.ones((4, 7)), "token_ids must be integers, got dtype float64"),
    (np.ones((2, 4)), [0, 1], np.ones(4), "output_weight must have shape (d_model, vocab), got (4,)"),
    (np.ones((2, 4)), [0, 1], np.ones((4, 0)), "output_weight must have shape (d_model, vocab), got (4, 0)"),
])
def test_head_rejects_inconsistent_shapes(hidden, ids, weight, message):
    with raises_exactly(message):
        compute_output_head_gradient(hidden, ids, weight)
    with raises_exactly(message):
        train_with_gradient_accumulation([(hidden, ids)], weight, lr=0.1)


def test_head_refuses_complex_numbers():
    """Hidden states and the output weight are taken as float64: complex numbers are an error."""
    hidden, ids, weight = [[1.0, 0.5]], [1], [[0.0, 1.0], [2.0, 0.0]]
    for args in ([[[1j, 0.5]], ids, weight], [hidden, ids, [[0.0, 1j], [2.0, 0.0]]]):
        with pytest.raises(TypeError):
            compute_output_head_gradient(*args)
        with pytest.raises(TypeError):
            train_with_gradient_accumulation([args[:2]], args[2], lr=0.1)


def full_batch_update(batches, weight, lr):
    grad, _ = cross_entropy_per_token(*concatenate(batches), weight)
    return weight - lr * grad


@given(st.integers(1, 5), st.integers(1, 6), st.integers(0, 2**32 - 1))
def test_head_equal_sizes_equal_full_batch_and_plain_mean(k, tokens, seed):
    rng = np.random.default_rng(seed)
    weight = random_head(rng)
    batches = [random_batch(rng, tokens) for _ in range(k)]
    result = train_with_gradient_accumulation(batches, weight, lr=0.3)
    close(result, full_batch_update(batches, weight, 0.3))
    # The seed's hint: for equal sizes the plain mean of the gradients is right.
    plain = np.mean([compute_output_head_gradient(h, t, weight)[0] for h, t in batches], axis=0)
    close(result, weight - 0.3 * plain)


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 4)), min_size=1, max_size=5)
       .filter(lambda sizes: sum(t for t, _ in sizes) > 0), st.integers(0, 2**32 - 1))
def test_head_unequal_sizes_and_padding_equal_full_batch(sizes, seed):
    rng = np.random.default_rng(seed)
    weight = random_head(rng)
    batches = [random_batch(rng, tokens, pad=pad) for tokens, pad in sizes]
    close(train_with_gradient_accumulation(batches, weight, lr=0.3), full_batch_update(batches, weight, 0.3))


def test_mean_of_means_is_wrong_and_not_what_the_library_does():
    """A 1-token and a 9-token micro-batch: averaging their means over-weights the short one."""
    rng = np.random.default_rng(10)
    weight = random_head(rng)
    batches = [random_batch(rng, 1), random_batch(rng, 9)]
    full = full_batch_update(batches, weight, 1.0)
    means = [compute_output_head_gradient(h, t, weight)[0] for h, t in batches]
    mean_of_means = weight - 1.0 * np.mean(means, axis=0)
    assert np.abs(mean_of_means - full).max() > 1e-3
    library = train_with_gradient_accumulation(batches, weight, lr=1.0)
    close(library, full)
    assert np.abs(library - mean_of_means).max() > 1e-3


def test_head_order_and_partition_do_not_matter():
    rng = np.random.default_rng(11)
    weight = random_head(rng)
    hidden, ids = random_batch(rng, 12, pad=4)
    shuffled = rng.permutation(16)
    hidden, ids = hidden[shuffled], ids[shuffled]  # spread the padding around
    partitions = ([0, 16], [0, 8, 16], [0, 1, 5, 6, 16], [0, 3, 4, 9, 15, 16])
    results = []
    for cuts in partitions:
        batches = [(hidden[a:b], ids[a:b]) for a, b in zip(cuts, cuts[1:])]
        results.append(train_with_gradient_accumulation(batches, weight, 0.2))
    reversed_order = [(hidden[a:b], ids[a:b]) for a, b in [(9, 15), (15, 16), (4, 9), (3, 4), (0, 3)]]
    results.append(train_with_gradient_accumulation(reversed_order, weight, 0.2))
    for result in results[1:]:
        close(result, results[0])


def test_all_padding_micro_batch_adds_nothing_but_an_empty_window_is_an_error():
    rng = np.random.default_rng(12)
    weight = random_head(rng)
    real, padding = random_batch(rng, 5), random_batch(rng, 0, pad=3)
    close(train_with_gradient_accumulation([real, padding], weight, 0.5),
          train_with_gradient_accumulation([real], weight, 0.5))
    with raises_exactly("the accumulation window has no counted tokens"):
        train_with_gradient_accumulation([padding, padding], weight, 0.5)
    with raises_exactly("the accumulation window has no counted tokens"):
        train_with_gradient_accumulation([], weight, 0.5)


# ------------------------------------------------------- accumulation ---


def test_accumulate_is_the_mean_not_the_sum():
    grads = [np.full((2, 2), 1.0), np.full((2, 2), 3.0), np.full((2, 2), 8.0)]
    close(accumulate_gradients(grads), np.full((2, 2), 4.0))


def test_accumulate_weighted_mean():
    close(accumulate_gradients([[1.0, 0.0], [4.0, 2.0]], weights=[1, 2]), [3.0, 4.0 / 3.0])
    close(accumulate_gradients([[1.0], [4.0]], weights=[0, 5]), [4.0])


@pytest.mark.parametrize("grads, weights, message", [
    ([], None, "no gradients to accumulate"),
    ([[1.0], [2.0]], [0, 0], "weights sum to zero"),
    ([[1.0], [2.0]], [1, -1], "weights must be finite and non-negative"),
    ([[1.0], [2.0]], [1, float("inf")], "weights must be finite and non-negative"),
    ([[1.0], [2.0]], [1], "need one weight per gradient (2), got shape (1,)"),
    ([[1.0], [2.0, 3.0]], None, "gradient 1 has shape (2,), gradient 0 has (1,)"),
    ([[1.0], [2.0], [3.0, 4.0]], None, "gradient 2 has shape (2,), gradient 0 has (1,)"),
])
def test_accumulate_rejects(grads, weights, message):
    with raises_exactly(message):
        accumulate_gradients(grads, weights)


def test_accumulate_takes_any_real_weights_and_refuses_complex_gradients():
    """Counts may come as Fractions or numpy integers; they are used as float64, as gradients are."""
    close(accumulate_gradients([[2.0], [4.0]], weights=[Fraction(3), Fraction(1)]), [2.5])
    close(accumulate_gradients([[2.0], [4.0]], weights=np.array([3, 1], dtype=np.uint8)), [2.5])
    with pytest.raises(TypeError):
        accumulate_gradients([[2.0j], [4.0]])


# ------------------------------------------------------ no mutation ---


def snapshot(*arrays):
    return [np.array(a, copy=True) for a in arrays]


def test_nothing_is_mutated():
    rng = np.random.default_rng(13)
    weights, xs, ys = rng.normal(size=3), rng.normal(size=(2, 4, 3)), rng.normal(size=(2, 4))
    before = snapshot(weights, xs, ys)
    result = gradient_accumulation_step(weights, xs, ys, 0.1, 2)
    for a, b in zip([weights, xs, ys], before):
        np.testing.assert_array_equal(a, b)
    assert not np.shares_memory(result, weights)

    head = random_head(rng)
    batches = [random_batch(rng, 4, pad=1), random_batch(rng, 2)]
    before = snapshot(head, *[a for batch in batches for a in batch])
    grad, _ = compute_output_head_gradient(*batches[0], head)
    updated = train_with_gradient_accumulation(batches, head, 0.1)
    for a, b in zip([head, *[a for batch in batches for a in batch]], before):
        np.testing.assert_array_equal(a, b)
    assert not np.shares_memory(updated, head) and not np.shares_memory(grad, head)

    grads = [rng.normal(size=3), rng.normal(size=3)]
    before = snapshot(*grads)
    mean = accumulate_gradients(grads)
    for a, b in zip(grads, before):
        np.testing.assert_array_equal(a, b)
    single = accumulate_gradients(grads[:1])
    assert not np.shares_memory(mean, grads[0]) and not np.shares_memory(single, grads[0])
