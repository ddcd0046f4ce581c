"""A page in docs/problems/ for each problem: its statement, samples, limits and files, as Markdown.

    python -m tools.problem_pages          # (make docs) write docs/problems/NAME.md for every problem
    python -m tools.problem_pages --check  # exit 1, naming the pages, if one is not what it would write

A page is written from the problem's folder (packages/problem.py) and nothing else: the statement
is the folder's statement.md, whole (the part the packages carry and the part for readers, its
links made to lead from docs/problems/); the samples are the data's, with the reference's answers;
the limits, the tolerance and the submissions are problem.yaml's and submissions/'s. So a page is
never edited by hand, and tests/test_docs.py checks that each is current.
"""

import argparse
import os
import re
import sys
from pathlib import Path

from packages.problem import Problem, names
from packages.statement import END
from tools import stress

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "docs" / "problems"
LINK = re.compile(r"\]\(([^)#\s:]+)(#[^)\s]*)?\)")  # a relative Markdown link, with its anchor

HEADER = """\
<!-- Written by `make docs` (tools/problem_pages.py) from problems/%(name)s/: edit those files, not this
page. tests/test_docs.py checks that it is current. -->
"""

# The row of the submissions that die of an error (submissions/run_time_error/), for a problem that has some.
CRASH = "| run-time error | %s: dies of an error on some case, right on the others |\n"

FACTS = """\
| | |
|---|---|
| short name | `%(name)s` (the folder [problems/%(name)s/](%(folder)s)) |
| time limit | %(time)s s, memory %(memory)s MiB: the rule in [problem.yaml](%(folder)s/problem.yaml) |
| answer | %(answer)s |
| data | %(samples)d samples and %(secret)d secret cases, from \
[generators.yaml](%(folder)s/generators/generators.yaml), answers by [reference.py](%(folder)s/reference.py) |
| accepted | %(accepted)s |
| too slow | %(slow)s |
%(crash)s| wrong answers | %(wrong)d programs, one per mistake, named at the end of this page |
"""

# The end of the page: what each mistake is, and which cases catch it (`make stress`'s table).
MISTAKES = """## The mistakes, and the cases that catch each

This part names the mistakes: read the statement and try the problem first.

Each wrong submission of [submissions/](%(folder)s/submissions/) makes one mistake. Below, the
cases of the data that catch each (W: a wrong answer, R: it dies of an error; s1 is sample 1, the
others the secret cases by their number), as `make stress PROBLEM=%(name)s` measures it, and how
many secret cases catch it: at least %(least)d for every one, so that a tester's program that makes
one of these mistakes fails on more than one case.

%(table)s
"""

USE = """\
## Practise it, package it

```sh
make check PROBLEM=%(name)s FILE=my_solution.py         # the judges' verdict on each case, sandboxed
make check PROBLEM=%(name)s FILE=my_solution.py FIND=1  # and the smallest input it gets wrong
make practice      # the offline page: pick the problem there
make package       # every problem, for every judge (docs/package.md)
```

[practice.md](../practice.md) tells how a solution is judged; [package.md](../package.md) what the
packages hold and how each judge's own tool checks them.
"""


def relinked(text, source, page):
    """Return Markdown text from the file source with each relative link made to lead from the file page."""
    def move(match):
        target = os.path.relpath(source.parent / match.group(1), page.parent)
        return "](%s%s)" % (target, match.group(2) or "")
    return LINK.sub(move, text)


def _files(problem, files, page):
    """Return files ({file name: ...}) of a submissions folder as Markdown links, or "none"."""
    if not files:
        return "none"
    return ", ".join("[%s](%s)" % (name, os.path.relpath(path, page.parent)) for name, path in files.items())


def _paths(problem, verdict, suffixes):
    folder = problem.folder / "submissions" / verdict
    return {path.name: path for path in sorted(folder.glob("*"))
            if path.suffix in suffixes and path.name != "__init__.py"}


def page(problem):
    """Return the text of the page of problem: the facts, the statement, its samples, the statement
    file's part for readers (after its end marker, packages/statement.py's END), how to use it."""
    target = PAGES / (problem.shortname + ".md")
    folder = os.path.relpath(problem.folder, target.parent)
    accepted = {name + ".py": (problem.folder / path).resolve()
                for name, path in problem.meta.get("accepted", {}).items()}
    accepted.update(_paths(problem, "accepted", (".py", ".cpp")))
    wrong = _paths(problem, "wrong_answer", (".py", ".cpp"))
    crashing = _paths(problem, "run_time_error", (".py", ".cpp"))
    pairs = problem.test_data()
    samples = [pair for name, pair in pairs.items() if name.startswith("sample/")]
    if problem.tolerance is None:
        answer = "the answer's tokens exactly, whitespace ignored"
    else:
        answer = ("each value within an absolute or relative error of %g of the answer's (the judges' "
                  "default output validator, `float_tolerance`)" % problem.tolerance)
    facts = FACTS % {
        "name": problem.shortname, "folder": folder, "time": problem.time_limit_s,
        "memory": problem.memory_limit_mib, "answer": answer, "samples": len(samples),
        "secret": len(pairs) - len(samples), "accepted": _files(problem, accepted, target),
        "slow": _files(problem, _paths(problem, "time_limit_exceeded", (".py",)), target),
        "crash": CRASH % _files(problem, crashing, target) if crashing else "",
        "wrong": len(wrong)}
    statement = relinked(problem.statement.read_text(encoding="utf-8"), problem.statement, target)
    statement, _, tail = statement.partition("\n" + END)
    tail = tail.partition("-->\n")[2]
    title, _, body = statement.partition("\n")
    shown = ["## The samples, with their answers\n"]
    for number, (given, answer_bytes) in enumerate(samples, 1):
        shown.append("Sample %d:\n\n```\n%s```\n\ngives\n\n```\n%s```\n" % (
            number, given.decode(), answer_bytes.decode()))
    return "\n".join([HEADER % {"name": problem.shortname}, title + "\n", facts, body.strip("\n") + "\n",
                      "\n".join(shown), *([tail.strip("\n") + "\n"] if tail.strip() else []),
                      USE % {"name": problem.shortname}, mistakes(problem, target)])


def mistakes(problem, target):
    """Return the page's last part: the mistakes against the cases (tools/stress.py's table), each mistake
    a link to its program."""
    found = stress.table(problem)
    rows = found.markdown()
    for number, name in enumerate(found.mistakes):
        verdict = "run_time_error" if (problem.folder / "submissions" / "run_time_error" / name).exists() \
            else "wrong_answer"
        path = problem.folder / "submissions" / verdict / name
        rows[2 + number] = rows[2 + number].replace(
            "| %s |" % name, "| [%s](%s) |" % (name, os.path.relpath(path, target.parent)), 1)
    return MISTAKES % {"folder": os.path.relpath(problem.folder, target.parent), "name": problem.shortname,
                       "least": stress.MIN_CAUGHT, "table": "\n".join(rows)}


def pages():
    """Return {path: text} of every problem's page."""
    return {PAGES / (name + ".md"): page(Problem.named(name)) for name in names()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a page is stale")
    check = parser.parse_args(argv).check
    stale = []
    for path, text in pages().items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(os.path.relpath(path, ROOT))
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if check and stale:
        print("problem_pages: not current, run make docs: %s" % ", ".join(stale), file=sys.stderr)
        return 1
    for name in stale:
        print("problem_pages: wrote %s" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
