"""`make check` (practice/check.py, practice/sandbox.py) and the judge it shares with the practice
page (practice/judge.py): the judges' verdicts, mistakes named only when they are the mistake, and
no program reaching past its case.

The page itself, in a real browser, is tests/browser/practice_page.py (`make practice-check`).
No test here asserts a time: a loop is TLE whatever the machine's load, and the rest ends by itself.
"""

import contextlib
import glob
import io
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from packages import cache
from packages.problem import DEFAULT, Problem
from practice import check, find, judge, sandbox
from practice.judge import Check, marked, mistake_prints, printable
from problems.gradientaccumulation import reference
from testkit.runs import ROOT
from tests.learners import head_program, linear_program
from tests.support import wrong_answer

SEED = (ROOT / "samples" / "seed-example-lines.in").read_bytes()
SAMPLE_2 = (ROOT / "samples" / "printing-rules.in").read_bytes()
PYTHON = [sys.executable]
READ = ("import sys\nt = (sys.stdin.read()).split()\nk, lr = int(t[0]), float(t[1])\n"
        "v = [float(x) for x in t[2:]]\nd = len(v) // (k + 1)\ntheta = v[:d]\n"
        "grads = [v[d * (i + 1):d * (i + 2)] for i in range(k)]\n")
RIGHT = READ + ("out = ['%.4f' % (theta[j] - lr * (sum(g[j] for g in grads) / k)) for j in range(d)]\n"
                "print(' '.join('0.0000' if x == '-0.0000' else x for x in out))\n")
# What follows this line in a program runs on sample 1 alone (lr = 0.1): a limit reached once costs the
# suite its seconds once, and the other samples show that the next case starts afresh.
ON_SAMPLE_1 = "if lr != 0.1:\n    sys.exit(0)\n"


def output(source, data):
    """Return what a trusted program of ours prints on input bytes (a process of this Python)."""
    return subprocess.run(PYTHON + ["-c", source], input=data, capture_output=True, check=True,
                          timeout=60).stdout


KNOWN = check.mistakes()  # the problem's wrong submissions, as the judge reads them
SENTENCES = {name: mistake.sentence for name, mistake in KNOWN.items()}


def judged(outputs):
    """Judge [(input, answer, output)] in turn with one Check; return its Verdicts."""
    judge = Check(KNOWN, proof=1)  # the fits alone: one case names a mistake here
    return [judge.judge(answer, out, mistake_prints(KNOWN, given, answer)) for given, answer, out in outputs]


def cases():
    """The package's cases as `make check` runs them: samples first."""
    return [(given, answer) for _, given, answer, _ in check.cases()]


# --- the judge: tokens as the judges split them ---------------------------------------------------

def test_tokens_are_split_on_ascii_whitespace_only_and_compared_as_bytes():
    want = b"0.9000 1.8000\n"
    for same in (b" 0.9000\t\r\n1.8000", b"0.9000 1.8000", b"\x0b0.9000\x0c1.8000 \n\n"):
        assert judged([(SEED, want, same)])[0].name == "AC", same
    for joined in (b"0.9000\x1f1.8000\n", b"0.9000\xc2\xa01.8000\n", b"0.9000\xe2\x80\xa81.8000\n",
                   b"0.9000\xe3\x80\x801.8000\n", b"0.9000\x1c1.8000\n"):
        verdict = judged([(SEED, want, joined)])[0]
        assert (verdict.name, verdict.detail) == ("WA", "expected 2 values, found 1"), joined


def test_wa_names_the_first_differing_value_with_what_was_found_escaped():
    verdict = judged([(SEED, b"0.9000 1.8000\n", b"0.9000 \x1b[2K1.8\n")])[0]
    assert verdict.detail.startswith("value 2: expected 1.8000, found \\x1b[2K1.8")


def test_printable_escapes_every_control_character():
    assert printable("a\x1b[1Ab\r\x00\u2028") == "a\\x1b[1Ab\\r\\x00\\u2028"
    assert printable(b"\xff") == "\\xff" and printable("x" * 300).endswith("x...")


# --- a problem with a tolerance: values within it are right, and mistakes are told apart within it ---

TOLERANCE = 1e-6
# Mistakes of a made-up problem whose answer is the input's numbers, each printed as it likes.
SCALED = {
    "doubled": '"""Twice each value."""\nimport sys\n'
               'print(*[repr(2 * float(t)) for t in sys.stdin.read().split()])\n',
    "doubled_to_thousandths": '"""Twice each value, to 3 decimals."""\nimport sys\n'
                              'print(*["%.3f" % (2 * float(t)) for t in sys.stdin.read().split()])\n',
    "listed": '"""The values as a printed list."""\nimport sys\n'
              'print([float(t) for t in sys.stdin.read().split()])\n',
    "negated": '"""Each value\'s sign flipped."""\nimport sys\n'
               'print(*[-float(t) for t in sys.stdin.read().split()])\n',
}


def tolerant(outputs, tolerance=TOLERANCE):
    """Judge [(input, answer, output)] of the made-up problem in turn with one Check; return its Verdicts."""
    known = judge.mistakes(SCALED)
    checker = Check(known, tolerance, proof=1)  # the fits alone: one case names a mistake
    return [checker.judge(answer, out, mistake_prints(known, given, answer, tolerance))
            for given, answer, out in outputs]


def test_with_a_tolerance_a_value_within_it_absolute_or_relative_is_right():
    """As the judges' float_tolerance: |error| <= 1e-6, or <= 1e-6 of the answer's value; any way of
    writing a number; as many tokens as the answer; a token that is not a number, byte for byte."""
    answer = b"1.5 0 -2000000 yes\n"
    for right in (b"1.5 0 -2000000 yes", b"1.5000009 -0.0000009 -2000001.9 yes", b"+1.5e0 0.0 -2e6 yes\n",
                  b"1.4999991 1e-7 -2.0000019E+6 yes"):
        assert tolerant([(b"", answer, right)])[0].name == "AC", right
    for wrong, detail in ((b"1.5000016 0 -2000000 yes", "value 1: expected 1.5, found 1.5000016"),
                          (b"1.5 0.0000011 -2000000 yes", "value 2: expected 0, found 0.0000011"),
                          (b"1.5 0 -2000002.1 yes", "value 3: expected -2000000, found -2000002.1"),
                          (b"1.5 0 -2000000 YES", "value 4: expected yes, found YES"),
                          (b"1.5 0 -2000000 1", "value 4: expected yes, found 1"),
                          (b"[1.5, 0, -2000000, yes]",
                           "value 1: expected 1.5, found [1.5,; The values as a printed list."),
                          (b"1.5 nan -2000000 yes", "value 2: expected 0, found nan"),
                          (b"1.5 0 -inf yes", "value 3: expected -2000000, found -inf"),
                          (b"1.5 0 -2000000", "expected 4 values, found 3")):
        verdict = tolerant([(b"", answer, wrong)])[0]
        assert (verdict.name, verdict.detail) == ("WA", detail), wrong
    assert tolerant([(b"", b"1.5\n", b"1.5000016\n")], tolerance=1e-5)[0].name == "AC"


def test_with_a_tolerance_a_mistake_is_named_when_the_output_is_within_it_of_the_mistakes():
    """The learner's output fits a mistake when each value is within the tolerance of the mistake's, however
    either writes it, on every case so far; an output near no mistake's, or near two, names none."""
    given = b"1.00001 -3\n"
    doubled = tolerant([(given, given, b"2.0000204 -6.000000e+00\n")])[0]
    assert doubled.name == "WA" and doubled.mistakes == ["doubled"], doubled
    assert doubled.detail == "value 1: expected 1.00001, found 2.0000204; Twice each value."
    assert tolerant([(given, given, b"2.0000221 -6\n")])[0].mistakes == []  # beyond the tolerance of both
    assert tolerant([(given, given, b"2.0000006 -6\n")])[0].mistakes == ["doubled_to_thousandths"]
    assert tolerant([(given, given, b"-1.00001 3.0000001\n")])[0].mistakes == ["negated"]
    assert tolerant([(given, given, b"[1.0000101, -3]\n")])[0].mistakes == ["listed"]  # the form: a list
    assert tolerant([(given, given, b"[2.00002, -6]\n")])[0].mistakes == []  # a list, of other values
    two = tolerant([(b"1.25\n", b"1.25\n", b"2.5\n"), (b"0.0001\n", b"0.0001\n", b"0.0002\n")])
    assert [verdict.mistakes for verdict in two] == [[], ["doubled"]], two  # 2.5 is both doublings' output
    assert tolerant([(b"0\n", b"0\n", b"1e-7\n")])[0].name == "AC"


