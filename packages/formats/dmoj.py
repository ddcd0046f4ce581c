"""A DMOJ problem: the judges' problem folder, its data zipped, the statement, and the admin's steps.

    ROOT/dmoj/SHORTNAME/               init.yml, the data as NAME.in and NAME.out, and the checker
                                       tokens.py when the answer is compared token by token
    ROOT/dmoj/SHORTNAME.zip            the .in and .out files alone, for the site's test data form
    ROOT/dmoj/SHORTNAME-statement.md   the statement in DMOJ's Markdown (math between ~)
    ROOT/dmoj/SHORTNAME-SETUP.md       what to enter in the site's forms, every value filled in

DMOJ keeps a problem's name, limits and statement on the site, not in its data folder: init.yml
states the limits only in its comment, and the SETUP file says where to enter them.

The checker is the judges' default output validator's rule, as DMOJ has it. Without a tolerance,
tokens.py (ours: DMOJ's `standard` would also compare line breaks, `identical` every byte). With
one, DMOJ's built-in `floats` checker (dmoj/checkers/floats.py): `precision: P` accepts a number
whose absolute or relative error is at most 10^-P (error_mode default), so the tolerance must be a
power of ten; it compares line by line (blank lines ignored), which for a one-line answer is the
same, and for an answer of several lines asks for them as the statement does.
"""

import math
import shutil

from packages import statement
from packages.formats.files import archive, dump, write

TOKENS = """\
tokens.py compares the output with the answer token by token, as Kattis',
BAPCtools' and DOMjudge's default validators do: spacing and line ends
between values are ignored, each value's text is not (-0.0000 is wrong)."""
FLOATS = """\
DMOJ's floats checker, precision %(precision)d: a number is right when its
absolute or relative error is at most 1e-%(precision)d, as Kattis', BAPCtools'
and DOMjudge's default validators judge it with float_tolerance 1e-%(precision)d."""
COMMENT = """\
DMOJ problem data for %(code)s: %(setup)s, beside this folder, says how to
install it.
%(rule)s
The samples are worth nothing and the secret data is one batch: pass or fail.
Time limit: %(seconds)d s, memory limit: %(kb)d KB; DMOJ keeps them on the site, not
here: enter them in the problem's form (%(setup)s).
Statement and data: CC BY-SA 4.0, %(authors)s."""

# DMOJ's checker (a module with check(), as DMOJ's custom checkers are): the default validator's rule.
CHECKER = '''"""Compare the output with the answer token by token, whitespace ignored, as Kattis does."""


def check(process_output, judge_output, **kwargs):
    return process_output.split() == judge_output.split()
'''

SETUP = """\
# %(name)s on a DMOJ site

DMOJ keeps a problem's name, limits and statement on the site, and its data
with the judges. Everything here comes from `make package`, beside this file.

## 1. The problem, in the site's admin (Problems, Add problem)

| field | value |
|---|---|
| Problem code | `%(code)s` |
| Problem name | %(name)s |
| Time limit | %(seconds)d (seconds) |
| Memory limit | %(kb)d (KB) |
| Points | as your site scores a problem of this kind; the data is pass or fail |
| Allows partial points | off |
| Problem body | the whole of `%(code)s-statement.md`, as it is |
| Allowed languages | any: %(judged)s |

The statement and the data are CC BY-SA 4.0: keep the credit line at the end of `%(code)s-statement.md`.

## 2. The data

Either copy the folder `%(code)s/` as it is into every judge's problem storage
(its `init.yml` names the checker, %(checker_said)s, and the cases: %(samples)d samples
worth 0 points, then the %(secret)d secret cases as one batch worth 1 point),

or, on the site's page for the problem's test data (Edit test data):

1. upload `%(code)s.zip` (the `.in` and `.out` files) as the data archive;
2. %(checker_form)s;
3. the cases: the %(samples)d `sample-*` cases first, each worth 0 points; then every
   `secret-*` case, in order, as one batch (a batch start before the first,
   a batch end after the last) worth 1 point.

## 3. Check it

Submit each accepted submission (%(judged)s): every case is AC. On a judge host whose
CPU reports a cache of more than 32 MiB, give PyPy `PYPY_GC_NURSERY=16M`
(docs/package.md in the project says why and how to tell).
"""
TOKENS_FORM = "checker: *Custom checker (PY)*, and upload `%(code)s/tokens.py` as its file"
FLOATS_FORM = ("checker: *Floats*, with the checker arguments `{\"precision\": %(precision)d}`"
               " (a number within 1e-%(precision)d, absolute or relative, is right)")
