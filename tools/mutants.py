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
`make test` does not: fewer Hypothesis examples, the active mutant's own file
for tests that run solve.py as a process (mutmut switches mutants inside the
imported module, which a new process would not see), those processes'
functions credited to their tests, and the order and time limits of a
mutant's tests.
"""

import argparse
import fnmatch
import json
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
PLAIN = "GA_MUTANTS_PLAIN"  # environment: the folder of plain solve.py files, for program_for()

# mutmut's verdicts, by the names its `results` command prints.
KILLED = {"killed", "timeout", "segfault", "caught by type check"}


# ---------------------------------------------------------- the mutants ---


def mutations(path):
    """Return {mutant name: 'module.function: before => after'} for one source file, in mutmut's order.

    The names are mutmut's own (its numbering is checked against
    mutate_file_contents). The description is the changed lines of code,
    before and after, which stay the same when other code moves, so it can
    name an equivalent mutant; `` [#2]`` and on mark the same change made
    to an identical line further down the function.
    """
    import difflib

    import libcst as cst
    from mutmut.mutation.file_mutation import (
        create_mutations,
        deep_replace,
        group_by_top_level_node,
        mutate_file_contents,
    )
    from mutmut.mutation.trampoline_templates import mangle_function_name

    code = path.read_text()
    module, found, _, _ = create_mutations(str(path), code)
    by_node = group_by_top_level_node(found)
    prefix = path.stem + "."
    render = cst.Module([]).code_for_node

    def changed(before, after):
        lines = list(difflib.ndiff(before.splitlines(), after.splitlines()))
        old = " / ".join(line[2:].strip() for line in lines if line.startswith("- "))
        new = " / ".join(line[2:].strip() for line in lines if line.startswith("+ "))
        return "%s => %s" % (old, new)

    named = {}
    for statement in module.body:
        functions = [(statement, None)] if isinstance(statement, cst.FunctionDef) else []
        if isinstance(statement, cst.ClassDef) and isinstance(statement.body, cst.IndentedBlock):
            functions = [(method, statement.name.value) for method in statement.body.body
                         if isinstance(method, cst.FunctionDef)]
        for function, class_name in functions:
            mangled_name = mangle_function_name(name=function.name.value, class_name=class_name)
            assert mangled_name == mangled(function.name.value, class_name), "mutmut names them otherwise"
            original = render(function)
            seen = {}
            for number, mutation in enumerate(by_node.get(function, ()), 1):
                mutant = render(deep_replace(function, mutation.original_node, mutation.mutated_node))
                described = "%s: %s" % (prefix + mangled_name, changed(original, mutant))
                seen[described] = seen.get(described, 0) + 1
                if seen[described] > 1:  # the same change to an identical line further down
                    described += " [#%d]" % seen[described]
                named["%s%s__mutmut_%d" % (prefix, mangled_name, number)] = described
    expected = mutate_file_contents(str(path), code).mutant_names
    assert list(named) == [prefix + name for name in expected], "mutmut numbers its mutants differently"
    return named


def marked_equivalent():
    """Return how many lines of the sources carry PRAGMA: equivalent mutants, marked where they live."""
    return sum((ROOT / source).read_text().count(PRAGMA) for source in SOURCES)


def mangled(name, class_name=None):
    """Return mutmut's name for a function or method (mutations() checks it against mutmut's own)."""
    return "xǁ%sǁ%s" % (class_name, name) if class_name else "x_" + name


# ------------------------------------------------------------ the run ---


def prepare(work):
    """Make the folder work a fresh copy of the project, with plain/solve.py for program_for()."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, work / name, ignore=ignore)
        else:
            shutil.copy2(source, work / name)
    (work / "plain").mkdir()
    shutil.copy2(ROOT / "solve.py", work / "plain" / "solve.py")


def run_mutmut(work, names, log):
    """Run mutmut on the named mutants in the folder work, its output to log; return its exit status."""
    env = dict(os.environ, **{PLAIN: str(work / "plain")})
    env.pop("MUTANT_UNDER_TEST", None)
    env.pop("GA_DEEP", None)
    mutmut = Path(sys.executable).with_name("mutmut")
    with open(log, "w") as out:
        return subprocess.run([str(mutmut), "run", *names], cwd=work, env=env, stdout=out,
                              stderr=subprocess.STDOUT).returncode


def verdicts(work):
    """Return {mutant name: mutmut's verdict} from the run's results in work/mutants/."""
    from mutmut.stats import status_by_exit_code

    found = {}
    for source in SOURCES:
        meta = json.loads((work / "mutants" / (source + ".meta")).read_text())
        for name, code in meta["exit_code_by_key"].items():
            found[name] = status_by_exit_code[code]
    return found


FULL_RUN = ROOT / "docs" / "testing.md"
BEGIN, END = "<!-- make mutants ALL=1 writes this paragraph -->", "<!-- end of the full run -->"


def record_full_run(described, marked, counts, killed, survivors, took):
    """Write the full run's table into docs/testing.md, between BEGIN and END, with the date and commit."""
    from tools.record import record

    run, sources = format(len(described), ","), " and ".join("`%s`" % source for source in SOURCES)
    rows = ["| | |", "|---|---:|", "| mutants of %s | %s |" % (sources, run),
            "| lines marked equivalent (`%s`) | %d |" % (PRAGMA, marked)]
    rows += ["| %s | %s |" % (verdict, format(count, ",")) for verdict, count in
             sorted(counts.items(), key=lambda item: -item[1])]
    share = 100.0 * killed / len(described)
    rows += ["| **killed** | **%s of %s, %.1f%%** |" % (format(killed, ","), run, share),
             "| wall time, listing to verdicts | %d s (%.1f minutes) |" % (took, took / 60)]
    if survivors:
        rows += ["", "Survivors: " + "; ".join("`%s`" % described[name] for name in survivors) + "."]
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
    described = {}
    for source in SOURCES:
        described.update(mutations(ROOT / source))
    candidates, marked = sorted(described), marked_equivalent()
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
          % (len(described), " and ".join(SOURCES), marked, PRAGMA, which, len(chosen)))
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
    for name in survivors:
        print("%s  [%s]\n    %s" % (name, found[name], described[name]))
    took = time.monotonic() - started
    print("%sscore: %d of %d killed, %.1f%% (%s %d mutants; %d s)"
          % ("\n" if survivors else "", killed, len(chosen), score, which, len(chosen), took))
    if args.all:
        record_full_run(described, marked, counts, killed, survivors, took)
    if score < args.fail_under:
        sys.exit("mutants: %.1f%% killed is below %.1f%%" % (score, args.fail_under))


if __name__ == "__main__":
    main()
