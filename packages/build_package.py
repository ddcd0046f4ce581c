"""Write the problem packages from one source (`make package`), then check them (`make package-check`).

    python -m packages.build_package build            # write the packages below, under build/, and list them
    python -m packages.build_package build --check    # then check them with the judges' own tools

Writes, from scratch each time, from the same data, statement and programs,
with nothing but this Python (no judge's tool, no TeX):

    gradientaccumulation/            the legacy Kattis format: Kattis, problemtools
    kattis/gradientaccumulation.zip  that folder zipped, for Kattis
    2025-09/gradientaccumulation/    the current ICPC format, 2025-09: BAPCtools
    domjudge/gradientaccumulation.zip  what DOMjudge reads, the statement as problem.html
    dmoj/gradientaccumulation/       a DMOJ problem directory: init.yml, the checker tokens.py, the data
    dmoj/gradientaccumulation.zip    the DMOJ data alone, for the site's test data form
    dmoj/statement.md, dmoj/SETUP.md the statement in DMOJ's Markdown; the admin's steps and limits

The statement is problems/gradientaccumulation/statement.md, turned into LaTeX, DMOJ's Markdown and HTML
(packages/statement.py). The data is problems/gradientaccumulation/generators/generators.yaml:
every case a gen.py command line, a text, or a copy of samples/NAME.in (the
three samples); answers by problems/gradientaccumulation/reference.py. Every input must pass the
input validator (problems/gradientaccumulation/validators/validate.py), every answer the answer validator
(problems/gradientaccumulation/validators/validate_answer.py), and every input of data/invalid_input/ (2025-09
only) must fail the input validator: this script checks all three itself.
The accepted submissions are solve.py, byte for byte, the naive solution
(submissions/accepted/naive.py in the problem's folder) and the right answer with loose spacing; the wrong
answers
are the classic mistakes (packages/wrong_answers.py). Every format states the
same time and memory limit (TIME_LIMIT_S, MEMORY_LIMIT_MIB): build() checks
the files it wrote.

--check installs problemtools and BAPCtools, pinned, into venvs of their own
(build/judges/, never the project's .venv), and Debian's pypy3 and TeX if
they are missing (as root), then runs:

1. problemtools' verifyproblem on the Kattis zip, unpacked, with the
   package's time limit fixed: config, validators, data and submissions
   (every accepted submission Accepted on every case, each wrong answer Wrong
   Answer), then the wrong answers again on data/secret alone: the secret
   data by itself catches every mistake;
2. BAPCtools on a copy of the 2025-09 package: bt generate (data/ removed
   first; it must write the same bytes again), bt validate, bt run and bt
   constraints;
3. the statements: problem2pdf and problem2html on the legacy package, bt pdf
   on the 2025-09 one, each read back (packages/render.py) into build/statements/;
4. the DOMjudge zip, by DOMjudge's import rules (packages/domjudge.py), and
   its problem.html read back as the others.

It fails on any error, and on any warning not listed in ACCEPTED_WARNINGS
with its reason. DMOJ's judge checks the DMOJ directory: `make dmoj-check`.
PyPy's nursery is this host's as practice/pypy.py decides it.
"""

import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from packages import render, statement
from packages.problem import Problem

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

PROBLEM = Problem.named()
SHORTNAME = PROBLEM.shortname
UUID = PROBLEM.uuid
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

TIME_LIMIT_S = PROBLEM.time_limit_s
MEMORY_LIMIT_MIB = PROBLEM.memory_limit_mib
AC_TO_TIME_LIMIT = PROBLEM.ac_to_time_limit
MEMORY_FACTOR = PROBLEM.memory_factor
TIME_LIMIT_TO_TLE = PROBLEM.time_limit_to_tle
AUTHORS, SOURCE, LICENSE, CREDIT = PROBLEM.authors, PROBLEM.source, PROBLEM.license, PROBLEM.credit
rules, data_entries, copied, copies, samples = (PROBLEM.rules, PROBLEM.data_entries, PROBLEM.copied,
                                                PROBLEM.copies, PROBLEM.samples)
