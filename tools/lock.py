"""`make lock`: resolve every venv's dependencies, declared once in pyproject.toml, into locks/*.txt.

    python -m tools.lock                # rewrite every lock file from pyproject.toml
    python -m tools.lock --upgrade      # the same, taking the newest versions the ranges allow
    python -m tools.lock --check        # fail if a lock file is not what pyproject.toml resolves to

The locker is uv's `uv pip compile` (pinned in locks/lock.txt, installed in
build/lock-venv): it resolves for a Python other than the one running it
(`--python-version`), which the judge venvs of CPython 3.8, 3.13 and PyPy
3.9 need, and `--universal` writes one lock for every platform, so that the
project's venvs install on macOS as on Linux. Each lock pins every package
with `==` and lists the sha256 of every file PyPI has for that version; pip
installs them with `--require-hashes`, so a file whose hash does not match
stops the install. Only `make lock` needs uv: installing needs only pip.

As pip-compile does, a rewrite keeps the versions a lock already pins while
they still satisfy pyproject.toml, so that adding one dependency does not
upgrade the others; `make lock UPGRADE=1` (--upgrade) takes the newest.
The oldest lock is always resolved afresh, to the floor of every range.
"""

import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCKS = ROOT / "locks"

# lock name: (pyproject's dependencies too?, its groups, the Python it is for, extra uv options).
# The venv that installs each is in the Makefile (project, mutants, figures, tutorial, oldest,
# lock) or in tools/installs.py (the judges').
PROJECT = {
    "project": (True, ["test", "lint"], "3.11", ["--universal"]),
    "mutants": (True, ["mutants"], "3.11", ["--universal"]),
    "figures": (True, ["figures"], "3.11", ["--universal"]),
    "tutorial": (True, ["tutorial"], "3.11", ["--universal"]),
    "browser": (False, ["browser"], "3.11", ["--universal"]),
    # The library's tests on its oldest Python, with the oldest version of every direct dependency
    # that pyproject.toml allows: numpy 1.21.0, and the floors of the test group.
    "oldest": (True, ["test"], "3.8", ["--resolution", "lowest-direct", "--upgrade"]),
    "lock": (False, ["lock"], "3.11", ["--universal"]),
    # Pure wheels for the practice page's Pyodide (tools/installs.py's page_wheels() downloads them).
    "page": (False, ["page"], "3.14", []),
    # The judges' own software, run on Linux only.
    "problemtools": (False, ["problemtools"], "3.11", []),
    "bapctools": (False, ["bapctools"], "3.11", []),
    "dmoj": (False, ["dmoj"], "3.11", []),  # Debian's python3 is 3.11 as well
    "judge-pypy-numpy1": (False, ["judge-pypy-numpy1"], "3.9", []),
    "judge-cpython-numpy1": (False, ["judge-cpython-numpy1"], "3.11", []),
    "judge-py38-numpy1": (False, ["judge-py38-numpy1"], "3.8", []),
    "judge-py313-numpy2": (False, ["judge-py313-numpy2"], "3.13", []),
}


# One pinned requirement of a lock, as uv writes it: NAME==VERSION, maybe a marker, then its hashes.
REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)(?: ;.*)? \\$", re.M)


def lock_file(name):
    """Return the path of a lock: locks/NAME.txt."""
    return LOCKS / (name + ".txt")


def canonical(name):
    """Return a project name as PyPI compares it (PEP 503): lower case, runs of -_. as one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(name):
    """Return {canonical name: [versions]} of what the lock NAME pins (two where markers split it)."""
    found = {}
    for package, version in REQUIREMENT.findall(lock_file(name).read_text()):
        found.setdefault(canonical(package), []).append(version)
    return found


def uv():
    """Return the uv command of build/lock-venv, made from locks/lock.txt with hashes required."""
    venv = ROOT / "build" / "lock-venv"
    stamp = venv / ".stamp"
    wanted = lock_file("lock").read_text()
    if not stamp.exists() or stamp.read_text() != wanted:
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", "--require-hashes", "-r", str(lock_file("lock"))],
                       check=True)
        stamp.write_text(wanted)
    return [str(venv / "bin" / "uv")]


def compile_lock(name, output, upgrade=False):
    """Write the lock NAME to output, resolved from pyproject.toml by uv, preferring output's pins."""
    with_project, groups, python, options = PROJECT[name]
    command = [*uv(), "pip", "compile", "--quiet", "--generate-hashes", "--python-version", python,
               "--custom-compile-command", "make lock", "--output-file", str(output), *options]
    command += ["--upgrade"] if upgrade and "--upgrade" not in options else []
    command += ["pyproject.toml"] if with_project else []
    for group in groups:
        command += ["--group", "pyproject.toml:" + group]
    # No uv cache in the clone; exclude-newer is not set: `make lock` takes what PyPI has today.
    subprocess.run(command, check=True, cwd=ROOT, env={**os.environ, "UV_NO_CONFIG": "1"})


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare the locks with what pyproject.toml resolves to; write nothing")
    parser.add_argument("--upgrade", action="store_true", help="take the newest versions the ranges allow")
    parser.add_argument("names", nargs="*", default=sorted(PROJECT), help="which locks (default: all)")
    args = parser.parse_args(argv)
    LOCKS.mkdir(exist_ok=True)
    stale = []
    for name in args.names:
        if not args.check:
            compile_lock(name, lock_file(name), args.upgrade)
            print("make lock: wrote %s" % lock_file(name).relative_to(ROOT))
            continue
        with tempfile.TemporaryDirectory() as folder:
            fresh = Path(folder) / "lock.txt"
            fresh.write_text(lock_file(name).read_text())  # its pins are the preferences, as in a rewrite
            compile_lock(name, fresh, args.upgrade)
            old, new = lock_file(name).read_text().splitlines(), fresh.read_text().splitlines()
            if old != new:
                stale.append(name)
                sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(
                    old, new, str(lock_file(name)), "resolved now", lineterm="", n=0))
    if stale:
        raise SystemExit("make lock --check: stale: %s; run `make lock`" % ", ".join(stale))


if __name__ == "__main__":
    main()
