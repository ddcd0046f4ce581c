"""Find a small input on which a solution goes wrong: the search behind `make check FILE=... FIND=1`
and the practice page's "Find a failing input" button.

    data, tried = smallest(fails_on, seed=1)   # fails_on(input bytes) -> whether the program fails
    found = hunt(run, seed=1)                  # run(input, answer) -> (judged, stdout): see hunt()
    print("\n".join(report(found)))

Hypothesis draws valid inputs, small ones first (K from 1, a few parameters, few digits, a
learning rate of either sign, half of the results aimed at a tiny value, a tie or zero), each fair:
every correct way of adding gives the same answer (packages/validate.py's unfair()). At the first
input that fails, Hypothesis shrinks it while it still fails: fewer digits, smaller values, fewer
micro-batches; then each parameter and micro-batch it can do without is dropped. The search is
seeded, so a run can be repeated. hunt() runs the search with the program and the reference
(testkit/reference.py), and names the mistake the way a check does (practice/judge.py); report()
says what it found. Needs Hypothesis and the standard library, and no other modules than those
three: the page loads them into Pyodide, with Hypothesis's wheels.
"""

import random
from fractions import Fraction

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from packages.validate import unfair
from practice.judge import Check, marked, mistake_prints
from testkit import reference

TRIES = 300  # inputs drawn before the search gives up
SHRINKS = 120  # runs that shrinking a failure may take, at most


def _decimal(n, places):
    """Return n / 10**places as a plain decimal text: no exponent, no float on the way."""
    sign, n = "-" if n < 0 else "", abs(n)
    return sign + ("%d.%0*d" % (n // 10**places, places, n % 10**places) if places else "%d" % n)


# A number: a small integer over a power of ten, so that every scale turns up, from 0.00037 to 900,
# and shrinking goes to fewer digits and to 0.
NUMBERS = st.builds(_decimal, st.integers(-1000, 1000), st.integers(0, 5))
# A result to aim at: where printing goes wrong most, a tiny value, a tie at the fifth decimal, zero.
RESULTS = st.one_of(st.builds(_decimal, st.integers(-20, 20), st.integers(3, 5)),
                    st.builds(lambda n: _decimal(10 * n + 5, 5), st.integers(-300, 300)))


@st.composite
def problems(draw):
    """Return (k, lr, theta, grads) as texts: a small valid input of the solver's contract.

    Each parameter is drawn with all ten gradients it could have, and the first K are used: so
    shrinking K keeps the rest as they were, and shrinking the list of parameters drops whole ones.
    Half of them aim theta so that the result is a tiny value, a tie or zero, where printing fails.
    """
    k = draw(st.integers(1, 10))
    lr = draw(st.builds(_decimal, st.integers(-100, 100), st.integers(0, 3)))
    column = st.tuples(st.lists(NUMBERS, min_size=11, max_size=11), st.one_of(st.none(), RESULTS))
    theta, columns = [], []
    for values, aim in draw(st.lists(column, min_size=1, max_size=6)):
        grads = values[1:k + 1]
        theta.append((aim is not None and _aimed(k, lr, grads, aim)) or values[0])
        columns.append(grads)
    return k, lr, theta, [list(row) for row in zip(*columns, strict=True)]


def _aimed(k, lr, grads, result):
    """Return theta's text for which theta - lr * mean(grads) is exactly result, or None if it needs
    more than 10 decimals."""
    theta = Fraction(result) + Fraction(lr) * sum(map(Fraction, grads)) / k
    for places in range(11):
        if (theta * 10**places).denominator == 1:
            return _decimal(int(theta * 10**places), places)
    return None


def text(problem):
    """Return the input bytes of a problem, one row a line, as the package writes them."""
    k, lr, theta, grads = problem
    return ("%d %s\n" % (k, lr) + "\n".join(" ".join(row) for row in [theta] + grads) + "\n").encode()


def fair(problem):
    """Return whether every correct way of adding gives the same answer on the problem."""
    k, lr, theta, grads = problem
    columns = zip(*[[float(x) for x in row] for row in grads], strict=True)
    return not any(unfair(float(t), float(lr), column) for t, column in zip(theta, columns, strict=True))


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
        problem = find(problems().filter(fair), fails, settings=options, random=random.Random(seed))
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
        if fair(smaller) and fails(smaller, True):
            k, lr, theta, grads = smaller
        else:
            j += 1
    i = 0
    while k > 1 and i < k:
        smaller = (k - 1, lr, theta, grads[:i] + grads[i + 1:])
        if fair(smaller) and fails(smaller, True):
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


def hunt(run, seed=1, tries=TRIES):
    """Return the Found of a search for the smallest input a program gets wrong.

    run(data, answer) runs the program on input bytes, with the reference's answer bytes (to bound
    its output), and returns (judged, stdout): judged(check, prints) gives that run's Verdict under
    a judge.Check, with the mistakes' prints of the input. The mistake is named only if it alone fits
    every output the search saw, as a check names one.
    """
    tried = {}  # input: (answer, judged, stdout)

    def fails_on(data):
        answer = reference.answer(data).encode()
        tried[data] = (answer,) + tuple(run(data, answer))
        return tried[data][1](Check(), {}).name != "AC"

    data, count = smallest(fails_on, seed, tries)
    if data is None:
        return Found(None, count, seed)
    check = Check()
    for given, (_, judged, _) in tried.items():
        if given != data:
            judged(check, mistake_prints(given))
    answer, judged, stdout = tried[data]
    return Found(data, count, seed, answer, judged(check, mistake_prints(data)), stdout)


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
