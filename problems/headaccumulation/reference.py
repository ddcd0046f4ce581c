"""The reference answer of Head Accumulation, to far better than double precision: the judges' answer files.

Every number of a valid input has at most 6 decimals, so 10^6 times it is an
integer: each logit z_j = sum_m h_m W[m][j] is computed exactly in Python's
integers (as 10^12 z_j), and so is its difference to the token's largest
logit. The softmax is not rational: each exp(z_j - max z) is computed in
`decimal` at 50 significant digits (Decimal.exp is correctly rounded, so the
same on every Python), then kept as an integer over 10^50; each probability
p_j = e_j / (e_1 + ... + e_V) becomes an integer over 10^45, within 10^-44 of
it. From there the gradient's sums and the update are exact integers again,
and each value of the answer is one quotient of two integers, rounded to 40
decimal places and printed as the double nearest to that (Python's int / int
is correctly rounded; repr reads back as that double): within 10^-40 of the
exact value before that last rounding, far inside the tolerance of 1e-6.

    python3 problems/headaccumulation/reference.py < problems/headaccumulation/samples/unequal-padded.in

Standard library only, Python 3.7 syntax. It trusts its input to be valid
(validators/validate.py); `scaled()` raises ValueError on a number with more
than 6 decimals, which it cannot scale exactly.
"""

import sys
from decimal import Context, Decimal
from itertools import repeat
from operator import add, mul

PLACES = 6  # the input's decimals at most, as validators/validate.py allows
SCALE = 10**PLACES
PADDING = -100  # the target id of a padding token
CONTEXT = Context(prec=50)  # the digits of each exp()
EXP_PLACES, P_PLACES = 50, 45  # each exp() kept as an integer over 10^50, each p_j over 10^45
# exp(s) for s below -230 is below 10^-99: its p_j * 10^45 is below 10^-54, so it is 0 either way; a
# softmax that saturates then costs no exp().
CUTOFF = -230 * SCALE**2
ANSWER_PLACES = 40  # each value is rounded to 40 decimal places (the probabilities' error is below 10^-42)


def scaled(token):
    """Return the integer 10^6 * the plain decimal token (bytes), exactly: b"-1.5" is -1500000."""
    whole, _, fraction = token.partition(b".")
    if len(fraction) > PLACES:
        raise ValueError("%r has more than %d decimals" % (token, PLACES))
    return int(whole + fraction + b"0" * (PLACES - len(fraction)))


def parsed(data):
    """Return (d, V, lr, W, batches) of an input: lr and W's rows scaled to integers by 10^6, and each
    micro-batch a list of (t, h), h scaled by 10^6, padding tokens included."""
    tokens = data.split()
    k, d, v = int(tokens[0]), int(tokens[1]), int(tokens[2])
    lr = scaled(tokens[3])
    w = [[scaled(x) for x in tokens[4 + m * v:4 + (m + 1) * v]] for m in range(d)]
    at, batches = 4 + d * v, []
    for _ in range(k):
        n = int(tokens[at])
        rows = [tokens[at + 1 + i * (d + 1):at + 1 + (i + 1) * (d + 1)] for i in range(n)]
        batches.append([(int(row[0]), [scaled(x) for x in row[1:]]) for row in rows])
        at += 1 + n * (d + 1)
    return d, v, lr, w, batches


def probabilities(logits):
    """Return each p_j * 10^45, rounded down to an integer, for the logits (integers, each 10^12 z_j).

    >>> probabilities([0, 0])  # two equal logits: 1/2 each
    [500000000000000000000000000000000000000000000, 500000000000000000000000000000000000000000000]
    >>> probabilities([10**15, 0])[1]  # logits 1000 and 0: p_2 = 1 / (1 + e^1000), about 10^-434
    0
    """
    top = max(logits)
    one = 10**EXP_PLACES
    exps = []
    for z in logits:
        s = z - top
        if s == 0:
            exps.append(one)
        elif s < CUTOFF:
            exps.append(0)
        else:
            e = CONTEXT.exp(CONTEXT.scaleb(Decimal(s), -2 * PLACES))
            exps.append(int(CONTEXT.scaleb(e, EXP_PLACES)))
    total = sum(exps)
    return [e * 10**P_PLACES // total for e in exps]


def step(d, v, lr, w, batches):
    """Return W' as d rows of V pairs (numerator, denominator) of integers: W - lr * G exactly, but for
    the probabilities' last digits (probabilities()), from the scaled integers that parsed() returns.

    G = (1 / N) * sum over the N counted tokens of h (p - e_t)^T; in scaled integers, with P_j = p_j *
    10^45, h_m = H_m / 10^6 and lr = L / 10^6, W'[m][j] = W[m][j] / 10^6 - L * S[m][j] / (N * 10^57),
    where S[m][j] = sum of H_m (P_j - 10^45 [j = t]).

    >>> rows = step(1, 2, 1000000, [[0, 0]], [[(0, [1000000])]])  # p = (1/2, 1/2), lr = 1, h = 1, t = 1
    >>> [[top / below for top, below in row] for row in rows]  # W' = 0 - (1/2 - 1, 1/2)
    [[0.5, -0.5]]
    """
    g = [[0] * v for _ in range(d)]
    n = 0
    for batch in batches:
        for t, h in batch:
            if t == PADDING:
                continue
            n += 1
            z = [0] * v
            for m in range(d):
                z = list(map(add, z, map(mul, w[m], repeat(h[m]))))
            q = probabilities(z)
            q[t] -= 10**P_PLACES
            for m in range(d):
                g[m] = list(map(add, g[m], map(mul, q, repeat(h[m]))))
    below = n * SCALE * 10**(PLACES + P_PLACES)
    return [[(w[m][j] * n * 10**(PLACES + P_PLACES) - lr * g[m][j], below) for j in range(v)]
            for m in range(d)]


def rounded(top, below):
    """Return the double nearest to top / below rounded to 40 decimal places: within 10^-40 of it, and 0.0
    where the exact value is 0 but the probabilities' last digits leave some 10^-46 of it.

    >>> rounded(1, 3), rounded(-10**46 + 1, 10**92), rounded(-1, 2)
    (0.3333333333333333, 0.0, -0.5)
    """
    return ((top * 10**ANSWER_PLACES * 2 + below) // (2 * below)) / 10**ANSWER_PLACES


def answer(data):
    """Return the answer for the input bytes: the d rows of W', V values each, separated by single spaces."""
    rows = step(*parsed(data))
    return "".join(" ".join(repr(rounded(top, below)) for top, below in row) + "\n" for row in rows)


if __name__ == "__main__":
    sys.stdout.write(answer(sys.stdin.buffer.read()))