def test_a_mistake_is_named_only_on_its_second_case_where_it_is_wrong_and_never_from_one():
    """A name takes proof: the output fits the mistake alone on every case so far, and on PROOF (2) cases
    where that mistake is wrong. On one, the mistake is only a candidate(): no name, so that two
    mistakes printing alike on one case by chance never name the wrong one. A case where the mistake is
    right (and the output too) keeps it, and proves nothing."""
    known = judge.mistakes(SCALED)
    checker = Check(known, TOLERANCE)
    assert checker.proof == judge.PROOF == 2

    def case(given, out):
        return checker.judge(given, out, mistake_prints(known, given, given, TOLERANCE))

    assert case(b"0\n", b"0\n").name == "AC" and checker.candidate() is None  # every mistake is right on 0
    first = case(b"1.25\n", b"2.5\n")  # doubled, and doubled to thousandths: two fit, no candidate
    assert (first.name, first.mistakes, checker.candidate()) == ("WA", [], None)
    second = case(b"0.0001\n", b"0.0002\n")  # doubled alone fits, on its second case where it is wrong
    assert (second.mistakes, checker.candidate()) == (["doubled"], None), second
    assert second.detail.endswith("; Twice each value.")
    lonely = Check(known, TOLERANCE)
    assert lonely.judge(b"7\n", b"-7\n", mistake_prints(known, b"7\n", b"7\n", TOLERANCE)).mistakes == []
    assert lonely.candidate() == "negated"
    assert judge.shows(mistake_prints(known, b"7\n", b"7\n", TOLERANCE)["negated"], b"7\n", TOLERANCE)
    assert not judge.shows(mistake_prints(known, b"0\n", b"0\n", TOLERANCE)["negated"], b"0\n", TOLERANCE)


def test_with_a_tolerance_only_the_values_beyond_it_are_marked():
    assert marked(b"1.5 2 3", b"1.5000001 2.1 3", tolerance=TOLERANCE) == (
        "1.5       2   3", "1.5000001 2.1 3", "          ^^^")
    assert marked(b"1.5 2", b"1.5000001 2")[2] == "^^^^^^^^^"  # no tolerance: every byte counts


# --- a mistake that crashes (run_time_error/): RTE, named where the learner crashes alike --------------

# Mistakes of the made-up problem above: one right until math.exp overflows (past 709.78), as
# headaccumulation's softmax_overflow is, and one wrong everywhere.
CRASHING = {
    "exp_overflow": '"""Each value through math.exp and back: right, until math.exp overflows."""\n'
                    "import math, sys\n"
                    "print(*[math.log(math.exp(float(t))) for t in sys.stdin.read().split()])\n",
    "negated": SCALED["negated"],
}
SMALL, OVERFLOWS = b"1.5 -2\n", b"800 1\n"  # math.exp(800) raises OverflowError


def traceback_of(last):
    """The stderr of a learner's program that crashed at its line 3, the traceback's last line given."""
    return ('Traceback (most recent call last):\n  File "/program/mine.py", line 3, in <module>\n'
            "    print(*values)\n%s\n" % last).encode()


OVERFLOW = traceback_of("OverflowError: math range error")
AC_ON_SMALL = (SMALL, 0, SMALL, b"")


def crashing(runs):
    """Judge finished runs [(input, status, stdout, stderr)] of the made-up problem in turn, as make check
    and the page do (Check.run(), with CRASHING's prints of each input); return the Verdicts."""
    known = judge.mistakes(CRASHING)
    checker = Check(known, TOLERANCE, proof=1)
    return [checker.run(given, mistake_prints(known, given, given, TOLERANCE), status, out, err)
            for given, status, out, err in runs]


def test_a_crashing_mistake_keeps_its_exception_where_it_crashes():
    known = judge.mistakes(CRASHING)
    assert mistake_prints(known, OVERFLOWS, OVERFLOWS, TOLERANCE) == {
        "exp_overflow": {"raises": "OverflowError"}, "negated": [["-800.0", "-1.0"], None]}
    assert mistake_prints(known, SMALL, SMALL, TOLERANCE)["exp_overflow"] == [["1.5", "-2.0"], None]
    assert known["exp_overflow"].result(OVERFLOWS) == (None, "OverflowError")


def test_a_crash_where_a_mistake_crashes_alike_is_rte_with_that_mistake_named():
    """AC where the mistake is right, RTE where it raises the same exception: named, after the crash's
    line; and named at a first crash too, before any case shows it right."""
    sentence = judge.mistakes(CRASHING)["exp_overflow"].sentence
    for runs in ([AC_ON_SMALL, (OVERFLOWS, 1, b"", OVERFLOW)], [(OVERFLOWS, 1, b"", OVERFLOW), AC_ON_SMALL]):
        verdicts = {verdict.name: verdict for verdict in crashing(runs)}
        assert sorted(verdicts) == ["AC", "RTE"], verdicts
        rte = verdicts["RTE"]
        assert (rte.detail, rte.mistakes) == ("line 3: OverflowError: math range error; " + sentence,
                                              ["exp_overflow"]), rte


@pytest.mark.parametrize("runs", [
    [(OVERFLOWS, 1, b"", traceback_of("ValueError: math domain error"))],
    [(OVERFLOWS, 1, b"", b"OverflowError: math range error\n")],  # sys.exit()'s words, no traceback
    [(SMALL, 1, b"", OVERFLOW), (OVERFLOWS, 1, b"", OVERFLOW)],  # a crash where the mistake is right
    [(SMALL, 0, b"-1.5 2\n", b""), (OVERFLOWS, 1, b"", OVERFLOW)],  # negated first: two mistakes at once
], ids=["another exception", "no traceback", "crashed where it prints", "wrong before"])
def test_a_crash_that_no_mistake_shares_on_every_case_names_none(runs):
    verdicts = crashing(runs)
    assert verdicts[-1].name == "RTE" and verdicts[-1].mistakes == [], verdicts
    assert "; " not in verdicts[-1].detail, verdicts


def test_a_run_killed_by_a_signal_names_no_crashing_mistake():
    known = judge.mistakes(CRASHING)
    prints = mistake_prints(known, OVERFLOWS, OVERFLOWS, TOLERANCE)
    verdict = Check(known, TOLERANCE, proof=1).run(OVERFLOWS, prints, -9, b"", OVERFLOW, killed="SIGKILL")
    assert verdict.name == "RTE" and verdict.mistakes == [], verdict


# --- naming a mistake only when it is the mistake --------------------------------------------------

@pytest.fixture(scope="module")
def small():
    """[(input, answer, prints, each mistake's output)] of the cases under 1 MB, samples first."""
    out = []
    for _, given, answer, prints in check.cases():
        if len(given) < 1 << 20:
            outputs = {name: mistake.output(given) for name, mistake in KNOWN.items()}
            ran = {name: got for name, got in outputs.items() if got is not None}
            out.append((given, answer, prints, ran))
    return out


@pytest.mark.parametrize("mistake", sorted(KNOWN))
def test_each_mistake_is_named_only_as_itself_and_somewhere(small, mistake):
    """Fed every case in turn, a mistake's own output is named as that mistake or not at all."""
    named = set()
    judge = Check(KNOWN, proof=1)  # the fits alone: one case names a mistake here
    for _, answer, prints, outputs in small:
        if mistake in outputs:
            verdict = judge.judge(answer, outputs[mistake], prints)
            assert verdict.mistakes in ([], [mistake]), verdict
            named.update(verdict.mistakes)
    assert named == {mistake}  # the data shows every mistake on its own


@pytest.mark.parametrize("mistake", sorted(Problem.named().wrong_answers()))
def test_a_wrong_submission_prints_as_a_program_what_the_judge_runs_in_process(small, mistake):
    source = wrong_answer(mistake)
    for given, _, _, outputs in small[:3]:
        assert output(source, given) == outputs[mistake]


