"""A problem, as its folder under problems/ holds it: metadata, statement, data, validators, submissions.

    problem = Problem.named("gradientaccumulation")   # problems/gradientaccumulation/
    problem.time_limit_s, problem.memory_limit_mib    # from its problem.yaml
    problem.test_data()                               # {"sample/1" or "secret/NAME": (input, answer)}
    problem.accepted(), problem.wrong_answers()       # {name: source bytes} of its submissions

The folder is data: the product reads it and never writes it. Its programs (generators/gen.py,
validators/, reference.py, submissions/) import nothing of the project; this module imports them
by name, so that they run in this process. Each wrong submission is the one definition of a
mistake: its file name is the mistake's name, its docstring's first paragraph the sentence a
learner reads (practice/judge.py reads them).
"""

import functools
import importlib
import re
import shlex
from pathlib import Path

import yaml

from packages import cache

ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = ROOT / "problems"
DEFAULT = "gradientaccumulation"  # the problem `make check` and `make practice` judge
LANGUAGES = {".py": "Python 3", ".cpp": "C++"}  # the submissions' languages, by their files' suffix


def names():
    """Return the short names of the problems: the folders of problems/ that hold a problem.yaml."""
    return sorted(path.parent.name for path in PROBLEMS.glob("*/problem.yaml"))


