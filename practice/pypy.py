"""PyPy as an ordinary judge host runs it, whatever this host's CPU cache: the one place that decides.

PyPy sizes its garbage collector's nursery at half the CPU cache that Linux
reports: on x86 the smallest ``cache size`` in /proc/cpuinfo (Intel's L3,
AMD's L2), elsewhere the L2 and L3 under /sys. Judge hosts report 0.5 to 32
MiB, so PyPy's nursery is 1 to 16 MiB there. A server CPU can report hundreds
of MiB: a 480 MiB cache gives a 240 MiB nursery, which leaves the naive
solution too little room at the package's largest case under its 512 MiB
cap, and below a cap of about 300 MiB PyPy cannot start at all.

So where PyPy would take a nursery larger than NURSERY, every PyPy run this
project makes gets ``PYPY_GC_NURSERY=NURSERY``: ``judge_host()`` sets it in
``os.environ``, which every child inherits (pytest's workers, problemtools
and BAPCtools, which start pypy3 themselves), and says so on stderr. DMOJ's
executors build their environment afresh, so tools/dmoj_worker.py hands it
on. A PYPY_GC_NURSERY already set is left as it is: that is the caller's
choice. To see what a host with another cache does, give PyPy and this
module another /proc/cpuinfo (docs/package.md shows how).
"""

import os
import re
import sys
from pathlib import Path

NURSERY = "16M"  # the nursery PyPy takes on a 32 MiB cache, the largest that judge hosts report
_NURSERY_BYTES = 16 << 20
CPUINFO = Path("/proc/cpuinfo")
SYS_CPU0 = Path("/sys/devices/system/cpu/cpu0/cache")


def reported_cache(cpuinfo=CPUINFO, sys_cpu0=SYS_CPU0):
    """Return the CPU cache in bytes that PyPy sizes its nursery from, or 0 where Linux reports none."""
    try:
        sizes = re.findall(r"^cache size\s*:\s*(\d+) [kK]B", cpuinfo.read_text(), re.M)
    except OSError:
        sizes = []
    if sizes:  # x86: the smallest of the CPUs' figures, as PyPy reads them
        return min(int(size) for size in sizes) << 10
    total = 0  # elsewhere (aarch64): PyPy adds the L2 and the L3
    for index in sys_cpu0.glob("index*"):
        try:
            if (index / "level").read_text().strip() in ("2", "3"):
                total += int((index / "size").read_text().strip().rstrip("K")) << 10
        except (OSError, ValueError):
            continue
    return total


def nursery(cache=None):
    """Return the PYPY_GC_NURSERY this host's PyPy runs need, or None where PyPy's own is a judge host's.

    >>> nursery(32 << 20), nursery(480 << 20)
    (None, '16M')
    """
    cache = reported_cache() if cache is None else cache
    return NURSERY if cache // 2 > _NURSERY_BYTES else None


def judge_host(environ=os.environ, stream=sys.stderr):
    """Set PYPY_GC_NURSERY in environ where this host needs it, and say so; return its value, or None."""
    if "PYPY_GC_NURSERY" in environ:
        return environ["PYPY_GC_NURSERY"]
    cache = reported_cache()
    size = nursery(cache)
    if size:
        environ["PYPY_GC_NURSERY"] = size
        print("PyPy: this CPU reports a %d MiB cache, so PyPy would take a %d MiB nursery; every PyPy run"
              " here gets PYPY_GC_NURSERY=%s, as on an ordinary judge host (practice/pypy.py)"
              % (cache >> 20, cache >> 21, size), file=stream, flush=True)
    return size
