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

Processes. mutmut switches mutants inside the imported modules, which a test
that runs solve.py as a new process would not see. So program_for() below
writes the active mutant of solve.py out as a plain file, and the tests run
that one (see program() in testkit/runs.py; such tests are marked `process`).
mutmut picks the tests for a mutant by the functions each test reached. For
a process that is what the child ran: while mutmut collects that ('stats'),
the child runs a copy of solve.py that records, with sys.settrace, the
first line of each of its code objects that is called, and the test is
credited with the functions those lines belong to (record_process_hits).
"""

import argparse
import fnmatch
import functools
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
COPIED = SOURCES + ["pyproject.toml", "Makefile", "locks", "tests", "testkit", "tools", "samples", "packages",
                    "docs", "practice", "README.md", "LICENSE"]
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


# ---------------------------------------------- solve.py as a process ---


def program_for(active):
    """Return the plain solve.py that runs as a process while mutmut's active mutant is `active`.

    Called by testkit/runs.py under mutmut only. The mutant's function,
    as mutmut wrote it into the mutated module, replaces the original one
    in a copy of solve.py; other mutants (and none) get solve.py unchanged.
    While mutmut collects which tests reach which function ('stats'), a
    test that runs a process is recorded as reaching all of solve.py.
    """
    import inspect

    import solve  # mutmut's mutated module, with every mutant in it

    folder = Path(os.environ[PLAIN])
    original = folder / "solve.py"
    if active == "stats":
        return traced(folder)
    module, _, name = active.rpartition(".")
    if module != "solve":
        return original
    plain = folder / (name + ".py")
    if plain.exists():
        return plain
    base = name.rpartition("__mutmut_")[0]
    owner, real = solve, base[2:]
    if base.startswith("xǁ"):
        class_name, real = base[2:].split("ǁ")
        owner = getattr(solve, class_name)
    mutant = inspect.getsource(getattr(owner, name)).replace("def %s(" % name, "def %s(" % real, 1)
    unchanged = inspect.getsource(getattr(owner, base + "__mutmut_orig"))
    unchanged = unchanged.replace("def %s__mutmut_orig(" % base, "def %s(" % real, 1)
    text = original.read_text()
    assert text.count(unchanged) == 1, "cannot find %s in solve.py" % real
    partial = plain.with_suffix(".part")
    partial.write_text(text.replace(unchanged, mutant))
    partial.rename(plain)
    return plain


# A line inserted before solve.py's `if __name__ == "__main__":`, after every definition, so that no line
# number moves. Each code object of the file that is called writes its first line to HITS/<pid>.txt: in a
# child process from then on (it may call main() or a function it imported), in the test's own process
# while main() runs (runpy, as the text-stream tests do), so that the rest of the suite runs untraced.
TRACE = """\
def install(source, folder, test_process, main):
    import os, sys
    seen = set()
    def trace(frame, event, arg):
        code = frame.f_code
        if code not in seen and code.co_filename == source:
            seen.add(code)
            with open(os.path.join(folder, "%d.txt" % os.getpid()), "a") as out:
                out.write("%d\\n" % code.co_firstlineno)
    if os.getpid() != test_process:
        sys.settrace(trace)
        return main
    def traced(*args, **kwargs):
        previous = sys.gettrace()
        sys.settrace(trace)
        try:
            return main(*args, **kwargs)
        finally:
            sys.settrace(previous)
    return traced