class Problem:
    """One problem folder; every value is read from its files."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.meta = yaml.safe_load((self.folder / "problem.yaml").read_text(encoding="utf-8"))
        self.shortname = self.meta["shortname"]
        if self.shortname != self.folder.name:
            raise SystemExit("%s: its shortname is %r, not its folder's name" % (self.folder, self.shortname))
        self.uuid = self.meta["uuid"]
        rights, limits = self.meta["rights"], self.meta["limits"]
        self.authors, self.source, self.license, self.credit = (
            rights["authors"], rights["source"], rights["license"], rights["credit"])
        self.time_limit_s, self.memory_limit_mib = limits["time_s"], limits["memory_mib"]
        rule = limits["rule"]
        self.ac_to_time_limit, self.memory_factor, self.time_limit_to_tle = (
            rule["ac_to_time_limit"], rule["memory_factor"], rule["time_limit_to_tle"])
        # The answer's tolerance: a value is right when its absolute or relative error is at most this
        # (the judges' default output validator's float_tolerance); None: the tokens must be the answer's.
        self.tolerance = self.meta.get("tolerance")
        self.statement = self.folder / self.meta["statement"]
        self.samples_folder = (self.folder / self.meta["samples"]).resolve()
        self.generators = self.folder / "generators" / "generators.yaml"
        self.input_validator = self.folder / "validators" / "validate.py"
        self.answer_validator = self.folder / "validators" / "validate_answer.py"

    @classmethod
    @functools.lru_cache(maxsize=None)
    def named(cls, shortname=DEFAULT):
        """Return the problem in problems/SHORTNAME/ (one object per name: its data is computed once)."""
        return cls(PROBLEMS / shortname)

    def module(self, name):
        """Return the problem's program NAME (as "validators.validate"), imported as a module."""
        return importlib.import_module("problems.%s.%s" % (self.shortname, name))

    @property
    def validate(self):
        """The input validator, as a module: validate(bytes) raises its Invalid; its bounds (MAX_K, ...)."""
        return self.module("validators.validate")

    @property
    def validate_answer(self):
        return self.module("validators.validate_answer")

    @property
    def search(self):
        """The search's strategy, as a module: inputs() is a Hypothesis strategy of valid input bytes
        that shrinks towards few examples and small numbers (practice/find.py draws from it)."""
        return self.module("search")

    @property
    def reference(self):
        """The reference: answer(input bytes) is the answer's text, in exact rational arithmetic."""
        return self.module("reference")

    # ------------------------------------------------------------------ the data ---

    def generated(self, command):
        """Return the input bytes of one generators.yaml command line: the generator, run in this process."""
        program, *arguments = shlex.split(command)
        if program != "gen.py":
            raise SystemExit("build_package: %s runs %r; only gen.py is known here"
                             % (self.generators, program))
        return self.module("generators.gen").generate(arguments)

    def rules(self):
        """Return generators.yaml's data: {directory: {"data": {case name: its rule}}}."""
        return yaml.safe_load(self.generators.read_text())["data"]

    def data_entries(self, directory, largest=True):
        """Return {name: input bytes} of one directory of generators.yaml (sample, secret, invalid_input),
        in the order bt generate writes them: by name. largest=False leaves out the cases that gen.py makes
        at a size's bound (an option given as `max`: --d max, --b max)."""
        entries = self.rules()[directory]["data"]
        out = {}
        for name in sorted(entries):
            rule = entries[name]
            if isinstance(rule, str) and not largest and re.search(r"--[a-z]+ max\b", rule):
                continue
            if isinstance(rule, str):
                out[name] = self.generated(rule)
            elif set(rule) == {"in"}:
                out[name] = rule["in"].encode()
            elif set(rule) == {"copy"}:
                out[name] = self.copied(rule["copy"]).read_bytes()
            else:
                raise SystemExit("build_package: %s: %s/%s: give a gen.py command, in: or copy:"
                                 % (self.generators, directory, name))
        return out

    def copied(self, path):
        """Return the file that `copy: path` names: samples/NAME is the problem's samples folder's NAME.in,
        anything else lies beside generators.yaml."""
        if path.startswith("samples/"):
            return self.samples_folder / (path[len("samples/"):] + ".in")
        return self.generators.parent / (path + ".in")

    def copies(self):
        """Return every path that a copy: rule of generators.yaml names."""
        rules = [rule for directory in self.rules().values() for rule in directory["data"].values()]
        return sorted(rule["copy"] for rule in rules if isinstance(rule, dict) and "copy" in rule)

    def samples(self):
        """Return the names in the samples folder of the statement's samples, in the statement's order."""
        entries = self.rules()["sample"]["data"]
        return [entries[name]["copy"][len("samples/"):] for name in sorted(entries)]

    def cases(self, largest=True):
        """Return {name: input bytes} for data/secret, in order; largest=False leaves out the largest."""
        return self.data_entries("secret", largest)

    def invalid_inputs(self):
        """Return {name: input bytes} for data/invalid_input/: near misses of the canonical format."""
        return self.data_entries("invalid_input")

    def sample_pairs(self):
        """Return [(input, answer)] of the statement's samples, in order."""
        return [pair for name, pair in self.test_data().items() if name.startswith("sample/")]

    def data_sources(self):
        """Return what the data is made from: test_data() is computed again only when one of these changes."""
        return [self.generators.parent, self.folder / "validators", self.folder / "reference.py",
                self.folder / "problem.yaml", Path(__file__), self.samples_folder]

    @functools.lru_cache(maxsize=None)  # noqa: B019 (one Problem per folder, kept for the run)
    def test_data(self):
        """Return {"sample/N" or "secret/NAME": (input, answer)}, every pair checked by both validators
        (kept in build/cache/ until data_sources() change; callers must not change it)."""
        return cache.cached("test-data", self.data_sources(), self._test_data)

    def _test_data(self):
        data = {"sample/" + name: text for name, text in self.data_entries("sample").items()}
        data.update({"secret/" + name: text for name, text in self.cases().items()})
        validate, validate_answer = self.validate, self.validate_answer
        pairs = {}
        for name, text in data.items():
            answer = self.reference.answer(text).encode("ascii")
            try:
                validate.validate(text)
                validate_answer.validate(answer, text)
            except (validate.Invalid, validate_answer.Invalid) as invalid:
                raise SystemExit("build_package: data/%s breaks the canonical format: %s"
                                 % (name, invalid)) from None
            pairs[name] = (text, answer)
        for name, text in self.invalid_inputs().items():
            try:
                validate.validate(text)
            except validate.Invalid:
                continue
            raise SystemExit("build_package: data/invalid_input/%s.in passes the input validator" % name)
        return pairs

    # ----------------------------------------------------------- the submissions ---

    def _programs(self, verdict, suffixes=(".py",)):
        folder = self.folder / "submissions" / verdict
        return {path.name if len(suffixes) > 1 else path.stem: path.read_bytes()
                for path in sorted(folder.glob("*"))
                if path.suffix in suffixes and path.name != "__init__.py"}

    def submissions(self, verdict):
        """Return {file name: source bytes} of submissions/VERDICT/ in every language (LANGUAGES), as
        the packages carry them; for "accepted", problem.yaml's accepted (NAME.py) first."""
        out = {}
        if verdict == "accepted":
            out = {name + ".py": source for name, source in self.accepted().items()
                   if name in self.meta.get("accepted", {})}
        out.update(self._programs(verdict, tuple(LANGUAGES)))
        return out

    def accepted(self):
        """Return {name: source bytes} of the accepted submissions: those of problem.yaml's accepted (for
        this problem, solve.py byte for byte), then submissions/accepted/*.py."""
        elsewhere = self.meta.get("accepted", {})
        out = {name: (self.folder / path).read_bytes() for name, path in elsewhere.items()}
        out.update(self._programs("accepted"))
        return out

    def wrong_answers(self):
        """Return {mistake: source bytes} of submissions/wrong_answer/*.py: one program per mistake."""
        return self._programs("wrong_answer")

    def too_slow(self):
        """Return {name: source bytes} of submissions/time_limit_exceeded/*.py: right, and too slow."""
        return self._programs("time_limit_exceeded")

    def run_time_errors(self):
        """Return {mistake: source bytes} of submissions/run_time_error/*.py: one program per mistake that
        dies of an error on some cases (a judge's run-time error) and is right on the others."""
        return self._programs("run_time_error")
