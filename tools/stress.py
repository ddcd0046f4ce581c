"""`make stress PROBLEM=NAME [SECONDS=N]`: try to break a problem's data, as a contest's tester would.

    python -m tools.stress --problem headaccumulation --seconds 60
    python -m tools.stress --problem headaccumulation --table     # the table alone: no search
    python -m tools.stress --problem headaccumulation --try "gen.py random --m 2 --d 1 --v 3 --seed 4"
                                                                  # which mistakes one rule catches

What it does, in order, and what it prints:
1. **The table**: each mistake of the problem (every program of its submissions/wrong_answer/ and
   run_time_error/, Python and C++) on every case of its data, judged as the judges judge (within the
   problem's tolerance, or token for token): which cases catch it (WA, or RTE where it dies), how many
   do, and which groups of mistakes no sample tells apart. The Python mistakes' outputs are the ones the
   practice judge keeps (practice/check.py's cases()); the C++ ones are compiled as the judges compile
   (g++ -O2 -std=c++17) and run on each case.
2. **What the data lets through**: for every mistake that fewer than MIN_CAUGHT cases catch, a
   Hypothesis search over the whole statement for an input on which it is wrong, shrunk.
3. **Too slow**: each submission of time_limit_exceeded/ (Python under CPython -S) on every secret case,
   timed as a judge times it (CPU time): the cases on which it runs past the time limit, at least one.
4. **Disagreements**: every accepted submission (Python under CPython and under PyPy where pypy3 is on
   the PATH, C++ compiled as above) against reference.py on the inputs of the same search: the smallest
   input on which one is off by more than the tolerance (or prints other tokens, or fails).

The search draws from the problem's search.py stress(): generators.yaml rules (a gen.py command line,
with sizes and magnitudes up to the statement's bounds) and small written inputs (bytes). An input
is run only if the problem's input validator takes it: every input the validator accepts may be
drawn, none it refuses is run. What a search finds is printed as a rule to paste into the problem's
generators.yaml (`bt generate` rebuilds it byte for byte): the gen.py line it drew, or the input's
text when it was written out (a small one, cut down further by search.py's smaller()).

A progress line runs on stderr while it works; the end says what it tried, for how long, and what it
found. The exit status is 1 when an accepted submission disagrees with the reference, when a too slow
submission is not too slow on any case, or when a
mistake is caught by fewer than MIN_CAUGHT cases (make stress in CI fails then), else 0.
"""

import argparse
import hashlib
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import NoSuchExample

from packages.problem import Problem, names
from practice import check as practice
from practice.judge import close, fingerprint, mistakes, shows

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "stress"
MIN_CAUGHT = 2  # every mistake must be caught by at least this many secret cases
CXX = ["g++", "-O2", "-std=c++17"]  # as the packages state C++17 (DMOJ's CPP17, Kattis, DOMjudge)
RUN_SECONDS = 20  # a run of one of the problem's own programs on one input, at most (CPU seconds)
MARK = {"WA": "W", "RTE": "R", "": "."}  # a cell of the table: caught by a wrong answer, by a crash, or not
SMALL = 4096  # an input of at most this many bytes is written out and cut down by search.py's smaller()


# ---------------------------------------------------------------------------------- running ---

def compiled(source, name):
    """Return the path of source (C++ bytes) compiled as the judges compile, kept by its digest."""
    BUILD.mkdir(parents=True, exist_ok=True)
    program = BUILD / ("%s-%s" % (Path(name).stem, hashlib.sha256(source).hexdigest()[:16]))
    if not program.exists():
        folder = BUILD / ("src-" + program.name)
        folder.mkdir(exist_ok=True)
        (folder / name).write_bytes(source)
        done = subprocess.run(CXX + ["-o", str(program) + ".part", str(folder / name)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit("stress: %s does not compile:\n%s" % (name, done.stderr[-2000:]))
        os.replace(str(program) + ".part", program)
    return program


def _limit_cpu(seconds):
    return lambda: resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))


def run_process(command, data, seconds=RUN_SECONDS):
    """Return (stdout, None) of a run of command on input bytes, or (None, why) if it failed."""
    try:
        done = subprocess.run(command, input=data, capture_output=True, preexec_fn=_limit_cpu(seconds),
                              timeout=3 * seconds + 5)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().split("\n")
        return None, (lines[-1][:120] if lines[-1] else "exit status %d" % done.returncode)
    return done.stdout, None


