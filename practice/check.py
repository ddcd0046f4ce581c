"""`make check FILE=my_solution.py`: judge your own solution on the package's data, as a judge would.

    python -m practice.check my_solution.py                      # with python3, as judges run it
    python -m practice.check my_solution.py --interpreter "python3 -S"
    python -m practice.check my_solution.py --interpreter pypy3

Each case runs in a fresh process of the interpreter you name, its input on
stdin, under the package's limits: CPU time (a run past it is TLE) and
address space (MemoryError is MLE). The samples run first; the secret data
runs once every sample passes. A line per case gives its name, its verdict
(AC, WA, TLE, RTE, MLE) and its CPU time; for WA, the first differing value,
expected against found, and the classic mistake the output shows, if it is
one (practice/judge.py, which the browser page runs too). The exit status is
0 only when every case is AC.
"""

import argparse
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from practice.judge import Verdict, last_line, verdict_of_run
from testkit import pypy

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def limits():
    """Return (time limit in s, memory limit in MiB) of the package (packages/build_package.py)."""
    from packages.build_package import MEMORY_LIMIT_MIB, TIME_LIMIT_S

    return TIME_LIMIT_S, MEMORY_LIMIT_MIB


def sample_cases():
    """Return [(name, input, answer)] of the statement's samples, from samples/ (their answers are golden)."""
    from packages.build_package import samples

    return [("sample %d" % number, (SAMPLES / (name + ".in")).read_bytes(),
             (SAMPLES / (name + ".out")).read_bytes()) for number, name in enumerate(samples(), 1)]


def secret_cases():
    """Return [(name, input, answer)] of the secret data, generated as `make package` writes it."""
    from packages.build_package import test_data

    return [("secret " + name[len("secret/"):], text, answer) for name, (text, answer) in test_data().items()
            if name.startswith("secret/")]


def run_case(command, data, seconds, mib):
    """Run command on input bytes in a fresh process under the limits.

    Return (TLE or None, CPU seconds, exit status, stdout bytes, stderr text);
    None: the run ended by itself, to be judged on its output. The CPU limit
    (RLIMIT_CPU, whole seconds, rounded up) stops a loop at about the limit; a
    run that sleeps is stopped at three times the limit of wall time. The CPU
    time is what this process's reaped children used during the run.
    """
    def limit():
        cpu = int(-(-seconds // 1))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))

    def used():
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    before, started = used(), time.monotonic()
    try:
        done = subprocess.run(command, input=data, capture_output=True, timeout=3 * seconds, preexec_fn=limit)
        status, out, err = done.returncode, done.stdout, done.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as expired:  # killed and reaped by subprocess.run
        status, out, err = -signal.SIGKILL, expired.stdout or b"", ""
    cpu, wall = used() - before, time.monotonic() - started
    if status in (-signal.SIGXCPU, -signal.SIGKILL) or cpu > seconds:
        stopped = Verdict("TLE", "stopped after %.1f s of CPU time (%.1f s in all)" % (cpu, wall))
        return stopped, cpu, 1, out, err
    if status < 0 and not last_line(err):
        err = "killed by signal %d" % -status
    return None, cpu, status if status >= 0 else 128 - status, out, err


def judge_case(command, data, answer, seconds, mib):
    """Run one case and return (its Verdict, its CPU seconds)."""
    stopped, cpu, code, out, err = run_case(command, data, seconds, mib)
    return stopped or verdict_of_run(data, answer, code, out, err), cpu


def line(name, verdict, cpu, width):
    text = "%-*s  %-3s  %5.2f s" % (width, name, verdict.name, cpu)
    return text + ("  " + verdict.detail if verdict.detail else "")


def check(path, interpreter="python3", out=sys.stdout):
    """Judge the program at path; print a line per case; return the exit status (0: every case AC)."""
    path = Path(path)
    try:
        source = path.read_bytes()
        compile(source, str(path), "exec")
    except OSError as error:
        print("check: cannot read %s: %s" % (path, error.strerror), file=out)
        return 2
    except (SyntaxError, ValueError) as error:  # ValueError: NUL bytes, as in a binary file
        where = " (line %d)" % error.lineno if getattr(error, "lineno", None) else ""
        why = getattr(error, "msg", error)
        print("check: %s is not a Python program: %s%s" % (path, why, where), file=out)
        return 2
    command = shlex.split(interpreter)
    if not command or shutil.which(command[0]) is None:
        print("check: no interpreter %r on the PATH" % interpreter, file=out)
        return 2
    pypy.judge_host(stream=out)  # PyPy's nursery as on a judge host, where this host's cache is larger
    seconds, mib = limits()
    print("check: %s with %s, %g s and %d MiB a case" % (path, interpreter, seconds, mib), file=out)
    command = command + [str(path.resolve())]
    failed = 0
    for group in (sample_cases, secret_cases):
        cases = group()
        width = max(len(name) for name, _, _ in cases)
        for name, data, answer in cases:
            verdict, cpu = judge_case(command, data, answer, seconds, mib)
            failed += verdict.name != "AC"
            print(line(name, verdict, cpu, width), file=out, flush=True)
        if failed:
            break
        if group is sample_cases:
            print("check: the samples pass; now the secret data, as the judge runs it", file=out)
    if failed and group is sample_cases:
        print("check: the secret data is for after the samples pass: fix them first", file=out)
    summary = "every case AC" if not failed else "%d case%s not AC" % (failed, "s" * (failed > 1))
    print("check: " + summary, file=out)
    return 0 if not failed else 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="your solution: a Python program that reads stdin and writes stdout")
    parser.add_argument("--interpreter", default="python3",
                        help="the command that runs it, as judges name it: python3, 'python3 -S', pypy3")
    args = parser.parse_args(argv)
    return check(args.file, args.interpreter)


if __name__ == "__main__":
    sys.exit(main())
