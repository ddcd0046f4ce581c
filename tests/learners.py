"""Steps as a learner writes them, right and wrong: source code for the tutorial's exercise cells.

Each is the whole text of a cell, written the way the seed exercises lead a
learner to write it, with no help from accumulation.py's own mistakes: the
tests run accumulation.diagnose on them (tests/test_library.py) and run the
tutorial's check cells with them in place of the answer (tests/test_tutorial.py).

LINEAR and HEAD map what the cell does ("correct" or a key of
accumulation.MISTAKES) to its source. The mistakes of HEAD_ONLY need
micro-batches of different sizes, or padding, which the linear exercise's
(K, B, d) array cannot hold.

linear_program() and head_program() are different: whole judge programs for the
second and third problems, linearaccumulation (its input on stdin, w' on stdout)
and headaccumulation (W' on stdout), as a learner pastes them into `make check`
or the practice page (tests/test_find.py, tests/test_practice.py).
"""

HEAD_ONLY = {"the mean of means", "padding counted", "the weighted sum"}

LINEAR = {
    "correct": '''
def gradient_accumulation_step(weights, xs, ys, lr, accum_steps):
    grad_total = np.zeros_like(weights)
    for k in range(accum_steps):
        x, y = xs[k], ys[k]
        grad = (2 / len(y)) * x.T @ (x @ weights - y)   # this micro-batch's mean-loss gradient
        grad_total = grad_total + grad
    average_grad = grad_total / accum_steps             # divide once, after the loop
    return weights - lr * average_grad
''',
    "the sum": '''
def gradient_accumulation_step(weights, xs, ys, lr, accum_steps):
    grad_total = np.zeros_like(weights)
    for k in range(accum_steps):
        x, y = xs[k], ys[k]
        grad_total = grad_total + (2 / len(y)) * x.T @ (x @ weights - y)
    return weights - lr * grad_total
''',
    "divided by K twice": '''
def gradient_accumulation_step(weights, xs, ys, lr, accum_steps):
    grad_total = np.zeros_like(weights)
    for k in range(accum_steps):
        x, y = xs[k], ys[k]
        grad_total = grad_total + (2 / len(y)) * x.T @ (x @ weights - y) / accum_steps
    return weights - lr * grad_total / accum_steps
''',
    "updated inside the loop": '''
def gradient_accumulation_step(weights, xs, ys, lr, accum_steps):
    for k in range(accum_steps):
        x, y = xs[k], ys[k]
        weights = weights - lr * (2 / len(y)) * x.T @ (x @ weights - y)
    return weights
''',
    "float32": '''
def gradient_accumulation_step(weights, xs, ys, lr, accum_steps):
    weights, xs, ys = (np.asarray(a, dtype=np.float32) for a in (weights, xs, ys))  # half the memory
    grad_total = np.zeros_like(weights)
    for k in range(accum_steps):
        grad_total += (2 / len(ys[k])) * xs[k].T @ (xs[k] @ weights - ys[k])
    return weights - np.float32(lr) * grad_total / accum_steps
''',
}

HEAD = {
    "correct": '''
def train_with_gradient_accumulation(micro_batches, output_weight, lr):
    total, tokens = np.zeros_like(output_weight), 0
    for hidden, ids in micro_batches:
        grad, _ = compute_output_head_gradient(hidden, ids, output_weight)
        counted = int(np.sum(np.asarray(ids) != -100))   # padding is not counted
        total = total + counted * grad                  # the sum over this micro-batch's tokens
        tokens = tokens + counted
    return output_weight - lr * total / tokens
''',
    "the mean of means": '''
def train_with_gradient_accumulation(micro_batches, output_weight, lr):
    gradients = [compute_output_head_gradient(h, t, output_weight)[0] for h, t in micro_batches]
    return output_weight - lr * np.mean(gradients, axis=0)
''',
    "the sum": '''
def train_with_gradient_accumulation(micro_batches, output_weight, lr):
    gradients = [compute_output_head_gradient(h, t, output_weight)[0] for h, t in micro_batches]
    return output_weight - lr * np.sum(gradients, axis=0)
''',
    "divided by K twice": '''
def train_with_gradient_accumulation(micro_batches, output_weight, lr):
    gradients = [compute_output_head_gradient(h, t, output_weight)[0] / len(micro_batches)
                 for h, t in micro_batches]
    return output_weight - lr * np.mean(gradients, axis=0)
''',
    "updated inside the loop": '''
def train_with_gradient_accumulation(micro_batches, output_weight, lr):
    for hidden, ids in micro_batches:
        grad, _ = compute_output_head_gradient(hidden, ids, output_weight)
        output_weight = output_weight - lr * grad
    return output_weight
''',
    "padding counted": '''
def train_with_gradient_accumulation(micro_batches, output_weight, lr):
    total, tokens = np.zeros_like(output_weight), 0
    for hidden, ids in micro_batches:
        grad, _ = compute_output_head_gradient(hidden, ids, output_weight)
        n = len(ids)                                    # the micro-batch's tokens
        total = total + n * grad
        tokens = tokens + n
    return output_weight - lr * total / tokens
''',
    "the weighted sum": '''
def train_with_gradient_accumulation(micro_batches, output_weight, lr):
    total = np.zeros_like(output_weight)
    for hidden, ids in micro_batches:
        grad, _ = compute_output_head_gradient(hidden, ids, output_weight)
        counted = int(np.sum(np.asarray(ids) != -100))
        total = total + counted * grad                  # weighted by its tokens
    return output_weight - lr * total
''',
    "float32": '''
def train_with_gradient_accumulation(micro_batches, output_weight, lr):
    weight = np.asarray(output_weight, dtype=np.float32)
    total, tokens = np.zeros_like(weight), 0
    for hidden, ids in micro_batches:
        grad, _ = compute_output_head_gradient(hidden, ids, weight)
        counted = int(np.sum(np.asarray(ids) != -100))
        total += counted * grad.astype(np.float32)
        tokens += counted
    return weight - np.float32(lr) * total / tokens
''',
}


