"""Find a small input on which a solution goes wrong: the search behind `make check FILE=... FIND=1`
and the practice page's "Find a failing input" button, for any problem of problems/.

    data, tried = smallest(fails_on, "gradientaccumulation", seed=1)   # fails_on(input bytes) -> bool
    found = hunt(run, known, "gradientaccumulation", seed=1)          # run(input, answer): see hunt()
    print("\n".join(report(found)))

What the search draws is the problem's: its search.py's inputs(), a Hypothesis strategy of input
bytes, small ones first and aimed where solutions go wrong. Each input is run only if the problem's
input validator (validators/validate.py) takes it, as the package's validator does: format, bounds
and whatever else it checks, so that a solution that asserts the statement's constraints is never
failed for them. At the first input that fails, Hypothesis shrinks it while it still fails; then,
where search.py has smaller(data), the inputs it gives (a parameter or a micro-batch dropped) are
tried in turn, the first that still fails taken, until none does. The search is seeded, so a run can
be repeated. hunt() runs the search with the program and the problem's reference.py, and names the
mistake the way a check does (practice/judge.py, with the problem's tolerance); report() says what
it found. Needs Hypothesis, the standard library, practice/judge.py and the problem's search.py,
reference.py and validator, which it imports by the problem's name: the page loads exactly those
into Pyodide, with Hypothesis's wheels.
"""

import importlib
import random

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import NoSuchExample

from practice.judge import Check, count, marked, mistake_prints

TRIES = 300  # inputs drawn before the search gives up
SHRINKS = 120  # runs that shrinking a failure may take, at most


class Programs:
    """The programs of a problem the search needs, imported by its short name: search, reference,
    validate (its input validator), and the tolerance its answers are judged with."""

    def __init__(self, problem, tolerance=None):
        self.name, self.tolerance = problem, tolerance
        self.search, self.reference, self.validate = (
            importlib.import_module("problems.%s.%s" % (problem, module))
            for module in ("search", "reference", "validators.validate"))

    def valid(self, data):
        """Return whether the problem's input validator takes the input bytes. A right solution may
        assert every constraint of the statement, so nothing else is ever run."""
        try:
            self.validate.validate(data)
        except self.validate.Invalid:
            return False
        return True


def smallest(fails_on, problem, seed=1, tries=TRIES):
    """Return (the smallest failing input's bytes or None, how many inputs were run) of a problem (its
    short name, or its Programs).

    fails_on(data) runs the program on input bytes and returns whether it went wrong.
    """
    programs = problem if isinstance(problem, Programs) else Programs(problem)
    seen = {}  # input: whether it failed; each input runs once
    first = []  # how many inputs had run at the first failure

    def fails(data, always=False):
        if data not in seen:
            if first and len(seen) >= first[0] + SHRINKS and not always:
                return False  # shrinking has had its runs: what it has is small enough to read
            seen[data] = bool(fails_on(data))
            if seen[data] and not first:
                first.append(len(seen))
        return seen[data]

    # report_multiple_bugs=False: shrink from the first failure. Otherwise Hypothesis goes on drawing
    # after it for up to 10 s of wall time (its engine's rule), and a busy machine would shrink from
    # another input than a quiet one: the same seed must find the same input.
    options = settings(max_examples=tries, database=None, deadline=None, derandomize=False,
                       phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck),
                       report_multiple_bugs=False)
    try:
        data = find(programs.search.inputs().filter(programs.valid), fails, settings=options,
                    random=random.Random(seed))
    except NoSuchExample:
        return None, len(seen)
    return _fewer(data, programs, fails), len(seen)


def _fewer(data, programs, fails):
    """Return data cut down by the problem's search.smaller(), while it still fails.

    Hypothesis shrinks the values and digits well, but it cannot move what fails: a parameter of
    zeros in front of the one that fails stays, and so does a micro-batch of zeros before the one
    that matters. smaller(data) lists the inputs a step smaller, in order; the first that is valid
    and still fails is taken, and the next tried is the one at the same place of the new list.
    """
    smaller = getattr(programs.search, "smaller", None)
    if smaller is None:
        return data
    candidates, at = smaller(data), 0
    while at < len(candidates):
        candidate = candidates[at]
        if programs.valid(candidate) and fails(candidate, True):
            data, candidates = candidate, smaller(candidate)
        else:
            at += 1
    return data


class Found:
    """What a search found: data (the input, or None), answer, verdict and stdout of its run, how
    many inputs it ran (count) with which seed, and the tolerance it was judged with."""

    def __init__(self, data, count, seed, answer=b"", verdict=None, stdout=b"", tolerance=None):
        self.data, self.count, self.seed = data, count, seed
        self.answer, self.verdict, self.stdout, self.tolerance = answer, verdict, stdout, tolerance


def hunt(run, known, problem, seed=1, tries=TRIES, tolerance=None):
    """Return the Found of a search for the smallest input a program gets wrong; known: the mistakes
    it may name ({name: judge.Mistake}); problem: the problem's short name, whose answers are judged
    with tolerance (its problem.yaml's, None for exact tokens).

    run(data, answer) runs the program on input bytes, with the reference's answer bytes (to bound
    its output), and returns (judged, stdout): judged(check, prints) gives that run's Verdict under
    a judge.Check, with the mistakes' prints of the input. The mistake is named only if it alone fits
    every output the search saw, as a check names one.
    """
    programs = Programs(problem, tolerance)
    tried = {}  # input: (answer, judged, stdout)

    def fails_on(data):
        answer = programs.reference.answer(data).encode()
        tried[data] = (answer,) + tuple(run(data, answer))
        return tried[data][1](Check({}, tolerance), {}).name != "AC"

    data, count = smallest(fails_on, programs, seed, tries)
    if data is None:
        return Found(None, count, seed)
    check = Check(known, tolerance)
    for given, (answer, judged, _) in tried.items():
        if given != data:
            judged(check, mistake_prints(known, given, answer, tolerance))
    answer, judged, stdout = tried[data]
    verdict = judged(check, mistake_prints(known, data, answer, tolerance))
    return Found(data, count, seed, answer, verdict, stdout, tolerance)


def report(found):
    """Return the lines that say what a search found: the input as a learner would paste it, expected
    against found with the values that differ marked, and the verdict's detail."""
    if found.data is None:
        return ["find: %d inputs tried (seed %d), and none shows a mistake" % (found.count, found.seed)]
    lines = ["find: after %d inputs (seed %d), the smallest that goes wrong is %s:"
             % (found.count, found.seed, found.verdict.name), ""]
    lines += ["    " + row for row in found.data.decode().splitlines()] + [""]
    if found.verdict.name == "WA" and len(found.answer.split()) == count(found.stdout):
        shown = marked(found.answer, found.stdout, tolerance=found.tolerance)
        lines += [label + text for label, text in zip(("expected  ", "found     ", "          "), shown,
                                                      strict=True)]
    return lines + [found.verdict.detail]
