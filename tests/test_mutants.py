"""tools/mutants.py's crediting of process tests: a child's record of what it ran, mapped to functions."""

import shutil
import subprocess
import sys

import pytest

from testkit.runs import SOLVE
from tools import mutants

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
    for ran in ("x_main", "x__solve", "xǁReaderǁ__iter__", "x_read_problem", "x__rows", "x__gradients",
                "xǁPythonEngineǁparse", "xǁPythonEngineǁ_format", "x_pick_engine"):
        assert ran in names
    for not_ran in ("x_numpy_engine", "xǁNumpyEngineǁ_format", "x_parse_number", "xǁReaderǁ_settled",
                    "x__drop_answer", "x_solve_bytes", "xǁ_TextOutǁwrite", "x__wait"):
        assert not_ran not in names


@pytest.mark.parametrize("args, data, ran", [
    (["--engine", "numpy"], SEED, "xǁNumpyEngineǁ_format"),
    ([], b"2 0.1\n1 x\n", "x_parse_number"),  # nested code counts for its function: the lambda of groupby
], ids=["numpy", "bad-number"])
def test_other_paths_are_credited_as_they_run(tmp_path, args, data, ran):
    assert ran in functions_run(tmp_path, data, args)[1]


def test_the_traced_copy_moves_no_line():
    """The trace goes in after every definition, so the child's line numbers are solve.py's own."""
    text = SOLVE.read_text()
    assert text.index('\nif __name__ == "__main__":') > text.rindex("\ndef ")
