"""The promise at the edges: endless bad tokens, data and file-size limits, buffered stdout at exit,
messages that say what happened, and nothing that can fail before main's guard.

Each test here failed on solve.py before these edges were handled (see docs/contract.md).
"""

import ast
import io
import itertools
import os
import resource
import subprocess
import sys

import pytest
from conftest import both_engines

import solve
from testkit.runs import MUTANTS, ROOT, SAMPLES, BreakingStream, program, run_main, run_process

SEED = (SAMPLES / "seed-example-lines.in").read_bytes()
SEED_ANSWER = b"0.9000 1.8000\n"
PYPY = __import__("shutil").which("pypy3")
OUT_OF_MEMORY = b"the input needs more memory than this process may use\n"
BAD = b": write digits with an optional sign, point and exponent, like -1.5e-3"
LONE_CR = b"1 0.5\n1\n" + b" " * (solve.FIRST_READ - 9) + b"\r7"  # the first read ends at the \r


# ------------------------------------------------ endless bad tokens ---


class Endless(io.RawIOBase):
    """A stream of `head`, then `byte` forever; fails the test past `budget` bytes instead of hanging."""

    def __init__(self, head, byte, budget=64 << 20):
        self.head, self.byte, self.budget, self.given = head, byte, budget, 0

    def readable(self):
        return True

    def read(self, size=-1):
        if self.given > self.budget:
            raise AssertionError("read %d bytes past a token already settled" % self.given)
        data, self.head = (self.head + self.byte * size)[:size], self.head[size:]
        self.given += len(data)
        return data


@both_engines
@pytest.mark.parametrize("head, byte, message", [
    (b"", b"\x00", b"line 1: K must be a positive whole number, found '" + b"\\x00" * 40 + b"'..."),
    (b"", b"x", b"line 1: K must be a positive whole number, found '" + b"x" * 40 + b"'..."),
    (b"", b"1", b"line 1: K has more than 4000 digits"),
    (b"", b"+", b"line 1: K must be a positive whole number, found '" + b"+" * 40 + b"'..."),  # digits
    (b"1 0.5\n1\n2", b"x", b"line 3: bad number '2" + b"x" * 39 + b"'..." + BAD),
    (LONE_CR, b"\x00", b"line 4: bad number '7" + b"\\x00" * 39 + b"'..." + BAD),
], ids=["nul", "letter", "digits-of-k", "sign-as-k", "gradient-line", "after-a-lone-cr"])
def test_an_endless_bad_token_is_settled_at_once(engine, head, byte, message):
    """The input ends with the token's one line after a bounded read, whatever follows."""
    stream, out, err = Endless(head, byte, budget=8 << 20), io.BytesIO(), io.BytesIO()
    assert solve.main(["--engine", engine], stream, out, err) == 1
    assert (out.getvalue(), err.getvalue()) == (b"", b"solve.py: " + message + b"\n")
    assert stream.given <= 6 << 20  # the 4 MiB the engine choice reads ahead, and a read or two more


@pytest.mark.parametrize("byte", [b"\x00", b"x"])
def test_a_settled_token_gives_the_message_its_whole_self_would(byte):
    """Settling early changes no message: the same as for the same token read whole."""
    for head in (b"", b"1 ", b"1 0.5\n", b"1 0.5\n1 2\n3 "):
        short = run_main(head + b"12" + byte * 100 + b" 4\n")  # read whole, in the first read
        long = run_main(head + b"12" + byte * (3 << 20) + b" 4\n")
        assert long.stderr == short.stderr and long.status == short.status == 1, (head, long)


@pytest.mark.process
def test_a_long_bad_token_on_line_one_waits_for_the_layout_in_bounded_memory(tmp_path):
    """On lines 1 and 2 the layout decides the message; the bad token's bytes are not kept meanwhile."""
    path = tmp_path / "nul.in"
    with open(path, "wb") as data:
        data.write(b"1 0.5 ")
        for _ in range(200):
            data.write(bytes(1 << 20))  # 200 MiB of NUL bytes, one token
        data.write(b" 1\n2 3\n4 5\n")  # a line layout after all: the header has more than 2 values
    with open(path, "rb") as source:
        outcome = run_process(stdin=source, preexec_fn=cap_data(120))
    assert outcome.stderr == (b"solve.py: line 1: the header must be exactly 'K lr',"
                              b" found more than 2 values\n")
    outcome.assert_clean_error(1)


