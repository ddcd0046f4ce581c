"""Judge submissions with DMOJ's own judge, in-process, and report every case as JSON (`make dmoj-check`).

    build/judges/dmoj/bin/python tools/dmoj_worker.py JOBS.json > RESULTS.json

Run by tools/dmoj_check.py under the venv that has PyPI's `dmoj`, as an
unprivileged user. It uses DMOJ's Judge, executors (PY3, PYPY3, CPP17), sandbox,
graders and checkers as they are; the only addition is a hook that copies
each case's stderr and the input DMOJ fed (when small) onto the result, so
that the one-line error can be compared. JOBS.json holds the runtimes, the
problem folder, and a list of jobs: submission source, executor, problem,
time and memory limits, and whether to stop at the first failed case.
"""

import json
import sys

from dmoj import executors, judgeenv
from dmoj.graders.standard import StandardGrader
from dmoj.judge import Judge, Submission

SMALL = 100_000  # bytes of input or output worth sending back


def record_stderr():
    """Make each case's result carry the process's stderr and, when small, the input DMOJ fed it."""
    populate = StandardGrader.populate_result

    def populate_and_keep(self, error, result, process):
        populate(self, error, result, process)
        result.solver_stderr = error
        fed = result.case.input_data()
        result.fed_input = fed if len(fed) <= SMALL else None

    StandardGrader.populate_result = populate_and_keep


class Packets:
    """What DMOJ's judge reports, kept per case (the judge's PacketManager interface)."""

    def __init__(self):
        self.cases, self.problems = [], []

    def test_case_status_packet(self, position, result):
        small = lambda data: data.decode("latin-1") if data is not None and len(data) <= SMALL else None  # noqa: E731
        self.cases.append({
            "case": position,
            "codes": result.readable_codes(),
            "time": result.execution_time,
            "memory_kb": result.max_memory,
            "feedback": result.feedback,
            "stdout": small(result.proc_output),
            "stderr": small(getattr(result, "solver_stderr", None)),
            "input": small(getattr(result, "fed_input", None)),
        })

    def compile_error_packet(self, log):
        self.problems.append("compile error: %s" % log)

    def internal_error_packet(self, message):
        self.problems.append("internal error: %s" % message)

    def __getattr__(self, name):  # every other packet (begin, end, batches...) is of no interest here
        return lambda *args, **kwargs: None


def pypy_nursery(size):
    """Give DMOJ's PyPy executors PYPY_GC_NURSERY=size in their environment (None: leave it to PyPy).

    PyPy sizes its nursery at half the CPU cache. On a machine whose cache is
    reported as hundreds of MiB, that alone exceeds the data segment DMOJ
    allows (the memory limit and 2 MiB), and PyPy cannot start, not even for
    DMOJ's self-test; a judge on such hardware has to set it. tools/dmoj_check.py
    passes the size that practice/pypy.py decides for this host.
    """
    if size is None:
        return
    from dmoj.executors.python_executor import PythonExecutor

    get_env = PythonExecutor.get_env

    def get_env_with_nursery(self):
        env = get_env(self)
        if "pypy" in self.command:
            env["PYPY_GC_NURSERY"] = size
        return env

    PythonExecutor.get_env = get_env_with_nursery


def main():
    report, sys.stdout = sys.stdout, sys.stderr  # DMOJ prints (its self-test); only the JSON goes to stdout
    jobs = json.loads(open(sys.argv[1]).read())
    judgeenv.env["runtime"] = jobs["runtime"]  # first: DMOJ's executors read it when first imported
    pypy_nursery(jobs.get("pypy_nursery"))
    judgeenv.env["problem_storage_globs"] = [jobs["problems"] + "/*"]
    judgeenv.problem_globs = judgeenv.env["problem_storage_globs"]
    executors.load_executors()  # DMOJ's self-test of each executor runs here
    missing = sorted({job["language"] for job in jobs["jobs"]} - set(executors.executors))
    if missing:
        raise SystemExit("dmoj_worker: DMOJ could not load the executors %s" % missing)
    record_stderr()
    results = []
    for number, job in enumerate(jobs["jobs"], 1):
        packets = Packets()
        judge = Judge(packets)
        with open(job["source"]) as source:
            code = source.read()
        submission = Submission(number, job["problem"], job["language"], code, job["time"], job["memory_kb"],
                                job["short_circuit"], {})
        judge.begin_grading(submission, blocking=True, report=lambda message: None)
        results.append({"job": job, "cases": packets.cases, "problems": packets.problems})
        print("dmoj_worker: %s %s on %s: %s" % (job["name"], job["language"], job["problem"],
              " ".join(case["codes"][0] for case in packets.cases) or packets.problems),
              file=sys.stderr, flush=True)
    json.dump({"runtime_versions": {name: executors.executors[name].Executor.get_runtime_versions()
                                    for name in sorted({job["language"] for job in jobs["jobs"]})},
               "results": results}, report)


if __name__ == "__main__":
    main()
