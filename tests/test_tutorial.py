"""docs/tutorial.ipynb and its answers, docs/tutorial-solutions.ipynb, without Jupyter.

Both are valid notebooks with cleared outputs, the same cells but for the
exercise bodies; both run top to bottom; the exercise notebook's checks say
the steps are not written yet, the solutions' say they are correct, and each
check cell names each classic mistake put in place of its exercise; steps
that forget their `return` are asked whether they did, and Run All still
goes to the end. The figure's cell runs with a stand-in for pyplot that
records which lines it draws.

`make tutorial` runs both notebooks in a real IPython kernel (nbclient), figure included.
"""

import ast
import contextlib
import io
import json
import sys
import types

import pytest

from accumulation import MISTAKES
from testkit.runs import ROOT
from tests.learners import HEAD, LINEAR

NOTEBOOK = ROOT / "docs" / "tutorial.ipynb"
SOLUTIONS = ROOT / "docs" / "tutorial-solutions.ipynb"
EXERCISES = ("exercise-linear", "exercise-head")


def cells(path=NOTEBOOK):
    """Return a notebook's cells as dicts, their source joined into one string."""
    notebook = json.loads(path.read_text())
    return [dict(cell, source="".join(cell["source"])) for cell in notebook["cells"]]


def tags(cell):
    return cell["metadata"].get("tags", [])


def by_tag(tag, path=NOTEBOOK):
    (cell,) = [cell for cell in cells(path) if tag in tags(cell)]
    return cell["source"]


def run(sources, monkeypatch):
    """Run code cells in one namespace, in docs/ as Jupyter would start; return what they printed."""
    monkeypatch.chdir(NOTEBOOK.parent)
    names, out = {}, io.StringIO()
    with contextlib.redirect_stdout(out):
        for source in sources:
            exec(compile(source, "<cell>", "exec"), names)  # noqa: S102 (the notebook's own cells)
    return out.getvalue()


def code(path):
    """Every code cell's source, in order."""
    return [cell["source"] for cell in cells(path) if cell["cell_type"] == "code"]


def stand_in_pyplot(monkeypatch):
    """Let the figure's cell run without matplotlib: a pyplot that only records the labels of its lines."""
    labels, pyplot = [], types.ModuleType("matplotlib.pyplot")
    pyplot.plot = lambda *points, label, **style: labels.append(label)
    pyplot.xlabel = pyplot.ylabel = pyplot.legend = pyplot.show = lambda *args, **kwargs: None
    package = types.ModuleType("matplotlib")
    package.pyplot = pyplot
    monkeypatch.setitem(sys.modules, "matplotlib", package)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", pyplot)
    return labels


@pytest.mark.parametrize("path", [NOTEBOOK, SOLUTIONS], ids=["exercises", "solutions"])
def test_it_is_a_notebook_that_github_and_jupyter_open(path):
    notebook = json.loads(path.read_text())
    assert notebook["nbformat"] == 4 and notebook["nbformat_minor"] >= 5
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    ids = [cell["id"] for cell in notebook["cells"]]
    assert len(set(ids)) == len(ids)  # nbformat 4.5: a unique id per cell
    assert {cell["cell_type"] for cell in notebook["cells"]} == {"markdown", "code"}
    for cell in notebook["cells"]:
        assert isinstance(cell["source"], list) and isinstance(cell["metadata"], dict)
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, cell["id"]  # committed cleared


def test_it_holds_every_part_the_learner_needs():
    text = " ".join(cell["source"] for cell in cells())
    for part in ("seed 000", "seed 003", "the identity", "mean of means", "padding", "1.75", "2.5",
                 "tutorial-solutions.ipynb"):
        assert part in text, part
    for tag in ("setup", "check-linear", "check-head", "figure", *EXERCISES):
        assert by_tag(tag)
    assert "plt.show()" in by_tag("figure") and "accumulation" in by_tag("figure")


def split_function(source):
    """Return (def line and docstring, the body after the docstring) of a cell that defines one function."""
    (function,) = ast.parse(source).body
    docstring = function.body[0]
    assert isinstance(docstring, ast.Expr) and isinstance(docstring.value, ast.Constant), "no docstring"
    lines = source.splitlines()
    return "\n".join(lines[:docstring.end_lineno]), "\n".join(lines[docstring.end_lineno:])


