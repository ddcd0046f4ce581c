"""What the tests and the tools share: one importable package, so that no tool imports a test module.

- ``testkit.reference``: the naive reference, the oracle for every answer and every error line;
- ``testkit.naive``: the naive solution a judge sees most (a program: the baseline for memory and time);
- ``testkit.runs``: solve.py run in-process or as a process, and its ``Outcome``;
- ``testkit.bad_inputs``: one bad input of each kind, with the line its message names;
- ``testkit.mutate``: mutants of valid inputs, for fuzzing.

Import it from the project's root: pytest puts the root on ``sys.path`` (``pythonpath`` in
pyproject.toml), and the tools run as ``python -m tools.NAME`` from there.
"""
