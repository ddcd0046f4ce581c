"""tools/mutmut_plugin.py: a mutant's own solve.py, the stats run's, each doctest once, limits, order."""

import doctest
import importlib.util
import subprocess
import sys

import pytest

from testkit.runs import SOLVE
from tools import mutmut_plugin as mutants

SEED = b"2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n"

# A module as mutmut writes it, cut down: the original's trampoline, then its copies, each mutant a
# function named after it (and a class's methods in the class).
MUTATED = '''\
def f(x):
    """>>> f(1)
    2
    """
    return x + 1


def x_f__mutmut_orig(x):
    """>>> f(1)
    2
    """
    return x + 1


def x_f__mutmut_1(x):
    """>>> f(1)
    2
    """
    return x - 1


class C:
    def m(self):
        return [1, 2]

    def xǁCǁm__mutmut_1(self):
        return [1,
                3]
'''

ORIGINAL = '''\
def f(x):
    """>>> f(1)
    2
    """
    return x + 1  # one more


class C:
    def m(self):
        return [1, 2]


print(f(1))
'''


@pytest.fixture
def mutated(tmp_path):
    (tmp_path / "mutated.py").write_text(MUTATED)
    spec = importlib.util.spec_from_file_location("mutated", tmp_path / "mutated.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_mutants_program_is_the_plain_file_with_the_mutants_function(mutated):
    program = mutants.mutant_program(mutated, "x_f__mutmut_1", ORIGINAL)
    assert program == ORIGINAL.replace("    return x + 1  # one more\n", "    return x - 1\n")
    method = mutants.mutant_program(mutated, "xǁCǁm__mutmut_1", ORIGINAL)
    assert method == ORIGINAL.replace("        return [1, 2]\n", "        return [1,\n                3]\n")


def test_the_stats_runs_solve_py_says_it_ran_and_does_nothing_else(tmp_path):
    text = SOLVE.read_text()
    (tmp_path / "solve.py").write_text(mutants.marked(text, tmp_path / "ran"))
    assert not (tmp_path / "ran").exists()
    done = subprocess.run([sys.executable, str(tmp_path / "solve.py")], input=SEED, capture_output=True,
                          timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"0.9000 1.8000\n", b"")
    assert (tmp_path / "ran").exists()
    assert text.index('\nif __name__ == "__main__":') > text.rindex("\ndef ")  # after each def: no line moves


def test_mutmuts_copies_are_found_in_the_module_and_its_classes(mutated):
    assert sorted(name for _, name in mutants.copies(mutated)) == [
        "x_f__mutmut_1", "x_f__mutmut_orig", "xǁCǁm__mutmut_1"]


def test_each_doctest_is_found_once_when_the_copies_lose_their_docstring(mutated):
    finder = doctest.DocTestFinder()
    assert sorted(test.name for test in finder.find(mutated)) == [
        "mutated.f", "mutated.x_f__mutmut_1", "mutated.x_f__mutmut_orig"]
    for owner, name in mutants.copies(mutated):
        vars(owner)[name].__doc__ = None
    assert [test.name for test in finder.find(mutated)] == ["mutated.f"]


def test_a_tests_limit_leaves_room_over_its_clean_time():
    assert mutants.limit(0.0) == 2.0 and mutants.limit(1.0) == 12.0


class Item:
    def __init__(self, nodeid):
        self.nodeid = nodeid


def test_the_tests_that_killed_a_functions_mutants_go_first_the_latest_first(tmp_path):
    items = [Item("t::a"), Item("t::b"), Item("t::c"), Item("t::d")]
    mutants.killers_first(tmp_path / "killers", items, "solve.x_f__mutmut_1")  # none known: the order stays
    assert [item.nodeid for item in items] == ["t::a", "t::b", "t::c", "t::d"]
    for test in ("t::c", "t::d", "t::c"):
        mutants.record_killer(tmp_path / "killers", "solve.x_f__mutmut_%d" % len(test), test)
    mutants.record_killer(tmp_path / "killers", "solve.x_g__mutmut_1", "t::b")  # another function's
    mutants.killers_first(tmp_path / "killers", items, "solve.x_f__mutmut_9")
    assert [item.nodeid for item in items] == ["t::c", "t::d", "t::a", "t::b"]
    assert (tmp_path / "killers" / "solve.x_f.txt").read_text() == "t::c\nt::d\nt::c\n"
