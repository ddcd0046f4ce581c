"""Run one case of a learner's program as a judge runs it, in a world of its own.

    box = sandbox.Sandbox(["python3", "-S"])       # once a check: the interpreter, and what isolates here
    box.missing                                   # what is not isolated on this machine: [] where all is
    run = box.run(source, input_bytes, seconds=2, mib=512, out_limit=1 << 20, name="mine.py")
    run.status, run.signal, run.cpu, run.wall, run.peak_mib, run.stdout, run.stderr, run.stopped

Each case runs in a sandbox of Debian's bubblewrap (`bwrap`, Flatpak's sandbox), in the model of
ioi/isolate. It sees:
- the system's /usr and the interpreter's own folders (sys.prefix and the like), read-only: the
  interpreter, its standard library and the packages installed for it;
- its input as a regular file on stdin (os.fstat(0).st_size is its size), and stdout and stderr
  as pipes, read up to a bound: past out_limit bytes the run is stopped ("output too long");
  stderr keeps its last 64 KiB;
- its program, read-only, as /program/NAME, and an empty working directory, /box;
- a fresh /tmp, /dev/shm and /dev, and a /proc of its own PID namespace;
and nothing else: not the project, the cache, the answers, the learner's other files or the
checker, and nothing that an earlier case or check left, since all it can write is memory that goes
with the case. It has no network (a namespace of its own with no interface but loopback), its own
IPC and host name, its own session (no terminal), and it runs as the user nobody, with no
capabilities and no way to gain one (no_new_privs). When the program ends, every process it started
ends with its PID namespace.

As root, each case also gets a cgroup of its own (v1's memory, cpuacct and pids controllers, or v2's
memory, cpu and pids), which no process in it can leave (it sees no /sys): the memory limit bounds
every process of the run together, its CPU time is the whole group's, children included, and at
most MAX_PROCESSES processes run. The CPU limit is watched there and the run stopped at it; past
the memory limit the kernel stops it. Rlimits stay as a second fence: per process CPU time, the
size of a file written (MAX_FILE_MIB), no core files.

Where a tool is missing (no bwrap, no setpriv, not root, no cgroup), `missing` says what is not
isolated, each case runs with what there is, and nothing is claimed beyond it.
"""

import hashlib
import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

MAX_PROCESSES = 64
MAX_FILE_MIB = 64
STDERR_KEPT = 64 << 10
# A run that sleeps or waits is stopped after WALL_FACTOR times the CPU limit in wall time, once it
# has used less than WAITING of a core over the last second: a program that computes on a busy machine
# is judged by its CPU time, and stopped by wall time only at WALL_CAP times the limit.
WALL_FACTOR, WALL_CAP, WAITING = 3, 10, 0.1
POLL_S = 0.02  # how often the group's CPU time is read while a case runs
NOBODY = 65534
CGROUPS = Path("/sys/fs/cgroup")
# The launcher: joins the case's cgroups, sets the rlimits, then becomes the sandbox. It runs as the
# checker, before anything of the learner's, in a process of its own (no preexec_fn in threads).
LAUNCH = r"""
import os, resource, sys
cpu, fsize, address, nproc = map(int, sys.argv[1:5])
for limit, value in ((resource.RLIMIT_CPU, (cpu, cpu + 1)), (resource.RLIMIT_FSIZE, (fsize, fsize)),
                     (resource.RLIMIT_CORE, (0, 0)), (resource.RLIMIT_AS, (address, address)),
                     (resource.RLIMIT_NPROC, (nproc, nproc))):
    if value[0] >= 0:
        resource.setrlimit(limit, value)
command = sys.argv[5:]
while command[0] != "--":
    with open(command.pop(0), "w") as procs:
        procs.write(str(os.getpid()))
try:
    os.execv(command[1], command[1:])
except OSError as error:
    os.write(2, ("cannot start %s: %s\n" % (command[1], error.strerror)).encode())
    os._exit(127)
"""
# What the interpreter says of itself, asked once a check outside the sandbox (no learner's code runs: it
# starts in an empty folder, with no PYTHON* variable, so no file of the learner's shadows json or os).
ASK = ("import json, os, sys\nprint(json.dumps([sys.executable, sys.prefix, sys.base_prefix,"
       " sys.exec_prefix, getattr(sys, 'base_exec_prefix', sys.exec_prefix), sys.implementation.name]))")