class Program:
    """One submission of the problem: name (its file's), verdict (its folder), and run(data), which
    returns (stdout bytes, None) or (None, why it failed). A Python mistake runs in this process, as
    the practice judge runs it; anything else runs as a process: Python under the interpreter given."""

    def __init__(self, name, verdict, source, interpreter=None):
        self.name, self.verdict, self.source = name, verdict, source
        self.interpreter = interpreter
        self.label = name if interpreter is None else "%s (%s)" % (name, Path(interpreter[0]).name)
        self._mistake = None
        self._command = None

    def command(self):
        if self._command is None:
            if self.name.endswith(".cpp"):
                self._command = [str(compiled(self.source, self.name))]
            else:
                BUILD.mkdir(parents=True, exist_ok=True)
                digest = hashlib.sha256(self.source).hexdigest()[:16]
                path = BUILD / ("%s-%s.py" % (Path(self.name).stem, digest))
                path.write_bytes(self.source)
                self._command = list(self.interpreter or [sys.executable]) + [str(path)]
        return self._command

    def run(self, data):
        if self.name.endswith(".py") and self.interpreter is None:
            if self._mistake is None:
                self._mistake = mistakes({Path(self.name).stem: self.source})[Path(self.name).stem]
            return self._mistake.result(data)
        return run_process(self.command(), data)


def interpreters():
    """Return the Python interpreters an accepted Python submission runs under: CPython (this one,
    with -S as judges run it), and PyPy where pypy3 is on the PATH."""
    out = [[sys.executable, "-S"]]
    if shutil.which("pypy3"):
        out.append([shutil.which("pypy3")])
    return out


def mistake_programs(problem):
    """Return [Program] of the problem's mistakes: wrong_answer/ and run_time_error/, Python and C++."""
    return [Program(name, verdict, source) for verdict in ("wrong_answer", "run_time_error")
            for name, source in problem.submissions(verdict).items()]


def slow_programs(problem):
    """Return [Program] of the too slow submissions (time_limit_exceeded/): Python under CPython -S."""
    python = [sys.executable, "-S"]
    return [Program(name, "time_limit_exceeded", source, python if name.endswith(".py") else None)
            for name, source in problem.submissions("time_limit_exceeded").items()]


def too_slow_on(problem, program):
    """Return the secret cases on which program (too slow) uses more CPU time than the time limit, as a
    judge measures it (the children's user and system time), stopped at twice the limit."""
    out = []
    for name, (given, _) in problem.test_data().items():
        if not name.startswith("secret/"):
            continue
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        run_process(program.command(), given, seconds=2 * problem.time_limit_s)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime) > problem.time_limit_s:
            out.append(name.split("/", 1)[1])
    return out


def accepted_programs(problem):
    """Return [Program] of the accepted submissions: each Python one under every interpreter(), C++ once."""
    out = []
    for name, source in problem.submissions("accepted").items():
        if name.endswith(".py"):
            out += [Program(name, "accepted", source, interpreter) for interpreter in interpreters()]
        else:
            out.append(Program(name, "accepted", source))
    return out


def judged(problem, answer, output):
    """Return whether output (bytes) is right for answer (bytes), as the judges' default validator has
    it: within the problem's tolerance, token for token where it has none."""
    want, got = answer.split(), output.split()
    if len(want) != len(got):
        return False
    return all(close(w, g, problem.tolerance) for w, g in zip(want, got, strict=True))


def caught(problem, answer, result):
    """Return "WA", "RTE" or "" (right) of a run's result (stdout, why it failed) on a case."""
    output, failed = result
    if failed is not None or output is None:
        return "RTE"
    return "" if judged(problem, answer, output) else "WA"


# ------------------------------------------------------------------------------ the table ---