"""


def traced(folder):
    """Return folder/traced/solve.py, solve.py with the TRACE line, writing it the first time."""
    path = folder / "traced" / "solve.py"
    if not path.exists():
        (folder / "hits").mkdir(exist_ok=True)
        text = (folder / "solve.py").read_text()
        guard = '\nif __name__ == "__main__":'
        assert text.count(guard) == 1, "solve.py has no single main guard"
        line = ("_trace = {}; exec(%r, _trace); main = _trace['install'](__file__, %r, %d, main); del _trace"
                % (TRACE, str(folder / "hits"), os.getpid()))
        path.parent.mkdir(exist_ok=True)
        path.write_text(text.replace(guard, "\n" + line + guard))
    return path


def mangled(name, class_name=None):
    """Return mutmut's name for a function or method (mutations() checks it against mutmut's own)."""
    return "xǁ%sǁ%s" % (class_name, name) if class_name else "x_" + name


@functools.lru_cache(maxsize=None)
def functions_by_line(path):
    """Return (first line, last line, mutmut's name) of each function and method in a source file.

    Cached: record_process_hits reads the same plain solve.py after every process test.
    """
    import ast

    spans = []
    for statement in ast.parse(path.read_text()).body:
        methods = [(statement, None)] if isinstance(statement, ast.FunctionDef) else []
        if isinstance(statement, ast.ClassDef):
            methods = [(node, statement.name) for node in statement.body if isinstance(node, ast.FunctionDef)]
        for node, class_name in methods:
            first = min([node.lineno] + [decorator.lineno for decorator in node.decorator_list])
            spans.append((first, node.end_lineno, mangled(node.name, class_name)))
    return tuple(spans)


def record_process_hits():
    """Credit the test that ran with the functions of solve.py its processes called (mutmut's stats run).

    tests/conftest.py calls this after each test, while mutmut collects
    which tests reach which function. Nested code (a generator expression,
    a lambda) counts for the function around it.
    """
    from mutmut.stats import record_trampoline_hit

    folder = Path(os.environ[PLAIN])
    lines = set()
    for hits in (folder / "hits").glob("*.txt"):
        lines.update(map(int, hits.read_text().split()))
        hits.unlink()
    for first, last, name in functions_by_line(folder / "solve.py"):
        if any(first <= line <= last for line in lines):
            record_trampoline_hit("solve." + name)


# ----------------------------------------------------- a test's time limit ---

# mutmut's own limit for a mutant is 2 x (the time of all its tests + 1 s): for a function most tests
# reach, two minutes lost on each mutant that loops. So each test of a mutant also has a limit of its
# own, from the time it took in the stats run (traced, so slower than now): past it, the worker ends
# with mutmut's code for a timeout, which counts as killed, as mutmut's own limit would. The 2 s
# keep a quick test clear of a slow moment of the machine: each mutant that timed out with 2 s did
# with 5 s too (16 of the 17 then; the other now fails a test first).
TIMEOUT_EXIT = 36  # mutmut.stats.status_by_exit_code: "timeout"


def test_limit(seconds_in_stats):
    """Return how long a test may run under a mutant, in seconds, given its time in the stats run."""
    return 2.0 + 5.0 * seconds_in_stats


def descendants(pid):
    """Return the process ids under pid (children, theirs, ...), from /proc; [] where there is none."""
    children = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rpartition(")")[2].split()  # the name, in (), may hold anything
        except OSError:  # ended meanwhile
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.parent.name))
    found, todo = [], [pid]
    while todo:
        below = children.get(todo.pop(), [])
        found += below
        todo += below
    return found


def watchdog(seconds):
    """Start a timer: after seconds, kill this process's descendants and exit with TIMEOUT_EXIT.

    Return the timer; cancel() it when the test ends in time. A thread, not
    a signal, so that it fires whatever the test waits on and whatever
    signals the test sets up itself.
    """
    import signal
    import threading

    def expire():
        for pid in descendants(os.getpid()):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:  # gone already
                pass
        sys.stderr.write("mutants: a test ran past its %g s: the mutant counts as timed out\n" % seconds)
        os._exit(TIMEOUT_EXIT)

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()
    return timer


# ------------------------------------------------- a mutant's collection ---

# Each mutant is a fork of mutmut's process that calls pytest.main() with the ids of the tests that
# reach the mutant's function, often 400 of them in 8 files. For a function 437 tests reach, collecting
# them took 0.5 s of each of its mutants' runs, measured in a fork of a warmed process, as mutmut
# makes them. Two parts of it are work that no test needs, and tests/conftest.py skips them:


def by_file(args):
    """Return (the files of args, the set of test ids in args) when every arg is a test id; else None.

    pytest matches each id on its own against its file's tests; the files
    collected once, with the ids picked from them, are the same tests in
    three quarters of the time (0.33 s, then 0.25 s, for 437 ids; see
    pytest_collection_modifyitems in tests/conftest.py).
    """
    if not args or not all("::" in arg for arg in args):
        return None
    return list(dict.fromkeys(arg.split("::", 1)[0] for arg in args)), set(args)


def picked(items, wanted):
    """Return the items whose ids are wanted; raise LookupError naming any wanted id that none has.

    A missing id is what pytest reports as "not found" when given the ids
    themselves: mutmut must not count a mutant as killed by tests that did
    not run, nor as surviving them.
    """
    kept = [item for item in items if item.nodeid in wanted]
    missing = wanted - {item.nodeid for item in kept}
    if missing:
        raise LookupError("not found: %s" % ", ".join(sorted(missing)))
    return kept


# The tests run quickest first, so a mutant that only a slow test kills first passes every quicker
# one: 368 tests, 12 s, for each of nine mutants of _solve's read-ahead. Mutants of one function are
# mostly killed by the same test, so the tests that have killed one of its mutants in this run go
# first for the next ones (each worker appends to its function's file; a fresh copy of the project
# has none). The order changes no verdict: a survivor runs every test whatever the order.
KILLERS = Path("mutmut-killers")  # in mutmut's work folder, as mutmut-stats.json is


def killers_file(mutant):
    """Return the file of the tests that have killed mutants of the function a mutant changes."""
    return KILLERS / (mutant.rpartition("__mutmut_")[0] + ".txt")


def record_killer(mutant, test):
    """Note that test failed under mutant: it goes first for the other mutants of that function."""
    KILLERS.mkdir(exist_ok=True)
    with open(killers_file(mutant), "a") as killers:  # one short append: whole, beside the other worker
        killers.write(test + "\n")


def killers_first(items, mutant):
    """Put the tests that killed mutants of mutant's function first, the latest first; the rest keep order."""
    try:
        known = killers_file(mutant).read_text().split("\n")
    except OSError:  # none yet
        return
    rank = {test: -place for place, test in enumerate(known) if test}
    items.sort(key=lambda item: rank.get(item.nodeid, 1))


def originals_only(find):
    """Wrap doctest.DocTestFinder._find so that it skips mutmut's copies of functions (``__mutmut_``).

    Each copy carries its function's docstring, so the doctests of the
    original would be found again in each of its 2,000 mutants, and the
    search alone took 0.2 s of each mutant's collection. The doctest of the
    original runs, through its trampoline, under the active mutant.
    """

    def find_originals(finder, tests, obj, name, *rest):
        if "__mutmut_" not in name:
            find(finder, tests, obj, name, *rest)

    return find_originals


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
