"""What the tests and the dev tools share: one importable package, so that no tool imports a test module.
The product (packages/, practice/) never imports it.

- ``testkit.runs``: solve.py run in-process or as a process, and its ``Outcome``;
- ``testkit.bad_inputs``: one bad input of each kind, with the line its message names;
- ``testkit.mutate``: mutants of valid inputs, for fuzzing.

The oracle for every answer is the problem's own reference (problems/gradientaccumulation/reference.py).
Import it from the project's root: pytest puts the root on ``sys.path`` (``pythonpath`` in
pyproject.toml), and the tools run as ``python -m tools.NAME`` from there.
"""
