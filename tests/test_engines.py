"""Which engine runs, judge conventions, and the guarantees at any size: memory caps and output errors."""

import io
import os
import resource
import shutil
import subprocess
import sys
from array import array

import pytest
from conftest import both_engines

import solve
from testkit.runs import SAMPLES, BreakingStream, program, run_main, run_process

SEED = (SAMPLES / "seed-example-lines.in").read_bytes()
SEED_ANSWER = b"0.9000 1.8000\n"


# ------------------------------------------------------- which engine ran ---


def numpy_was_imported(outcome):
    """Return whether `python -X importtime` reported importing numpy, from its stderr."""
    return any(line.endswith(b"| numpy") for line in outcome.stderr.splitlines())


@pytest.fixture(scope="session")
def past_numpy_from():
    """A valid problem of about 7 MB, past the size from which auto picks numpy."""
    row = b" ".join([b"0.5"] * 900_000) + b"\n"
    return b"1 0.1\n" + row + row


@pytest.mark.process
@pytest.mark.parametrize("size, args, imports_numpy", [
    ("seed", [], False),
    ("big", [], True),
    ("big", ["--engine", "python"], False),
    ("seed", ["--engine", "numpy"], True),
], ids=["auto-small", "auto-big", "forced-python", "forced-numpy"])
def test_the_engine_that_ran_is_the_one_chosen(size, args, imports_numpy, past_numpy_from):
    """The switch really switches: `-X importtime` shows numpy imported exactly when its engine runs."""
    data = SEED if size == "seed" else past_numpy_from
    outcome = run_process(data, args=args, python=(sys.executable, "-X", "importtime"))
    assert outcome.status == 0, outcome
    assert outcome.stdout == (SEED_ANSWER if size == "seed" else run_main(data, engine="python").stdout)
    assert numpy_was_imported(outcome) == imports_numpy


def test_solve_bytes_is_the_command_line_in_process(numpy_loads, past_numpy_from):
    """solve_bytes(data) answers as `solve.py < data` does, choosing the engine by the same rule."""
    assert solve.solve_bytes(SEED) == SEED_ANSWER.decode() and numpy_loads == []
    answer = solve.solve_bytes(past_numpy_from)  # 900,000 values: many format chunks, joined
    assert numpy_loads == ["numpy"]
    assert answer == run_main(past_numpy_from, engine="python").stdout.decode()


@pytest.mark.parametrize("argument", ["-", "FILE"])
def test_naming_the_input_leaves_the_engine_on_auto(argument, numpy_loads, tmp_path, past_numpy_from):
    """`solve.py FILE` and `solve.py -` choose the engine as `solve.py < FILE` does."""
    path = tmp_path / "big.in"
    path.write_bytes(past_numpy_from)
    outcome = run_main(past_numpy_from, argv=[str(path) if argument == "FILE" else argument])
    assert outcome.status == 0 and numpy_loads == ["numpy"], outcome


