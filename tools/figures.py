"""`make figures`: what accumulation does and how it goes wrong, computed by accumulation.py and drawn.

    build/figures-venv/bin/python tools/figures.py      # writes docs/figures/*.png (make figures)

Three figures, each from one data function below that returns plain numbers
(tests/test_figures.py checks them, with no matplotlib) and one caption
that states them (docs/library.md quotes the captions; a test checks that
the page and the numbers agree):

a. head_training: the LM output head of seed 003, trained 60 SGD steps on
   next-token data with padding and four micro-batches of very different
   sizes, four ways: the full batch, the library's token-weighted
   accumulation, and two mistakes (the mean of per-micro-batch means, as
   major training libraries shipped it in 2024, and the sum);
b. linear_distance: the linear regressor of seed 000, one step as the
   number of micro-batches K grows, the library's way against the
   classic mistakes;
c. precision: the mean of K gradients accumulated in float32 and float64,
   against an exact reference (math.fsum).

The mistakes are written out here, named as mistakes, and never in the
library. The PNG files carry no software version or date, so a rerun on the
same machine writes the same bytes; matplotlib is pinned in
requirements-figures.txt, in a venv of its own (build/figures-venv).
"""

import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from accumulation import (  # noqa: E402  (after the path is set)
    accumulate_gradients,
    compute_output_head_gradient,
    gradient_accumulation_step,
    train_with_gradient_accumulation,
)

FIGURES = ROOT / "docs" / "figures"
PAD = -100  # the padding id, the library's default ignore_index


# ------------------------------------------------ a. the output head ---

HEAD_STEPS, HEAD_LR = 60, 1.0
COUNTED = (3, 12, 60, 250)  # counted tokens in each of the K = 4 micro-batches
HEAD_WAYS = ("full batch", "library (token-weighted)", "MISTAKE: mean of micro-batch means",
             "MISTAKE: sum of micro-batch means")


def head_batches(seed=3, d_model=8, vocab=6, length=256):
    """Return (micro-batches, the full batch): next-token data, each micro-batch padded to length tokens.

    Each micro-batch is (hidden (1, length, d_model) float64, ids (1, length)
    int64), with COUNTED[k] real tokens and the rest padding; the ids come
    from a fixed "true" head, so there is something to learn. The full
    batch is every counted token: (hidden (n, d_model), ids (n,)).
    """
    rng = np.random.default_rng(seed)
    true_head = rng.normal(scale=2.0, size=(d_model, vocab))
    batches = []
    for counted in COUNTED:
        hidden = rng.normal(size=(1, length, d_model))
        logits = hidden[0] @ true_head
        ids = np.array([rng.choice(vocab, p=np.exp(row - row.max()) / np.exp(row - row.max()).sum())
                        for row in logits])
        ids[counted:] = PAD
        batches.append((hidden, ids[None, :]))
    full_hidden = np.concatenate([h[0][ids[0] != PAD] for h, ids in batches])
    full_ids = np.concatenate([ids[0][ids[0] != PAD] for _, ids in batches])
    return batches, (full_hidden, full_ids)


def mistake_mean_of_means(batches, weight, lr):
    """MISTAKE: every micro-batch's mean gradient counts the same, whatever its number of tokens."""
    grads = [compute_output_head_gradient(h, ids, weight)[0] for h, ids in batches]
    return weight - lr * accumulate_gradients(grads)  # no weights: a 3-token batch weighs as much as 250


def mistake_sum(batches, weight, lr):
    """MISTAKE: the micro-batch gradients are added and never divided: the step grows with K."""
    grads = [compute_output_head_gradient(h, ids, weight)[0] for h, ids in batches]
    return weight - lr * np.sum(grads, axis=0)


def head_training(steps=HEAD_STEPS, lr=HEAD_LR):
    """Return {way: full-batch loss after 0 .. steps steps} and the weights after step 1, per way."""
    batches, (full_hidden, full_ids) = head_batches()
    d_model, vocab = full_hidden.shape[1], 6
    steppers = {
        HEAD_WAYS[0]: lambda w: w - lr * compute_output_head_gradient(full_hidden, full_ids, w)[0],
        HEAD_WAYS[1]: lambda w: train_with_gradient_accumulation(batches, w, lr),
        HEAD_WAYS[2]: lambda w: mistake_mean_of_means(batches, w, lr),
        HEAD_WAYS[3]: lambda w: mistake_sum(batches, w, lr),
    }
    losses, first_steps = {}, {}
    for way, step in steppers.items():
        weight = np.zeros((d_model, vocab))
        curve = [compute_output_head_gradient(full_hidden, full_ids, weight)[1]]
        for number in range(steps):
            weight = step(weight)
            if number == 0:
                first_steps[way] = weight.copy()
            curve.append(compute_output_head_gradient(full_hidden, full_ids, weight)[1])
        losses[way] = curve
    return losses, first_steps