LEARNERS = {  # the misnamings that a review found, each a learner's program and the samples' verdicts
    "first gradient only": (READ + "print(' '.join('%.4f' % (theta[j] - lr * grads[0][j])"
                            " for j in range(d)))\n", [[]]),
    "truncation": (READ + "m = [sum(g[j] for g in grads) / k for j in range(d)]\n"
                   "print(' '.join('%.4f' % (int((theta[j] - lr * m[j]) * 1e4) / 1e4) for j in range(d)))\n",
                   [None, []]),
    "float32": ("import numpy as np, sys\nt = sys.stdin.read().split()\nk = int(t[0])\n"
                "lr = np.float32(t[1])\nv = np.array(t[2:], dtype=np.float32).reshape(k + 1, -1)\n"
                "r = v[0] - lr * (v[1:].sum(axis=0) / np.float32(k))\n"
                "print(' '.join('0.0000' if x == '-0.0000' else x for x in ('%.4f' % x for x in r)))\n",
                [None, []]),
    "exact decimal": ("import sys\nfrom decimal import Decimal\nt = sys.stdin.read().split()\nk = int(t[0])\n"
                      "lr = Decimal(t[1])\nv = [Decimal(x) for x in t[2:]]\nd = len(v) // (k + 1)\n"
                      "out = [v[j] - lr * sum(v[d * (i + 1) + j] for i in range(k)) / k for j in range(d)]\n"
                      "out = [format(x.quantize(Decimal('0.0001')), 'f') for x in out]\n"
                      "print(' '.join('0.0000' if x == '-0.0000' else x for x in out))\n", [None, []]),
    "np.round": (READ + "m = [sum(g[j] for g in grads) / k for j in range(d)]\n"
                 "print(' '.join('%.4f' % (round((theta[j] - lr * m[j]) * 1e4) / 1e4) for j in range(d)))\n",
                 [None, []]),
    "str()": (READ + "print(' '.join(str(round(theta[j] - lr * sum(g[j] for g in grads) / k, 4))"
              " for j in range(d)))\n", [["not_four_decimals"]]),
    "%.3f": (READ + "print(' '.join('%.3f' % (theta[j] - lr * sum(g[j] for g in grads) / k)"
             " for j in range(d)))\n", [["not_four_decimals"]]),
}


def named_on_samples(source, count):
    """Judge a learner's program on the first count samples in turn; return (the Verdicts, for each
    sample the mistakes named or None where it is AC)."""
    verdicts = judged([(given, answer, output(source, given)) for given, answer in cases()[:count]])
    return verdicts, [None if verdict.name == "AC" else verdict.mistakes for verdict in verdicts]


@pytest.mark.parametrize("learner", sorted(LEARNERS))
def test_a_mistake_that_other_mistakes_print_too_is_not_named(learner):
    """On the samples, where two mistakes print the same, neither is named: no "(or: ...)"."""
    source, expected = LEARNERS[learner]
    if "numpy" in source:
        pytest.importorskip("numpy")
    verdicts, got = named_on_samples(source, 2)
    assert got[:len(expected)] == expected, verdicts
    assert all("(or:" not in verdict.detail and "wrong axis" not in verdict.detail for verdict in verdicts)


PRINT = "print(' '.join('0.0000' if x == '-0.0000' else x for x in out))\n"
# Learners' programs that a review saw misnamed or not named at all, and what the three samples name:
# for each sample, the mistakes named (None: AC).
SAMPLE_NAMES = {
    "divided by K - 1": (READ + "out = ['%.4f' % (theta[j] - lr * sum(g[j] for g in grads) / (k - 1))"
                         " for j in range(d)]\n" + PRINT,
                         [[], None, ["divide_k_minus_1"]]),
    "the first gradient skipped, divided by K - 1": (
        READ + "total = [0.0] * d\nfor i in range(1, k):\n"
        "    total = [t + x for t, x in zip(total, grads[i])]\n"
        "out = ['%.4f' % (theta[j] - lr * total[j] / (k - 1)) for j in range(d)]\n" + PRINT,
        [[], None, ["skipped_first"]]),
    "//": (READ + "out = ['%.4f' % (theta[j] - lr * (sum(g[j] for g in grads) // k)) for j in range(d)]\n"
           + PRINT, [None, None, ["floor_division"]]),
    "a printed list": (READ + "print([round(theta[j] - lr * sum(g[j] for g in grads) / k, 4)"
                       " for j in range(d)])\n", [["printed_list"]] * 3),
    "a + sign": (READ + "print(' '.join('%+.4f' % (theta[j] - lr * sum(g[j] for g in grads) / k)"
                 " for j in range(d)))\n", [["plus_sign"]]),
    "exponents": (READ + "print(' '.join('%.4e' % (theta[j] - lr * sum(g[j] for g in grads) / k)"
                  " for j in range(d)))\n", [["exponent"]]),
}


@pytest.mark.parametrize("learner", sorted(SAMPLE_NAMES))
def test_a_mistake_is_named_on_the_data_that_tells_it_apart(learner):
    source, expected = SAMPLE_NAMES[learner]
    verdicts, got = named_on_samples(source, 3)
    assert got[:len(expected)] == expected, verdicts


def test_a_crash_shows_its_line_in_the_learners_file_and_its_last_lines(tmp_path):
    status, lines = checked(tmp_path, "import sys\n\nprint('a' + sys.stdin.read().count(' '))\n")
    crashed = 'line 3: TypeError: can only concatenate str (not "int") to str'
    assert status == 1 and lines[1].endswith(crashed), lines
    assert lines[2:4] == ['    File "/program/mine.py", line 3, in <module>',
                          "      print('a' + sys.stdin.read().count(' '))"], lines
    assert lines[5] == "  " + crashed[len("line 3: "):], lines


def test_the_right_answer_however_it_adds_is_ac_on_every_case():
    """The data is fair: left to right, in reverse, math.fsum, exactly, and (lr * s) / K all pass."""
    ways = {
        "reverse": "s = 0.0\n    for g in reversed(column): s += g\n    return theta - lr * (s / k)",
        "fsum": "return theta - lr * (math.fsum(column) / k)",
        "lr-first": "return theta - (lr * math.fsum(column)) / k",
        "exact": "from fractions import Fraction as F\n    x = F(theta) - F(lr) * sum(map(F, column)) / k\n"
                 "    n = round(x * 10**4)\n    return n / 10**4",
    }
    for way, body in ways.items():
        source = (READ + "import math\n\ndef value(theta, column):\n    " + body + "\n\n"
                  "out = ['%.4f' % value(theta[j], [g[j] for g in grads]) for j in range(d)]\n"
                  "print(' '.join('0.0000' if x == '-0.0000' else x for x in out))\n")
        for given, answer in cases():
            if len(given) < 1 << 16:
                assert output(source, given).split() == answer.split(), (way, given[:40])


# --- the terminal: each case as a judge runs it, out of the program's reach --------------------------

def checked(tmp_path, source, interpreter=None, problem=DEFAULT):
    """Run check() on a program of a problem; return (exit status, its lines)."""
    path = tmp_path / "mine.py"
    path.write_bytes(source if isinstance(source, bytes) else source.encode())
    out = io.StringIO()
    status = check.check(path, interpreter or sys.executable, out=out, problem=problem)
    return status, out.getvalue().splitlines()


def verdicts(lines):
    return [line.split()[2] for line in lines if line.startswith(("sample ", "secret "))]


def details(lines):
    return [line for line in lines if line.startswith(("sample ", "secret "))]


def sandboxed(source, data=SEED, out_limit=1 << 20):
    return sandbox.Sandbox(PYTHON).run(source.encode(), data, 2, 512, out_limit)


NAIVE = "problems/gradientaccumulation/submissions/accepted/naive.py"


@pytest.mark.parametrize("program", ["solve.py", NAIVE])
def test_solve_and_the_naive_solution_are_ac_everywhere(tmp_path, program):
    status, lines = checked(tmp_path, (ROOT / program).read_bytes())
    assert status == 0 and verdicts(lines) == ["AC"] * len(check.cases()), lines
    assert lines[-1] == "check: every case AC"


@pytest.mark.parametrize("reader", [
    "__import__('io').BytesIO(__import__('os').read(0, __import__('os').fstat(0).st_size)).read()",
    "__import__('os').read(0, 1 << 26)",
    "open(0).read()",
], ids=["fstat-template", "os-read", "open-0"])
def test_stdin_is_the_cases_input_as_a_file(tmp_path, reader):
    """Judges give a program its input file: the fast-input templates read it whole in one call."""
    source = RIGHT.replace("(sys.stdin.read())", reader)
    status, lines = checked(tmp_path, source)
    assert status == 0 and set(verdicts(lines)) == {"AC"}, details(lines)


