"""Bad input and the command line, run as real processes: exit status, streams, the line named."""

import io
import os
import re
import signal
import subprocess
import sys
import time

import pytest

import solve
from problems.gradientaccumulation import reference
from testkit.bad_inputs import BAD_INPUTS, SEED
from testkit.runs import BreakingStream, Outcome, program, run_main, run_process
from tests.support import both_engines


@both_engines
@pytest.mark.parametrize("data, line", [c[1:] for c in BAD_INPUTS], ids=[c[0] for c in BAD_INPUTS])
def test_bad_input(data, line, engine):
    outcome = run_main(data, engine=engine)
    outcome.assert_clean_error(line)
    assert reference.outcome(data) == ("error", line), "the reference must agree"


PIPED = ["empty", "nan-token", "nul-byte", "ragged-short", "extra-line", "token-count-not-multiple"]


@pytest.mark.parametrize("data, line", [c[1:] for c in BAD_INPUTS if c[0] in PIPED], ids=PIPED)
def test_bad_input_through_a_pipe(data, line):
    """The same contract from a new process: status 1, nothing on stdout, one line, no traceback."""
    run_process(data).assert_clean_error(line)


@pytest.mark.parametrize("data", [c[1] for c in BAD_INPUTS], ids=[c[0] for c in BAD_INPUTS])
def test_engines_give_the_same_message(data):
    """Not only the line: the whole message is the same whichever engine reads the input."""
    assert run_main(data, engine="python").stderr == run_main(data, engine="numpy").stderr


HEADER_TOO_LONG = b"solve.py: line 1: the header must be exactly 'K lr', found more than 2 values\n"


def bad_number(line, token):
    return (b"solve.py: line %d: bad number '%s': write digits with an optional sign, point and exponent,"
            b" like -1.5e-3\n" % (line, token))


