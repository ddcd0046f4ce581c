"""Write the problem packages from one source (`make package`); `make package-check` then checks them.

    python -m packages.build_package build    # write the packages below, under build/, and list them
    python -m packages.build_package build --problem linearaccumulation    # one problem's only

Writes, from scratch each time, for each problem under problems/ (packages/problem.py reads it),
from the same data, statement and programs, with nothing but this Python (no judge's tool, no TeX);
one module of packages/formats/ for each format:

    SHORTNAME/                   the legacy Kattis format: Kattis, problemtools (formats/kattis.py)
    kattis/SHORTNAME.zip         that folder zipped, for Kattis
    2025-09/SHORTNAME/           the current ICPC format, 2025-09: BAPCtools (formats/icpc.py)
    domjudge/SHORTNAME.zip       what DOMjudge reads, the statement as problem.html (formats/domjudge.py)
    dmoj/SHORTNAME/              a DMOJ problem directory: init.yml (its checker), the data
    dmoj/SHORTNAME.zip           the DMOJ data alone, for the site's test data form (formats/dmoj.py)
    dmoj/SHORTNAME-statement.md  the statement in DMOJ's Markdown
    dmoj/SHORTNAME-SETUP.md      the admin's steps and limits

The statement is the problem's statement.md, turned into LaTeX, DMOJ's Markdown and HTML
(packages/statement.py). The data is the problem's generators/generators.yaml: every case a gen.py
command line, a text, or a copy of samples/NAME.in; answers by its reference.py. Every input must
pass the input validator, every answer the answer validator, and every input of data/invalid_input/
(2025-09 only) must fail the input validator: packages/problem.py checks all three. The accepted
submissions are the problem's submissions/accepted/ (Python and C++) and those its problem.yaml names
(solve.py, byte for byte); the wrong answers are its submissions/wrong_answer/, one program per
mistake; the right but too slow ones its submissions/time_limit_exceeded/; those that die of an
error on some case (an uncaught exception) and are right on the others its submissions/run_time_error/.
Every format's YAML is dumped from the problem's own numbers (its time and memory limit, the rule's
factors, the answer's tolerance), so every format states the same limits and judges answers by the
same rule.

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
  %(root)s/dmoj/%(name)s-SETUP.md
      DMOJ: the steps, with %(name)s-statement.md (the problem's body),
      %(name)s.zip (the data, for the site's form) and %(checker)s,
      or the folder %(name)s/ for a judge's problem storage.
"""


def uploads(root, problem=PROBLEM):
    """Return the list that `make package` ends with, for one problem: what to upload, and where."""
    checker = ("%s/tokens.py (its checker)" % problem.shortname if dmoj.precision(problem) is None else
               "DMOJ's floats checker, precision %d" % dmoj.precision(problem))
    return UPLOADS % {"root": os.path.relpath(root), "name": problem.shortname, "checker": checker}


def arguments(argv, description, root=True):
    """Parse the command line of `make package`, `make package-check` and `make dmoj-check`: the folder to
    build in (unless root=False) and the problems (--problem NAME, repeated; default: every problem under
    problems/). Return (root, [Problem]), or the problems alone."""
    import argparse

    parser = argparse.ArgumentParser(description=description)
    if root:
        parser.add_argument("root", type=Path, nargs="?", default=ROOT / "build",
                            help="the folder to build the packages in (default: build/)")
    parser.add_argument("--problem", action="append", choices=problems.names(), metavar="NAME",
                        help="only this problem of problems/ (repeat for more; default: every one)")
    parsed = parser.parse_args(argv)
    every = [Problem.named(name) for name in parsed.problem or problems.names()]
    return (parsed.root, every) if root else every


def main(argv=None):
    root, every = arguments(argv, __doc__.splitlines()[0])
    for problem in every:
        build(root, problem)
    for problem in every:
        print(uploads(root, problem))


if __name__ == "__main__":
    main()