def head_caption(losses):
    """Return figure a's caption, with its numbers."""
    full = np.array(losses[HEAD_WAYS[0]])
    gap = lambda way: np.abs(np.array(losses[way]) - full).max()  # noqa: E731
    return ("Figure a. The LM output head (seed 003), %d SGD steps at lr = %g on %d counted tokens in K = 4"
            " micro-batches of %s tokens, each padded to 256. Full-batch loss after each step. The library's"
            " token-weighted accumulation stays on the full-batch curve: the largest gap over the run is"
            " below 1e-12 (rounding). The mean of micro-batch means, the 2024 bug, drifts away: its largest"
            " gap is %.3f, and after %d steps its loss is %.3f against %.3f. The sum's first update is"
            " exactly K = 4 times the mean of means': a learning rate 4 times the one set, so its curve"
            " leaves the full batch's at once (largest gap %.3f)."
            % (HEAD_STEPS, HEAD_LR, sum(COUNTED), ", ".join(map(str, COUNTED)), gap(HEAD_WAYS[2]),
               HEAD_STEPS, losses[HEAD_WAYS[2]][-1], full[-1], gap(HEAD_WAYS[3])))


# ------------------------------------------ b. the linear regressor ---

LINEAR_KS = (1, 2, 4, 8, 16, 32, 64)
LINEAR_EXAMPLES, LINEAR_LR = 128, 0.05
LINEAR_WAYS = ("library", "MISTAKE: sum, not mean", "MISTAKE: divided by K twice",
               "MISTAKE: update inside the loop (lr each time)",
               "MISTAKE: update inside the loop (lr / K each time)")


def linear_problem(seed=0, d=5):
    """Return (weights (d,), x (N, d), y (N,)): N = 128 examples of a noisy linear model."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(LINEAR_EXAMPLES, d))
    y = x @ rng.normal(size=d) + 0.1 * rng.normal(size=LINEAR_EXAMPLES)
    return rng.normal(size=d), x, y


def mse_gradient(weights, x, y):
    """Return the gradient of the mean squared error of x @ weights against y: (2/B) x.T (x w - y)."""
    return (2 / len(y)) * (x.T @ (x @ weights - y))


def mistake_sum_step(weights, xs, ys, lr):
    """MISTAKE: the micro-batch gradients are added, never divided by K."""
    return weights - lr * sum(mse_gradient(weights, x, y) for x, y in zip(xs, ys, strict=True))


def mistake_divide_twice_step(weights, xs, ys, lr):
    """MISTAKE: each gradient is divided by K, and then the sum by K again."""
    k = len(xs)
    return weights - lr * sum(mse_gradient(weights, x, y) / k for x, y in zip(xs, ys, strict=True)) / k


def mistake_update_inside_the_loop(weights, xs, ys, lr):
    """MISTAKE: the weights move after every micro-batch, so later ones see weights already moved."""
    for x, y in zip(xs, ys, strict=True):
        weights = weights - lr * mse_gradient(weights, x, y)
    return weights


def linear_steps(weights, xs, ys, lr):
    """Return {way: the weights after one step} for micro-batches xs (K, B, d), ys (K, B)."""
    k = len(xs)
    return {
        LINEAR_WAYS[0]: gradient_accumulation_step(weights, xs, ys, lr, k),
        LINEAR_WAYS[1]: mistake_sum_step(weights, xs, ys, lr),
        LINEAR_WAYS[2]: mistake_divide_twice_step(weights, xs, ys, lr),
        LINEAR_WAYS[3]: mistake_update_inside_the_loop(weights, xs, ys, lr),
        LINEAR_WAYS[4]: mistake_update_inside_the_loop(weights, xs, ys, lr / k),
    }


def linear_distance(ks=LINEAR_KS, lr=LINEAR_LR):
    """Return {way: [|w_way - w_full| for each K]}: one step on 128 examples split into K micro-batches."""
    weights, x, y = linear_problem()
    full = weights - lr * mse_gradient(weights, x, y)
    distances = {way: [] for way in LINEAR_WAYS}
    for k in ks:
        xs, ys = x.reshape(k, -1, x.shape[1]), y.reshape(k, -1)
        for way, stepped in linear_steps(weights, xs, ys, lr).items():
            distances[way].append(float(np.linalg.norm(stepped - full)))
    return distances


def seed_example_inside_the_loop():
    """Return (full lr, lr / K): seed 000's example updated inside the loop, where the right answer is [1]."""
    xs, ys, lr = np.array([[[1.0]], [[1.0]]]), np.array([[0.0], [2.0]]), 0.5
    weights = np.array([1.0])
    return (mistake_update_inside_the_loop(weights, xs, ys, lr).tolist(),
            mistake_update_inside_the_loop(weights, xs, ys, lr / 2).tolist())


