"""Write the problem packages from one source (`make package`); `make package-check` then checks them.

    python -m packages.build_package build    # write the packages below, under build/, and list them

Writes, from scratch each time, for each problem under problems/ (packages/problem.py reads it),
from the same data, statement and programs, with nothing but this Python (no judge's tool, no TeX);
one module of packages/formats/ for each format:

    SHORTNAME/                   the legacy Kattis format: Kattis, problemtools (formats/kattis.py)
    kattis/SHORTNAME.zip         that folder zipped, for Kattis
    2025-09/SHORTNAME/           the current ICPC format, 2025-09: BAPCtools (formats/icpc.py)
    domjudge/SHORTNAME.zip       what DOMjudge reads, the statement as problem.html (formats/domjudge.py)
    dmoj/SHORTNAME/              a DMOJ problem directory: init.yml, the checker tokens.py, the data
    dmoj/SHORTNAME.zip           the DMOJ data alone, for the site's test data form (formats/dmoj.py)
    dmoj/statement.md, dmoj/SETUP.md   the statement in DMOJ's Markdown; the admin's steps and limits

The statement is the problem's statement.md, turned into LaTeX, DMOJ's Markdown and HTML
(packages/statement.py). The data is the problem's generators/generators.yaml: every case a gen.py
command line, a text, or a copy of samples/NAME.in; answers by its reference.py. Every input must
pass the input validator, every answer the answer validator, and every input of data/invalid_input/
(2025-09 only) must fail the input validator: packages/problem.py checks all three. The accepted
submissions are the problem's submissions/accepted/ and those its problem.yaml names (solve.py, byte
for byte); the wrong answers are its submissions/wrong_answer/, one program per mistake. Every
format's YAML is dumped from the problem's own numbers (its time and memory limit, the rule's
factors), so every format states the same limits.

The checks with the judges' own tools are dev tooling: tools/package_check.py (`make package-check`).
"""

import os
import sys
from pathlib import Path

from packages import problem as problems
from packages.formats import dmoj, domjudge, icpc, kattis
from packages.formats.files import archive, write  # noqa: F401 (the writers' helpers, by their old names)
from packages.problem import Problem

ROOT = Path(__file__).resolve().parent.parent

# The default problem's values, by the names the tooling has always used (tools/dmoj_check.py, practice/).
PROBLEM = Problem.named()
SHORTNAME = PROBLEM.shortname
UUID = PROBLEM.uuid
TIME_LIMIT_S = PROBLEM.time_limit_s
MEMORY_LIMIT_MIB = PROBLEM.memory_limit_mib
AC_TO_TIME_LIMIT = PROBLEM.ac_to_time_limit
MEMORY_FACTOR = PROBLEM.memory_factor
TIME_LIMIT_TO_TLE = PROBLEM.time_limit_to_tle
AUTHORS, SOURCE, LICENSE, CREDIT = PROBLEM.authors, PROBLEM.source, PROBLEM.license, PROBLEM.credit
rules, data_entries, copied, copies, samples = (PROBLEM.rules, PROBLEM.data_entries, PROBLEM.copied,
                                                PROBLEM.copies, PROBLEM.samples)
cases, invalid_inputs, sample_pairs, test_data = (PROBLEM.cases, PROBLEM.invalid_inputs, PROBLEM.sample_pairs,
                                                  PROBLEM.test_data)
data_sources, accepted = PROBLEM.data_sources, PROBLEM.accepted


def build(root, problem=PROBLEM):
    """Write every format of problem under the folder root, replacing what was there; return the legacy,
    2025-09 and DMOJ folders."""
    pairs = problem.test_data()
    legacy = kattis.build(problem, root)
    current = icpc.build(problem, root)
    domjudge.build(problem, root)
    folder = dmoj.build(problem, root)
    print("build_package: %s, %s, %s: %d test cases each" % (legacy, current, folder, len(pairs)),
          file=sys.stderr)
    return legacy, current, folder


UPLOADS = """\
What to upload, and where (docs/package.md has the details):

  %(root)s/kattis/%(name)s.zip
      Kattis, and problemtools: the legacy package, the folder %(name)s/ zipped.
  %(root)s/2025-09/%(name)s/
      BAPCtools, and judges that read the ICPC 2025-09 format: the folder as it is.
  %(root)s/domjudge/%(name)s.zip
      DOMjudge: Problems, Import problem (jury), into your contest; the statement is problem.html.
  %(root)s/dmoj/SETUP.md
      DMOJ: the steps, with statement.md (the problem's body), %(name)s.zip
      (the data, for the site's form) and %(name)s/tokens.py (its checker),
      or the folder %(name)s/ for a judge's problem storage.
"""


def uploads(root, problem=PROBLEM):
    """Return the list that `make package` ends with: what to upload, and where."""
    return UPLOADS % {"root": os.path.relpath(root), "name": problem.shortname}


def arguments(argv, description):
    """Parse the command line of `make package` and `make package-check`: the folder to build in."""
    import argparse

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("root", type=Path, nargs="?", default=ROOT / "build",
                        help="the folder to build the packages in (default: build/)")
    return parser.parse_args(argv).root


def main(argv=None):
    root = arguments(argv, __doc__.splitlines()[0])
    every = [Problem.named(name) for name in problems.names()]
    for problem in every:
        build(root, problem)
    for problem in every:
        print(uploads(root, problem))


if __name__ == "__main__":
    main()