cases, invalid_inputs, sample_pairs, test_data = (PROBLEM.cases, PROBLEM.invalid_inputs, PROBLEM.sample_pairs,
                                                  PROBLEM.test_data)
data_sources, accepted = PROBLEM.data_sources, PROBLEM.accepted


# The rights, as both Kattis-style formats spell them.
RIGHTS = """\
source: %s
license: %s
rights_owner: %s
""" % (SOURCE, LICENSE, AUTHORS)

LEGACY_YAML = ("uuid: %s\nauthor: %s\n" % (UUID, AUTHORS)) + RIGHTS + """\
# No validator flags: the default output validator compares the output token by token, whitespace
# ignored, so a wrongly rounded last digit and -0.0000 are both Wrong Answer.
validation: default
# The legacy format has no fixed time limit: problemtools and Kattis take the slowest accepted
# run (solve.py, naive.py) times time_multiplier, rounded up to a whole second. On a machine like
# ours that is %d s; `make package-check` checks it with verifyproblem --fixed_timelim %d.
limits:
  time_multiplier: %g
  time_safety_margin: %d
  memory: %d
""" % (TIME_LIMIT_S, TIME_LIMIT_S, AC_TO_TIME_LIMIT, TIME_LIMIT_TO_TLE, MEMORY_LIMIT_MIB)

# name and uuid are filled in by build().
CURRENT_YAML = "problem_format_version: 2025-09\ntype: pass-fail\nname: %s\nuuid: %s\n" + (
    "credits:\n  authors: %s\n" % AUTHORS) + RIGHTS + """\
# The default output validator with no flags compares the output token by token, whitespace
# ignored, so a wrongly rounded last digit and -0.0000 are both Wrong Answer.
limits:
  time_limit: %d
  time_multipliers:
    ac_to_time_limit: %g
    time_limit_to_tle: %d
  memory: %d
""" % (TIME_LIMIT_S, AC_TO_TIME_LIMIT, TIME_LIMIT_TO_TLE, MEMORY_LIMIT_MIB)

DMOJ_YAML_HEAD = """\
# DMOJ problem data for %s: SETUP.md beside this file says how to install it.
# tokens.py compares the output with the answer token by token, as Kattis',
# BAPCtools' and DOMjudge's default validators do: spacing and line ends
# between values are ignored, each value's text is not (-0.0000 is wrong).
# The samples are worth nothing and the secret data is one batch: pass or fail.
# Time limit: %d s, memory limit: %d KB; DMOJ keeps them on the site, not
# here: enter them in the problem's form (SETUP.md).
# Statement and data: CC BY-SA 4.0, %s.
checker: tokens.py
test_cases:
"""
# DMOJ's checker (a module with check(), as DMOJ's custom checkers are): the default validator's rule.
DMOJ_CHECKER = '''"""Compare the output with the answer token by token, whitespace ignored, as Kattis does."""


def check(process_output, judge_output, **kwargs):
    return process_output.split() == judge_output.split()
'''

def write(folder, name, data):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def write_common(out, pairs):
    """Write the data and the submissions, the same in both Kattis-style formats."""
    for name, (text, answer) in pairs.items():
        write(out, "data/%s.in" % name, text)
        write(out, "data/%s.ans" % name, answer)
    write(out, "input_validators/validate.py", PROBLEM.input_validator.read_bytes())
    for name, source in accepted().items():
        write(out, "submissions/accepted/%s.py" % name, source)
    for name, source in PROBLEM.wrong_answers().items():
        compile(source, name, "exec")
        write(out, "submissions/wrong_answer/%s.py" % name, source)


