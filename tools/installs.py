"""Install what the judge checks need, once: Debian packages (as root), and venvs under build/judges/.

Used by the dev tooling (tools/), never by the product: make targets call it first.
Each venv installs from its lock, locks/NAME.txt (written by `make lock` from
pyproject.toml), with every file's hash required, and is remade only when the
lock changes (its .stamp holds it); pip's cache, outside the clone, keeps built wheels.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from practice import pypy
from tools import lock as locks

ROOT = Path(__file__).resolve().parent.parent
JUDGES = ROOT / "build" / "judges"


def run(command, **kwargs):
    """Run a command, echoed to stderr; raise on failure."""
    print("+", " ".join(map(str, command)), file=sys.stderr, flush=True)
    subprocess.run(command, check=True, **kwargs)


# Off Debian, what each Debian package brings that the checks call, so that one line can say what is absent.
COMMANDS = {"pypy3": ["pypy3"], "nodejs": ["node"], "npm": ["npm"], "texlive-luatex": ["lualatex"],
            "texlive-latex-extra": ["pdflatex"], "latexmk": ["latexmk"],
            "poppler-utils": ["pdftotext", "pdftoppm"], "ghostscript": ["gs"], "tidy": ["tidy"],
            "build-essential": ["cc", "make"], "chromium": ["chromium"], "bubblewrap": ["bwrap"]}


def ensure_debian(packages, install, why, recommends=True):
    """Install the Debian packages that are missing, as root with apt-get; otherwise say how to.

    recommends=False leaves out what they only recommend (--no-install-recommends)."""
    if shutil.which("dpkg-query") is None:  # not Debian: what it needs must be there already
        commands = [command for name in packages for command in COMMANDS.get(name, ())]
        absent = [command for command in commands if shutil.which(command) is None]
        if absent:
            raise SystemExit("%s needs %s on the PATH; on Debian they come with `apt-get install %s`"
                             % (why, ", ".join(absent), " ".join(packages)))
        return
    missing = [name for name in packages if subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", name], capture_output=True, text=True).stdout
        != "install ok installed"]
    if not missing:
        return
    if not install or os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise SystemExit("%s needs Debian's %s: `apt-get install %s` as root"
                         % (why, ", ".join(missing), " ".join(missing)))
    started = time.monotonic()
    run(["apt-get", "update", "-qq"])
    run(["apt-get", "install", "-y", "-qq", *([] if recommends else ["--no-install-recommends"]), *missing],
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    print("installed %s for %s in %.0f s" % (" ".join(missing), why, time.monotonic() - started),
          file=sys.stderr, flush=True)


def ensure_pypy(install):
    """Return the pypy3 command, installing Debian's package as root if it is missing.

    It also gives this process's environment, and so every pypy3 started from
    it, the nursery of an ordinary judge host where this one's cache is larger
    (practice/pypy.py)."""
    if shutil.which("pypy3") is None:
        ensure_debian(["pypy3"], install, "this check (PyPy rows)")
    pypy.judge_host()
    return [shutil.which("pypy3")]


def ensure_pyodide(install):
    """Return the command that runs tools/pyodide/worker.mjs with Pyodide, installing it from npm if needed.

    Debian's node (and npm) run it; `npm ci` installs the version that
    tools/pyodide/package-lock.json pins, with its hash, under build/judges/pyodide.
    """
    ensure_debian(["nodejs"], install, "this check (the Pyodide row)", recommends=False)
    if shutil.which("npm") is None:  # Debian's own nodejs leaves npm to a package of its own
        ensure_debian(["npm"], install, "this check (the Pyodide row)", recommends=False)
    folder, source = JUDGES / "pyodide", ROOT / "tools" / "pyodide"
    wanted = json.loads((source / "package.json").read_text())["dependencies"]["pyodide"]
    installed = folder / "node_modules" / "pyodide" / "package.json"
    if not installed.exists() or json.loads(installed.read_text())["version"] != wanted:
        if not install:
            raise SystemExit("no Pyodide %s under %s: run without --no-install" % (wanted, folder))
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(source / name, folder / name)
        run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=folder)
    return ["env", "PYODIDE_DIR=%s" % folder, shutil.which("node"), str(source / "worker.mjs")]


def page_wheels(install):
    """Return the wheels the practice page's search loads into Pyodide, downloading them if needed.

    pip downloads the pure wheels that locks/page.txt pins, their hashes checked, into
    build/judges/page-wheels: the page serves them itself, as it serves Pyodide.
    """
    folder, wanted = JUDGES / "page-wheels", lock("page").read_text()
    stamp = folder / ".stamp"
    if not stamp.exists() or stamp.read_text() != wanted:
        if not install:
            raise SystemExit("no wheels for the page under %s: run without --no-install" % folder)
        shutil.rmtree(folder, ignore_errors=True)
        run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--require-hashes", "-r", str(lock("page")), "-d", str(folder)])
        stamp.write_text(wanted)
    return sorted(folder.glob("*.whl"))


def lock(name):
    """Return the path of the lock file locks/NAME.txt, which must exist."""
    path = locks.lock_file(name)
    if not path.is_file():
        raise SystemExit("no lock %s: add it to tools/lock.py and run `make lock`" % path)
    return path


def pinned(name, package):
    """Return the one version of package that the lock NAME pins, such as '1.26.4'."""
    path = lock(name)
    versions = locks.pins(name).get(locks.canonical(package), [])
    if len(versions) != 1:
        raise SystemExit("the lock %s pins %s %d times, not once" % (path, package, len(versions)))
    return versions[0]


def ensure_venv(name, base, requirements, install=True):
    """Return [python] of build/judges/NAME, a venv of the base interpreter with a lock installed.

    requirements is a lock file (see lock()); pip installs it with --require-hashes.
    """
    folder = JUDGES / name
    python = folder / "bin" / "python"
    wanted = Path(requirements).read_text()
    stamp = folder / ".stamp"
    if not stamp.exists() or stamp.read_text() != " ".join(map(str, base)) + "\n" + wanted:
        if not install:
            raise SystemExit("%s is not set up; run without --no-install" % folder)
        shutil.rmtree(folder, ignore_errors=True)
        run([*base, "-m", "venv", str(folder)])
        run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "--require-hashes", "-r", str(requirements)])
        stamp.write_text(" ".join(map(str, base)) + "\n" + wanted)
    return [str(python)]


def base_python():
    """Return the command of the interpreter behind this one's venv (the project's Python 3.11)."""
    return [getattr(sys, "_base_executable", sys.executable)]


if __name__ == "__main__":
    # .ci/run installs pypy3 before the tests, so that every run of them sees the same interpreters.
    # make practice-check installs Debian's chromium for the browser test of the practice page, and make
    # check and make test Debian's bubblewrap, the practice judge's sandbox, and python3-seccomp, which
    # compiles its seccomp filter (libseccomp's own binding), where they can.
    if sys.argv[1:] == ["pypy3"]:
        ensure_pypy(install=True)
    elif sys.argv[1:] == ["page"]:  # make practice: what the page serves, Pyodide and Hypothesis's wheels
        ensure_pyodide(install=True)
        page_wheels(install=True)
    elif sys.argv[1:] == ["chromium"]:
        ensure_debian(["chromium"], True, "the practice page's browser test", recommends=False)
    elif sys.argv[1:] == ["bubblewrap"]:
        # make check and make test: the practice judge's sandbox. Without it (not root, not Debian) the
        # judge says what is not isolated and goes on, so this says why in one line and does not fail.
        try:
            ensure_debian(["bubblewrap", "python3-seccomp"], True, "make check's sandbox", recommends=False)
        except SystemExit as why:
            print("note: %s" % why, file=sys.stderr)
    else:
        raise SystemExit("usage: python -m tools.installs pypy3|page|chromium|bubblewrap")
