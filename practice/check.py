"""`make check FILE=my_solution.py`: judge your own solution on the package's data, as a judge would.

    python -m practice.check my_solution.py                      # with python3, as judges run it
    python -m practice.check my_solution.py --interpreter "python3 -S"
    python -m practice.check my_solution.py --interpreter pypy3
    python -m practice.check my_solution.py --problem linearaccumulation   # a problem of problems/

The file is read once, at the start. Each case runs it in a fresh process of the interpreter you
name, as practice/sandbox.py describes: its input as a file on stdin, an empty working directory,
its own session and PID namespace, under the package's limits. The samples run first; the secret
data runs once every sample passes. A line per case gives its name, its verdict (AC, WA, TLE, RTE,
MLE), its CPU time and its peak memory; for WA, the first differing value, expected against found,
and the classic mistake, when the outputs so far fit that one alone (practice/judge.py, which the
browser page runs too); for RTE, the line of the crash, and the mistake too when it crashes
there alike (a submission of the problem's run_time_error/); where the problem has a tolerance, a
value within it of the answer's is right. Everything the program wrote is shown with its control
characters escaped. The exit status is 0 only when every case is AC.
"""

import argparse
import os
import shlex
import shutil
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from packages import cache
from packages.problem import DEFAULT, Problem, names
from practice import judge, pypy, sandbox
from practice.judge import Check, Verdict, crash, last_line, mistake_prints, printable, wrong_sample

ROOT = Path(__file__).resolve().parent.parent
FOUND = ROOT / "build" / "find"  # where a search saves the input it found
# Compiles the learner's file (its input) with the learner's interpreter: its grammar, not the checker's.
# It runs in the sandbox, as a case does, with the case's limits.
SYNTAX = ("import sys\ntry:\n    compile(sys.stdin.buffer.read(), 'solution', 'exec')\n"
          "except (SyntaxError, ValueError) as error:\n"
          "    where = getattr(error, 'lineno', None) or ''\n"
          "    sys.stdout.write('%s\\n%s\\n' % (getattr(error, 'msg', error), where))\n")
# The largest source judged: DOMjudge's default source size limit (sourcesize_limit, 256 KiB); no
# solution of these problems needs a tenth of it.
MAX_SOURCE_KIB = 256


def limits(problem=DEFAULT):
    """Return (time limit in s, memory limit in MiB) of a problem (its problem.yaml)."""
    problem = Problem.named(problem)
    return problem.time_limit_s, problem.memory_limit_mib


def mistake_sources(problem=DEFAULT):
    """Return {name: source bytes} of a problem's mistakes, each the one definition of its mistake: its
    wrong submissions (submissions/wrong_answer/NAME.py), and its Python submissions that crash on
    some cases, where a judge says RTE (submissions/run_time_error/NAME.py)."""
    folder = Problem.named(problem)
    sources = dict(folder.wrong_answers())
    for stem, source in folder.run_time_errors().items():
        if stem in sources:
            raise SystemExit("check: %s names two mistakes %s, a wrong answer and a run-time error"
                             % (folder.folder, stem))
        sources[stem] = source
    return dict(sorted(sources.items()))


def mistakes(problem=DEFAULT):
    """Return {name: judge.Mistake}: a problem's mistakes (mistake_sources())."""
    return judge.mistakes(mistake_sources(problem))


def cases(problem=DEFAULT):
    """Return [(name, input, answer, mistake prints)] of a problem: the samples, then the secret data,
    as `make package` writes them, with what each mistake prints on each (kept in build/cache/)."""
    folder = Problem.named(problem)
    sources = folder.data_sources() + [folder.folder / "submissions" / "wrong_answer",
                                       folder.folder / "submissions" / "run_time_error",
                                       Path(__file__).parent / "judge.py"]

    def compute():
        known, out = mistakes(problem), []
        for name, (given, answer) in folder.test_data().items():
            group, case = name.split("/")
            prints = mistake_prints(known, given, answer, folder.tolerance)
            out.append(("%s %s" % (group, case), given, answer, prints))
        return out

    return cache.cached("practice-cases-" + problem, sources, compute)


def verdict_of(run, answer, prints, check, seconds):
    """Return the Verdict of a sandbox.Run: MLE, TLE, the output bound, else check.run()."""
    if run.out_of_memory:
        return check.run(answer, prints, run.status, run.stdout, run.stderr, run.signal_name(), True)
    # SIGXCPU is the CPU limit only where no cgroup measured the time: a program may send it to itself.
    if run.cpu >= seconds or (run.signal == signal.SIGXCPU and not run.cpu_measured):
        return Verdict("TLE", "stopped at the %g s limit of CPU time" % seconds)
    if run.stopped == "time":
        if run.wall >= sandbox.WALL_CAP * seconds:
            return Verdict("TLE", "stopped after %.1f s of wall time, with %.2f s of CPU time: this machine"
                           " is too busy to judge it; try again when it is quieter" % (run.wall, run.cpu))
        return Verdict("TLE", "stopped after %.1f s of wall time, with %.2f s of CPU time: it was waiting"
                       " (sleep, a lock, or input that never came)" % (run.wall, run.cpu))
    if run.stopped == "output":
        return Verdict("WA", judge.TOO_LONG % judge.OUTPUT_LIMIT_MIB)
    return check.run(answer, prints, run.status, run.stdout, run.stderr, run.signal_name())