def test_a_wrong_answer_is_wa_with_its_mistake_and_the_secret_data_waits(tmp_path):
    """With K = 2 the sum and dividing by K - 1 print the same: the mistake is named at sample 3 (K = 3)."""
    status, lines = checked(tmp_path, wrong_answer("sum_not_mean"))
    assert status == 1 and verdicts(lines) == ["WA", "AC", "WA"], lines
    assert lines[1].endswith("value 1: expected 0.9000, found 0.8000"), lines[1]
    assert lines[2:6] == ["  input:    2 0.1\\n1.0 2.0\\n0.5 1.0\\n1.5 3.0\\n",
                          "  expected: 0.9000 1.8000", "  found:    0.8000 1.6000",
                          "            ^^^^^^ ^^^^^^"]
    said = "value 1: expected 0.2500, found -1.2500; " + SENTENCES["sum_not_mean"]
    assert lines[7].endswith(said), lines[7]
    assert [line for line in lines if "secret" in line] == [
        "check: the secret data is for after the samples pass: fix them first"]


def test_a_crash_is_rte_with_its_last_stderr_line_escaped(tmp_path):
    source = "import sys\nsys.stdin.read()\nraise ValueError('\\x1b[2K\\x1b[1Acheck: every case AC')\n"
    status, lines = checked(tmp_path, source)
    assert status == 1 and verdicts(lines) == ["RTE"] * 3
    assert lines[1].endswith("line 3: ValueError: \\x1b[2K\\x1b[1Acheck: every case AC"), lines[1]
    assert not any("\x1b" in line for line in lines)


def test_a_loop_is_tle(tmp_path):
    status, lines = checked(tmp_path, RIGHT + ON_SAMPLE_1 + "while True:\n    pass\n")
    assert status == 1 and verdicts(lines) == ["TLE", "AC", "AC"], lines
    assert details(lines)[0].endswith("stopped at the 2 s limit of CPU time"), lines
    assert float(details(lines)[0].split()[3]) >= 2, lines  # the time it used, not 0


def test_a_signal_before_the_limit_is_rte_with_its_name(tmp_path):
    status, lines = checked(tmp_path, "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n")
    assert verdicts(lines) == ["RTE"] * 3 and lines[1].endswith("killed by SIGKILL"), lines
    assert sandboxed("import os\nos.abort()\n").signal_name() == "SIGABRT"


def test_memory_past_the_limit_is_mle(tmp_path):
    status, lines = checked(tmp_path, "x = bytearray(1 << 30)\n")
    assert status == 1 and verdicts(lines) == ["MLE"] * 3, lines
    assert "stopped at the memory limit" in lines[1], lines


def test_a_memory_error_below_the_limit_is_rte_not_mle(tmp_path):
    """MLE is for a run that reached the limit, not for a program that says MemoryError."""
    status, lines = checked(tmp_path, "import sys\nx = bytearray(13 << 20)\nsys.exit('MemoryError')\n")
    assert status == 1 and verdicts(lines) == ["RTE"] * 3 and lines[1].endswith("MemoryError"), lines


