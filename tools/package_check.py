"""Write the problem packages, then check them with the judges' own tools (`make package-check`).

    python -m tools.package_check [ROOT] [--problem NAME]    # build the packages under ROOT (build/),
                                                             # then check them: every problem's, or NAME's

The packages are what `make package` writes (packages/build_package.py), for each problem under
problems/. This installs problemtools and BAPCtools, pinned, into venvs of their own (build/judges/,
never the project's .venv), and Debian's pypy3 and TeX if they are missing (as root), then runs:

1. problemtools' verifyproblem on the Kattis zip, unpacked, with the
   package's time limit fixed: config, validators, data and submissions
   (every accepted submission, Python and C++, Accepted on every case, each
   wrong answer Wrong Answer, each too slow one Time Limit Exceeded, each
   one of run_time_error/ Run Time Error: JUDGED), then the wrong answers
   and the run-time errors again on data/secret alone: the secret data by
   itself catches every mistake;
2. BAPCtools on a copy of the 2025-09 package: bt generate (data/ removed
   first; it must write the same bytes again), bt validate, bt run (each
   submission the verdict of its folder, JUDGED) and bt constraints;
3. the statements: problem2pdf and problem2html on the legacy package, bt pdf
   on the 2025-09 one, each read back (tools/render.py) into
   build/statements/SHORTNAME/; rendered again only when what they are made of
   changed (STAMP);
4. the DOMjudge zip, by DOMjudge's import rules (tools/domjudge_rules.py), and
   its problem.html read back as the others.

Each tool judges with its own limits: the too slow submissions run until the
judge's own timeout (problemtools: the time limit times time_limit_to_tle;
bt: that and a second), on the cases before the first one they fail, no longer.

It fails on any error, and on any warning not listed in ACCEPTED_WARNINGS
with its reason. DMOJ's judge checks the DMOJ directory: `make dmoj-check`.
PyPy's nursery is this host's as practice/pypy.py decides it.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from packages import build_package, statement
from packages.formats import kattis as kattis_format
from tools import domjudge_rules, render
from tools.installs import base_python, ensure_pypy, ensure_venv, lock

ROOT = Path(__file__).resolve().parent.parent

# Warnings the checks may print, each with its reason; any other warning fails `make package-check`.
ACCEPTED_WARNINGS = {
    "problemtools": {},
    "bapctools": {},
    "problem2html": {
        # plasTeX says each time that it has no Python version of problemset.cls, and loads the LaTeX one.
        "No Python version of problemset.cls": "plasTeX's notice, on every problemtools statement",
        "Will now try to load a LaTeX implementation": "the same notice, its second line",
        # No pdf2svg or dvisvgm: plasTeX needs one only to turn images into SVG, and there are none.
        "Could not find a valid vector imager": "only images need one; the statement has none",
    },
}


def check_report(tool, label, report, status):
    """Raise SystemExit on a failed run or a warning not in ACCEPTED_WARNINGS[tool]."""
    warnings = [line.strip() for line in report.splitlines() if re.match(r"\s*WARNING", line)]
    unexpected = [w for w in warnings if not any(accepted in w for accepted in ACCEPTED_WARNINGS[tool])]
    if status != 0 or unexpected:
        raise SystemExit("%s failed on %s (status %d): %s" % (tool, label, status, unexpected or "see above"))


# The verdict each folder of submissions (packages/formats/kattis.VERDICTS) must get from problemtools
# and BAPCtools, as both print it, and in words. Both know these four folders by their names
# (problemtools' model/submissions.py, BAPCtools' config/submissions.yaml: run_time_error/ is AC or
# RTE on every case, RTE on one). Both judge a submission until its first case that is not AC, whose
# verdict must be the folder's.
JUDGED = {"accepted": ("AC", "Accepted"), "wrong_answer": ("WA", "Wrong Answer"),
          "time_limit_exceeded": ("TLE", "Time Limit Exceeded"), "run_time_error": ("RTE", "Run Time Error")}
MISTAKES = ("wrong_answer", "run_time_error")  # judged again on data/secret alone: it must catch each


# --------------------------------------------------------- problemtools ---


def judged(report, verdict, code):
    """Return the file names of submissions/VERDICT/ that problemtools' report judged CODE (AC, WA, TLE,
    RTE)."""
    return sorted(re.findall(r"\b%s/([\w.-]+) .* OK: %s\b" % (verdict, code), report))


def _verifyproblem(command, label, args, problem, folders=MISTAKES):
    """Run verifyproblem with args; return its report, or raise SystemExit on an error, a new warning,
    or a submission of one of the folders not judged as JUDGED says."""
    print("verifyproblem: %s" % label, file=sys.stderr, flush=True)
    started = time.monotonic()
    done = subprocess.run([command, *args], capture_output=True, text=True)
    report = done.stdout + done.stderr
    print(report, file=sys.stderr, flush=True)
    print("verifyproblem: %s: %.1f s" % (label, time.monotonic() - started), file=sys.stderr, flush=True)
    summary = re.search(r"tested: (\d+) errors?, (\d+) warnings?", report)
    check_report("problemtools", label, report, done.returncode)
    if summary is None or summary.group(1) != "0":
        raise SystemExit("verifyproblem failed on %s: see above" % label)
    for verdict in folders:
        code = JUDGED[verdict][0]
        if judged(report, verdict, code) != sorted(problem.submissions(verdict)):
            raise SystemExit("verifyproblem did not judge every submission of %s/ %s on %s: only %s"
                             % (verdict, code, label, judged(report, verdict, code)))
    return report


def verify_legacy(out, problem):
    """Run problemtools' verifyproblem on the legacy package; raise SystemExit on an error or new warning."""
    ensure_pypy(install=True)  # problemtools runs .py submissions and validators with pypy3, as Kattis does
    python = ensure_venv("problemtools", base_python(), lock("problemtools"))
    command = str(Path(python[0]).parent / "verifyproblem")
    # The package's limit, fixed: verifyproblem warns (and this check fails) if the slowest accepted
    # run times time_multiplier is over it, that is, if the rule would give more on this machine.
    seconds = problem.time_limit_s
    fixed = ["--fixed_timelim", str(seconds)]
    report = _verifyproblem(command, "all but the statement",
                            [str(out), "-p", "config", "validators", "data", "submissions", *fixed], problem,
                            JUDGED)
    if not re.search(r"setting timelim to %d secs" % seconds, report):
        raise SystemExit("verifyproblem did not judge with the time limit of %d s" % seconds)
    # -s is a regular expression searched in each submission's path (wrong_answer/NAME.py).
    secret_only = ["-p", "submissions", "-s", "^(%s)/" % "|".join(MISTAKES), "-d", "secret", *fixed]
    _verifyproblem(command, "the wrong answers and run-time errors on data/secret alone",
                   [str(out), *secret_only], problem)
    print("verifyproblem: %s passes: %s; every mistake is Wrong Answer%s on the secret data alone"
          % (out, verdicts(problem), " or Run Time Error" if problem.submissions("run_time_error") else ""),
          file=sys.stderr)


