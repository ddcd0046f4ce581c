"""The test data generator of Head Accumulation: one input on stdout, from the arguments alone.

    gen.py random --m 3 --n 4 --d 2 --v 3 --pad 0.3 --seed 7    # M micro-batches of 1 to n tokens
    gen.py random --m 3 --n 4 --equal --d 2 --v 3 --seed 8      # M micro-batches of n tokens each
    gen.py random --sizes 5,3,2 --d max --v max --seed 9        # these sizes; d and V at their bounds
    gen.py random --m max --n 1 --d 10 --v 2 --seed 10          # M as large as the bounds allow
    gen.py random --m 1 --n max --d 5 --v 4 --seed 11           # n as large as the bounds allow
    gen.py logits --m 2 --n 3 --d 2 --v 3 --logit 1000 --seed 5 # every logit near 1000: exp() overflows
    gen.py random --m 1 --n max --d 10 --v 2 --classes 1 --positive --seed 12  # one target, h >= 0
    gen.py tail --n 2 --v 1000 --gap 20.5 --seed 13              # 999 words about 20 below the target

A random input draws every number as an integer scaled by 10^-places (no
float on the way): the weights in [-wscale, wscale], the hidden states in
[-hscale, hscale], the learning rate in [0, lr] (--lr; with --places-lr
decimals), or --fixed-lr's; each target id from 0 to V - 1, and each token
padding (-100) with probability --pad, but one in each micro-batch; with
--classes C, a target is one of the first C words only, and with --positive
every hidden-state number is at least 0 (so that the gradients of many
tokens add up in one direction, where a float32 total loses digits). A logits
input makes every logit near --logit, within a few units of each other, so
that the softmax is far from one-hot: row 1 of W holds c + delta_j and each
hidden state starts with about --logit / c. generators.yaml, beside this
file, names every case with its command line. BAPCtools' `bt generate` runs
those lines with pypy3, and `make package` runs them itself
(packages/problem.py imports this file): the same bytes either way, since
random.Random's Mersenne Twister and integer arithmetic are the same on
CPython and PyPy. Standard library only, Python 3.7 syntax.
"""

import argparse
import random
import sys

# The statement's bounds, as the input validator, validate.py, states them.
MAX_T, MAX_D, MAX_V, MAX_SIZE, MAX_ABS = 5 * 10**4, 100, 1000, 10**6, 100
PADDING = -100


