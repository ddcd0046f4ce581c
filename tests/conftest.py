"""The tests' own set-up: hypothesis profiles, the `deep` marker, and each engine by name.

What the tools share with the tests (running solve.py, the reference, the bad inputs,
the mutants) is in testkit/."""

import doctest
import io
import json
import os
from pathlib import Path

import hypothesis
import pytest

from testkit import pypy, runs
from testkit.runs import MUTANTS
from tools import mutants

# Derandomized, so CI runs the same examples every time; GA_DEEP=1 runs many
# more (and the tests marked `deep`).
DEEP = os.environ.get("GA_DEEP") == "1"
hypothesis.settings.register_profile(
    "default", derandomize=True, deadline=None, database=None, print_blob=True
)
hypothesis.settings.register_profile("deep", deadline=None, max_examples=2500, print_blob=True)
# Under `make mutants` a failure is all that counts: fewer examples (see
# examples() below) and no shrinking, which would only spend time on a mutant
# already killed.
hypothesis.settings.register_profile(
    "mutants", parent=hypothesis.settings.get_profile("default"), max_examples=25,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
)
hypothesis.settings.load_profile("deep" if DEEP else "mutants" if MUTANTS else "default")

# Every pypy3 a test starts runs as on an ordinary judge host, whatever this host's cache (testkit/pypy.py).
_PYPY_NOTE = io.StringIO()
pypy.judge_host(stream=_PYPY_NOTE)


def pytest_report_header(config):
    """Say when the PyPy runs of this session get PYPY_GC_NURSERY from testkit/pypy.py."""
    return _PYPY_NOTE.getvalue().strip() or None


def examples(n):
    """Return how many examples a property test runs: n; 25 times n in a deep run; n / 5 under mutmut.

    Under mutmut every surviving mutant runs the whole suite, so the
    property tests run a fifth of their examples (at least 20) there: the
    mutation score is then a lower bound for the suite as `make test` runs it.
    """
    if DEEP:
        return 25 * n
    return max(20, n // 5) if MUTANTS else n


STATS_TIME = pytest.StashKey()  # under mutmut: how long the test took in the stats run, in seconds
WANTED = pytest.StashKey()  # under a mutant: the ids of the tests mutmut named, collected by their files
_durations = {}  # mutmut-stats.json's durations by (mtime, size): read in mutmut's process, once


def active_mutant():
    """Return the name of the mutant mutmut runs the tests under, or None (no mutmut, or its own runs)."""
    name = os.environ.get("MUTANT_UNDER_TEST", "")
    return name if "__mutmut_" in name else None


def durations(path):
    """Return {test id: seconds} from mutmut's stats file (1 MB), read once for each version of it."""
    status = path.stat()
    key = status.st_mtime_ns, status.st_size
    if key not in _durations:
        _durations.clear()
        _durations[key] = json.loads(path.read_text())["duration_by_test"]
    return _durations[key]


def pytest_configure(config):
    """Under a mutant, collect the files of the tests mutmut names, not each test id on its own."""
    if active_mutant():
        files = mutants.by_file(config.args)
        if files:
            config.args[:], config.stash[WANTED] = files


def pytest_collection_modifyitems(config, items):
    """Skip the tests marked `deep` unless GA_DEEP=1; under mutmut, run the quickest tests first.

    mutmut stops at the first failing test, so a mutant is killed soonest
    when the quick tests come first; it records how long each one took.
    """
    if WANTED in config.stash:
        try:
            items[:] = mutants.picked(items, config.stash[WANTED])
        except LookupError as error:
            raise pytest.UsageError(str(error)) from None
    took = Path("mutmut-stats.json")
    if MUTANTS and took.exists():
        duration = durations(took)
        for item in items:
            item.stash[STATS_TIME] = duration.get(item.nodeid, 0.0)
        items.sort(key=lambda item: item.stash[STATS_TIME])
        if active_mutant():
            mutants.killers_first(items, active_mutant())
    if DEEP:
        return
    skip = pytest.mark.skip(reason="deep run: set GA_DEEP=1")
    for item in items:
        if "deep" in item.keywords:
            item.add_marker(skip)


# Every contract test runs once per engine, as CPython's test_json runs each
# class as PyTest and CTest. The numpy engine is forced even on small inputs.
ENGINES = ["python", "numpy"]
both_engines = pytest.mark.parametrize("engine", ENGINES)


def numpy_for(engine):
    """Return what solve.parse, add_up and step take for an engine by name: numpy, or None (pure)."""
    import numpy

    return numpy if engine == "numpy" else None


@pytest.fixture(autouse=True)
def current_test(request):
    """Let testkit.runs.program() see which test starts a process, and whether it is marked `process`."""
    runs.CURRENT_TEST = request.node
    yield
    runs.CURRENT_TEST = None


if MUTANTS:
    # mutmut's copies of a function carry its docstring: doctest never sees them, so each doctest runs
    # once, as the original (through its trampoline, under the active mutant).
    doctest.DocTestFinder._find = mutants.originals_only(doctest.DocTestFinder._find)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item):
        """Under a mutant, give each test a time limit of its own (see test_limit in tools/mutants.py)."""
        timer = None
        if active_mutant() and STATS_TIME in item.stash:
            timer = mutants.watchdog(mutants.test_limit(item.stash[STATS_TIME]))
        yield
        if timer:
            timer.cancel()

    def pytest_runtest_logreport(report):
        """Under a mutant, note the test that killed it (see killers_first in tools/mutants.py)."""
        if report.failed and active_mutant():
            mutants.record_killer(active_mutant(), report.nodeid)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(item):
        """While mutmut collects which tests reach which function, credit what this test's processes ran."""
        yield
        if os.environ["MUTANT_UNDER_TEST"] == "stats" and item.get_closest_marker("process"):
            mutants.record_process_hits()