# ------------------------------------------------------------ BAPCtools ---


def bt_environment(root):
    """Return the environment bt runs in. bt remembers every problem's uuid under $XDG_CONFIG_HOME and
    warns when another folder on this machine has the same one: each build folder keeps its own memory
    (the checked copies always lie at the same place in it)."""
    return {**os.environ, "XDG_CONFIG_HOME": str(Path(root).resolve() / "bapctools-config")}


def _bt(bt, folder, action, *options):
    """Run `bt ACTION` in the package folder; return its report, after checking status and warnings."""
    print("bt %s: %s" % (action, folder), file=sys.stderr, flush=True)
    started = time.monotonic()
    # Two jobs, one per core (bt's default is half the cores): bt validate takes half the time.
    done = subprocess.run([bt, action, "--no-bar", "--jobs", "2", *options], cwd=folder, capture_output=True,
                          text=True, env=bt_environment(folder.parent.parent))
    report = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout + done.stderr)  # colours off
    print(report, file=sys.stderr, flush=True)
    print("bt %s: %.1f s" % (action, time.monotonic() - started), file=sys.stderr, flush=True)
    if re.search(r"^\s*ERROR|^\s*FATAL", report, re.M):
        raise SystemExit("bt %s reported an error: see above" % action)
    check_report("bapctools", "bt " + action, report, done.returncode)
    return report


def bt_generate(bt, out):
    """Run bt generate on the 2025-09 package with its data/ removed; raise SystemExit unless it wrote
    every file that `make package` wrote, byte for byte, and nothing else."""
    data = out / "data"
    contents = lambda: {path.relative_to(data): path.read_bytes()  # noqa: E731
                        for path in data.rglob("*") if path.is_file()}
    written = contents()
    shutil.rmtree(data)
    _bt(bt, out, "generate")
    generated = contents()
    differ = sorted(str(name) for name in set(written) | set(generated)
                    if written.get(name) != generated.get(name))
    if differ:
        raise SystemExit("bt generate wrote other data than build_package from generators.yaml: %s" % differ)
    print("bt generate: %d files of data/, byte for byte the ones the legacy and DMOJ packages hold"
          % len(generated), file=sys.stderr)


def bt_judged(report, verdict, code):
    """Return the file names of submissions/VERDICT/ that bt run's report judged CODE (AC, WA, TLE, RTE):
    its line for each submission, `VERDICT/NAME: CODE TIME @ CASE` (colours off)."""
    return sorted(set(re.findall(r"\b%s/([\w.-]+?):?\s+%s\b" % (verdict, code), report)))


