"""The tests' own set-up: hypothesis profiles and the `deep` marker.

What the tests share with each other (each engine by name, examples(), the input strategies) is
tests/support.py, which they import; no test imports another. What the tools share with the tests
(running solve.py, the reference, the bad inputs) is in testkit/; what mutation testing needs is
tools/mutmut_plugin.py, which only `make mutants` loads."""

import io
import os

import hypothesis
import pytest

from practice import pypy

# Derandomized, so CI runs the same examples every time; GA_DEEP=1 runs many
# more (and the tests marked `deep`).
DEEP = os.environ.get("GA_DEEP") == "1"
hypothesis.settings.register_profile(
    "default", derandomize=True, deadline=None, database=None, print_blob=True
)
hypothesis.settings.register_profile("deep", deadline=None, max_examples=2500, print_blob=True)
hypothesis.settings.load_profile("deep" if DEEP else "default")

# Every pypy3 a test starts runs as on an ordinary judge host, whatever this host's cache (practice/pypy.py).
_PYPY_NOTE = io.StringIO()
pypy.judge_host(stream=_PYPY_NOTE)


def pytest_report_header(config):
    """Say when the PyPy runs of this session get PYPY_GC_NURSERY from practice/pypy.py."""
    return _PYPY_NOTE.getvalue().strip() or None


def pytest_collection_modifyitems(config, items):
    """Skip the tests marked `deep` unless GA_DEEP=1."""
    if DEEP:
        return
    skip = pytest.mark.skip(reason="deep run: set GA_DEEP=1")
    for item in items:
        if "deep" in item.keywords:
            item.add_marker(skip)