@pytest.mark.process
def test_leading_zeros_of_k_are_not_held(tmp_path):
    """K may start with any number of zeros; they are not kept, as a 4,001st digit would not be."""
    path = tmp_path / "zeros.in"
    with open(path, "wb") as data:
        for _ in range(60):
            data.write(b"0" * (1 << 20))
        data.write(b"1 0.5\n1\n2\n")
    with open(path, "rb") as source:
        outcome = run_process(stdin=source, preexec_fn=cap_data(48))
    assert (outcome.status, outcome.stdout, outcome.stderr) == (0, b"0.0000\n", b"")


@pytest.mark.process
def test_dev_zero_and_yes_end_at_once_as_processes():
    for command in ("exec %s %s < /dev/zero", "yes 1 | tr -d '\\n' | %s %s", "yes x | tr -d '\\n' | %s %s"):
        done = subprocess.run(["bash", "-c", command % (sys.executable, program())], capture_output=True,
                              timeout=30, preexec_fn=cap_data(200))
        assert done.returncode == 1 and done.stdout == b"", (command, done)
        assert done.stderr.startswith(b"solve.py: line 1: K ") and done.stderr.count(b"\n") == 1, done


# ------------------------------------------------- data and file caps ---


def cap_data(mib):
    """Return a preexec_fn that caps the child's data segment (RLIMIT_DATA) at mib MiB, as `ulimit -d`."""
    def cap():
        resource.setrlimit(resource.RLIMIT_DATA, (mib << 20, resource.getrlimit(resource.RLIMIT_DATA)[1]))
    return cap


@pytest.fixture(scope="module")
def wide_valid():
    """A valid problem of 4.8 MB, K = 1, d = 300,000: past the size from which auto picks numpy."""
    row = b" ".join([b"1.23456"] * 300_000)
    return b"1 0.5\n" + row + b"\n" + row + b"\n"


@pytest.mark.process
@pytest.mark.parametrize("mib", [32, 48])
def test_a_data_cap_guards_the_engine_choice_as_an_memory_cap_does(mib, wide_valid):
    """Under RLIMIT_DATA numpy's OpenBLAS could abort on import: auto keeps to the pure engine and answers."""
    outcome = run_process(wide_valid, python=(sys.executable, "-X", "importtime"), preexec_fn=cap_data(mib))
    assert outcome.status == 0, outcome
    assert outcome.stdout == b" ".join([b"0.6173"] * 300_000) + b"\n"
    assert not any(line.endswith(b"| numpy") for line in outcome.stderr.splitlines())


def test_the_smaller_of_the_two_caps_counts(monkeypatch):
    limits = {resource.RLIMIT_AS: (300 << 20, -1), resource.RLIMIT_DATA: (40 << 20, -1)}
    monkeypatch.setattr(resource, "getrlimit", lambda which: limits.get(which, (-1, -1)))
    assert solve._memory_cap() == 40 << 20
    limits[resource.RLIMIT_DATA] = (resource.RLIM_INFINITY, -1)
    assert solve._memory_cap() == 300 << 20