def verify_current(out, problem):
    """Run BAPCtools on the 2025-09 package: bt generate (the same data), validate, run and constraints;
    raise SystemExit on failure. Return the bt command."""
    ensure_pypy(install=True)  # bt runs .py submissions with pypy3 too
    python = ensure_venv("bapctools", base_python(), lock("bapctools"))
    bt = str(Path(python[0]).parent / "bt")
    bt_generate(bt, out)
    _bt(bt, out, "validate")
    report = _bt(bt, out, "run")
    for verdict, (code, _) in JUDGED.items():
        got = bt_judged(report, verdict, code)
        if got != sorted(problem.submissions(verdict)):
            raise SystemExit("bt run: judged %s in %s/: %s, not every one of %s"
                             % (code, verdict, got, sorted(problem.submissions(verdict))))
    _bt(bt, out, "constraints")
    print("bapctools: %s passes bt generate, validate, run and constraints" % out, file=sys.stderr)
    return bt


# ----------------------------------------------------- statements, DOMjudge ---


STAMP = ".stamp"  # in build/statements/SHORTNAME/: the digest of what its statements were rendered from


def statement_sources(legacy, current, problem):
    """Return the digest of everything the rendered statements and their check depend on: each package's
    problem.yaml, statement and samples, what the check expects to read, the renderers' locks and TeX's
    Debian versions, and this code."""
    digest = hashlib.sha256()
    for folder in (legacy, current):
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder).as_posix()
            if path.is_file() and (relative == "problem.yaml" or relative.startswith(
                    ("problem_statement/", "statement/", "data/sample/"))):
                digest.update(b"%s\0%s\0" % (relative.encode(), path.read_bytes()))
    title = statement.read(problem.statement)[0]
    for math in (False, True):
        digest.update(repr(render.expected(title, problem.sample_pairs(), problem.validate, math)).encode())
    for path in (lock("problemtools"), lock("bapctools"), Path(render.__file__), Path(__file__)):
        digest.update(path.read_bytes())
    versions = subprocess.run(["dpkg-query", "-W", *render.TEX_PACKAGES], capture_output=True, text=True)
    digest.update(versions.stdout.encode())
    return digest.hexdigest()


def render_statements(root, legacy, current, bt, problem):
    """Render both packages' statements with the judges' tools and check them (tools/render.py), into
    root/statements/SHORTNAME/; unless they were rendered and checked there from the same sources."""
    render.install()
    out = root / "statements" / problem.shortname
    digest = statement_sources(legacy, current, problem)
    kept = [out / name for name in (STAMP, "legacy.pdf", "legacy-html/index.html", "2025-09.pdf")]
    if all(path.is_file() for path in kept) and (out / STAMP).read_text() == digest:
        print("render: %s: the statements were rendered and checked from the same sources (%s): not again"
              % (out, STAMP), file=sys.stderr)
        return
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    title, _ = statement.read(problem.statement)
    samples, bounds = problem.sample_pairs(), problem.validate
    problemtools = ROOT / "build" / "judges" / "problemtools" / "bin"
    legacy_pdf, legacy_png, report = render.render_legacy(legacy, problemtools, title, samples, out, bounds)
    check_report("problem2html", "the legacy statement", report, 0)
    pdf, png = render.render_current(current, bt, bt_environment(root), title, samples, out, bounds)
    (out / STAMP).write_text(digest)
    print("render: %s and %s (page 1: %s, %s), and %s/legacy-html: title, Input, constraints, Output,"
          " samples, in order" % (legacy_pdf, pdf, legacy_png, png, out), file=sys.stderr)


def verify_domjudge(root, problem):
    """Check the DOMjudge zip by DOMjudge's importer's rules (tools/domjudge_rules.py), and its HTML
    statement as tools/render.py checks the others (into root/statements/SHORTNAME/)."""
    title = statement.read(problem.statement)[0]
    target = root / "domjudge" / (problem.shortname + ".zip")
    kind, page = check_domjudge(target, problem.test_data(), title, problem)
    out = root / "statements" / problem.shortname
    out.mkdir(parents=True, exist_ok=True)
    (out / "domjudge.html").write_bytes(page)
    render.check("domjudge", render.html_text_of(page.decode("utf-8"), inline=True),
                 render.expected(title, problem.sample_pairs(), problem.validate), out)
    return target


# DOMjudge's language of each submission's suffix (its default languages), and the result it expects of
# each folder of submissions (SubmissionService::normalizeExpectedResult: run_time_error is RUN-ERROR,
# what DOMjudge judges a program that exits with a nonzero status, as Python does on an exception).
DOMJUDGE_LANGUAGES = {".py": "py3", ".cpp": "cpp"}
DOMJUDGE_RESULTS = {"accepted": "CORRECT", "wrong_answer": "WRONG-ANSWER", "time_limit_exceeded": "TIMELIMIT",
                    "run_time_error": "RUN-ERROR"}


