"""`make judge-check` (its second half): PyPy out of memory ends with the one line, at every cap.

    python -m tools.memory_caps            # installs pypy3 (as root) if missing
    python -m tools.memory_caps --step 32  # fewer caps, for a quick look

Where CPython raises MemoryError, PyPy's garbage collector and JIT abort the
process (status 134, an "RPython traceback") when a cap leaves them no next
arena or code block; solve.py keeps 32 MiB of the cap free on PyPy to avoid
that (see _check_room in solve.py). This runs Debian's pypy3 on solve.py
under every cap from 64 to 512 MiB in steps of 8 with PyPy's nursery as it
sizes it (half the CPU cache; testkit/pypy.py gives it a judge host's where
that is larger), and in steps of 16 with a typical machine's (16 MiB, set by
PYPY_GC_NURSERY), as RLIMIT_AS
(``ulimit -v``) and as RLIMIT_DATA (``ulimit -d``), on one input of each
layout that needs more memory than the caps (6 million numbers), two runs
at a time; at each cap the seed example must get its answer too. At each
cap it first asks whether PyPy starts at all and compiles one hot loop
(``pypy3 -c JITTED``): below some cap PyPy itself cannot start, or its JIT
cannot allocate machine code, before any line of solve.py matters, and
docs/contract.md says so. Every other run must end
with status 1, nothing on stdout and the out-of-memory line, or, where the
cap is large enough, with the right answer. It prints a count per outcome
and fails on anything else.
"""

import argparse
import collections
import os
import resource
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from testkit.pypy import NURSERY
from testkit.pypy import nursery as host_nursery
from tools.installs import ensure_pypy

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "build" / "memory-caps"
LIMITS = {"RLIMIT_AS": resource.RLIMIT_AS, "RLIMIT_DATA": resource.RLIMIT_DATA}
NUMBERS = 3_000_000  # a row: two rows of ones need more than 512 MiB on PyPy in either layout
ANSWER = b" ".join([b"0.5000"] * NUMBERS) + b"\n"  # theta 1, gradient 1, lr 0.5
OUT_OF_MEMORY = b"the input needs more memory than this process may use\n"
# The nursery this host's PyPy runs with (testkit/pypy.py: PyPy's own, or an ordinary judge host's where
# this cache is larger) at every cap the contract names, and a typical machine's at every other one, so
# that CI stays short: (nursery, step). On a large-cache host the two are one, and run once.
NURSERIES = ((None, 1), (NURSERY, 2)) if host_nursery() is None else ((NURSERY, 1),)
JITTED = "total = 0\nfor i in range(10 ** 6):\n    total += i"  # a loop hot enough for the JIT to compile
SEED, SEED_ANSWER = (ROOT / "samples" / "seed-example-lines.in").read_bytes(), b"0.9000 1.8000\n"


def inputs():
    """Write the two inputs once; return {layout: path}."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    row = b" ".join([b"1"] * NUMBERS)
    paths = {"lines": FOLDER / "lines.in", "tokens": FOLDER / "tokens.in"}
    for layout, data in (("lines", b"1 0.5\n" + row + b"\n" + row + b"\n"),
                         ("tokens", b"1 0.5 " + row + b" " + row + b"\n")):
        if not paths[layout].exists() or paths[layout].stat().st_size != len(data):
            paths[layout].write_bytes(data)
    return paths


def capped(which, mib):
    """Return a preexec_fn that sets the soft limit `which` to mib MiB, as ulimit does."""
    def cap():
        resource.setrlimit(which, (mib << 20, resource.getrlimit(which)[1]))
    return cap


def small_runs(pypy, limit, mib, env):
    """Return None if PyPy starts, JIT included, and answers the seed example under the cap; else why not."""
    starts = subprocess.run([*pypy, "-c", JITTED], capture_output=True, preexec_fn=capped(LIMITS[limit], mib),
                            timeout=120, env=env).returncode == 0
    if not starts:
        return "PyPy cannot start"
    seed = subprocess.run([*pypy, str(ROOT / "solve.py")], input=SEED, capture_output=True, timeout=120,
                          preexec_fn=capped(LIMITS[limit], mib), env=env)
    if (seed.returncode, seed.stdout, seed.stderr) != (0, SEED_ANSWER, b""):
        return "WRONG on the seed example: status %d, %r" % (seed.returncode, seed.stderr)
    return None


def run(pypy, limit, mib, env, paths):
    """Return [(limit, mib, layout, outcome)] for the runs of solve.py under one cap, one per layout."""
    why = small_runs(pypy, limit, mib, env)
    if why is not None:
        return [(limit, mib, layout, why) for layout in paths]
    return [(limit, mib, layout, big_run(pypy, limit, mib, env, path)) for layout, path in paths.items()]


def big_run(pypy, limit, mib, env, path):
    """Return the outcome of solve.py on an input larger than the cap."""
    with open(path, "rb") as data:
        done = subprocess.run([*pypy, str(ROOT / "solve.py")], stdin=data, capture_output=True, timeout=300,
                              preexec_fn=capped(LIMITS[limit], mib), env=env)
    if done.returncode == 0 and done.stdout == ANSWER and not done.stderr:
        return "answer"
    if (done.returncode, done.stdout) == (1, b"") and done.stderr.startswith(b"solve.py: out of memory") and (
            done.stderr.endswith(OUT_OF_MEMORY) and done.stderr.count(b"\n") == 1):
        return "out-of-memory line"
    return "WRONG: status %d, stderr %r" % (done.returncode, done.stderr[:120])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=int, default=8, help="MiB between caps (default 8)")
    parser.add_argument("--no-install", action="store_true", help="do not apt-get install pypy3")
    args = parser.parse_args(argv)
    pypy = ensure_pypy(not args.no_install)  # says so where this host's PyPy needs a judge host's nursery
    paths = inputs()
    total = wrong = 0
    for nursery, every in NURSERIES:
        caps = [(limit, mib) for limit in LIMITS for mib in range(64, 513, args.step * every)]
        env = {key: value for key, value in os.environ.items() if key != "PYPY_GC_NURSERY"}
        if nursery:
            env["PYPY_GC_NURSERY"] = nursery
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = [result for results in pool.map(lambda cap, env=env: run(pypy, *cap, env, paths), caps)
                       for result in results]
        print("PyPy's nursery %s, caps %d MiB apart:" % (
            "as PyPy sizes it on this machine" if nursery is None else nursery, args.step * every))
        counts = collections.Counter((limit, outcome.split(":")[0]) for limit, _, _, outcome in results)
        for (limit, outcome), count in sorted(counts.items()):
            where = sorted({mib for lim, mib, _, out in results
                            if (lim, out.split(":")[0]) == (limit, outcome)})
            print("  %-11s %-20s %3d runs, caps %d to %d MiB" % (limit, outcome, count, where[0], where[-1]))
        for limit, mib, layout, outcome in results:
            if outcome.startswith("WRONG"):
                wrong += 1
                print("    %s %d MiB, %s layout: %s" % (limit, mib, layout, outcome))
        total += len(results)
    print("memory caps: %d runs of PyPy, %d wrong" % (total, wrong))
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
