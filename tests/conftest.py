"""The tests' own set-up: hypothesis profiles, the `deep` marker, and each engine by name.

What the tools share with the tests (running solve.py, the reference, the bad inputs)
is in testkit/; what mutation testing needs is tools/mutmut_plugin.py, which only
`make mutants` loads."""

import io
import os

import hypothesis
import pytest

from testkit import pypy

# Derandomized, so CI runs the same examples every time; GA_DEEP=1 runs many
# more (and the tests marked `deep`).
DEEP = os.environ.get("GA_DEEP") == "1"
hypothesis.settings.register_profile(
    "default", derandomize=True, deadline=None, database=None, print_blob=True
)
hypothesis.settings.register_profile("deep", deadline=None, max_examples=2500, print_blob=True)
hypothesis.settings.load_profile("deep" if DEEP else "default")

# Every pypy3 a test starts runs as on an ordinary judge host, whatever this host's cache (testkit/pypy.py).
_PYPY_NOTE = io.StringIO()
pypy.judge_host(stream=_PYPY_NOTE)


def pytest_report_header(config):
    """Say when the PyPy runs of this session get PYPY_GC_NURSERY from testkit/pypy.py."""
    return _PYPY_NOTE.getvalue().strip() or None


def examples(n):
    """Return how many examples a property test of n examples runs under the loaded profile.

    n under the default profile (100 examples), 25 times n under "deep"
    (2,500); a profile of fewer examples gives fewer, but at least 20.
    """
    return max(20, n * hypothesis.settings.default.max_examples // 100)


def pytest_collection_modifyitems(config, items):
    """Skip the tests marked `deep` unless GA_DEEP=1."""
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
