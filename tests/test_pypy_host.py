"""PyPy's nursery: every PyPy run of the project behaves as on an ordinary judge host (practice/pypy.py)."""

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from practice import pypy

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("cpuinfo, cache", [
    ("processor\t: 0\ncache size\t: 512 KB\n", 512 << 10),  # AMD: its L2
    ("cache size\t: 491520 KB\nother\t: 1\ncache size\t: 32768 KB\n", 32 << 20),  # the smallest, as PyPy
    ("processor\t: 0\n", 0),
])
def test_the_cache_is_read_as_pypy_reads_it(tmp_path, cpuinfo, cache):
    (tmp_path / "cpuinfo").write_text(cpuinfo)
    assert pypy.reported_cache(tmp_path / "cpuinfo", tmp_path / "none") == cache


def test_without_cpuinfo_sizes_the_l2_and_l3_add_up(tmp_path):
    for index, level, size in ((0, 1, "32K"), (2, 2, "1024K"), (3, 3, "32768K")):
        folder = tmp_path / ("index%d" % index)
        folder.mkdir()
        (folder / "level").write_text("%d\n" % level)
        (folder / "size").write_text(size + "\n")
    assert pypy.reported_cache(tmp_path / "no-cpuinfo", tmp_path) == (33 << 20)


@pytest.mark.parametrize("cache, given", [(0, None), (1 << 20, None), (32 << 20, None),
                                          ((32 << 20) + 2048, "16M"), (480 << 20, "16M")])
def test_only_a_nursery_larger_than_a_judge_hosts_is_replaced(cache, given):
    assert pypy.nursery(cache) == given


def test_a_large_cache_sets_the_variable_and_says_so(monkeypatch):
    monkeypatch.setattr(pypy, "reported_cache", lambda: 480 << 20)  # the seam: this host's cache
    environ, said = {}, io.StringIO()
    assert pypy.judge_host(environ, said) == "16M"
    assert environ == {"PYPY_GC_NURSERY": "16M"}
    assert "480 MiB cache" in said.getvalue() and "240 MiB nursery" in said.getvalue()
    assert said.getvalue().count("\n") == 1


def test_a_judge_hosts_cache_and_a_callers_own_choice_are_left_alone(monkeypatch):
    monkeypatch.setattr(pypy, "reported_cache", lambda: 480 << 20)
    environ, said = {"PYPY_GC_NURSERY": "4M"}, io.StringIO()
    assert pypy.judge_host(environ, said) == "4M" and environ == {"PYPY_GC_NURSERY": "4M"}
    monkeypatch.setattr(pypy, "reported_cache", lambda: 32 << 20)
    environ = {}
    assert pypy.judge_host(environ, said) is None and environ == {} and said.getvalue() == ""


PYPY = shutil.which("pypy3")
UNSHARE = shutil.which("unshare")


@pytest.mark.skipif(not (PYPY and UNSHARE and os.geteuid() == 0), reason="needs pypy3, unshare and root")
def test_on_a_simulated_480_mib_host_pypy_runs_with_a_judge_hosts_nursery(tmp_path):
    """PyPy and practice/pypy.py both read a /proc/cpuinfo that says 480 MiB (in a mount namespace)."""
    fake = tmp_path / "cpuinfo"
    fake.write_text("processor\t: 0\ncache size\t: 491520 KB\n")
    stats = "%s -c 'import gc; print(gc.get_stats())' | grep -m1 nursery" % PYPY
    env = {key: value for key, value in os.environ.items() if key != "PYPY_GC_NURSERY"}
    alone = subprocess.run([UNSHARE, "-m", "sh", "-c", "mount --bind %s /proc/cpuinfo && %s" % (fake, stats)],
                           capture_output=True, text=True, env=env, timeout=60)
    if alone.returncode != 0 and "mount" in alone.stderr:
        pytest.skip("no mount namespace here: %s" % alone.stderr.strip())
    assert "240.0MB" in alone.stdout, alone  # PyPy on its own: half of what it reads
    # What a pypy3 started by a process that called judge_host() gets, as the tools' children do.
    child = ("import os, subprocess, sys; from practice import pypy; pypy.judge_host();"
             " sys.exit(subprocess.run(os.environ['STATS'], shell=True).returncode)")
    ours = subprocess.run([UNSHARE, "-m", "sh", "-c", "mount --bind %s /proc/cpuinfo && %s -c \"%s\"" % (
        fake, sys.executable, child)], capture_output=True, text=True, env={**env, "STATS": stats}, cwd=ROOT,
        timeout=60)
    assert "16.0MB" in ours.stdout, ours
    assert "480 MiB cache" in ours.stderr and "PYPY_GC_NURSERY=16M" in ours.stderr, ours
