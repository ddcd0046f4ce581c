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
"""

import numpy as np

__all__ = [
    "gradient_accumulation_step",
    "compute_output_head_gradient",
    "accumulate_gradients",
    "train_with_gradient_accumulation",
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

    batch = xs.shape[1]
    grad_total = np.zeros_like(weights)
    for x, y in zip(xs, ys):  # noqa: B905 (equal lengths, checked above)
        prediction = x @ weights  # the original weights, every time
        grad_total = grad_total + (2 / batch) * (x.T @ (prediction - y))
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
    ids = ids.reshape(-1)
    counted = ids != ignore_index
    ids = ids[counted]
    bad = (ids < 0) | (ids >= vocab)
    if bad.any():
        raise ValueError(f"token id {ids[bad][0]} is outside the vocabulary [0, {vocab})")
    return hidden.reshape(-1, d_model)[counted], ids.astype(np.int64)


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
