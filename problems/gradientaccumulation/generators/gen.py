"""The test data generator of the problem: one input on stdout, from the arguments alone.

    gen.py random --k 3 --d 20 --seed 7              # K micro-batches of d random numbers
    gen.py random --k max --d max --scale 1000 --seed 23
    gen.py ties --seed 4                             # 4-decimal values plus 0.00005
    gen.py ties --seed 4 --after-update              # the same values, reached by an update
    gen.py large --seed 8                            # 10^9 with ten decimals
    gen.py exact-ties --seed 24 [--after-update]     # n + m/32, m odd: exactly halfway

generators.yaml, beside this file, names every case with its command line.
BAPCtools' `bt generate` runs those lines with pypy3, and `make package` runs
them itself (packages/problem.py imports this file) for the legacy and
DMOJ packages: the same bytes either way, since nothing here depends on the
interpreter (random.Random's Mersenne Twister and "%.*f" are the same on
CPython and PyPy). Standard library only, Python 3.7 syntax.
"""

import argparse
import random
import sys

MAX_K, MAX_D = 10, 100000  # the statement's bounds, as the input validator, validate.py, states them


def decimal(value, places=6):
    """Return value as a canonical plain decimal: no exponent, no trailing zeros past the point."""
    text = "%.*f" % (places, value)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def problem_text(k, lr, theta, grads):
    """Return one canonical input: 'K lr', theta, then K gradient lines, single spaces, \\n ends."""
    lines = ["%d %s" % (k, lr), " ".join(theta)] + [" ".join(g) for g in grads]
    return ("\n".join(lines) + "\n").encode()


def np_round_differs(text):
    """Return whether rounding like np.round(v, 4) prints text's value differently from correct rounding."""
    value = float(text)
    return "%.4f" % (round(value * 10**4) / 10**4) != "%.4f" % value


def random_case(rng, k, d, scale=10.0, places=6):
    """Return a random canonical input with K micro-batches of d numbers in [-scale, scale]."""
    row = lambda: [decimal(rng.uniform(-scale, scale), places) for _ in range(d)]  # noqa: E731
    return problem_text(k, decimal(rng.uniform(0, 1), 4), row(), [row() for _ in range(k)])


def ties(rng, count=300):
    """Return values with 5 decimals, the last a 5: the stored double lies just above or below the
    tie, and np.round gets at least two in three of them wrong."""
    out = []
    while len(out) < count:
        text = decimal(rng.randint(-10**8, 10**8) / 10**4 + 0.00005, 5)
        if text.endswith("5") and (np_round_differs(text) or len(out) % 3 == 0):
            out.append(text)
    return out + ["0.82825", "2.00005", "-1.00005", "0.00005", "-0.00005", "1.00015"]


def exact_ties(rng):
    """Return values n + m/32 with m odd: exactly 5 decimals, the last a 5, and a double holds each
    exactly, so each lies exactly halfway and rounds to even, as "%.4f" does (0.03125 is 0.0312,
    0.09375 is 0.0938)."""
    out = [decimal((-1) ** i * (rng.choice([0, 1, 7, 123, 99999, 999999]) + m / 32), 5)
           for i, m in enumerate(range(1, 32, 2))]
    return out + [decimal(rng.randint(-10**6, 10**6) + rng.randrange(1, 32, 2) / 32, 5) for _ in range(100)]


def generate(arguments):
    """Return the input bytes that the command line arguments (without the program's name) describe."""
    parser = argparse.ArgumentParser(prog="gen.py", description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["random", "ties", "large", "exact-ties"])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--k", default="1", help="1 to %d, or max" % MAX_K)
    parser.add_argument("--d", default="1", help="1 to %d, or max" % MAX_D)
    parser.add_argument("--scale", type=float, default=10.0)
    parser.add_argument("--places", type=int, default=6)
    parser.add_argument("--after-update", action="store_true",
                        help="shift the values, so that theta - lr * mean(g) lands on them")
    options = parser.parse_args(arguments)
    rng = random.Random(options.seed)
    if options.kind == "random":
        k = MAX_K if options.k == "max" else int(options.k)
        d = MAX_D if options.d == "max" else int(options.d)
        return random_case(rng, k, d, options.scale, options.places)
    if options.kind == "large":  # past float64's 16 significant digits
        big = [decimal(rng.uniform(-10**9, 10**9), 10) for _ in range(200)]
        big += ["1000000000", "-999999999.9999500001"]
        return problem_text(3, "2.5", big, [[decimal(rng.uniform(-10**9, 10**9), 3) for _ in big]
                                            for _ in range(3)])
    values = ties(rng) if options.kind == "ties" else exact_ties(rng)
    if not options.after_update:
        return problem_text(1, "0", values, [["1"] * len(values)])
    if options.kind == "ties":  # theta = t + 1, K = 2, lr = 1, every gradient 1
        return problem_text(2, "1", [decimal(float(t) + 1, 5) for t in values],
                            [["1"] * len(values), ["1"] * len(values)])
    # theta = t + 2, mean gradient (1.5 + 2.5) / 2 = 2: all of it exact arithmetic
    return problem_text(2, "1", [decimal(float(t) + 2, 5) for t in values],
                        [["1.5"] * len(values), ["2.5"] * len(values)])


if __name__ == "__main__":
    sys.stdout.buffer.write(generate(sys.argv[1:]))
