"""A DMOJ problem: the judges' problem folder, its data zipped, the statement, and the admin's steps.

    ROOT/dmoj/SHORTNAME/       init.yml, the checker tokens.py, and the data as NAME.in and NAME.out
    ROOT/dmoj/SHORTNAME.zip    the .in and .out files alone, for the site's test data form
    ROOT/dmoj/statement.md     the statement in DMOJ's Markdown (math between ~)
    ROOT/dmoj/SETUP.md         what to enter in the site's forms, every value filled in

DMOJ keeps a problem's name, limits and statement on the site, not in its data folder: init.yml
states the limits only in its comment, and SETUP.md says where to enter them.
"""

import shutil

from packages import statement
from packages.formats.files import archive, dump, write

COMMENT = """\
DMOJ problem data for %(code)s: SETUP.md beside this file says how to install it.
tokens.py compares the output with the answer token by token, as Kattis',
BAPCtools' and DOMjudge's default validators do: spacing and line ends
between values are ignored, each value's text is not (-0.0000 is wrong).
The samples are worth nothing and the secret data is one batch: pass or fail.
Time limit: %(seconds)d s, memory limit: %(kb)d KB; DMOJ keeps them on the site, not
here: enter them in the problem's form (SETUP.md).
Statement and data: CC BY-SA 4.0, %(authors)s."""

# DMOJ's checker (a module with check(), as DMOJ's custom checkers are): the default validator's rule.
CHECKER = '''"""Compare the output with the answer token by token, whitespace ignored, as Kattis does."""


def check(process_output, judge_output, **kwargs):
    return process_output.split() == judge_output.split()
'''

SETUP = """\
# %(name)s on a DMOJ site

DMOJ keeps a problem's name, limits and statement on the site, and its data
with the judges. Everything here comes from `make package`.

## 1. The problem, in the site's admin (Problems, Add problem)

| field | value |
|---|---|
| Problem code | `%(code)s` |
| Problem name | %(name)s |
| Time limit | %(seconds)d (seconds) |
| Memory limit | %(kb)d (KB) |
| Points | as your site scores a problem of this kind; the data is pass or fail |
| Allows partial points | off |
| Problem body | the whole of `statement.md`, as it is |
| Allowed languages | any; `solve.py` was judged under PY3 and PYPY3 |

The statement and the data are CC BY-SA 4.0: keep the credit line at the end of `statement.md`.

## 2. The data

Either copy the folder `%(code)s/` as it is into every judge's problem storage
(its `init.yml` names the checker `tokens.py` and the cases: %(samples)d samples
worth 0 points, then the %(secret)d secret cases as one batch worth 1 point),

or, on the site's page for the problem's test data (Edit test data):

1. upload `%(code)s.zip` (the `.in` and `.out` files) as the data archive;
2. checker: *Custom checker (PY)*, and upload `%(code)s/tokens.py` as its file;
3. the cases: the %(samples)d `sample-*` cases first, each worth 0 points; then every
   `secret-*` case, in order, as one batch (a batch start before the first,
   a batch end after the last) worth 1 point.

## 3. Check it

Submit `solve.py` under PY3 or PYPY3: every case is AC. On a judge host whose
CPU reports a cache of more than 32 MiB, give PyPy `PYPY_GC_NURSERY=16M`
(docs/package.md in the project says why and how to tell).
"""


def init(samples, secret):
    """Return init.yml's data: the samples worth 0 points each, then the secret cases as one batch worth
    1 point, each case a flat name (sample-1, secret-NAME); the checker tokens.py."""
    cases = [{"in": name + ".in", "out": name + ".out", "points": 0} for name in samples]
    cases.append({"points": 1, "batched": [{"in": name + ".in", "out": name + ".out"} for name in secret]})
    return {"checker": "tokens.py", "test_cases": cases}


def build(problem, root):
    """Write root/dmoj/: the problem folder (replaced), its data zip, statement.md and SETUP.md; return
    the folder."""
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
    values = {"code": problem.shortname, "name": title, "seconds": problem.time_limit_s,
              "kb": problem.memory_limit_mib * 1024, "authors": problem.authors,
              "samples": len(samples), "secret": len(secret)}
    write(folder, "init.yml", dump(init(samples, secret), COMMENT % values, flow=True))
    write(folder, "tokens.py", CHECKER)
    archive(folder, root / "dmoj" / (problem.shortname + ".zip"), "",
            lambda path: path.suffix in (".in", ".out"))
    write(root / "dmoj", "statement.md",
          statement.dmoj_markdown(problem.sample_pairs(), problem.credit, problem.statement))
    write(root / "dmoj", "SETUP.md", SETUP % values)
    return folder