def define(source):
    """Return the function that source (a cell of LINEAR or HEAD) defines, beside numpy and the library."""
    import numpy as np

    from accumulation import compute_output_head_gradient

    names = {"np": np, "compute_output_head_gradient": compute_output_head_gradient}
    before = set(names)
    exec(source, names)  # noqa: S102 (our own test sources)
    (defined,) = set(names) - before - {"__builtins__"}
    return names[defined]


LINEAR_PROGRAM = """import sys
t = sys.stdin.read().split()
k, b, d, lr = int(t[0]), int(t[1]), int(t[2]), float(t[3])
w = [float(x) for x in t[4:4 + d]]
v = [float(x) for x in t[4 + d:]]
rows = [v[i * (d + 1):(i + 1) * (d + 1)] for i in range(k * b)]
used = USED
total = [0.0] * d
for row in rows[:used * b]:
    r = sum(row[j] * w[j] for j in range(d)) - row[d]
    for j in range(d):
        total[j] += 2 * r * row[j] / b
print(" ".join(SHOWN for x in [w[j] - lr * total[j] / used for j in range(d)]))
"""


def linear_program(used="k", shown="repr(x)"):
    """Return a learner's whole program for linearaccumulation: the mean of the gradients of the first
    `used` micro-batches (an expression of k; all K is right), at the original weights, each value of w'
    printed as `shown` (an expression of x)."""
    return LINEAR_PROGRAM.replace("USED", used).replace("SHOWN", shown)


HEAD_PROGRAM = """import sys
from math import exp

t = sys.stdin.read().split()
m, d, v, lr = int(t[0]), int(t[1]), int(t[2]), float(t[3])
w = [[float(x) for x in t[4 + i * v:4 + (i + 1) * v]] for i in range(d)]
grad, tokens, at = [[0.0] * v for _ in range(d)], 0, 4 + d * v
for _ in range(m):
    n, at = int(t[at]), at + 1
    total, count = [[0.0] * v for _ in range(d)], 0  # this micro-batch's sum of gradients, its tokens
    for _ in range(n):
        target, h = int(t[at]), [float(x) for x in t[at + 1:at + 1 + d]]
        at += 1 + d
        if target == -100:
            continue
        z = [sum(h[i] * w[i][j] for i in range(d)) for j in range(v)]
        top = TOP
        e = [exp(x - top) for x in z]
        s = sum(e)
        p = [x / s for x in e]
        p[target] -= 1
        for i in range(d):
            total[i] = [g + h[i] * q for g, q in zip(total[i], p)]
        count += 1
    for i in range(d):
        grad[i] = [a + EACH for a, g in zip(grad[i], total[i])]
    tokens += count
for i in range(d):
    print(" ".join(repr(w[i][j] - lr * grad[i][j] / OVER) for j in range(v)))
"""


def head_program(top="max(z)", mean_of_means=False):
    """Return a learner's whole program for headaccumulation: each token's softmax with `top` subtracted
    from its logits z (max(z) is right; 0 is nothing, and math.exp overflows past 709.78); G the sum of
    every counted token's gradient over N, or, with mean_of_means, the mean of the micro-batches' means."""
    each, over = ("g / count", "m") if mean_of_means else ("g", "tokens")
    return HEAD_PROGRAM.replace("TOP", top).replace("EACH", each).replace("OVER", over)
