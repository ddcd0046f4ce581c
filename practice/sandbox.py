"""Run one case of a learner's program as a judge runs it, kept away from everything else.

    run = sandbox.run(["python3", "mine.py"], source, input_bytes, seconds=2, mib=512, out_limit=1 << 20)
    run.status, run.signal, run.cpu, run.wall, run.peak_mib, run.stdout, run.stderr, run.stopped

Each run gets, as ioi/isolate gives each of its runs:
- its input as a regular file on stdin (os.fstat(0).st_size is its size), and stdout and stderr
  as pipes, read up to a bound: past out_limit bytes the run is stopped ("output too long"), so
  the checker's memory stays bounded whatever the program writes; stderr keeps its last 64 KiB;
- a fresh, empty working directory; the program's file lies in another one, and both go when the
  run ends;
- its own session (no controlling terminal) and, where Linux lets this user make one, its own PID
  namespace: an init of ours starts the program, and when the program ends the kernel ends every
  process it started, setsid() or not. Without a namespace, its process group is killed;
- limits on CPU time, address space, the size of a file it writes, core files, and the number of
  processes (RLIMIT_NPROC inside the namespace, or, as root, whom that limit does not bind, a pids
  cgroup where one can be made).

TLE is for a run that reached the CPU limit or the wall-clock limit (three times the CPU limit);
a run killed by another signal is reported with that signal, for an RTE with its name.
"""

import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MAX_PROCESSES = 64
MAX_FILE_MIB = 64
STDERR_KEPT = 64 << 10
WALL_FACTOR = 3
# Our init, process 1 of the run's namespace: it starts the program with the limits and reports how
# it ended on its own pipe. When it exits, the kernel kills whatever else is left in the namespace.
# The program must not be process 1 itself: process 1 ignores the signals it sends itself (abort()).
INIT = r"""
import os, resource, sys
report, cpu, mem, fsize, nproc = map(int, sys.argv[1:6])
if sys.argv[6] != "-":  # a pids cgroup, before anything else starts
    with open(sys.argv[6], "w") as procs:
        procs.write(str(os.getpid()))
pid = os.fork()
if pid == 0:
    try:
        os.close(report)
        for limit, value in ((resource.RLIMIT_CPU, (cpu, cpu + 1)), (resource.RLIMIT_AS, (mem, mem)),
                             (resource.RLIMIT_FSIZE, (fsize, fsize)), (resource.RLIMIT_CORE, (0, 0))):
            resource.setrlimit(limit, value)
        if nproc:
            resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
        os.execvp(sys.argv[7], sys.argv[7:])
    except OSError as error:
        os.write(2, ("cannot start %s: %s\n" % (sys.argv[7], error.strerror)).encode())
    os._exit(127)
while True:
    done, status, usage = os.wait4(-1, 0)
    if done == pid:
        break
os.write(report, ("%d %r %d\n" % (status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)).encode())
"""


class Run:
    """How one run ended: status (exit status, or None if killed by a signal), signal (its number or
    None), cpu and wall (s), peak_mib, stdout (bytes), stderr (bytes, the tail), and stopped: "" if
    it ended by itself, else "time" or "output" (stopped by us at the wall-clock or output bound)."""

    def __init__(self, status, sig, cpu, wall, peak_mib, stdout, stderr, stopped):
        self.status, self.signal, self.cpu, self.wall = status, sig, cpu, wall
        self.peak_mib, self.stdout, self.stderr, self.stopped = peak_mib, stdout, stderr, stopped

    def signal_name(self):
        """Return the signal's name, as SIGKILL, or "" if none."""
        try:
            return signal.Signals(self.signal).name if self.signal else ""
        except ValueError:
            return "signal %d" % self.signal


_NAMESPACE = []


def namespace():
    """Return the unshare options that give a run its own PID namespace here, or None if none can."""
    if not _NAMESPACE:
        found = None
        if shutil.which("unshare"):
            for options in (["--pid", "--fork", "--kill-child"],
                            ["--user", "--map-current-user", "--pid", "--fork", "--kill-child"]):
                try:
                    done = subprocess.run(["unshare"] + options + ["true"], capture_output=True, timeout=30)
                except (OSError, subprocess.TimeoutExpired):
                    continue
                if done.returncode == 0:
                    found = options
                    break
        _NAMESPACE.append(found)
    return _NAMESPACE[0]


