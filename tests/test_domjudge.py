"""DOMjudge's import rules as tools/domjudge_rules.py reads them, and the check `make package-check` runs
on the zip that `make package` writes (tools/package_check.check_domjudge)."""

import copy
import zipfile

import pytest

from packages.formats import kattis
from packages.problem import Problem
from tools import domjudge_rules, package_check

PROBLEM = Problem.named()
TITLE = "Gradient Accumulation"
PAIRS = {"sample/1": (b"1 0\n1\n1\n", b"1.0000\n"), "secret/01-a": (b"1 1\n1\n1\n", b"0.0000\n"),
         "secret/02-b": (b"1 1\n2\n1\n", b"1.0000\n")}
YAML = b"name: Gradient Accumulation\nvalidation: default\nlimits:\n  memory: 512\n  time_multiplier: 2.5\n"


def package(**changes):
    """Return {name: bytes} of a zip like the one `make package` writes; changes replace (None drops)."""
    files = {".timelimit": b"2", "problem.yaml": YAML, "problem.html": b"<title>statement</title>"}
    for name, (given, answer) in PAIRS.items():
        files["data/%s.in" % name], files["data/%s.ans" % name] = given, answer
    for verdict in kattis.VERDICTS:
        for name in PROBLEM.submissions(verdict):
            source = b"int main() {}\n" if name.endswith(".cpp") else b"print()\n"
            files["submissions/%s/%s" % (verdict, name)] = source
    files.update(changes)
    return {name: data for name, data in files.items() if data is not None}


def write(tmp_path, files, name="gradientaccumulation.zip"):
    path = tmp_path / name
    with zipfile.ZipFile(path, "w") as archive:
        for member, data in files.items():
            archive.writestr(member, data)
    return path


@pytest.mark.parametrize("version", domjudge_rules.VERSIONS)
def test_a_zip_like_build_packages_imports_as_intended(tmp_path, version):
    got = domjudge_rules.read(write(tmp_path, package()), version)
    assert (got.problem, got.name, got.externalid, got.timelimit, got.memlimit_kib, got.compare) == (
        True, TITLE, "gradientaccumulation", 2.0, 512 * 1024, "default")
    assert got.statement == ("html", b"<title>statement</title>") and not got.danger and not got.warning
    assert [case[:3] for case in got.testcases] == [(1, True, "1"), (2, False, "01-a"), (3, False, "02-b")]
    assert ("submissions/accepted/solve.py", "py3", ["CORRECT"]) in got.jury
    assert ("submissions/accepted/solve.cpp", "cpp", ["CORRECT"]) in got.jury
    assert ("submissions/wrong_answer/sum_not_mean.py", "py3", ["WRONG-ANSWER"]) in got.jury
    assert got.compare_args == ""
    assert package_check.check_domjudge(write(tmp_path, package()), PAIRS, TITLE, PROBLEM) == (
        "html", b"<title>statement</title>")


@pytest.mark.parametrize("changes, why", [
    ({".timelimit": None}, "time limit 10 s"),  # DOMjudge's default: nothing else states one
    ({"problem.yaml": YAML.replace(b"name: Gradient Accumulation\n", b"")}, "name 'gradientaccumulation'"),
    ({"problem.yaml": YAML.replace(b"  memory: 512\n", b"")}, "memory limit None KiB"),
    ({"problem.html": None}, "statement \\(\\)"),
    ({"problem.html": None, "problem.txt": b"text"}, "statement \\('txt',\\)"),
    ({"data/secret/02-b.ans": None}, "test cases \\['1', '01-a'\\]"),
    ({"data/secret/02-b.ans": b"1.0000\r\n"}, "Windows newlines"),
    ({"submissions/accepted/naive.py": b"# @EXPECTED_RESULTS@: WRONG_ANSWER\n"}, "does not match directory"),
    ({"submissions/accepted/naive.py": None, "submissions/accepted/naive.rb": b"puts\n"}, "unknown language"),
    ({"submissions/accepted/solve.cpp": None}, "jury submissions"),
    ({"submissions/time_limit_exceeded/slow.py": b"print()\n"}, "jury submissions"),
    ({"submissions/run_time_error/crash.py": b"print()\n"}, "jury submissions"),
    ({"problem.yaml": YAML + b"validator_flags: float_tolerance 1e-6\n"}, "compare arguments"),
    ({"output_validators/check/check.py": b"import sys\n"}, "compare custom"),
], ids=["no-timelimit", "no-name", "no-memory", "no-statement", "text-statement", "answer-missing",
        "crlf", "annotation", "unknown-language", "no-cpp", "unexpected-tle", "unexpected-rte", "a-tolerance",
        "custom-validator"])
def test_the_check_fails_on_a_zip_that_imports_otherwise(tmp_path, changes, why):
    with pytest.raises(SystemExit, match=why):
        package_check.check_domjudge(write(tmp_path, package(**changes)), PAIRS, TITLE, PROBLEM)


