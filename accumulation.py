"""Gradient accumulation, the reference library for the seed exercises (numpy).

Two models, each trained one step with gradients accumulated over micro-batches:

- an MSE linear regressor: `gradient_accumulation_step`;
- an LM output head trained with softmax cross-entropy:
  `compute_output_head_gradient`, `accumulate_gradients`,
  `train_with_gradient_accumulation`.

Each computes every micro-batch gradient with the same, original weights,
accumulates, and updates once. Inputs are never changed. The identity that
makes this right: for a mean loss, the full-batch gradient is the mean of the
micro-batch gradients weighted by their counts (the plain mean when the
micro-batches are equal).

The judge program is `solve.py`; it does not import this module.

Glossary
    accum_steps, K   number of micro-batches accumulated before one update
    lr               learning rate
    weights          parameters, float64
    B                examples in one micro-batch
    ignore_index     the token id that marks padding (not counted)

The classic mistakes are written out too (`linear_mistakes`,
`head_mistakes`), each named, so that `diagnose` can tell a learner which
one their own step makes, and the figures can draw them.
"""

import numpy as np

__all__ = [
    "gradient_accumulation_step",
    "compute_output_head_gradient",
    "accumulate_gradients",
    "train_with_gradient_accumulation",
    "MISTAKES",
    "linear_mistakes",
    "head_mistakes",
    "diagnose",
]

def _finite_lr(lr):
    """Return lr as a float, or raise ValueError if it is not a finite real number."""
    value = float(lr)
    if not np.isfinite(value):
        raise ValueError(f"lr must be a finite number, got {lr!r}")
    return value


def gradient_accumulation_step(weights, xs, ys, lr, accum_steps):
    """Return the weights after one MSE step accumulated over accum_steps micro-batches, float64 (d,).

    weights (d,); xs (accum_steps, B, d); ys (accum_steps, B). The model is
    ``x @ weights``; each micro-batch gradient is ``(2/B) x.T (x w - y)`` at
    the original weights, and their mean is applied once. Equal micro-batches
    make this exactly one step on all accum_steps * B examples.

    The seed example: the gradients [2] and [-2] cancel, for any lr.

    >>> gradient_accumulation_step([1.0], [[[1.0]], [[1.0]]], [[0.0], [2.0]], lr=0.5, accum_steps=2)
    array([1.])

    Updating inside the loop instead would give [2.0] here ([1.25] with lr / K).
    Shapes must agree:

    >>> gradient_accumulation_step([1.0], [[[1.0]]], [[0.0]], lr=0.1, accum_steps=2)
    Traceback (most recent call last):
    ...
    ValueError: accum_steps is 2 but xs holds 1 micro-batches
    """
    weights = np.asarray(weights, dtype=float)
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    lr = _finite_lr(lr)
    if weights.ndim != 1 or weights.size == 0:
        raise ValueError(f"weights must have shape (d,) with d >= 1, got {weights.shape}")
    if xs.ndim != 3 or 0 in xs.shape or xs.shape[2] != weights.size:
        raise ValueError(
            f"xs must have shape (accum_steps, B, d) = (K, B, {weights.size}), got {xs.shape}"
        )
    if ys.shape != xs.shape[:2]:
        raise ValueError(f"ys must have shape (accum_steps, B) = {xs.shape[:2]}, got {ys.shape}")
    if isinstance(accum_steps, bool) or not isinstance(accum_steps, (int, np.integer)):
        raise ValueError(f"accum_steps must be a positive integer, got {accum_steps!r}")
    if accum_steps != xs.shape[0]:
        raise ValueError(f"accum_steps is {accum_steps} but xs holds {xs.shape[0]} micro-batches")

    grad_total = np.zeros_like(weights)
    for x, y in zip(xs, ys):  # noqa: B905 (equal lengths, checked above)
        grad_total = grad_total + _mse_gradient(weights, x, y)  # at the original weights, every time
    average_grad = grad_total / accum_steps  # divide once, after the loop
    return weights - lr * average_grad