class Table:
    """Each mistake on each case: cells[(case, mistake)] is "WA", "RTE" or "" (not caught); outputs
    keeps what each printed (its tokens, or its fingerprint), to tell mistakes apart."""

    def __init__(self, problem, cases, mistakes, cells, outputs):
        self.problem, self.cases, self.mistakes, self.cells, self.outputs = (
            problem, cases, mistakes, cells, outputs)

    def catching(self, mistake):
        """Return the secret cases that catch a mistake."""
        return [case for case in self.cases if case.startswith("secret") and self.cells[(case, mistake)]]

    def weak(self):
        """Return {mistake: how many secret cases catch it} of those caught by fewer than MIN_CAUGHT."""
        counts = {mistake: len(self.catching(mistake)) for mistake in self.mistakes}
        return {mistake: count for mistake, count in counts.items() if count < MIN_CAUGHT}

    def alike_on_samples(self):
        """Return the groups of mistakes (two or more each) that no sample tells apart: within a group,
        each is linked to another by printing the same on every sample (within the tolerance: no sample
        where no output could fit both). The practice judge cannot name one of a group from the samples."""
        samples = [case for case in self.cases if case.startswith("sample")]
        group = {m: {m} for m in self.mistakes}
        for i, one in enumerate(self.mistakes):
            for other in self.mistakes[i + 1:]:
                apart = any(self._apart(case, one, other) for case in samples)
                if group[one] is not group[other] and not apart:
                    joined = group[one] | group[other]
                    for m in joined:
                        group[m] = joined
        seen, out = set(), []
        for m in self.mistakes:
            if len(group[m]) > 1 and m not in seen:
                seen |= group[m]
                out.append([x for x in self.mistakes if x in group[m]])
        return out

    def _apart(self, case, one, other):
        a, b = self.outputs[(case, one)], self.outputs[(case, other)]
        if isinstance(a, str) or isinstance(b, str) or self.problem.tolerance is None:
            return a != b
        if len(a) != len(b):
            return True
        tolerance = 2 * self.problem.tolerance
        for x, y in zip(a, b, strict=True):
            try:
                x, y = float(x), float(y)
            except ValueError:
                if x != y:
                    return True
                continue
            if not abs(x - y) <= tolerance * max(1.0, abs(x), abs(y)):
                return True
        return False

    def lines(self):
        """Return the table as text: a row per case, a column per mistake (by its number), then the key."""
        width = max(len(case) for case in self.cases)
        head = " ".join("%3d" % (i + 1) for i in range(len(self.mistakes)))
        out = ["%-*s  %s" % (width, "case", head)]
        for case in self.cases:
            row = " ".join("%3s" % MARK[self.cells[(case, m)]] for m in self.mistakes)
            out.append("%-*s  %s" % (width, case, row))
        counts = " ".join("%3d" % len(self.catching(m)) for m in self.mistakes)
        out.append("%-*s  %s" % (width, "secret cases", counts))
        out.append("")
        out += ["%3d  %s" % (i + 1, m) for i, m in enumerate(self.mistakes)]
        return out

    def markdown(self):
        """Return the table as Markdown: a row per mistake, a column per case (W: wrong answer, R: dies)."""
        groups = [("s" if case.startswith("sample") else "") + case.split(" ", 1)[1].split("-")[0]
                  for case in self.cases]
        out = ["| mistake | %s | caught by |" % " | ".join(groups),
               "|---|%s---:|" % ("---|" * len(groups))]
        for m in self.mistakes:
            cells = " | ".join({"WA": "W", "RTE": "R", "": ""}[self.cells[(case, m)]] for case in self.cases)
            out.append("| %s | %s | %d |" % (m, cells, len(self.catching(m))))
        return out


def table(problem):
    """Return the Table of a problem's mistakes on its data (samples, then the secret cases)."""
    every = practice.cases(problem.shortname)  # [(name, input, answer, {mistake: what it prints})]
    programs = mistake_programs(problem)
    cells, outputs, names_ = {}, {}, [p.name for p in programs]
    for case, given, answer, prints in every:
        for program in programs:
            stem = Path(program.name).stem
            if program.name.endswith(".py"):  # what the practice judge keeps, judged as it judges it
                kept = prints[stem]
                crashed = isinstance(kept, dict)
                wrong = "RTE" if crashed else "WA"
                cells[(case, program.name)] = wrong if shows(kept, answer, problem.tolerance) else ""
                outputs[(case, program.name)] = "raises " + kept["raises"] if crashed else kept[0]
            else:
                result = program.run(given)
                cells[(case, program.name)] = caught(problem, answer, result)
                output = result[0]
                if output is None:
                    outputs[(case, program.name)] = "fails"
                elif problem.tolerance is None:
                    outputs[(case, program.name)] = fingerprint(output.split())
                else:
                    outputs[(case, program.name)] = [t.decode("latin-1") for t in output.split()]
    return Table(problem, [case for case, _, _, _ in every], names_, cells, outputs)


# ----------------------------------------------------------------------------- the search ---

class OutOfTime(Exception):
    """The search's time is up."""


