"""The search's inputs for Linear Accumulation: what practice/find.py (`make check PROBLEM=linearaccumulation
FILE=... FIND=1` and the practice page's "Find a failing input") draws from, shrinks, and cuts down.

    inputs()        # a Hypothesis strategy of input bytes; the search keeps those validate() takes
    smaller(data)   # the inputs one micro-batch, one example per micro-batch or one feature smaller

Hypothesis draws K, B and d first, each from 1 (so that shrinking takes them down to 1), then a
learning rate and the numbers: each an integer from -100 to 100 over a power of ten drawn once for
the input (7, -0.35, 0.07), within the statement's bounds, so that each number is one draw that
shrinks towards 0. The validator's fairness check (a correct double solution's worst-case error at
most a hundredth of the tolerance) refuses none of these small inputs in practice. Hypothesis cannot
always drop a feature or an example whose list sizes depend on d and B; smaller() then does.

Needs Hypothesis, and nothing of the project but this problem's validator: the page loads it into
Pyodide beside practice/find.py. Python 3.7 syntax, as every program of the problem.
"""

from hypothesis import strategies as st

from problems.linearaccumulation.validators.validate import MAX_ABS, MAX_LR
from problems.linearaccumulation.validators.validate import MAX_D as BOUND_D

MAX_K, MAX_B, MAX_D = 6, 4, 4  # the search's sizes: small inputs, which a learner can read
# The stress search's inputs hold at most this many numbers of examples (K * B * (d + 1)), so that the
# reference, the mistakes and the accepted submissions each take well under a second on one; the
# largest sizes are the data's own largest cases.
STRESS_SIZE = 5 * 10**4


def _decimal(n, places):
    """Return n / 10**places as a plain decimal text: no exponent, no trailing zero, no float on the way."""
    sign, n = "-" if n < 0 else "", abs(n)
    text = "%d.%0*d" % (n // 10**places, places, n % 10**places) if places else "%d" % n
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "0" else sign + text


# A learning rate from 0 to MAX_LR, with at most 3 decimals: 0.1, 0.25, 1.
RATES = st.integers(0, 3).flatmap(
    lambda places: st.builds(_decimal, st.integers(0, MAX_LR * 10**places), st.just(places)))


@st.composite
def problems(draw):
    """Return (k, b, lr, w, examples) as texts: K micro-batches of B examples of d features, then
    each example's target, small enough for a learner to follow by hand.

    Every number is an integer from -MAX_ABS to MAX_ABS over 10**places, places (0 to 2) drawn
    once for the whole input: one draw per number, which Hypothesis shrinks quickly towards 0.
    """
    k, b, d = draw(st.integers(1, MAX_K)), draw(st.integers(1, MAX_B)), draw(st.integers(1, MAX_D))
    lr, places = draw(RATES), draw(st.integers(0, 2))
    number = st.integers(-MAX_ABS, MAX_ABS).map(lambda n: _decimal(n, places))
    w = draw(st.lists(number, min_size=d, max_size=d))
    examples = draw(st.lists(st.lists(number, min_size=d + 1, max_size=d + 1), min_size=k * b,
                             max_size=k * b))
    return k, b, lr, w, examples


def text(problem):
    """Return the input bytes of a problem (k, b, lr, w, examples), as the data writes them."""
    k, b, lr, w, examples = problem
    lines = ["%d %d %d %s" % (k, b, len(w), lr), " ".join(w)] + [" ".join(row) for row in examples]
    return ("\n".join(lines) + "\n").encode()


def parsed(data):
    """Return (k, b, lr, w, examples) as texts of a canonical input: text()'s inverse."""
    lines = [line.split(" ") for line in data.decode().split("\n")[:-1]]
    k, b, _, lr = lines[0]
    return int(k), int(b), lr, lines[1], lines[2:]


def inputs():
    """Return the strategy of input bytes the search draws from (the validator may still refuse some)."""
    return problems().map(text)


def smaller(data):
    """Return the inputs one step smaller than data, in the order to try them: each micro-batch
    dropped (while there are two or more), each example's place in the micro-batches dropped (the
    i-th example of every micro-batch, while B is two or more), then each feature dropped (while
    d is two or more).

    >>> [s.decode() for s in smaller(b"2 1 2 0.5\\n1 2\\n3 4 5\\n6 7 8\\n")]  # doctest: +NORMALIZE_WHITESPACE
    ['1 1 2 0.5\\n1 2\\n6 7 8\\n', '1 1 2 0.5\\n1 2\\n3 4 5\\n',
     '2 1 1 0.5\\n2\\n4 5\\n7 8\\n', '2 1 1 0.5\\n1\\n3 5\\n6 8\\n']
    """
    k, b, lr, w, examples = parsed(data)
    batches = [examples[i * b:(i + 1) * b] for i in range(k)]
    out = []
    if k > 1:
        out += [text((k - 1, b, lr, w, [row for batch in batches[:i] + batches[i + 1:] for row in batch]))
                for i in range(k)]
    if b > 1:
        out += [text((k, b - 1, lr, w, [row for batch in batches for row in batch[:i] + batch[i + 1:]]))
                for i in range(b)]
    if len(w) > 1:
        out += [text((k, b, lr, w[:j] + w[j + 1:], [row[:j] + row[j + 1:] for row in examples]))
                for j in range(len(w))]
    return out


def stress():
    """Return what a setter's stress search draws (tools/stress.py, `make stress`): the small inputs of
    inputs() (bytes), or a gen.py command line (text) of the data's generator, with every size up to the
    statement's bound (K * B * (d + 1) up to STRESS_SIZE), any magnitude, learning rate and number of
    decimals, and the kinds that make float32 lose digits. Hypothesis shrinks either towards the first
    choice of each draw: small sizes, small numbers, seed 0."""
    return st.one_of(inputs(), commands())


@st.composite
def commands(draw):
    """Return a gen.py command line, as generators.yaml writes one."""
    kind = draw(st.sampled_from(["random", "fitted", "balanced", "cancel"]))
    d = draw(st.integers(1 if kind != "cancel" else 2, BOUND_D))
    examples = max(1, STRESS_SIZE // (d + 1))
    k = draw(st.integers(1, examples))
    b = draw(st.integers(1, max(1, examples // k)))
    line = "gen.py %s --k %d --b %d --d %d" % (kind, k, b, d)
    if kind == "random":
        line += " --scale %s --yscale %s --places %d" % (
            draw(st.sampled_from(["1", "10", "100"])), draw(st.sampled_from(["1", "10", "100"])),
            draw(st.integers(0, 6)))
        if draw(st.booleans()):
            line += " --onesign"
    line += " --lr %s --places-lr %d" % (draw(st.sampled_from(["1", "0.1", "0.01", "0.0001"])),
                                        draw(st.integers(0, 6)))
    return line + " --seed %d" % draw(st.integers(0, 2**16))