@pytest.mark.parametrize("data, message", [
    (b"1 0.1\n1 2\nnan 1\n", bad_number(3, b"nan")),
    (b"2 0.1\n1 2\n1 2\n1\n", b"solve.py: line 4: expected 2 numbers, as theta has on line 2, found 1\n"),
    (b"2 0.1\n1 2\n1 2 3 4\n", b"solve.py: line 3: expected 2 numbers, as theta has on line 2, found 4\n"),
    (b"3 0.1\n1\n1\n1\n", b"solve.py: expected K = 3 gradient lines after theta, found 2\n"),
    (b"1 0.1\n1 2\n1 2\n3 4\n", b"solve.py: line 4: extra line: K = 1 gradient lines were already read\n"),
    (b"2 0.1 1 2 3 4 5\n", b"solve.py: found 5 numbers after 'K lr'; expected a positive multiple of"
     b" K+1 = 3 (theta and K gradients of equal length)\n"),
    (b"2\n", b"solve.py: expected 'K lr', found only K\n"),
    (b"2 0.1 5\n1\n1\n1\n", HEADER_TOO_LONG),
    (b"2 0.1 x\n1 y\n1\n1\n", HEADER_TOO_LONG),
    (b"2 0.1 x\n1 y\n", bad_number(1, b"x")),
    (b"2 0.1 5\n1 y\n", bad_number(2, b"y")),
    (b"2\n1 y\n1\n1\n", b"solve.py: line 1: the header must be exactly 'K lr', found only K\n"),
    (b"2 x\n1 y\n1\n1\n", bad_number(1, b"x")),
    (b"1 0.1\n1E0 1e+0 x\n1\n", bad_number(2, b"x")),  # the first bad token, after good ones of every form
    (b"2 1\n0\n1e308\n1e308\n", b"solve.py: the sum of the gradients overflows float64\n"),
    (b"2 1\n0\n-1e308\n-1e308\n", b"solve.py: the sum of the gradients overflows float64\n"),
    (b"1 -1\n1e308\n1e308\n", b"solve.py: the result overflows float64\n"),
    (b"1 1\n-1e308\n1e308\n", b"solve.py: the result overflows float64\n"),
    (b"1 0.1\n1 2\n1 1e999\n", b"solve.py: line 3: number '1e999' is too large for float64\n"),
    (b"1 0.1\n1 2\n1 -1e999\n", b"solve.py: line 3: number '-1e999' is too large for float64\n"),
    (b"0 0.1\n1\n1\n", b"solve.py: line 1: K must be at least 1, found 0\n"),
    (b"x 0.1\n1\n1\n", b"solve.py: line 1: K must be a positive whole number, found 'x'\n"),
    (b"", b"solve.py: empty input: expected 'K lr', then theta and K gradient vectors\n"),
    # K: leading zeros do not count towards its 18-digit limit; no token is longer than 1000 bytes.
    (b"1" * 19 + b" 0.1\n1\n1\n", b"solve.py: line 1: K has more than 18 digits\n"),
    (b"00" + b"9" * 18 + b" 0.1\n1\n1\n",
     b"solve.py: expected K = " + b"9" * 18 + b" gradient lines after theta, found 1\n"),
    # K is exact where a float would not be (2^53 + 1 has 16 digits) and at 15 digits.
    (b"9007199254740993 0.1\n1\n1\n",
     b"solve.py: expected K = 9007199254740993 gradient lines after theta, found 1\n"),
    (b"999999999999999 0.1\n1\n1\n",
     b"solve.py: expected K = 999999999999999 gradient lines after theta, found 1\n"),
    (b"1 0.1\n1\n" + b"5" * 1000 + b"\n", b"solve.py: line 3: number '" + b"5" * 40 + b"'... is too large for"
     b" float64\n"),
    (b"1 0.1\n1\n" + b"5" * 1001 + b"\n", b"solve.py: line 3: token '" + b"5" * 40 + b"'... is longer than"
     b" 1000 bytes\n"),
    (b"1" * 1001 + b" 0.1\n1\n1\n", b"solve.py: line 1: token '" + b"1" * 40 + b"'... is longer than"
     b" 1000 bytes\n"),
    # Finite, as a float would read it: 1000 bytes are a number, 1001 are too long.
    (b"1 0.1\n1\n0." + b"0" * 998 + b"\n", b""),
    (b"1 0.1\n1\n0." + b"0" * 999 + b"\n1\n", b"solve.py: line 3: token '0." + b"0" * 38 + b"'... is longer"
     b" than 1000 bytes\n"),
    (b"1 0.1\n1 1\n1 0." + b"0" * 999 + b"\n", b"solve.py: line 3: token '0." + b"0" * 38 + b"'... is longer"
     b" than 1000 bytes\n"),  # at the end of its line
    # A token of more than 1000 bytes is bad input wherever it is, and the lines are judged in order.
    (b"2 0.1\n" + b"1 " * 600 + b"9" * 1001 + b" 2\n3 4\n", b"solve.py: line 2: token '" + b"9" * 40
     + b"'... is longer than 1000 bytes\n"),
    (b"2 0.1 5\n1 " + b"9" * 1001 + b" 2\n" + b"3 4\n" * 2000, HEADER_TOO_LONG),
    (b"2 0.1\n", b"solve.py: found 0 numbers after 'K lr'; expected a positive multiple of K+1 = 3 (theta and"
     b" K gradients of equal length)\n"),
    # A bad token is quoted whole up to 40 bytes, then cut with "...".
    (b"1 0.1\n" + b"x" * 40 + b"\n1\n", bad_number(2, b"x" * 40)),
    (b"1 0.1\n" + b"x" * 41 + b"\n1\n", b"solve.py: line 2: bad number '" + b"x" * 40
     + b"'...: write digits with an optional sign, point and exponent, like -1.5e-3\n"),
], ids=lambda v: re.sub(r"[^a-z0-9]+", "-", v.decode()[:40].lower()).strip("-") or "empty")
@both_engines
def test_messages_say_what_is_wrong(data, message, engine):
    """The one line names the token or the counts, so the user can fix the input."""
    assert run_main(data, engine=engine).stderr == message


