"""The data's one source, the problem's generators/generators.yaml, and its generator gen.py: what
`make package` builds from them, and what `bt generate` must rebuild byte for byte (--verify)."""

import re
import subprocess
import sys
import zipfile

import pytest

from packages import build_package
from packages.problem import Problem
from problems.gradientaccumulation.generators import gen
from problems.gradientaccumulation.validators import validate
from testkit.runs import ROOT

PROBLEM = Problem.named()
GEN = PROBLEM.folder / "generators" / "gen.py"
# A Markdown code block, as tests/test_docs.py reads them.
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)


def commands():
    """Return [(directory, name, command)] of every gen.py line of generators.yaml."""
    data = PROBLEM.rules()
    return [(directory, name, rule) for directory, rules in data.items()
            for name, rule in rules["data"].items() if isinstance(rule, str)]


@pytest.mark.parametrize("directory, name, command", [c for c in commands() if "max" not in c[2]],
                         ids=lambda v: v if isinstance(v, str) and "/" not in v and " " not in v else None)
def test_each_command_gives_the_same_bytes_as_a_program(directory, name, command):
    """bt generate runs gen.py as a program (python3 -S here: the standard library only); make package
    runs it in-process. The bytes must agree, or the legacy and DMOJ packages would hold other data."""
    arguments = command.split()[1:]
    done = subprocess.run([sys.executable, "-S", str(GEN), *arguments], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == PROBLEM.generated(command) == gen.generate(arguments)


def test_every_case_is_named_once_and_in_order():
    secret = list(PROBLEM.cases(largest=True))
    assert secret == sorted(secret) and len(secret) == 26
    assert [name.split("-")[0] for name in secret] == ["%02d" % i for i in range(1, 27)]
    small = PROBLEM.cases(largest=False)
    assert list(small) == [n for n in secret if "dmax" not in n]
    assert max(len(text.split(b"\n")[1].split()) for text in small.values()) < validate.MAX_D
    assert PROBLEM.samples() == ["seed-example-lines", "printing-rules", "three-microbatches"]
    assert len(PROBLEM.invalid_inputs()) == 22


def test_a_new_line_reaches_every_package(tmp_path, monkeypatch):
    """A setter adds a case in one place: one line of generators.yaml, the one docs/package.md shows,
    lands byte for byte in the legacy package, the 2025-09 package (beside the copy of generators.yaml
    that bt generate reads) and the DMOJ folder."""
    (line,) = [body.strip() for kind, body in FENCE.findall((ROOT / "docs" / "package.md").read_text())
               if kind == "yaml"]
    name, command = line.split(": ", 1)
    source = tmp_path / "generators" / "generators.yaml"
    source.parent.mkdir()
    (source.parent / "bad").mkdir()
    (source.parent / "bad" / "no-newline.in").write_bytes(b"1 0.5\n1\n1")
    source.write_text(
        "solution: /submissions/accepted/solve.py\n"
        "data:\n"
        "  sample:\n"
        "    data:\n"
        "      '1': {copy: samples/seed-example-lines}\n"
        "  secret:\n"
        "    data:\n"
        "      01-given:\n"
        "        in: |\n"
        "          1 0.5\n"
        "          3.25\n"
        "          -1.5\n"
        "      %s\n"
        "  invalid_input:\n"
        "    data:\n"
        "      no-newline: {copy: bad/no-newline}\n" % line)
    monkeypatch.setattr(PROBLEM, "generators", source)
    PROBLEM.test_data.cache_clear()
    try:
        legacy, current, dmoj = build_package.build(tmp_path / "out", PROBLEM)
    finally:
        PROBLEM.test_data.cache_clear()
    new = gen.generate(command.split()[1:])
    assert (legacy / "data" / "secret" / (name + ".in")).read_bytes() == new
    assert (current / "data" / "secret" / (name + ".in")).read_bytes() == new
    assert (dmoj / ("secret-%s.in" % name)).read_bytes() == new
    assert (current / "generators" / "generators.yaml").read_bytes() == source.read_bytes()
    assert (current / "generators" / "bad" / "no-newline.in").read_bytes() == b"1 0.5\n1\n1"
    assert (current / "data" / "invalid_input" / "no-newline.in").read_bytes() == b"1 0.5\n1\n1"
    assert sorted(p.name for p in (legacy / "data" / "secret").iterdir()) == [
        "01-given.ans", "01-given.in", name + ".ans", name + ".in"]
    assert "secret-%s.in" % name in (dmoj / "init.yml").read_text()
    with zipfile.ZipFile(tmp_path / "out" / "kattis" / "gradientaccumulation.zip") as kattis:
        assert kattis.read("gradientaccumulation/data/secret/%s.in" % name) == new
    with zipfile.ZipFile(tmp_path / "out" / "domjudge" / "gradientaccumulation.zip") as domjudge:
        assert domjudge.read("data/secret/%s.in" % name) == new
    with zipfile.ZipFile(tmp_path / "out" / "dmoj" / "gradientaccumulation.zip") as data:
        assert data.read("secret-%s.in" % name) == new and "init.yml" not in data.namelist()


def test_the_count_of_files_bt_generate_writes_is_the_docs():
    """docs/package.md: bt generate writes every input and answer, and every invalid input, again."""
    data = PROBLEM.rules()
    pairs = len(data["sample"]["data"]) + len(data["secret"]["data"])
    invalid = len(data["invalid_input"]["data"])
    text = " ".join((ROOT / "docs" / "package.md").read_text().split())
    files = 2 * pairs + invalid
    assert "(%d files: %d inputs and answers, %d invalid inputs)" % (files, pairs, invalid) in text


def test_a_rule_of_another_kind_is_refused(tmp_path, monkeypatch):
    source = tmp_path / "generators.yaml"
    source.write_text("data:\n  secret:\n    data:\n      01-x: other.py --seed 1\n")
    monkeypatch.setattr(PROBLEM, "generators", source)
    with pytest.raises(SystemExit, match="only gen.py"):
        PROBLEM.cases()
