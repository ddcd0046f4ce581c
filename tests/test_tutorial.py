"""docs/tutorial.ipynb, without Jupyter: it is a valid notebook with cleared outputs, it runs top to
bottom, and each check cell names each classic mistake put in place of its exercise.

`make tutorial` runs the same notebook in a real IPython kernel (nbclient), figure included.
"""

import contextlib
import io
import json

import pytest
from learners import HEAD, LINEAR

from accumulation import MISTAKES
from testkit.runs import ROOT

NOTEBOOK = ROOT / "docs" / "tutorial.ipynb"


def cells():
    """Return the notebook's cells as dicts, their source joined into one string."""
    notebook = json.loads(NOTEBOOK.read_text())
    return [dict(cell, source="".join(cell["source"])) for cell in notebook["cells"]]


def by_tag(tag):
    (cell,) = [cell for cell in cells() if tag in cell["metadata"].get("tags", [])]
    return cell["source"]


def run(sources, monkeypatch):
    """Run code cells in one namespace, in docs/ as Jupyter would start; return what they printed."""
    monkeypatch.chdir(NOTEBOOK.parent)
    names, out = {}, io.StringIO()
    with contextlib.redirect_stdout(out):
        for source in sources:
            exec(compile(source, "<cell>", "exec"), names)  # noqa: S102 (the notebook's own cells)
    return out.getvalue()


def test_it_is_a_notebook_that_github_and_jupyter_open():
    notebook = json.loads(NOTEBOOK.read_text())
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
    for part in ("seed 000", "seed 003", "the identity", "mean of means", "padding", "1.75", "2.5"):
        assert part in text, part
    for tag in ("setup", "exercise-linear", "check-linear", "exercise-head", "check-head", "figure"):
        assert by_tag(tag)
    assert "plt.show()" in by_tag("figure") and "accumulation" in by_tag("figure")


def test_it_runs_top_to_bottom_and_every_check_says_correct(monkeypatch):
    """Every code cell but the figure's (matplotlib is make tutorial's), in order, from docs/."""
    sources = [cell["source"] for cell in cells()
               if cell["cell_type"] == "code" and "figure" not in cell["metadata"].get("tags", [])]
    printed = run(sources, monkeypatch)
    assert printed.count("correct: the same as the library on") == 2
    assert ("full batch:          1.75\nmean of means:       2.5\nweighted by counts:  1.75\n"
            "padding counted:     1.1667\n") in printed
    assert "the same up to rounding:   True\nand so is your step:       True\n" in printed


@pytest.mark.parametrize("exercise, mistake", [("linear", m) for m in LINEAR if m != "correct"]
                         + [("head", m) for m in HEAD if m != "correct"])
def test_the_check_cell_names_the_mistake(exercise, mistake, monkeypatch):
    learner = (LINEAR if exercise == "linear" else HEAD)[mistake]
    with pytest.raises(AssertionError) as failed:
        run([by_tag("setup"), learner, by_tag("check-" + exercise)], monkeypatch)
    assert str(failed.value) == "%s: %s" % (mistake, MISTAKES[mistake])


def test_every_mistake_is_tried_on_some_check_cell():
    assert set(LINEAR) | set(HEAD) == {"correct"} | set(MISTAKES)
