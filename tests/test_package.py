"""The packages' validators, data, statement and wrong answers, and what each format's writer
(packages/formats/) makes of them (`make package-check` runs problemtools and BAPCtools on them;
`make dmoj-check` runs DMOJ's judge)."""

import contextlib
import io
import math
import os
import re
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path
from unittest import mock

import pytest
import yaml

from packages import build_package, statement
from packages.problem import Problem
from packages.problem import names as problem_names
from problems.gradientaccumulation import reference
from problems.gradientaccumulation.generators import gen
from problems.gradientaccumulation.validators import validate, validate_answer
from testkit.runs import ROOT
from tests.support import compiled, wrong_answer
from tools import domjudge_rules, package_check, render

PROBLEM = Problem.named()
VALIDATOR = PROBLEM.input_validator
ANSWER_VALIDATOR = PROBLEM.answer_validator
SEED = b"2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The folder the packages are built under, and build()'s own answer: one build for the tests that
    only read them."""
    root = tmp_path_factory.mktemp("packages")
    return root, build_package.build(root)


def run_validator(data):
    return subprocess.run([sys.executable, str(VALIDATOR)], input=data, capture_output=True, timeout=60)


def test_validator_exit_codes_are_the_package_format():
    """problemtools reads 42 as valid and 43 as invalid; any other status is a validator crash."""
    assert run_validator(SEED).returncode == 42
    rejected = run_validator(SEED.replace(b"\n", b"\r\n"))
    assert rejected.returncode == 43 and rejected.stderr.startswith(b"invalid: ")


@pytest.mark.parametrize("data", [
    SEED,
    b"1 0\n5\n-5\n",
    b"10 10\n" + b"1000000000 -1000000000\n" * 11,
    b"1 0.0000000001\n-0.0000000001 0\n0 -0\n",
], ids=["seed", "k1-d1", "k10-bounds", "ten-decimals"])
def test_canonical_inputs_are_valid(data):
    validate.validate(data)


@pytest.mark.parametrize("data, why", [
    (b"\xef\xbb\xbf" + SEED, "line 1 must be"),
    (SEED.replace(b"\n", b"\r\n"), "\\n alone"),
    (SEED[:-1], "end with a newline"),
    (SEED.replace(b"1.0 2.0", b"1.0  2.0"), "not a plain decimal"),
    (SEED.replace(b"1.0 2.0", b"1.0 2.0 "), "not a plain decimal"),
    (SEED.replace(b"1.0 2.0", b" 1.0 2.0"), "not a plain decimal"),
    (SEED + b"\n", "expected 4 lines"),
    (SEED.replace(b"0.5 1.0\n", b"0.5 1.0\n\n"), "expected 4 lines"),
    (b"11 0.1\n" + b"1\n" * 12, "K = 11"),
    (b"0 0.1\n1\n", "line 1 must be"),
    (b"02 0.1\n1\n1\n1\n", "line 1 must be"),
    (b"1 -0.1\n1\n1\n", "lr must not be negative"),
    (b"1 10.5\n1\n1\n", "outside"),
    (b"1 0.1\n1e3\n1\n", "not a plain decimal"),
    (b"1 0.1\n01\n1\n", "not a plain decimal"),
    (b"1 0.1\n.5\n1\n", "not a plain decimal"),
    (b"1 0.1\n5.\n1\n", "not a plain decimal"),
    (b"1 0.1\n0.12345678901\n1\n", "not a plain decimal"),
    (b"1 0.1\n1000000000.5\n1\n", "outside"),
    (b"1 0.1\n1 2\n1\n", "must hold d = 2"),
    (b"1 0.1\n" + b" ".join([b"0"] * 100_001) + b"\n" + b" ".join([b"0"] * 100_001) + b"\n", "d = 100001"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_non_canonical_inputs_are_invalid(data, why):
    with pytest.raises(validate.Invalid, match=why.replace("\\", "\\\\")):
        validate.validate(data)


@pytest.mark.parametrize("data, why", [
    (b"3 9.5\n6742.185152074\n469.041802776\n669.8188\n990.2513663\n",
     "-0.0027 left to right, -0.0028 in reverse"),
    (b"3 7.541\n-546.62573339\n-500.8815\n594.57543\n-311.1543\n",
     "-0.0029 left to right, -0.0028 left to right, as (lr * s) / K"),
    (b"6 3.9\n1041.1629454333\n-32.55176\n-169.611\n990.0092955\n-264.46811\n179.1542737\n899.258986082\n",
     "-0.0016 left to right, -0.0017 in reverse"),
    (b"1 1.562\n1.87055\n4.6\n", "-5.3147 left to right, -5.3146 in exact arithmetic"),
], ids=["fsum-and-reverse", "lr-times-sum-over-k", "reverse", "exact"])
def test_an_input_whose_answer_depends_on_how_it_is_added_is_invalid(data, why):
    """A solution that adds correctly in another order, or exactly, must never be judged wrong."""
    with pytest.raises(validate.Invalid, match=re.escape("value 1 of the answer depends on how a correct"
                                                         " solution adds: " + why)):
        validate.validate(data)


def test_every_sample_prints_the_same_however_a_correct_solution_adds():
    """The golden pairs too, though their format is the solver's, not only the package's."""
    for path in sorted((ROOT / "samples").glob("*.in")):
        k, lr, theta, grads = reference.problem(path.read_bytes())
        for j, column in enumerate(zip(*grads, strict=True)):
            assert validate.unfair(theta[j], lr, column) == "", (path.name, j)


def test_every_valid_input_is_one_the_solver_and_reference_accept():
    """The canonical format is a subset of the solver's contract."""
    for name, data in PROBLEM.cases(largest=False).items():  # `make package` checks them all
        validate.validate(data)
        assert reference.outcome(data)[0] == "ok", name


