"""The legacy Kattis problem format, as problemtools and Kattis read it, and that folder zipped.

    ROOT/SHORTNAME/              problem.yaml, problem_statement/problem.en.tex, data/sample/, data/secret/,
                                 input_validators/, submissions/accepted/ (Python and C++),
                                 submissions/wrong_answer/, and, if the problem has any,
                                 submissions/time_limit_exceeded/ and submissions/run_time_error/
    ROOT/kattis/SHORTNAME.zip    that folder, zipped with the folder inside, as the format asks

The legacy format has no fixed time limit: problem.yaml states the rule's factor (time_multiplier),
which problemtools and Kattis apply to the slowest accepted run on their own machine. A problem with
a tolerance (Problem.tolerance) states it as the default output validator's flag, in problem.yaml:
`validator_flags: float_tolerance 1e-6`; DOMjudge reads the same key.
"""

import re
import shutil

from packages import statement
from packages.formats.files import archive, dump, write

# The judges' default output validator, the rule every format states: tokens, or floats within a tolerance.
EXACT = """\
No validator flags: the default output validator compares the output token by token, whitespace
ignored, so a wrongly rounded last digit and -0.0000 are both Wrong Answer."""
WITHIN = """\
validator_flags: the default output validator compares the output token by token, whitespace
ignored, and a number is right when its absolute or relative error is at most %s."""
COMMENT = """\
%s
The legacy format has no fixed time limit: problemtools and Kattis take the slowest accepted
run times time_multiplier, rounded up to a whole second. On a machine like ours that is %d s;
`make package-check` checks it with verifyproblem --fixed_timelim %d."""


def tolerance(problem):
    """Return the problem's tolerance as the validators' flags write it (1e-6), or None: tokens exactly."""
    if problem.tolerance is None:
        return None
    return re.sub(r"e([+-])0*(?=[0-9])", r"e\1", "%g" % problem.tolerance)


def validator_flags(problem):
    """Return the default output validator's flags for the problem's answers: "" (tokens compared
    exactly), or "float_tolerance EPS" (a number within EPS, absolute or relative, is right)."""
    eps = tolerance(problem)
    return "" if eps is None else "float_tolerance %s" % eps


def rights(problem):
    """Return the rights, as both Kattis-style formats state them."""
    return {"source": problem.source, "license": problem.license, "rights_owner": problem.authors}


def metadata(problem):
    """Return the legacy problem.yaml's data."""
    flags = validator_flags(problem)
    return {"uuid": problem.uuid, "author": problem.authors, **rights(problem), "validation": "default",
            **({"validator_flags": flags} if flags else {}),
            "limits": {"time_multiplier": problem.ac_to_time_limit,
                       "time_safety_margin": problem.time_limit_to_tle,
                       "memory": problem.memory_limit_mib}}


def comment(problem):
    """Return the comment on top of the legacy problem.yaml: what its values mean."""
    rule = EXACT if problem.tolerance is None else WITHIN % tolerance(problem)
    return COMMENT % (rule, problem.time_limit_s, problem.time_limit_s)


def write_pairs(out, pairs):
    """Write data/NAME.in and data/NAME.ans of {"sample/1" or "secret/NAME": (input, answer)}."""
    for name, (text, answer) in pairs.items():
        write(out, "data/%s.in" % name, text)
        write(out, "data/%s.ans" % name, answer)


# The submissions' folders, as every format names them and every judge's tool knows them (problemtools'
# and BAPCtools' default directories, DOMjudge's expected results): accepted on every case; wrong on
# some case and accepted on the others; too slow on some case; dying of an error on some case (a
# Python exception, a nonzero exit status) and accepted on the others.
VERDICTS = ("accepted", "wrong_answer", "time_limit_exceeded", "run_time_error")


def write_submissions(problem, out):
    """Write submissions/VERDICT/ for each of VERDICTS the problem has, every language (Python, C++);
    every Python program compiles."""
    for verdict in VERDICTS:
        for name, source in problem.submissions(verdict).items():
            if name.endswith(".py"):
                compile(source, name, "exec")
            write(out, "submissions/%s/%s" % (verdict, name), source)


def write_common(problem, out):
    """Write the data, the input validator and the submissions: the same in both Kattis-style formats."""
    write_pairs(out, problem.test_data())
    write(out, "input_validators/validate.py", problem.input_validator.read_bytes())
    write_submissions(problem, out)


def build(problem, root):
    """Write root/SHORTNAME/ (replacing it) and root/kattis/SHORTNAME.zip; return the folder."""
    folder = root / problem.shortname
    if folder.exists():
        shutil.rmtree(folder)
    write(folder, "problem.yaml", dump(metadata(problem), comment(problem)))
    write(folder, "problem_statement/problem.en.tex", statement.latex(problem.statement))
    write_common(problem, folder)
    archive(folder, root / "kattis" / (problem.shortname + ".zip"), problem.shortname + "/")
    return folder
