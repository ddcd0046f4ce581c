"""The current ICPC problem format, 2025-09, as BAPCtools reads it.

    ROOT/2025-09/SHORTNAME/   problem.yaml, statement/problem.en.tex, data/ (sample/, secret/ and
                              invalid_input/), input_validators/, answer_validators/, submissions/,
                              and generators/: generators.yaml, gen.py and the files they copy,
                              from which `bt generate` writes data/ again

Its problem.yaml states the time limit itself, and the rule that gave it. The format has no
validator_flags in problem.yaml: a problem with a tolerance states it as the default output
validator's arguments in data/sample/test_group.yaml and data/secret/test_group.yaml
(`output_validator_args: [float_tolerance, "1e-6"]`), and its generators.yaml gets the same under
sample and secret (`test_group.yaml:`), so that `bt generate` writes those files again.

bt generate writes the answers with generators.yaml's `solution:`, which must print the reference's
bytes: a submission that does (the first problem's solve.py), or `/generators/reference.py`, the
problem's reference.py, which the package then carries there (answers within a tolerance, which
no accepted submission need print exactly as the reference does).
"""

import re
import shutil

import yaml

from packages import statement
from packages.formats import kattis
from packages.formats.files import dump, write

VERSION = "2025-09"
GROUPS = ("sample", "secret")  # the test data groups whose test_group.yaml states the tolerance
REFERENCE = "/generators/reference.py"  # generators.yaml's solution: the problem's reference.py, carried
COMMENT = """\
The default output validator with no arguments compares the output token by token, whitespace
ignored, so a wrongly rounded last digit and -0.0000 are both Wrong Answer."""
WITHIN = """\
The default output validator compares the output token by token, whitespace ignored; the
arguments in data/sample/test_group.yaml and data/secret/test_group.yaml make a number right
when its absolute or relative error is at most %s."""


def metadata(problem):
    """Return the 2025-09 problem.yaml's data."""
    title, _ = statement.read(problem.statement)
    return {"problem_format_version": VERSION, "type": "pass-fail", "name": title, "uuid": problem.uuid,
            "credits": {"authors": problem.authors}, **kattis.rights(problem),
            "limits": {"time_limit": problem.time_limit_s,
                       "time_multipliers": {"ac_to_time_limit": problem.ac_to_time_limit,
                                            "time_limit_to_tle": problem.time_limit_to_tle},
                       "memory": problem.memory_limit_mib}}


def test_group(problem):
    """Return test_group.yaml's text for a problem with a tolerance, or None: written as bt generate writes
    it from generators.yaml (one flow line, the tolerance a string: the arguments are strings)."""
    eps = kattis.tolerance(problem)
    return None if eps is None else 'output_validator_args: [float_tolerance, "%s"]\n' % eps


def generators(problem):
    """Return the problem's generators.yaml, with test_group.yaml's line under each of GROUPS when the
    problem has a tolerance; raise SystemExit if it cannot be placed there exactly."""
    text = problem.generators.read_text(encoding="utf-8")
    line = test_group(problem)
    if line is None:
        return text
    original = yaml.safe_load(text)
    placed, count = re.subn(r"^(  (%s):[ \t]*\n)" % "|".join(GROUPS),
                            lambda found: found.group(1) + "    test_group.yaml:\n      " + line,
                            text, flags=re.M)
    wanted = yaml.safe_load(text)
    for group in GROUPS:
        wanted["data"][group] = {"test_group.yaml": yaml.safe_load(line), **original["data"][group]}
    if count != len(GROUPS) or any("test_group.yaml" in original["data"][group] for group in GROUPS) \
            or yaml.safe_load(placed) != wanted:
        raise SystemExit("build_package: %s: cannot add test_group.yaml under %s: write each as a line of"
                         " its own, `  sample:` and `  secret:`, with no test_group.yaml of their own"
                         " (problem.yaml's tolerance is the one source)" % (problem.generators, GROUPS))
    return placed


def build(problem, root):
    """Write root/2025-09/SHORTNAME/, replacing it; return the folder."""
    folder = root / VERSION / problem.shortname
    if folder.exists():
        shutil.rmtree(folder)
    rule = COMMENT if problem.tolerance is None else WITHIN % kattis.tolerance(problem)
    write(folder, "problem.yaml", dump(metadata(problem), rule))
    write(folder, "statement/problem.en.tex", statement.latex(problem.statement))
    kattis.write_common(problem, folder)
    if test_group(problem) is not None:
        for group in GROUPS:
            write(folder, "data/%s/test_group.yaml" % group, test_group(problem))
    write(folder, "answer_validators/validate_answer.py", problem.answer_validator.read_bytes())
    for name, text in problem.invalid_inputs().items():
        write(folder, "data/invalid_input/%s.in" % name, text)
    # The data's source, for bt generate: the same file (test_group.yaml added, with a tolerance) and
    # generator, and the samples they copy.
    write(folder, "generators/generators.yaml", generators(problem))
    write(folder, "generators/gen.py", (problem.folder / "generators" / "gen.py").read_bytes())
    for path in problem.copies():
        write(folder, "generators/%s.in" % path, problem.copied(path).read_bytes())
    if yaml.safe_load(problem.generators.read_text(encoding="utf-8")).get("solution") == REFERENCE:
        write(folder, REFERENCE.lstrip("/"), (problem.folder / "reference.py").read_bytes())
    return folder