def run_wrong_answer(source, data):
    """Return what the wrong-answer program source prints on input bytes, run in-process (it is a script
    of sys.stdin.read() and print(), so a fresh namespace and swapped streams are all it needs)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), mock.patch("sys.stdin", io.StringIO(data.decode("ascii"))):
        exec(compile(source, "wrong_answer.py", "exec"), {"__name__": "__main__"})
    return out.getvalue()


@pytest.mark.parametrize("name", sorted(PROBLEM.wrong_answers()))
def test_each_wrong_answer_fails_on_some_secret_case(name):
    """The mistakes are real: each prints a different answer than the reference on some small case."""
    source = wrong_answer(name)
    wrong = []
    for case, data in PROBLEM.cases(largest=False).items():
        if run_wrong_answer(source, data) != reference.answer(data):
            wrong.append(case)
    assert wrong, f"{name} passes every case"


def test_exact_ties_round_to_even_both_ways_as_the_statement_says():
    """A result exactly halfway rounds to the even last digit: the data holds such ties, up and down."""
    data = PROBLEM.cases(largest=False)
    for name in ("24-exact-ties", "25-exact-ties-after-an-update"):
        lines = data[name].decode().split("\n")
        values, answer = lines[1].split(), reference.answer(data[name]).split()
        directions = set()
        shift = 2 if name.startswith("25") else 0  # case 25: theta = tie + 2, and lr * mean(g) = 2
        for text, printed in zip(values, answer, strict=True):
            assert Fraction(float(text)) == Fraction(text), text  # a double holds it exactly
            scaled = (Fraction(text) - shift) * 10**4
            assert scaled.denominator == 2, text  # exactly halfway between two 4-decimal values
            down, up = scaled - Fraction(1, 2), scaled + Fraction(1, 2)
            even = down if down % 2 == 0 else up
            assert Fraction(printed) * 10**4 == even, (text, printed)
            directions.add(abs(even) > abs(scaled))
        assert directions == {True, False}, name
    body = statement.read(PROBLEM.statement)[1]
    assert "halfway" in body and "even" in body


def test_half_up_rounding_is_wrong_only_where_a_tie_is():
    """The half-up mistake is caught by the ties and by nothing else: the ties are what catch it."""
    source = wrong_answer("half_up_rounding")
    samples = {"sample-%d" % (i + 1): (ROOT / "samples" / (n + ".in")).read_bytes()
               for i, n in enumerate(PROBLEM.samples())}
    wrong = set()
    for case, data in {**samples, **PROBLEM.cases(largest=False)}.items():
        if run_wrong_answer(source, data) != reference.answer(data):
            wrong.add(case)
    assert wrong == {"sample-2", "24-exact-ties", "25-exact-ties-after-an-update"}


def test_the_second_sample_shows_the_printing_rules():
    """-0.0000 as 0.0000, a value np.round gets wrong, and an exact tie, as the statement explains."""
    assert PROBLEM.samples() == ["seed-example-lines", "printing-rules", "three-microbatches"]
    data = (ROOT / "samples" / "printing-rules.in").read_bytes()
    golden = (ROOT / "samples" / "printing-rules.out").read_text()
    assert golden == reference.answer(data) == "0.0000 0.8283 0.0312\n"
    assert gen.np_round_differs("0.82825") and "%.4f" % -0.00001 == "-0.0000"
    body = statement.read(PROBLEM.statement)[1]
    assert "\\texttt{0.8283}" in body and "\\texttt{0.0312}" in body and "\\texttt{\\%.4f}" in body


def test_every_format_states_the_one_time_and_memory_limit(built):
    """2 s and 512 MiB: the rule's value on 2026-12-01 (docs/package.md); legacy states the rule's factor.
    Each file is YAML dumped from the problem's numbers: read back here as the judges read it."""
    root, (legacy, current, dmoj) = built
    assert (PROBLEM.time_limit_s, PROBLEM.memory_limit_mib, PROBLEM.ac_to_time_limit) == (2, 512, 2.5)
    old = yaml.safe_load((legacy / "problem.yaml").read_text())
    assert old["limits"] == {"time_multiplier": 2.5, "time_safety_margin": 2, "memory": 512}
    assert old["validation"] == "default" and old["uuid"] == PROBLEM.uuid
    assert "verifyproblem --fixed_timelim 2." in (legacy / "problem.yaml").read_text()  # its comment
    new = yaml.safe_load((current / "problem.yaml").read_text())
    assert new["limits"] == {"time_limit": 2, "memory": 512,
                             "time_multipliers": {"ac_to_time_limit": 2.5, "time_limit_to_tle": 2}}
    # A string, as BAPCtools compares it (not a date), and the uuid as the problem's own string.
    assert (new["problem_format_version"], new["type"], new["uuid"]) == ("2025-09", "pass-fail", PROBLEM.uuid)
    with zipfile.ZipFile(root / "domjudge" / "gradientaccumulation.zip") as archive:
        assert yaml.safe_load(archive.read("problem.yaml")) == {"name": "Gradient Accumulation", **old}
        assert archive.read(".timelimit") == b"2\n"
    assert "# Time limit: 2 s, memory limit: 524288 KB;" in (dmoj / "init.yml").read_text()
    package = (ROOT / "docs" / "package.md").read_text()
    assert "2 s" in package and "524288 KB" in package and "512 MiB" in package