def _cgroup():
    """Return a new pids cgroup's folder limited to MAX_PROCESSES, or None where none can be made."""
    for parent in (Path("/sys/fs/cgroup/pids"), Path("/sys/fs/cgroup")):  # cgroup v1, then v2
        if parent.is_dir() and (parent / "cgroup.procs").exists():
            try:
                folder = Path(tempfile.mkdtemp(prefix="practice-", dir=str(parent)))
            except OSError:
                continue
            try:
                (folder / "pids.max").write_text(str(MAX_PROCESSES))
                return folder
            except OSError:  # cgroup v2 without the pids controller delegated here
                folder.rmdir()
    return None


def _remove_cgroup(folder):
    if folder is not None:
        for _ in range(500):  # the kernel frees it once the last process in it is reaped
            try:
                folder.rmdir()
                return
            except OSError:
                time.sleep(0.01)


def _drain(fd, into):
    """Add to into what is already in a pipe (at most its buffer), without waiting."""
    os.set_blocking(fd, False)
    try:
        for chunk in iter(lambda: os.read(fd, 1 << 16), b""):
            into += chunk
    except BlockingIOError:
        pass


def run(command, source, data, seconds, mib, out_limit, name="solution.py"):
    """Run command + [the program's path] on input bytes, as the module docstring says; return a Run."""
    folder = Path(tempfile.mkdtemp(prefix="practice-case-"))
    cgroup = _cgroup() if os.geteuid() == 0 else None
    try:
        (folder / "program").mkdir()
        (folder / "work").mkdir()
        program = folder / "program" / name
        program.write_bytes(source)
        (folder / "input").write_bytes(data)
        return _supervise(command + [str(program)], folder, cgroup, seconds, mib, out_limit)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        _remove_cgroup(cgroup)


def _supervise(command, folder, cgroup, seconds, mib, out_limit):
    cpu_limit = int(-(-seconds // 1))
    options = namespace()
    read_report, write_report = os.pipe()
    limits = [write_report, cpu_limit, mib << 20, MAX_FILE_MIB << 20,
              MAX_PROCESSES if options and os.geteuid() != 0 else 0]
    procs = str(cgroup / "cgroup.procs") if cgroup is not None else "-"
    init = [sys.executable, "-I", "-S", "-c", INIT] + [str(n) for n in limits] + [procs] + command
    if options:
        init = ["unshare"] + options + ["--"] + init
    with open(folder / "input", "rb") as stdin:
        started = time.monotonic()
        process = subprocess.Popen(init, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   cwd=str(folder / "work"), start_new_session=True, pass_fds=(write_report,))
    os.close(write_report)
    out, err, report, stopped = bytearray(), bytearray(), bytearray(), ""
    streams = {process.stdout.fileno(): out, process.stderr.fileno(): err, read_report: report}
    selector = selectors.DefaultSelector()
    for fd in streams:
        selector.register(fd, selectors.EVENT_READ)
    try:
        while streams and not stopped:
            left = started + WALL_FACTOR * seconds - time.monotonic()
            events = selector.select(max(left, 0)) if left > 0 else []
            if not events:
                stopped = "time"
            for key, _ in events:
                fd = key.fd
                if fd not in streams:
                    continue
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    selector.unregister(fd)
                    del streams[fd]
                    if fd == read_report:  # our init is gone: take what the pipes already hold
                        for other in list(streams):
                            _drain(other, streams[other])
                        streams.clear()
                    continue
                streams[fd] += chunk
                if fd == process.stderr.fileno() and len(err) > STDERR_KEPT:
                    del err[:-STDERR_KEPT]
                if len(out) > out_limit:
                    stopped = "output"
    finally:
        wall = time.monotonic() - started
        if process.poll() is None:
            process.kill()
        process.wait()
        try:
            os.killpg(process.pid, signal.SIGKILL)  # without a namespace: what is left of its group
        except OSError:
            pass
        selector.close()
        os.close(read_report)
        process.stdout.close()
        process.stderr.close()
    fields = report.split()
    if len(fields) == 3:
        status, cpu, peak = int(fields[0]), float(fields[1]), int(fields[2]) / 1024
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    else:  # stopped by us before init could say, or init itself failed to start
        cpu = peak = 0.0
        code = process.returncode if process.returncode >= 0 and not stopped else None
        sig = None if code is not None else signal.SIGKILL
    return Run(code, sig, cpu, wall, peak, bytes(out[:out_limit + 1]), bytes(err), stopped)
