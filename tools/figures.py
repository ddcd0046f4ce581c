"""`make figures`: what accumulation does and how it goes wrong, computed by accumulation.py and drawn.

    build/figures-venv/bin/python -m tools.figures      # writes docs/figures/*.png (make figures)

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
   each against the exact mean (math.fsum) of the inputs it added, with the
   cast to float32 measured apart.

The mistakes come from the library (linear_mistakes, head_mistakes), where
they are named so that accumulation.diagnose can recognise them. The PNG
files carry no software version or date, and nothing drawn depends on
rounding that differs between machines (figure b draws every distance below
1e-15 as one band), so a rerun writes the same bytes; matplotlib is pinned
in locks/figures.txt, in a venv of its own (build/figures-venv).
"""

import functools
import math
from pathlib import Path

import numpy as np

from accumulation import (
    compute_output_head_gradient,
    gradient_accumulation_step,
    head_mistakes,
    linear_mistakes,
    train_with_gradient_accumulation,
)

ROOT = Path(__file__).resolve().parent.parent
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


def head_training(steps=HEAD_STEPS, lr=HEAD_LR):
    """Return {way: full-batch loss after 0 .. steps steps} and the weights after step 1, per way."""
    batches, (full_hidden, full_ids) = head_batches()
    d_model, vocab = full_hidden.shape[1], 6
    steppers = {
        HEAD_WAYS[0]: lambda w: w - lr * compute_output_head_gradient(full_hidden, full_ids, w)[0],
        HEAD_WAYS[1]: lambda w: train_with_gradient_accumulation(batches, w, lr),
        HEAD_WAYS[2]: lambda w: head_mistakes(batches, w, lr)["the mean of means"],
        HEAD_WAYS[3]: lambda w: head_mistakes(batches, w, lr)["the sum"],
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


def head_caption(losses, four_times_lr):
    """Return figure a's caption, with its numbers; four_times_lr is head_training(lr=4 * HEAD_LR)[0]."""
    full = np.array(losses[HEAD_WAYS[0]])
    gap = lambda way: np.abs(np.array(losses[way]) - full).max()  # noqa: E731
    return ("Figure a. The LM output head (seed 003), %d SGD steps at lr = %g on %d counted tokens in K = 4"
            " micro-batches of %s tokens, each padded to 256. Full-batch loss after each step. The library's"
            " token-weighted accumulation stays on the full-batch curve: the largest gap over the run is"
            " below 1e-12 (rounding). The mean of micro-batch means, the 2024 bug, drifts away: its largest"
            " gap is %.3f, and after %d steps its loss is %.3f against %.3f. The sum's first update is"
            " exactly K = 4 times the mean of means': a learning rate 4 times the one set, so its curve"
            " leaves the full batch's at once (largest gap %.3f). It ends lower, at %.3f, only because its"
            " steps are 4 times larger: the mean of means at lr = %g ends at %.3f too, after %d steps, and"
            " the full batch at lr = %g, the grey curve, at %.3f. A lower loss here comes from a learning"
            " rate larger than the one set, not from better training."
            % (HEAD_STEPS, HEAD_LR, sum(COUNTED), ", ".join(map(str, COUNTED)), gap(HEAD_WAYS[2]),
               HEAD_STEPS, losses[HEAD_WAYS[2]][-1], full[-1], gap(HEAD_WAYS[3]), losses[HEAD_WAYS[3]][-1],
               4 * HEAD_LR, four_times_lr[HEAD_WAYS[2]][-1], HEAD_STEPS, 4 * HEAD_LR,
               four_times_lr[HEAD_WAYS[0]][-1]))


# ------------------------------------------ b. the linear regressor ---

LINEAR_KS = (1, 2, 4, 8, 16, 32, 64)
LINEAR_EXAMPLES, LINEAR_LR = 128, 0.05
LINEAR_WAYS = ("library", "MISTAKE: the sum", "MISTAKE: divided by K twice",
               "MISTAKE: updated inside the loop, lr each time",
               "MISTAKE: updated inside the loop, lr / K each time")
ROUNDING = 1e-15  # distances below this are rounding, and differ from machine to machine: drawn as one band


def linear_problem(seed=0, d=5):
    """Return (weights (d,), x (N, d), y (N,)): N = 128 examples of a noisy linear model."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(LINEAR_EXAMPLES, d))
    y = x @ rng.normal(size=d) + 0.1 * rng.normal(size=LINEAR_EXAMPLES)
    return rng.normal(size=d), x, y


def mse_gradient(weights, x, y):
    """Return the gradient of the mean squared error of x @ weights against y: (2/B) x.T (x w - y)."""
    return (2 / len(y)) * (x.T @ (x @ weights - y))


def linear_steps(weights, xs, ys, lr):
    """Return {way: the weights after one step} for micro-batches xs (K, B, d), ys (K, B)."""
    mistakes = linear_mistakes(weights, xs, ys, lr)
    return {LINEAR_WAYS[0]: gradient_accumulation_step(weights, xs, ys, lr, len(xs)),
            **{"MISTAKE: " + name: stepped for name, stepped in mistakes.items()}}


def linear_distance(ks=LINEAR_KS, lr=LINEAR_LR):
    """Return {way: [||w_way - w_full||_2 for each K]}: one step on 128 examples in K micro-batches."""
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
    stepped = linear_mistakes([1.0], [[[1.0]], [[1.0]]], [[0.0], [2.0]], lr=0.5)
    return (stepped["updated inside the loop, lr each time"].tolist(),
            stepped["updated inside the loop, lr / K each time"].tolist())


def linear_caption(distances):
    """Return figure b's caption, with its numbers."""
    last = {way: values[-1] for way, values in distances.items()}
    full_lr, k_lr = seed_example_inside_the_loop()
    return ("Figure b. The linear regressor (seed 000): one step at lr = %g on %d examples split into K"
            " micro-batches, L2 distance ||w - w_full||_2 to the full-batch step. The library's distance"
            " is rounding at every K, below 1e-15, and drawn as one band there: its exact value differs"
            " from machine to machine. At K = 64 the sum is %.3f away and dividing by K twice %.3f, both"
            " growing with K; updating inside the loop is %.3f away with lr each time and %.4f with"
            " lr / K. On the seed example (w = [1], lr = 0.5, right answer [1]) updating inside the loop"
            " gives %s, or %s with lr / K."
            % (LINEAR_LR, LINEAR_EXAMPLES, last[LINEAR_WAYS[1]], last[LINEAR_WAYS[2]], last[LINEAR_WAYS[3]],
               last[LINEAR_WAYS[4]], full_lr, k_lr))


# -------------------------------------------------------- c. precision ---

PRECISION_KS = (2, 8, 32, 128, 512, 2048, 8192)
PRECISION_D = 1000


PRECISION_WAYS = ("float32 accumulation of float32 inputs", "float64 accumulation",
                  "the cast to float32 alone (exact sums)")


def exact_mean(grads):
    """Return the exact mean over axis 0 of grads (K, d), rounded once to float64: math.fsum, then / K."""
    return np.array([math.fsum(column) for column in grads.T.astype(np.float64).tolist()]) / len(grads)


def accumulated_mean(grads):
    """Return the mean over axis 0 of grads (K, d), added a row at a time in grads' own dtype, as float64."""
    total = np.zeros(grads.shape[1], dtype=grads.dtype)
    for grad in grads:  # one micro-batch at a time, as an accumulator does
        total += grad
    return (total / grads.dtype.type(len(grads))).astype(np.float64)  # K is a power of 2: exact


@functools.lru_cache(maxsize=None)  # about 3 s of math.fsum; the tests and the captions share one run
def precision(ks=PRECISION_KS, d=PRECISION_D, seed=7):
    """Return {way: [the largest error over the d entries, per K]} for the three ways of PRECISION_WAYS.

    The K gradients of d values each are float64 numbers near 1. Each
    accumulator is measured against the exact mean of the very inputs it
    added, so the error is the accumulation's alone: float32 adds the inputs
    cast to float32, and is compared with their exact mean. The cast itself
    is measured apart, as the distance between the exact means of the
    float32 and the float64 inputs.
    """
    rng = np.random.default_rng(seed)
    errors = {way: [] for way in PRECISION_WAYS}
    for k in ks:
        grads = rng.normal(loc=1.0, scale=0.5, size=(k, d))
        cast = grads.astype(np.float32)
        exact, exact_cast = exact_mean(grads), exact_mean(cast)
        errors[PRECISION_WAYS[0]].append(float(np.abs(accumulated_mean(cast) - exact_cast).max()))
        errors[PRECISION_WAYS[1]].append(float(np.abs(accumulated_mean(grads) - exact).max()))
        errors[PRECISION_WAYS[2]].append(float(np.abs(exact_cast - exact).max()))
    return errors


def precision_caption(errors):
    """Return figure c's caption, with its numbers."""
    f32, f64, cast = (errors[way] for way in PRECISION_WAYS)
    return ("Figure c. The mean of K gradients (%d values each, near 1) accumulated one micro-batch at a"
            " time, each accumulator against the exact mean (math.fsum) of the very inputs it added: float32"
            " accumulation of the inputs cast to float32, and float64 accumulation. The cast is measured"
            " apart, as the distance between the exact means before and after it. At K = %d the largest"
            " accumulation error is %.1e in float32 and %.1e in float64; at every K plotted float64's is"
            " the smaller (at K = 2 it is %g). At K = 2 float32's accumulation error is %.1e and the cast"
            " alone moves the mean by %.1e: there, most of what float32 costs is the cast. The library"
            " accumulates in float64."
            % (PRECISION_D, PRECISION_KS[-1], f32[-1], f64[-1], f64[0], f32[0], cast[0]))


# ---------------------------------------------------------- drawing ---


def captions():
    """Return {file name: caption} for the three figures, computed afresh."""
    return {"head-training.png": head_caption(head_training()[0], head_training(lr=4 * HEAD_LR)[0]),
            "linear-distance.png": linear_caption(linear_distance()),
            "precision.png": precision_caption(precision())}


def draw():
    """Write the three PNG files into docs/figures/ and print their captions."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    plt.rcParams.update({"figure.figsize": (8, 4.5), "figure.dpi": 100, "axes.grid": True,
                         "grid.alpha": 0.3, "font.size": 10, "svg.hashsalt": "fixed"})
    FIGURES.mkdir(parents=True, exist_ok=True)
    save = lambda fig, name: fig.savefig(FIGURES / name, metadata={"Software": None})  # noqa: E731

    losses, _ = head_training()
    four_times = head_training(lr=4 * HEAD_LR)[0][HEAD_WAYS[0]]
    fig, ax = plt.subplots()
    # The sum's curve ends below the full batch's only because its step is 4 times larger: the label says
    # so, and the full batch at 4 times the learning rate, drawn beside it, is lower still.
    labels = {HEAD_WAYS[3]: HEAD_WAYS[3] + " = a 4x learning rate"}
    for (way, curve), style in zip(losses.items(), ["-", "--", "-", ":"], strict=True):
        ax.plot(range(len(curve)), curve, style, label=labels.get(way, way),
                linewidth=2 if "library" in way else 1.5)
    ax.plot(range(len(four_times)), four_times, "-", color="0.6", linewidth=1,
            label="full batch at 4x the learning rate, for the sum to be compared with")
    start = losses[HEAD_WAYS[0]][0]  # every way starts at W = 0: the uniform softmax, ln(vocab)
    ax.set(xlabel="SGD step", ylabel="full-batch cross-entropy (log scale)", yscale="log",
           title="a. Output head: accumulation with padding and unequal micro-batches")
    ticks = [0.3, 0.4, 0.6, 1.0, start]
    ax.set_yticks(ticks, ["%g" % tick for tick in ticks[:-1]] + ["start %.2f" % start])
    ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    summed = losses[HEAD_WAYS[3]]
    ax.annotate("below the full batch only because its step is 4x larger", (30, summed[30]), (14, 0.78),
                fontsize=8, color="C3", arrowprops={"arrowstyle": "->", "color": "C3"})
    ax.legend(fontsize=8)
    fig.tight_layout()
    save(fig, "head-training.png")

    distances = linear_distance()
    fig, ax = plt.subplots()
    band = ROUNDING / 10  # where every distance below ROUNDING is drawn: the same pixels on any machine
    ax.axhspan(ROUNDING / 1000, ROUNDING, color="0.9", zorder=0)
    ax.text(LINEAR_KS[-1], ROUNDING / 600, "below 1e-15: rounding, drawn at 1e-16", ha="right", fontsize=8)
    for way, values in distances.items():
        ax.plot(LINEAR_KS, [v if v >= ROUNDING else band for v in values], "o-", label=way)
    ax.set(xlabel="K, micro-batches (128 examples in all)",
           ylabel="L2 distance ||w - w_full||_2 to the full-batch step", xscale="log", yscale="log",
           ylim=(ROUNDING / 1000, 100),
           title="b. Linear regression: one accumulated step against the full batch")
    ax.set_xticks(LINEAR_KS, [str(k) for k in LINEAR_KS])
    ax.legend(fontsize=8)
    save(fig, "linear-distance.png")

    errors = precision()
    fig, ax = plt.subplots()
    floor = 1e-17  # an error of exactly 0 cannot be drawn on a log scale
    for (way, values), style in zip(errors.items(), ["o-", "o-", "s--"], strict=True):
        ax.plot(PRECISION_KS, [max(v, floor) for v in values], style, label=way)
    ax.set(xlabel="K, gradients accumulated", ylabel="largest error of the mean (0 at 1e-17)", xscale="log",
           yscale="log",
           title="c. Precision: the accumulator against the exact mean of its own inputs")
    ax.set_xticks(PRECISION_KS, [str(k) for k in PRECISION_KS])
    ax.legend()
    save(fig, "precision.png")
    for name, caption in captions().items():
        print("%s\n  %s\n" % (FIGURES / name, caption))


if __name__ == "__main__":
    draw()
