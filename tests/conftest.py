"""Shared helpers: run the solver in-process or as a real process, and the hypothesis profiles."""

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import hypothesis
import pytest

import solve

ROOT = Path(__file__).resolve().parent.parent
SOLVE = ROOT / "solve.py"
SAMPLES = ROOT / "samples"

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
MUTANTS = "MUTANT_UNDER_TEST" in os.environ  # set by mutmut; see tools/mutants.py
hypothesis.settings.load_profile("deep" if DEEP else "mutants" if MUTANTS else "default")


def examples(n):
    """Return how many examples a property test runs: n; 25 times n in a deep run; n / 5 under mutmut.

    Under mutmut every surviving mutant runs the whole suite, so the
    property tests run a fifth of their examples (at least 20) there: the
    mutation score is then a lower bound for the suite as `make test` runs it.
    """
    if DEEP:
        return 25 * n
    return max(20, n // 5) if MUTANTS else n


def pytest_collection_modifyitems(config, items):
    """Skip the tests marked `deep` unless GA_DEEP=1; under mutmut, run the quickest tests first.

    mutmut stops at the first failing test, so a mutant is killed soonest
    when the quick tests come first; it records how long each one took.
    """
    took = Path("mutmut-stats.json")
    if MUTANTS and took.exists():
        duration = json.loads(took.read_text())["duration_by_test"]
        items.sort(key=lambda item: duration.get(item.nodeid, 0.0))
    if DEEP:
        return
    skip = pytest.mark.skip(reason="deep run: set GA_DEEP=1")
    for item in items:
        if "deep" in item.keywords:
            item.add_marker(skip)


def error_line(stderr):
    """Return the N of 'solve.py: line N: ...' in stderr bytes, or None if it names no line."""
    match = re.match(rb"solve\.py: line (\d+): ", stderr)
    return int(match.group(1)) if match else None


class Outcome:
    """What one run of the solver did: exit status, stdout and stderr bytes."""

    def __init__(self, status, stdout, stderr):
        self.status, self.stdout, self.stderr = status, stdout, stderr

    def error_line(self):
        """Return the N of 'line N:' in the message, or None if it names no line."""
        return error_line(self.stderr)

    def assert_clean_error(self, line="any"):
        """Assert the bad-input contract: status 1, no stdout, one line on stderr (naming `line`)."""
        assert self.status == 1, self
        assert self.stdout == b"", self
        assert self.stderr.startswith(b"solve.py: ") and self.stderr.endswith(b"\n"), self
        assert self.stderr.count(b"\n") == 1, self
        assert b"Traceback" not in self.stderr, self
        if line != "any":
            assert self.error_line() == line, self

    def __repr__(self):
        return f"Outcome(status={self.status}, stdout={self.stdout[:200]!r}, stderr={self.stderr[:300]!r})"


# Every contract test runs once per engine, as CPython's test_json runs each
# class as PyTest and CTest. The numpy engine is forced even on small inputs.
ENGINES = ["python", "numpy"]
both_engines = pytest.mark.parametrize("engine", ENGINES)


def engine_named(name):
    """Return a new engine, "python" or "numpy": made at each use, so that a mutant of its code is used."""
    made = solve.PythonEngine(compact=True) if name == "python" else solve.numpy_engine()
    assert made is not None, "the project venv has numpy"
    return made


@pytest.fixture
def numpy_loads(monkeypatch):
    """Return a list that gets "numpy" each time the solver loads its numpy engine, in-process."""
    loads, numpy_engine = [], solve.numpy_engine
    monkeypatch.setattr(solve, "numpy_engine", lambda: loads.append("numpy") or numpy_engine())
    return loads


class BreakingStream:
    """A binary stream that gives its pieces, one a read, then raises error (OSError, MemoryError...)."""

    def __init__(self, pieces, error):
        self.pieces, self.error = list(pieces), error

    def read(self, size=-1):
        if self.pieces:
            return self.pieces.pop(0)
        raise self.error


def run_main(data, argv=(), engine=None):
    """Run solve.main in-process on input bytes, with --engine when engine is given; return its Outcome."""
    out, err = io.BytesIO(), io.BytesIO()
    status = solve.main([*(["--engine", engine] if engine else []), *argv], io.BytesIO(data), out, err)
    return Outcome(status, out.getvalue(), err.getvalue())


def program():
    """Return the path of the solve.py that a test runs as a process.

    That is the project's own, except under `make mutants`: mutmut switches
    mutants inside the imported module, which a new process cannot see, so
    tools/mutants.py gives the active mutant as a plain file of its own.
    """
    if not MUTANTS:
        return SOLVE
    sys.path.insert(0, str(ROOT / "tools"))
    import mutants

    return mutants.program_for(os.environ["MUTANT_UNDER_TEST"])


def run_process(data=b"", args=(), timeout=60, engine=None, python=(sys.executable,), **popen):
    """Run solve.py as a real process with data on stdin; return its Outcome.

    engine None runs it as a judge does, with no arguments (auto: the pure
    engine for small inputs); otherwise --engine is passed.
    """
    engine_args = [] if engine is None else ["--engine", engine]
    done = subprocess.run(
        [*python, str(program()), *engine_args, *args],
        input=data if "stdin" not in popen else None,
        capture_output=True,
        timeout=timeout,
        **popen,
    )
    return Outcome(done.returncode, done.stdout, done.stderr)