class Run:
    """How one run ended: status (exit status, or None if killed by a signal), signal (its number or
    None), cpu and wall (s), peak_mib, stdout (bytes), stderr (bytes, the tail), stopped: "" if it
    ended by itself, else "time" or "output" (stopped by us at a limit), and out_of_memory: whether
    it reached the memory limit."""

    def __init__(self, status, sig, cpu, wall, peak_mib, stdout, stderr, stopped, out_of_memory=False):
        self.status, self.signal, self.cpu, self.wall = status, sig, cpu, wall
        self.peak_mib, self.stdout, self.stderr, self.stopped = peak_mib, stdout, stderr, stopped
        self.out_of_memory = out_of_memory
        self.cpu_measured = False  # whether cpu is the cgroup's (else: the rusage of the launched process)

    def signal_name(self):
        """Return the signal's name, as SIGKILL, or "" if none."""
        try:
            return signal.Signals(self.signal).name if self.signal else ""
        except ValueError:
            return "signal %d" % self.signal


class Group:
    """One case's cgroup: {controller: its folder}, one folder a v1 hierarchy, or one folder in all (v2)."""

    def __init__(self, folders, v2):
        self.folders, self.v2 = folders, v2

    @classmethod
    def make(cls, mib):
        """Return a new Group limited to mib MiB and MAX_PROCESSES, or None where none can be made."""
        if os.geteuid() != 0:
            return None
        own = _own_cgroups()
        if all((CGROUPS / name).is_dir() for name in ("memory", "cpuacct", "pids")):
            parents = {name: CGROUPS / name / own.get(name, "/").lstrip("/")
                       for name in ("memory", "cpuacct", "pids")}
            limits = [("memory", "memory.limit_in_bytes", mib << 20),
                      ("memory", "memory.memsw.limit_in_bytes", mib << 20),
                      ("pids", "pids.max", MAX_PROCESSES)]
            v2 = False
        elif {"memory", "pids"} <= set(_read(CGROUPS / "cgroup.subtree_control").split()):
            # The root: exempt from v2's rule that a cgroup with processes has no child with controllers.
            parents = dict.fromkeys(("memory", "cpu", "pids"), CGROUPS)
            limits = [("memory", "memory.max", mib << 20), ("memory", "memory.swap.max", 0),
                      ("pids", "pids.max", MAX_PROCESSES)]
            v2 = True
        else:
            return None
        group = cls({}, v2)
        try:
            for controller, parent in parents.items():
                made = [f for f in group.folders.values() if f.parent == parent] if v2 else []
                group.folders[controller] = made[0] if made else Path(tempfile.mkdtemp(prefix="practice-",
                                                                                        dir=str(parent)))
            for controller, name, value in limits:
                path = group.folders[controller] / name
                if path.exists() or name in ("memory.limit_in_bytes", "memory.max", "pids.max"):
                    path.write_text(str(value))
            return group
        except OSError:
            group.remove()
            return None

    def procs(self):
        """Return the cgroup.procs files a process writes its pid to, to join the group."""
        return sorted({str(folder / "cgroup.procs") for folder in self.folders.values()})

    def cpu(self):
        """Return the CPU time (s) every process of the group has used, the ended ones included."""
        if self.v2:
            return _field(self.folders["cpu"] / "cpu.stat", "usage_usec") / 1e6
        return int(_read(self.folders["cpuacct"] / "cpuacct.usage") or 0) / 1e9

    def peak_mib(self):
        name = "memory.peak" if self.v2 else "memory.max_usage_in_bytes"
        return int(_read(self.folders["memory"] / name) or 0) / (1 << 20)

    def out_of_memory(self):
        """Return whether the group reached its memory limit: a charge failed there (v1's failcnt, v2's
        "max" event), or the kernel killed a process for it. Near the limit the kernel may evict and fault
        the program's own code for a while before it kills, and the run reach the CPU limit first."""
        if self.v2:
            events = self.folders["memory"] / "memory.events"
            return _field(events, "max") > 0 or _field(events, "oom_kill") > 0
        folder = self.folders["memory"]
        failed = int(_read(folder / "memory.failcnt") or 0) > 0
        return failed or _field(folder / "memory.oom_control", "oom_kill") > 0

    def kill(self):
        """Kill every process in the group, until none is left."""
        for _ in range(1000):
            pids = [int(pid) for path in self.procs() for pid in _read(Path(path)).split()]
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.005)

    def remove(self):
        for folder in set(self.folders.values()):
            for _ in range(500):  # the kernel frees it once the last process in it is reaped
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)