def _counted_tokens(hidden_states, token_ids, weight, ignore_index):
    """Return the counted tokens' hidden states (n, d_model) float64 and ids (n,) int64, after checks.

    weight is the output weight as a float64 array. The ids are compared in
    their own dtype, before any cast: as int64, the uint64 id 2**64 - 100
    would wrap to -100, the padding id, and be dropped silently.
    """
    hidden = np.asarray(hidden_states, dtype=float)
    ids = np.asarray(token_ids)
    if weight.ndim != 2 or 0 in weight.shape:
        raise ValueError(f"output_weight must have shape (d_model, vocab), got {weight.shape}")
    d_model, vocab = weight.shape
    if hidden.ndim < 1 or hidden.shape[-1] != d_model:
        raise ValueError(f"hidden_states must have shape (..., {d_model}), got {hidden.shape}")
    if ids.shape != hidden.shape[:-1]:
        raise ValueError(f"token_ids must have shape {hidden.shape[:-1]}, got {ids.shape}")
    if ids.size and not np.issubdtype(ids.dtype, np.integer):
        raise ValueError(f"token_ids must be integers, got dtype {ids.dtype}")
    # Mutants of this line are equivalent: numpy takes any negative size as the size that fits.
    ids = ids.reshape(-1)  # pragma: no mutate
    counted = ids != ignore_index
    ids = ids[counted]
    bad = (ids < 0) | (ids >= vocab)
    if bad.any():
        raise ValueError(f"token id {ids[bad][0]} is outside the vocabulary [0, {vocab})")
    # Mutants of this line are equivalent: numpy takes any negative size as the size that fits.
    return hidden.reshape(-1, d_model)[counted], ids.astype(np.int64)  # pragma: no mutate


def _head_gradient(hidden, ids, weight):
    """Return (grad (d_model, vocab), loss) of the mean cross-entropy over n >= 1 counted tokens."""
    logits = hidden @ weight
    shifted = logits - logits.max(axis=1, keepdims=True)  # no overflow: every exp() is <= 1
    exp = np.exp(shifted)
    total = exp.sum(axis=1)
    rows = np.arange(len(ids))
    loss = float(np.mean(np.log(total) - shifted[rows, ids]))
    dlogits = exp / total[:, None]  # softmax
    dlogits[rows, ids] -= 1.0  # minus one-hot
    return hidden.T @ dlogits / len(ids), loss


def compute_output_head_gradient(hidden_states, token_ids, output_weight, ignore_index=-100):
    """Return (grad, loss): mean softmax cross-entropy of the head ``h @ W`` and its gradient in W.

    hidden_states (..., d_model) float; token_ids (...) integers; output_weight
    (d_model, vocab). Tokens whose id is ignore_index (padding) are not
    counted. grad is float64 with output_weight's shape: h.T (softmax -
    onehot) / n_tokens. loss is a float.

    >>> grad, loss = compute_output_head_gradient([[1.0, 0.0]], [0], [[0.0, 0.0], [0.0, 0.0]])
    >>> grad.tolist(), round(loss, 6)  # uniform over 2 classes: loss = ln 2
    ([[-0.5, 0.5], [0.0, 0.0]], 0.693147)
    """
    weight = np.asarray(output_weight, dtype=float)
    hidden, ids = _counted_tokens(hidden_states, token_ids, weight, ignore_index)
    if len(ids) == 0:
        raise ValueError("no counted tokens: every token id is ignore_index")
    return _head_gradient(hidden, ids, weight)


def accumulate_gradients(gradients, weights=None):
    """Return the mean of equal-shaped gradients, or their weighted mean sum(w g) / sum(w), float64.

    Without weights every micro-batch counts the same: the mean, never the
    sum. Pass token counts as weights when micro-batches differ in size.

    >>> accumulate_gradients([[2.0, 0.0], [4.0, 2.0]])
    array([3., 1.])
    >>> accumulate_gradients([[2.0], [4.0]], weights=[3, 1])  # a 3-token and a 1-token batch
    array([2.5])
    >>> accumulate_gradients([])
    Traceback (most recent call last):
    ...
    ValueError: no gradients to accumulate
    """
    grads = [np.asarray(g, dtype=float) for g in gradients]
    if not grads:
        raise ValueError("no gradients to accumulate")
    for k, grad in enumerate(grads):
        if grad.shape != grads[0].shape:
            raise ValueError(f"gradient {k} has shape {grad.shape}, gradient 0 has {grads[0].shape}")
    w = np.ones(len(grads)) if weights is None else np.asarray(weights, dtype=float)
    if w.shape != (len(grads),):
        raise ValueError(f"need one weight per gradient ({len(grads)}), got shape {w.shape}")
    if not np.isfinite(w).all() or (w < 0).any():
        raise ValueError("weights must be finite and non-negative")
    if w.sum() == 0:
        raise ValueError("weights sum to zero")
    total = np.zeros_like(grads[0])
    for weight, grad in zip(w, grads):  # noqa: B905 (equal lengths, checked above)
        total += weight * grad
    return total / w.sum()