def decimal(n, places):
    """Return the integer n times 10^-places as a canonical plain decimal: no exponent, no trailing zero."""
    sign, n = "-" if n < 0 else "", abs(n)
    text = "%d.%0*d" % (n // 10**places, places, n % 10**places) if places else "%d" % n
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return sign + text if text != "0" else "0"


def problem_text(lr, w, batches):
    """Return one canonical input: 'M d V lr', W's d rows, then each micro-batch: n, then n lines t h."""
    lines = ["%d %d %d %s" % (len(batches), len(w), len(w[0]), lr)] + [" ".join(row) for row in w]
    for batch in batches:
        lines.append("%d" % len(batch))
        lines += ["%d %s" % (t, " ".join(h)) for t, h in batch]
    return ("\n".join(lines) + "\n").encode()


def uniform(rng, scale, places):
    """Return a random plain decimal in [-scale, scale] with at most `places` decimals."""
    limit = int(round(scale * 10**places))
    return decimal(rng.randint(-limit, limit), places)


def shape(options):
    """Return (sizes, d, V): the micro-batches' numbers of tokens and the dimensions the options ask for,
    `max` taken as the largest the bounds allow given the others."""
    d = MAX_D if options.d == "max" else int(options.d)
    v = MAX_V if options.v == "max" else int(options.v)
    if options.sizes:
        sizes = [int(n) for n in options.sizes.split(",")]
    elif options.m == "max":
        n = int(options.n)
        sizes = [n] * min(MAX_T // n, MAX_SIZE // (n * d * v))
    elif options.n == "max":
        k = int(options.m)
        sizes = [min(MAX_T // k, MAX_SIZE // (k * d * v))] * k
    else:
        k, n = int(options.m), int(options.n)
        sizes = [n] * k if options.equal else None
    return sizes, d, v


def targets(rng, sizes, v, pad, classes=None):
    """Return each micro-batch's target ids: random in [0, classes or V), each padding with probability
    pad, but one token of each micro-batch (at a random place) counted."""
    out = []
    words = min(v, classes or v)
    for n in sizes:
        kept = rng.randrange(n)
        out.append([PADDING if i != kept and rng.random() < pad else rng.randrange(words) for i in range(n)])
    return out


def hidden(rng, options):
    """Return a random hidden-state number, in [-hscale, hscale], or [0, hscale] with --positive."""
    if options.positive:
        return decimal(rng.randint(0, int(round(options.hscale * 10**options.places))), options.places)
    return uniform(rng, options.hscale, options.places)


def random_case(rng, options):
    """Return a random canonical input, as the options ask."""
    sizes, d, v = shape(options)
    if sizes is None:
        sizes = [rng.randint(1, int(options.n)) for _ in range(int(options.m))]
    assert sum(sizes) <= MAX_T and sum(sizes) * d * v <= MAX_SIZE, (sizes, d, v)
    lr = decimal(rng.randint(0, int(round(options.lr * 10**options.places_lr))), options.places_lr)
    lr = options.fixed_lr or lr
    w = [[uniform(rng, options.wscale, options.places) for _ in range(v)] for _ in range(d)]
    batches = [[(t, [hidden(rng, options) for _ in range(d)]) for t in ids]
               for ids in targets(rng, sizes, v, options.pad, options.classes)]
    return problem_text(lr, w, batches)


def logits_case(rng, options):
    """Return an input whose logits are all near options.logit, within a few units of each other: row 1
    of W is c + delta_j (delta_j within +-0.03), every hidden state starts with about logit / c (90 to 100
    in size), and the other numbers are within +-1 (d >= 2)."""
    sizes, d, v = shape(options)
    if sizes is None:
        sizes = [rng.randint(1, int(options.n)) for _ in range(int(options.m))]
    c = abs(options.logit) / 95.0
    places = options.places
    spread = 3 * 10**(places - 2)  # 0.03
    w = [[decimal(int(round(c * 10**places)) + rng.randint(-spread, spread), places) for _ in range(v)]]
    w += [[uniform(rng, 1, places) for _ in range(v)] for _ in range(d - 1)]
    sign = 1 if options.logit > 0 else -1
    batches = [[(t, [decimal(sign * rng.randint(90 * 10**places, 100 * 10**places), places)]
                 + [uniform(rng, 1, places) for _ in range(d - 1)]) for t in ids]
               for ids in targets(rng, sizes, v, options.pad)]
    lr = options.fixed_lr or decimal(rng.randint(0, int(round(options.lr * 10**4))), 4)
    return problem_text(lr, w, batches)


def tail_case(rng, options):
    """Return an input of d = 1 and one micro-batch of n tokens, each of target 0 and hidden state from 95
    to 100: word 0's weight is from 0.2 to 0.4 and every other word's lies --gap / 100 below it (to within
    0.001), so that each other word's logit lies about --gap below the target's. At a gap of 20 each such
    word has a probability of about 2e-9; a thousand of them together move W beyond the tolerance."""
    n, v = int(options.n), int(options.v)
    top = rng.randint(200, 400)  # in thousandths
    low = int(round(options.gap * 10))  # the gap / 100, in thousandths
    w = [decimal(top, 3)] + [decimal(top - low + rng.randint(-1, 1), 3) for _ in range(v - 1)]
    batch = [(0, [decimal(rng.randint(9500, 10000), 2)]) for _ in range(n)]
    return problem_text(options.fixed_lr or decimal(rng.randint(1, 10**4), 4), [w], [batch])


def generate(arguments):
    """Return the input bytes that the command line arguments (without the program's name) describe."""
    parser = argparse.ArgumentParser(prog="gen.py", description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["random", "logits", "tail"])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--m", default="1", help="the number of micro-batches, or max: the largest the bounds"
                                                 " allow with --n tokens each")
    parser.add_argument("--n", default="1", help="each micro-batch's tokens: from 1 to n at random, n with"
                                                 " --equal, or max: the largest the bounds allow")
    parser.add_argument("--equal", action="store_true", help="every micro-batch holds --n tokens")
    parser.add_argument("--sizes", help="each micro-batch's number of tokens, separated by commas")
    parser.add_argument("--d", default="1", help="a positive integer, or max: the largest the bounds allow")
    parser.add_argument("--v", default="2", help="a positive integer, or max: the largest the bounds allow")
    parser.add_argument("--classes", type=int, help="targets among the first C words only (default: all V)")
    parser.add_argument("--positive", action="store_true", help="hidden-state numbers within [0, hscale]")
    parser.add_argument("--pad", type=float, default=0.0, help="each token is padding with this probability")
    parser.add_argument("--wscale", type=float, default=1.0, help="weights within +-wscale")
    parser.add_argument("--hscale", type=float, default=1.0, help="hidden-state numbers within +-hscale")
    parser.add_argument("--logit", type=float, default=1000.0, help="logits: every logit near this")
    parser.add_argument("--gap", type=float, default=20.0,
                        help="tail: the other words' logits lie this far below the target's")
    parser.add_argument("--lr", type=float, default=1.0, help="the learning rate is drawn in [0, lr]")
    parser.add_argument("--places", type=int, default=6)
    parser.add_argument("--places-lr", type=int, default=4)
    parser.add_argument("--fixed-lr", help="this learning rate's text, not a random one")
    options = parser.parse_args(arguments)
    rng = random.Random(options.seed)
    if options.kind == "logits":
        return logits_case(rng, options)
    if options.kind == "tail":
        return tail_case(rng, options)
    return random_case(rng, options)


if __name__ == "__main__":
    sys.stdout.buffer.write(generate(sys.argv[1:]))