@pytest.mark.process
def test_numpy_starts_no_blas_threads():
    """The numpy engine sets OPENBLAS_NUM_THREADS=1 before importing numpy: it uses no BLAS, so no threads."""
    script = (
        "import importlib.util, os, sys\n"
        "spec = importlib.util.spec_from_file_location('solve', sys.argv[1])\n"
        "solve = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(solve)\n"
        "assert solve.numpy_engine() is not None\n"
        "threads = [line for line in open('/proc/self/status') if line.startswith('Threads:')]\n"
        "print(os.environ.get('OPENBLAS_NUM_THREADS'), threads[0].split()[1])\n"
    )
    env = {key: value for key, value in os.environ.items() if not key.endswith("_NUM_THREADS")}
    done = subprocess.run([sys.executable, "-c", script, str(program())],
                          capture_output=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [b"1", b"1"]


def test_numpy_already_loaded_leaves_the_environment_alone(monkeypatch):
    """In a process that imported numpy already, the thread setting would do nothing, so it is not made."""
    import numpy  # noqa: F401  (the host's own import, before the solver's)

    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    assert solve.numpy_engine() is not None
    assert "OPENBLAS_NUM_THREADS" not in os.environ


def test_pick_engine():
    assert solve.pick_engine("auto", 100).name == "python"
    assert solve.pick_engine("auto", solve.NUMPY_FROM - 1).name == "python"
    assert solve.pick_engine("auto", solve.NUMPY_FROM).name == "numpy"
    assert solve.pick_engine("python", 10**9).name == "python"
    assert solve.pick_engine("numpy", 0).name == "numpy"
    # The pure engine keeps numbers as 8-byte doubles from 1 MiB of input on, as floats in a list below.
    assert solve.pick_engine("python", solve.CHUNK).compact
    assert not solve.pick_engine("python", solve.CHUNK - 1).compact


def test_pypy_never_picks_numpy_on_its_own(monkeypatch):
    """On PyPy auto keeps to the pure engine, which adds with the loop PyPy's JIT compiles."""
    assert not solve.PythonEngine().jit
    monkeypatch.setattr(sys.implementation, "name", "pypy")
    assert solve.pick_engine("auto", 10**9).name == "python"
    assert solve.pick_engine("numpy", 0).name == "numpy"
    assert solve.PythonEngine().jit


def test_the_pure_engine_keeps_numbers_compact_by_default():
    """PythonEngine() stores 8-byte doubles (array 'd'), not a list of float objects."""
    assert isinstance(solve.PythonEngine().zeros(3), array)


@pytest.mark.process
@pytest.mark.skipif(shutil.which("pypy3") is None, reason="no pypy3 (make judge-check installs it)")
@pytest.mark.parametrize("theta", [b"1e50 1 2", b"-1e50 1", b"5e60 -3 0.5", b"-7e99 2e50"])
def test_pypy_prints_values_from_1e50_on_in_full(theta):
    """PyPy's "%.4f" writes 1e50 as '1e+50' (as Python 2 did); the answer must not depend on that."""
    data = b"1 0\n" + theta + b"\n" + b" ".join([b"0"] * len(theta.split())) + b"\n"
    outcome = run_process(data, python=(shutil.which("pypy3"),))
    assert outcome.status == 0 and outcome.stdout == run_main(data).stdout, outcome
    assert b"e" not in outcome.stdout


def test_without_numpy_the_pure_engine_serves(monkeypatch):
    """As test_json blocks _json: without numpy, auto still answers and --engine numpy says why not."""
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match="^$"):  # nothing to add to the message: numpy is not there
        solve.numpy_engine()
    assert solve.pick_engine("auto", 10**9).name == "python"
    with pytest.raises(solve.InputError, match="^--engine numpy: numpy cannot be imported$"):
        solve.pick_engine("numpy", 0)
    assert run_main(SEED + b" " * solve.NUMPY_FROM).stdout == SEED_ANSWER


@pytest.mark.process
def test_python_dash_s_needs_no_numpy():
    """Site-packages off, as DMOJ runs Python: no numpy to import, and the answer is the same."""
    outcome = run_process(SEED, python=(sys.executable, "-S"))
    assert (outcome.status, outcome.stdout, outcome.stderr) == (0, SEED_ANSWER, b"")
    forced = run_process(SEED, args=["--engine", "numpy"], python=(sys.executable, "-S"))
    forced.assert_clean_error(None)
    assert forced.stderr == b"solve.py: --engine numpy: numpy cannot be imported\n"


# ------------------------------------------------------- judge conventions ---


@pytest.mark.process
def test_online_judge_argument_exits_at_once_without_reading():
    """AtCoder's build step runs `python3 Main.py ONLINE_JUDGE` once, with empty input: status 0, no output.

    Reading would find empty input, an error with status 1.
    """
    outcome = run_process(b"", args=["ONLINE_JUDGE"])
    assert (outcome.status, outcome.stdout, outcome.stderr) == (0, b"", b"")


@pytest.mark.process
def test_online_judge_with_other_arguments_is_still_a_path():
    assert run_process(args=["ONLINE_JUDGE", "x"]).status == 2
    run_process(args=["--engine", "python", "ONLINE_JUDGE"]).assert_clean_error(None)


# ------------------------------------------------------- output errors ---


@pytest.mark.process
@both_engines
def test_a_full_disk_is_one_clean_line(engine):
    """`solve.py > /dev/full`: the write fails with ENOSPC; status 1 and one line, no traceback."""
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, str(program()), "--engine", engine], input=SEED, stdout=full,
                              stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 1
    assert done.stderr == b"solve.py: cannot write the answer: No space left on device\n"


def test_a_write_error_in_process():
    class Full(io.BytesIO):
        def write(self, data):
            raise OSError(28, "No space left on device")

    err = io.BytesIO()
    assert solve.main([], io.BytesIO(SEED), Full(), err) == 1
    assert err.getvalue() == b"solve.py: cannot write the answer: No space left on device\n"


# ------------------------------------------------------- memory caps ---