def test_the_working_directory_is_empty_and_the_learners_files_stay(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    source = ("import os\nassert os.listdir('.') == [], os.listdir('.')\nopen('scratch', 'w').write('x')\n"
              "for name in ('notes.txt', 'mine.py'):\n    assert not os.path.exists(name)\n" + RIGHT)
    status, lines = checked(tmp_path, source)
    assert status == 0, details(lines)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_program_cannot_reach_the_learners_file(tmp_path):
    """The learner's folder is not in the sandbox: a program cannot rewrite its own file, or read another."""
    path = tmp_path / "mine.py"
    source = ("import os\nfor name in (%r, %r):\n    try:\n        open(name, 'a').write('print(1)')\n"
              "    except OSError:\n        pass\n" % (str(path), str(tmp_path / "notes.txt")) + RIGHT)
    (tmp_path / "notes.txt").write_text("mine")
    status, lines = checked(tmp_path, source)
    assert status == 0 and path.read_text() == source, details(lines)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_nothing_a_program_starts_outlives_its_case():
    marker = "practice-outlives-%d" % os.getpid()
    run = sandboxed("import subprocess, sys\nfor _ in range(20):\n"
                    "    subprocess.Popen(['setsid', sys.executable, '-c', 'import time; time.sleep(600)',"
                    " %r], stdout=subprocess.DEVNULL)\nprint('started')\n" % marker)
    assert run.stdout == b"started\n"
    alive = subprocess.run(["pgrep", "-f", marker], capture_output=True).stdout
    assert alive == b"", alive


def test_a_child_that_keeps_stdout_open_does_not_hold_the_case():
    run = sandboxed("import os, sys, time\nprint('answer')\nsys.stdout.flush()\n"
                    "if os.fork() == 0:\n    time.sleep(600)\n")
    assert (run.stopped, run.status, run.stdout) == ("", 0, b"answer\n")


def test_no_controlling_terminal_and_a_limited_number_of_processes():
    run = sandboxed("import os\ntry:\n    open('/dev/tty')\nexcept OSError:\n    print('no terminal')\n"
                    "n = 0\ntry:\n    while n < 1000:\n        if os.fork() == 0:\n"
                    "            import time; time.sleep(60); os._exit(0)\n        n += 1\n"
                    "except OSError:\n    print('stopped at', n)\n")
    lines = run.stdout.decode().splitlines()
    assert lines[0] == "no terminal" and lines[1].startswith("stopped at"), lines
    assert int(lines[1].split()[-1]) < sandbox.MAX_PROCESSES


def test_endless_output_stops_at_the_bound_and_is_wa(tmp_path):
    run = sandboxed("import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n", out_limit=100_000)
    assert run.stopped == "output" and len(run.stdout) == 100_001
    status, lines = checked(tmp_path, "import sys\nwhile True:\n    sys.stdout.write('1 ' * 65536)\n")
    assert verdicts(lines) == ["WA"] * 3 and "output too long: more than" in lines[1], lines


def test_a_file_past_the_size_limit_cannot_be_written():
    run = sandboxed("open('big', 'wb').write(b'x' * (%d << 20))\n" % (sandbox.MAX_FILE_MIB + 1))
    assert run.status == 1 and b"File too large" in run.stderr, run.stderr


@pytest.mark.parametrize("source, says", [
    (b"int main() { return 0; }\n", "is not a Python program: invalid syntax (line 1)"),
    (b"\x7fELF\x02\x01\x01\x00\x00\x00",
     "is not a Python program: source code string cannot contain null bytes"),
])
def test_a_file_that_is_not_python_is_one_clear_line(tmp_path, source, says):
    status, lines = checked(tmp_path, source)
    assert status == 2 and len(lines) == 1 and lines[0].endswith(says), lines


def test_the_syntax_is_the_named_interpreters(tmp_path):
    """A program of 3.12's syntax passes under 3.12, which this Python would refuse; 3.8's, not under 3.7."""
    newest = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.12.*/bin/python3.12")))
    oldest = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.7.*/bin/python3.7")))
    if not newest or not oldest:
        pytest.skip("needs pyenv's 3.7 and 3.12, as make judge-check does")
    status, lines = checked(tmp_path, "type Vector = list[float]\n" + RIGHT, interpreter=newest[0])
    assert status == 0, lines
    status, lines = checked(tmp_path, "if (n := 1):\n    pass\n", interpreter=oldest[0])
    assert status == 2 and lines[0].endswith("is not a Python program: invalid syntax (line 1)"), lines


def test_a_missing_file_or_interpreter_is_one_clear_line(tmp_path):
    out = io.StringIO()
    assert check.check(tmp_path / "absent.py", out=out) == 2
    assert out.getvalue() == "check: cannot read %s: No such file or directory\n" % (tmp_path / "absent.py")
    status, lines = checked(tmp_path, "print(1)\n", interpreter="no-such-python3")
    assert (status, lines) == (2, ["check: no interpreter 'no-such-python3' on the PATH"])


def test_a_file_name_is_data_to_make_check(tmp_path):
    """make check FILE=... with backticks, $(...) and make's own $(...) judges that file and runs nothing."""
    marks = ["practice-injected-%d-%s" % (os.getpid(), x) for x in "XYZ"]
    name = "a`touch %s`$(touch %s)$$(shell touch %s) b.py" % tuple(marks)
    (tmp_path / name).write_bytes((ROOT / "solve.py").read_bytes())
    done = subprocess.run(["make", "-s", "check", "FILE=%s" % (tmp_path / name)], cwd=ROOT,
                          capture_output=True, timeout=600)
    lines = done.stdout.decode().splitlines()
    made = [mark for mark in marks if (ROOT / mark).exists()]
    for mark in made:
        (ROOT / mark).unlink()
    assert done.returncode == 0 and lines[-1] == "check: every case AC", (lines, done.stderr)
    assert made == []


def test_a_closed_pipe_is_quiet(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(RIGHT)
    done = subprocess.run("%s -m practice.check %s | head -1" % (sys.executable, path), shell=True,
                          cwd=ROOT, capture_output=True, timeout=120)
    assert done.stdout.startswith(b"check: ") and done.stderr == b"", done.stderr


def test_a_cached_value_is_computed_again_only_when_a_source_changes(tmp_path):
    source, calls = tmp_path / "source.txt", []
    source.write_text("one")

    def compute():
        calls.append(source.read_text())
        return calls[-1]

    name = "test-%d" % os.getpid()
    try:
        assert [cache.cached(name, [source], compute) for _ in range(2)] == ["one", "one"]
        source.write_text("two")
        assert cache.cached(name, [source], compute) == "two" and calls == ["one", "two"]
    finally:
        for path in cache.FOLDER.glob(name + "-*"):
            path.unlink()


# --- the sandbox: what a hostile program tried, each kept inside its case --------------------------

def isolated():
    """Skip where this machine cannot isolate (not root, no bwrap); fail on CI: make test installs it."""
    box = sandbox.Sandbox(PYTHON)
    if not (box.bwrap and box.grouped):
        if os.environ.get("CI"):
            pytest.fail("CI has no bubblewrap sandbox with cgroups: %s" % box.missing)
        pytest.skip("no bubblewrap sandbox with cgroups here: %s" % box.missing)


def check_process(path, *options):
    """Run `python -m practice.check` as make check does; return (exit status, its stdout's lines)."""
    done = subprocess.run([sys.executable, "-m", "practice.check", *options, str(path)], cwd=ROOT,
                          capture_output=True, timeout=600)
    return done.returncode, done.stdout.decode("utf-8", "replace").splitlines()


def hostile(attempt):
    """A program that computes the right answer, then tries attempt: where attempt sets leak (it reached
    past its case), it prints LEAK instead of the answer, and the case is WA."""
    right = RIGHT.replace("print(' '.join(", "answer = (' '.join(")
    attempt = textwrap.dedent(attempt)
    return right + "import glob, os, sys\nleak = False\n" + attempt + "\nprint('LEAK' if leak else answer)\n"


LEAKS = {
    "a file left in /tmp, /dev/shm, the working directory or HOME for a later case": """
        folders = ('/tmp', '/dev/shm', '.', os.environ.get('HOME', '/tmp'), '/var/tmp')
        marks = [os.path.join(folder, 'practice-leak') for folder in folders]
        leak = any(os.path.exists(mark) for mark in marks)
        for mark in marks:
            try:
                open(mark, 'w').write('x')
            except OSError:
                pass
        """,
    "the project's build/ and cache, written by absolute path": """
        for folder in (%r, %r, %r):
            try:
                os.makedirs(folder, exist_ok=True)
                open(os.path.join(folder, 'practice-leak'), 'w').write('x')
                leak = True
            except OSError:
                pass
        """ % (str(ROOT / "build"), str(ROOT / "build" / "cache"), str(ROOT)),
    "the answers, read from the cache or the data": """
        for name in glob.glob(%r) + glob.glob(%r) + glob.glob('/*/*.ans') + glob.glob('/*.ans'):
            try:
                leak = leak or bool(open(name, 'rb').read(1))
            except OSError:
                pass
        """ % (str(ROOT / "build" / "cache" / "*"), str(ROOT / "samples" / "*.out")),
    "the project, imported": """
        sys.path.insert(0, %r)
        try:
            import problems.gradientaccumulation.reference
            leak = True
        except ImportError:
            pass
        """ % str(ROOT),
    "another process's descriptors: the checker's report or terminal": """
        for fd in glob.glob('/proc/[0-9]*/fd/*'):
            if fd.split('/')[2] == str(os.getpid()):
                continue
            try:
                os.write(os.open(fd, os.O_WRONLY | os.O_NONBLOCK), b'0 0.0 0\\ncheck: every case AC\\n')
                leak = True
            except OSError:
                pass
        """,
    "its cgroup, left for the root cgroup of each hierarchy": """
        for procs in glob.glob('/sys/fs/cgroup/cgroup.procs') + glob.glob('/sys/fs/cgroup/*/cgroup.procs'):
            try:
                open(procs, 'w').write(str(os.getpid()))
                leak = True
            except OSError:
                pass
        """,
    "more processes than the limit": """
        import time
        try:
            for kids in range(1, 101):
                if os.fork() == 0:
                    time.sleep(30)
                    os._exit(0)
        except OSError:
            pass
        leak = kids >= %d
        """ % sandbox.MAX_PROCESSES,
}


@pytest.mark.parametrize("attempt", sorted(LEAKS))
def test_a_program_cannot_reach_past_its_case(tmp_path, attempt):
    """Two cases of one check, then a case of another: nothing one case or check leaves reaches another,
    and nothing of the project, the answers or the checker is in reach. Nothing is written outside."""
    isolated()
    source, answer = hostile(LEAKS[attempt]).encode(), reference.answer(SEED).encode()
    for box in (sandbox.Sandbox(PYTHON), sandbox.Sandbox(PYTHON)):
        for _ in range(2):
            run = box.run(source, SEED, 2, 512, 1 << 20, name="mine.py")
            assert (run.status, run.stdout.split()) == (0, answer.split()), (run.stdout, run.stderr)
    assert not list(ROOT.glob("**/practice-leak")) and not os.path.exists("/tmp/practice-leak")


def test_a_program_cannot_write_on_the_checkers_output(tmp_path):
    """A program that writes to every descriptor it can find leaves no line in make check's output."""
    isolated()
    path = tmp_path / "mine.py"
    path.write_text(hostile(LEAKS["another process's descriptors: the checker's report or terminal"]))
    status, lines = check_process(path)
    assert [line for line in lines if line.startswith(("0 0.0", "check: every"))] == ["check: every case AC"]


def test_cpu_time_is_the_whole_runs_children_included(tmp_path):
    """Two children burn CPU while the program waits; their time is the run's: TLE, whatever the speed."""
    isolated()
    burn = RIGHT + ON_SAMPLE_1 + textwrap.dedent("""
        import os, time
        r, w = os.pipe()
        for _ in range(2):
            if os.fork() == 0:  # a child: 1.1 s of its own CPU, said on the pipe, then on and on
                while time.process_time() < 1.1:
                    pass
                os.write(w, b'x')
                while True:
                    pass
        os.read(r, 1)
        os.read(r, 1)
        """)
    status, lines = checked(tmp_path, burn)
    assert status == 1 and verdicts(lines) == ["TLE", "AC", "AC"], lines


def test_memory_is_the_whole_runs_children_included(tmp_path):
    """Two processes that hold 300 MiB each at once hold 600 MiB: over the 512 MiB limit, MLE."""
    isolated()
    hold = RIGHT + ON_SAMPLE_1 + textwrap.dedent("""
        import os
        held_r, held_w = os.pipe()  # the child says it holds its 300 MiB
        done_r, done_w = os.pipe()  # the parent, holding its own, lets it go: two pipes, so neither
        child = os.fork()           # can read back its own word
        held = bytearray(300 << 20)
        for i in range(0, len(held), 4096):
            held[i] = 1
        if child == 0:
            os.write(held_w, b'x')
            os.read(done_r, 1)
            os._exit(0)
        os.read(held_r, 1)
        os.write(done_w, b'x')
        os.waitpid(child, 0)
        """)
    status, lines = checked(tmp_path, hold)
    assert status == 1 and verdicts(lines) == ["MLE", "AC", "AC"], lines


def test_a_case_sees_the_interpreter_and_nothing_of_the_project():
    isolated()
    run = sandboxed("import os, sys\nprint(sorted(os.listdir('/')), os.getuid(), sys.prefix)\n")
    top, uid, prefix = run.stdout.decode().splitlines()[0].rsplit(" ", 2)
    assert int(uid) == sandbox.NOBODY and prefix == sys.prefix
    own = {Path(p).resolve().parts[1] for p in (sys.prefix, sys.base_prefix, sys.executable)}
    assert set(eval(top)) <= {"bin", "box", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc",
                              "program", "reaper", "root", "sbin", "tmp", "usr"} | own, top  # own: the venv's
    assert run.status == 0 and str(ROOT).encode() not in run.stdout.replace(sys.prefix.encode(), b"")


# --- make check FIND=1: the smallest input that goes wrong ------------------------------------------

# Learners' solutions that pass the samples, and what the search must find for each. In the whole suite
# (not alone) the search for the update inside the loop has been seen to end at 13 numbers (K = 10, d = 1)
# where alone it ends at 12; why is not known yet. Both are small: the bound is 13.
FINDS = {
    "wrong only when K >= 3": (RIGHT.replace("for i in range(k)]\n", "for i in range(k)][:2]\n"),
                               lambda k, lr, d, n: k == 3 and d == 1),
    "abs() on small values": (RIGHT.replace("print(' '.join('0.0000' if x == '-0.0000' else x for x in out))",
                                            "print(' '.join(x.lstrip('-') if abs(float(x)) < 0.001 else x"
                                            " for x in out))"), lambda k, lr, d, n: n <= 12),
    "theta updated in the loop at lr / K": (
        READ + "for g in grads:\n    theta = [theta[j] - lr / k * g[j] for j in range(d)]\n"
        "out = ['%.4f' % x for x in theta]\n"
        "print(' '.join('0.0000' if x == '-0.0000' else x for x in out))\n", lambda k, lr, d, n: n <= 13),
}


def found(tmp_path, source, **kwargs):
    """Run check(find=1) on a program; return (status, lines, the input it printed as lines)."""
    path = tmp_path / (tmp_path.name + ".py")  # the input is saved by the file's name
    path.write_text(source)
    out, kept = io.StringIO(), check.FOUND
    check.FOUND = tmp_path / "find"  # the test's own folder, not the project's build/find/
    try:
        status = check.check(path, sys.executable, out=out, find=1, **kwargs)
    finally:
        check.FOUND = kept
    lines = out.getvalue().splitlines()
    start = next((n for n, line in enumerate(lines) if "the smallest that goes wrong" in line), len(lines))
    given = lines[start + 2:lines.index("", start + 2)] if start < len(lines) else []
    return status, lines, [line[4:] for line in given]


def in_process(source):
    """Return find.smallest's fails_on for a learner's program run in this process: the search alone."""
    code = compile(source, "learner.py", "exec")

    def fails_on(data):
        out, stdin = io.StringIO(), sys.stdin
        sys.stdin = io.StringIO(data.decode())  # the learners read sys.stdin
        try:
            with contextlib.redirect_stdout(out):
                exec(code, {"__name__": "__main__"})
        finally:
            sys.stdin = stdin
        return out.getvalue().split() != reference.answer(data).split()

    return fails_on


@pytest.mark.parametrize("learner", sorted(FINDS))
def test_each_learner_passes_both_samples(learner):
    source = FINDS[learner][0]
    assert [verdict.name for verdict in judged([(given, answer, output(source, given))
                                                for given, answer in cases()[:2]])] == ["AC", "AC"]


@pytest.mark.parametrize("learner", sorted(FINDS))
def test_the_search_finds_a_small_input_that_goes_wrong(learner):
    """The search and its shrinking, with each learner run in this process (the sandbox: below)."""
    source, small = FINDS[learner]
    data, _ = find.smallest(in_process(source), "gradientaccumulation")
    given = data.decode().splitlines()
    k, lr = int(given[0].split()[0]), float(given[0].split()[1])
    assert small(k, lr, len(given[1].split()), sum(len(row.split()) for row in given)), given


@pytest.mark.parametrize("learner", ["wrong only when K >= 3", "abs() on small values"])
def test_make_check_find_prints_and_saves_what_it_found(tmp_path, learner):
    """make check FIND=1 itself: each input run in the sandbox, the one found printed and saved."""
    source, small = FINDS[learner]
    status, lines, given = found(tmp_path, source)
    assert status == 1, lines
    k, lr = int(given[0].split()[0]), float(given[0].split()[1])
    assert small(k, lr, len(given[1].split()), sum(len(row.split()) for row in given)), given
    saved = Path([line for line in lines if line.startswith("find: the input is in ")][0].split()[5][:-1])
    assert saved.read_text() == "\n".join(given) + "\n"
    assert output(source, saved.read_bytes()).split() != reference.answer(saved.read_bytes()).split()
    expected, got, marks = [line for line in lines if line.startswith(("expected ", "found ", "      "))][:3]
    assert "^" in marks and len(expected.split()) == len(got.split()), lines


def test_the_search_says_how_many_inputs_a_right_solution_passed(tmp_path):
    status, lines, _ = found(tmp_path, RIGHT, tries=25)
    assert status == 0 and lines[-1].endswith("inputs tried (seed 1), and none shows a mistake"), lines


def test_a_taken_port_is_one_line_before_the_page_is_built():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "practice.page", "--port", str(port)], cwd=ROOT,
                              capture_output=True, timeout=60)
    assert done.returncode == 1 and done.stdout == b"", done
    assert done.stderr == ("practice: cannot serve on 127.0.0.1:%d: Address already in use; try another port:"
                           " make practice PORT=%d\n" % (port, port + 1)).encode()


