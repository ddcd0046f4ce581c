"""DOMjudge's problem zip: what DOMjudge reads of a legacy Kattis package, and the statement as HTML.

    ROOT/domjudge/SHORTNAME.zip   problem.yaml (the legacy one, with the problem's name and, with a
                                  tolerance, its validator_flags), .timelimit, problem.html,
                                  data/sample/, data/secret/, submissions/accepted/ (Python and C++),
                                  submissions/wrong_answer/, submissions/time_limit_exceeded/,
                                  submissions/run_time_error/ (each folder DOMjudge's expected
                                  result: CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR)

DOMjudge reads problem.yaml's validator_flags as the arguments of its default compare (the Kattis
default output validator), so `float_tolerance 1e-6` is the tolerance there too. Nothing DOMjudge
ignores goes in (no validator, no generators). The statement is HTML with no script
(packages/statement.py), so that the zip needs no TeX. tools/domjudge_rules.py is DOMjudge's importer
as code, and `make package-check` checks the zip with it.
"""

import shutil

from packages import statement
from packages.formats import kattis
from packages.formats.files import archive, dump, write


def metadata(problem):
    """Return the zip's problem.yaml's data: the legacy one, with the name DOMjudge shows first."""
    title, _ = statement.read(problem.statement)
    return {"name": title, **kattis.metadata(problem)}


def build(problem, root):
    """Write root/domjudge/SHORTNAME.zip; return its path."""
    folder = root / "domjudge" / problem.shortname
    shutil.rmtree(folder, ignore_errors=True)
    write(folder, "problem.yaml", dump(metadata(problem), kattis.comment(problem)))
    kattis.write_pairs(folder, problem.test_data())
    kattis.write_submissions(problem, folder)
    write(folder, ".timelimit", "%d\n" % problem.time_limit_s)
    write(folder, "problem.html", statement.html(problem.sample_pairs(), problem.credit, problem.statement))
    target = root / "domjudge" / (problem.shortname + ".zip")
    archive(folder, target, "")
    shutil.rmtree(folder)
    return target
