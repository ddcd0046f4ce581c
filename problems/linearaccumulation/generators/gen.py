"""The test data generator of Linear Accumulation: one input on stdout, from the arguments alone.

    gen.py random --k 3 --b 4 --d 5 --seed 7             # K micro-batches of B examples, d features
    gen.py random --k 9 --b 11 --d max --scale 1 --seed 30    # d as large as the bounds allow
    gen.py random --k 1000 --b max --d 1 --seed 31       # B as large as the bounds allow
    gen.py cancel --d 4 --seed 9                         # predictions that cancel: float32 fails there
    gen.py random --k 500000 --b max --d 1 --onesign --seed 3  # every residual and gradient term > 0
    gen.py fitted --k 3 --b 4 --d 2 --seed 5             # predictions near 90, residuals near 10^-4
    gen.py balanced --k 2 --b 3 --d 2 --seed 6           # residuals of about 30 that cancel in pairs
    gen.py zero-step --k 2 --b 3 --d 2 --seed 7          # steps of about 100 that leave every w'_j near 0

A random input draws every number as an integer scaled by 10^-places (no
float on the way): weights and features in [-scale, scale], targets in
[-yscale, yscale], the learning rate in [0, lr] (--lr; with --places-lr
decimals), or --fixed-lr's. With --onesign, weights and features are in
[0, scale] and targets in [-yscale, -yscale / 2], so that every residual and
every term of the gradient is positive, and a float32 total loses digits as
it grows. A fitted input has predictions near 90 that nearly meet their
targets (residuals within 10^-4: a float32 prediction keeps a digit or two of
them); a balanced one has residuals of 20 to 40 that cancel in pairs to a few
millionths (a float32 residual loses what is left). A zero-step input takes
steps of about 100 that leave every weight within a thousandth of 0, so that
the step's seventh significant digit shows: a float32 learning rate, 2 / B
or step is wrong there. generators.yaml, beside this file, names every case with its
command line. BAPCtools' `bt generate` runs those lines with pypy3, and
`make package` runs them itself (packages/problem.py imports this file): the
same bytes either way, since random.Random's Mersenne Twister and integer
arithmetic are the same on CPython and PyPy. Standard library only, Python
3.7 syntax.
"""

import argparse
import random
import sys

MAX_D, MAX_SIZE = 10**4, 10**6  # the statement's bounds, as the input validator, validate.py, states them