def test_the_problem_is_chosen_by_its_folder_and_an_unknown_one_is_refused():
    """make check PROBLEM=...: a problem of problems/ by its name (the first by default); no other."""
    done = subprocess.run([sys.executable, "-m", "practice.check", "--problem", "nosuch", "solve.py"],
                          cwd=ROOT, capture_output=True, timeout=600)
    assert done.returncode == 2 and b"invalid choice: 'nosuch'" in done.stderr and not done.stdout, done
    status, lines = check_process(ROOT / "solve.py", "--problem", "gradientaccumulation")
    assert status == 0 and lines[-1] == "check: every case AC", lines


# --- the second problem: make check PROBLEM=linearaccumulation, within its tolerance ----------------------

LINEAR = "linearaccumulation"
LINEAR_KNOWN = check.mistakes(LINEAR)


def case_verdicts(lines):
    """Return {case name: verdict} of a check's lines."""
    return {" ".join(line.split()[:2]): line.split()[2] for line in details(lines)}


@pytest.mark.parametrize("name", sorted(Problem.named(LINEAR).accepted()))
def test_the_second_problems_accepted_solutions_are_ac_on_every_case(tmp_path, name):
    status, lines = checked(tmp_path, Problem.named(LINEAR).accepted()[name], problem=LINEAR)
    assert status == 0 and verdicts(lines) == ["AC"] * len(check.cases(LINEAR)), lines
    assert lines[-1] == "check: every case AC"


def test_the_second_problems_slow_submission_is_tle_on_the_largest_cases(tmp_path):
    """Right, with K·B·d² work: AC where the data is small, TLE on the case with the most of that work (the
    largest d), never WA."""
    (source,) = Problem.named(LINEAR).too_slow().values()
    status, lines = checked(tmp_path, source, problem=LINEAR)
    judged = case_verdicts(lines)

    def work(case):
        k, b, d = (int(token) for token in case[1].split()[:3])
        return k * b * d * d

    assert status == 1 and judged[max(check.cases(LINEAR), key=work)[0]] == "TLE", lines
    assert set(judged.values()) == {"AC", "TLE"} and len(judged) == len(check.cases(LINEAR)), lines


@pytest.mark.parametrize("mistake", sorted(LINEAR_KNOWN))
def test_each_mistake_of_the_second_problem_is_named_only_as_itself_and_somewhere(mistake):
    """Fed every case in turn, a mistake's output is WA, named as that mistake or not at all, and named
    somewhere (on its second case where it is wrong, at the latest): the data tells the mistakes apart
    beyond the tolerance."""
    named, checker = set(), Check(LINEAR_KNOWN, Problem.named(LINEAR).tolerance)
    for _, _, answer, prints in check.cases(LINEAR):
        verdict = checker.run(answer, prints, *as_run(prints[mistake]))
        assert verdict.mistakes in ([], [mistake]), verdict
        named.update(verdict.mistakes)
    assert named == {mistake}


def test_make_check_names_a_mistake_of_the_second_problem_on_its_samples(tmp_path):
    """The sandboxed check of a wrong submission: WA on a sample, its mistake named, the secret data kept."""
    status, lines = checked(tmp_path, Problem.named(LINEAR).wrong_answers()["sum_not_mean"], problem=LINEAR)
    assert status == 1 and "WA" in verdicts(lines), lines
    assert any(line.endswith(LINEAR_KNOWN["sum_not_mean"].sentence) for line in details(lines)), lines
    assert lines[-2] == "check: the secret data is for after the samples pass: fix them first", lines


def test_a_right_answer_to_the_second_problem_within_the_tolerance_is_ac(tmp_path):
    """Its values to 7 significant digits, with exponents, off the answer's by up to 5e-7 relative: AC on
    every case, as on a judge with float_tolerance 1e-6; one digit fewer is WA, with no mistake named."""
    status, lines = checked(tmp_path, linear_program(shown="'%.6e' % x"), problem=LINEAR)
    assert status == 0 and lines[-1] == "check: every case AC", lines
    status, lines = checked(tmp_path, linear_program(shown="'%.4e' % x"), problem=LINEAR)
    assert status == 1 and "WA" in verdicts(lines) and not any("; " in line for line in details(lines)), lines