def line(name, verdict, run, width):
    text = "%-*s  %-3s  %5.2f s  %4.0f MiB" % (width, name, verdict.name, run.cpu, run.peak_mib)
    return text + ("  " + verdict.detail if verdict.detail else "")


def syntax_error(box, source, seconds, mib):
    """Return why the learner's interpreter cannot compile source, or "" if it can: the compile runs in
    the sandbox, as a case does, within the case's limits."""
    run = box.run(SYNTAX.encode(), source, seconds, mib, 1 << 16, name="syntax_check.py")
    if run.status != 0 or run.stopped:
        why = "stopped at a limit" if run.stopped or run.signal else printable(last_line(run.stderr))
        return "%s could not compile it: %s" % (box.command[0], why or "exit status %s" % run.status)
    if not run.stdout:
        return ""
    why, _, where = run.stdout.decode("utf-8", "replace").rstrip("\n").partition("\n")
    return why + (" (line %s)" % where if where else "")


def check(path, interpreter="python3", out=None, find=None, problem=DEFAULT, **search):
    """Judge the program at path on a problem (its short name); print a line per case on out (stdout);
    return the exit status (0: every case AC). find: a seed, to search small inputs for one the program
    gets wrong instead (practice/find.py)."""
    out = out or sys.stdout
    path = Path(path)
    try:
        if path.exists() and not path.is_file():  # a FIFO or a device would hang the check or fill memory
            print("check: %s is not a regular file" % path, file=out)
            return 2
        with path.open("rb") as opened:  # read once: saving the file mid-check changes nothing
            source = opened.read((MAX_SOURCE_KIB << 10) + 1)
    except OSError as error:
        print("check: cannot read %s: %s" % (path, error.strerror), file=out)
        return 2
    command = shlex.split(interpreter)
    if not command or shutil.which(command[0]) is None:
        print("check: no interpreter %r on the PATH" % interpreter, file=out)
        return 2
    command[0] = os.path.abspath(shutil.which(command[0]))  # each case runs in a folder of its own
    if len(source) > MAX_SOURCE_KIB << 10:
        size = max(len(source), path.stat().st_size)
        print("check: %s is %d KiB; judges take at most %d KiB of source" % (path, -(-size // 1024),
                                                                          MAX_SOURCE_KIB), file=out)
        return 2
    try:
        box = sandbox.Sandbox(command)
    except (OSError, ValueError, IndexError, subprocess.SubprocessError):
        print("check: %s could not say where it is installed" % interpreter, file=out)
        return 2
    seconds, mib = limits(problem)
    why = syntax_error(box, source, seconds, mib)
    if why:
        print("check: %s is not a Python program: %s" % (path, why), file=out)
        return 2
    if box.implementation == "pypy":  # PyPy's nursery as on a judge host, where this host's cache is larger
        nursery = os.environ.get("PYPY_GC_NURSERY") or pypy.judge_host({}, stream=out)
        if nursery:
            box.environment["PYPY_GC_NURSERY"] = nursery
    tolerance = Problem.named(problem).tolerance
    if find is not None:
        print("find: %s with %s, %g s and %d MiB an input, %s"
              % (path, interpreter, seconds, mib, isolation(box)), file=out)
        _missing(box, out)
        return find_failing(box, path, source, (seconds, mib, find), out, problem=problem, **search)
    print("check: %s with %s, %g s and %d MiB a case, %s" % (path, interpreter, seconds, mib, isolation(box)),
          file=out)
    _missing(box, out)
    every, checker, failed = cases(problem), Check(mistakes(problem), tolerance), 0
    width = max(len(name) for name, _, _, _ in every)

    def run(case):
        name, given, answer, prints = case
        return box.run(source, given, seconds, mib, judge.output_limit(answer), name=path.name)

    # Cases run two at a time: each is judged on its CPU time, which the other does not change.
    pool = ThreadPoolExecutor(max_workers=2)

    def judge_all(todo, shown):
        """Run and judge the cases todo, print a line each (and what a failing one showed, if shown);
        return how many are not AC."""
        wrong = 0
        for (name, given, answer, prints), done in zip(todo, pool.map(run, todo), strict=True):
            verdict = verdict_of(done, answer, prints, checker, seconds)
            wrong += verdict.name != "AC"
            print(line(name, verdict, done, width), file=out, flush=True)
            if verdict.name == "WA" and shown:
                for text in wrong_sample(given, answer, done.stdout, tolerance):
                    print("  " + text, file=out)
            elif verdict.name == "RTE" and shown:  # where it crashed, as the page shows it
                for text in crash(done.stderr)[1]:
                    print("  " + text, file=out)
        return wrong

    try:
        failed = judge_all([case for case in every if case[0].startswith("sample")], True)
        if not failed:
            print("check: the samples pass; now the secret data, as the judge runs it", file=out)
            failed = judge_all([case for case in every if case[0].startswith("secret")], False)
        else:
            failed += judge_all(proving(checker, every, tolerance, out), False)
            print("check: the secret data is for after the samples pass: fix them first", file=out)
    except BaseException:  # stopped (Ctrl-C, SIGTERM) or failed: end the runs now, so that each cleans up
        sandbox.stop_all()
        raise
    finally:
        pool.shutdown(cancel_futures=True)
    summary = "every case AC" if not failed else "%d case%s not AC" % (failed, "s" * (failed > 1))
    print("check: " + summary, file=out)
    return 0 if not failed else 1


def proving(checker, every, tolerance, out):
    """Return the secret cases that tell whether the learner's failing outputs are the one mistake they
    fit so far (checker.candidate(): too few cases prove it to name it), as few as can prove it, saying
    so; or [] if none fits."""
    candidate = checker.candidate()
    if candidate is None:
        return []
    todo = [case for case in every
            if case[0].startswith("secret") and judge.shows(case[3][candidate], case[2], tolerance)]
    todo = todo[:checker.proof - checker.proved[candidate]]  # the first that can prove it
    if todo:
        print("check: your outputs so far fit one known mistake; %s where it is wrong too tell%s whether it"
              " is that one" % ("the first secret case" if len(todo) == 1 else "the first %d secret cases"
                                % len(todo), "s" if len(todo) == 1 else ""), file=out)
    return todo


def isolation(box):
    """Return how each case is kept apart here, in words."""
    if box.bwrap and box.grouped:
        return "each in a sandbox of its own (bubblewrap, and a cgroup for memory, CPU and processes)"
    if box.bwrap:
        return "each in a sandbox of its own (bubblewrap; limits per process)"
    return "each in a folder of its own (no sandbox)"


def _missing(box, out):
    for what in box.missing:
        print("check: not isolated here: " + what, file=out)


def find_failing(box, path, source, limits, out, tries=None, problem=DEFAULT):
    """Search small inputs for one the program gets wrong (practice/find.py); print it, expected against
    found, and the mistake if one alone fits every output seen; save it; return 1 if found, else 0.
    Each input runs exactly as a case does: the same sandbox, file name, command line and bound."""
    from practice import find  # Hypothesis is imported only for a search

    seconds, mib, seed = limits

    def run(data, answer):
        done = box.run(source, data, seconds, mib, judge.output_limit(answer), name=path.name)
        return (lambda checker, prints: verdict_of(done, answer, prints, checker, seconds)), done.stdout

    tolerance = Problem.named(problem).tolerance
    found = find.hunt(run, mistakes(problem), problem, seed, tries or find.TRIES, tolerance)
    lines = find.report(found)
    if found.data is None:
        print("\n".join(lines), file=out)
        return 0
    FOUND.mkdir(parents=True, exist_ok=True)
    saved = FOUND / ("%s-seed-%d.in" % (path.stem, seed))
    saved.write_bytes(found.data)
    shown = os.path.relpath(saved) if saved.is_relative_to(Path.cwd()) else str(saved)
    lines += ["", "find: the input is in %s; try it: python3 %s < %s" % (shown, path, shown)]
    print("\n".join(lines), file=out)
    return 1


class Stopped(Exception):
    """The check was asked to stop (SIGTERM, SIGHUP): it ends as it would on Ctrl-C, cleaning up."""


def _stop(number, frame):
    raise Stopped(number)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="your solution: a Python program that reads stdin and writes stdout")
    parser.add_argument("--interpreter", default="python3",
                        help="the command that runs it, as judges name it: python3, 'python3 -S', pypy3")
    parser.add_argument("--find", action="store_true",
                        help="search small random inputs for one it gets wrong (practice/find.py)")
    parser.add_argument("--seed", type=int, default=1, help="the search's seed (with --find); default 1")
    parser.add_argument("--problem", default=DEFAULT, choices=names(),
                        help="the problem, by its folder under problems/; default %s" % DEFAULT)
    args = parser.parse_args(argv)
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, _stop)
    # Ctrl-C too, even where the check was started with SIGINT ignored (a background job of a script):
    # a check that is interrupted stops its runs and cleans up.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return check(args.file, args.interpreter, find=args.seed if args.find else None, problem=args.problem)
    except BrokenPipeError:  # `make check ... | head`: the reader has gone, so stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (KeyboardInterrupt, Stopped) as stopped:  # every run was stopped and cleaned up on the way out
        return 130 if isinstance(stopped, KeyboardInterrupt) else 128 + stopped.args[0]


if __name__ == "__main__":
    sys.exit(main())
