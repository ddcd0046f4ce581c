"""The suite's side of `make mutants`: a pytest plugin that mutmut's runs load (`-p`, in pyproject.toml).

mutmut runs the suite in its own process, once to record which tests reach which function ("stats")
and once clean; then, for each mutant, a fork of that process runs the tests that reach the mutant's
function, quickest first, and stops at the first that fails. The plugin is what the suite needs for
that; nothing in tests/ or testkit/ knows of it:

- Hypothesis runs fewer examples and does not shrink: a failure is all that counts (the "mutants"
  profile; tests/support.py's examples() scales by it, so property tests run a fifth of theirs);
- each doctest is found once: mutmut's copies of a function (its mutants, and the original) carry its
  docstring; the original's doctest runs, through mutmut's trampoline, under the active mutant;
- a test that runs solve.py as a process runs a plain solve.py with the active mutant's function in
  it (testkit.runs.program is replaced): mutmut switches mutants inside the imported module, which a
  new process does not see; in the stats run, a test while which solve.py ran (in a process or not)
  is credited with every function of solve.py;
- each test of a mutant has a time limit of its own (pytest-timeout), from its time in the clean run;
- the tests that killed a mutant of a function go first for its other mutants.

Only mutmut's process-wide MUTANT_UNDER_TEST and its mutants' names are used, but for one call:
mutmut.stats.record_trampoline_hit, the function its trampolines call, which no public way replaces.
"""

import os
from pathlib import Path

import hypothesis
import pytest

from testkit import runs
from tools.mutants import SOURCES

MODULES = [Path(source).stem for source in SOURCES]  # the modules mutmut mutates
# mutmut runs the tests in mutants/, a copy of the project with the mutated modules, inside the
# project it copies (here build/mutants/): the plain solve.py is above it.
ORIGINAL = runs.ROOT.parent / "solve.py"
PROGRAMS = runs.ROOT / "mutant-programs"  # solve.py with a mutant, one for each mutant a process runs
RAN = PROGRAMS / "ran"  # the stats run's solve.py makes this file when it runs
KILLERS = runs.ROOT / "mutmut-killers"  # the tests that killed a function's mutants, one file a function

took = {}  # {test id: seconds} in the clean run, in mutmut's process: its forks, the mutants, know it


def active():
    """Return mutmut's MUTANT_UNDER_TEST: a mutant ("solve.x_main__mutmut_3"), "stats", "" (clean)..."""
    return os.environ.get("MUTANT_UNDER_TEST", "")


def copies(module):
    """Return (owner, name) of each of mutmut's copies of a function in a mutated module or its classes."""
    owners = [module] + [value for value in vars(module).values()
                         if isinstance(value, type) and value.__module__ == module.__name__]
    return [(owner, name) for owner in owners for name, value in vars(owner).items()
            if "__mutmut_" in name and callable(value)]


# ---------------------------------------------------------------- solve.py as a process ---


def mutant_program(module, name, original):
    """Return the text original (of module's plain file) with the function mutant `name` changes replaced.

    mutmut's mutated module holds each mutant as a function named after it, e.g.
    x_lines__mutmut_14, or xǁInputErrorǁ__init____mutmut_1 in class InputError.
    """
    import ast
    import inspect

    function = name.rpartition("__mutmut_")[0]
    owner, body = module, ast.parse(original).body
    if function.startswith("xǁ"):
        class_name, real = function[2:].split("ǁ")
        owner = getattr(module, class_name)
        body = next(node for node in body if isinstance(node, ast.ClassDef) and node.name == class_name).body
    else:
        real = function[2:]
    node = next(node for node in body if isinstance(node, ast.FunctionDef) and node.name == real)
    first = min([node.lineno] + [decorator.lineno for decorator in node.decorator_list])
    mutant = inspect.getsource(getattr(owner, name)).replace("def %s(" % name, "def %s(" % real, 1)
    lines = original.splitlines(keepends=True)
    return "".join(lines[:first - 1] + [mutant] + lines[node.end_lineno:])