@both_engines
def test_a_k_of_exactly_1000_bytes_is_read(engine):
    outcome = run_main(b"0" * 999 + b"2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n", engine=engine)
    assert outcome.stdout == b"0.9000 1.8000\n", outcome


@both_engines
def test_form_feeds_alone_separate_the_numbers_of_a_long_line(engine):
    """A read whose only blanks are form feeds is cut at the last of them, not taken for one long token."""
    outcome = run_main(b"1\x0c0.5\x0c" + b"\x0c".join([b"1.5"] * 300), engine=engine)  # no final newline
    assert outcome.stdout == b" ".join([b"0.7500"] * 150) + b"\n", outcome


@both_engines
def test_long_junk_is_cut_in_the_message(engine):
    long_junk = run_main(b"1 0.1\n1 2\n" + b"x" * 10**6 + b"\n", engine=engine).stderr
    assert len(long_junk) < 300 and b"..." in long_junk


@pytest.mark.parametrize("command", ["head -c 10000000 /dev/zero", "yes 1 | head -c 10000000 | tr -d '\\n'"])
def test_a_token_of_megabytes_is_one_line(command):
    """No token is longer than 1000 bytes."""
    done = subprocess.run(["bash", "-c", "%s | %s %s" % (command, sys.executable, program())],
                          capture_output=True, timeout=60)
    outcome = Outcome(done.returncode, done.stdout, done.stderr)
    outcome.assert_clean_error(1)
    assert b"is longer than 1000 bytes" in outcome.stderr or b"K must be" in outcome.stderr


# ---------------------------------------------------------- command line ---


def check_help(status, stdout, stderr):
    """Assert what --help gives: status 0, and on stdout the usage line, then the module's docstring."""
    assert (status, stderr) == (0, b"")
    assert stdout.decode() == solve.USAGE + "\n" + solve.__doc__


def test_help_in_process():
    out, err = io.BytesIO(), io.BytesIO()
    check_help(solve.main(["--help"], io.BytesIO(), out, err), out.getvalue(), err.getvalue())


def test_help():
    """--help: the contract, and its example runs as shown."""
    outcome = run_process(args=["-h"])
    check_help(outcome.status, outcome.stdout, outcome.stderr)
    example = solve.__doc__.split("$ ")[1].splitlines()
    command = example[0].replace("python3 solve.py", f"{sys.executable} {program()}")
    shown = subprocess.run(command, shell=True, capture_output=True)
    assert shown.stdout.decode() == example[1].strip() + "\n"


def test_help_without_docstrings():
    """python3 -OO drops the docstring: --help is the usage line alone."""
    outcome = run_process(args=["--help"], python=(sys.executable, "-OO"))
    assert (outcome.status, outcome.stdout, outcome.stderr) == (0, solve.USAGE.encode() + b"\n", b"")


@pytest.mark.parametrize("engine", ["auto", "python", "numpy"])
def test_each_engine_by_name_gives_the_answer(engine):
    outcome = run_main(SEED, argv=["--engine", engine])
    assert (outcome.status, outcome.stdout, outcome.stderr) == (0, b"0.9000 1.8000\n", b""), outcome


def test_a_sum_of_finite_gradients_is_finite_however_large_its_vector():
    """Each value of the sum is checked, not their total: 1e308 and 1e308 sum to more than float64 holds."""
    assert run_main(b"1 0\n0 0\n1e308 1e308\n", engine="python").stdout == b"0.0000 0.0000\n"


def test_online_judge_returns_0_in_process():
    """AtCoder's build step, through main() itself: status 0 as an int, nothing read or written."""
    out, err = io.BytesIO(), io.BytesIO()
    assert solve.main(["ONLINE_JUDGE"], io.BytesIO(b"never read"), out, err) == 0
    assert (out.getvalue(), err.getvalue()) == (b"", b"")


def test_help_onto_a_full_disk_is_one_line_and_status_1():
    """`solve.py --help > /dev/full`: the help cannot be written; one line says so, and nothing breaks."""
    err = io.BytesIO()
    with open("/dev/full", "wb") as full:
        assert solve.main(["--help"], io.BytesIO(), full, err) == 1
    assert err.getvalue() == b"solve.py: cannot write the answer: No space left on device\n"


