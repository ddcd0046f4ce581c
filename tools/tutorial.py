"""`make tutorial`: run the tutorial and its solutions from top to bottom, as a learner's Jupyter would.

    build/tutorial-venv/bin/python -m tools.tutorial     # make tutorial

nbclient (Jupyter's own runner) executes every cell of docs/tutorial.ipynb,
as shipped with its exercises not written, and of
docs/tutorial-solutions.ipynb, in an IPython kernel started in docs/, as
Jupyter does when a notebook is opened from there. The kernel talks over
local sockets (IPC), not TCP, so it has nothing to warn about.

A third run is the learner who wrote both steps and forgot their `return`:
the solutions with each exercise's last `return` dropped, so both steps
return None. Run All must still go to the end, every check saying so.

The run fails on any error; on a check cell that does not say "not written
yet" in the tutorial, "correct" in the solutions or "your step returned
None" without the returns; on a figure cell that draws no PNG; or on a
committed notebook that is not valid nbformat 4 or holds outputs (both are
committed with their outputs cleared). It prints what a learner reads in the
check cells. The executed copies go to build/tutorial/, for a person to open
and look at.
"""

import sys
import tempfile
import time
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXECUTED = ROOT / "build" / "tutorial"
# Each run: the notebook, whether its steps forget their return, and what every check cell must say first.
RUNS = [("tutorial.ipynb", False, "not written yet"), ("tutorial-solutions.ipynb", False, "correct"),
        ("tutorial-solutions.ipynb", True, "your step returned None: did you forget return?")]


def tagged(notebook, prefix):
    """Return the code cells whose tags start with prefix."""
    return [cell for cell in notebook.cells
            if any(tag.startswith(prefix) for tag in cell.get("metadata", {}).get("tags", []))]


def drop_the_returns(notebook):
    """Drop the last `return` of each exercise cell, as a learner who forgets it: the step returns None."""
    for cell in tagged(notebook, "exercise-"):
        head, found, tail = cell.source.rpartition("    return ")
        if not found:
            sys.exit("tutorial: exercise cell %s has no `return` to drop" % cell.id)
        cell.source = head + "    " + tail


def execute(name, expected, without_returns=False):
    """Run one notebook; return its check cells' first lines by cell id, or exit naming what went wrong."""
    notebook = nbformat.read(DOCS / name, as_version=4)
    nbformat.validate(notebook)
    dirty = [cell.id for cell in notebook.cells if cell.cell_type == "code"
             and (cell.outputs or cell.execution_count is not None)]
    if dirty:
        sys.exit("tutorial: commit %s with its outputs cleared; these cells hold some: %s" % (name, dirty))
    if without_returns:
        drop_the_returns(notebook)
        name = name.replace(".ipynb", "-without-returns.ipynb")
    with tempfile.TemporaryDirectory(prefix="ga-kernel-") as sockets:
        kernel = KernelManager(kernel_name="python3", transport="ipc", ip=str(Path(sockets) / "kernel"))
        try:
            NotebookClient(notebook, km=kernel, timeout=300,
                           resources={"metadata": {"path": str(DOCS)}}).execute()
        finally:  # a kernel manager handed in is the caller's to stop
            if kernel.has_kernel:
                kernel.shutdown_kernel()
    EXECUTED.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, EXECUTED / name)
    checks = tagged(notebook, "check-")
    printed = {cell.id: "".join(out.get("text", "") for out in cell.outputs).strip() for cell in checks}
    wrong = {cell_id: text for cell_id, text in printed.items() if not text.startswith(expected)}
    figures = tagged(notebook, "figure")
    undrawn = [cell.id for cell in figures
               if not any("image/png" in out.get("data", {}) for out in cell.outputs)]
    if len(checks) < 2 or wrong or not figures or undrawn:
        sys.exit("tutorial: in %s, check cells that do not say %r: %s; figure cells without a PNG: %s"
                 % (name, expected, wrong or printed, undrawn))
    return printed


def main():
    for name, without_returns, expected in RUNS:
        started = time.monotonic()
        printed = execute(name, expected, without_returns)
        print("%s%s ran from top to bottom in %.1f s; its checks say:" % (
            name, " without its returns" if without_returns else "", time.monotonic() - started))
        for cell_id, text in printed.items():
            print("  %-13s %s" % (cell_id, text))
    print("executed copies, with their outputs and figures: %s" % EXECUTED.relative_to(ROOT))


if __name__ == "__main__":
    main()