def test_the_product_imports_no_dev_tooling():
    """`make package` runs with the product alone: packages/ imports nothing of tools/, testkit/ or tests/."""
    script = ("import sys, packages.build_package;"
              " print(sorted({name.split('.')[0] for name in sys.modules} & {'tools', 'testkit', 'tests'}))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, "[]\n"), done.stderr


def test_the_naive_solution_is_an_accepted_submission_too(built):
    """The time limit must leave room for the naive solution: both packages judge it, and must accept it."""
    _, (legacy, current, _) = built
    accepted = legacy / "submissions" / "accepted"
    assert sorted(path.name for path in accepted.iterdir()) == ["loose_spacing.py", "naive.py", "solve.cpp",
                                                                "solve.py"]
    assert sorted(path.name for path in (current / "submissions" / "accepted").iterdir()) == sorted(
        path.name for path in accepted.iterdir())
    assert (accepted / "solve.py").read_bytes() == (ROOT / "solve.py").read_bytes()
    naive = PROBLEM.folder / "submissions" / "accepted" / "naive.py"
    assert (accepted / "naive.py").read_bytes() == naive.read_bytes()
    answer = subprocess.run([sys.executable, str(naive)],
                            input=(ROOT / "samples" / "printing-rules.in").read_bytes(), capture_output=True)
    assert answer.stdout == (ROOT / "samples" / "printing-rules.out").read_bytes()


# ---------------------------------------------------- the 2025-09 package ---


def test_invalid_inputs_are_rejected_by_the_validator():
    """data/invalid_input/ of the 2025-09 package: bt validate requires the validator to reject each."""
    names = PROBLEM.invalid_inputs()
    assert len(names) >= 20
    for data in names.values():
        with pytest.raises(validate.Invalid):
            validate.validate(data)


def test_the_validator_reports_the_bounds_each_input_reaches(tmp_path):
    """--constraints_file, as BAPCtools passes it: one line a bound, in validation.h's format."""
    path = tmp_path / "constraints"
    done = subprocess.run([sys.executable, str(VALIDATOR), "--constraints_file", str(path)],
                          input=b"10 0\n1000000000 -0.5\n" + b"1 2\n" * 10, capture_output=True, timeout=60)
    assert done.returncode == 42, done.stderr
    assert path.read_text().splitlines() == [
        "validate.py:K K 0 1 10 10 1 10",
        "validate.py:d d 0 0 2 2 1 100000",
        "validate.py:eta eta 1 0 0 0 0 10",
        "validate.py:x x 0 1 -0.5 1000000000 -1000000000 1000000000",
    ]


def test_the_secret_data_reaches_every_bound():
    """What `bt constraints` checks: K, lr, d and the values each reach both ends of their range."""
    bounds = validate.Bounds()
    for data in PROBLEM.cases(largest=True).values():
        validate.validate(data, bounds)
    assert [line.split()[2:4] for line in bounds.lines()] == [["1", "1"]] * 4, bounds.lines()


@pytest.mark.parametrize("answer, problem, why", [
    (b"0.9000 1.8000\n", SEED, None),
    (b"0.0000\n", b"1 0\n-0.00001\n0\n", None),
    (b"-0.0000\n", b"1 0\n-0.00001\n0\n", "-0.0000 must be written 0.0000"),
    (b"0.9000 1.8000", SEED, "one line ending with a newline"),
    (b"0.9000 1.8000\n\n", SEED, "one line ending with a newline"),
    (b"0.9000\n", SEED, "expected d = 2 values, as theta has, found 1"),
    (b"0.900 1.8000\n", SEED, "is not a value with 4 decimals"),
    (b"0.9000  1.8000\n", SEED, "is not a value with 4 decimals"),
    (b"00.9000 1.8000\n", SEED, "is not a value with 4 decimals"),
    (b"9e-1 1.8000\n", SEED, "is not a value with 4 decimals"),
])
def test_the_answer_validator(answer, problem, why):
    if why is None:
        assert validate_answer.validate(answer, problem) == len(problem.split(b"\n")[1].split())
    else:
        with pytest.raises(validate_answer.Invalid, match=why):
            validate_answer.validate(answer, problem)


def test_the_answer_validator_as_a_program(tmp_path):
    """As bt runs it: the input's path as argument, the answer on stdin, 42 or 43, d's bounds recorded."""
    problem, constraints = tmp_path / "1.in", tmp_path / "constraints"
    problem.write_bytes(SEED)
    run = lambda answer, *args: subprocess.run(  # noqa: E731
        [sys.executable, str(ANSWER_VALIDATOR), str(problem), *args], input=answer, capture_output=True)
    assert run(b"0.9000 1.8000\n", "--constraints_file", str(constraints)).returncode == 42
    assert constraints.read_text() == "validate_answer.py:d d 0 0 2 2 1 100000\n"
    rejected = run(b"-0.0000 1.8000\n")
    assert (rejected.returncode, rejected.stderr) == (43, b"invalid: -0.0000 must be written 0.0000\n")


def test_the_answer_validator_stands_alone_with_the_same_bound():
    assert validate_answer.MAX_D == validate.MAX_D


def test_every_answer_is_valid():
    for data in PROBLEM.cases(largest=False).values():
        validate_answer.validate(reference.answer(data).encode(), data)


# -------------------------------------------------------------- statement ---


def test_the_statement_is_made_from_docs_problem_md():
    """Both packages' LaTeX comes from the problem's statement.md: its title, sections, math and code map
    one to one."""
    title, body = statement.read(PROBLEM.statement)
    assert title == "Gradient Accumulation"
    assert "\\section*{Input}" in body and "\\section*{Output}" in body
    assert "$1 \\le K \\le 10$" in body and "\\texttt{-0.0000}" in body and "\\emph{micro-batches}" in body
    assert "## Sample" not in body and "0.9000 1.8000" not in body  # the part after the end marker is not


@pytest.mark.parametrize("markdown, why", [
    ("# T\n\n- a list\n", "outside the subset"),
    ("# T\n\n50% off\n", "outside math or code"),
    ("# T\n\na_b\n", "outside math or code"),
    ("# T\n\n$$\nx\n", "not closed"),
    ("no title\n", "no '# Title' line"),
])
def test_the_statement_refuses_what_it_cannot_map(tmp_path, markdown, why):
    source = tmp_path / "problem.md"
    source.write_text(markdown + statement.END + " -->\n")
    with pytest.raises(statement.StatementError, match=why):
        statement.read(source)


# ------------------------------------------ one verdict on every judge, the setter's path ---


def test_the_loose_answer_is_right_but_for_its_spacing(tmp_path):
    """loose_spacing.py, accepted in every package: the right tokens, a trailing space, no final newline."""
    program = tmp_path / "loose_spacing.py"
    program.write_text(PROBLEM.accepted()["loose_spacing"].decode())
    for name in ("printing-rules", "seed-example-lines", "tiny-negative-prints-zero"):
        answer = (ROOT / "samples" / (name + ".out")).read_bytes()
        given = (ROOT / "samples" / (name + ".in")).read_bytes()
        done = subprocess.run([sys.executable, str(program)], input=given, capture_output=True)
        assert done.stdout == answer[:-1] + b" " and done.stdout.split() == answer.split()


def dmoj_checker(dmoj):
    """Return the check() of the DMOJ folder's tokens.py, loaded as DMOJ loads a checker module."""
    scope = {}
    exec(compile((dmoj / "tokens.py").read_text(), "tokens.py", "exec"), scope)
    return scope["check"]


@pytest.mark.parametrize("output, accepted", [
    (b"0.0000 0.8283 0.0312\n", True), (b"0.0000 0.8283 0.0312 ", True), (b"0.0000\n0.8283\r\n0.0312", True),
    (b"-0.0000 0.8283 0.0312\n", False), (b"0.0000 0.8282 0.0312\n", False), (b"0.0000 0.8283\n", False),
    (b"0.0000 0.8283 0.0312 0.0000\n", False), (b"0 0.8283 0.0312\n", False)])
def test_dmojs_checker_compares_tokens_as_the_default_validators_do(built, output, accepted):
    _, (_, _, dmoj) = built
    assert dmoj_checker(dmoj)(output, b"0.0000 0.8283 0.0312\n") is accepted


def test_dmoj_scores_pass_or_fail_and_names_its_checker(built):
    """Samples first, worth 0; then every secret case in one batch worth 1 point; the checker beside it."""
    root, (_, _, dmoj) = built
    init = yaml.safe_load((dmoj / "init.yml").read_text())
    pairs = PROBLEM.test_data()
    samples = [name.replace("/", "-") for name in pairs if name.startswith("sample/")]
    secret = [name.replace("/", "-") for name in pairs if name.startswith("secret/")]
    assert init["checker"] == "tokens.py" and (dmoj / "tokens.py").is_file()
    cases = init["test_cases"]
    assert cases[:-1] == [{"in": name + ".in", "out": name + ".out", "points": 0} for name in samples]
    batch = [{"in": name + ".in", "out": name + ".out"} for name in secret]
    assert cases[-1] == {"points": 1, "batched": batch}
    setup = (root / "dmoj" / "gradientaccumulation-SETUP.md").read_text()
    assert "| Time limit | 2 (seconds) |" in setup and "| Memory limit | 524288 (KB) |" in setup


def test_dmojs_statement_is_the_statement_in_dmojs_markdown(built):
    root, _ = built
    text = (root / "dmoj" / "gradientaccumulation-statement.md").read_text()
    assert "~1 \\le K \\le 10~" in text and "$$\ng_{\\mathrm{eff}}" in text
    assert "## Input" in text and "## Sample Output 2\n\n```\n0.0000 0.8283 0.0312\n```" in text
    assert "$" not in text.replace("$$\n", "") and text.endswith(PROBLEM.credit + "\n")


def test_the_domjudge_zip_holds_what_domjudge_reads_and_an_html_statement(built):
    root, _ = built
    with zipfile.ZipFile(root / "domjudge" / "gradientaccumulation.zip") as archive:
        names = archive.namelist()
        page = archive.read("problem.html").decode()
    assert {name.split("/")[0] for name in names} == {".timelimit", "problem.yaml", "problem.html", "data",
                                                      "submissions"}
    assert not [name for name in names if name.startswith(("data/invalid_input", "generators", "answer_v"))]
    assert "<title>Gradient Accumulation</title>" in page and PROBLEM.credit in page
    text = render.html_text_of(page, inline=True)
    parts = render.expected("Gradient Accumulation", PROBLEM.sample_pairs(), PROBLEM.validate)
    render.check_order(text, parts, "html")
    # DOMjudge's importer's rules (tools/domjudge_rules.py), as `make package-check` applies them.
    zipped = root / "domjudge" / "gradientaccumulation.zip"
    title = "Gradient Accumulation"
    assert package_check.check_domjudge(zipped, PROBLEM.test_data(), title, PROBLEM)[0] == "html"


def test_the_packages_carry_a_licence_their_formats_accept(built):
    _, (legacy, current, _) = built
    old, new = (yaml.safe_load((folder / "problem.yaml").read_text()) for folder in (legacy, current))
    for meta in (old, new):
        assert meta["license"] == "cc by-sa" and meta["rights_owner"] == PROBLEM.authors
    assert old["author"] == PROBLEM.authors and new["credits"] == {"authors": PROBLEM.authors}
    licence = (ROOT / "LICENSE").read_text()
    assert "MIT License" in licence and "CC BY-SA 4.0" in licence


def test_make_package_needs_no_judge_tool_and_ends_with_the_list_of_uploads(tmp_path):
    """Off Debian, with nothing but Python on the PATH: every package and zip, then where each goes."""
    done = subprocess.run([sys.executable, "-m", "packages.build_package", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "PATH": "/nonexistent"})
    assert done.returncode == 0, done.stderr
    for path in ("kattis/gradientaccumulation.zip", "2025-09/gradientaccumulation/problem.yaml",
                 "domjudge/gradientaccumulation.zip", "dmoj/gradientaccumulation-SETUP.md",
                 "dmoj/gradientaccumulation-statement.md",
                 "dmoj/gradientaccumulation.zip", "dmoj/gradientaccumulation/tokens.py"):
        assert (tmp_path / path).is_file(), path
    assert done.stdout.startswith("What to upload, and where")
    assert "domjudge/gradientaccumulation.zip" in done.stdout


def test_off_debian_a_missing_tool_is_one_line_saying_what_to_install():
    script = ("from tools.installs import ensure_debian;"
              " ensure_debian(['texlive-luatex', 'poppler-utils'], True, 'x')")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PATH": "/nonexistent"})
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "lualatex, pdftotext, pdftoppm" in done.stderr and "apt-get install texlive-luatex" in done.stderr


@pytest.mark.parametrize("name", problem_names())
def test_package_md_shows_the_list_make_package_ends_with(name):
    listed = build_package.uploads(Path("build"), Problem.named(name))
    assert "```text\n" + listed + "```" in (ROOT / "docs" / "package.md").read_text()


# ------------- every problem: its tolerance, its C++ and its too slow submissions, in every format ---


@pytest.fixture(scope="module")
def every_built(tmp_path_factory):
    """Every problem's packages, built under one folder as `make package` builds them: {name: (root,
    legacy, 2025-09, DMOJ folder)}."""
    root = tmp_path_factory.mktemp("every")
    return {name: (root, *build_package.build(root, Problem.named(name))) for name in problem_names()}


def zip_files(path):
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.parametrize("name", problem_names())
def test_the_tolerance_is_each_formats_own_default_validators(every_built, name):
    """problem.yaml's tolerance, as each judge's default output validator takes it: legacy validator_flags
    (Kattis, problemtools, DOMjudge), 2025-09 output_validator_args in sample's and secret's
    test_group.yaml (also in generators.yaml, for bt generate), DMOJ's floats checker; no tolerance:
    none of them, and DMOJ's tokens.py."""
    problem = Problem.named(name)
    root, legacy, current, dmoj = every_built[name]
    old = yaml.safe_load((legacy / "problem.yaml").read_text())
    domjudge = yaml.safe_load(zip_files(root / "domjudge" / (name + ".zip"))["problem.yaml"])
    init = yaml.safe_load((dmoj / "init.yml").read_text())
    generators = yaml.safe_load((current / "generators" / "generators.yaml").read_text())
    groups = [current / "data" / group / "test_group.yaml" for group in ("sample", "secret")]
    if problem.tolerance is None:
        assert "validator_flags" not in old and "validator_flags" not in domjudge
        assert not any(path.exists() for path in groups)
        assert not any("test_group.yaml" in generators["data"][group] for group in ("sample", "secret"))
        assert init["checker"] == "tokens.py" and (dmoj / "tokens.py").is_file()
        return
    eps = ("%g" % problem.tolerance).replace("e-0", "e-")  # 1e-6, as the validators' flags are written
    assert float(eps) == problem.tolerance
    assert old["validator_flags"] == domjudge["validator_flags"] == "float_tolerance " + eps
    flags = ["float_tolerance", eps]
    for path in groups:
        assert yaml.safe_load(path.read_text()) == {"output_validator_args": flags}
    for group in ("sample", "secret"):
        assert generators["data"][group]["test_group.yaml"] == {"output_validator_args": flags}
    assert "test_group.yaml" not in problem.generators.read_text()  # problem.yaml is its one source
    digits = round(-math.log10(problem.tolerance))
    assert init["checker"] == {"name": "floats", "args": {"precision": digits, "error_mode": "default"}}
    assert not (dmoj / "tokens.py").exists() and 10.0 ** -digits == pytest.approx(problem.tolerance)
    setup = (root / "dmoj" / (name + "-SETUP.md")).read_text()
    assert "*Floats*" in setup and '{"precision": %d}' % digits in setup and "tokens.py" not in setup
    assert domjudge_rules.read(root / "domjudge" / (name + ".zip")).compare_args == old["validator_flags"]


@pytest.mark.parametrize("name", problem_names())
def test_every_format_carries_the_c_plus_plus_and_the_too_slow_submissions(every_built, name):
    """Each package holds every submission of the problem byte for byte, in its verdict's folder: the
    accepted ones in every language (C++ too), the wrong answers, the too slow ones, the ones that die of
    an error (run_time_error/, DOMjudge's RUN-ERROR)."""
    problem = Problem.named(name)
    root, legacy, current, _ = every_built[name]
    wanted = {"submissions/%s/%s" % (verdict, file_name): source
              for verdict in ("accepted", "wrong_answer", "time_limit_exceeded", "run_time_error")
              for file_name, source in problem.submissions(verdict).items()}
    assert [n for n in wanted if n.endswith(".cpp") and "/accepted/" in n], "no accepted C++ submission"
    for folder in (legacy, current):
        got = {path.relative_to(folder).as_posix(): path.read_bytes()
               for path in (folder / "submissions").rglob("*") if path.is_file()}
        assert got == wanted, folder
    zipped = zip_files(root / "domjudge" / (name + ".zip"))
    assert {n: data for n, data in zipped.items() if n.startswith("submissions/")} == wanted
    jury = domjudge_rules.read(root / "domjudge" / (name + ".zip")).jury
    assert {(path.rsplit(".", 1)[1], results[0]) for path, language, results in jury} >= {
        ("py", "CORRECT"), ("cpp", "CORRECT"), ("py", "WRONG-ANSWER")}
    slow = {path for path, language, results in jury if results == ["TIMELIMIT"]}
    assert slow == {n for n in wanted if "/time_limit_exceeded/" in n}
    crashing = {path for path, language, results in jury if results == ["RUN-ERROR"]}
    assert crashing == {n for n in wanted if "/run_time_error/" in n}
    assert slow or name == "gradientaccumulation"  # the second problem has a too slow submission


def within(output, answer, tolerance):
    """Whether output is the answer as the default output validator judges it: the same tokens, each number
    within tolerance (absolute or relative) when there is one."""
    got, wanted = output.split(), answer.split()
    if tolerance is None or len(got) != len(wanted):
        return got == wanted
    pairs = zip(got, wanted, strict=True)
    return all(abs(float(a) - float(b)) <= tolerance * max(1, abs(float(b))) for a, b in pairs)


@pytest.mark.parametrize("name", problem_names())
def test_every_accepted_c_plus_plus_submission_gives_the_answer_on_every_case(tmp_path, name):
    """The C++ submissions run as the judges run them, on every case of the data (the largest too): the
    first problem's solve.cpp prints solve.py's bytes; a problem with a tolerance is met within it."""
    problem = Problem.named(name)
    for file_name, source in problem.submissions("accepted").items():
        if not file_name.endswith(".cpp"):
            continue
        program = compiled(tmp_path, source)
        for case, (given, answer) in problem.test_data().items():
            done = subprocess.run([str(program)], input=given, capture_output=True, timeout=60)
            assert done.returncode == 0 and within(done.stdout, answer, problem.tolerance), (file_name, case)
            if problem.tolerance is None:
                assert done.stdout == answer, (file_name, case)


# ----------------------- a run-time error (submissions/run_time_error/): each judge's own verdict ---


def dmoj_result(verdict, name, codes, feedback=""):
    """Return one result of dmoj_worker's report: the job, and its cases' codes (the first not AC with
    feedback)."""
    job = {"problem_name": "p", "verdict": verdict, "name": name, "language": "PY3", "problem": "p"}
    cases = [{"case": number, "codes": case, "feedback": feedback if case != ["AC"] else "",
              "stderr": "Traceback (most recent call last):\n", "input": None}
             for number, case in enumerate(codes, 1)]
    return {"job": job, "cases": cases, "problems": []}


@pytest.mark.parametrize("verdict, name, codes, feedback, failed", [
    ("run_time_error", "crash.py", [["AC"], ["IR", "WA"]], "OverflowError", False),
    ("run_time_error", "crash.py", [["AC"], ["IR", "WA"]], "", True),  # DMOJ did not name the exception
    ("run_time_error", "crash.py", [["AC"], ["WA"]], "", True),
    ("run_time_error", "crash.py", [["AC"], ["RTE", "WA"]], "segmentation fault", True),
    ("run_time_error", "crash.py", [["AC"], ["AC"]], "", True),
    ("run_time_error", "crash.cpp", [["AC"], ["RTE", "WA"]], "aborted", False),
    ("wrong_answer", "mistake.py", [["AC"], ["WA"]], "", False),
    ("wrong_answer", "mistake.py", [["IR", "WA"]], "OverflowError", True),
    ("time_limit_exceeded", "slow.py", [["AC"], ["TLE", "RTE", "WA"]], "", False),
], ids=["py-ir", "py-ir-unnamed", "py-wa", "py-rte", "py-ac", "cpp-rte", "wa", "wa-ir", "tle"])
def test_dmoj_check_wants_ir_and_the_exception_of_a_python_run_time_error(verdict, name, codes, feedback,
                                                                          failed):
    """DMOJ's judge gives a Python program that ends on an uncaught exception (status 1) IR, Invalid Return,
    with the exception's name as feedback (PythonExecutor.parse_feedback_from_stderr); a C++ one that
    aborts (a signal) RTE. make dmoj-check requires it of the first case that is not AC."""
    from tools import dmoj_check

    failures = dmoj_check.check({"results": [dmoj_result(verdict, name, codes, feedback)]})
    assert bool(failures) is failed, failures
    if not failed and verdict == "run_time_error":
        report = {"results": [dmoj_result(verdict, name, codes, feedback)]}
        problem = mock.Mock(shortname="p")
        said = dmoj_check.crashes(report, problem)
        assert said == "; %s %s (%s) under PY3 on the first case it fails" % (name, codes[1][0], feedback)


@pytest.mark.parametrize("name", problem_names())
def test_each_problems_page_lists_its_run_time_errors(name):
    """docs/problems/NAME.md (tools/problem_pages.py): a row naming each submission of run_time_error/, and
    no such row for a problem with none."""
    from tools import problem_pages

    problem = Problem.named(name)
    page = problem_pages.page(problem)
    crashing = [path for path in sorted((problem.folder / "submissions" / "run_time_error").glob("*.py"))
                if path.name != "__init__.py"]
    rows = [line for line in page.splitlines() if line.startswith("| run-time error |")]
    if not crashing:
        assert rows == []
        return
    assert len(rows) == 1 and all("[%s](../../problems/%s/submissions/run_time_error/%s)"
                                  % (path.name, name, path.name) in rows[0] for path in crashing), rows


PROBLEMTOOLS_REPORT = """\
   run_time_error/crash.py (Python 3 (w/PyPy3)) OK: RTE [Exit 1, CPU: 0.05s @ testcase secret/02-lr-zero]
   wrong_answer/sum_not_mean.py (Python 3 (w/PyPy3)) OK: WA [CPU: 0.03s @ testcase secret/01-k1-b1-d1]
   run_time_error/wrong.py (Python 3 (w/PyPy3)) OK: WA [CPU: 0.03s @ testcase secret/01-k1-b1-d1]
"""
BT_REPORT = """\
run_time_error/crash.py:      RTE 0.045s @ secret/02-lr-zero
wrong_answer/sum_not_mean.py:  WA 0.032s @ sample/2
"""


def test_package_check_reads_a_run_time_error_in_problemtools_and_bt_reports():
    """verifyproblem's and bt run's lines for each submission, as they print them (a submission of
    run_time_error/ that is Python exiting with an exception: status 1, RTE in both)."""
    assert package_check.JUDGED["run_time_error"] == ("RTE", "Run Time Error")
    assert package_check.judged(PROBLEMTOOLS_REPORT, "run_time_error", "RTE") == ["crash.py"]
    assert package_check.judged(PROBLEMTOOLS_REPORT, "wrong_answer", "WA") == ["sum_not_mean.py"]
    assert package_check.bt_judged(BT_REPORT, "run_time_error", "RTE") == ["crash.py"]
    assert package_check.bt_judged(BT_REPORT, "wrong_answer", "WA") == ["sum_not_mean.py"]
    crashing = mock.Mock(submissions=lambda verdict: {"crash.py": b""} if verdict == "run_time_error" else {})
    assert package_check.verdicts(crashing) == "crash.py Run Time Error"


def run_to_the_end(source, data):
    """Return (what the program source printed on input bytes, the exception it died of or None), run
    in-process with sys.stdin and sys.stdout as binary-backed text streams, as a judge's are."""
    out = io.BytesIO()
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    error = None
    with mock.patch("sys.stdin", stdin), mock.patch("sys.stdout", stdout):
        try:
            exec(compile(source, "run_time_error.py", "exec"), {"__name__": "__main__"})
        except SystemExit as exit:
            error = exit if exit.code not in (None, 0) else None
        except Exception as raised:  # noqa: BLE001 (what the program died of is the point)
            error = raised
        stdout.flush()
    return out.getvalue(), error


@pytest.mark.parametrize("name", problem_names())
def test_each_run_time_error_dies_of_an_exception_on_some_secret_case_and_is_right_on_the_others(name):
    """submissions/run_time_error/: what BAPCtools permits there (AC or RTE on every case, RTE on one) and
    what problemtools, DOMjudge and DMOJ judge by the first case it fails: an uncaught exception on some
    secret case, never on a sample, and the answer, within the tolerance, wherever it does not die."""
    problem = Problem.named(name)
    for file_name, source in problem.run_time_errors().items():
        died = {}
        for case, (given, answer) in problem.test_data().items():
            output, error = run_to_the_end(source, given)
            if error is not None:
                died[case] = type(error).__name__
            else:
                assert within(output, answer, problem.tolerance), (file_name, case)
        assert died and not [case for case in died if case.startswith("sample/")], (file_name, died)


def test_every_check_knows_every_folder_of_submissions_the_packages_carry():
    """packages/formats/kattis.VERDICTS, the folders every package carries: problemtools' and bt's verdict
    (package_check.JUDGED), DOMjudge's expected result, and DMOJ's (dmoj_check.EXPECTED, beside accepted)."""
    from packages.formats import kattis
    from tools import dmoj_check

    assert list(package_check.JUDGED) == list(package_check.DOMJUDGE_RESULTS) == list(kattis.VERDICTS)
    assert ["accepted", *dmoj_check.EXPECTED] == list(kattis.VERDICTS)
    assert package_check.DOMJUDGE_RESULTS["run_time_error"] == domjudge_rules.normalize("run_time_error")
