"""Find a small input on which a solution goes wrong: the search behind `make check FILE=... FIND=1`
and the practice page's "Find a failing input" button.

    data, tried = smallest(fails_on, seed=1)   # fails_on(input bytes) -> whether the program fails
    found = hunt(run, seed=1)                  # run(input, answer) -> (judged, stdout): see hunt()
    print("\n".join(report(found)))

Hypothesis draws inputs the statement allows, small ones first: K from 1 to 10, a few parameters,
numbers of few digits, a learning rate from 0 to 10; and it aims half of the results at a value
where printing goes wrong: a tiny value, zero, a tie at the fifth decimal in decimal, or an exact
tie, an odd multiple of 1/32 (0.03125), with every number a multiple of a power of two so that the
doubles compute the tie exactly. Each input is run only if the input validator's validate() takes
it, as the package's validator does: format, bounds and fairness (every correct way of adding gives
the same answer, unfair()). At the first input that fails, Hypothesis shrinks it while it still
fails: fewer digits, smaller values, fewer micro-batches; then each parameter and micro-batch it can
do without is dropped. The search is seeded, so a run can be repeated. hunt() runs the search with
the program and the problem's reference.py, and names the mistake the way a check does
(practice/judge.py); report() says what it found. Needs Hypothesis and the standard library, and no
other modules than those three: the page loads them into Pyodide, with Hypothesis's wheels.
"""

import random
from fractions import Fraction

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from practice.judge import Check, marked, mistake_prints
from problems.gradientaccumulation import reference
from problems.gradientaccumulation.validators.validate import MAX_K, MAX_LR, Invalid, validate

TRIES = 300  # inputs drawn before the search gives up
SHRINKS = 120  # runs that shrinking a failure may take, at most
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
    which the search keeps only if valid().

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
    return k, lr, theta, [list(row) for row in zip(*columns, strict=True)]


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
    """Return the input bytes of a problem, one row a line, as the package writes them."""
    k, lr, theta, grads = problem
    return ("%d %s\n" % (k, lr) + "\n".join(" ".join(row) for row in [theta] + grads) + "\n").encode()


def valid(problem):
    """Return whether the package's validator takes the problem's input: format, bounds and fairness.
    A right solution may assert every constraint of the statement, so nothing else is ever run."""
    try:
        validate(text(problem))
    except Invalid:
        return False
    return True


def smallest(fails_on, seed=1, tries=TRIES):
    """Return (the smallest failing input's bytes or None, how many inputs were run).

    fails_on(data) runs the program on input bytes and returns whether it went wrong.
    """
    seen = {}  # input: whether it failed; each input runs once
    first = []  # how many inputs had run at the first failure

    def fails(problem, always=False):
        data = text(problem)
        if data not in seen:
            if first and len(seen) >= first[0] + SHRINKS and not always:
                return False  # shrinking has had its runs: what it has is small enough to read
            seen[data] = bool(fails_on(data))
            if seen[data] and not first:
                first.append(len(seen))
        return seen[data]

    options = settings(max_examples=tries, database=None, deadline=None, derandomize=False,
                       phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck))
    try:
        problem = find(problems().filter(valid), fails, settings=options, random=random.Random(seed))
    except NoSuchExample:
        return None, len(seen)
    data = text(_fewer(problem, fails))
    return data, len(seen)


def _fewer(problem, fails):
    """Return the problem with each parameter and each micro-batch dropped that it still fails without.

    Hypothesis shrinks the values and digits well, but it cannot move what fails: a parameter of
    zeros in front of the one that fails stays, and so does a micro-batch of zeros before the one
    that matters. This drops them, one at a time, while the input still fails.
    """
    k, lr, theta, grads = problem
    j = 0
    while len(theta) > 1 and j < len(theta):
        smaller = (k, lr, theta[:j] + theta[j + 1:], [g[:j] + g[j + 1:] for g in grads])
        if valid(smaller) and fails(smaller, True):
            k, lr, theta, grads = smaller
        else:
            j += 1
    i = 0
    while k > 1 and i < k:
        smaller = (k - 1, lr, theta, grads[:i] + grads[i + 1:])
        if valid(smaller) and fails(smaller, True):
            k, lr, theta, grads = smaller
        else:
            i += 1
    return k, lr, theta, grads


class Found:
    """What a search found: data (the input, or None), answer, verdict and stdout of its run, and how
    many inputs it ran (count) with which seed."""

    def __init__(self, data, count, seed, answer=b"", verdict=None, stdout=b""):
        self.data, self.count, self.seed = data, count, seed
        self.answer, self.verdict, self.stdout = answer, verdict, stdout


def hunt(run, known, seed=1, tries=TRIES):
    """Return the Found of a search for the smallest input a program gets wrong; known: the mistakes
    it may name ({name: judge.Mistake}).

    run(data, answer) runs the program on input bytes, with the reference's answer bytes (to bound
    its output), and returns (judged, stdout): judged(check, prints) gives that run's Verdict under
    a judge.Check, with the mistakes' prints of the input. The mistake is named only if it alone fits
    every output the search saw, as a check names one.
    """
    tried = {}  # input: (answer, judged, stdout)

    def fails_on(data):
        answer = reference.answer(data).encode()
        tried[data] = (answer,) + tuple(run(data, answer))
        return tried[data][1](Check({}), {}).name != "AC"

    data, count = smallest(fails_on, seed, tries)
    if data is None:
        return Found(None, count, seed)
    check = Check(known)
    for given, (answer, judged, _) in tried.items():
        if given != data:
            judged(check, mistake_prints(known, given, answer))
    answer, judged, stdout = tried[data]
    return Found(data, count, seed, answer, judged(check, mistake_prints(known, data, answer)), stdout)


def report(found):
    """Return the lines that say what a search found: the input as a learner would paste it, expected
    against found with the values that differ marked, and the verdict's detail."""
    if found.data is None:
        return ["find: %d inputs tried (seed %d), and none shows a mistake" % (found.count, found.seed)]
    lines = ["find: after %d inputs (seed %d), the smallest that goes wrong is %s:"
             % (found.count, found.seed, found.verdict.name), ""]
    lines += ["    " + row for row in found.data.decode().splitlines()] + [""]
    if found.verdict.name == "WA" and len(found.answer.split()) == len(found.stdout.split()):
        lines += [label + text for label, text in zip(("expected  ", "found     ", "          "),
                                                      marked(found.answer, found.stdout), strict=True)]
    return lines + [found.verdict.detail]