def test_the_solutions_are_the_same_cells_but_the_exercise_bodies():
    exercises, solutions = cells(NOTEBOOK), cells(SOLUTIONS)
    assert [cell["id"] for cell in exercises] == [cell["id"] for cell in solutions]
    for mine, theirs in zip(exercises, solutions, strict=True):
        if set(EXERCISES) & set(tags(mine)):
            head, stub = split_function(mine["source"])
            assert (head, mine["metadata"]) == (split_function(theirs["source"])[0], theirs["metadata"])
            # One statement: raise NotImplementedError("... Hint: ...").
            (statement,) = ast.parse(stub.strip()).body
            assert isinstance(statement, ast.Raise) and statement.exc.func.id == "NotImplementedError"
            assert "Hint: " in statement.exc.args[0].value
        else:
            assert mine == theirs


def test_as_shipped_it_runs_top_to_bottom_and_says_where_to_start(monkeypatch):
    drawn = stand_in_pyplot(monkeypatch)
    printed = run(code(NOTEBOOK), monkeypatch)
    assert printed.count("not written yet: replace this line with your step. Hint: ") == 2
    assert "correct" not in printed
    assert ("the same up to rounding:   True\n"
            "and so is your step:       not written yet (section 1)\n") in printed
    assert printed.endswith("your step is not written yet (section 4): the plot leaves it out\n")
    assert drawn == ["full batch", "library", "MISTAKE: mean of means"]


def test_the_solutions_run_top_to_bottom_and_every_check_says_correct(monkeypatch):
    drawn = stand_in_pyplot(monkeypatch)
    printed = run(code(SOLUTIONS), monkeypatch)
    assert printed.count("correct: the same as the library on") == 2
    assert ("full batch:          1.75\nmean of means:       2.5\nweighted by counts:  1.75\n"
            "padding counted:     1.1667\n") in printed
    assert "the same up to rounding:   True\nand so is your step:       True\n" in printed
    assert "the plot leaves it out" not in printed
    assert drawn == ["full batch", "library", "MISTAKE: mean of means", "your step"]  # yours last


def without_its_return(source):
    """An exercise cell with its last `return` dropped, as a learner forgets it: the step returns None."""
    head, found, tail = source.rpartition("    return ")
    assert found, source
    return head + "    " + tail


def test_steps_that_forget_their_return_are_asked_so_and_run_all_goes_to_the_end(monkeypatch):
    """The tutorial with both answers written but for their `return`: every cell runs, the figure's too."""
    forgetful = {cell["id"]: without_its_return(cell["source"]) for cell in cells(SOLUTIONS)
                 if set(EXERCISES) & set(tags(cell))}
    assert len(forgetful) == 2 and not any("return" in split_function(s)[1] for s in forgetful.values())
    sources = [forgetful.get(cell["id"], cell["source"]) for cell in cells(NOTEBOOK)
               if cell["cell_type"] == "code"]
    drawn = stand_in_pyplot(monkeypatch)
    printed = run(sources + ["print('the last cell ran')"], monkeypatch)
    assert printed.count("your step returned None: did you forget return?\n") == 2
    assert "and so is your step:       it returns None (section 1)\n" in printed
    assert printed.endswith("your step returns None (section 4): the plot leaves it out\nthe last cell ran\n")
    assert drawn == ["full batch", "library", "MISTAKE: mean of means"]


@pytest.mark.parametrize("exercise, mistake", [("linear", m) for m in LINEAR if m != "correct"]
                         + [("head", m) for m in HEAD if m != "correct"])
def test_the_check_cell_names_the_mistake_once_and_run_all_goes_on(exercise, mistake, monkeypatch):
    learner = (LINEAR if exercise == "linear" else HEAD)[mistake]
    printed = run([by_tag("setup"), learner, by_tag("check-" + exercise), "print('the next cell ran')"],
                  monkeypatch)
    assert printed == "%s: %s\nthe next cell ran\n" % (mistake, MISTAKES[mistake])


def test_every_mistake_is_tried_on_some_check_cell():
    assert set(LINEAR) | set(HEAD) == {"correct"} | set(MISTAKES)