@pytest.mark.parametrize("limit, cap_mib, used_mib, raises", [
    ("RLIMIT_DATA", 800, 699, False), ("RLIMIT_DATA", 800, 701, True),  # 1/8 of the cap is kept free
    ("RLIMIT_DATA", 66, 57, False), ("RLIMIT_DATA", 66, 58, True),      # DMOJ's 64 MB, and its 2 MiB grace
    ("RLIMIT_AS", 800, 699, False), ("RLIMIT_AS", 800, 701, True),
    ("RLIMIT_AS", 96, 71, False), ("RLIMIT_AS", 96, 73, True),          # and at least 24 MiB of address space
    ("RLIMIT_AS", 96, 72, False), ("RLIMIT_DATA", 800, 700, False),     # just the headroom left: still room
])
def test_pypy_gives_up_while_room_is_left_to_say_so(monkeypatch, limit, cap_mib, used_mib, raises):
    """PyPy aborts where CPython raises MemoryError: on PyPy the solver raises it with room still free."""
    which = getattr(resource, limit)
    real = resource.getrlimit
    monkeypatch.setattr(resource, "getrlimit",
                        lambda asked: (cap_mib << 20, -1) if asked == which else real(asked))
    monkeypatch.setattr(solve, "_memory_in_use", lambda: (used_mib << 20, used_mib << 20))
    monkeypatch.setattr(sys.implementation, "name", "pypy")
    if raises:
        with pytest.raises(MemoryError):
            solve._check_room()
    else:
        assert solve._check_room() is None
    with pytest.raises(MemoryError):  # what the caller is about to allocate counts too
        solve._check_room(need=(cap_mib - used_mib) << 20)
    monkeypatch.setattr(sys.implementation, "name", "cpython")
    assert solve._check_room(need=1 << 40) is None  # CPython raises MemoryError by itself


