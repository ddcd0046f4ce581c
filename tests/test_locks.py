"""Dependencies declared once in pyproject.toml, locked in locks/ with hashes, and the hashes enforced."""

import re
import subprocess
import sys
import tomllib

import pytest

from testkit.runs import ROOT
from tools import lock

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
canonical, pins, REQUIREMENT = lock.canonical, lock.pins, lock.REQUIREMENT


def top_level(group):
    """Return the canonical names a dependency group declares, its included groups' too."""
    names = set()
    for entry in PYPROJECT["dependency-groups"][group]:
        if isinstance(entry, dict):
            names |= top_level(entry["include-group"])
        else:
            names.add(canonical(re.match(r"[A-Za-z0-9._-]+", entry).group()))
    return names


def test_every_group_has_a_lock_and_every_lock_a_group():
    declared = set(PYPROJECT["dependency-groups"])
    used = {group for _, groups, _, _ in lock.PROJECT.values() for group in groups}
    assert declared - used == set(), "a group no lock resolves"
    assert used - declared == set(), "a lock of a group pyproject.toml does not declare"
    assert sorted(path.stem for path in lock.LOCKS.glob("*.txt")) == sorted(lock.PROJECT)


@pytest.mark.parametrize("name", sorted(lock.PROJECT))
def test_each_lock_pins_what_pyproject_declares_with_every_hash(name):
    with_project, groups, _, _ = lock.PROJECT[name]
    text = lock.lock_file(name).read_text()
    pinned = pins(name)
    wanted = set().union(*(top_level(group) for group in groups))
    if with_project:
        wanted |= {canonical(re.match(r"[A-Za-z0-9._-]+", d).group())
                   for d in PYPROJECT["project"]["dependencies"]}
    assert wanted - set(pinned) == set(), "declared in pyproject.toml but not in %s: run `make lock`" % name
    # Every requirement is pinned with == and followed by at least one sha256.
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2].strip())
    assert len(entries) == sum(map(len, pinned.values())) > 0
    for entry in entries:
        assert REQUIREMENT.match(entry), entry
        assert re.search(r"--hash=sha256:[0-9a-f]{64}", entry), entry


def test_the_exact_numpys_of_the_judge_groups_are_the_ones_locked():
    for group in [g for g in PYPROJECT["dependency-groups"] if g.startswith("judge-")]:
        (declared,) = PYPROJECT["dependency-groups"][group]
        assert declared.startswith("numpy==")
        assert pins(group) == {"numpy": [declared.split("==")[1]]}


def test_the_oldest_lock_has_the_floor_of_each_direct_dependency():
    """`make oldest` tests the library on the oldest numpy and test tools that pyproject.toml allows."""
    pinned = pins("oldest")
    for requirement in [*PYPROJECT["project"]["dependencies"], *PYPROJECT["dependency-groups"]["test"]]:
        package, floor = re.fullmatch(r"([A-Za-z0-9._-]+)>=([0-9.]+)", requirement).groups()
        version = pinned[canonical(package)][0]
        parts, floor_parts = version.split("."), floor.split(".")
        assert parts == floor_parts + ["0"] * (len(parts) - len(floor_parts)), (package, version, floor)
    assert PYPROJECT["project"]["requires-python"] == ">=%s" % lock.PROJECT["oldest"][2]


def test_a_corrupted_hash_in_a_copy_of_a_lock_stops_the_download(tmp_path):
    """pip checks every file against the lock's hashes: one changed digit, and the file is refused."""
    text = lock.lock_file("project").read_text()
    entry = re.search(r"^iniconfig==.*?(?=^\S)", text, re.S | re.M).group()
    hashes = re.findall(r"sha256:([0-9a-f]{64})", entry)
    corrupted = re.sub(r"sha256:([0-9a-f])", lambda m: "sha256:" + "10"[m.group(1) == "0"], entry)
    copy = tmp_path / "project.txt"
    copy.write_text(text.replace(entry, corrupted))
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps"]
    done = subprocess.run([*pip, "--require-hashes", "--dest", str(tmp_path / "files"), "-r", str(copy)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done
    assert "THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE" in done.stderr
    # What pip got is the file the real lock names: its hash is one of the uncorrupted ones.
    got = re.search(r"iniconfig==.*?Got +([0-9a-f]{64})", done.stderr, re.S).group(1)
    assert got in hashes


def test_the_oldest_pythons_are_stated_alike():
    """solve.py and what judges run (the validators, the generator bt generate runs): 3.7; the library:
    requires-python. Linted and run for exactly those."""
    makefile = (ROOT / "Makefile").read_text()
    vermin = [line.split() for line in makefile.splitlines() if line.startswith("\t$(BIN)/vermin")]
    library = PYPROJECT["project"]["requires-python"].removeprefix(">=")
    targets = PYPROJECT["tool"]["ruff"]["per-file-target-version"]
    judge_files = ["solve.py", "problems", "tools/judge_worker.py"]  # every program of every problem
    (judge_lint,) = [line for line in vermin if "solve.py" in line]
    assert judge_lint[:3] == ["$(BIN)/vermin", "-q", "-t=3.7-"] and judge_lint[-3:] == judge_files
    assert all(targets.get(name, targets.get(name + "/**")) == "py37" for name in judge_files)
    (library_lint,) = [line for line in vermin if "accumulation.py" in line]
    assert "-t=%s-" % library in library_lint
    library_files = library_lint[library_lint.index("--no-tips") + 1:]
    assert {targets[name] for name in library_files} == {"py" + library.replace(".", "")}
    assert "versions/%s.*/bin/python%s" % (library, library) in makefile  # make oldest's Python
    assert lock.PROJECT["oldest"][2] == library