def _read(path):
    try:
        return path.read_text()
    except OSError:
        return ""


def _field(path, name):
    """Return the number after name in a "name value" control file, or 0."""
    for line in _read(path).splitlines():
        key, _, value = line.partition(" ")
        if key == name:
            return int(value)
    return 0


def _own_cgroups():
    """Return {v1 controller: this process's cgroup path}, from /proc/self/cgroup."""
    own = {}
    for line in _read(Path("/proc/self/cgroup")).splitlines():
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(","):
            own[name] = path
    return own


_BWRAP = []


def _bwrap_works():
    """Return whether bwrap can make a sandbox here (namespaces may be off in a container)."""
    if not _BWRAP:
        needed = ["bwrap", "setpriv"] if os.geteuid() == 0 else ["bwrap"]
        works = all(shutil.which(name) for name in needed)
        if works:
            try:
                done = subprocess.run(["bwrap"] + _system() + _user() + ["true"], capture_output=True,
                                      timeout=60)
                works = done.returncode == 0
            except (OSError, subprocess.TimeoutExpired):
                works = False
        _BWRAP.append(works)
    return _BWRAP[0]


def _system():
    """The sandbox's namespaces and its read-only system: /usr, with /bin, /lib... as this host has them."""
    options = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
               "--die-with-parent", "--new-session", "--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / name
        if path.is_symlink():
            options += ["--symlink", os.readlink(str(path)), str(path)]
        elif path.is_dir():
            options += ["--ro-bind", str(path), str(path)]
    for name in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives"):
        options += ["--ro-bind-try", name, name]
    return options + ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/dev/shm",
                      "--perms", "1777", "--tmpfs", "/tmp", "--perms", "1777", "--tmpfs", "/box"]


def _user():
    """As root, what lets setpriv drop to nobody inside (and nothing after it); else a user namespace."""
    return ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"] if os.geteuid() == 0 else ["--unshare-user"]


def _outermost(paths):
    """Return the paths that lie in no other of them, sorted: bwrap binds each once."""
    paths = sorted(paths)
    return [p for p in paths if not any(p != q and p.startswith(q.rstrip("/") + "/") for q in paths)]


