"""The reference answer of Linear Accumulation, in exact arithmetic: the judges' answer files.

Every number of a valid input has at most 6 decimals, so 10^6 times it is an
integer: the predictions, residuals and gradient sums are computed exactly
in Python's integers, and each value of the answer becomes one Fraction at
the end, printed as the double nearest to it (repr: within 1.2e-16 relative,
and it reads back as that double), far inside the tolerance of 1e-6.

    python3 problems/linearaccumulation/reference.py < problems/linearaccumulation/samples/seed-example.in

Standard library only, Python 3.7 syntax. It trusts its input to be valid
(validators/validate.py); `answer()` raises ValueError on a number with more
than 6 decimals, which it cannot scale exactly.
"""

import sys
from fractions import Fraction
from itertools import chain, repeat
from operator import mul

PLACES = 6  # the input's decimals at most, as validators/validate.py allows
SCALE = 10**PLACES


def scaled(token):
    """Return the integer 10^6 * the plain decimal token (bytes), exactly: b"-1.5" is -1500000."""
    whole, _, fraction = token.partition(b".")
    if len(fraction) > PLACES:
        raise ValueError("%r has more than %d decimals" % (token, PLACES))
    return int(whole + fraction + b"0" * (PLACES - len(fraction)))


def step(k, b, lr, w, flat):
    """Return the exact w' (Fractions) from integers scaled by 10^6: lr, the weights w, and flat, the
    K * B example lines one after the other, d features then the target each.

    Micro-batch k's gradient is (2 / B) sum over its examples of x (x . w - y), at the original
    weights; w' = w - lr * (g_1 + ... + g_K) / K = w - lr * (2 / (K * B)) * sum over all examples of
    x (x . w - y): every micro-batch has B examples, so the mean of their means is the mean over all.
    In scaled integers, x . w - y is R / 10^12 with R = X . W - Y * 10^6, and the sum is S / 10^18.

    >>> step(2, 1, 500000, [1000000], [1000000, 0, 1000000, 2000000])
    [Fraction(1, 1)]
    """
    n, d = k * b, len(w)
    stride = d + 1
    weights = list(w) + [-SCALE]
    products = list(map(mul, flat, chain.from_iterable(repeat(weights, n))))
    residuals = [sum(products[i:i + stride]) for i in range(0, n * stride, stride)]
    terms = list(map(mul, flat, chain.from_iterable(map(repeat, residuals, repeat(stride)))))
    sums = [sum(terms[j::stride]) for j in range(d)]
    # w_j - lr * 2 * S_j / (n * 10^18), with w_j = W_j / 10^6 and lr = L / 10^6
    return [Fraction(w[j] * n * SCALE**3 - 2 * lr * sums[j], n * SCALE**4) for j in range(d)]


def answer(data):
    """Return the answer line for the input bytes: the d values of w', separated by single spaces."""
    tokens = data.split()
    k, b, d = int(tokens[0]), int(tokens[1]), int(tokens[2])
    numbers = list(map(scaled, tokens[3:]))
    lr, w, flat = numbers[0], numbers[1:d + 1], numbers[d + 1:]
    if len(w) != d or len(flat) != k * b * (d + 1):
        raise ValueError("expected %d weights and %d example numbers" % (d, k * b * (d + 1)))
    return " ".join(repr(float(value)) for value in step(k, b, lr, w, flat)) + "\n"


if __name__ == "__main__":
    sys.stdout.write(answer(sys.stdin.buffer.read()))
