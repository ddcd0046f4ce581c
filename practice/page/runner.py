"""Run the learner's program once, as `python3 solution.py < input` runs it: loaded by runner.js into a
Pyodide that runs this one program and is then thrown away, so nothing it changes outlives its case.

fd 0 is the case's input, a regular file (/tmp/input, which runner.js writes); fd 1 and fd 2 are
the devices runner.js reads. sys.stdin, sys.stdout and sys.stderr are new streams over those
descriptors, as CPython makes them at start-up, so open(0), os.read(0, ...), os.fstat(0) and
os.write(1, ...) behave as on a judge.
"""

import io
import os
import sys
import traceback


def _streams():
    fd = os.open("/tmp/input", os.O_RDONLY)
    os.dup2(fd, 0)
    os.close(fd)
    stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "rb", closefd=False)), encoding="utf-8")
    stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "wb", closefd=False)), encoding="utf-8")
    stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "wb", closefd=False)), encoding="utf-8",
                              errors="backslashreplace", line_buffering=True)
    sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__ = stdin, stdout, stderr
    return stdout, stderr


def run(source, name="solution.py"):
    """Run source as the program NAME; return its exit status, as CPython's would be."""
    stdout, stderr = _streams()
    sys.argv = [name]
    if source.startswith("\ufeff"):  # a byte-order mark, which CPython skips when it reads a file
        source = source[1:]
    status = 0
    try:
        exec(compile(source, name, "exec"), {"__name__": "__main__", "__file__": name,  # noqa: S102
                                             "__builtins__": __builtins__})
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            status = (done.code or 0) & 0xFF  # as the operating system keeps it
        else:
            stderr.write("%s\n" % done.code)
            status = 1
    except BaseException as error:  # noqa: BLE001 (whatever the program raises is its crash)
        tb = error.__traceback__.tb_next if error.__traceback__ else None
        stderr.write("".join(traceback.format_exception(type(error), error, tb)))
        status = 1
    for stream in (sys.stdout, stdout, sys.stderr, stderr):  # as CPython flushes at exit
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 (closed or replaced by the program)
            pass
    return status
