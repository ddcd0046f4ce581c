"""The search's inputs for Head Accumulation: what practice/find.py (`make check PROBLEM=headaccumulation
FILE=... FIND=1` and the practice page's "Find a failing input") draws from, shrinks, and cuts down.

    inputs()        # a Hypothesis strategy of input bytes; the search keeps those validate() takes
    smaller(data)   # the inputs one micro-batch, one token, one row or one column of W smaller

Hypothesis draws M, each micro-batch's number of tokens, d and V first, each from 1 (so that shrinking
takes them down to 1), then a learning rate, the targets and the numbers: each number an integer
from -100 to 100 over a power of ten drawn once for the input (7, -0.35, 0.07), within the
statement's bounds, so that each number is one draw that shrinks towards 0. A target is drawn from
0 to V, V standing for padding (-100), so that it shrinks towards a counted token of class 0; a
micro-batch drawn all padding gets its first token counted. The validator's fairness check (a
correct double solution's worst-case error at most a hundredth of the tolerance) refuses only
inputs whose logits may reach the thousands (d times the largest number squared), which shrinking
leaves behind. Hypothesis cannot always drop a
token or a row whose list sizes depend on the draws before; smaller() then does.

Needs Hypothesis, and nothing of the project but this problem's validator: the page loads it into
Pyodide beside practice/find.py. Python 3.7 syntax, as every program of the problem.
"""

from hypothesis import strategies as st

from problems.headaccumulation.validators.validate import MAX_ABS, MAX_D, MAX_LR, MAX_T, MAX_V, PADDING

MAX_M, MAX_N, SMALL_D, SMALL_V = 4, 4, 3, 4  # the search's sizes: small inputs, which a learner can read
# The stress search's inputs hold at most this many logits (T * d * V), so that the reference, the
# mistakes and the accepted submissions each take well under a second on one; the largest sizes are
# the data's own largest cases.
STRESS_SIZE = 2 * 10**4


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


def _counted(targets, v):
    """Return the targets of a micro-batch (V standing for padding) as ids: V is -100, and a micro-batch
    of padding only gets its first token counted, of class 0."""
    ids = [PADDING if t == v else t for t in targets]
    if all(t == PADDING for t in ids):
        ids[0] = 0
    return ids


@st.composite
def problems(draw):
    """Return (lr, w, batches) as texts and integers: W as d rows of V numbers, each micro-batch a list
    of (target, hidden state), small enough for a learner to follow by hand.

    Every number is an integer from -MAX_ABS to MAX_ABS over 10**places, places (0 to 2) drawn
    once for the whole input: one draw per number, which Hypothesis shrinks quickly towards 0.
    """
    k = draw(st.integers(1, MAX_M))
    sizes = [draw(st.integers(1, MAX_N)) for _ in range(k)]
    d, v = draw(st.integers(1, SMALL_D)), draw(st.integers(1, SMALL_V))
    lr, places = draw(RATES), draw(st.integers(0, 2))
    number = st.integers(-MAX_ABS, MAX_ABS).map(lambda n: _decimal(n, places))
    w = draw(st.lists(st.lists(number, min_size=v, max_size=v), min_size=d, max_size=d))
    batches = []
    for n in sizes:
        targets = _counted(draw(st.lists(st.integers(0, v), min_size=n, max_size=n)), v)
        hidden = draw(st.lists(st.lists(number, min_size=d, max_size=d), min_size=n, max_size=n))
        batches.append(list(zip(targets, hidden)))
    return lr, w, batches


def text(problem):
    """Return the input bytes of a problem (lr, w, batches), as the data writes them."""
    lr, w, batches = problem
    lines = ["%d %d %d %s" % (len(batches), len(w), len(w[0]), lr)] + [" ".join(row) for row in w]
    for batch in batches:
        lines.append("%d" % len(batch))
        lines += ["%d %s" % (t, " ".join(h)) for t, h in batch]
    return ("\n".join(lines) + "\n").encode()


def parsed(data):
    """Return (lr, w, batches) of a canonical input: text()'s inverse."""
    lines = [line.split(" ") for line in data.decode().split("\n")[:-1]]
    k, d, _, lr = lines[0]
    w, at, batches = lines[1:1 + int(d)], 1 + int(d), []
    for _ in range(int(k)):
        n = int(lines[at][0])
        batches.append([(int(line[0]), line[1:]) for line in lines[at + 1:at + 1 + n]])
        at += 1 + n
    return lr, w, batches