class Search:
    """A search over the problem's stress() inputs for the smallest on which fails(data) holds; it keeps
    the rule that made each input (a gen.py line, or None for a written one) and the reference's
    answers, and stops at its deadline with what it has."""

    def __init__(self, problem, deadline, progress):
        self.problem, self.deadline, self.progress = problem, deadline, progress
        self.rules, self.answers, self.tried = {}, {}, 0

    def make(self, drawn):
        """Return the input bytes of a drawn rule (a gen.py line) or input (bytes), keeping its rule."""
        if isinstance(drawn, bytes):
            self.rules.setdefault(drawn, None)
            return drawn
        data = self.problem.generated(drawn)
        self.rules.setdefault(data, drawn)
        return data

    def valid(self, data):
        try:
            self.problem.validate.validate(data)
        except self.problem.validate.Invalid:
            return False
        return True

    def answer(self, data):
        if data not in self.answers:
            self.answers[data] = self.problem.reference.answer(data).encode("ascii")
        return self.answers[data]

    def smallest(self, fails, what, seed, tries=10**6):
        """Return the smallest input found on which fails(data, answer) holds, or None: Hypothesis's
        search and shrinking, then search.py's smaller() on an input written out."""
        best = []

        def condition(data):
            if time.monotonic() > self.deadline:
                raise OutOfTime
            self.tried += 1
            self.progress(what, self.tried, best[0] if best else None)
            if not fails(data, self.answer(data)):
                return False
            if not best or len(data) < len(best[0]):
                best[:] = [data]
            return True

        strategy = self.problem.search.stress().map(self.make).filter(self.valid)
        options = settings(max_examples=tries, database=None, deadline=None, derandomize=False,
                           phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck),
                           report_multiple_bugs=False)  # shrink from the first failure, busy machine or not
        try:
            found = find(strategy, condition, settings=options, random=random.Random(seed))
        except OutOfTime:
            found = best[0] if best else None
        except NoSuchExample:
            return None
        if found is None:
            return None
        return self._fewer(found, fails)

    def _fewer(self, data, fails):
        """Return data cut down by search.py's smaller() while it still fails, where it is small."""
        smaller = getattr(self.problem.search, "smaller", None)
        if smaller is None or len(data) > SMALL:
            return data
        candidates, at = smaller(data), 0
        while at < len(candidates) and time.monotonic() < self.deadline + 10:
            candidate = candidates[at]
            if self.valid(candidate) and fails(candidate, self.answer(candidate)):
                self.rules.setdefault(candidate, None)
                data, candidates, at = candidate, smaller(candidate), 0
            else:
                at += 1
        return data

    def rule(self, name, data):
        """Return the lines of a generators.yaml rule for the input data, named name."""
        drawn = self.rules.get(data)
        if drawn is not None:
            return ["%s: %s" % (name, drawn)]
        return ["%s:" % name, "  in: |"] + ["    " + line for line in data.decode().split("\n")[:-1]]