# --- the third problem: make check PROBLEM=headaccumulation, and a mistake that crashes (RTE) --------------

HEAD = "headaccumulation"
HEAD_KNOWN = check.mistakes(HEAD)
OVERFLOWING = "softmax_overflow"  # its run_time_error/ submission: right, where its softmax does not overflow


def test_the_third_problems_mistakes_are_its_wrong_and_its_crashing_submissions():
    folder = Problem.named(HEAD)
    crashing = set(folder.run_time_errors())
    assert OVERFLOWING in crashing and set(HEAD_KNOWN) == set(folder.wrong_answers()) | crashing
    assert set(check.mistakes(LINEAR)) == set(Problem.named(LINEAR).wrong_answers())  # none crashes


@pytest.mark.parametrize("name", sorted(Problem.named(HEAD).accepted()))
def test_the_third_problems_accepted_solutions_are_ac_on_every_case(tmp_path, name):
    status, lines = checked(tmp_path, Problem.named(HEAD).accepted()[name], problem=HEAD)
    assert status == 0 and verdicts(lines) == ["AC"] * len(check.cases(HEAD)), lines
    assert lines[-1] == "check: every case AC"


def test_the_third_problems_slow_submission_is_tle_on_the_largest_case(tmp_path):
    """Right, and slow: AC where the data is small, TLE on the largest input, never WA."""
    (source,) = Problem.named(HEAD).too_slow().values()
    status, lines = checked(tmp_path, source, problem=HEAD)
    judged = case_verdicts(lines)
    assert status == 1 and judged[max(check.cases(HEAD), key=lambda case: len(case[1]))[0]] == "TLE", lines
    assert set(judged.values()) == {"AC", "TLE"} and len(judged) == len(check.cases(HEAD)), lines


def as_run(kept):
    """Return (status, stdout, stderr) of a program that gives what a mistake gave on a case, as
    mistake_prints() keeps it: its values printed, or a crash with its exception."""
    if isinstance(kept, dict):
        return 1, b"", traceback_of(kept["raises"] + ": as the mistake raised it")
    return 0, " ".join(kept[0]).encode() + b"\n", b""


@pytest.mark.parametrize("mistake", sorted(HEAD_KNOWN))
def test_each_mistake_of_the_third_problem_is_named_only_as_itself_and_somewhere(mistake):
    """A learner who gives, on every case in turn, what a mistake gives there (its values, or its
    crash) is named as that mistake or not at all, and named somewhere: the data tells every mistake
    apart beyond the tolerance, the crashing one by where it crashes."""
    named, checker = set(), Check(HEAD_KNOWN, Problem.named(HEAD).tolerance)
    for _, _, answer, prints in check.cases(HEAD):
        verdict = checker.run(answer, prints, *as_run(prints[mistake]))
        assert verdict.mistakes in ([], [mistake]), verdict
        named.update(verdict.mistakes)
    assert named == {mistake}


def test_the_crashing_mistake_crashes_on_some_cases_and_is_right_on_the_others():
    tolerance = Problem.named(HEAD).tolerance
    crashes = [name for name, _, _, prints in check.cases(HEAD) if isinstance(prints[OVERFLOWING], dict)]
    assert crashes and all(name.startswith("secret") for name in crashes), crashes
    for name, _, answer, prints in check.cases(HEAD):
        if name not in crashes:
            assert Check({}, tolerance).run(answer, {}, *as_run(prints[OVERFLOWING])).name == "AC", name


@pytest.mark.parametrize("source", [
    Problem.named(HEAD).submissions("run_time_error")[OVERFLOWING + ".py"].decode(),
    head_program(top="0"),
], ids=["softmax_overflow.py", "a learner's softmax with nothing subtracted"])
def test_make_check_says_rte_and_names_the_overflow_where_it_crashes(tmp_path, source):
    """The sandboxed check: RTE on exactly the cases where softmax_overflow.py crashes, each with the line
    of the crash and the mistake's sentence (OverflowError, or ZeroDivisionError where every exp()
    underflows to 0), and AC elsewhere. A learner's own program with the same crash is named alike."""
    status, lines = checked(tmp_path, source, problem=HEAD)
    crashes = {name: prints[OVERFLOWING]["raises"] for name, _, _, prints in check.cases(HEAD)
               if isinstance(prints[OVERFLOWING], dict)}
    judged = case_verdicts(lines)
    not_ac = {name for name, verdict in judged.items() if verdict != "AC"}
    assert status == 1 and not_ac == set(crashes), lines
    assert "OverflowError" in crashes.values(), crashes
    sentence = HEAD_KNOWN[OVERFLOWING].sentence
    crashed = [line for line in details(lines) if " ".join(line.split()[:2]) in crashes]
    for number, line in enumerate(crashed):
        name = " ".join(line.split()[:2])
        assert line.split()[2] == "RTE" and ": %s: " % crashes[name] in line, line
        assert line.endswith("; " + sentence) == (number > 0), line  # named from the second crash on


def test_make_check_names_the_mean_of_means_once_a_secret_case_proves_it(tmp_path):
    """The sandboxed check of a learner's mean of the micro-batches' means: sample 1 (equal micro-batches,
    no padding) passes, sample 2 (unequal counts, padding) is WA and fits the mean of means alone, on one
    case: no name yet. The first secret case where the mean of means is wrong runs too, and names it
    there; the rest of the secret data waits."""
    status, lines = checked(tmp_path, head_program(mean_of_means=True), problem=HEAD)
    assert status == 1 and verdicts(lines) == ["AC", "WA", "WA"], lines
    sentence = "; " + HEAD_KNOWN["mean_of_means"].sentence
    assert not details(lines)[1].endswith(sentence) and details(lines)[2].endswith(sentence), lines
    assert details(lines)[2].startswith("secret 06-d1 "), lines
    assert any(line.startswith("check: your outputs so far fit one known mistake") for line in lines), lines
    assert lines[-2] == "check: the secret data is for after the samples pass: fix them first", lines


# --- the checker's own work, and what it runs outside the sandbox (the third round of #63) -----------