# DMOJ's executors each submission's language is judged under (`make dmoj-check`, and SETUP.md says so).
EXECUTORS = {".py": ("PY3", "PYPY3"), ".cpp": ("CPP17",)}


def precision(problem):
    """Return the floats checker's precision P for the problem's tolerance, 10^-P (None: no tolerance);
    raise SystemExit for a tolerance DMOJ cannot state, one that is not a power of ten."""
    if problem.tolerance is None:
        return None
    digits = round(-math.log10(problem.tolerance))
    if digits < 0 or abs(10.0 ** -digits - problem.tolerance) > 1e-9 * problem.tolerance:
        raise SystemExit("build_package: %s: tolerance %g: DMOJ's floats checker takes only a power of ten"
                         % (problem.shortname, problem.tolerance))
    return digits


def checker(problem):
    """Return init.yml's checker: "tokens.py", or DMOJ's floats with the problem's precision."""
    digits = precision(problem)
    if digits is None:
        return "tokens.py"
    return {"name": "floats", "args": {"precision": digits, "error_mode": "default"}}


def init(samples, secret, problem_checker="tokens.py"):
    """Return init.yml's data: the samples worth 0 points each, then the secret cases as one batch worth
    1 point, each case a flat name (sample-1, secret-NAME); the checker (checker())."""
    cases = [{"in": name + ".in", "out": name + ".out", "points": 0} for name in samples]
    cases.append({"points": 1, "batched": [{"in": name + ".in", "out": name + ".out"} for name in secret]})
    return {"checker": problem_checker, "test_cases": cases}


def statement_path(problem, root):
    """Return where the problem's statement in DMOJ's Markdown is written."""
    return root / "dmoj" / (problem.shortname + "-statement.md")


def setup_path(problem, root):
    """Return where the admin's steps for the problem are written."""
    return root / "dmoj" / (problem.shortname + "-SETUP.md")


def judged(problem):
    """Return the accepted submissions and the executors `make dmoj-check` judges them under, in words."""
    names = list(problem.submissions("accepted"))
    said = []
    for suffix, executors in EXECUTORS.items():
        these = ["`%s`" % name for name in names if name.endswith(suffix)]
        if these:
            listed = these[0] if len(these) == 1 else "%s and %s" % (", ".join(these[:-1]), these[-1])
            said.append("%s judged under %s" % (listed, " and ".join(executors)))
    return "; ".join(said)


def build(problem, root):
    """Write root/dmoj/: the problem folder (replaced), its data zip, SHORTNAME-statement.md and
    SHORTNAME-SETUP.md; return the folder."""
    folder = root / "dmoj" / problem.shortname
    if folder.exists():
        shutil.rmtree(folder)
    samples, secret = [], []
    for name, (text, answer) in problem.test_data().items():
        flat = name.replace("/", "-")
        write(folder, flat + ".in", text)
        write(folder, flat + ".out", answer)
        (samples if name.startswith("sample/") else secret).append(flat)
    title, _ = statement.read(problem.statement)
    digits = precision(problem)
    values = {"code": problem.shortname, "name": title, "seconds": problem.time_limit_s,
              "kb": problem.memory_limit_mib * 1024, "authors": problem.authors,
              "samples": len(samples), "secret": len(secret), "precision": digits,
              "setup": setup_path(problem, root).name, "judged": judged(problem)}
    values.update(rule=(TOKENS if digits is None else FLOATS) % values,
                  checker_said="`tokens.py`" if digits is None else "DMOJ's `floats`, precision %d" % digits,
                  checker_form=(TOKENS_FORM if digits is None else FLOATS_FORM) % values)
    write(folder, "init.yml", dump(init(samples, secret, checker(problem)), COMMENT % values, flow=True))
    if digits is None:
        write(folder, "tokens.py", CHECKER)
    archive(folder, root / "dmoj" / (problem.shortname + ".zip"), "",
            lambda path: path.suffix in (".in", ".out"))
    path = statement_path(problem, root)
    write(path.parent, path.name,
          statement.dmoj_markdown(problem.sample_pairs(), problem.credit, problem.statement))
    path = setup_path(problem, root)
    write(path.parent, path.name, SETUP % values)
    return folder
