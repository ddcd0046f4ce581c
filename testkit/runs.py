"""Running solve.py, in-process or as a real process, and reading what it did.

Shared by the tests (through tests/conftest.py) and the tools: `make judge-check`
and `make dmoj-check` judge outcomes with the very same helpers as `make test`.
"""

import io
import re
import subprocess
import sys
from pathlib import Path

import solve

ROOT = Path(__file__).resolve().parent.parent
SOLVE = ROOT / "solve.py"
SAMPLES = ROOT / "samples"


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


class BreakingStream(io.RawIOBase):
    """A binary stream that gives its pieces, one a read, then raises error (OSError, MemoryError...)."""

    def __init__(self, pieces, error):
        self.pieces, self.error = list(pieces), error

    def readable(self):
        return True

    def readinto(self, buffer):
        if not self.pieces:
            raise self.error
        piece = self.pieces.pop(0)
        buffer[:len(piece)] = piece
        return len(piece)


def run_main(data, argv=(), engine=None):
    """Run solve.main in-process on input bytes, with --engine when engine is given; return its Outcome."""
    out, err = io.BytesIO(), io.BytesIO()
    status = solve.main([*(["--engine", engine] if engine else []), *argv], io.BytesIO(data), out, err)
    return Outcome(status, out.getvalue(), err.getvalue())


def program():
    """Return the path of the solve.py that a test runs as a process: the project's own.

    (Under `make mutants`, tools/mutmut_plugin.py replaces it: a process runs the active mutant.)
    """
    return SOLVE


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
