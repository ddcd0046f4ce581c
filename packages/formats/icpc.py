"""The current ICPC problem format, 2025-09, as BAPCtools reads it.

    ROOT/2025-09/SHORTNAME/   problem.yaml, statement/problem.en.tex, data/ (sample/, secret/ and
                              invalid_input/), input_validators/, answer_validators/, submissions/,
                              and generators/: generators.yaml, gen.py and the files they copy,
                              from which `bt generate` writes data/ again

Its problem.yaml states the time limit itself, and the rule that gave it.
"""

import shutil

from packages import statement
from packages.formats import kattis
from packages.formats.files import dump, write

VERSION = "2025-09"
COMMENT = """\
The default output validator with no flags compares the output token by token, whitespace
ignored, so a wrongly rounded last digit and -0.0000 are both Wrong Answer."""


def metadata(problem):
    """Return the 2025-09 problem.yaml's data."""
    title, _ = statement.read(problem.statement)
    return {"problem_format_version": VERSION, "type": "pass-fail", "name": title, "uuid": problem.uuid,
            "credits": {"authors": problem.authors}, **kattis.rights(problem),
            "limits": {"time_limit": problem.time_limit_s,
                       "time_multipliers": {"ac_to_time_limit": problem.ac_to_time_limit,
                                            "time_limit_to_tle": problem.time_limit_to_tle},
                       "memory": problem.memory_limit_mib}}


def build(problem, root):
    """Write root/2025-09/SHORTNAME/, replacing it; return the folder."""
    folder = root / VERSION / problem.shortname
    if folder.exists():
        shutil.rmtree(folder)
    write(folder, "problem.yaml", dump(metadata(problem), COMMENT))
    write(folder, "statement/problem.en.tex", statement.latex(problem.statement))
    kattis.write_common(problem, folder)
    write(folder, "answer_validators/validate_answer.py", problem.answer_validator.read_bytes())
    for name, text in problem.invalid_inputs().items():
        write(folder, "data/invalid_input/%s.in" % name, text)
    # The data's source, for bt generate: the same file and generator, and the samples they copy.
    write(folder, "generators/generators.yaml", problem.generators.read_bytes())
    write(folder, "generators/gen.py", (problem.folder / "generators" / "gen.py").read_bytes())
    for path in problem.copies():
        write(folder, "generators/%s.in" % path, problem.copied(path).read_bytes())
    return folder