def build(root):
    """Write the three packages under the folder root, replacing what was there; return their folders."""
    pairs = test_data()
    title, _ = statement.read()
    legacy, current, dmoj = root / SHORTNAME, root / "2025-09" / SHORTNAME, root / "dmoj" / SHORTNAME
    for folder in (legacy, current, dmoj):
        if folder.exists():
            shutil.rmtree(folder)
    write(legacy, "problem.yaml", LEGACY_YAML)
    write(legacy, "problem_statement/problem.en.tex", statement.latex())
    write_common(legacy, pairs)

    write(current, "problem.yaml", CURRENT_YAML % (title, UUID))
    write(current, "statement/problem.en.tex", statement.latex())
    write_common(current, pairs)
    write(current, "answer_validators/validate_answer.py", PROBLEM.answer_validator.read_bytes())
    for name, text in invalid_inputs().items():
        write(current, "data/invalid_input/%s.in" % name, text)
    # The data's source, for bt generate: the same file and generator, and the samples they copy.
    write(current, "generators/generators.yaml", PROBLEM.generators.read_bytes())
    write(current, "generators/gen.py", (PROBLEM.folder / "generators" / "gen.py").read_bytes())
    for path in copies():
        write(current, "generators/%s.in" % path, copied(path).read_bytes())

    samples, secret = [], []
    for name, (text, answer) in pairs.items():
        flat = name.replace("/", "-")
        write(dmoj, flat + ".in", text)
        write(dmoj, flat + ".out", answer)
        if name.startswith("sample/"):
            samples.append("- {in: %s.in, out: %s.out, points: 0}\n" % (flat, flat))
        else:
            secret.append("  - {in: %s.in, out: %s.out}\n" % (flat, flat))
    head = DMOJ_YAML_HEAD % (SHORTNAME, TIME_LIMIT_S, MEMORY_LIMIT_MIB * 1024, AUTHORS)
    write(dmoj, "init.yml", head + "".join(samples) + "- points: 1\n  batched:\n" + "".join(secret))
    write(dmoj, "tokens.py", DMOJ_CHECKER)
    check_limits(legacy, current, dmoj)
    # What a setter uploads: the legacy folder zipped for Kattis (the folder inside, as the format
    # says), the DOMjudge zip, and the DMOJ data (the .in and .out files) for the site's test data form.
    archive(legacy, root / "kattis" / (SHORTNAME + ".zip"), SHORTNAME + "/")
    domjudge_zip(root, legacy, title)
    archive(dmoj, root / "dmoj" / (SHORTNAME + ".zip"), "", lambda path: path.suffix in (".in", ".out"))
    write(root / "dmoj", "statement.md", statement.dmoj_markdown(sample_pairs(), CREDIT))
    write(root / "dmoj", "SETUP.md", DMOJ_SETUP % {
        "code": SHORTNAME, "name": title, "seconds": TIME_LIMIT_S, "kb": MEMORY_LIMIT_MIB * 1024,
        "samples": len(samples), "secret": len(secret)})
    print("build_package: %s, %s, %s: %d test cases each" % (legacy, current, dmoj, len(pairs)),
          file=sys.stderr)
    return legacy, current, dmoj


# What DOMjudge reads of a legacy package (packages/domjudge.py): the rest stays out of its zip.
DOMJUDGE_READS = ("problem.yaml", "data/sample/", "data/secret/", "submissions/accepted/",
                  "submissions/wrong_answer/")


def domjudge_zip(root, legacy, title):
    """Write root/domjudge/SHORTNAME.zip from the legacy folder: what DOMjudge reads, with the problem's
    name in problem.yaml, the time limit in .timelimit and the statement as problem.html; return its path."""
    folder = root / "domjudge" / SHORTNAME
    shutil.rmtree(folder, ignore_errors=True)
    for path in sorted(legacy.rglob("*")):
        name = path.relative_to(legacy).as_posix()
        if path.is_file() and name.startswith(DOMJUDGE_READS):
            write(folder, name, path.read_bytes())
    write(folder, "problem.yaml", "name: %s\n" % title + LEGACY_YAML)
    write(folder, ".timelimit", "%d\n" % TIME_LIMIT_S)
    write(folder, "problem.html", statement.html(sample_pairs(), CREDIT))
    target = root / "domjudge" / (SHORTNAME + ".zip")
    archive(folder, target, "")
    shutil.rmtree(folder)
    return target