def train_with_gradient_accumulation(micro_batches, output_weight, lr, ignore_index=-100):
    """Return output_weight after one update accumulated over micro-batches, float64 (d_model, vocab).

    micro_batches is a list of (hidden_states, token_ids) pairs. Every
    gradient is taken at the same output_weight; each is weighted by its
    number of counted tokens, so the update equals the full-batch update on
    all counted tokens even when micro-batches differ in size or padding.
    For equal micro-batches this is the plain mean.

    >>> w = np.zeros((2, 2))
    >>> long, short = ([[1.0, 0.0]] * 3, [0, 0, 0]), ([[1.0, 0.0]], [1])
    >>> train_with_gradient_accumulation([long, short], w, lr=1.0).tolist()
    [[0.25, -0.25], [0.0, 0.0]]

    The full batch is 3 tokens of class 0 and 1 of class 1: the mean of
    softmax - onehot is (0.5 - 3/4, 0.5 - 1/4). A mean of the two per-batch
    means would give (0.0, 0.0) instead.
    """
    weight = np.asarray(output_weight, dtype=float)
    lr = _finite_lr(lr)
    grads, counts = [], []
    for hidden_states, token_ids in micro_batches:
        hidden, ids = _counted_tokens(hidden_states, token_ids, weight, ignore_index)
        if len(ids):  # an all-padding micro-batch adds nothing
            grads.append(_head_gradient(hidden, ids, weight)[0])
            counts.append(len(ids))
    if not grads:
        raise ValueError("the accumulation window has no counted tokens")
    return weight - lr * accumulate_gradients(grads, weights=counts)


# ------------------------------------------------ the classic mistakes ---
# Each is written out so that it can be recognised and drawn; none is a way to train.

MISTAKES = {
    "the sum": "the K gradients were added but never divided by K: the step is K times too large,"
               " as if the learning rate grew with K",
    "divided by K twice": "each gradient was divided by K and then their total by K again:"
                          " the step is K times too small",
    "updated inside the loop": "the weights moved after each micro-batch, so later micro-batches saw"
                               " weights that earlier ones had already changed: K small steps, not one",
    "the mean of means": "every micro-batch's mean gradient counted the same, whatever its number of"
                         " counted tokens: weight each by its count instead",
    "padding counted": "the padding tokens (id -100) were counted as tokens: count only the others,"
                       " in the weights and in the total alike",
    "the weighted sum": "the gradients were weighted by their counted tokens but never divided by the"
                        " total of those counts: the step grows with the number of tokens",
    "float32": "the step was computed in float32 (or its inputs cast to it): its rounding is about 1e-7"
               " of each value, against float64's 1e-16",
}


def _mse_gradient(weights, x, y):
    """Return the gradient in weights (d,) of the mean squared error of x @ weights against y (B,)."""
    return (2 / len(y)) * (x.T @ (x @ weights - y))


def _inside_the_loop(weights, gradient, parts, rates):
    """Return the weights after one update per micro-batch, part k at learning rate rates[k]."""
    for part, rate in zip(parts, rates):  # noqa: B905 (one rate per part)
        weights = weights - rate * gradient(weights, *part)
    return weights


def linear_mistakes(weights, xs, ys, lr):
    """Return {"mistake, variant": the weights (d,) float64}: the MSE step taken each wrong way.

    weights (d,); xs (K, B, d); ys (K, B). The key before the comma is a key
    of MISTAKES. (The mean of means needs unequal micro-batches, which xs
    cannot hold: it is one of head_mistakes.)

    >>> for name, stepped in linear_mistakes([1.0], [[[1.0]], [[1.0]]], [[0.0], [2.0]], lr=0.5).items():
    ...     print(name, stepped)
    the sum [1.]
    divided by K twice [1.]
    updated inside the loop, lr each time [2.]
    updated inside the loop, lr / K each time [1.25]
    """
    weights = np.asarray(weights, dtype=float)
    xs, ys = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
    k = len(xs)
    parts = list(zip(xs, ys))  # noqa: B905 (K of each)
    grads = [_mse_gradient(weights, x, y) for x, y in parts]
    return {
        "the sum": weights - lr * sum(grads),
        "divided by K twice": weights - lr * sum(grad / k for grad in grads) / k,
        "updated inside the loop, lr each time": _inside_the_loop(weights, _mse_gradient, parts, [lr] * k),
        "updated inside the loop, lr / K each time": _inside_the_loop(weights, _mse_gradient, parts,
                                                                      [lr / k] * k),
    }