def test_the_headroom_is_an_eighth_in_whole_bytes(monkeypatch):
    """A cap of 8n + 7 bytes keeps n free: with exactly that left there is room, with a byte less none."""
    cap = (64 << 20) + 7
    monkeypatch.setattr(resource, "getrlimit", lambda asked: (cap, -1) if asked == resource.RLIMIT_DATA
                        else (resource.RLIM_INFINITY, -1))
    monkeypatch.setattr(sys.implementation, "name", "pypy")
    for used, raises in ((cap - cap // 8, False), (cap - cap // 8 + 1, True)):
        monkeypatch.setattr(solve, "_memory_in_use", lambda used=used: (0, used))
        if raises:
            with pytest.raises(MemoryError):
                solve._check_room()
        else:
            assert solve._check_room() is None


@pytest.mark.parametrize("size, checked", [(1 << 16, True), ((1 << 16) - 1, False)])
def test_large_arrays_ask_for_room_first(monkeypatch, size, checked):
    """On PyPy the pure engine asks _check_room for 16 bytes a value before a large zeros() or step()."""
    asked = []
    monkeypatch.setattr(solve, "_check_room", lambda need=0: asked.append(need))
    engine = solve.PythonEngine()
    theta = engine.zeros(size)
    engine.step(theta, engine.zeros(size), 1, 0.5)
    assert asked == ([16 * size] * 3 if checked else [])


def test_memory_in_use_is_zero_where_it_cannot_be_read(monkeypatch):
    """Without the resource module (not Linux, not POSIX) nothing is measured: (0, 0), so no cap is near."""
    monkeypatch.setitem(sys.modules, "resource", None)
    assert solve._memory_in_use() == (0, 0)


@pytest.mark.parametrize("error, for_memory", [
    (OSError(12, "anything at all"), True),  # ENOMEM, whatever the text
    (OSError(13, "Permission denied"), False),
    (ImportError("/usr/lib/x.so: failed to map segment from shared object"), True),
    (ImportError("libopenblas.so.0: Cannot allocate memory"), True),  # the text, no errno
    (ImportError("No module named 'numpy'"), False),
], ids=["enomem", "eacces", "failed-mapping", "cannot-allocate", "no-module"])
def test_what_reads_as_out_of_memory(error, for_memory):
    assert solve._for_memory(error) is for_memory


@pytest.mark.parametrize("length", [39, 40, 41, 42])
@pytest.mark.parametrize("head", [b"", b"1 0.5\n1 2\n3 "], ids=["as-k", "as-number"])
def test_a_bad_token_near_40_bytes_gives_its_whole_message(head, length):
    """Settled or not, a bad token of 39 to 42 bytes read 4 bytes at a time gives its whole message."""
    data = head + b"x" * length + b" 4\n"
    whole = run_main(data).stderr
    pieces = solve.Reader(io.BytesIO(data), 4)
    with pytest.raises(solve.InputError) as raised:
        solve._answer(pieces, solve.PythonEngine())
    assert b"solve.py: %s\n" % str(raised.value).encode() == whole and (b"..." in whole) == (length > 40)


@pytest.mark.parametrize("data", [
    b"2 " + b"x" * 100 + b"\n1\n1\n1\n",  # the header's lr settles: the message is the bad number's
    b"2 " + b"x" * 100 + b" 3 4\n1\n1\n1\n",  # the header goes on after it: more than 2 values
    b"2 " + b"x" * 102 + b" 3 4\n1\n1\n1\n",  # the same, the blank after it starting a read
    b"1 -1." + b"25" * 40 + b"e-3 2\n",  # a long valid number, no blank in 88 bytes: never settled
    b"1 0.1\n1 2 3 4 5 6 7 8\n1 2\n",  # theta's 8 numbers in many pieces: the count goes on across them
    b"2 1 x\n1\n1\n1\n",  # K and lr in the first piece, a bad third value alone in the next: "more than 2"
    b"2 1 x 55 5\n1\n1\n1\n",  # and the pieces after the bad one count too ("x ", then "55 5")
], ids=["header-lr", "header-more", "header-more-at-a-read", "long-valid-number", "count-across-pieces",
        "header-three-with-a-bad-one", "header-bad-then-more"])
def test_a_token_read_in_pieces_gives_what_it_gives_whole(data):
    """Read 4 bytes at a time, a token that settles (or must not) ends in the outcome of one read."""
    def outcome(size):
        try:
            return "ok", b"".join(solve._answer(solve.Reader(io.BytesIO(data), size), solve.PythonEngine()))
        except solve.InputError as error:
            return "error", str(error)
    assert outcome(4) == outcome(solve.CHUNK)


def test_a_bad_token_settles_before_it_ends():
    """Its first 40 bytes and a NUL come out once 41 are read, before the token's end is seen."""
    pieces = iter(solve.Reader(io.BytesIO(b"x" * 100 + b" 1"), 4))
    assert next(pieces) == (1, b"x" * 40 + b"\x00")


def test_a_k_of_any_byte_but_a_digit_settles_at_40_bytes():
    """As K, a number's other bytes (+ - . e E) are bad too; every byte but a digit or a blank is.

    Whether the token fills its first reads or starts in the tail of one
    (after a blank: " 1" and the byte), that byte already makes K bad."""
    for byte in sorted(set(range(256)) - set(b"0123456789" + solve._BLANKS)):
        for head, token in ((b"", bytes([byte]) * 100), (b" ", b"1" + bytes([byte]) + b"1" * 100)):
            first = next(iter(solve.Reader(io.BytesIO(head + token + b" 1"), 4)))
            assert first == (1, token[:40] + b"\x00"), token[:2]


def test_a_bad_token_that_starts_after_a_blank_settles_at_40_bytes():
    """Its first byte is the tail of a read, not a read of its own, and already makes it bad."""
    pieces = iter(solve.Reader(io.BytesIO(b"1 X" + b"1" * 100 + b" 2"), 4))
    assert list(itertools.islice(pieces, 2)) == [(1, b"1 "), (1, b"X" + b"1" * 39 + b"\x00")]


def test_k_after_blank_reads_is_still_k():
    """Blank lines before K, read on their own, leave the next token K: too many digits settle it."""
    most = solve._max_k_digits()
    pieces = iter(solve.Reader(io.BytesIO(b"\n\n\n\n" + b"1" * (most + 100) + b" 0.1\n"), 4))
    assert next(pieces) == (5, b"1" * (most + 1))


def test_after_a_settled_token_the_next_is_a_number_not_k():
    """The Reader goes on past a settled token; what follows it is judged as a number (. e + -), not as K."""
    pieces = list(solve.Reader(io.BytesIO(b"x" * 50 + b" " + b"1.5e+3" * 20 + b"\n"), 4))
    assert pieces == [(1, b"x" * 40 + b"\x00"), (1, b"1.5e+3" * 20)]


def test_without_a_digit_limit_k_may_have_4000_digits(monkeypatch):
    """Before Python 3.11 int() has no digit limit: K may then have 4,000 digits, and no more."""
    monkeypatch.delattr(sys, "get_int_max_str_digits", raising=False)
    assert solve._max_k_digits() == 4000
    monkeypatch.setattr(sys, "get_int_max_str_digits", lambda: 0, raising=False)  # 0: no limit set
    assert solve._max_k_digits() == 4000


def test_an_import_error_of_ours_is_an_internal_error(monkeypatch):
    """An ImportError that is not about memory is a bug: one line naming it, not out of memory."""
    def broken(*args):
        raise ImportError("no module named 'x'")

    monkeypatch.setattr(solve, "read_problem", broken)
    outcome = run_main(b"2 0.1\n1 2\n1 2\n1 2\n")
    assert outcome.status == 1
    assert outcome.stderr == b"solve.py: internal error: ImportError: no module named 'x'\n"


@pytest.mark.parametrize("token", [
    b"0" * 96 + b"1" * 4000,  # the first read: 4,000 digits after the zeros, the most K may have
    b"0" * 4000 + b"5" + b"0" * 100,  # a digit in the first read, zeros after it: 5e100, not too long
], ids=["4000-digits", "zeros-around-a-digit"])
def test_k_past_its_first_read_is_read_as_its_digits_say(token):
    """A K longer than a read loses only its leading zeros: the message is that of the same K without them."""
    rest = b" 0.1\n1\n1\n"
    assert run_main(token + rest).stderr == run_main(token.lstrip(b"0") + rest).stderr
    assert b"more than" not in run_main(token + rest).stderr


def test_memory_in_use_is_read_from_proc():
    address_space, data = solve._memory_in_use()
    assert address_space > data > 1 << 20


def cap_file_size(size):
    def cap():
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    return cap


@pytest.mark.process
@pytest.mark.parametrize("python", [(sys.executable,), (sys.executable, "-S"), "pypy3"])
@pytest.mark.parametrize("before", [b"", b"kept as it was\n"], ids=["new-file", "append"])
def test_a_file_size_limit_leaves_no_partial_answer(python, before, tmp_path):
    """Under RLIMIT_FSIZE the write fails partway: the file is cut back to what it held before."""
    if python == "pypy3":
        if not PYPY:
            pytest.skip("no pypy3 (make judge-check installs it)")
        python = (PYPY,)
    answer_path = tmp_path / "out.txt"
    answer_path.write_bytes(before)
    row = b" ".join([b"1"] * 2000)
    with open(answer_path, "ab" if before else "wb") as out:
        done = subprocess.run([*python, str(program())], input=b"1 0.5\n" + row + b"\n" + row + b"\n",
                              stdout=out, stderr=subprocess.PIPE, timeout=60,
                              preexec_fn=cap_file_size(len(before) + 1024))
    assert (done.returncode, done.stderr) == (1, b"solve.py: cannot write the answer: File too large\n")
    assert answer_path.read_bytes() == before


# ------------------------------------------- quiet at the exit flush ---

# DMOJ's loader reopens stdout as text over a 64 KiB buffer; so do some online IDEs.
WRAPPED = ("import io, runpy, sys\n"
           "sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, 'w', closefd=False), 65536))\n"
           "sys.argv = [%r]\n"
           "runpy.run_path(%r, run_name='__main__')\n")


def interpreters():
    return [pytest.param((sys.executable,), id="cpython"),
            pytest.param((PYPY,), id="pypy", marks=pytest.mark.skipif(not PYPY, reason="no pypy3"))]


@pytest.mark.process
@pytest.mark.parametrize("python", interpreters())
@pytest.mark.parametrize("wrapped", [False, True], ids=["plain", "64k-text-wrapper"])
def test_a_full_disk_is_one_line_and_status_1(python, wrapped):
    argv = ["-c", WRAPPED % (str(program()), str(program()))] if wrapped else [str(program())]
    with open("/dev/full", "wb") as full:
        done = subprocess.run([*python, *argv], input=SEED, stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert (done.returncode, done.stderr) == (
        1, b"solve.py: cannot write the answer: No space left on device\n")


@pytest.mark.process
@pytest.mark.parametrize("python", interpreters())
@pytest.mark.parametrize("wrapped", [False, True], ids=["plain", "64k-text-wrapper"])
def test_a_closed_pipe_is_quiet_and_status_141(python, wrapped):
    argv = ["-c", WRAPPED % (str(program()), str(program()))] if wrapped else [str(program())]
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader went away before the answer
    try:
        done = subprocess.run([*python, *argv], input=SEED, stdout=write_end, stderr=subprocess.PIPE,
                              timeout=60)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (141, b"")


# ------------------------------------------- messages that say what ---


@pytest.mark.process
@pytest.mark.skipif(not hasattr(sys, "get_int_max_str_digits"), reason="Python before 3.11 has no such limit")
def test_a_lower_int_digit_limit_is_respected_in_the_message():
    done = subprocess.run([sys.executable, str(program())], input=b"1" * 700 + b" 0.5\n1\n2\n",
                          capture_output=True, env={**os.environ, "PYTHONINTMAXSTRDIGITS": "640"}, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (
        1, b"", b"solve.py: line 1: K has more than 640 digits\n")


def test_an_import_that_fails_for_memory_is_out_of_memory(monkeypatch):
    """The pure engine imports array for inputs of 1 MiB or more; a failed mapping is memory, not a bug."""
    class NoMemory:
        def find_spec(self, name, path=None, target=None):
            if name == "array":
                raise ImportError("/usr/lib/python3.11/lib-dynload/array.so: failed to map segment"
                                  " from shared object")
            return None

    monkeypatch.delitem(sys.modules, "array", raising=False)
    monkeypatch.setattr(sys, "meta_path", [NoMemory(), *sys.meta_path])
    outcome = run_main(b"1 0.5\n" + b"1 " * (1 << 20) + b"\n")
    assert (outcome.status, outcome.stdout) == (1, b"")
    assert outcome.stderr == b"solve.py: out of memory after line 2: " + OUT_OF_MEMORY


@both_engines
def test_a_read_that_fails_for_memory_is_out_of_memory(engine):
    out, err = io.BytesIO(), io.BytesIO()
    reads = BreakingStream([b"2 0.1\n", b"1 2\n"], OSError(12, "Cannot allocate memory"))
    assert solve.main(["--engine", engine], reads, out, err) == 1
    assert (out.getvalue(), err.getvalue()) == (
        b"", b"solve.py: out of memory after line 2: " + OUT_OF_MEMORY)


def test_no_module_level_statement_can_fail_outside_mains_guard():
    """Module level holds imports, definitions and constants only: nothing that allocates more than a name."""
    def constant(node):
        if isinstance(node, (ast.Constant, ast.Name)):  # a literal, or a name bound to one above
            return True
        if isinstance(node, (ast.BinOp,)):
            return constant(node.left) and constant(node.right)
        if isinstance(node, ast.UnaryOp):
            return constant(node.operand)
        if isinstance(node, (ast.List, ast.Tuple)):
            return all(map(constant, node.elts))
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float"
                and all(map(constant, node.args)))

    if MUTANTS:
        pytest.skip("mutmut rewrites solve.py's module level with its own tables; this checks the source")
    tree = ast.parse((ROOT / "solve.py").read_text())
    run_at_import = list(tree.body)
    for node in run_at_import:
        if isinstance(node, ast.ClassDef):
            run_at_import.extend(node.body)  # a class body runs at import too
        elif isinstance(node, ast.Assign):
            assert constant(node.value), ast.unparse(node)
        else:
            assert isinstance(node, (ast.Expr, ast.Import, ast.ImportFrom, ast.FunctionDef, ast.If)), (
                ast.unparse(node)[:80])
    assert isinstance(tree.body[-1], ast.If) and "main()" in ast.unparse(tree.body[-1])


@both_engines
def test_the_token_layout_with_k_1(engine):
    """With K = 1, d is (N - 1) / 2 for the N numbers after K: the one K for which (N + 1) / (K + 1),
    rounded down, would give another d."""
    assert run_main(b"1 0.5 1 2 2 4\n", engine=engine).stdout == b"0.0000 0.0000\n"