def marked(original, ran):
    """Return solve.py's text original with a line, before its main guard (no line moves), that makes ran.

    A process may run it long after the test asked for it (a fixture of the module asks once): the
    test that is running when it runs is the one credited.
    """
    guard = '\nif __name__ == "__main__":'
    assert original.count(guard) == 1, "solve.py has no single main guard"
    line = "open(%r, 'a').close()  # make mutants: solve.py ran" % str(ran)
    return original.replace(guard, "\n" + line + "\n" + guard)


def program():
    """testkit.runs.program under mutmut: the solve.py a test runs as a process, with the active mutant."""
    mutant = active()
    if mutant == "stats":
        path = PROGRAMS / "stats" / "solve.py"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(marked(ORIGINAL.read_text(), RAN))
        return path
    module, _, name = mutant.rpartition(".")
    if module != "solve" or "__mutmut_" not in name:
        return ORIGINAL
    path = PROGRAMS / (name + ".py")
    if not path.exists():
        import solve  # mutmut's mutated module

        PROGRAMS.mkdir(exist_ok=True)
        path.write_text(mutant_program(solve, name, ORIGINAL.read_text()))
    return path


# ------------------------------------------------------------------------ test order ---


def record_killer(folder, mutant, test):
    """Note in folder that test failed under mutant: it goes first for the other mutants of that function."""
    folder.mkdir(exist_ok=True)
    with open(folder / (mutant.rpartition("__mutmut_")[0] + ".txt"), "a") as killers:  # one short append
        killers.write(test + "\n")


def killers_first(folder, items, mutant):
    """Put the tests that killed mutants of mutant's function first, the latest first; the rest keep order.

    mutmut gives the tests quickest first, so a mutant that only a slow test kills first passes every
    quicker one; the mutants of one function are mostly killed by the same tests. The order changes no
    verdict: a survivor runs every test whatever the order.
    """
    try:
        known = (folder / (mutant.rpartition("__mutmut_")[0] + ".txt")).read_text().split("\n")
    except OSError:  # none yet
        return
    rank = {test: -place for place, test in enumerate(known) if test}
    items.sort(key=lambda item: rank.get(item.nodeid, 1))


def limit(seconds):
    """Return how long a test may run under a mutant, given its time in the clean run.

    Past it, pytest-timeout fails the test: the mutant is killed, as by mutmut's own limit, which is
    2 x (the time of all its tests + 1 s), minutes for a function that most tests reach. The 2 s keep
    a quick test clear of a slow moment of the machine.
    """
    return 2.0 + 10.0 * seconds


# ------------------------------------------------------------------------- the hooks ---


def pytest_configure(config):
    """Load the "mutants" profile, find each doctest once, point processes at the mutant."""
    hypothesis.settings.register_profile(
        "mutants", parent=hypothesis.settings.default, max_examples=20,
        phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate])
    hypothesis.settings.load_profile("mutants")
    for module in MODULES:
        for owner, name in copies(__import__(module)):
            vars(owner)[name].__doc__ = None
    runs.program = program


def pytest_collection_modifyitems(items):
    """Under a mutant: each test's time limit; the tests that killed its function's other mutants first."""
    mutant = active()
    if "__mutmut_" in mutant:
        for item in items:
            if item.nodeid in took:
                item.add_marker(pytest.mark.timeout(limit(took[item.nodeid])))
        killers_first(KILLERS, items, mutant)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    """In the stats run, credit a test while which solve.py ran (see marked()) with every function of it.

    First of the teardown hooks: mutmut's own credits the functions it saw to the test in its
    teardown, and then forgets them.
    """
    if active() == "stats" and RAN.exists():
        from mutmut.stats import record_trampoline_hit

        import solve

        for function in {name.rpartition("__mutmut_")[0] for _, name in copies(solve)}:
            record_trampoline_hit("solve." + function)
        RAN.unlink()


def pytest_runtest_logreport(report):
    """Note each test's time in the clean run; under a mutant, the test that killed it."""
    mutant = active()
    if mutant == "":
        took[report.nodeid] = took.get(report.nodeid, 0.0) + report.duration
    elif "__mutmut_" in mutant and report.failed:
        record_killer(KILLERS, mutant, report.nodeid)