DMOJ_SETUP = """\
# Gradient Accumulation on a DMOJ site

DMOJ keeps a problem's name, limits and statement on the site, and its data
with the judges. Everything here comes from `make package`.

## 1. The problem, in the site's admin (Problems, Add problem)

| field | value |
|---|---|
| Problem code | `%(code)s` |
| Problem name | %(name)s |
| Time limit | %(seconds)d (seconds) |
| Memory limit | %(kb)d (KB) |
| Points | as your site scores a problem of this kind; the data is pass or fail |
| Allows partial points | off |
| Problem body | the whole of `statement.md`, as it is |
| Allowed languages | any; `solve.py` was judged under PY3 and PYPY3 |

The statement and the data are CC BY-SA 4.0: keep the credit line at the end of `statement.md`.

## 2. The data

Either copy the folder `%(code)s/` as it is into every judge's problem storage
(its `init.yml` names the checker `tokens.py` and the cases: %(samples)d samples
worth 0 points, then the %(secret)d secret cases as one batch worth 1 point),

or, on the site's page for the problem's test data (Edit test data):

1. upload `%(code)s.zip` (the `.in` and `.out` files) as the data archive;
2. checker: *Custom checker (PY)*, and upload `%(code)s/tokens.py` as its file;
3. the cases: the two `sample-*` cases first, each worth 0 points; then every
   `secret-*` case, in order, as one batch (a batch start before the first,
   a batch end after the last) worth 1 point.

## 3. Check it

Submit `solve.py` under PY3 or PYPY3: every case is AC. On a judge host whose
CPU reports a cache of more than 32 MiB, give PyPy `PYPY_GC_NURSERY=16M`
(docs/package.md in the project says why and how to tell).
"""


