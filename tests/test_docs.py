"""What the README and docs/ teach is true: every example runs as pasted, and every link leads somewhere.

- ```python blocks are doctests: each `>>>` line runs and its output must
  match. The blocks of one page share their names, as a doctest file does.
- ```console blocks are shell transcripts: each `$ ` line runs in bash, in
  a folder holding solve.py and samples/, with `python3` the interpreter of
  these tests, and what it prints (stdout and stderr) must be the lines
  under it, exactly.
- ```sh blocks are commands to read (make targets, installs), not run here.
"""

import doctest
import os
import re
import subprocess
import sys

import pytest

from packages.problem import names
from testkit.runs import ROOT, program
from tools import problem_pages

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)


def blocks(page, kind):
    """Return the code blocks of one kind (python, console) in a Markdown page, in order."""
    return [body for language, body in FENCE.findall(page.read_text()) if language == kind]


def test_the_pages_exist_and_hold_examples():
    assert len(PAGES) >= 7
    assert sum(len(blocks(page, "python")) for page in PAGES) >= 5
    assert sum(len(blocks(page, "console")) for page in PAGES) >= 3


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "python")], ids=lambda p: p.name)
def test_python_examples_run_as_pasted(page):
    names = {}
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, body in enumerate(blocks(page, "python"), 1):
        assert ">>> " in body, "%s: python block %d has no >>> example to check" % (page.name, number)
        test = parser.get_doctest(body, names, "%s block %d" % (page.name, number), str(page), 0)
        result = runner.run(test, out=sys.stdout.write, clear_globs=False)
        names.update(test.globs)  # the next block goes on from here
        assert result.failed == 0, "%s: python block %d (see the report above)" % (page.name, number)


@pytest.mark.parametrize("page", [p for p in PAGES if ">>> " in p.read_text()], ids=lambda p: p.name)
def test_plain_doctest_reads_the_page_as_the_examples_above(page):
    """`python -m doctest PAGE`, as a reader would try it, finds the same examples and outputs as the
    test above: a closing fence right under an output line would be read as part of that output, so
    every python block ends with a blank line."""
    whole = doctest.DocTestParser().get_examples(page.read_text())
    parser = doctest.DocTestParser()
    by_block = [example for body in blocks(page, "python") for example in parser.get_examples(body)]
    assert [(e.source, e.want) for e in whole] == [(e.source, e.want) for e in by_block]


def test_the_contracts_memory_sentences_agree():
    """The guarantee says what grows with K and what does not, once."""
    text = " ".join((ROOT / "docs" / "contract.md").read_text().split())
    assert "so memory does not grow with K; the token layout holds its numbers until d is known" in text
    assert "no allocation depends on K" not in text


def console_examples():
    """Return (page name, command, expected output) for every `$ ` line of every console block."""
    found = []
    for page in PAGES:
        for body in blocks(page, "console"):
            for part in re.split(r"^\$ ", body, flags=re.M)[1:]:
                command, _, output = part.partition("\n")
                found.append(pytest.param(command, output, id="%s: %s" % (page.name, command[:50])))
    return found


@pytest.fixture(scope="module")
def shell_folder(tmp_path_factory):
    """A folder with solve.py (the one under test) and samples/, and python3 on PATH as this interpreter."""
    folder = tmp_path_factory.mktemp("console")
    (folder / "solve.py").write_bytes(program().read_bytes())
    (folder / "samples").symlink_to(ROOT / "samples")
    (folder / "bin").mkdir()
    (folder / "bin" / "python3").symlink_to(sys.executable)
    return folder


@pytest.mark.parametrize("command, output", console_examples())
def test_console_examples_print_what_they_show(command, output, shell_folder):
    env = {**os.environ, "PATH": "%s%s%s" % (shell_folder / "bin", os.pathsep, os.environ["PATH"])}
    done = subprocess.run(["bash", "-c", command], cwd=shell_folder, env=env, capture_output=True,
                          timeout=60)
    assert (done.stdout + done.stderr).decode() == output


LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_relative_links_lead_to_files_that_exist(page):
    for target, _ in LINK.findall(page.read_text()):
        if "://" not in target:
            assert (page.parent / target).exists(), "%s links to %s" % (page.name, target)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_nothing_cites_what_a_reader_cannot_open(page):
    """The project's issues are not public: a page cites documents and tests, never "issue 15"."""
    assert not re.findall(r"\bissues? \d+", page.read_text(), re.I)


def test_every_path_the_layers_page_names_exists():
    """docs/layers.md tells an extender where things go: each path it names in backticks is there."""
    text = (ROOT / "docs" / "layers.md").read_text()
    named = {path for path in re.findall(r"`([\w./-]+/[\w./-]*)`", text) if not re.search(r"[A-Z]{4}", path)}
    folders = [ROOT, *(ROOT / "problems" / name for name in names())]  # its table describes a problem's
    missing = [path for path in named if not any((folder / path).exists() for folder in folders)]
    assert len(named) >= 5 and not missing, missing


def test_each_problem_has_its_page_and_it_is_current():
    """docs/problems/NAME.md is what `make docs` writes from problems/NAME/, for every problem."""
    written = problem_pages.pages()
    assert len(written) == len(names()) >= 2
    stale = [path.name for path, text in written.items() if not path.exists() or path.read_text() != text]
    assert not stale, "run make docs: %s" % stale


def test_the_readme_is_a_front_door():
    """About 200 lines at most: the rest is in docs/, one page per question."""
    assert len((ROOT / "README.md").read_text().splitlines()) <= 200


def test_the_tests_the_docs_cite_exist():
    """A page that says "this test shows it" names a test that is there."""
    defined = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        defined.update(re.findall(r"^def (test_\w+)", path.read_text(), re.M))
    cited = {name for page in PAGES for name in re.findall(r"`(test_\w+)`", page.read_text())}
    cited.discard("test_json")  # CPython's own suite, cited as the model for testing both engines
    assert len(cited) >= 10 and cited <= defined, sorted(cited - defined)