def linear_caption(distances):
    """Return figure b's caption, with its numbers."""
    last = {way: values[-1] for way, values in distances.items()}
    full_lr, k_lr = seed_example_inside_the_loop()
    return ("Figure b. The linear regressor (seed 000): one step at lr = %g on %d examples split into K"
            " micro-batches, distance to the full-batch step. The library stays below 1e-12 (rounding) at"
            " every K. At K = 64 the sum is %.3f away and dividing by K twice %.3f, both growing with K;"
            " updating inside the loop is %.3f away with lr each time and %.4f with lr / K. On the seed"
            " example (w = [1], lr = 0.5, right answer [1]) updating inside the loop gives %s, or %s with"
            " lr / K."
            % (LINEAR_LR, LINEAR_EXAMPLES, last[LINEAR_WAYS[1]], last[LINEAR_WAYS[2]], last[LINEAR_WAYS[3]],
               last[LINEAR_WAYS[4]], full_lr, k_lr))


# -------------------------------------------------------- c. precision ---

PRECISION_KS = (2, 8, 32, 128, 512, 2048, 8192)
PRECISION_D = 1000


def precision(ks=PRECISION_KS, d=PRECISION_D, seed=7):
    """Return {"float32": [...], "float64": [...]}: the largest error of the accumulated mean, per K.

    The K gradients of d values each are float64 numbers near 1; each
    accumulator takes them in its dtype, adds them one gradient after another
    and divides by K; the error is the largest |mean - exact| over the d
    entries, where exact is math.fsum of the values over K.
    """
    rng = np.random.default_rng(seed)
    errors = {"float32": [], "float64": []}
    for k in ks:
        grads = rng.normal(loc=1.0, scale=0.5, size=(k, d))
        exact = np.array([math.fsum(column) / k for column in grads.T])
        for dtype in errors:
            total = np.zeros(d, dtype=dtype)
            for grad in grads:  # one micro-batch at a time, as an accumulator does
                total += grad.astype(dtype)
            errors[dtype].append(float(np.abs((total / dtype_k(k, dtype)).astype(np.float64) - exact).max()))
    return errors


def dtype_k(k, dtype):
    """Return K in the accumulator's dtype, so that the division happens there too."""
    return np.dtype(dtype).type(k)


def precision_caption(errors):
    """Return figure c's caption, with its numbers."""
    return ("Figure c. The mean of K gradients (%d values each, near 1) accumulated one micro-batch at a time"
            " in float32 and in float64, against an exact reference (math.fsum). At K = %d the largest error"
            " is %.1e in float32 and %.1e in float64; at every K plotted float64's is the smaller (at K = 2"
            " it is %g). The library accumulates in float64."
            % (PRECISION_D, PRECISION_KS[-1], errors["float32"][-1], errors["float64"][-1],
               errors["float64"][0]))


# ---------------------------------------------------------- drawing ---


def captions():
    """Return {file name: caption} for the three figures, computed afresh."""
    return {"head-training.png": head_caption(head_training()[0]),
            "linear-distance.png": linear_caption(linear_distance()),
            "precision.png": precision_caption(precision())}


def draw():
    """Write the three PNG files into docs/figures/ and print their captions."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"figure.figsize": (8, 4.5), "figure.dpi": 100, "axes.grid": True,
                         "grid.alpha": 0.3, "font.size": 10, "svg.hashsalt": "fixed"})
    FIGURES.mkdir(parents=True, exist_ok=True)
    save = lambda fig, name: fig.savefig(FIGURES / name, metadata={"Software": None})  # noqa: E731

    losses, _ = head_training()
    fig, ax = plt.subplots()
    styles = ["-", "--", "-", ":"]
    for (way, curve), style in zip(losses.items(), styles, strict=True):
        ax.plot(range(len(curve)), curve, style, label=way, linewidth=2 if "library" in way else 1.5)
    ax.set(xlabel="SGD step", ylabel="full-batch cross-entropy", yscale="log",
           title="a. Output head: accumulation with padding and unequal micro-batches")
    ax.legend()
    save(fig, "head-training.png")

    distances = linear_distance()
    fig, ax = plt.subplots()
    floor = 1e-17  # a distance of exactly 0 cannot be drawn on a log scale
    for way, values in distances.items():
        ax.plot(LINEAR_KS, [max(v, floor) for v in values], "o-", label=way)
    ax.set(xlabel="K, micro-batches (128 examples in all)",
           ylabel="distance to the full-batch step (0 at 1e-17)", xscale="log", yscale="log",
           title="b. Linear regression: one accumulated step against the full batch")
    ax.set_xticks(LINEAR_KS, [str(k) for k in LINEAR_KS])
    ax.legend(fontsize=8)
    save(fig, "linear-distance.png")

    errors = precision()
    fig, ax = plt.subplots()
    for dtype, values in errors.items():
        ax.plot(PRECISION_KS, [max(v, floor) for v in values], "o-", label="accumulated in " + dtype)
    ax.set(xlabel="K, gradients accumulated", ylabel="largest error of the mean (0 at 1e-17)", xscale="log",
           yscale="log",
           title="c. Precision of the accumulator")
    ax.legend()
    save(fig, "precision.png")
    for name, caption in captions().items():
        print("%s\n  %s\n" % (FIGURES / name, caption))


if __name__ == "__main__":
    draw()
