"""What DOMjudge's importer makes of a problem zip: its rules, read from its own source, as code.

DOMjudge imports a zip in ``ImportProblemService::importZippedProblem``
(webapp/src/Service/ImportProblemService.php) and in
``SubmissionService::getExpectedResults``/``normalizeExpectedResult`` (jury
submissions). This module follows those two files of DOMjudge 9.0.0 (tag
9.0.0, 2025-10-05, its newest release) and of its main branch at a023fd3
(2026-04-24), for a new problem imported into a contest by a jury user with a
team, with DOMjudge's default languages (LanguageFixture: ``.py`` is Python 3,
run with pypy3). DOMjudge itself, PHP with Symfony and a database, does not
run here; `make package-check` (tools/package_check.py) checks the zip that `make package`
wrote (packages/formats/domjudge.py) with this reading of it. The rules:

- the zip's root holds ``domjudge-problem.ini`` or ``problem.yaml``, or nothing is imported;
- the problem's external id and short name are the zip's basename, [a-zA-Z0-9-_] only;
- its name is ``name`` in ``problem.yaml`` (a string, or a map: ``en`` or the
  first), else ``name`` in the ini, else the short name;
- its time limit is ``timelimit`` in the ini, else the ``.timelimit`` file,
  else 10 s; main also reads ``limits.time_limit`` in ``problem.yaml``, refuses
  a ``.timelimit`` that is not a number, and refuses the zip when ``.timelimit``
  and the limit it settled on differ;
- its memory limit is ``limits.memory`` of ``problem.yaml`` (MiB), in KiB; else
  DOMjudge's default (2 GiB);
- ``validation: default`` (or none) with no ``output_validators/`` uses
  DOMjudge's default compare; a custom one must be in the zip;
- ``validator_flags`` in ``problem.yaml`` become the compare's arguments
  (``special_compare_args``): DOMjudge's default compare is the Kattis default
  output validator (sql/files/defaultdata/compare/compare.cc), which takes
  ``float_tolerance EPS`` as problemtools' does;
- the statement is the first of problem_statement/problem.pdf, .html, .txt,
  then problem.pdf, .html, .txt at the root; none at all is allowed;
- test cases: every data/sample/**.in, then every data/secret/**.in, that has
  its .ans beside it, each group sorted by name; an .in without .ans is
  skipped; a CR in either is warned about;
- jury submissions: each submissions/DIR/FILE, its language by the file's
  extension, its expected result DIR upper-cased (accepted is CORRECT,
  wrong_answer WRONG-ANSWER, time_limit_exceeded TIMELIMIT, run_time_error
  RUN-ERROR: RESULT_REMAP), unless an ``@EXPECTED_RESULTS@: `` line
  in the source says otherwise, which must then include it; a file of no
  known language is warned about and not submitted.
"""

import re
from configparser import ConfigParser
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from zipfile import ZipFile

import yaml

VERSIONS = ("9.0.0", "main")
DEFAULT_TIMELIMIT = 10
# SubmissionService::PROBLEM_RESULT_REMAP and ::PROBLEM_RESULT_MATCHSTRING
RESULT_REMAP = {"ACCEPTED": "CORRECT", "WRONG_ANSWER": "WRONG-ANSWER", "TIME_LIMIT_EXCEEDED": "TIMELIMIT",
                "RUN_TIME_ERROR": "RUN-ERROR", "COMPILER_ERROR": "COMPILER-ERROR", "NO_OUTPUT": "NO-OUTPUT",
                "OUTPUT_LIMIT": "OUTPUT-LIMIT"}
MATCHSTRINGS = ("@EXPECTED_RESULTS@: ", "@EXPECTED_SCORE@: ")
# LanguageFixture's languages that a fresh DOMjudge allows submitting: langid, extensions
LANGUAGES = {"c": ["c"], "cpp": ["cpp", "cc", "cxx", "c++"], "java": ["java"], "py3": ["py"]}


@dataclass
class Imported:
    """The problem as DOMjudge would store it, or ``problem`` None and the reason in danger."""

    problem: bool = False
    externalid: str = ""
    name: str = ""
    timelimit: float = DEFAULT_TIMELIMIT
    memlimit_kib: object = None  # None: DOMjudge's default
    compare: str = "default"
    compare_args: str = ""  # special_compare_args: problem.yaml's validator_flags
    statement: tuple = ()  # (type, bytes), or () for none
    testcases: list = field(default_factory=list)  # (rank, sample, name, input, answer)
    jury: list = field(default_factory=list)  # (path, langid, [expected results])
    info: list = field(default_factory=list)
    warning: list = field(default_factory=list)
    danger: list = field(default_factory=list)


def normalize(result):
    """SubmissionService::normalizeExpectedResult."""
    result = result.strip().upper()
    return RESULT_REMAP.get(result, result)


def expected_results(source):
    """SubmissionService::getExpectedResults: None without an annotation, False if it is ambiguous."""
    found = None
    for pattern in MATCHSTRINGS:
        at = source.lower().find(pattern.lower())
        if at >= 0:
            if source.lower().find(pattern.lower(), at + 1) >= 0 or found is not None:
                return False
            found = at + len(pattern)
    if found is None:
        return None
    end = source.find("\n", found)
    return [normalize(part) for part in source[found:end if end >= 0 else None].strip().upper().split(",")]


