"""However solve.py is launched: non-blocking and terminal stdin, text-only streams, a broken numpy,
tall inputs, huge tokens, and the platform differences that can be reached from Linux."""

import io
import os
import pty
import random
import runpy
import select
import shutil
import subprocess
import sys
import termios
import time

import pytest
from conftest import both_engines, engine_named

import solve
from testkit.runs import SAMPLES, BreakingStream, program, run_main, run_process

SEED = (SAMPLES / "seed-example-lines.in").read_bytes()
SEED_ANSWER = b"0.9000 1.8000\n"
PYPY = shutil.which("pypy3")
INTERPRETERS = [pytest.param(sys.executable, id="cpython"),
                pytest.param(PYPY, id="pypy", marks=pytest.mark.skipif(PYPY is None, reason="no pypy3"))]


# ------------------------------------------------------- non-blocking stdin ---


@pytest.mark.process
@pytest.mark.parametrize("python", INTERPRETERS)
@pytest.mark.parametrize("args", [[], ["--engine", "numpy"]], ids=["auto", "numpy"])
def test_non_blocking_stdin_with_the_input_written_late_in_parts(python, args):
    """O_NONBLOCK on fd 0, nothing there at first, then the input in two parts: the answer, no traceback."""
    if args and python == PYPY:
        pytest.skip("Debian's pypy3 has no numpy")
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    try:
        proc = subprocess.Popen([python, str(program()), *args], stdin=read_end,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        os.close(read_end)
    time.sleep(0.2)  # the solver reads before anything has been written
    os.write(write_end, SEED[:9])  # a token cut in the middle
    time.sleep(0.1)
    os.write(write_end, SEED[9:])
    os.close(write_end)
    stdout, stderr = proc.communicate(timeout=60)
    assert (proc.returncode, stdout, stderr) == (0, SEED_ANSWER, b"")


class Trickle:
    """A non-blocking binary stream with no descriptor: None (nothing yet) between its pieces."""

    def __init__(self, pieces):
        self.pieces = list(pieces)
        self.nothing_yet = True

    def read(self, size=-1):
        self.nothing_yet = not self.nothing_yet
        if self.nothing_yet:
            return None
        return self.pieces.pop(0)[:size] if self.pieces else b""


@both_engines
def test_reads_that_would_block_are_waited_out_in_process(engine):
    """No descriptor to wait on (select() cannot help): the solver waits a moment and reads again."""
    pieces = [SEED[i:i + 4] for i in range(0, len(SEED), 4)]
    out, err = io.BytesIO(), io.BytesIO()
    assert solve.main(["--engine", engine], Trickle(pieces), out, err) == 0
    assert (out.getvalue(), err.getvalue()) == (SEED_ANSWER, b"")


@pytest.mark.process
def test_non_blocking_stdout_with_a_slow_reader():
    """O_NONBLOCK on fd 1 and a reader that waits: a long answer is written whole, not cut by EAGAIN."""
    row = b" ".join([b"1.5"] * 100_000) + b"\n"  # an answer of 700 kB, ten times a pipe's buffer
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    try:
        proc = subprocess.Popen([sys.executable, str(program())], stdin=subprocess.PIPE,
                                stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    with proc, open(read_end, "rb") as reader:
        proc.stdin.write(b"1 0.5\n" + row + row)
        proc.stdin.close()
        time.sleep(0.2)  # the pipe fills, and every write past it would block
        answer = reader.read()
        assert proc.wait(timeout=60) == 0 and proc.stderr.read() == b""
    assert answer == run_main(b"1 0.5\n" + row + row).stdout


class Sip(io.BytesIO):
    """A writer that takes at most 1000 bytes a call and says so, as a non-blocking buffer may."""

    def write(self, data):
        return super().write(bytes(data[:1000]))


class Quiet(io.BytesIO):
    """A file-like writer that returns nothing from write(), as many hand-made ones do."""

    def write(self, data):
        super().write(data)


class WouldBlock(io.RawIOBase):
    """A non-blocking raw writer (python -u) whose reader is slow: every other write would block and
    returns None, the others take 1000 bytes. A process test meets this only when its timing is right."""

    def __init__(self):
        self.taken, self.calls = bytearray(), 0

    def writable(self):
        return True

    def write(self, data):
        self.calls += 1
        if self.calls % 2:
            return None
        self.taken += data[:1000]
        return len(data[:1000])

    def getvalue(self):
        return bytes(self.taken)


@pytest.mark.parametrize("writer", [Sip, Quiet, WouldBlock])
def test_every_byte_of_the_answer_is_written_once(writer):
    data = b"1 0.5\n" + (b" ".join([b"1.5"] * 5000) + b"\n") * 2
    out = writer()
    assert solve.main([], io.BytesIO(data), out, io.BytesIO()) == 0
    assert out.getvalue() == run_main(data).stdout


class Jammed(io.BytesIO):
    """A non-blocking buffered writer whose reader is slow: every other write takes part, then would block."""

    def __init__(self):
        super().__init__()
        self.jam = False

    def write(self, data):
        self.jam = not self.jam
        if self.jam and len(data) > 1:
            taken = len(data) // 2
            super().write(bytes(data[:taken]))
            raise BlockingIOError(11, "Resource temporarily unavailable", taken)
        return super().write(data)


def test_a_write_that_would_block_goes_on_from_where_it_stopped():
    data = b"1 0.5\n" + (b" ".join([b"1.5"] * 5000) + b"\n") * 2
    out = Jammed()
    assert solve.main([], io.BytesIO(data), out, io.BytesIO()) == 0
    assert out.getvalue() == run_main(data).stdout


@pytest.mark.parametrize("data, size, lines", [
    (b"", 0, 0),
    (SEED, len(SEED), 4),
    (SEED.replace(b"\n", b"\r"), len(SEED), 4),  # lone \r ends lines too
    (SEED.replace(b"\n", b"\r\n"), len(SEED) + 4, 4),
    (b"\n\n" + SEED + b"\n\n", len(SEED) + 4, 6),  # blank lines count, the last line read is the last given
])
def test_the_reader_counts_bytes_and_lines(data, size, lines):
    reader = solve.Reader(io.BytesIO(data))
    pairs = list(reader)
    assert (reader.taken, reader.line) == (size, lines)
    assert b" ".join(piece for _, piece in pairs).split() == data.split()  # the same tokens, none lost


def test_reads_grow_only_while_they_come_back_full():
    """A pipe that gives 100 bytes at a time: every read asks for 4 KiB, never more (PyPy allocates it)."""
    reads, stream = [], io.BytesIO(b"1 0.1\n" + b"2 " * 5000 + b"\n" + b"3 " * 5000 + b"\n")

    def read(size):
        reads.append(size)
        return stream.read(min(size, 100))

    assert [line for line, _ in solve.Reader(Reads(read))][-1] == 3
    assert set(reads) == {solve.FIRST_READ}


class Reads:
    """A stream whose read() is the function given."""

    def __init__(self, read):
        self.read = read


def test_a_byte_order_mark_cut_across_reads_is_dropped():
    """Reads of one byte: the mark comes in three reads, is held until whole, and is dropped."""
    stream = io.BytesIO(solve.BOM + SEED)
    pieces = [piece for _, piece in solve.Reader(Reads(lambda n: stream.read(1)))]
    assert b" ".join(pieces).split() == SEED.split()


def test_a_k_with_a_letter_settles_within_its_first_reads():
    """A K token of 4,001 bytes with no blank, in reads of 8: settled once 40 of its bytes are held."""
    stream = io.BytesIO(b"1" + b"X" * 4000 + b" 0.1\n1\n1\n")
    pairs = iter(solve.Reader(Reads(lambda n: stream.read(8))))
    assert next(pairs) == (1, b"1" + b"X" * 39 + b"\x00") and stream.tell() == 48


@pytest.mark.parametrize("limit, reads", [
    (solve.CHUNK, [4096, 8192, 16384, 32768]),  # three full reads, then the end
    (12 << 10, [4096, 8192, 12288, 12288, 12288]),  # a short read of 4 KiB is not the end of a file
])
def test_reads_double_up_to_their_limit(limit, reads):
    """Reads of 4, 8, 16 KiB... while they come back full, never past the limit: 28 KiB of input here."""
    asked, stream = [], io.BytesIO(b"7 " * (14 << 10))
    assert len(list(solve.Reader(Reads(lambda n: asked.append(n) or stream.read(n)), limit))) >= 3
    assert asked == reads


@pytest.mark.parametrize("implementation, cap, capped", [
    ("pypy", 1 << 30, True), ("pypy", float("inf"), False), ("cpython", 1 << 30, False)])
def test_on_pypy_under_a_cap_reads_stay_at_64_kib_and_look_at_the_room(monkeypatch, implementation, cap,
                                                                       capped):
    """There a read costs at most 64 KiB, and past the first 64 KiB each read is preceded by _check_room."""
    monkeypatch.setattr(sys.implementation, "name", implementation)
    monkeypatch.setattr(solve, "_memory_cap", lambda: cap)
    looks, asked, stream = [], [], io.BytesIO(b"7 " * (300 << 10))  # 600 KiB
    monkeypatch.setattr(solve, "_check_room", lambda: looks.append(stream.tell()))
    reader = solve.Reader(Reads(lambda n: asked.append(n) or stream.read(n)))
    assert b"".join(piece for _, piece in reader) == stream.getvalue() and reader.capped is capped
    kib = [n >> 10 for n in asked]
    if capped:  # 60 KiB, then reads of 64 KiB to the end (the last gives b""); a look before each past 64 KiB
        assert kib == [4, 8, 16, 32] + [64] * 10
        assert [taken >> 10 for taken in looks] == [124 + 64 * i for i in range(8)] + [600]
    else:
        assert (kib, looks) == ([4, 8, 16, 32, 64, 128, 256, 512, 512], [])


@pytest.mark.parametrize("kib, lookups", [(60, 0), (600, 1)])
def test_on_pypy_the_cap_is_looked_up_once_and_only_past_64_kib(monkeypatch, kib, lookups):
    """Looking it up imports resource, which loads PyPy's C-API layer: 2 MiB on the seed (`make bench`)."""
    monkeypatch.setattr(sys.implementation, "name", "pypy")
    looked = []
    monkeypatch.setattr(solve, "_memory_cap", lambda: looked.append(kib) or float("inf"))
    assert len(list(solve.Reader(io.BytesIO(b"7 " * (kib << 9))))) >= 4 and len(looked) == lookups


def test_on_pypy_under_a_cap_the_room_is_looked_at_from_64_kib_exactly(monkeypatch):
    monkeypatch.setattr(sys.implementation, "name", "pypy")
    monkeypatch.setattr(solve, "_memory_cap", lambda: 1 << 30)
    looks, stream = [], io.BytesIO(b"7 " * (40 << 10))  # 80 KiB, in reads of 4 KiB
    monkeypatch.setattr(solve, "_check_room", lambda: looks.append(stream.tell()))
    assert len(list(solve.Reader(Reads(lambda n: stream.read(min(n, 4096)))))) == 20
    assert [taken >> 10 for taken in looks] == [64, 68, 72, 76, 80]


LOADED_AFTER = """import runpy, sys
del sys.argv[0]  # as DMOJ's loader does: solve.py sees no arguments
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as done:
    sys.stderr.write("status %s; " % done.code)
sys.stderr.write(" ".join(sorted({"resource", "_resource_cffi", "cpyext"} & set(sys.modules))))
"""


@pytest.mark.process
@pytest.mark.skipif(PYPY is None, reason="no pypy3")
@pytest.mark.parametrize("data, loaded", [
    (SEED, ""),
    (b"1 0.5\n" + b"1 " * (150 << 10) + b"\n" + b"3 " * (150 << 10), "_resource_cffi cpyext resource")],
    ids=["seed", "600 KiB"])
def test_on_real_pypy_only_inputs_past_64_kib_import_resource(data, loaded):
    """On PyPy importing resource loads its C-API layer (cpyext): 2 MiB more on the seed (`make bench`)."""
    done = subprocess.run([PYPY, "-S", "-c", LOADED_AFTER, str(program())], input=data, capture_output=True,
                          timeout=60)
    assert (done.returncode, done.stderr.decode()) == (0, "status 0; " + loaded)


@pytest.fixture
def chosen(monkeypatch):
    """Return a list that gets the arguments of each pick_engine() call: (choice, bytes read, lines)."""
    calls, pick = [], solve.pick_engine
    monkeypatch.setattr(solve, "pick_engine", lambda *args: calls.append(args) or pick(*args))
    return calls


def test_the_engine_is_chosen_on_the_first_4_mib(chosen, numpy_loads):
    """auto reads 4 MiB ahead on CPython to choose, and no more: the rest is read as the numbers are added."""
    row = b" ".join([b"0.5"] * 900_000) + b"\n"  # 2.7 MB
    assert solve.solve_bytes(b"1 0.1\n" + row + row) == row.replace(b"0.5", b"0.4500").decode()
    [(choice, size, lines)] = chosen
    assert (choice, lines, numpy_loads) == ("auto", 3, ["numpy"])
    assert solve.NUMPY_FROM <= size < solve.NUMPY_FROM + solve.CHUNK  # reads of 4 KiB, 8 KiB ... 1 MiB, 1 MiB


# The read-ahead's bounds at NUMPY_FROM and at a small one: the same stops, in milliseconds rather
# than a second (under mutmut the 4 MiB cases come last, after every quicker test).
THRESHOLDS = pytest.mark.parametrize("threshold", [4 << 20, 64 << 10], ids=["4-MiB", "64-KiB"])


@THRESHOLDS
def test_the_read_ahead_ends_at_the_threshold_exactly(chosen, monkeypatch, threshold):
    """Reads of 4 KiB reach NUMPY_FROM exactly: the engine is chosen there, not one read later."""
    assert solve.NUMPY_FROM == 4 << 20
    monkeypatch.setattr(solve, "NUMPY_FROM", threshold)
    row = b" ".join([b"0.5"] * (threshold // 4 // 5 * 4)) + b"\n"  # 0.8 x the threshold
    answer = b"".join(solve._solve(solve.Reader(io.BytesIO(b"1 0.1\n" + row + row), 4096), "auto"))
    assert answer == row.replace(b"0.5", b"0.4500") and chosen == [("auto", threshold, 3)]


# ------------------------------------------------------------- a terminal ---


@pytest.mark.process
@pytest.mark.parametrize("python", INTERPRETERS)
def test_a_terminal_needs_one_end_of_file(python):
    """Typed into a terminal, then Ctrl-D once: the answer, without waiting for a second Ctrl-D."""
    leader, follower = pty.openpty()
    attributes = termios.tcgetattr(follower)
    attributes[3] &= ~termios.ECHO  # no echo to read back
    termios.tcsetattr(follower, termios.TCSANOW, attributes)
    try:
        proc = subprocess.Popen([python, str(program())], stdin=follower,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        os.close(follower)
    try:
        for line in SEED.splitlines(keepends=True):  # a line at a time, as typed
            os.write(leader, line)
            time.sleep(0.05)
        os.write(leader, bytes([attributes[6][termios.VEOF][0]]))  # the terminal's end of file: Ctrl-D
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        if not ready:
            proc.kill()
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        os.close(leader)
    assert ready, "still waiting after one Ctrl-D"
    assert (proc.returncode, stdout, stderr) == (0, SEED_ANSWER, b"")


class Terminal(io.BytesIO):
    """An in-memory terminal: isatty() is true, and there is no descriptor to ask about blocking."""

    def __init__(self, data):
        super().__init__(data)
        self.reads = 0

    def isatty(self):
        return True

    def fileno(self):
        raise io.UnsupportedOperation("no descriptor")

    def read(self, size=-1):
        self.reads += 1
        return super().read(size)


def test_a_short_read_from_a_terminal_ends_the_input():
    """One read that comes back short ends the input on a terminal: no second read waits for Ctrl-D."""
    stream = Terminal(SEED)
    reader = solve.Reader(stream)
    assert reader.read(1000) == SEED and reader.ended and stream.reads == 1
    assert solve.solve_bytes(SEED) == b"".join(solve._solve(solve.Reader(Terminal(SEED)), "auto")).decode()


def test_a_full_read_from_a_terminal_does_not_end_the_input():
    stream = Terminal(b"1234 67890")
    assert [piece.strip() for _, piece in solve.Reader(stream, 4)] == [b"1234", b"67890"]
    assert stream.reads == 3  # 4 bytes, 4 more, and a short read of 2: the end


def test_a_short_read_elsewhere_does_not_end_the_input():
    """From a pipe a short read may mean "no more yet": only an empty read ends the input."""
    reader = solve.Reader(BreakingStream([SEED[:5], SEED[5:], b""], AssertionError("read past the end")))
    assert b" ".join(piece for _, piece in reader).split() == SEED.split() and reader.ended


def test_windows_before_3_12_cannot_ask_about_blocking(monkeypatch):
    """Without os.get_blocking() (Windows before 3.12) a terminal is taken as blocking, as it is there."""
    monkeypatch.delattr(os, "get_blocking")

    class Console(Terminal):
        def fileno(self):
            return 0

    assert solve._short_read_ends(Console(b""))


# ----------------------------------------------------------- text streams ---


def run_path_with_text_streams(monkeypatch, stdin_text, argv=()):
    """Run solve.py as runpy runs it (online IDEs, DMOJ's loader) with io.StringIO as every stream."""
    streams = io.StringIO(stdin_text), io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", streams[0])
    monkeypatch.setattr(sys, "stdout", streams[1])
    monkeypatch.setattr(sys, "stderr", streams[2])
    monkeypatch.setattr(sys, "argv", [str(program()), *argv])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(program()), run_name="__main__")
    return done.value.code, streams[1].getvalue(), streams[2].getvalue()


@pytest.mark.process
@pytest.mark.parametrize("argv", [[], ["--engine", "numpy"]], ids=["auto", "numpy"])
def test_text_only_streams_give_the_answer(monkeypatch, argv):
    assert run_path_with_text_streams(monkeypatch, SEED.decode(), argv) == (0, SEED_ANSWER.decode(), "")


@pytest.mark.process
def test_text_only_streams_give_the_one_line_error(monkeypatch):
    status, stdout, stderr = run_path_with_text_streams(monkeypatch, "1 0.1\n1 2\n1 x\u00e9\n")
    assert (status, stdout) == (1, "")
    assert stderr == ("solve.py: line 3: bad number 'x\\xc3\\xa9': write digits with an optional sign,"
                      " point and exponent, like -1.5e-3\n")


@pytest.mark.process
def test_text_only_help(monkeypatch):
    status, stdout, stderr = run_path_with_text_streams(monkeypatch, "", ["--help"])
    assert status == 0 and stdout.startswith("usage: solve.py") and stderr == ""


class TextSink:
    """A text-only output stream that records what is written, and its flushes."""

    def __init__(self):
        self.parts, self.flushes = [], 0

    def write(self, text):
        self.parts.append(text)

    def flush(self):
        self.flushes += 1


def test_text_output_is_flushed_and_never_fails_to_decode():
    sink = TextSink()
    out = solve._TextOut(sink)
    assert out.write(b"0.9 \xff\n") == 6
    out.flush()
    assert (sink.parts, sink.flushes) == (["0.9 \ufffd\n"], 1)
    solve._TextOut(io.StringIO("no flush needed")).flush()

    class NoFlush:  # a minimal text stream: write() and nothing else
        def write(self, text):
            pass

    solve._TextOut(NoFlush()).flush()


def test_main_flushes_a_text_only_stdout(monkeypatch):
    sink = TextSink()
    monkeypatch.setattr(sys, "stdout", sink)
    assert solve.main([], io.BytesIO(SEED)) == 0
    assert "".join(sink.parts) == SEED_ANSWER.decode() and sink.flushes >= 1


@pytest.mark.parametrize("text, data", [
    ("1 0.1\n1\n1\n", b"1 0.1\n1\n1\n"),
    ("\ufeff1 2", b"\xef\xbb\xbf1 2"),  # a byte-order mark decoded as text is dropped as bytes are
    ("x\udcff", b"x\xff"),  # a byte that did not decode (surrogateescape) is given back as it came
    ("x\ud800", b"x\\ud800"),  # a lone surrogate cannot be encoded at all: shown escaped
])
def test_text_is_read_as_the_bytes_it_came_from(text, data):
    assert solve.Reader(io.StringIO(text)).read(100) == data


# ------------------------------------------------------------ broken numpy ---


@pytest.fixture(scope="module")
def broken_numpy(tmp_path_factory):
    """A folder with a numpy that raises RuntimeError on import, as numpy 1.19.4 did on a Windows update."""
    folder = tmp_path_factory.mktemp("broken-numpy")
    (folder / "numpy").mkdir()
    (folder / "numpy" / "__init__.py").write_text(
        'raise RuntimeError("The current Numpy installation fails to pass a sanity check\\nsee the link")\n')
    return folder


WIDE = b"1 0.1\n" + (b" ".join([b"0.5"] * 900_000) + b"\n") * 2  # 5.4 MB, lines long: auto wants numpy


@pytest.mark.process
def test_a_numpy_that_fails_to_import_leaves_auto_on_the_pure_engine(broken_numpy):
    outcome = run_process(WIDE, env={**os.environ, "PYTHONPATH": str(broken_numpy)})
    assert (outcome.status, outcome.stderr) == (0, b""), outcome
    assert outcome.stdout == run_main(WIDE, engine="python").stdout


@pytest.mark.process
def test_a_numpy_that_fails_to_import_is_one_line_when_forced(broken_numpy):
    outcome = run_process(SEED, engine="numpy", env={**os.environ, "PYTHONPATH": str(broken_numpy)})
    outcome.assert_clean_error(None)
    assert outcome.stderr == (b"solve.py: --engine numpy: numpy cannot be imported (RuntimeError: The current"
                              b" Numpy installation fails to pass a sanity check)\n")


@pytest.mark.parametrize("why, shown", [
    ("x" * 100, "x" * 80 + "..."),  # cut to 80 characters
    ("x" * 80, "x" * 80),
    ("x" * 81, "x" * 80 + "..."),
    ("first line\nsecond", "first line"),  # one line only
    ("", ""),
], ids=["long", "80", "81", "two-lines", "empty"])
def test_the_import_error_is_shown_on_one_short_line(monkeypatch, why, shown):
    class Finder:
        def find_spec(self, name, path=None, target=None):
            if name == "numpy":
                raise OSError(why)

    monkeypatch.delitem(sys.modules, "numpy", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Finder(), *sys.meta_path])
    with pytest.raises(solve.InputError) as raised:
        solve.pick_engine("numpy", 0)
    assert str(raised.value) == "--engine numpy: numpy cannot be imported (OSError: %s)" % shown


# ----------------------------------------------------------- tall inputs ---


def tall(k, d=1, separator=b"\n"):
    rng = random.Random(k)
    row = lambda: b" ".join(b"%.6f" % rng.uniform(-3, 3) for _ in range(d))  # noqa: E731
    rows = [b"%d 0.01" % k] + [row() for _ in range(k + 1)]
    return separator.join(rows) + b"\n"


@pytest.mark.parametrize("size, breaks, name", [
    (solve.NUMPY_FROM, solve.NUMPY_FROM // solve.NUMPY_MIN_LINE, "numpy"),  # lines just long enough
    (solve.NUMPY_FROM, solve.NUMPY_FROM // solve.NUMPY_MIN_LINE + 1, "python"),  # just too short
    (solve.NUMPY_FROM, 0, "numpy"),  # one line, no break seen yet
    (solve.NUMPY_FROM - 1, 0, "python"),
])
def test_auto_weighs_line_length_as_well_as_size(size, breaks, name):
    """numpy costs more per line and less per number: many short lines keep auto on the pure engine."""
    assert solve.pick_engine("auto", size, breaks).name == name


def test_a_tall_input_stays_on_the_pure_engine(numpy_loads):
    """K = 24,000 lines of 20 numbers, 4.6 MB in lines of 190 bytes: past NUMPY_FROM, yet auto stays pure."""
    data = tall(24_000, 20)
    assert len(data) > solve.NUMPY_FROM and len(data) < solve.NUMPY_MIN_LINE * data.count(b"\n")
    assert run_main(data).stdout == run_main(data, engine="python").stdout
    assert solve.solve_bytes(data).encode() == run_main(data).stdout and numpy_loads == []
    old_mac = data.replace(b"\n", b"\r")  # lines ended by a lone \r are lines too
    assert solve.solve_bytes(old_mac).encode() == run_main(data).stdout and numpy_loads == []


def test_a_tall_input_is_judged_on_its_first_lines(chosen, numpy_loads):
    """Past 4 MiB / 256 lines, numpy cannot be chosen: auto stops reading ahead there, short of 4 MiB."""
    data = tall(24_000, 20)
    expected = run_main(data, engine="python").stdout.decode()
    chosen.clear()  # that run chose too: only solve_bytes' choice is looked at
    assert solve.solve_bytes(data) == expected
    [(choice, size, lines)] = chosen
    assert lines == solve.NUMPY_FROM // solve.NUMPY_MIN_LINE + 1 and size < solve.NUMPY_FROM
    assert numpy_loads == []


def test_a_wide_input_takes_numpy(numpy_loads):
    assert run_main(WIDE).status == 0 and numpy_loads == ["numpy"]


@both_engines
@pytest.mark.parametrize("rows, d", [(40, 1), (40, 3), (5, 8), (2, 2)])
def test_rows_added_in_bulk_are_added_left_to_right(engine, rows, d):
    """add_rows gives the very bits of adding row after row, where the order of the sum shows."""
    rng = random.Random(rows * d)
    magnitudes = [1e16, 1.0, -1e16, 3.0, 1e-3, 2.5e15]
    values = [rng.choice(magnitudes) * rng.uniform(0.5, 2) for _ in range(rows * d + 3)]
    start, target = 3, [rng.uniform(-1, 1) for _ in range(d)]
    expected = list(target)
    for row in range(rows):
        for j in range(d):
            expected[j] += values[start + row * d + j]
    made = engine_named(engine)
    array = made.zeros(d)
    array[:] = made.zeros(d)  # the engine's own array type, filled below
    for j in range(d):
        array[j] = target[j]
    parsed = made.parse(b" ".join(b"%r" % v for v in values), 1)
    with made:
        made.add_rows(array, parsed, start, rows)
    assert [float(v) for v in array] == expected


@both_engines
def test_whole_gradients_go_straight_into_the_sum(engine, monkeypatch):
    """A whole row is one add(), many whole rows one add_rows() in bulk, never a step per value."""
    made, calls = engine_named(engine), []
    for name in ("add", "add_rows"):
        real = getattr(made, name)
        monkeypatch.setattr(made, name, lambda *args, real=real, name=name: calls.append(name) or real(*args))
    # theta and g_1; g_2; g_3 to g_5 whole, then the first value of g_6, then its second
    pieces = [b"1 2 3 4", b"5 6", b"7 8 9 10 11 12 13", b"14"]
    with made:
        theta, grad_sum = solve._rows(made, 2, [made.parse(piece, 1) for piece in pieces])
    # g_1 and g_2 each one row (one add), g_3 to g_5 in bulk (no add), g_6 in two parts
    assert calls == ["add_rows", "add", "add_rows", "add", "add_rows", "add", "add"]
    assert [float(v) for v in theta] == [1, 2]
    assert [float(v) for v in grad_sum] == [3 + 5 + 7 + 9 + 11 + 13, 4 + 6 + 8 + 10 + 12 + 14]


@both_engines
def test_a_piece_that_starts_inside_a_row_finishes_that_row_first(engine):
    """theta, g_1's first value; then the rest of g_1, g_2 and g_3 whole: the sum is column by column."""
    made = engine_named(engine)
    with made:
        theta, grad_sum = solve._rows(made, 2, [made.parse(piece, 1) for piece in (b"1 2 3", b"4 5 6 7 8")])
    assert [float(v) for v in theta] == [1, 2] and [float(v) for v in grad_sum] == [3 + 5 + 7, 4 + 6 + 8]


@THRESHOLDS
def test_the_read_ahead_stops_at_the_first_line_past_the_threshold_over_256(chosen, monkeypatch, threshold):
    """A tall input: once 256 x the lines given passes NUMPY_FROM (line 16,385 for 4 MiB), the engine is
    chosen on them."""
    monkeypatch.setattr(solve, "NUMPY_FROM", threshold)
    k = threshold // solve.NUMPY_MIN_LINE + 2  # lines: the header, theta, then k of one number
    data = b"%d 1\n0\n" % k + b"1\n" * k  # 32 KB at most: read whole by the first reads
    answer = b"".join(solve._solve(solve.Reader(io.BytesIO(data)), "auto"))
    lines = threshold // solve.NUMPY_MIN_LINE + 1
    assert answer == b"-1.0000\n" and chosen == [("auto", len(data), lines)]


def test_the_pure_engine_adds_many_short_rows_column_by_column(monkeypatch):
    """On CPython, more rows than columns are added down each column; a row-by-row add would be called."""
    engine, calls = solve.PythonEngine(), []
    monkeypatch.setattr(engine, "add", lambda *args: calls.append(args))
    engine.add_rows(engine.zeros(2), engine.floats([1.0] * 20), 0, 10)
    assert calls == []
    engine.add_rows(engine.zeros(8), engine.floats([1.0] * 16), 0, 2)
    assert len(calls) == 2


# ------------------------------------------------------------ huge tokens ---


def test_a_run_without_whitespace_is_searched_once(monkeypatch):
    """One token over many reads: each read is searched for a blank once, never the bytes kept from before."""
    searched = []
    last_space = solve._last_space
    monkeypatch.setattr(solve, "_last_space", lambda data: searched.append(len(data)) or last_space(data))
    data = b"1 0.1\n" + b"7" * 200_000 + b" 1\n"
    pieces = list(solve.Reader(io.BytesIO(data), 1000))
    assert sum(searched) <= len(data)
    assert b"".join(piece for line, piece in pieces if line == 2) == b"7" * 200_000 + b" 1"


@both_engines
def test_a_huge_token_is_one_clean_line(engine):
    outcome = run_main(b"1 0.1\n" + b"x" * (3 << 20) + b"\n1\n", engine=engine)
    outcome.assert_clean_error(2)
    assert outcome.stderr.startswith(b"solve.py: line 2: bad number 'xxxxxxxx")


# ---------------------------------------------------- last resort, Windows ---


def test_an_unexpected_exception_is_one_line(monkeypatch):
    """A bug (here planted) still ends with one line that says what happened, never a traceback."""

    def planted(reader, engine):
        raise TypeError("planted\nsecond line")

    monkeypatch.setattr(solve, "read_problem", planted)
    outcome = run_main(SEED)
    assert (outcome.status, outcome.stdout) == (1, b"")
    assert outcome.stderr == b"solve.py: internal error: TypeError: planted second line\n"


def test_an_unexpected_exception_with_an_undecodable_message_is_still_one_line(monkeypatch):
    def planted(reader, engine):
        raise ValueError("bad byte \udcff")

    monkeypatch.setattr(solve, "read_problem", planted)
    assert run_main(SEED).stderr == b"solve.py: internal error: ValueError: bad byte \\udcff\n"


def test_a_usage_error_naming_an_undecodable_argument_is_one_clean_message():
    """argv decoded with surrogateescape (a name in a foreign encoding): argparse's message, shown escaped."""
    outcome = run_main(b"", argv=["--bogus\udcff"])
    assert outcome.status == 2 and outcome.stdout == b""
    assert outcome.stderr.endswith(b"solve.py: error: unrecognized arguments: --bogus\\udcff\n"), outcome


class SlowToFlush(io.BytesIO):
    """A non-blocking buffered writer whose first flush would block."""

    def __init__(self):
        super().__init__()
        self.flushes = 0

    def flush(self):
        self.flushes += 1
        if self.flushes == 1:
            raise BlockingIOError(11, "Resource temporarily unavailable", 0)


@pytest.mark.parametrize("size", [100_000, 1000], ids=["write", "flush"])
def test_a_full_pipe_is_waited_on_until_it_can_take_more(size):
    """A non-blocking pipe already full: writing (a long answer) and flushing (a short one, which fits the
    buffer) wait for the reader, with select() on writable."""
    import threading

    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    try:
        while True:
            os.write(write_end, b"x" * 4096)
    except BlockingIOError:
        pass  # now every write would block until the reader takes some
    received = []
    with open(read_end, "rb", buffering=0) as reader, open(write_end, "wb", buffering=8192) as stream:
        writer = threading.Thread(target=solve._write, args=(stream, b"y" * size), daemon=True)
        writer.start()
        time.sleep(0.2)
        while writer.is_alive() or not received or received[-1]:
            ready, _, _ = select.select([reader], [], [], 0.5)
            if not ready:
                break
            received.append(reader.read(65536))
            writer.join(0.01)
        writer.join(10)
        assert not writer.is_alive(), "the writer never finished: it waited on the wrong event"
    assert b"".join(received).count(b"y") == size


def test_a_flush_that_would_block_is_tried_again():
    out = SlowToFlush()
    assert solve.main([], io.BytesIO(SEED), out, io.BytesIO()) == 0
    assert out.getvalue() == SEED_ANSWER and out.flushes >= 2


def test_windows_says_einval_where_the_pipe_broke(monkeypatch):
    """Windows raises OSError(EINVAL) writing to a pipe whose reader left: quiet, 141, as BrokenPipeError."""

    class Gone(io.BytesIO):
        def write(self, data):
            raise OSError(22, "Invalid argument")

    err = io.BytesIO()
    monkeypatch.setattr(sys, "platform", "win32")
    assert solve.main([], io.BytesIO(SEED), Gone(), err) == 141 and err.getvalue() == b""
    monkeypatch.setattr(sys, "platform", "linux")  # elsewhere EINVAL is a real error, and says so
    assert solve.main([], io.BytesIO(SEED), Gone(), err) == 1
    assert err.getvalue() == b"solve.py: cannot write the answer: Invalid argument\n"


@pytest.mark.parametrize("length", [1, 7, 8, 9, 20])
@pytest.mark.parametrize("compact", [True, False])
def test_add_gives_the_same_sums_whichever_path_it_takes(length, compact):
    """Short runs take a plain loop, long ones memoryviews and map(): the same sums, at any offsets."""
    engine = solve.PythonEngine(compact=compact)
    values = engine.floats([0.25 * i for i in range(40)])
    target = engine.floats([1.0] * 30)
    engine.add(target, 3, values, 5, 5 + length)
    expected = [1.0] * 30
    for i in range(length):
        expected[3 + i] += 0.25 * (5 + i)
    assert list(target) == expected


def test_the_numpy_step_reports_overflow_outside_a_solve():
    """step() keeps its own errstate: called on its own, an overflow is the InputError, not a warning."""
    import numpy as np

    engine = solve.numpy_engine()
    with pytest.raises(solve.InputError, match="^the result overflows float64$"):
        engine.step(np.array([1e308]), np.array([-1e308]), 1, 2.0)


def test_a_file_argument_with_undecodable_bytes_is_a_bad_token(tmp_path):
    """A FILE is read as bytes, as stdin is: \\xff is a bad number on its line, not a decoding error."""
    path = tmp_path / "junk.in"
    path.write_bytes(b"1 0.1\n1 \xff\n1 2\n")
    assert run_main(b"", argv=[str(path)]).stderr == run_main(path.read_bytes()).stderr == (
        b"solve.py: line 2: bad number '\\xff': write digits with an optional sign, point and exponent,"
        b" like -1.5e-3\n")


def test_no_resource_module_means_no_cap(monkeypatch):
    """Windows has no resource module: no address-space cap to respect, and auto may take numpy."""
    monkeypatch.setitem(sys.modules, "resource", None)
    assert solve._memory_cap() == float("inf")


def test_no_select_waits_a_moment_instead(monkeypatch):
    """Windows' select() takes sockets only: waiting on a pipe falls back to a short sleep."""
    naps = []
    monkeypatch.setitem(sys.modules, "select", None)
    monkeypatch.setattr(time, "sleep", naps.append)
    solve._wait(io.BytesIO(), False)
    assert naps == [0.001]