class Progress:
    """The progress line on stderr: rewritten in place on a terminal, a line every 10 s elsewhere."""

    def __init__(self, start, budget, stream=sys.stderr):
        self.start, self.budget, self.stream = start, budget, stream
        self.tty = stream.isatty()
        self.last = 0.0

    def __call__(self, what, tried, found):
        now = time.monotonic()
        if now - self.last < (0.2 if self.tty else 10):
            return
        self.last = now
        text = "stress: %s: %d inputs, %.0f s of %.0f s%s" % (
            what, tried, now - self.start, self.budget,
            ", found one of %d bytes, shrinking" % len(found) if found else "")
        if self.tty:
            self.stream.write("\r\x1b[K" + text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def done(self):
        if self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def stress(problem, seconds, seed=1, out=None, search=True):
    """Print the table, then search for what the data lets through and for disagreements; return the
    exit status (0: every mistake caught by MIN_CAUGHT cases and no disagreement)."""
    out = out or sys.stdout
    start = time.monotonic()
    print("stress: %s: the table of its %d mistakes on its data (W: wrong answer, R: dies, .: right)"
          % (problem.shortname, len(mistake_programs(problem))), file=out, flush=True)
    found = table(problem)
    print("\n".join(found.lines()), file=out)
    print("", file=out)
    for group in found.alike_on_samples():
        print("stress: no sample tells these apart: %s" % ", ".join(group), file=out)
    weak = found.weak()
    for mistake, count in sorted(weak.items()):
        print("stress: %s is caught by %d secret case%s (at least %d wanted)"
              % (mistake, count, "" if count == 1 else "s", MIN_CAUGHT), file=out)
    if not weak:
        print("stress: every mistake is caught by at least %d secret cases (the fewest: %d)"
              % (MIN_CAUGHT, min(len(found.catching(m)) for m in found.mistakes)), file=out)
    disagree, slow = [], []
    if search:
        for program in slow_programs(problem):
            cases = too_slow_on(problem, program)
            print("stress: %s runs past the %g s limit on %d secret case%s%s" % (
                program.label, problem.time_limit_s, len(cases), "" if len(cases) == 1 else "s",
                ": " + ", ".join(cases) if cases else ""), file=out, flush=True)
            if not cases:
                slow.append(program.label)
        disagree = _search(problem, found, weak, start, seconds, seed, out)
    print("stress: %s: %.0f s in all; %d mistake%s caught by fewer than %d cases, %d too slow submission%s"
          " the data lets through, %d disagreement%s"
          % (problem.shortname, time.monotonic() - start, len(weak), "" if len(weak) == 1 else "s",
             MIN_CAUGHT, len(slow), "" if len(slow) == 1 else "s", len(disagree),
             "" if len(disagree) == 1 else "s"), file=out)
    return 1 if weak or disagree or slow else 0


def _search(problem, found, weak, start, seconds, seed, out):
    """Search for an input that catches each weak mistake, then for one where an accepted submission
    disagrees with the reference; print each as a rule; return the disagreeing programs' labels."""
    budget = max(1.0, seconds - (time.monotonic() - start))
    progress = Progress(time.monotonic(), budget)
    programs = {p.name: p for p in mistake_programs(problem)}
    accepted = accepted_programs(problem)
    jobs = [("catch", programs[name]) for name in sorted(weak)] + [("agree", p) for p in accepted]
    disagree = []
    at = time.monotonic()
    for number, (kind, program) in enumerate(jobs):
        share = (at + budget - time.monotonic()) / (len(jobs) - number)
        search = Search(problem, time.monotonic() + share, progress)
        what = ("an input that catches %s" % program.name if kind == "catch"
                else "an input where %s disagrees with reference.py" % program.label)

        def fails(data, answer, program=program):
            return bool(caught(problem, answer, program.run(data)))

        data = search.smallest(fails, what, seed)
        progress.done()
        if data is None:
            print("stress: %s: none in %d inputs (%.0f s)" % (what, search.tried, share), file=out,
                  flush=True)
            continue
        answer = search.answer(data)
        output, failed = program.run(data)
        print("stress: %s: found after %d inputs, %d bytes; keep it in generators.yaml as"
              % (what, search.tried, len(data)), file=out)
        name = "NN-" + Path(program.name).stem.replace("_", "-")
        print("\n".join("    " + line for line in search.rule(name, data)), file=out)
        print("    # %s: %s" % (program.label, failed or differs(problem, answer, output)), file=out,
              flush=True)
        if kind == "agree":
            disagree.append(program.label)
    return disagree


def differs(problem, answer, output):
    """Return where output first differs from the answer, in words: which value, expected and found."""
    want, got = answer.split(), output.split()
    for at, (w, g) in enumerate(zip(want, got, strict=True)):
        if not close(w, g, problem.tolerance):
            return "value %d: expected %s, found %s" % (at + 1, w.decode(), g[:40].decode("utf-8", "replace"))
    return "expected %d values, found %d" % (len(want), len(got))


def _start(text, limit=60):
    text = text.decode("utf-8", "replace").replace("\n", " ").strip()
    return text if len(text) <= limit else text[:limit] + "..."


def try_rule(problem, rule, out=None):
    """Print which mistakes the input of one generators.yaml rule (a gen.py line, or the input's text)
    catches, after the input validator; return 0, or 1 if the validator refuses it."""
    out = out or sys.stdout
    data = problem.generated(rule) if rule.startswith("gen.py") else rule.encode()
    try:
        problem.validate.validate(data)
    except problem.validate.Invalid as invalid:
        print("stress: the input validator refuses it: %s" % invalid, file=out)
        return 1
    answer = problem.reference.answer(data).encode("ascii")
    print("stress: %d bytes, valid; answer %s" % (len(data), _start(answer)), file=out)
    for program in mistake_programs(problem) + accepted_programs(problem):
        result = program.run(data)
        verdict = caught(problem, answer, result) or "right"
        print("  %-5s %s%s" % (verdict, program.label, ": " + result[1] if result[1] else ""), file=out)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problem", choices=names(), help="the problem, by its folder (default: every one)")
    parser.add_argument("--seconds", type=float, default=60,
                        help="each problem's budget, roughly, table included (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="the search's seed (default 1)")
    parser.add_argument("--table", action="store_true", help="the table alone, no search")
    parser.add_argument("--try", dest="rule", metavar="RULE",
                        help="say which submissions one input catches: a gen.py line, or the input's text")
    args = parser.parse_args(argv)
    if args.rule:
        if not args.problem:
            parser.error("--try needs --problem")
        return try_rule(Problem.named(args.problem), args.rule)
    status = 0
    for name in [args.problem] if args.problem else names():
        status = max(status, stress(Problem.named(name), args.seconds, args.seed, search=not args.table))
    return status


if __name__ == "__main__":
    sys.exit(main())
