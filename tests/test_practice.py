"""`make check` (practice/check.py) and the judge it shares with the practice page (practice/judge.py).

The page itself, in a real browser, is tests/browser/practice_page.py (`make practice-check`).
"""

import io
import sys

import pytest

from packages import build_package, wrong_answers
from practice import check
from practice.judge import MISTAKES, judge, run_in_process, verdict_of_run
from testkit.runs import ROOT

SEED = (ROOT / "samples" / "seed-example-lines.in").read_bytes()


def small_cases():
    """The package's cases of under 1 MB: every mistake shows on some of them."""
    return [(name, given, answer) for name, (given, answer) in build_package.test_data().items()
            if len(given) < 1 << 20]


@pytest.mark.parametrize("mistake", sorted(wrong_answers.MISTAKES))
def test_each_wrong_answer_of_the_package_is_named_for_its_own_mistake(mistake):
    source = wrong_answers.program(mistake)
    named = set()
    for name, given, answer in small_cases():
        status, out, err = run_in_process(source, given)
        verdict = verdict_of_run(given, answer, status, out, err)
        assert verdict.name in ("AC", "WA"), (name, verdict)
        if verdict.name == "WA":
            assert mistake in verdict.mistakes and MISTAKES[mistake] in verdict.detail, (name, verdict)
            named.add(name)
            if len(verdict.mistakes) == 1:
                assert verdict.detail.endswith("; " + MISTAKES[mistake])
    assert named  # the data shows every mistake


def test_the_accepted_submissions_are_ac_on_every_small_case():
    for source in ((ROOT / "solve.py").read_text(), wrong_answers.LOOSE_SPACING):
        for name, given, answer in small_cases():
            assert verdict_of_run(given, answer, *run_in_process(source, given)).name == "AC", name


def test_wa_names_the_first_differing_value_expected_against_found():
    verdict = judge(SEED, b"0.9000 1.8000\n", b"0.9000 1.7000\n")
    assert (verdict.name, verdict.mistakes) == ("WA", [])
    assert verdict.detail == "value 2: expected 1.8000, found 1.7000"
    assert judge(SEED, b"0.9000 1.8000\n", b"0.9000\n").detail == "expected 2 values, found 1"
    assert judge(SEED, b"0.9000 1.8000\n", b" 0.9000\n\n1.8000").name == "AC"  # tokens, as every judge


def test_a_crash_is_rte_with_its_last_line_and_a_memory_error_is_mle():
    status, out, err = run_in_process("import sys\nsys.stdin.read()\nraise ValueError('boom')\n", SEED)
    assert (status, verdict_of_run(SEED, b"", status, out, err).detail) == (1, "ValueError: boom")
    status, out, err = run_in_process("raise MemoryError\n", SEED)
    assert verdict_of_run(SEED, b"", status, out, err).name == "MLE"
    status, out, err = run_in_process("import sys\nsys.exit(3)\n", SEED)
    assert verdict_of_run(SEED, b"", status, out, err).detail == "exit status 3, nothing on stderr"


def checked(tmp_path, source, interpreter=None):
    """Run check() on a program; return (exit status, its lines)."""
    path = tmp_path / "mine.py"
    path.write_bytes(source if isinstance(source, bytes) else source.encode())
    out = io.StringIO()
    status = check.check(path, interpreter or sys.executable, out=out)
    return status, out.getvalue().splitlines()


def verdicts(lines):
    return [line.split()[2] for line in lines if line.startswith(("sample ", "secret "))]


@pytest.mark.process
@pytest.mark.parametrize("program", ["solve.py", "testkit/naive.py"])
def test_solve_and_the_naive_solution_are_ac_everywhere(tmp_path, program):
    status, lines = checked(tmp_path, (ROOT / program).read_bytes())
    assert status == 0 and verdicts(lines) == ["AC"] * 27, lines
    assert lines[-1] == "check: every case AC"


@pytest.mark.process
def test_a_wrong_answer_is_wa_with_its_mistake_and_the_secret_data_waits(tmp_path):
    status, lines = checked(tmp_path, wrong_answers.program("sum_not_mean"))
    assert status == 1 and verdicts(lines) == ["WA", "AC"], lines
    assert lines[1].endswith("value 1: expected 0.9000, found 0.8000; " + MISTAKES["sum_not_mean"])
    assert [line for line in lines if "secret" in line] == [
        "check: the secret data is for after the samples pass: fix them first"]


@pytest.mark.process
def test_a_crash_is_rte_with_its_last_stderr_line(tmp_path):
    status, lines = checked(tmp_path, "import sys\nsys.stdin.read()\nraise ValueError('boom')\n")
    assert status == 1 and verdicts(lines) == ["RTE", "RTE"]
    assert lines[1].endswith("ValueError: boom")


@pytest.mark.process
def test_a_loop_is_tle_at_about_the_time_limit(tmp_path):
    status, lines = checked(tmp_path, "while True:\n    pass\n")
    assert status == 1 and verdicts(lines) == ["TLE", "TLE"], lines
    assert "stopped after 2." in lines[1] or "stopped after 3." in lines[1], lines  # the 2 s CPU limit


@pytest.mark.process
def test_memory_past_the_limit_is_mle(tmp_path):
    status, lines = checked(tmp_path, "x = bytearray(1 << 30)\n")
    assert status == 1 and verdicts(lines) == ["MLE", "MLE"], lines
    assert lines[1].endswith("MemoryError")


@pytest.mark.parametrize("source, says", [
    (b"int main() { return 0; }\n", "is not a Python program: invalid syntax (line 1)"),
    (b"\x7fELF\x02\x01\x01\x00\x00\x00",
     "is not a Python program: source code string cannot contain null bytes"),
])
def test_a_file_that_is_not_python_is_one_clear_line(tmp_path, source, says):
    status, lines = checked(tmp_path, source)
    assert status == 2 and len(lines) == 1 and lines[0].endswith(says), lines


def test_a_missing_file_or_interpreter_is_one_clear_line(tmp_path):
    out = io.StringIO()
    assert check.check(tmp_path / "absent.py", out=out) == 2
    assert out.getvalue() == "check: cannot read %s: No such file or directory\n" % (tmp_path / "absent.py")
    status, lines = checked(tmp_path, "print(1)\n", interpreter="no-such-python3")
    assert (status, lines) == (2, ["check: no interpreter 'no-such-python3' on the PATH"])