def archive(folder, target, prefix, keep=lambda path: True):
    """Write the files of folder that keep() keeps into the zip target, named prefix + their path,
    sorted and dated 1980-01-01, so that the same files give the same zip."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and keep(p)):
            entry = zipfile.ZipInfo(prefix + path.relative_to(folder).as_posix(), (1980, 1, 1, 0, 0, 0))
            entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            out.writestr(entry, path.read_bytes())


# --------------------------------------------------------------- limits ---


def stated_limits(legacy, current, dmoj):
    """Return {format: (time limit in s, or legacy's time_multiplier; memory in MiB)}, read from the files."""
    def number(pattern, path):
        found = re.findall(pattern, path.read_text(), re.M)
        if len(found) != 1:
            raise SystemExit("build_package: %s states %r %d times" % (path, pattern, len(found)))
        return float(found[0]) if "." in found[0] else int(found[0])
    return {
        "legacy": (number(r"^  time_multiplier: ([0-9.]+)$", legacy / "problem.yaml"),
                   number(r"^  memory: (\d+)$", legacy / "problem.yaml")),
        "2025-09": (number(r"^  time_limit: (\d+)$", current / "problem.yaml"),
                    number(r"^  memory: (\d+)$", current / "problem.yaml")),
        "dmoj": (number(r"^# Time limit: (\d+) s\b", dmoj / "init.yml"),
                 number(r"memory limit: (\d+) KB", dmoj / "init.yml") // 1024),
    }


def check_limits(legacy, current, dmoj):
    """Raise SystemExit unless every package states the one time limit and the one memory limit."""
    stated = stated_limits(legacy, current, dmoj)
    wanted = {"legacy": (AC_TO_TIME_LIMIT, MEMORY_LIMIT_MIB), "2025-09": (TIME_LIMIT_S, MEMORY_LIMIT_MIB),
              "dmoj": (TIME_LIMIT_S, MEMORY_LIMIT_MIB)}
    if stated != wanted:
        raise SystemExit("build_package: the packages state other limits: %s, not %s" % (stated, wanted))


# --------------------------------------------------------- problemtools ---


def check_report(tool, label, report, status):
    """Raise SystemExit on a failed run or a warning not in ACCEPTED_WARNINGS[tool]."""
    warnings = [line.strip() for line in report.splitlines() if re.match(r"\s*WARNING", line)]
    unexpected = [w for w in warnings if not any(accepted in w for accepted in ACCEPTED_WARNINGS[tool])]
    if status != 0 or unexpected:
        raise SystemExit("%s failed on %s (status %d): %s" % (tool, label, status, unexpected or "see above"))


def _verifyproblem(command, label, args):
    """Run verifyproblem with args; return its report, or raise SystemExit on an error, a new warning,
    or a wrong answer that was not judged Wrong Answer."""
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
    verdicts = re.findall(r"wrong_answer/(\w+)\.py .* OK: WA", report)
    if sorted(verdicts) != sorted(PROBLEM.wrong_answers()):
        raise SystemExit("verifyproblem did not judge every mistake WA on %s: %s" % (label, verdicts))
    return report


def verify_legacy(out):
    """Run problemtools' verifyproblem on the legacy package; raise SystemExit on an error or new warning."""
    from tools.installs import base_python, ensure_pypy, ensure_venv, lock

    ensure_pypy(install=True)  # problemtools runs .py submissions and validators with pypy3, as Kattis does
    python = ensure_venv("problemtools", base_python(), lock("problemtools"))
    command = str(Path(python[0]).parent / "verifyproblem")
    # The package's limit, fixed: verifyproblem warns (and this check fails) if the slowest accepted
    # run times time_multiplier is over it, that is, if the rule would give more on this machine.
    fixed = ["--fixed_timelim", str(TIME_LIMIT_S)]
    report = _verifyproblem(command, "all but the statement",
                            [str(out), "-p", "config", "validators", "data", "submissions", *fixed])
    if not re.search(r"setting timelim to %d secs" % TIME_LIMIT_S, report):
        raise SystemExit("verifyproblem did not judge with the time limit of %d s" % TIME_LIMIT_S)
    judged = re.findall(r"accepted/(\w+)\.py .* OK: AC", report)
    if sorted(judged) != sorted(accepted()):
        raise SystemExit("verifyproblem did not judge every accepted submission Accepted: %s" % judged)
    secret_only = ["-p", "submissions", "-s", "wrong_answer", "-d", "secret", *fixed]
    _verifyproblem(command, "the wrong answers on data/secret alone", [str(out), *secret_only])
    print("verifyproblem: %s passes, every mistake is Wrong Answer on the secret data alone" % out,
          file=sys.stderr)


# ------------------------------------------------------------ BAPCtools ---


def bt_environment():
    """Return the environment bt runs in. bt remembers every problem's uuid under $XDG_CONFIG_HOME and
    warns when another checkout on this machine has the same one: each clone keeps its own memory."""
    return {**os.environ, "XDG_CONFIG_HOME": str(ROOT / "build" / "judges" / "bapctools-config")}


def _bt(bt, folder, action, *options):
    """Run `bt ACTION` in the package folder; return its report, after checking status and warnings."""
    print("bt %s: %s" % (action, folder), file=sys.stderr, flush=True)
    started = time.monotonic()
    # Two jobs, one per core (bt's default is half the cores): bt validate takes half the time.
    done = subprocess.run([bt, action, "--no-bar", "--jobs", "2", *options], cwd=folder, capture_output=True,
                          text=True, env=bt_environment())
    report = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout + done.stderr)  # colours off
    print(report, file=sys.stderr, flush=True)
    print("bt %s: %.1f s" % (action, time.monotonic() - started), file=sys.stderr, flush=True)
    if re.search(r"^\s*ERROR|^\s*FATAL", report, re.M):
        raise SystemExit("bt %s reported an error: see above" % action)
    check_report("bapctools", "bt " + action, report, done.returncode)
    return report


def bt_generate(bt, out):
    """Run bt generate on the 2025-09 package with its data/ removed; raise SystemExit unless it wrote
    every file that build() wrote, byte for byte, and nothing else."""
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


def verify_current(out):
    """Run BAPCtools on the 2025-09 package: bt generate (the same data), validate, run and constraints;
    raise SystemExit on failure. Return the bt command."""
    from tools.installs import base_python, ensure_pypy, ensure_venv, lock

    ensure_pypy(install=True)  # bt runs .py submissions with pypy3 too
    python = ensure_venv("bapctools", base_python(), lock("bapctools"))
    bt = str(Path(python[0]).parent / "bt")
    bt_generate(bt, out)
    _bt(bt, out, "validate")
    report = _bt(bt, out, "run")
    judged = set(re.findall(r"accepted/(\w+)\.py:?\s+AC\b", report))
    wrong = set(re.findall(r"wrong_answer/(\w+)\.py:?\s+WA\b", report))
    if judged != set(accepted()) or wrong != set(PROBLEM.wrong_answers()):
        raise SystemExit("bt run: judged AC: %s; judged WA: %s of %s"
                         % (sorted(judged), sorted(wrong), sorted(PROBLEM.wrong_answers())))
    _bt(bt, out, "constraints")
    print("bapctools: %s passes bt generate, validate, run and constraints" % out, file=sys.stderr)
    return bt


# ----------------------------------------------------- statements, DOMjudge ---


def render_statements(root, legacy, current, bt):
    """Render both packages' statements with the judges' tools and check them (packages/render.py)."""
    render.install()
    out = root / "statements"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    title, _ = statement.read()
    problemtools = ROOT / "build" / "judges" / "problemtools" / "bin"
    legacy_pdf, legacy_png, report = render.render_legacy(legacy, problemtools, title, sample_pairs(), out)
    check_report("problem2html", "the legacy statement", report, 0)
    pdf, png = render.render_current(current, bt, bt_environment(), title, sample_pairs(), out)
    print("render: %s and %s (page 1: %s, %s), and %s/legacy-html: title, Input, constraints, Output,"
          " samples, in order" % (legacy_pdf, pdf, legacy_png, png, out), file=sys.stderr)


def verify_domjudge(root):
    """Check the DOMjudge zip by DOMjudge's importer's rules (packages/domjudge.py), and its HTML
    statement as render.py checks the others."""
    title = statement.read()[0]
    target = root / "domjudge" / (SHORTNAME + ".zip")
    kind, page = check_domjudge(target, test_data(), title)
    out = root / "statements"
    out.mkdir(parents=True, exist_ok=True)
    (out / "domjudge.html").write_bytes(page)
    render.check("domjudge", render.html_text_of(page.decode("utf-8"), inline=True),
                 render.expected(title, sample_pairs()), out)
    return target


def check_domjudge(path, pairs, title):
    """Raise SystemExit unless DOMjudge 9.0.0 and main would import the zip at path as intended: the
    name, both limits, a PDF statement, every test case in order, and each jury submission's verdict.
    Return the statement: (its type, its bytes)."""
    from packages import domjudge

    wanted_jury = sorted([("submissions/accepted/%s.py" % name, "py3", ["CORRECT"])
                          for name in sorted(accepted())]
                         + [("submissions/wrong_answer/%s.py" % name, "py3", ["WRONG-ANSWER"])
                            for name in PROBLEM.wrong_answers()])
    wanted_cases = [(rank, name.startswith("sample/"), name.split("/", 1)[1], given, answer)
                    for rank, (name, (given, answer)) in enumerate(pairs.items(), 1)]
    for version in domjudge.VERSIONS:
        got = domjudge.read(path, version)
        wrong = [what for what, ok in [
            ("imported", got.problem and not got.danger and not got.warning),
            ("name %r" % got.name, got.name == title),
            ("short name %r" % got.externalid, got.externalid == SHORTNAME),
            ("time limit %s s" % got.timelimit, got.timelimit == TIME_LIMIT_S),
            ("memory limit %s KiB" % got.memlimit_kib, got.memlimit_kib == MEMORY_LIMIT_MIB * 1024),
            ("compare %s" % got.compare, got.compare == "default"),
            ("statement %s" % (got.statement[:1],), got.statement[:1] == ("html",)),
            ("test cases %s" % [case[2] for case in got.testcases], got.testcases == wanted_cases),
            ("jury submissions %s" % got.jury, sorted(got.jury) == wanted_jury)] if not ok]
        if wrong:
            raise SystemExit("DOMjudge %s would import %s otherwise: %s; danger %s, warning %s"
                             % (version, path, wrong, got.danger, got.warning))
    print("domjudge: %s imports as intended by DOMjudge %s's rules: %r, %d s, %d MiB, problem.html,"
          " %d test cases, %d jury submissions" % (path, " and ".join(domjudge.VERSIONS), title, TIME_LIMIT_S,
                                                   MEMORY_LIMIT_MIB, len(pairs), len(wanted_jury)),
          file=sys.stderr)
    return got.statement


UPLOADS = """\
What to upload, and where (docs/package.md has the details):

  %(root)s/kattis/%(name)s.zip
      Kattis, and problemtools: the legacy package, the folder %(name)s/ zipped.
  %(root)s/2025-09/%(name)s/
      BAPCtools, and judges that read the ICPC 2025-09 format: the folder as it is.
  %(root)s/domjudge/%(name)s.zip
      DOMjudge: Problems, Import problem (jury), into your contest; the statement is problem.html.
  %(root)s/dmoj/SETUP.md
      DMOJ: the steps, with statement.md (the problem's body), %(name)s.zip
      (the data, for the site's form) and %(name)s/tokens.py (its checker),
      or the folder %(name)s/ for a judge's problem storage.
"""


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, nargs="?", default=ROOT / "build",
                        help="the folder to build the packages in (default: build/)")
    parser.add_argument("--check", action="store_true",
                        help="then check them with problemtools, BAPCtools and DOMjudge's rules, and render"
                             " the statements (make package-check: installs the tools and TeX)")
    arguments = parser.parse_args(argv)
    root = arguments.root
    legacy, current, _ = build(root)
    if arguments.check:
        # problemtools checks what Kattis gets: the zip, unpacked.
        unpacked = root / "kattis" / "unpacked"
        shutil.rmtree(unpacked, ignore_errors=True)
        with zipfile.ZipFile(root / "kattis" / (SHORTNAME + ".zip")) as kattis:
            kattis.extractall(unpacked)
        verify_legacy(unpacked / SHORTNAME)
        # bt writes into the package it checks (bt generate, bt pdf): it gets a copy, not the upload.
        checked = root / "2025-09-checked" / SHORTNAME
        shutil.rmtree(checked.parent, ignore_errors=True)
        shutil.copytree(current, checked)
        bt = verify_current(checked)
        render_statements(root, unpacked / SHORTNAME, checked, bt)
        verify_domjudge(root)
        print("package-check: every package passes its judge's tools; solve.py, naive.py and loose_spacing.py"
              " are Accepted and every mistake Wrong Answer under problemtools and BAPCtools, and DOMjudge"
              " would import its zip as intended", file=sys.stderr)
    print(UPLOADS % {"root": os.path.relpath(root), "name": SHORTNAME})


if __name__ == "__main__":
    main()