def test_help_into_a_closed_pipe_is_quiet():
    class Gone(io.BytesIO):
        def write(self, data):
            raise BrokenPipeError

    err = io.BytesIO()
    assert solve.main(["--help"], io.BytesIO(), Gone(), err) == 141
    assert err.getvalue() == b""


def test_unknown_option_is_a_usage_error():
    outcome = run_main(SEED, argv=["--fast"])
    assert outcome.status == 2 and outcome.stdout == b"", outcome


def test_usage_error_with_stderr_closed_still_exits_2():
    """`solve.py --fast 2>&-`: nowhere to say why, but the status still says usage."""
    outcome = run_process(SEED, args=["--fast"], preexec_fn=lambda: os.close(2))
    assert (outcome.status, outcome.stdout) == (2, b""), outcome


def test_usage_error_in_process_goes_to_the_given_stream():
    outcome = run_main(SEED, argv=["a", "b"])
    assert outcome.status == 2 and outcome.stdout == b"" and b"usage:" in outcome.stderr


@pytest.mark.parametrize("argv", [["samples/seed-example-lines.in"], ["-"], ["--engine"], ["--engine", "x"]])
def test_anything_but_the_engine_is_a_usage_error(argv):
    """The input is stdin alone: a file name is a usage error, which names no file."""
    outcome = run_main(SEED, argv=argv)
    assert (outcome.status, outcome.stdout) == (2, b"") and outcome.stderr.startswith(b"usage: solve.py")


def test_stdin_closed():
    outcome = run_process(args=[], stdin=None, preexec_fn=lambda: os.close(0))
    outcome.assert_clean_error(None)
    assert outcome.stderr == b"solve.py: cannot read standard input: it is closed\n"


@pytest.mark.parametrize("pieces", [[], [SEED[:8]]], ids=["at-once", "midway"])
@pytest.mark.parametrize("error, message", [
    (OSError(5, "Input/output error"), b"solve.py: cannot read the input: Input/output error\n"),
    (OSError("the mount went away"), b"solve.py: cannot read the input: the mount went away\n"),
    # A system message decoded with surrogateescape (a non-UTF-8 locale) still makes one clean line.
    (OSError(5, "erreur d'entr\udce9e"), b"solve.py: cannot read the input: erreur d'entr\\udce9e\n"),
], ids=["strerror", "no-strerror", "undecodable"])
def test_a_read_error_is_one_clean_line(pieces, error, message):
    """An OSError while reading (a broken disk, a dropped mount): status 1, no answer, one line saying why."""
    out, err = io.BytesIO(), io.BytesIO()
    assert solve.main([], BreakingStream(pieces, error), out, err) == 1
    assert (out.getvalue(), err.getvalue()) == (b"", message)


def test_stdout_closed():
    done = subprocess.run(
        [sys.executable, str(program())], input=SEED, stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1), timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr == b"solve.py: cannot write the answer: standard output is closed\n"


def big_problem(d):
    """Return a valid input whose answer line is long enough to fill a pipe."""
    row = b" ".join([b"1.5"] * d) + b"\n"
    return b"1 0.5\n" + row + row


def test_reader_closes_the_pipe_early(tmp_path):
    """`solve.py < big | head -c 5`: quiet, no traceback, status 141 as with SIGPIPE."""
    path = tmp_path / "big.in"
    path.write_bytes(big_problem(200_000))
    with open(path, "rb") as source:
        with subprocess.Popen(
            [sys.executable, str(program())], stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        ) as proc:
            assert proc.stdout.read(5) == b"0.750"
            proc.stdout.close()
            stderr = proc.stderr.read()
            assert proc.wait(timeout=60) == 141
    assert stderr == b""


