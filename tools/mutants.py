"""`make mutants`: how many planted bugs the tests catch, by mutmut over solve.py and accumulation.py.

    python -m tools.mutants                      # 500 mutants drawn with seed 1
    python -m tools.mutants --sample 30 --fail-under 85     # what CI runs
    python -m tools.mutants --all                # every mutant; writes its numbers into docs/testing.md
    python -m tools.mutants 'solve.x_main__*'    # the named mutants, e.g. the survivors of a run

(with build/mutants-venv/bin/python; `make mutants` makes that venv and runs it.)

It runs in its own venv (build/mutants-venv, from locks/mutants.txt,
which pins mutmut) and in a fresh copy of the project under build/mutants/,
so nothing in the work tree changes and no result is reused from an older
run. mutmut makes each mutant, a single small change to one function, and
runs the tests that reach that function; the mutant is killed when one of
them fails.

The score is killed / (mutants run). A mutant counts as killed when a test
fails, when the tests time out, or when the test process dies: all three
are a bug noticed. A mutant that no test reaches counts as surviving.

Equivalent mutants change the code but cannot change any behaviour, so no
test can kill them. Each is marked on its own line of code with mutmut's
``# pragma: no mutate``, its reason in a comment above: mutmut makes no
mutant of that line, and the run says how many lines are so marked.

What mutmut needs from the suite is tools/mutmut_plugin.py, a pytest plugin
that mutmut's runs load (`-p`, from pyproject.toml's [tool.mutmut]) and
`make test` does not: fewer Hypothesis examples, each doctest once, the
active mutant's own solve.py for tests that run it as a process (mutmut
switches mutants inside the imported module, which a new process would not
see), and the time limits and order of a mutant's tests.

mutmut's command line gives the verdicts (`mutmut results`) and shows a
survivor's change (`mutmut show`); only the list of mutants, needed before
the run to draw a sample, comes from mutmut's own code (mutations()).
"""

import argparse
import fnmatch
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutants"  # the default of --workdir
SOURCES = ["solve.py", "accumulation.py"]
COPIED = SOURCES + ["pyproject.toml", "Makefile", "locks", "tests", "testkit", "tools", "samples", "problems",
                    "packages", "docs", "practice", "README.md", "LICENSE"]
PRAGMA = "# pragma: no mutate"
MUTMUT = Path(sys.executable).with_name("mutmut")  # mutmut's command, in this venv

# mutmut's verdicts, by the names its `results` command prints.
KILLED = {"killed", "timeout", "segfault", "caught by type check"}


# ---------------------------------------------------------- the mutants ---


def mutations(path):
    """Return the names of mutmut's mutants of one source file, e.g. solve.x_main__mutmut_3, in its order.

    mutmut lists them only after a run (`mutmut results`); a sample is drawn
    before it, so the list comes from the function that mutmut's run calls.
    """
    from mutmut.mutation.file_mutation import mutate_file_contents

    return [path.stem + "." + name for name in mutate_file_contents(str(path), path.read_text()).mutant_names]


def change(work, name):
    """Return 'module.function: before => after' for a mutant, from `mutmut show` in work.

    The changed lines of code, before and after, stay the same when other
    code moves, so they name a mutant (a survivor) as a reader would.
    """
    shown = subprocess.run([str(MUTMUT), "show", name], cwd=work, capture_output=True, text=True, check=True)
    lines = [line for line in shown.stdout.splitlines() if not line.startswith(("---", "+++"))]
    old = " / ".join(line[1:].strip() for line in lines if line.startswith("-"))
    new = " / ".join(line[1:].strip() for line in lines if line.startswith("+"))
    return "%s: %s => %s" % (name.partition("__mutmut_")[0], old, new)


def marked_equivalent():
    """Return how many lines of the sources carry PRAGMA: equivalent mutants, marked where they live."""
    return sum((ROOT / source).read_text().count(PRAGMA) for source in SOURCES)


# ------------------------------------------------------------ the run ---


