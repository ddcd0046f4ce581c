"""The search's inputs for this problem: what practice/find.py (`make check FILE=... FIND=1` and the
practice page's "Find a failing input") draws from, shrinks, and cuts down.

    inputs()        # a Hypothesis strategy of input bytes; the search keeps those validate() takes
    smaller(data)   # the inputs one parameter or one micro-batch smaller than data, to try in order

Hypothesis draws inputs the statement allows, small ones first: K from 1 to 10, a few parameters,
numbers of few digits, a learning rate from 0 to 10; and it aims half of the results at a value
where printing goes wrong: a tiny value, zero, a tie at the fifth decimal in decimal, or an exact
tie, an odd multiple of 1/32 (0.03125), with every number a multiple of a power of two so that the
doubles compute the tie exactly. The search runs an input only if the input validator takes it:
format, bounds and fairness (every correct way of adding gives the same answer). Hypothesis shrinks
a failing input to fewer digits, smaller values and fewer micro-batches; smaller() then lets the
search drop each parameter and micro-batch it can do without, which Hypothesis cannot move.

Needs Hypothesis, and nothing of the project but this problem's validator: the page loads it into
Pyodide beside practice/find.py. Python 3.7 syntax, as every program of the problem.
"""

from fractions import Fraction

from hypothesis import strategies as st

from problems.gradientaccumulation.validators.validate import MAX_D as BOUND_D
from problems.gradientaccumulation.validators.validate import MAX_K, MAX_LR

BINARY_PLACES = 3  # a number on the binary grid is n / 2**p with p <= 3: exact in doubles, 3 decimals


