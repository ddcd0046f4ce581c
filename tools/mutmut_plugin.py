"""The suite's side of `make mutants`: a pytest plugin that only tools/mutants.py loads (`-p`).

mutmut runs the suite many times: once clean, once to record which tests
reach which function ("stats"), then, for each mutant, the tests that reach
its function. This plugin is what the suite needs for that, and nothing in
tests/ or testkit/ knows of it:

- Hypothesis runs fewer examples and does not shrink: a failure is all that
  counts (the "mutants" profile; tests/support.py's examples() scales by the
  loaded profile, so property tests run a fifth of their examples);
- a test that runs solve.py as a process runs the active mutant's own file
  (testkit.runs.program is replaced by program() below), and while mutmut
  records what each test reaches, it is credited with what that process ran;
- the tests run quickest first, the tests that killed another mutant of the
  same function before them, each with a time limit of its own;
- a mutant's tests are collected by their files, and the doctests of
  mutmut's copies of a function are not searched.
"""

import functools
import json
import os
import sys
from pathlib import Path

import hypothesis
import pytest

from testkit import runs
from tools.mutants import PLAIN, mangled


def active_mutant():
    """Return the name of the mutant mutmut runs the tests under, or None (its clean and stats runs)."""
    name = os.environ.get("MUTANT_UNDER_TEST", "")
    return name if "__mutmut_" in name else None


def program():
    """testkit.runs.program under mutmut: the solve.py that a process runs while this mutant is active."""
    return program_for(os.environ["MUTANT_UNDER_TEST"])


# ---------------------------------------------- solve.py as a process ---


def program_for(active):
    """Return the plain solve.py that runs as a process while mutmut's active mutant is `active`.

    The mutant's function,
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

    Called after each test while mutmut collects which tests reach which
    function. Nested code (a generator expression,
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
# them took a good part of each of its mutants' runs. Two parts of it are work that no test needs,
# and the hooks below skip them:


def by_file(args):
    """Return (the files of args, the set of test ids in args) when every arg is a test id; else None.

    pytest matches each id on its own against its file's tests; the files
    collected once, with the ids picked from them, are the same tests in
    less time (see pytest_collection_modifyitems below).
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


# ------------------------------------------------------------- the hooks ---

STATS_TIME = pytest.StashKey()  # how long the test took in the stats run, in seconds
WANTED = pytest.StashKey()  # under a mutant: the ids of the tests mutmut named, collected by their files
_durations = {}  # mutmut-stats.json's durations by (mtime, size): read in mutmut's process, once


def durations(path):
    """Return {test id: seconds} from mutmut's stats file, read once for each version of it."""
    status = path.stat()
    key = status.st_mtime_ns, status.st_size
    if key not in _durations:
        _durations.clear()
        _durations[key] = json.loads(path.read_text())["duration_by_test"]
    return _durations[key]


def pytest_configure(config):
    """Load the "mutants" profile, point processes at the mutant, collect a mutant's tests by their files."""
    hypothesis.settings.register_profile(
        "mutants", parent=hypothesis.settings.default, max_examples=20,
        phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate])
    hypothesis.settings.load_profile("mutants")
    runs.program = program
    # mutmut's copies of a function carry its docstring: each doctest runs once, as the original
    # (through its trampoline, under the active mutant).
    import doctest

    doctest.DocTestFinder._find = originals_only(doctest.DocTestFinder._find)
    if active_mutant():
        files = by_file(config.args)
        if files:
            config.args[:], config.stash[WANTED] = files


def pytest_collection_modifyitems(config, items):
    """Keep a mutant's tests, quickest first: mutmut stops at the first that fails."""
    if WANTED in config.stash:
        try:
            items[:] = picked(items, config.stash[WANTED])
        except LookupError as error:
            raise pytest.UsageError(str(error)) from None
    took = Path("mutmut-stats.json")
    if took.exists():
        duration = durations(took)
        for item in items:
            item.stash[STATS_TIME] = duration.get(item.nodeid, 0.0)
        items.sort(key=lambda item: item.stash[STATS_TIME])
        if active_mutant():
            killers_first(items, active_mutant())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item):
    """Give each test of a mutant a time limit of its own (see test_limit)."""
    timer = None
    if active_mutant() and STATS_TIME in item.stash:
        timer = watchdog(test_limit(item.stash[STATS_TIME]))
    yield
    if timer:
        timer.cancel()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    """In the stats run, credit the test with what its processes of solve.py ran.

    First of the teardown hooks: mutmut's own credits the hits it has seen
    to the test in its teardown, and then forgets them; any later, they
    would be credited to the next test.
    """
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        record_process_hits()


def pytest_runtest_logreport(report):
    """Under a mutant, note the test that killed it (see killers_first)."""
    if report.failed and active_mutant():
        record_killer(active_mutant(), report.nodeid)