def smaller(data):
    """Return the inputs one step smaller than data, in the order to try them: each micro-batch dropped
    (while there are two or more), each token dropped (while its micro-batch keeps a counted one), each
    row of W dropped with that number of every hidden state (while d is two or more), then each column
    of W that no counted token targets (while V is two or more; the targets above it move down one).

    >>> data = b"2 1 2 0.5\\n1 2\\n1\\n0 3\\n2\\n1 4\\n-100 5\\n"
    >>> [s.decode() for s in smaller(data)]  # doctest: +NORMALIZE_WHITESPACE
    ['1 1 2 0.5\\n1 2\\n2\\n1 4\\n-100 5\\n', '1 1 2 0.5\\n1 2\\n1\\n0 3\\n',
     '2 1 2 0.5\\n1 2\\n1\\n0 3\\n1\\n1 4\\n']
    """
    lr, w, batches = parsed(data)
    out = []
    if len(batches) > 1:
        out += [text((lr, w, batches[:i] + batches[i + 1:])) for i in range(len(batches))]
    for i, batch in enumerate(batches):
        for j in range(len(batch)):
            rest = batch[:j] + batch[j + 1:]
            if any(t != PADDING for t, _ in rest):
                out.append(text((lr, w, batches[:i] + [rest] + batches[i + 1:])))
    if len(w) > 1:
        for m in range(len(w)):
            cut = [[(t, h[:m] + h[m + 1:]) for t, h in batch] for batch in batches]
            out.append(text((lr, w[:m] + w[m + 1:], cut)))
    if len(w[0]) > 1:
        targeted = {t for batch in batches for t, _ in batch}
        for j in range(len(w[0])):
            if j not in targeted:
                moved = [[(t - 1 if t > j else t, h) for t, h in batch] for batch in batches]
                out.append(text((lr, [row[:j] + row[j + 1:] for row in w], moved)))
    return out


def inputs():
    """Return the strategy of input bytes the search draws from (the validator may still refuse some)."""
    return problems().map(text)


def stress():
    """Return what a setter's stress search draws (tools/stress.py, `make stress`): the small inputs of
    inputs() (bytes), or a gen.py command line (text) of the data's generator, with every size up to the
    statement's bound (T * d * V up to STRESS_SIZE), any magnitude, padding, learning rate and number of
    decimals, and logits of any size. Hypothesis shrinks either towards the first choice of each draw:
    small sizes, small numbers, seed 0."""
    return st.one_of(inputs(), commands())


@st.composite
def commands(draw):
    """Return a gen.py command line, as generators.yaml writes one."""
    d = draw(st.integers(1, MAX_D))
    v = draw(st.integers(1, min(MAX_V, STRESS_SIZE // d)))
    tokens = STRESS_SIZE // (d * v)
    m = draw(st.integers(1, min(MAX_T, tokens)))
    n = draw(st.integers(1, max(1, min(MAX_T, tokens) // m)))
    kind = draw(st.sampled_from(["random", "logits"]))
    line = "gen.py %s --m %d --n %d --d %d --v %d" % (kind, m, n, d, v)
    if draw(st.booleans()):
        line += " --equal"
    line += " --pad %s" % draw(st.sampled_from(["0", "0.1", "0.3", "0.5", "0.9"]))
    if kind == "logits":
        line += " --logit %s" % draw(st.sampled_from(["600", "-600", "800", "1000", "-1000", "5000"]))
    else:
        line += " --wscale %s --hscale %s" % (draw(st.sampled_from(["1", "3", "10", "100"])),
                                              draw(st.sampled_from(["1", "3", "10", "100"])))
        classes = draw(st.integers(0, v))
        if classes:
            line += " --classes %d" % classes
        if draw(st.booleans()):
            line += " --positive"
        line += " --places-lr %d" % draw(st.integers(0, 6))
    line += " --lr %s --places %d" % (draw(st.sampled_from(["1", "0.1", "0.01", "0.0001"])),
                                     draw(st.integers(2 if kind == "logits" else 0, 6)))
    return line + " --seed %d" % draw(st.integers(0, 2**16))
