"""`make tutorial`: run docs/tutorial.ipynb from top to bottom, as a learner's Jupyter would, and check it.

    build/tutorial-venv/bin/python -m tools.tutorial     # make tutorial

nbclient (Jupyter's own runner) executes every cell in an IPython kernel
started in docs/, as Jupyter does when the notebook is opened from there.
The run fails on any error, on a check cell that does not say "correct", on
a figure cell that draws no PNG, or on a committed notebook that is not
valid nbformat 4 or holds outputs (the notebook is committed with its
outputs cleared). The executed copy goes to build/tutorial/tutorial.ipynb,
for a person to open and look at.
"""

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "docs" / "tutorial.ipynb"
EXECUTED = ROOT / "build" / "tutorial" / "tutorial.ipynb"


def tagged(notebook, prefix):
    """Return the code cells whose tags start with prefix."""
    return [cell for cell in notebook.cells
            if any(tag.startswith(prefix) for tag in cell.get("metadata", {}).get("tags", []))]


def main():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    dirty = [cell.id for cell in notebook.cells if cell.cell_type == "code"
             and (cell.outputs or cell.execution_count is not None)]
    if dirty:
        sys.exit("tutorial: commit the notebook with its outputs cleared; these cells hold some: %s" % dirty)
    started = time.monotonic()
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    took = time.monotonic() - started
    EXECUTED.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, EXECUTED)
    checks = tagged(notebook, "check-")
    printed = {cell.id: "".join(out.get("text", "") for out in cell.outputs).strip() for cell in checks}
    wrong = {cell_id: text for cell_id, text in printed.items() if not text.startswith("correct")}
    figures = tagged(notebook, "figure")
    undrawn = [cell.id for cell in figures
               if not any("image/png" in out.get("data", {}) for out in cell.outputs)]
    if len(checks) < 2 or wrong or not figures or undrawn:
        sys.exit("tutorial: check cells %s, figure cells without a PNG %s" % (wrong or printed, undrawn))
    for cell_id, text in printed.items():
        print("%-14s %s" % (cell_id, text))
    print("tutorial: %d cells ran in %.1f s; executed copy in %s"
          % (len(notebook.cells), took, EXECUTED.relative_to(ROOT)))


if __name__ == "__main__":
    main()