def head_mistakes(micro_batches, output_weight, lr, ignore_index=-100):
    """Return {"mistake, variant": output_weight after one update}, float64 (d_model, vocab), for the head.

    micro_batches is a list of (hidden_states, token_ids) pairs, as for
    train_with_gradient_accumulation; each must hold a counted token. The
    key before the comma is a key of MISTAKES.

    >>> long, short = ([[1.0, 0.0]] * 3, [0, 0, 0]), ([[1.0, 0.0]], [1])
    >>> head_mistakes([long, short], np.zeros((2, 2)), lr=1.0)["the mean of means"].tolist()
    [[0.0, 0.0], [0.0, 0.0]]
    """
    # Mutants of this line are equivalent: the helpers take the weight as float64 themselves.
    weight = np.asarray(output_weight, dtype=float)  # pragma: no mutate
    parts = [_counted_tokens(h, ids, weight, ignore_index) for h, ids in micro_batches]
    if not all(len(ids) for _, ids in parts):
        raise ValueError("every micro-batch must hold a counted token")
    k, counts = len(parts), [len(ids) for _, ids in parts]
    lengths = [np.asarray(ids).size for _, ids in micro_batches]  # padding included
    grads = [_head_gradient(hidden, ids, weight)[0] for hidden, ids in parts]
    mean_of_means = accumulate_gradients(grads)  # no weights: a 3-token micro-batch weighs as much as 250
    token_sum = sum(count * grad for count, grad in zip(counts, grads))  # noqa: B905 (one count per grad)
    gradient = lambda w, hidden, ids: _head_gradient(hidden, ids, w)[0]  # noqa: E731
    return {
        "the mean of means": weight - lr * mean_of_means,
        "padding counted, in the weights": weight - lr * accumulate_gradients(grads, weights=lengths),
        "padding counted, in the total": weight - lr * token_sum / sum(lengths),
        "the weighted sum": weight - lr * token_sum,
        "the sum": weight - lr * np.sum(grads, axis=0),
        "divided by K twice": weight - lr * accumulate_gradients(grads, weights=counts) / k,
        "divided by K twice, of the mean of means": weight - lr * mean_of_means / k,
        "updated inside the loop, lr each time": _inside_the_loop(weight, gradient, parts, [lr] * k),
        "updated inside the loop, lr / K each time": _inside_the_loop(weight, gradient, parts, [lr / k] * k),
        "updated inside the loop, lr weighted by tokens": _inside_the_loop(
            weight, gradient, parts, [lr * n / sum(counts) for n in counts]),
    }


# ---------------------------------------------------------- diagnosis ---


def _linear_cases():
    """Return the cases diagnose() tries for the MSE step: (weights, xs, ys, lr, accum_steps) each."""
    # Mutants of this line are equivalent: another seed draws other numbers of the shapes the tests pin.
    # No verdict depends on the draw.
    rng = np.random.default_rng(0)  # pragma: no mutate
    cases = [(np.array([1.0]), np.array([[[1.0]], [[1.0]]]), np.array([[0.0], [2.0]]), 0.5, 2)]  # the seed
    for k, batch, d, lr in ((3, 4, 2, 0.1), (4, 2, 3, 0.05), (1, 5, 2, 0.2)):
        cases.append((rng.normal(size=d), rng.normal(size=(k, batch, d)), rng.normal(size=(k, batch)),
                      lr, k))
    return cases


def _head_cases():
    """Return the cases diagnose() tries for the head: (micro_batches, output_weight, lr) each."""
    # Mutants of this line are equivalent: another seed draws other numbers of the shapes the tests pin.
    # No verdict depends on the draw.
    rng = np.random.default_rng(3)  # pragma: no mutate
    long = (np.array([[1.0, 0.0]] * 3), np.array([0, 0, 0]))
    short = (np.array([[1.0, 0.0], [0.0, 0.0]]), np.array([1, -100]))
    cases = [([long, short], np.zeros((2, 2)), 1.0)]  # 3 tokens and 1 token (and 1 padding)
    # Mutants of this line are equivalent: a count at or past the length pads nothing.
    for counted, length, lr in (((2, 5, 1), 6, 0.5), ((4, 4), 4, 0.3)):  # pragma: no mutate
        batches = []
        for n in counted:
            # Mutants of this line are equivalent: integers(4) draws from [0, 4) as integers(0, 4) does.
            ids = rng.integers(0, 4, size=length)  # pragma: no mutate
            ids[n:] = -100  # padding after the counted tokens
            batches.append((rng.normal(size=(length, 3)), ids))
        cases.append((batches, rng.normal(size=(3, 4)), lr))
    return cases