def test_one_long_printed_token_is_judged_in_one_pass():
    """A number pattern that backtracks spends hours on a 600,000-digit token ending in a letter; the
    judge reads it in one pass, and a token past MAX_TOKEN is no number at all. Run under a CPU limit
    far above what one pass takes, so that the old pattern fails here rather than hangs."""
    program = ("import resource, sys\nresource.setrlimit(resource.RLIMIT_CPU, (20, 21))\n"
               "from practice import judge\n"
               "known = judge.mistakes(%r)\n"
               "checker = judge.Check(known, 1e-6)\n"
               "given = b'1.5 2\\n'\n"
               "prints = judge.mistake_prints(known, given, given, 1e-6)\n"
               "long = b'1' * 600000 + b'x'\n"
               "for output in (long + b' 2\\n', b'1.5 ' + long, b'[' + long + b', 2]'):\n"
               "    verdict = checker.judge(given, output, prints)\n"
               "    assert verdict.name == 'WA', verdict\n"
               "print(judge.close(b'1', b'1.' + b'0' * (judge.MAX_TOKEN + 1), 1e-6))\n") % (SCALED,)
    done = subprocess.run(PYTHON + ["-c", program], capture_output=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0 and done.stdout == b"False\n", done.stderr[-2000:]


def test_the_output_bound_is_the_judges_8_mib_so_80_digits_a_value_are_ac(tmp_path):
    """Judges bound output in MiB (the package format's default limit, 8 MiB): a right program that prints
    every value with 80 significant digits, five times the answer's size, is AC on every case."""
    assert judge.output_limit() == 8 << 20
    status, lines = checked(tmp_path, linear_program(shown="'%.80g' % x"), problem="linearaccumulation")
    assert status == 0 and lines[-1] == "check: every case AC", lines


def test_a_source_past_the_judges_size_is_refused_in_one_line(tmp_path):
    source = RIGHT + "# " + "x" * (check.MAX_SOURCE_KIB << 10) + "\n"
    status, lines = checked(tmp_path, source)
    assert status == 2 and lines == ["check: %s is %d KiB; judges take at most 256 KiB of source"
                                     % (tmp_path / "mine.py", -(-len(source) // 1024))], lines


def test_the_syntax_check_runs_in_the_sandbox_and_names_the_line(tmp_path, monkeypatch):
    """The learner's interpreter compiles the source in the sandbox, as a case runs, within its limits: a
    syntax error names its line."""
    ran, run = [], sandbox.Sandbox.run
    monkeypatch.setattr(sandbox.Sandbox, "run",
                        lambda box, *a, **k: ran.append(k.get("name")) or run(box, *a, **k))
    status, lines = checked(tmp_path, RIGHT + "print(1\n")
    line = len(RIGHT.splitlines()) + 1
    assert status == 2 and lines[-1].endswith("was never closed (line %d)" % line), lines
    assert ran == ["syntax_check.py"]


def test_no_file_named_like_a_standard_module_runs_in_the_checker(tmp_path):
    """make check's checker starts isolated and puts the project after the standard library, and asks the
    learner's interpreter about itself from an empty folder: random.py and json.py in the folder it is
    started from (the project's root, for make check) or beside the learner's file are never imported
    outside the sandbox. Each would leave a mark if it were; the learner's own file, named random.py, is
    judged AC as any right program."""
    makefile = (ROOT / "Makefile").read_text()
    checker = next(line.split(":= ", 1)[1] for line in makefile.splitlines()
                   if line.startswith("export CHECKER"))
    mark = tmp_path / "imported"
    shadow = "open(%r, 'a').write(__name__ + '\\n')\n" % str(mark)
    for module in ("json", "tempfile", "queue", "heapq", "bisect", "shlex"):
        (tmp_path / (module + ".py")).write_text(shadow)
    (tmp_path / "random.py").write_text(RIGHT)  # the learner's file, in the folder the check starts from
    done = subprocess.run([sys.executable, "-I", "-c", checker, str(ROOT), "--interpreter", sys.executable,
                           "--", "random.py"], cwd=tmp_path, capture_output=True, timeout=600)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and lines[-1] == "check: every case AC", (lines, done.stderr[-2000:])
    assert not mark.exists(), mark.read_text()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT])
def test_a_check_stopped_midway_leaves_no_case_folder_and_no_cgroup(tmp_path, how):
    """However a check ends, each case cleans up: stopped while two cases run (a loop that would run to
    the limit), it exits at once, and leaves no case folder in its temporary folder and no cgroup."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    program = tmp_path / "loop.py"
    program.write_text("while True:\n    pass\n")
    before = set(glob.glob("/sys/fs/cgroup/**/practice-*", recursive=True))
    started = subprocess.Popen([sys.executable, "-m", "practice.check", "--interpreter", sys.executable, "--",
                                str(program)], cwd=ROOT, env=dict(os.environ, TMPDIR=str(folder)),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for _ in range(6000):  # until both cases run: their folders are there
        if len(list(folder.glob("practice-case-*"))) >= 2 or started.poll() is not None:
            break
        time.sleep(0.01)
    assert len(list(folder.glob("practice-case-*"))) >= 2, started.communicate()
    started.send_signal(how)
    out, err = started.communicate(timeout=60)
    assert started.returncode == (130 if how == signal.SIGINT else 128 + how), (out, err)
    assert not err and list(folder.iterdir()) == [], (err, list(folder.iterdir()))
    left = set(glob.glob("/sys/fs/cgroup/**/practice-*", recursive=True)) - before
    for _ in range(600):  # another test's cases (other workers) come and go; a group left behind stays
        left = {path for path in left if os.path.exists(path)}
        if not left:
            break
        time.sleep(0.1)
    assert not left, left


PROBES = """import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
def refused(number, *args):
    done = libc.syscall(number, *args)
    return done == -1 and ctypes.get_errno() == 1
print(refused(248, b"user", b"probe", b"planted", 7, -4))  # add_key to the user's keyring
print(refused(250, 0, -4, 0))                             # keyctl: KEYCTL_GET_KEYRING_ID
print(refused(272, 0x10000000))                           # unshare(CLONE_NEWUSER)
print(refused(56, 0x10000000 | 17, 0, 0, 0, 0))           # clone(CLONE_NEWUSER | SIGCHLD)
print(refused(101, 16, 1, 0, 0))                          # ptrace(PTRACE_ATTACH, 1)
print(refused(165, b"none", b"/tmp", b"tmpfs", 0, 0))     # mount
print(refused(321, 0, 0, 0))                              # bpf
pid = os.fork()
if pid == 0:
    os._exit(3)
print(os.waitpid(pid, 0)[1] >> 8, open("/proc/self/status").read().split("CapBnd:")[1].split()[0])
"""


BOX = sandbox.Sandbox(PYTHON)


@pytest.mark.skipif(not BOX.bwrap or "seccomp" in " ".join(BOX.missing),
                    reason="needs bubblewrap and Debian's python3-seccomp (make test installs them as root)")
def test_a_case_cannot_reach_the_kernels_keyrings_new_namespaces_or_other_processes():
    """The seccomp filter bwrap loads refuses, with EPERM, what no contest program needs and what reaches
    past the case: nobody's keyring on the host (a planter's key, read by the next check), a new user
    namespace (by unshare or by clone), ptrace, mount, bpf. fork still works, and the capability
    bounding set is empty."""
    run = sandboxed(PROBES, data=b"")
    assert run.stdout.decode().split("\n") == ["True"] * 7 + ["3 0000000000000000", ""], run.stderr[-2000:]


REAPING = pytest.mark.skipif(not BOX.bwrap or "reaper" in " ".join(BOX.missing),
                             reason="needs bubblewrap and a C compiler")


@REAPING
@pytest.mark.parametrize("code", [152, 137, 129, 192])
def test_an_exit_status_past_128_is_rte_with_that_status_never_a_signal(tmp_path, code):
    """bwrap reports a program killed by signal N as 128 + N: the reaper inside the sandbox (practice/
    reaper.c) tells the checker which it was. sys.exit(152) is RTE with exit status 152, not a TLE at
    SIGXCPU (152 = 128 + 24); 137 is no SIGKILL."""
    run = sandboxed("import sys\nsys.exit(%d)\n" % code)
    assert (run.status, run.signal) == (code, None), (run.status, run.signal)
    status, lines = checked(tmp_path, READ + "sys.exit(%d)\n" % code)
    assert verdicts(lines)[0] == "RTE", lines
    assert lines[1].endswith("exit status %d, nothing on stderr" % code), lines


@REAPING
def test_a_signal_is_still_a_signal_and_a_killed_reaper_is_never_a_clean_exit():
    crashed = sandboxed("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n")
    assert (crashed.status, crashed.signal) == (None, signal.SIGSEGV)
    forged = sandboxed("import os, signal\nfor fd in range(3, 64):\n    try:\n"
                       "        os.write(fd, b'exit 0\\n')\n    except OSError:\n        pass\n"
                       "os.kill(os.getppid(), signal.SIGKILL)\nprint('AC')\n")
    assert forged.status is None and forged.signal == signal.SIGKILL, (forged.status, forged.signal)


def test_a_flood_of_tokens_does_not_fill_the_checkers_memory():
    """8 MiB of one-byte tokens (4 million) would be 4 million objects if split: the judge counts them in
    one pass and, far more than the answer has, says so without splitting them."""
    import tracemalloc
    known = judge.mistakes(SCALED)
    given = b"1.5 2\n"
    prints = mistake_prints(known, given, given, TOLERANCE)
    flood = b"1 " * (4 << 20)
    tracemalloc.start()
    try:
        verdict = Check(known, TOLERANCE).judge(given, flood, prints)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (verdict.name, verdict.detail) == ("WA", "expected 2 values, found %d" % (4 << 20))
    assert peak < 16 << 20, peak  # a split alone would hold hundreds of MiB


@REAPING
def test_a_program_that_sends_itself_sigxcpu_is_no_tle(tmp_path):
    """Where a cgroup measures the CPU time, SIGXCPU from the program itself is a crash (RTE, killed by
    SIGXCPU) with its own few hundredths of a second, not a TLE at a made-up 3 s."""
    status, lines = checked(tmp_path, READ + "import os, signal\nos.kill(os.getpid(), signal.SIGXCPU)\n")
    if not BOX.grouped:
        pytest.skip("needs a cgroup (root): without one, SIGXCPU is the CPU limit's own signal")
    assert verdicts(lines)[0] == "RTE" and "killed by SIGXCPU" in lines[1], lines


def test_a_file_that_is_not_regular_is_refused_in_one_line(tmp_path):
    fifo = tmp_path / "mine.py"
    os.mkfifo(fifo)
    out = io.StringIO()
    assert check.check(fifo, sys.executable, out=out) == 2
    assert out.getvalue() == "check: %s is not a regular file\n" % fifo