def test_the_zip_name_is_the_short_name_and_needs_a_problem_file(tmp_path):
    with pytest.raises(SystemExit, match="short name 'A'"):
        package_check.check_domjudge(write(tmp_path, package(), "A.zip"), PAIRS, TITLE, PROBLEM)
    got = domjudge_rules.read(write(tmp_path, package(**{"problem.yaml": None}), "x.zip"))
    assert not got.problem and "neither domjudge-problem.ini nor problem.yaml" in got.danger[0]


def test_main_refuses_a_timelimit_file_that_disagrees_where_9_0_0_takes_it(tmp_path):
    files = package(**{"problem.yaml": YAML + b"  time_limit: 3\n"})
    assert domjudge_rules.read(write(tmp_path, files), "9.0.0").timelimit == 2.0
    assert "Conflicting time limits" in domjudge_rules.read(write(tmp_path, files), "main").danger[0]
    files = package(**{".timelimit": b"two"})
    assert "not a valid number" in domjudge_rules.read(write(tmp_path, files), "main").danger[0]


def test_the_ini_is_read_as_key_value_lines():
    assert domjudge_rules.ini('name = "Gradient Accumulation"\ntimelimit = 3\n') == {
        "name": "Gradient Accumulation", "timelimit": "3"}


def test_a_names_map_gives_the_english_name(tmp_path):
    names = b"name:\n  de: Gradientenakkumulation\n  en: Gradient Accumulation\n"
    files = package(**{"problem.yaml": YAML.replace(b"name: Gradient Accumulation\n", names),
                       "domjudge-problem.ini": b"name = Other\ntimelimit = 2\n", ".timelimit": None})
    got = domjudge_rules.read(write(tmp_path, files))
    assert (got.name, got.timelimit) == (TITLE, 2.0)  # problem.yaml's name wins over the ini's


def test_expected_results_follow_domjudge():
    assert domjudge_rules.expected_results("x = 1\n") is None
    assert domjudge_rules.expected_results("# @EXPECTED_RESULTS@: ACCEPTED, time_limit_exceeded\n") == [
        "CORRECT", "TIMELIMIT"]
    assert domjudge_rules.expected_results("# @EXPECTED_RESULTS@: run_time_error\n") == ["RUN-ERROR"]
    twice = "# @EXPECTED_RESULTS@: CORRECT\n# @EXPECTED_RESULTS@: CORRECT\n"
    assert domjudge_rules.expected_results(twice) is False


@pytest.mark.parametrize("version", domjudge_rules.VERSIONS)
def test_a_problem_with_a_tolerance_needs_it_as_the_compares_arguments(tmp_path, version):
    """DOMjudge reads the legacy problem.yaml's validator_flags as its default compare's arguments (the
    Kattis default validator's float_tolerance); the check wants exactly the problem's."""
    within = copy.copy(PROBLEM)
    within.tolerance = 1e-6
    flagged = package(**{"problem.yaml": YAML + b"validator_flags: float_tolerance 1e-6\n"})
    assert domjudge_rules.read(write(tmp_path, flagged), version).compare_args == "float_tolerance 1e-6"
    package_check.check_domjudge(write(tmp_path, flagged), PAIRS, TITLE, within)
    with pytest.raises(SystemExit, match="compare arguments ''"):
        package_check.check_domjudge(write(tmp_path, package()), PAIRS, TITLE, within)
    slow = package(**{"submissions/time_limit_exceeded/slow.py": b"print()\n"})
    got = domjudge_rules.read(write(tmp_path, slow), version)
    assert ("submissions/time_limit_exceeded/slow.py", "py3", ["TIMELIMIT"]) in got.jury


@pytest.mark.parametrize("version", domjudge_rules.VERSIONS)
def test_a_run_time_error_is_a_jury_submission_expected_run_error(tmp_path, version):
    """submissions/run_time_error/ (a program that dies of an exception on some case): DOMjudge expects
    RUN-ERROR of it, and the check wants each of the problem's there, with that result."""
    crashing = copy.copy(PROBLEM)
    crashes = {"softmax_overflow.py": b"raise OverflowError\n"}
    crashing.submissions = lambda verdict: (crashes if verdict == "run_time_error"
                                            else PROBLEM.submissions(verdict))
    files = package(**{"submissions/run_time_error/softmax_overflow.py": b"raise OverflowError\n"})
    got = domjudge_rules.read(write(tmp_path, files), version)
    assert ("submissions/run_time_error/softmax_overflow.py", "py3", ["RUN-ERROR"]) in got.jury
    package_check.check_domjudge(write(tmp_path, files), PAIRS, TITLE, crashing)
    with pytest.raises(SystemExit, match="jury submissions"):
        package_check.check_domjudge(write(tmp_path, package()), PAIRS, TITLE, crashing)
    annotated = package(**{"submissions/run_time_error/softmax_overflow.py":
                           b"# @EXPECTED_RESULTS@: WRONG_ANSWER\nraise OverflowError\n"})
    with pytest.raises(SystemExit, match="does not match directory"):
        package_check.check_domjudge(write(tmp_path, annotated), PAIRS, TITLE, crashing)
