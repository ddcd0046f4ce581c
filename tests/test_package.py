"""The Kattis package's input validator and wrong answers (`make package` runs problemtools on them)."""

import subprocess
import sys

import pytest
import reference
from conftest import ROOT

sys.path.insert(0, str(ROOT / "kattis"))

import build_package  # noqa: E402  (after the path is set)
import validate  # noqa: E402
import wrong_answers  # noqa: E402

VALIDATOR = ROOT / "kattis" / "validate.py"
SEED = b"2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n"


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


def test_every_valid_input_is_one_the_solver_and_reference_accept():
    """The canonical format is a subset of the solver's contract."""
    for name, data in build_package.cases(largest=False).items():  # `make package` checks them all
        validate.validate(data)
        assert reference.outcome(data)[0] == "ok", name


@pytest.mark.parametrize("name", sorted(wrong_answers.MISTAKES))
def test_each_wrong_answer_fails_on_some_secret_case(name):
    """The mistakes are real: each prints a different answer than the reference on some small case."""
    source = wrong_answers.program(name)
    wrong = []
    for case, data in build_package.cases(largest=False).items():
        done = subprocess.run([sys.executable, "-c", source], input=data, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
        if done.stdout.decode() != reference.answer(data):
            wrong.append(case)
    assert wrong, f"{name} passes every case"
