"""The suite, a package so that every test module is tests.NAME to the tools that read imports.

import-linter (`make lint`, pyproject.toml's [tool.importlinter]) checks that
no test module imports another: what tests share is in tests/support.py,
tests/learners.py and tests/conftest.py, imported as tests.support and
tests.learners.
"""