def check_domjudge(path, pairs, title, problem):
    """Raise SystemExit unless DOMjudge 9.0.0 and main would import the zip at path as intended: the
    name, both limits, the default compare with the problem's tolerance as its arguments, an HTML
    statement, every test case in order, and each jury submission's language and verdict.
    Return the statement: (its type, its bytes)."""
    wanted_jury = sorted(("submissions/%s/%s" % (verdict, name), DOMJUDGE_LANGUAGES[Path(name).suffix],
                          [result])
                         for verdict, result in DOMJUDGE_RESULTS.items()
                         for name in problem.submissions(verdict))
    flags = kattis_format.validator_flags(problem)
    wanted_cases = [(rank, name.startswith("sample/"), name.split("/", 1)[1], given, answer)
                    for rank, (name, (given, answer)) in enumerate(pairs.items(), 1)]
    seconds, mib = problem.time_limit_s, problem.memory_limit_mib
    for version in domjudge_rules.VERSIONS:
        got = domjudge_rules.read(path, version)
        wrong = [what for what, ok in [
            ("imported", got.problem and not got.danger and not got.warning),
            ("name %r" % got.name, got.name == title),
            ("short name %r" % got.externalid, got.externalid == problem.shortname),
            ("time limit %s s" % got.timelimit, got.timelimit == seconds),
            ("memory limit %s KiB" % got.memlimit_kib, got.memlimit_kib == mib * 1024),
            ("compare %s" % got.compare, got.compare == "default"),
            ("compare arguments %r" % got.compare_args, got.compare_args == flags),
            ("statement %s" % (got.statement[:1],), got.statement[:1] == ("html",)),
            ("test cases %s" % [case[2] for case in got.testcases], got.testcases == wanted_cases),
            ("jury submissions %s" % got.jury, sorted(got.jury) == wanted_jury)] if not ok]
        if wrong:
            raise SystemExit("DOMjudge %s would import %s otherwise: %s; danger %s, warning %s"
                             % (version, path, wrong, got.danger, got.warning))
    print("domjudge: %s imports as intended by DOMjudge %s's rules: %r, %d s, %d MiB, compare %s,"
          " problem.html, %d test cases, %d jury submissions (%s)"
          % (path, " and ".join(domjudge_rules.VERSIONS), title, seconds, mib,
             "with %r" % flags if flags else "without arguments", len(pairs), len(wanted_jury),
             ", ".join(sorted({"%s %s" % (language, results[0]) for _, language, results in wanted_jury}))),
          file=sys.stderr)
    return got.statement


def check(root, problem):
    """Build problem's packages under root, then check them all; raise SystemExit at the first failure."""
    legacy, current, _ = build_package.build(root, problem)
    # problemtools checks what Kattis gets: the zip, unpacked.
    unpacked = root / "kattis" / "unpacked"
    shutil.rmtree(unpacked, ignore_errors=True)
    with zipfile.ZipFile(root / "kattis" / (problem.shortname + ".zip")) as kattis:
        kattis.extractall(unpacked)
    verify_legacy(unpacked / problem.shortname, problem)
    # bt writes into the package it checks (bt generate, bt pdf): it gets a copy, not the upload.
    checked = root / "2025-09-checked" / problem.shortname
    shutil.rmtree(checked, ignore_errors=True)
    shutil.copytree(current, checked)
    bt = verify_current(checked, problem)
    render_statements(root, unpacked / problem.shortname, checked, bt, problem)
    verify_domjudge(root, problem)
    print("package-check: %s: every package passes its judge's tools; under problemtools and BAPCtools %s;"
          " DOMjudge would import its zip as intended" % (problem.shortname, verdicts(problem)),
          file=sys.stderr)


def verdicts(problem):
    """Return, in words, the verdict each kind of the problem's submissions must get, naming them."""
    said = []
    for verdict, (_, what) in JUDGED.items():
        names = list(problem.submissions(verdict))
        if not names:
            continue
        listed = ", ".join(names) if verdict != "wrong_answer" else "each of the %d mistakes" % len(names)
        said.append("%s %s" % (listed, what))
    return "; ".join(said)


def main(argv=None):
    started = time.monotonic()
    root, every = build_package.arguments(argv, __doc__.splitlines()[0])
    for problem in every:
        began = time.monotonic()
        check(root, problem)
        print("package-check: %s: %.0f s" % (problem.shortname, time.monotonic() - began), file=sys.stderr)
    for problem in every:
        print(build_package.uploads(root, problem))
    print("package-check: %s in %.0f s" % (", ".join(problem.shortname for problem in every),
                                          time.monotonic() - started), file=sys.stderr)


if __name__ == "__main__":
    main()