def _snapshot(value):
    """Return a deep copy of nested lists, tuples and arrays (numbers as they are): a fresh case."""
    if isinstance(value, (list, tuple)):
        return [_snapshot(item) for item in value]
    return value.copy() if isinstance(value, np.ndarray) else value


def _same(a, b):
    """Return whether two snapshots hold the same values."""
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.shape == b.shape and np.array_equal(a, b)
    return a == b


def diagnose(step, exercise="linear"):
    """Return a sentence saying whether step is right, and if not, which classic mistake it makes.

    step is a learner's own ``gradient_accumulation_step(weights, xs, ys, lr,
    accum_steps)`` (exercise "linear", seed 000) or
    ``train_with_gradient_accumulation(micro_batches, output_weight, lr)``
    (exercise "head", seed 003). It runs on a few cases, the seed example and
    unequal, padded micro-batches among them, and is compared with this
    library (rtol 1e-9). The sentence starts with "correct", with a key of
    MISTAKES and a colon, or with "wrong:" or "error:" and what happened; a
    step that raises NotImplementedError (the tutorial's stub) is "not
    written yet", with its message; one that returns None, "your step
    returned None: did you forget return?". A float32 answer that is right
    but for float32's rounding is "float32".

    >>> diagnose(gradient_accumulation_step)
    'correct: the same as the library on 4 cases'
    >>> def summed(weights, xs, ys, lr, accum_steps):
    ...     return weights - lr * sum((2 / len(y)) * x.T @ (x @ weights - y) for x, y in zip(xs, ys))
    >>> diagnose(summed).split(":")[0]
    'the sum'
    >>> diagnose(train_with_gradient_accumulation, exercise="head")
    'correct: the same as the library on 3 cases'
    """
    if exercise == "linear":
        cases, right = _linear_cases(), gradient_accumulation_step
        wrong_ways = lambda case: linear_mistakes(*case[:4])  # noqa: E731 (a case without its accum_steps)
    elif exercise == "head":
        cases, right = _head_cases(), train_with_gradient_accumulation
        wrong_ways = lambda case: head_mistakes(*case)  # noqa: E731
    else:
        raise ValueError(f"exercise must be 'linear' or 'head', got {exercise!r}")
    answers, singles = [], []
    for number, case in enumerate(cases, 1):
        expected = right(*case)
        given = _snapshot(case)  # a copy of its own: the cases stay as they are
        try:
            answer = step(*given)
        except NotImplementedError as error:  # the tutorial's stub, as shipped
            return "not written yet: %s" % (str(error) or "the step raises NotImplementedError")
        except Exception as error:  # noqa: BLE001 (whatever the learner's code raises is the answer)
            return f"error: case {number} raised {type(error).__name__}: {error}"
        if answer is None:  # a body without its return statement
            return "your step returned None: did you forget return?"
        if not _same(given, _snapshot(case)):
            return f"wrong: case {number} changed its inputs; work on copies"
        single = getattr(answer, "dtype", None) == np.float32
        try:
            answer = np.asarray(answer, dtype=float)
        except (TypeError, ValueError):
            return f"wrong: case {number} returned {answer!r}, not an array of shape {expected.shape}"
        if answer.shape != expected.shape:
            return f"wrong: case {number} returned shape {answer.shape}, expected {expected.shape}"
        answers.append((answer, expected, wrong_ways(case)))
        singles.append(single)
    close = lambda a, b: np.allclose(a, b, rtol=1e-9, atol=1e-12)  # noqa: E731
    if all(close(answer, expected) for answer, expected, _ in answers):
        return f"correct: the same as the library on {len(cases)} cases"
    # float32 rounds each value to about 6e-8 of itself: right but for that, in a float32 array.
    # Equivalent mutants below: numpy's default tolerances are of the same order as these.
    near = all(np.allclose(a, b, rtol=1e-5, atol=1e-6) for a, b, _ in answers)  # pragma: no mutate
    if all(singles) and near:
        return f"float32: {MISTAKES['float32']}"
    # Mutants of this line are equivalent: every case's mistakes have the same names.
    for way in answers[0][2]:  # pragma: no mutate
        if all(close(answer, ways[way]) for answer, _, ways in answers):
            name = way.split(",")[0]
            return f"{name}: {MISTAKES[name]}"
    number = next(n for n, (answer, expected, _) in enumerate(answers, 1) if not close(answer, expected))
    answer, expected, _ = answers[number - 1]
    return (f"wrong: case {number} gives {np.round(answer, 6).tolist()}, the library"
            f" {np.round(expected, 6).tolist()}; it is none of the classic mistakes")