def test_reader_gone_before_a_short_answer():
    """`solve.py < seed | true`: the answer waits in the buffer, and the exit flush must stay quiet too."""
    proc = subprocess.Popen([sys.executable, str(program())],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # no reader left: every write to the pipe fails
    _, stderr = proc.communicate(SEED, timeout=60)
    assert (proc.returncode, stderr) == (141, b"")


def test_reader_closes_the_pipe_early_in_a_shell(tmp_path):
    path = tmp_path / "big.in"
    path.write_bytes(big_problem(200_000))
    done = subprocess.run(
        ["bash", "-c", f'"{sys.executable}" "{program()}" < "{path}" | head -c 5'],
        capture_output=True, timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, b"0.750", b"")


def test_interrupt_is_quiet():
    """Ctrl-C while the solver waits for input: status 130, nothing printed."""
    proc = subprocess.Popen(  # SIGINT as a terminal gives it, even if this process ignores it (mutmut does)
        [sys.executable, str(program())],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    proc.stdin.write(b"2 0.1\n1 2\n")
    proc.stdin.flush()
    wait_until_reading_stdin(proc.pid)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert (proc.returncode, stdout, stderr) == (130, b"", b"")


def wait_until_reading_stdin(pid, timeout=30):
    """Return once the process is blocked in read(0, ...), so a signal lands in main(), not in imports."""
    read_syscall = {"x86_64": "0", "aarch64": "63"}.get(os.uname().machine)
    path = f"/proc/{pid}/syscall"
    if read_syscall is None or not os.path.exists(path):
        pytest.skip("cannot see which system call the process is in")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(path) as f:
                fields = f.read().split()
        except OSError:
            fields = []
        if fields[:2] == [read_syscall, "0x0"]:
            return
        time.sleep(0.01)
    raise AssertionError("the solver never blocked reading stdin")


def test_interrupt_in_process():
    """main() turns a KeyboardInterrupt while reading into status 130 and no output."""

    out, err = io.BytesIO(), io.BytesIO()
    assert solve.main([], BreakingStream([b"2 0.1\n"], KeyboardInterrupt()), out, err) == 130
    assert out.getvalue() == err.getvalue() == b""


@pytest.mark.parametrize("error, message", [
    (RuntimeError("a bug\nof two lines\n"), b"solve.py: internal error: RuntimeError: a bug of two lines\n"),
    (TypeError("x \udcff"), b"solve.py: internal error: TypeError: x \\udcff\n"),
])
def test_anything_else_is_one_line_of_internal_error(error, message):
    """A bug of ours or of the platform's (here: a stream that raises what no stream should) is one line."""
    out, err = io.BytesIO(), io.BytesIO()
    assert solve.main([], BreakingStream([b"1 0.5\n"], error), out, err) == 1
    assert (out.getvalue(), err.getvalue()) == (b"", message)


def test_a_byte_that_is_not_utf_8_is_a_bad_number_through_a_pipe():
    """stdin is read as bytes, never decoded: the byte is named, even where sys.stdin decodes strictly."""
    strict = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # as in a UTF-8 locale
    assert run_process(b"1 0.1\n1\n\xff\n", env=strict).stderr == bad_number(3, b"\\xff")


def test_a_failed_write_with_an_undecodable_reason_is_one_clean_line():
    class Failing(io.RawIOBase):
        def writable(self):
            return True

        def write(self, data):
            raise OSError(28, "plus de place \udce9")  # strerror decoded with surrogateescape

    err = io.BytesIO()
    assert solve.main([], io.BytesIO(SEED), Failing(), err) == 1
    assert err.getvalue() == b"solve.py: cannot write the answer: plus de place \\udce9\n"


def test_a_text_stdin_with_undecodable_bytes_gives_the_same_message():
    """sys.stdin decoded with surrogateescape (a non-UTF-8 locale) still names the byte, as bytes would."""
    out, err = io.BytesIO(), io.BytesIO()
    assert solve.main([], io.StringIO("1 0.1\n1\n\udcff\n"), out, err) == 1
    assert (out.getvalue(), err.getvalue()) == (b"", bad_number(3, b"\\xff"))