@both_engines
def test_out_of_memory_in_process_names_the_last_line_read(engine):
    out, err = io.BytesIO(), io.BytesIO()
    reads = BreakingStream([b"2 0.1\n", b"\n1 2\n"], MemoryError())  # as an allocation would fail
    status = solve.main(["--engine", engine], reads, out, err)
    assert (status, out.getvalue()) == (1, b"")
    assert err.getvalue() == (b"solve.py: out of memory after line 3: the input needs more memory"
                              b" than this process may use\n")


@pytest.mark.parametrize("lines", [[], [b"\xef\xbb"]], ids=["first-read", "inside-the-byte-order-mark"])
def test_out_of_memory_before_any_line_names_none(lines):
    """Memory runs out before a line has any bytes: the message names no line (never 'line 0')."""
    out, err = io.BytesIO(), io.BytesIO()
    assert solve.main([], BreakingStream(lines, MemoryError()), out, err) == 1
    assert (out.getvalue(), err.getvalue()) == (
        b"", b"solve.py: out of memory: the input needs more memory than this process may use\n")


def cap_address_space(mib):
    """Return a preexec_fn that caps the child's address space at mib MiB, as `ulimit -Sv` does.

    Only the soft limit is set, the one the kernel enforces; the hard limit
    (usually none) stays, so the solver must read the soft one.
    """
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, resource.getrlimit(resource.RLIMIT_AS)[1]))
    return cap


# The pure engine starts in about 30 MiB of address space, numpy's in about
# 100; theta and the sum below need 2 x 24 MB more, the flat numbers as much.
CAP_MIB = {"python": 90, "numpy": 130}


@pytest.fixture(scope="session")
def too_big(tmp_path_factory):
    """Inputs of 3 million numbers a row, written once: {layout: path}."""
    folder = tmp_path_factory.mktemp("too-big")
    row = b" ".join([b"1"] * 3_000_000)
    paths = {"lines": folder / "lines.in", "tokens": folder / "tokens.in"}
    paths["lines"].write_bytes(b"1 0.5\n" + row + b"\n" + row + b"\n")
    paths["tokens"].write_bytes(b"1 0.5 " + row + b" " + row + b"\n")
    return paths


@pytest.mark.process
@both_engines
@pytest.mark.parametrize("layout", ["lines", "tokens"])
def test_out_of_memory_is_one_clean_line(engine, layout, too_big):
    """Under a cap the input cannot fit: status 1, nothing on stdout, one line, no traceback."""
    cap = cap_address_space(CAP_MIB[engine])
    small = run_process(SEED, engine=engine, preexec_fn=cap)
    assert (small.status, small.stdout) == (0, SEED_ANSWER), "the cap leaves room to start"
    with open(too_big[layout], "rb") as source:
        outcome = run_process(engine=engine, stdin=source, preexec_fn=cap)
    outcome.assert_clean_error(None)
    assert outcome.stderr.startswith(b"solve.py: out of memory after line "), outcome


@pytest.mark.process
@pytest.mark.parametrize("mib, imports_numpy", [(80, False), (255, False), (256, True)])
def test_auto_under_a_small_cap_keeps_numpy_out(mib, imports_numpy, past_numpy_from):
    """Under 256 MiB auto does not import numpy, whose OpenBLAS would end the process with its own message."""
    outcome = run_process(past_numpy_from, python=(sys.executable, "-X", "importtime"),
                          preexec_fn=cap_address_space(mib))
    assert outcome.status == 0 and numpy_was_imported(outcome) == imports_numpy, outcome


def test_the_numpy_step_reuses_theta():
    """No third d-sized array: the numpy step writes the result over theta (and the mean over the sum)."""
    import numpy as np

    engine = solve.numpy_engine()
    theta, grad_sum = np.array([1.0, 2.0]), np.array([1.0, 2.0])
    assert engine.step(theta, grad_sum, 2, 0.1) is theta and theta.tolist() == [0.95, 1.9]


@pytest.mark.parametrize("cap, name", [(256 << 20, "numpy"), ((256 << 20) - 1, "python"), (1 << 40, "numpy")])
def test_auto_takes_numpy_under_a_cap_of_256_mib_or_more(monkeypatch, cap, name):
    monkeypatch.setattr(solve, "_memory_cap", lambda: cap)
    assert solve.pick_engine("auto", solve.NUMPY_FROM, 1).name == name


@pytest.mark.parametrize("argv, parsed", [([], ("-", "auto")), (["in.txt"], ("in.txt", "auto")),
                                          (["-", "--engine", "python"], ("-", "python"))])
def test_the_command_line_gives_the_input_and_the_engine(argv, parsed):
    out, err = io.BytesIO(), io.BytesIO()
    assert solve._parse_args(argv, out, err) == parsed and out.getvalue() == err.getvalue() == b""