def prepare(work):
    """Make the folder work a fresh copy of the project."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, work / name, ignore=ignore)
        else:
            shutil.copy2(source, work / name)


def run_mutmut(work, names, log):
    """Run mutmut on the named mutants in the folder work, its output to log; return its exit status."""
    env = dict(os.environ)
    env.pop("MUTANT_UNDER_TEST", None)
    env.pop("GA_DEEP", None)
    with open(log, "w") as out:
        return subprocess.run([str(MUTMUT), "run", *names], cwd=work, env=env, stdout=out,
                              stderr=subprocess.STDOUT).returncode


def verdicts(work):
    """Return {mutant name: mutmut's verdict} from `mutmut results` in the folder work."""
    shown = subprocess.run([str(MUTMUT), "results", "--all", "true"], cwd=work, capture_output=True,
                           text=True, check=True)
    return dict(line.strip().rsplit(": ", 1) for line in shown.stdout.splitlines() if ": " in line)


FULL_RUN = ROOT / "docs" / "testing.md"
BEGIN, END = "<!-- make mutants ALL=1 writes this paragraph -->", "<!-- end of the full run -->"


def record_full_run(total, marked, counts, killed, survivors, took):
    """Write the full run's table into docs/testing.md, between BEGIN and END, with the date and commit.

    survivors: the change of each mutant that survived (see change()).
    """
    from tools.record import record

    run, sources = format(total, ","), " and ".join("`%s`" % source for source in SOURCES)
    rows = ["| | |", "|---|---:|", "| mutants of %s | %s |" % (sources, run),
            "| lines marked equivalent (`%s`) | %d |" % (PRAGMA, marked)]
    rows += ["| %s | %s |" % (verdict, format(count, ",")) for verdict, count in
             sorted(counts.items(), key=lambda item: -item[1])]
    share = 100.0 * killed / total
    rows += ["| **killed** | **%s of %s, %.1f%%** |" % (format(killed, ","), run, share),
             "| wall time, listing to verdicts | %d s (%.1f minutes) |" % (took, took / 60)]
    if survivors:
        rows += ["", "Survivors: " + "; ".join("`%s`" % survivor for survivor in survivors) + "."]
    record(FULL_RUN, BEGIN, END, "make mutants ALL=1", rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="run every mutant (the full run)")
    parser.add_argument("--sample", type=int, default=500, metavar="N", help="mutants to draw (default 500)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the draw (default 1)")
    parser.add_argument("--fail-under", type=float, default=90.0, metavar="PERCENT",
                        help="exit 1 when fewer are killed (default 90)")
    parser.add_argument("only", nargs="*", metavar="NAME",
                        help="run only the mutants with these names (wildcards allowed), e.g. survivors")
    parser.add_argument("--workdir", type=Path, default=WORK,
                        help="where to copy the project (default %(default)s)")
    args = parser.parse_args()
    work = args.workdir.resolve()

    started = time.monotonic()
    candidates = sorted(name for source in SOURCES for name in mutations(ROOT / source))
    marked = marked_equivalent()
    if args.only:
        chosen = [name for name in candidates if any(fnmatch.fnmatchcase(name, only) for only in args.only)]
        if not chosen:
            sys.exit("no mutant matches %s" % " ".join(args.only))
        which = "named"
    elif args.all:
        chosen, which = candidates, "all"
    else:
        chosen = sorted(random.Random(args.seed).sample(candidates, min(args.sample, len(candidates))))
        which = "a sample (seed %d) of" % args.seed
    print("mutmut made %d mutants of %s (%d lines are marked equivalent, %r, and give none); running %s %d"
          % (len(candidates), " and ".join(SOURCES), marked, PRAGMA, which, len(chosen)))
    print("(mutmut runs in %s; its output goes to mutmut.log there)" % work, flush=True)

    prepare(work)
    log = work / "mutmut.log"
    status = run_mutmut(work, chosen, log)
    found = verdicts(work)
    missing = [name for name in chosen if found.get(name) in (None, "not checked")]
    if status != 0 or missing:
        print(log.read_text()[-3000:])
        sys.exit("mutmut failed (status %d, %d mutants not checked): see %s" % (status, len(missing), log))

    counts = {}
    for name in chosen:
        counts[found[name]] = counts.get(found[name], 0) + 1
    killed = sum(count for verdict, count in counts.items() if verdict in KILLED)
    survivors = [name for name in chosen if found[name] not in KILLED]
    score = 100.0 * killed / len(chosen)
    print()
    for verdict, count in sorted(counts.items(), key=lambda item: -item[1]):
        print("  %-22s %5d" % (verdict, count))
    print("  %-22s %5d" % ("lines marked equivalent", marked))
    print()
    changes = [change(work, name) for name in survivors]
    for name, changed in zip(survivors, changes, strict=True):
        print("%s  [%s]\n    %s" % (name, found[name], changed))
    took = time.monotonic() - started
    print("%sscore: %d of %d killed, %.1f%% (%s %d mutants; %d s)"
          % ("\n" if survivors else "", killed, len(chosen), score, which, len(chosen), took))
    if args.all:
        record_full_run(len(candidates), marked, counts, killed, changes, took)
    if score < args.fail_under:
        sys.exit("mutants: %.1f%% killed is below %.1f%%" % (score, args.fail_under))


if __name__ == "__main__":
    main()