class Sandbox:
    """The runs of one check: one interpreter, and what this machine isolates with."""

    def __init__(self, command):
        """command: the interpreter and its options, as ["python3", "-S"]; its first word on the PATH."""
        with tempfile.TemporaryDirectory(prefix="practice-ask-") as empty:  # -c puts its folder first
            done = subprocess.run(command + ["-c", ASK], capture_output=True, timeout=60, cwd=empty,
                                  stdin=subprocess.DEVNULL,
                                  env={k: v for k, v in os.environ.items() if not k.startswith("PYTHON")})
        executable, *prefixes, self.implementation = json.loads(done.stdout.decode().splitlines()[-1])
        # The path it was started by, not the file it links to: a venv's python finds its venv by it.
        self.command = [executable] + command[1:]
        real = os.path.dirname(os.path.realpath(executable))
        self.roots = _outermost({os.path.realpath(p) for p in prefixes + [real]} | set(prefixes))
        self.environment = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/box", "LANG": "C.UTF-8"}
        self.missing = []
        self.bwrap = _bwrap_works()
        if not self.bwrap:
            self.missing.append("no bubblewrap sandbox here (bwrap%s missing or not allowed): each case runs"
                                " as you, and can read and write what you can"
                                % (", setpriv" if os.geteuid() == 0 else ""))
        self.reaper = reaper() if self.bwrap else None
        if self.bwrap and self.reaper is None:
            self.missing.append("no reaper (no C compiler here to build practice/reaper.c): an exit status"
                                " of 129 to 192 reads as the signal 128 less")
        self.seccomp = seccomp_filter() if self.bwrap else None
        if self.bwrap and self.seccomp is None:
            self.missing.append("no seccomp filter (Debian's python3-seccomp is missing): a case may make"
                                " any system call its user may, the kernel's keyrings and new namespaces"
                                " among them")
        probe = Group.make(16)
        self.grouped = probe is not None
        if probe is not None:
            probe.remove()
        else:
            self.missing.append("no cgroup (%s): memory, CPU time and processes are bounded per process by"
                                " rlimits, and a child's use is not added to the case's"
                                % ("needs root" if os.geteuid() != 0 else "none can be made here"))

    def _wrap(self, program, name, seccomp=None, status=None):
        """Return the command line of a case: bwrap's options, then the program's; seccomp: the file
        descriptor bwrap reads the filter from, if there is one; status: the one the reaper writes how
        the program ended to, if there is a reaper."""
        inside = "/program/" + name
        options = ["bwrap"] + _system() + _user()
        if seccomp is not None:
            options += ["--seccomp", str(seccomp)]
        made = {"/", "/usr"}
        for root in self.roots:
            if root == "/usr" or root.startswith("/usr/"):
                continue
            for parent in reversed(Path(root).parents):  # bwrap makes them 0700, as nobody cannot pass
                if str(parent) not in made:
                    made.add(str(parent))
                    options += ["--perms", "0755", "--dir", str(parent)]
            options += ["--ro-bind", root, root]
        options += ["--perms", "0755", "--dir", "/program", "--ro-bind", str(program), inside,
                    "--chdir", "/box", "--clearenv"]
        if status is not None:
            options += ["--ro-bind", str(self.reaper), "/reaper"]
        for key, value in self.environment.items():
            options += ["--setenv", key, value]
        if os.geteuid() == 0:
            options += ["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups",
                        "--inh-caps=-all", "--bounding-set=-all", "--"]
        reaping = ["/reaper", str(status)] if status is not None else []
        return [shutil.which(options[0])] + options[1:] + reaping + self.command + [inside]

    def run(self, source, data, seconds, mib, out_limit, name="solution.py"):
        """Run the program source (bytes) on input bytes, as the module docstring says; return a Run."""
        folder = Path(tempfile.mkdtemp(prefix="practice-case-"))  # the checker's own, 0700: no case sees it
        group = Group.make(mib) if self.grouped else None
        try:
            (folder / "work").mkdir()
            program = folder / name
            program.write_bytes(source)
            program.chmod(0o444)
            (folder / "input").write_bytes(data)
            (folder / "input").chmod(0o400)
            passed, seccomp, status = [], None, None
            if self.seccomp is not None:  # bwrap reads the filter from this descriptor, as the launcher's
                (folder / "seccomp.bpf").write_bytes(self.seccomp)
                seccomp = os.open(str(folder / "seccomp.bpf"), os.O_RDONLY)
                passed.append(seccomp)
            if self.reaper is not None:  # the reaper writes how the program ended on this pipe
                ended, status = os.pipe()
                passed.append(status)
            if self.bwrap:  # bwrap binds the program as the checker; inside, nobody reads it
                command, cwd = self._wrap(program, name, seccomp, status), "/"
            else:
                command, cwd = self.command + [str(program)], str(folder / "work")
            # With a group, its watch stops the run at the limit and this is a fence behind it; without,
            # this is the limit, per process.
            cpu_limit = int(-(-seconds // 1)) + (1 if group is not None else 0)
            address = -1 if group is not None else mib << 20
            # Without a cgroup, inside bwrap's user namespace: RLIMIT_NPROC counts that namespace's
            # processes alone. Outside one it would count all of the learner's, so there it is not set.
            nproc = MAX_PROCESSES if group is None and self.bwrap and os.geteuid() != 0 else -1
            launch = [sys.executable, "-I", "-S", "-c", LAUNCH, str(cpu_limit), str(MAX_FILE_MIB << 20),
                      str(address), str(nproc)] + (group.procs() if group else []) + ["--"] + command
            env = None if self.bwrap else dict(os.environ, **self.environment)
            with open(folder / "input", "rb") as stdin:
                try:
                    process = subprocess.Popen(launch, stdin=stdin, stdout=subprocess.PIPE,
                                               stderr=subprocess.PIPE, cwd=cwd, start_new_session=True,
                                               env=env, pass_fds=tuple(passed))
                finally:
                    for fd in passed:
                        os.close(fd)
            with _LIVE_LOCK:
                _LIVE[process.pid] = group
            try:
                run = _supervise(process, group, seconds, out_limit, self.bwrap)
            finally:
                with _LIVE_LOCK:
                    _LIVE.pop(process.pid, None)
            if status is not None:  # the reaper's word: an exit status and a signal told apart
                told = _ended(ended)
                os.close(ended)
                if told is not None and not run.stopped and not run.out_of_memory:
                    run.status, run.signal = told
            run.cpu_measured = group is not None  # the whole group's CPU time, which no program can forge
            if run.signal == signal.SIGXCPU and group is None:  # a process killed at its rlimit: its time
                run.cpu = max(run.cpu, cpu_limit)                # may go uncounted
            return run
        finally:
            shutil.rmtree(folder, ignore_errors=True)
            if group is not None:
                group.kill()
                group.remove()


def _drain(fd, into):
    """Add to into what is already in a pipe (at most its buffer), without waiting."""
    os.set_blocking(fd, False)
    try:
        for chunk in iter(lambda: os.read(fd, 1 << 16), b""):
            into += chunk
    except BlockingIOError:
        pass


def _supervise(process, group, seconds, out_limit, sandboxed):
    """Read a case's output while it runs, stop it at a limit, and return how it ended, as a Run."""
    started = time.monotonic()
    out, err, stopped, ended, recent = bytearray(), bytearray(), "", None, []
    streams = {process.stdout.fileno(): out, process.stderr.fileno(): err}
    selector = selectors.DefaultSelector()
    for fd in streams:
        selector.register(fd, selectors.EVENT_READ)
    try:
        while streams and not stopped:
            for key, _ in selector.select(POLL_S):
                chunk = os.read(key.fd, 1 << 16)
                if not chunk:
                    selector.unregister(key.fd)
                    del streams[key.fd]
                    continue
                streams[key.fd] += chunk
                if key.fd == process.stderr.fileno() and len(err) > STDERR_KEPT:
                    del err[:-STDERR_KEPT]
                if len(out) > out_limit:
                    stopped = "output"
            now, cpu = time.monotonic(), group.cpu() if group is not None else 0.0
            if group is not None and not stopped:
                stopped = "memory" if group.out_of_memory() else "time" if cpu >= seconds else ""
            recent.append((now, cpu))
            while now - recent[0][0] > 1:
                recent.pop(0)
            waiting = group is None or cpu - recent[0][1] < WAITING * (now - recent[0][0])
            if not stopped and (now - started >= WALL_CAP * seconds
                                or now - started >= WALL_FACTOR * seconds and waiting):
                stopped = "time"
            if ended is None:
                ended = _reap(process, os.WNOHANG)
            if ended is not None and not sandboxed:
                # Without a sandbox, a process it left behind could hold a pipe open: take what the pipes
                # hold and stop. In one, its PID namespace has ended with it, and the pipes close.
                for fd in list(streams):
                    _drain(fd, streams[fd])
                streams.clear()
    finally:
        wall = time.monotonic() - started
        if group is not None:
            group.kill()
        if ended is None:
            os.kill(process.pid, signal.SIGKILL)  # not process.kill(): its poll() would reap it unread
            ended = _reap(process, 0)
        if not sandboxed:
            try:
                os.killpg(process.pid, signal.SIGKILL)  # what is left of its process group
            except OSError:
                pass
        selector.close()
        process.stdout.close()
        process.stderr.close()
    status, usage = ended
    if group is not None:
        cpu, peak = group.cpu(), group.peak_mib()
    else:
        cpu, peak = usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
    code, sig = (None, os.WTERMSIG(status)) if os.WIFSIGNALED(status) else (os.WEXITSTATUS(status), None)
    if sandboxed and code is not None and code > 128 and code - 128 in _SIGNALS:
        code, sig = None, code - 128  # bwrap reports a program killed by a signal as 128 + its number
    if stopped in ("time", "output", "memory"):
        code, sig = None, signal.SIGKILL
    out_of_memory = group is not None and group.out_of_memory()
    return Run(code, sig, cpu, wall, peak, bytes(out[:out_limit + 1]), bytes(err),
               stopped if stopped != "memory" else "", out_of_memory)


def _reap(process, options):
    """Return (wait status, rusage) of the launched process once it has ended, or None (WNOHANG)."""
    pid, status, usage = os.wait4(process.pid, options)
    if pid == 0:
        return None
    process.returncode = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    return status, usage


# The system calls a case may not make, refused with EPERM by a seccomp filter that bwrap loads
# (--seccomp) before it starts the program, in the model of Flatpak's and of the judges' sandboxes: no
# contest program needs one. The kernel's keyrings (nobody's persistent keyring outlives the case and is
# shared by every case on the host: state that passes between checks), new namespaces (the user
# namespace's whole surface of the kernel), other processes' memory, mounts, BPF, performance counters,
# userfaultfd, kernel modules and kexec, swap, reboot, the kernel's log and accounting. clone3, whose
# flags a filter cannot read, says ENOSYS, so that the C library falls back to clone, whose flags it
# can: a clone that asks for a new namespace is refused. A call of another architecture's ABI (a 32-bit
# int 0x80) kills the process (libseccomp's default for a foreign architecture).
REFUSED = ("add_key", "keyctl", "request_key", "unshare", "setns", "ptrace", "process_vm_readv",
           "process_vm_writev", "kcmp", "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree",
           "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "bpf", "perf_event_open",
           "userfaultfd", "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
           "swapon", "swapoff", "reboot", "syslog", "acct", "quotactl", "lookup_dcookie", "name_to_handle_at",
           "open_by_handle_at", "iopl", "ioperm")
NEW_NAMESPACES = 0x10000000 | 0x00020000 | 0x20000000 | 0x40000000 | 0x08000000 | 0x04000000 | 0x02000000 \
    | 0x00000080  # CLONE_NEWUSER, NEWNS, NEWPID, NEWNET, NEWIPC, NEWUTS, NEWCGROUP, NEWTIME
# The filter is compiled by libseccomp's own Python binding (Debian's python3-seccomp, for Debian's
# python3): it writes the cBPF program that bwrap's --seccomp reads.
SECCOMP_PYTHON = "/usr/bin/python3"
COMPILE_FILTER = """
import errno, sys, seccomp
refused, namespaces = sys.argv[1].split(","), int(sys.argv[2])
f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
for name in refused:
    f.add_rule(seccomp.ERRNO(errno.EPERM), name)
f.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
flag = 1
while flag <= namespaces:
    if namespaces & flag:
        f.add_rule(seccomp.ERRNO(errno.EPERM), "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    flag <<= 1
f.export_bpf(sys.stdout)
"""


def seccomp_filter():
    """Return the compiled filter (cBPF bytes) that refuses REFUSED and new namespaces, or None where
    libseccomp's binding is not installed (then `missing` says so)."""
    if not _FILTER:
        try:
            done = subprocess.run([SECCOMP_PYTHON, "-I", "-c", COMPILE_FILTER, ",".join(REFUSED),
                                   str(NEW_NAMESPACES)], capture_output=True, timeout=60, cwd="/")
            _FILTER.append(done.stdout if done.returncode == 0 and done.stdout else None)
        except (OSError, subprocess.TimeoutExpired):
            _FILTER.append(None)
    return _FILTER[0]


_FILTER = []
_REAPER = []
REAPER_SOURCE = Path(__file__).with_name("reaper.c")


def reaper():
    """Return the path of the reaper (practice/reaper.c), built once with the host's C compiler and kept
    under build/practice/ by its source's digest, or None where there is no compiler."""
    if not _REAPER:
        source = REAPER_SOURCE.read_bytes()
        built = (Path(__file__).resolve().parent.parent / "build" / "practice"
                 / ("reaper-" + hashlib.sha256(source).hexdigest()[:16]))
        compiler = shutil.which("cc") or shutil.which("gcc")
        if not built.exists() and compiler:
            built.parent.mkdir(parents=True, exist_ok=True)
            partial = "%s.%d" % (built, os.getpid())
            done = subprocess.run([compiler, "-O2", "-o", partial, str(REAPER_SOURCE)], capture_output=True,
                                  timeout=120)
            if done.returncode == 0:
                os.replace(partial, built)
        _REAPER.append(built if built.exists() else None)
    return _REAPER[0]


def _ended(fd):
    """Return (exit status, signal) as the reaper wrote it on the pipe fd, or None if it wrote nothing."""
    os.set_blocking(fd, False)
    try:
        line = os.read(fd, 64).decode("ascii", "replace").split()
    except (BlockingIOError, OSError):
        return None
    if len(line) != 2 or line[0] not in ("exit", "signal") or not line[1].isdigit():
        return None
    return (int(line[1]), None) if line[0] == "exit" else (None, int(line[1]))
_SIGNALS = {int(s) for s in signal.Signals}
_LIVE = {}  # the runs going on: their launched process's pid -> its Group or None
_LIVE_LOCK = threading.Lock()


def stop_all():
    """Kill every case that is running, in any thread, so that each run ends now and its own cleanup
    (its folder, its cgroup) runs: for a check that is stopped (SIGTERM, SIGINT) or fails."""
    with _LIVE_LOCK:
        live = list(_LIVE.items())
    for pid, group in live:
        if group is not None:
            group.kill()
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