def ini(text):
    """parse_ini_string, for the flat ``key = value`` files DOMjudge reads: None if it is invalid."""
    parser = ConfigParser(interpolation=None)
    try:
        parser.read_string("[problem]\n" + text)
    except Exception:
        return None
    return {key: value.strip().strip('"') for key, value in parser["problem"].items()}


def read(path, version="9.0.0"):
    """Return what DOMjudge (VERSIONS) would import from the zip at path, as an Imported."""
    out = Imported(externalid=re.sub(r"[^a-zA-Z0-9-_]", "", PurePosixPath(str(path)).stem))
    with ZipFile(path) as archive:
        names = archive.namelist()
        files = {name: archive.read(name) for name in names if not name.endswith("/")}
    def text(name):
        return files[name].decode("utf-8", "replace")
    if "domjudge-problem.ini" not in files and "problem.yaml" not in files:
        out.danger.append("ZIP file contains neither domjudge-problem.ini nor problem.yaml")
        return out
    properties = {}
    if "domjudge-problem.ini" in files:
        properties = ini(text("domjudge-problem.ini"))
        if properties is None:
            out.warning.append("The given domjudge-problem.ini is invalid, ignoring.")
            properties = {}
    timelimit = properties.get("timelimit")
    from_file = None
    if ".timelimit" in files:
        from_file = text(".timelimit").strip()
        if version != "9.0.0":
            try:
                from_file = float(from_file)
            except ValueError:
                out.danger.append("Invalid time limit in .timelimit file: %s is not a valid number."
                                  % from_file)
                return out
        if timelimit is None:
            timelimit = from_file
    out.name = properties.get("name", out.externalid)
    out.timelimit = float(timelimit) if timelimit is not None else DEFAULT_TIMELIMIT
    data = yaml.safe_load(text("problem.yaml")) if "problem.yaml" in files else None
    validation = "default"
    if data:
        name = data.get("name")
        if isinstance(name, dict):
            name = name.get("en", next(iter(name.values())))
        if name is not None:
            out.name = name
        if data.get("validator_flags") is not None:
            out.compare_args = str(data["validator_flags"])
        if data.get("validation") in ("custom", "custom interactive", "custom multi-pass"):
            validation = data["validation"]
        limits = data.get("limits") or {}
        if "memory" in limits:
            out.memlimit_kib = 1024 * limits["memory"]
        if version != "9.0.0" and "time_limit" in limits:
            out.timelimit = float(limits["time_limit"])
    if version != "9.0.0" and from_file is not None and abs(out.timelimit - from_file) > 1e-9:
        out.danger.append("Conflicting time limits: .timelimit file specifies %s seconds, but problem.yaml"
                          " specifies %s seconds." % (from_file, out.timelimit))
        return out
    validators = [name for name in files if name.startswith(("output_validators/", "output_validator"))]
    if validators:
        out.compare = "custom: " + validators[0].rsplit("/", 1)[0]
    elif validation != "default":
        out.danger.append("Custom validator specified but not found.")
        return out
    for place in ("problem_statement/", ""):
        found = [kind for kind in ("pdf", "html", "txt") if "%sproblem.%s" % (place, kind) in files]
        if found:
            out.statement = (found[0], files["%sproblem.%s" % (place, found[0])])
            out.info.append("Added/updated problem statement from: %sproblem.%s" % (place, found[0]))
            break
    out.problem = True
    for kind in ("sample", "secret"):
        prefix = "data/%s/" % kind
        cases = sorted(name[len(prefix):-3] for name in files
                       if name.startswith(prefix) and name.endswith(".in") and name[:-3] + ".ans" in files)
        for case in cases:
            given, answer = files[prefix + case + ".in"], files[prefix + case + ".ans"]
            for suffix, content in ((".in", given), (".ans", answer)):
                if b"\r" in content:
                    out.warning.append("Testcase file '%s%s%s' contains Windows newlines."
                                       % (prefix, case, suffix))
            out.testcases.append((len(out.testcases) + 1, kind == "sample", case, given, answer))
    if not out.testcases:
        out.danger.append("No testcases present, disabling submitting for this problem")
    unknown = []
    for name in names:
        parts = name.split("/")
        if parts[0] != "submissions" or len(parts) != 3 or not parts[2]:
            continue  # directories, and multi-file submissions (none here)
        extension = parts[2].rsplit(".", 1)[-1] if "." in parts[2] else None
        language = next((lang for lang, extensions in LANGUAGES.items() if extension in extensions), None)
        if language is None:
            unknown.append("'%s'" % name)
            continue
        wanted, results = normalize(parts[1]), expected_results(text(name))
        if results is None or results is False:
            results = [wanted]
        elif wanted not in results:
            out.danger.append("Annotated result '%s' does not match directory for %s"
                              % (", ".join(results), name))
        else:
            if len(results) > 1:
                out.warning.append("Annotated results '%s' restricted to match directory for %s"
                                   % (", ".join(results), name))
            results = [wanted]
        out.jury.append((name, language, results))
    if unknown:
        out.warning.append("Could not add jury solution(s) due to unknown language: %s" % ", ".join(unknown))
    return out
