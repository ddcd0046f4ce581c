"""Benchmark: solve.py against the naive reference and numpy's parse floor (`make bench`).

Not a test (pytest does not collect it): timings on a shared machine are
noisy, so targets are reported here, never asserted. For each input size it
runs the commands in turn, A B C A B C ..., and reports the median wall time
and the peak resident memory of each run.

Each command is started by a tiny launcher (Python without site, a few MiB)
that forks, execs and reads ``os.wait4``'s rusage for that one child. A child
forked straight from this script would inherit this script's resident pages
(numpy, the generated input) into its peak, because Linux keeps ru_maxrss
across exec.

    python3 tests/bench.py              # the full table (K = 10, d = 10^6 is about 108 MB)
    python3 tests/bench.py --quick      # small sizes only, to try the script
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

# The parse floor: read the lines and convert each with numpy's fastest reader; nothing else.
FLOOR = """\
import sys
import numpy as np
for line in sys.stdin.buffer:
    np.fromstring(line, sep=" ")
"""

COMMANDS = {
    "solve": [PYTHON, str(ROOT / "solve.py")],
    "reference": [PYTHON, str(ROOT / "tests" / "reference.py")],
    "floor": [PYTHON, "-c", FLOOR],
    "import numpy": [PYTHON, "-c", "import numpy"],
}

# (name, K, d, layout, commands, repeats)
SIZES = [
    ("seed example", 2, 2, "seed", ["solve", "import numpy"], 31),
    ("K=10 d=10^4", 10, 10**4, "lines", ["solve", "reference", "floor"], 5),
    ("K=10 d=10^5 one line", 10, 10**5, "tokens", ["solve", "reference", "floor"], 3),
    ("K=2 d=2*10^5", 2, 2 * 10**5, "lines", ["solve", "floor"], 5),
    ("K=40 d=2*10^5", 40, 2 * 10**5, "lines", ["solve", "floor"], 3),
    ("K=10 d=10^6", 10, 10**6, "lines", ["solve", "reference", "floor"], 3),
]
QUICK = {"seed example", "K=10 d=10^4", "K=10 d=10^5 one line"}


def write_problem(path, k, d, layout, seed=0):
    """Write a random problem: values like -1.234567, about 9.8 bytes a number."""
    if layout == "seed":
        path.write_bytes((ROOT / "samples" / "seed-example-lines.in").read_bytes())
        return
    rng = np.random.default_rng(seed)
    separator = b"\n" if layout == "lines" else b" "
    with open(path, "wb") as out:
        out.write(f"{k} 0.01".encode() + separator)
        for row in range(k + 1):
            values = rng.normal(scale=2.0, size=d).tolist()
            out.write(" ".join(["%.6f"] * d).encode() % tuple(values))
            out.write(separator if row < k else b"\n")


LAUNCHER = """\
import os, sys, time
source, sink, command = sys.argv[1], sys.argv[2], sys.argv[3:]
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.dup2(os.open(source, os.O_RDONLY), 0)
    os.dup2(os.open(sink, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    os.execv(command[0], command)
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def run(command, source, sink):
    """Run one command with stdin from a file; return (seconds, peak RSS in MiB, exit status)."""
    report = subprocess.run(
        [PYTHON, "-S", "-c", LAUNCHER, str(source), str(sink), *command],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    seconds, kib, status = float(report[0]), int(report[1]), int(report[2])
    return seconds, kib / 1024, status  # ru_maxrss is in KiB on Linux


def measure(names, source, folder, repeats):
    """Return {name: (median seconds, median MiB)}, alternating the commands; check the answers agree."""
    times = {name: [] for name in names}
    memory = {name: [] for name in names}
    outputs = {}
    for _ in range(repeats):
        for name in names:
            sink = folder / f"{name.replace(' ', '_')}.out"
            seconds, mib, status = run(COMMANDS[name], source, sink)
            if status != 0:
                raise SystemExit(f"{name} failed on {source.name} with status {status}")
            times[name].append(seconds)
            memory[name].append(mib)
            outputs[name] = sink.read_bytes()
    if "reference" in names and outputs["solve"] != outputs["reference"]:
        raise SystemExit(f"solve.py and the reference disagree on {source.name}")
    return {name: (statistics.median(times[name]), statistics.median(memory[name])) for name in names}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args(argv)
    sizes = [s for s in SIZES if not args.quick or s[0] in QUICK]

    rows, results = [], {}
    with tempfile.TemporaryDirectory(prefix="ga-bench-") as tmp:
        folder = Path(tmp)
        for name, k, d, layout, names, repeats in sizes:
            source = folder / "problem.in"
            write_problem(source, k, d, layout)
            megabytes = source.stat().st_size / 1e6
            print(f"measuring {name} ({megabytes:.1f} MB, {repeats} rounds) ...", file=sys.stderr, flush=True)
            result = measure(names, source, folder, repeats)
            results[name] = result
            rows.append((name, megabytes, result))

    print("| input | MB | solve s | solve MiB | reference s | reference MiB | floor s | floor MiB "
          "| reference / solve | solve / floor |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, megabytes, result in rows:
        solve_s, solve_mib = result["solve"]
        ref = result.get("reference")
        base = result.get("floor") or result.get("import numpy")
        base_label = "" if "floor" in result else " (import numpy)"
        print(
            f"| {name} | {megabytes:.1f} | {solve_s:.3f} | {solve_mib:.0f} "
            f"| {f'{ref[0]:.3f}' if ref else '-'} | {f'{ref[1]:.0f}' if ref else '-'} "
            f"| {base[0]:.3f}{base_label} | {base[1]:.0f} "
            f"| {f'{ref[0] / solve_s:.2f}x' if ref else '-'} | {solve_s / base[0]:.2f}x |"
        )

    print()
    print("| target | measured | met |")
    print("|---|---:|:---:|")

    def target(label, value, limit, higher_is_better=False, unit="x"):
        met = value >= limit if higher_is_better else value <= limit
        print(f"| {label} | {value:.2f}{unit} | {'yes' if met else 'NO'} |")

    if "K=10 d=10^6" in results:
        big = results["K=10 d=10^6"]
        target("K=10 d=10^6: reference / solve >= 2.0", big["reference"][0] / big["solve"][0], 2.0, True)
        target("K=10 d=10^6: solve / floor <= 1.25", big["solve"][0] / big["floor"][0], 1.25)
        target("K=10 d=10^6: solve peak memory <= 160 MiB", big["solve"][1], 160, unit=" MiB")
    if "K=40 d=2*10^5" in results:
        growth = results["K=40 d=2*10^5"]["solve"][1] / results["K=2 d=2*10^5"]["solve"][1] - 1
        target("d=2*10^5: memory growth K=2 -> K=40 <= 15%", 100 * growth, 15, unit="%")
    seed = results["seed example"]
    target("seed example: solve / import numpy <= 1.20", seed["solve"][0] / seed["import numpy"][0], 1.20)


if __name__ == "__main__":
    main()