def _decimal(n, places):
    """Return n / 10**places as a plain decimal text: no exponent, no float on the way."""
    sign, n = "-" if n < 0 else "", abs(n)
    return sign + ("%d.%0*d" % (n // 10**places, places, n % 10**places) if places else "%d" % n)


def _number(n, places, binary):
    """Return the text of n / 10**places, or on the binary grid of n / 2**places (0.375 for 3 / 8),
    whose sums and products doubles hold exactly."""
    return _plain(Fraction(n, 2**places)) if binary else _decimal(n, places)


def _plain(value):
    """Return a Fraction as the shortest plain decimal text, or None if it needs more than 10 decimals."""
    for places in range(11):
        if (value * 10**places).denominator == 1:
            return _decimal(int(value * 10**places), places)
    return None


# A number: a small integer n and a count of places p, so that every scale turns up, from 0.00037 to
# 900, and shrinking goes to fewer digits and to 0. On the binary grid p is at most BINARY_PLACES.
DIGITS = st.tuples(st.integers(-1000, 1000), st.integers(0, 5))
# A result to aim at, where printing goes wrong most, and whether it is an exact tie: a tiny value or
# zero, a tie at the fifth decimal in decimal (never exact in doubles: (10n + 5) / 10**5), and an exact
# tie, an odd multiple of 1/32 = 0.03125 (3125 / 10**5), of either sign.
RESULTS = st.one_of(st.builds(lambda n, p: (_decimal(n, p), False), st.integers(-20, 20), st.integers(3, 5)),
                    st.builds(lambda n: (_decimal(10 * n + 5, 5), False), st.integers(-300, 300)),
                    st.builds(lambda n: (_decimal((2 * n + 1) * 3125, 5), True), st.integers(-400, 400)))


@st.composite
def rates(draw):
    """Return a learning rate's text, from 0 to MAX_LR: a decimal of up to 3 places, or on the binary
    grid (0.5, 0.375, ...), where an exact tie can stay exact."""
    binary, places = draw(st.booleans()), draw(st.integers(0, BINARY_PLACES))
    return _number(draw(st.integers(0, MAX_LR * (2 if binary else 10) ** places)), places, binary)


@st.composite
def problems(draw):
    """Return (k, lr, theta, grads) as texts: a small input within the statement's bounds (1 <= K <= 10,
    0 <= lr <= 10, gradients within 1010 with at most 5 decimals, theta within 10^5 with at most 10),
    which the search keeps only if the validator takes it.

    Each parameter is drawn with all ten gradients it could have, and the first K are used: so
    shrinking K keeps the rest as they were, and shrinking the list of parameters drops whole ones.
    Half of them aim theta so that the result is a tiny value, a tie or zero, where printing fails.
    """
    k, lr = draw(st.integers(1, MAX_K)), draw(rates())
    numbers = st.lists(DIGITS, min_size=MAX_K + 1, max_size=MAX_K + 1)
    column = st.tuples(numbers, st.one_of(st.none(), RESULTS))
    theta, columns = [], []
    for values, aim in draw(st.lists(column, min_size=1, max_size=6)):
        start, grads = _column(k, lr, values, aim)
        theta.append(start)
        columns.append(grads)
    return k, lr, theta, [list(row) for row in zip(*columns)]


def _column(k, lr, values, aim):
    """Return (theta, grads) of one parameter as texts, from its 11 drawn numbers and its aim (or None).

    Where the aim is an exact tie, the numbers are on the binary grid, and theta is aimed only if the
    doubles compute the tie exactly; elsewhere theta is aimed if it needs no more than 10 decimals.
    Otherwise theta is the first number, as when there is no aim.
    """
    exact = aim is not None and aim[1]
    texts = [_number(n, min(p, BINARY_PLACES) if exact else p, exact) for n, p in values]
    aimed = None
    if aim is not None:
        aimed = (_exact_tie if exact else _aimed)(k, lr, texts[1:k + 1], aim[0])
    return aimed or (texts[0], texts[1:k + 1])


def _aimed(k, lr, grads, result):
    """Return (theta, grads) with theta's text for which theta - lr * mean(grads) is exactly result,
    or None if theta needs more than 10 decimals."""
    theta = _plain(Fraction(result) + Fraction(lr) * sum(map(Fraction, grads)) / k)
    return theta and (theta, grads)


def _exact_tie(k, lr, grads, tie):
    """Return (theta, grads) for which the doubles compute theta - lr * mean(grads) as exactly the tie,
    or None where they cannot: mostly where the learning rate is off the binary grid (0.1), unless the
    step is 0.

    The grads are on the binary grid, so their sum is exact. The last one is moved by fewer steps of
    that grid than K's odd part, so that the sum divides by it, and the mean is exact too; so are the
    step and theta, with a learning rate on the binary grid, since each has few bits.
    """
    places = max(len(g.partition(".")[2]) for g in grads)  # shortest texts: p decimals, a multiple of 2**-p
    units = sum(Fraction(g) for g in grads) * 2**places
    odd = k // (k & -k)
    grads = grads[:-1] + [_plain(Fraction(grads[-1]) - Fraction(int(units) % odd, 2**places))]
    aimed = _aimed(k, lr, grads, tie)
    return aimed if aimed and _computed(k, lr, aimed[0], grads) == Fraction(tie) else None


def _computed(k, lr, theta, grads):
    """Return, as a Fraction, theta - lr * mean(grads) as the statement computes it in doubles."""
    total = 0.0
    for g in grads:
        total += float(g)
    return Fraction(float(theta) - float(lr) * (total / k))


def text(problem):
    """Return the input bytes of a problem (k, lr, theta, grads), one row a line, as the package
    writes them."""
    k, lr, theta, grads = problem
    return ("%d %s\n" % (k, lr) + "\n".join(" ".join(row) for row in [theta] + grads) + "\n").encode()


def parsed(data):
    """Return (k, lr, theta, grads) as texts of a canonical input: text()'s inverse."""
    head, theta, *grads = [line.split(" ") for line in data.decode().split("\n")[:-1]]
    return int(head[0]), head[1], theta, grads


def inputs():
    """Return the strategy of input bytes the search draws from (the validator may still refuse some)."""
    return problems().map(text)


def smaller(data):
    """Return the inputs one step smaller than data, in the order to try them: each parameter dropped
    (while there are two or more), then each micro-batch (while there are two or more).

    The search takes the first of them that still fails and asks again from the same place, so that
    a parameter of zeros in front of the one that fails goes, and so does a micro-batch of zeros
    before the one that matters.

    >>> [s.decode() for s in smaller(b"2 0.5\\n1 2\\n3 4\\n5 6\\n")]
    ['2 0.5\\n2\\n4\\n6\\n', '2 0.5\\n1\\n3\\n5\\n', '1 0.5\\n1 2\\n5 6\\n', '1 0.5\\n1 2\\n3 4\\n']
    """
    k, lr, theta, grads = parsed(data)
    out = []
    if len(theta) > 1:
        out += [text((k, lr, theta[:j] + theta[j + 1:], [g[:j] + g[j + 1:] for g in grads]))
                for j in range(len(theta))]
    if k > 1:
        out += [text((k - 1, lr, theta, grads[:i] + grads[i + 1:])) for i in range(k)]
    return out


def stress():
    """Return what a setter's stress search draws (tools/stress.py, `make stress`): the small inputs of
    inputs() (bytes), or a gen.py command line (text) of the data's generator: random numbers of any
    scale and number of decimals with K and d up to the statement's bounds (d up to STRESS_D), values on
    the rounding's ties, and the largest values. Hypothesis shrinks either towards the first choice of
    each draw: small sizes, small numbers, seed 0."""
    return st.one_of(inputs(), commands())


STRESS_D = 2000  # the stress search's inputs hold at most this many numbers a line (the bound is MAX_D)


@st.composite
def commands(draw):
    """Return a gen.py command line, as generators.yaml writes one."""
    kind = draw(st.sampled_from(["random", "ties", "exact-ties", "large"]))
    line = "gen.py %s" % kind
    if kind == "random":
        line += " --k %d --d %d --scale %s --places %d" % (
            draw(st.integers(1, MAX_K)), draw(st.integers(1, min(BOUND_D, STRESS_D))),
            draw(st.sampled_from(["1", "10", "1000", "1000000"])), draw(st.integers(0, 6)))
    elif kind != "large" and draw(st.booleans()):
        line += " --after-update"
    return line + " --seed %d" % draw(st.integers(0, 2**16))