def decimal(n, places):
    """Return the integer n times 10^-places as a canonical plain decimal: no exponent, no trailing zero."""
    sign, n = "-" if n < 0 else "", abs(n)
    text = "%d.%0*d" % (n // 10**places, places, n % 10**places) if places else "%d" % n
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return sign + text if text != "0" else "0"


def problem_text(k, b, lr, w, examples):
    """Return one canonical input: 'K B d lr', the weights, then K * B example lines (features, target)."""
    lines = ["%d %d %d %s" % (k, b, len(w), lr), " ".join(w)] + [" ".join(e) for e in examples]
    return ("\n".join(lines) + "\n").encode()


def uniform(rng, scale, places):
    """Return a random plain decimal in [-scale, scale] with at most `places` decimals."""
    limit = int(round(scale * 10**places))
    return decimal(rng.randint(-limit, limit), places)


def learning_rate(rng, options):
    """Return the learning rate's text: options.fixed_lr, or random in [0, lr] with places_lr decimals."""
    lr = decimal(rng.randint(0, int(round(options.lr * 10**options.places_lr))), options.places_lr)
    return options.fixed_lr or lr


def positive(rng, scale, places):
    """Return a random plain decimal in [0, scale] with at most `places` decimals."""
    return decimal(rng.randint(0, int(round(scale * 10**places))), places)


def random_case(rng, k, b, d, options):
    """Return a random canonical input: K * B examples of d features, numbers of options.places decimals
    (with --onesign, every residual and every term x * residual positive)."""
    lr = learning_rate(rng, options)
    feature = positive if options.onesign else uniform
    w = [feature(rng, options.scale, options.places) for _ in range(d)]
    examples = []
    for _ in range(k * b):
        if options.onesign:
            limit = int(round(options.yscale * 10**options.places))
            y = decimal(-rng.randint(limit // 2, limit), options.places)
        else:
            y = uniform(rng, options.yscale, options.places)
        examples.append([feature(rng, options.scale, options.places) for _ in range(d)] + [y])
    return problem_text(k, b, lr, w, examples)


def fitted_case(rng, k, b, d, options):
    """Return an input whose model nearly fits: w_j in [0.9, 0.999] and x_j in [80 / d, 95 / d], both
    with 3 decimals, so each prediction is near 90 and exact in 6 decimals; each target is the prediction
    plus a random residual within +-10^-4."""
    w = [rng.randint(900, 999) for _ in range(d)]  # in thousandths
    examples = []
    for _ in range(k * b):
        x = [rng.randint(80000 // d, 95000 // d) for _ in range(d)]  # in thousandths
        prediction = sum(a * c for a, c in zip(x, w))  # in millionths
        y = prediction + rng.choice([-1, 1]) * rng.randint(1, 100)
        examples.append([decimal(a, 3) for a in x] + [decimal(y, 6)])
    return problem_text(k, b, learning_rate(rng, options), [decimal(a, 3) for a in w], examples)


def balanced_case(rng, k, b, d, options):
    """Return an input whose residuals cancel in pairs: examples 2i and 2i + 1 share x_1 (50 to 100, the
    other features 0), and their residuals are r and -r + e, r from 20 to 40 and e a few millionths, so
    each pair adds only x_1 * e to the gradient of w_1."""
    w = [rng.randint(300, 500)] + [rng.randint(-1000, 1000) for _ in range(d - 1)]  # in thousandths
    examples = []
    for i in range(k * b):
        if i % 2 == 0:
            x1 = rng.randint(50000, 100000) if i + 1 < k * b else 0  # in thousandths; a last odd one: 0
            prediction = x1 * w[0]  # in millionths
            r = rng.randint(20 * 10**6, 40 * 10**6)
            y = prediction - r
        else:
            y = prediction + r - rng.randint(1, 9)
        examples.append([decimal(x1, 3)] + ["0"] * (d - 1) + [decimal(y, 6)])
    return problem_text(k, b, learning_rate(rng, options), [decimal(a, 3) for a in w], examples)


def cancel_case(rng, d):
    """Return an input whose predictions cancel: w_1 = w_2 = 100 and x_2 = -(x_1 - delta), x_1 near 100
    and delta from 0.0001 to 0.0009, so that each prediction is about 0.05 where its two products are
    about 10^4. Float32's rounding of x_2 (7 digits) then changes the answer's sixth digit, while
    float64's stays below 10^-10. K = 2, B = 2, lr = 0.01, d >= 2 (the other weights and features small).
    """
    w = ["100", "100"] + [uniform(rng, 1, 2) for _ in range(d - 2)]
    examples = []
    for _ in range(4):
        x1 = rng.randint(99900000, 100000000)  # in millionths
        x2 = -(x1 - rng.randint(100, 900))
        examples.append([decimal(x1, 6), decimal(x2, 6)] + [uniform(rng, 1, 2) for _ in range(d - 2)]
                        + [uniform(rng, 1, 3)])
    return problem_text(2, 2, "0.01", w, examples)


def zero_step_case(rng, k, b, d, options):
    """Return an input whose step leaves every weight near 0: example i has the feature i mod d at 10 and
    the others at 0, w_j is in [50, 100] (6 decimals), and the targets of feature j's examples are all
    y_j, chosen so that w'_j = w_j - lr * (20 n_j / (K B)) * (10 w_j - y_j) is 0 before y_j is rounded
    to 6 decimals (n_j: the examples of feature j). The learning rate is d / 200 (to 6 decimals), which
    keeps every y_j within [-100, 100]. Exact fractions all the way: no float."""
    from fractions import Fraction
    n = k * b
    lr = Fraction(round(Fraction(d, 200) * 10**6), 10**6)
    w = [rng.randint(50 * 10**6, 100 * 10**6) for _ in range(d)]  # in millionths
    ys = []
    for j in range(d):
        count = len(range(j, n, d))
        wj = Fraction(w[j], 10**6)
        y = 10 * wj - wj * n / (20 * lr * count) if count else Fraction(0)
        ys.append(round(y * 10**6))
        assert abs(ys[-1]) <= 100 * 10**6, (j, float(y))
    examples = [["10" if j == i % d else "0" for j in range(d)] + [decimal(ys[i % d], 6)] for i in range(n)]
    return problem_text(k, b, decimal(int(lr * 10**6), 6), [decimal(a, 6) for a in w], examples)


def generate(arguments):
    """Return the input bytes that the command line arguments (without the program's name) describe."""
    parser = argparse.ArgumentParser(prog="gen.py", description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["random", "cancel", "fitted", "balanced", "zero-step"])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--k", type=int, default=1)
    parser.add_argument("--b", default="1", help="a positive integer, or max: the largest the bounds allow")
    parser.add_argument("--d", default="1", help="a positive integer, or max: the largest the bounds allow")
    parser.add_argument("--scale", type=float, default=10.0, help="weights and features within +-scale")
    parser.add_argument("--yscale", type=float, default=100.0, help="targets within +-yscale")
    parser.add_argument("--lr", type=float, default=0.1, help="the learning rate is drawn in [0, lr]")
    parser.add_argument("--places", type=int, default=6)
    parser.add_argument("--places-lr", type=int, default=4)
    parser.add_argument("--fixed-lr", help="this learning rate's text, not a random one")
    parser.add_argument("--onesign", action="store_true", help="every residual and gradient term positive")
    options = parser.parse_args(arguments)
    rng = random.Random(options.seed)
    if options.kind == "cancel":
        return cancel_case(rng, int(options.d))
    k = options.k
    if options.d == "max":
        b = int(options.b)
        d = min(MAX_D, MAX_SIZE // (k * b) - 1)
    else:
        d = int(options.d)
        b = MAX_SIZE // (k * (d + 1)) if options.b == "max" else int(options.b)
    kinds = {"random": random_case, "fitted": fitted_case, "balanced": balanced_case,
             "zero-step": zero_step_case}
    return kinds[options.kind](rng, k, b, d, options)


if __name__ == "__main__":
    sys.stdout.buffer.write(generate(sys.argv[1:]))
