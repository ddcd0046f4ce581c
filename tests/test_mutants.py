"""tools/mutmut_plugin.py: a child's record of what it ran, mapped to functions; time limits; test order."""

import os
import shutil
import subprocess
import sys
import time

import pytest

from testkit.runs import SOLVE
from tools import mutmut_plugin as mutants

SEED = b"2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n"


def functions_run(tmp_path, data, args=()):
    """Run the traced copy of solve.py on data; return (its outcome, the functions it is credited with)."""
    shutil.copy2(SOLVE, tmp_path / "solve.py")
    done = subprocess.run([sys.executable, str(mutants.traced(tmp_path)), *args], input=data,
                          capture_output=True, timeout=60)
    lines = {int(line) for hits in (tmp_path / "hits").glob("*.txt") for line in hits.read_text().split()}
    spans = mutants.functions_by_line(tmp_path / "solve.py")
    return done, {name for first, last, name in spans if any(first <= line <= last for line in lines)}


def test_a_child_is_credited_with_what_it_ran_and_nothing_else(tmp_path):
    done, names = functions_run(tmp_path, SEED)  # the trace changes nothing of what the child does
    assert (done.returncode, done.stdout, done.stderr) == (0, b"0.9000 1.8000\n", b"")
    for ran in ("x_main", "x_solve", "x_lines", "x_parse", "x_add_up", "x__gradients", "x__line_layout",
                "x_step", "x_answer_text", "x__numpy", "x__engine", "x__write", "x__answer"):
        assert ran in names
    for not_ran in ("x_parse_number", "x__token_layout"):
        assert not_ran not in names


@pytest.mark.parametrize("args, data, ran", [
    ([], b"2 0.1 1 2 3 4 5 6", "x__token_layout"),
    ([], b"2 0.1\n1 x\n", "x_parse_number"),  # nested code counts for its function: the lambda of groupby
], ids=["token-layout", "bad-number"])
def test_other_paths_are_credited_as_they_run(tmp_path, args, data, ran):
    assert ran in functions_run(tmp_path, data, args)[1]


def test_the_traced_copy_moves_no_line():
    """The trace goes in after every definition, so the child's line numbers are solve.py's own."""
    text = SOLVE.read_text()
    assert text.index('\nif __name__ == "__main__":') > text.rindex("\ndef ")


WATCHED = """\
import subprocess, sys, time
from tools import mutmut_plugin as mutants
child = subprocess.Popen(["sh", "-c", "sleep 60 & echo $!; wait"], stdout=subprocess.PIPE)
print(child.pid, child.stdout.readline().decode().strip(), flush=True)  # a child and a grandchild
mutants.watchdog(float(sys.argv[1]))
time.sleep(60)  # a mutant that loops
"""


def alive(pid):
    """Return whether process pid runs (a zombie, ended but not yet reaped, does not)."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def test_a_test_past_its_limit_ends_as_a_timeout_with_its_processes():
    assert mutants.test_limit(0.0) == 2.0 and mutants.test_limit(2.0) == 12.0
    done = subprocess.run([sys.executable, "-c", WATCHED, "0.5"], capture_output=True, timeout=30,
                          cwd=str(SOLVE.parent))
    assert done.returncode == mutants.TIMEOUT_EXIT == 36  # mutmut's "timeout": killed
    assert done.stderr == b"mutants: a test ran past its 0.5 s: the mutant counts as timed out\n"
    pids = [int(pid) for pid in done.stdout.split()]
    for _ in range(200):  # SIGKILL is sent at once but acted on when the kernel schedules it
        if not any(alive(pid) for pid in pids):
            break
        time.sleep(0.05)
    assert len(pids) == 2 and not any(alive(pid) for pid in pids)


def test_descendants_are_children_and_theirs():
    with subprocess.Popen(["sh", "-c", "sleep 30 & echo $!; wait"], stdout=subprocess.PIPE) as child:
        grandchild = int(child.stdout.readline())
        try:
            assert {child.pid, grandchild} <= set(mutants.descendants(os.getpid()))
            assert mutants.descendants(grandchild) == []
        finally:
            os.kill(grandchild, 9)
            child.wait()


def test_a_mutants_tests_are_collected_by_their_files():
    ids = ["tests/test_a.py::test_x[1]", "solve.py::solve.Reader", "tests/test_a.py::test_y::z"]
    assert mutants.by_file(ids) == (["tests/test_a.py", "solve.py"], set(ids))
    assert mutants.by_file(ids + ["tests/test_b.py"]) is None  # a whole file: pytest's own way
    assert mutants.by_file([]) is None


class Item:
    def __init__(self, nodeid):
        self.nodeid = nodeid


def test_only_the_named_tests_are_kept_and_each_must_be_there():
    items = [Item("f.py::a"), Item("f.py::b"), Item("f.py::c")]
    assert [item.nodeid for item in mutants.picked(items, {"f.py::c", "f.py::a"})] == ["f.py::a", "f.py::c"]
    with pytest.raises(LookupError, match=r"^not found: f.py::d, f.py::e$"):
        mutants.picked(items, {"f.py::a", "f.py::e", "f.py::d"})


def test_doctests_of_mutmuts_copies_are_not_searched():
    import doctest
    import types

    module = types.ModuleType("m")
    for name in ("f", "f__mutmut_orig", "f__mutmut_1"):  # mutmut's copies carry the docstring
        exec('def %s():\n    """>>> 1\n    1\n    """' % name, module.__dict__)
    finder = doctest.DocTestFinder()
    assert sorted(test.name for test in finder.find(module)) == ["m.f", "m.f__mutmut_1", "m.f__mutmut_orig"]
    finder._find = types.MethodType(mutants.originals_only(doctest.DocTestFinder._find), finder)
    assert [test.name for test in finder.find(module)] == ["m.f"]


def test_the_tests_that_killed_a_functions_mutants_go_first_the_latest_first(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    items = [Item("t::a"), Item("t::b"), Item("t::c"), Item("t::d")]
    mutants.killers_first(items, "solve.x_f__mutmut_1")  # none known yet: the order stays
    assert [item.nodeid for item in items] == ["t::a", "t::b", "t::c", "t::d"]
    for test in ("t::c", "t::d", "t::c"):
        mutants.record_killer("solve.x_f__mutmut_%d" % len(test), test)
    mutants.record_killer("solve.x_g__mutmut_1", "t::b")  # another function's
    mutants.killers_first(items, "solve.x_f__mutmut_9")
    assert [item.nodeid for item in items] == ["t::c", "t::d", "t::a", "t::b"]
    assert (tmp_path / "mutmut-killers" / "solve.x_f.txt").read_text() == "t::c\nt::d\nt::c\n"
