"""Judge the outputs of one practice check, case after case, and name the classic mistake they show:
the same code in the terminal (`make check`, practice/check.py) and in the browser page (`make
practice`, in a Pyodide of its own that runs no learner's code).

Standard library only, and no other file of the project: the page loads this one file alone.

    known = mistakes(sources)                     # {name: Mistake}, from the problem's wrong submissions
    prints = mistake_prints(known, given, answer) # what each mistake prints on the case, fingerprinted
    check = Check(known)                          # one per check: it remembers what every output fits
    verdict = check.judge(answer_bytes, output_bytes, prints)
    check.candidate()                             # the one mistake that fits, not yet named: too few cases
    shows(prints[name], answer_bytes)             # whether a mistake is wrong on the case: it may prove it
    verdict.name, verdict.detail                  # "AC" or "WA"; for WA, the first differing value
    verdict = check.run(answer_bytes, prints, status, stdout, stderr)  # a finished run: RTE, MLE, or judge()
    Check(known, tolerance=1e-6)                  # a problem whose values may be off by that much
    Check(known, proof=1)                         # a mistake named on one case that shows it (default 2)

A mistake is a wrong submission of the problem (its submissions/wrong_answer/NAME.py, or its
submissions/run_time_error/NAME.py, one that crashes on some cases): its name is the file's, the
sentence a learner reads is its docstring's first paragraph, and what it prints on a case is what
that program prints, run in this process (the problem's own programs, never a learner's); where it
raises an exception instead, what it gives on the case is that crash, kept as the exception's name.
The output is split into tokens on ASCII whitespace and compared byte for byte, as the
default validators of Kattis and DOMjudge and the package's DMOJ checker do. Where the problem has
a tolerance (its problem.yaml's), a token that is a number is right when its absolute or relative
error is at most the tolerance, as those validators' float_tolerance has it; other tokens compare
byte for byte, and the count of tokens must be the answer's. An output fits a mistake on a case
when it is that mistake's output (within the tolerance, if there is one), or when both write the
answer's values in the same wrong form (form(): a list, a + sign, an exponent, other than 4
decimals; with a tolerance, any way of writing a number is right, and only a list is a form). A
mistake is named only when the learner's output fits it, and no other, on every case judged so
far, and when at least PROOF of those cases are ones where the mistake is wrong: a mistake that
happens to print the same as another on one case is never named from that case alone. Otherwise
the detail shows expected against found, and no name; candidate() then gives the one mistake that
fits, unproved, so that the check can judge the cases that would prove it (shows()). A run that
crashes (RTE) fits
the mistakes that crash on that case with the same exception (the last line of its traceback names
it: OverflowError, ZeroDivisionError), and no other; a run stopped at a limit (TLE, MLE) says
nothing of what it would have printed, and leaves the fits as they were.
"""

import ast
import contextlib
import hashlib
import io
import re
import sys
import threading
import traceback

FOUR_DECIMALS = re.compile(rb"-?[0-9]+\.[0-9]{4}")
# A number as the judges' default output validators read one where a tolerance applies (C's strtod, in
# decimal): a sign, digits with an optional point, an exponent; or inf, infinity, nan.
# Each part can match in one way only (digits, then a point and digits, never digits that either side may
# take), so a match fails in one pass, never by backtracking over a long run of digits. A token longer
# than MAX_TOKEN is no number: no answer needs one, and the judge's work on an output stays linear in it.
NUMBER = re.compile(rb"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[+-]?(?:inf(?:inity)?|nan)",
                    re.IGNORECASE)
MAX_TOKEN = 4096
# A program may print this much before it is stopped, as on the judges: the problem package format's
# default output limit (limits.output: 8 MiB, as BAPCtools' config.DEFAULT_OUTPUT has it).
OUTPUT_LIMIT_MIB = 8
TOO_LONG = "output too long: more than %d MiB, the judges' output limit"  # the page fills it in too
PROOF = 2  # a mistake is named on at least this many cases where it is wrong, each printing what it prints
_RUNNING = threading.Lock()  # a program runs with this process's sys.stdin and sys.stdout: one at a time


class Mistake:
    """A wrong submission: its name, the sentence a learner reads, and its program, compiled."""

    def __init__(self, name, source):
        self.name = name
        text = ast.get_docstring(ast.parse(source)) or ""
        self.sentence = " ".join(text.split("\n\n")[0].split())
        if not self.sentence:
            raise ValueError("the wrong submission %s has no docstring to say what it does" % name)
        self.code = compile(source, name + ".py", "exec")

    def result(self, data):
        """Return (what the program prints on input bytes, None), or (None, the exception's name) where
        it raises one: its crash, named as the last line of its traceback names it (raised())."""
        out = io.StringIO()
        with _RUNNING:
            stdin = sys.stdin
            sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
            try:
                with contextlib.redirect_stdout(out):
                    exec(self.code, {"__name__": "__main__"})
            except Exception as error:  # OverflowError, ZeroDivisionError: a mistake that crashes there
                return None, raised(traceback.format_exception_only(type(error), error)[-1])
            finally:
                sys.stdin = stdin
        return out.getvalue().encode(), None

    def output(self, data):
        """Return what the program prints on input bytes, or None if it crashes there."""
        return self.result(data)[0]


def mistakes(sources):
    """Return {name: Mistake} of the mistakes' sources ({name: source bytes or text}): the problem's
    wrong submissions, and those that crash (run_time_error)."""
    return {name: Mistake(name, source) for name, source in sorted(sources.items())}


# The last line of a traceback: the exception's name (dotted where it is no builtin), then ": message".
RAISED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?::|$)")


def raised(line):
    """Return the name of the exception a traceback's last line (text) says was raised, or None.

    >>> raised("OverflowError: math range error"), raised("decimal.InvalidOperation: [<class ...>]")
    ('OverflowError', 'decimal.InvalidOperation')
    >>> raised("KeyboardInterrupt"), raised("exit status 1, nothing on stderr"), raised("")
    ('KeyboardInterrupt', None, None)
    """
    found = RAISED.match(line.strip())
    return found.group(1) if found else None


TOKEN = re.compile(rb"[^ \t\n\v\f\r]+")  # a token, as bytes.split() splits: on ASCII whitespace


def count(output):
    """Return how many tokens output (bytes) has, in one pass and no list: the judge splits an output
    only when it has as many tokens as the answer (or a few more), so that what a program prints
    bounds the judge's memory by the answer's size, not by its own.

    >>> count(b" 1 2\\t3\\n"), count(b"")
    (3, 0)
    """
    return sum(1 for _ in TOKEN.finditer(output))


def output_limit(answer=b""):
    """Return how many bytes a program may print on a case (whatever its answer) before it is stopped."""
    return OUTPUT_LIMIT_MIB << 20


class Verdict:
    """A case's verdict: name (AC, WA, TLE, RTE, MLE), detail (a line or ""), mistakes (their names)."""

    def __init__(self, name, detail="", mistakes=()):
        self.name, self.detail, self.mistakes = name, detail, list(mistakes)

    def __repr__(self):
        return "Verdict(%r, %r, %r)" % (self.name, self.detail, self.mistakes)


def printable(data, limit=200):
    """Return text or bytes as one line of at most limit characters, every non-printable one escaped.

    >>> printable(b"ok \\x1b[2Kdone\\n\\xff")
    'ok \\\\x1b[2Kdone\\\\n\\\\xff'
    """
    if isinstance(data, bytes):
        data = data.decode("utf-8", "backslashreplace")
    shown = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in data[:limit])
    return shown + ("..." if len(data) > limit else "")


def close(want, got, tolerance=None):
    """Return whether the token got (bytes) is right where the answer has the token want: the same bytes;
    or, with a tolerance, when want is a number, a number whose absolute or relative error is at most it.

    >>> close(b"0.9000", b"0.9"), close(b"1000", b"1000.0009", 1e-6), close(b"1", b"1.01", 1e-6)
    (False, True, False)
    >>> close(b"0", b"-1e-7", 1e-6), close(b"0.5", b"[0.5", 1e-6), close(b"yes", b"YES", 1e-6)
    (True, False, False)
    >>> close(b"1", b"1." + b"0" * 5000, 1e-6)  # longer than MAX_TOKEN: no number
    False
    """
    if want == got:
        return True
    if tolerance is None or not NUMBER.fullmatch(want) or len(got) > MAX_TOKEN:
        return False
    if not NUMBER.fullmatch(got):
        return False
    w, g = float(want), float(got)
    return abs(w - g) <= tolerance or abs(w - g) <= tolerance * abs(w)  # never for nan, nor inf - inf


def marked(want, got, limit=12, tolerance=None):
    """Return (expected, found, marks): the first values of two outputs (bytes), lined up, and ^
    under each that differs (beyond the tolerance, if there is one).

    >>> marked(b"0.9000 1.8000", b"0.9000 1.7")
    ('0.9000 1.8000', '0.9000 1.7', '       ^^^^^^')
    """
    raw = got.split()[:limit]
    differs = [not close(w, g, tolerance) for w, g in zip(want.split()[:limit], raw, strict=False)]
    want, got = [w.decode() for w in want.split()[:limit]], [printable(g) for g in raw]
    width = [max(len(w), len(g)) for w, g in zip(want, got, strict=False)]
    line = lambda values: " ".join(v.ljust(n) for v, n in zip(values, width, strict=False)).rstrip()  # noqa: E731
    marks = " ".join(("^" if bad else " ") * n for bad, n in zip(differs, width, strict=False))
    return line(want), line(got), marks.rstrip()


def wrong_sample(given, want, got, tolerance=None):
    """Return the lines that show a wrong sample, as make check and the page print them: its input on
    one line, then, when both outputs have as many values, expected against found, marked."""
    lines = ["input:    " + printable(given, 120)]
    if len(want.split()) == count(got):
        lines += ["%-9s %s" % (label, text) for label, text
                  in zip(("expected:", "found:", ""), marked(want, got, tolerance=tolerance), strict=True)]
    return lines


def fingerprint(tokens):
    """Return a short digest of a list of byte tokens: equal lists, equal digests."""
    return hashlib.sha256(b" ".join(tokens)).hexdigest()[:32]


def mistake_prints(known, data, answer, tolerance=None):
    """Return {mistake: [fingerprint of its output, its form()]} on one case: input and answer bytes.
    With a tolerance, the output's tokens (as text) stand in for the fingerprint: a learner's output
    fits the mistake when each of its values is within the tolerance of the mistake's. A mistake that
    crashes on the case has {"raises": the exception's name} instead (JSON, as the page's cases.json
    keeps it)."""
    prints = {}
    for name, mistake in known.items():
        output, crashed = mistake.result(data)
        if crashed is not None:
            prints[name] = {"raises": crashed}
            continue
        tokens = output.split()
        seen = fingerprint(tokens) if tolerance is None else [t.decode("latin-1") for t in tokens]
        prints[name] = [seen, form(answer.split(), tokens, tolerance)]
    return prints


def form(want, got, tolerance=None):
    """Return how every differing value of got writes want's value in another form: "list", "sign",
    "exponent" or "decimals"; or None, when a value differs in number or the forms differ. With a
    tolerance, a number written any way is right: the only form is "list" (a value within brackets,
    parentheses or commas).

    >>> form([b"0.9000", b"1.8000"], [b"[0.9,", b"1.8]"]), form([b"0.9000"], [b"+0.9000"])
    ('list', 'sign')
    >>> form([b"0.9000"], [b"9.0000e-01"]), form([b"0.9000"], [b"0.9"]), form([b"0.9000"], [b"0.9001"])
    ('exponent', 'decimals', None)
    """
    if len(want) != len(got):  # a list printed with no spaces: its values do not even split apart
        return "list" if got[:1] and got[0].startswith(b"[") and got[-1].endswith(b"]") else None
    kinds = set()
    for w, g in zip(want, got, strict=True):
        if w == g:
            continue
        bare = g.strip(b"[](),")
        if tolerance is not None:
            if close(w, g, tolerance):
                continue
            if bare == g or not close(w, bare, tolerance):
                return None
            kinds.add("list")
            continue
        try:
            near = abs(float(bare) - float(w)) <= 0.001
        except ValueError:
            return None
        if not near:
            return None
        if bare != g:
            kinds.add("list")
        elif g.startswith(b"+"):
            kinds.add("sign")
        elif b"e" in g.lower() or b"inf" in g.lower():
            kinds.add("exponent")
        elif not FOUR_DECIMALS.fullmatch(g):
            kinds.add("decimals")
        else:
            return None  # a value of the right form: a numbers mistake, not one of form
    return kinds.pop() if len(kinds) == 1 else None


def crash(stderr, limit=4):
    """Return (where, lines) of a program's crash: "line N: " of the last traceback entry in the program's
    own file (the first file the traceback names) or "", and its last lines, escaped.

    >>> crash(b'Traceback (most recent call last):\\n  File "/program/mine.py", line 3, in <module>\\n'
    ...       b'    print("a" + 1)\\nTypeError: can only concatenate str (not "int") to str\\n')[0]
    'line 3: '
    """
    if isinstance(stderr, bytes):
        stderr = stderr.decode("utf-8", "backslashreplace")
    frames = re.findall(r'^  File "([^"]*)", line ([0-9]+)', stderr, re.M)
    own = [line for path, line in frames if path == frames[0][0]] if frames else []
    lines = [printable(line.rstrip(), 160) for line in stderr.split("\n") if line.strip()]
    return ("line %s: " % own[-1] if own else ""), lines[-limit:]


def shows(kept, expected, tolerance=None):
    """Return whether a mistake is wrong on a case, from what it prints there (mistake_prints()'s value
    for it: its output's fingerprint or tokens, or {"raises": ...}) and the expected answer (bytes)."""
    if isinstance(kept, dict):
        return True
    want = expected.split()
    if tolerance is None:
        return kept[0] != fingerprint(want)
    got = [token.encode("latin-1") for token in kept[0]]
    return len(got) != len(want) or not all(close(w, g, tolerance) for w, g in zip(want, got, strict=True))


class Check:
    """The judge of one check: judges its cases in turn, and keeps which mistakes fit every output, and on
    how many cases where each is wrong the output was its own. tolerance: the problem's (None: every token
    byte for byte)."""

    def __init__(self, known, tolerance=None, proof=PROOF):
        self.known = known  # {name: Mistake}
        self.fits = set(known)
        self.proved = dict.fromkeys(known, 0)  # cases where the mistake is wrong, and the output fits it
        self.tolerance = tolerance
        self.proof = proof  # how many such cases name a mistake

    def same(self, printed, got):
        """Return whether the tokens got are a mistake's output, as mistake_prints() keeps it."""
        if self.tolerance is None:
            return printed == fingerprint(got)
        return len(printed) == len(got) and all(
            close(p.encode("latin-1"), g, self.tolerance) for p, g in zip(printed, got, strict=True))

    def _seen(self, fits, expected, prints):
        """Keep the mistakes that fit this case's output, and count it for those wrong on the case."""
        self.fits &= fits
        for name in self.fits:
            if name in prints and shows(prints[name], expected, self.tolerance):
                self.proved[name] += 1

    def candidate(self):
        """Return the one mistake every output so far fits, when some case but too few prove it; else None."""
        if len(self.fits) != 1:
            return None
        (mistake,) = self.fits
        return mistake if 0 < self.proved[mistake] < self.proof else None

    def judge(self, expected, output, prints):
        """Return the Verdict of an output against the expected answer (bytes), naming the mistake.

        prints is mistake_prints() of the case.
        """
        want, tolerance = expected.split(), self.tolerance
        found = count(output)
        if found > 2 * len(want) + 16:  # far more values than any answer or mistake: no need to split them
            self._seen(set(), expected, prints)
            return self.named("WA", "expected %d values, found %d" % (len(want), found))
        got = output.split()
        printed = {name: kept for name, kept in prints.items() if not isinstance(kept, dict)}  # no crash
        if tolerance is None:
            seen, shape = fingerprint(got), form(want, got)
            fits = {name for name, (value, its) in printed.items()
                    if value == seen or (shape and its == shape)}
        else:
            shape = form(want, got, tolerance)
            fits = {name for name, (value, its) in printed.items()
                    if (shape and its == shape) or self.same(value, got)}
        self._seen(fits, expected, prints)
        if len(got) == len(want) and all(close(w, g, tolerance) for w, g in zip(want, got, strict=True)):
            return Verdict("AC")
        if len(got) != len(want):
            detail = "expected %d values, found %d" % (len(want), len(got))
        else:
            first = next(j for j in range(len(want)) if not close(want[j], got[j], tolerance))
            detail = "value %d: expected %s, found %s" % (first + 1, want[first].decode(),
                                                           printable(got[first], 40))
        return self.named("WA", detail)

    def named(self, name, detail):
        """Return a Verdict NAME with its detail, and the mistake's sentence when one alone fits, proved."""
        if len(self.fits) != 1 or self.proved[next(iter(self.fits))] < self.proof:
            return Verdict(name, detail)
        mistake = next(iter(self.fits))
        return Verdict(name, detail + "; " + self.known[mistake].sentence, [mistake])

    def run(self, expected, prints, status, output, stderr, killed="", out_of_memory=False):
        """Return the Verdict of a finished run: MLE if it reached the memory limit, RTE on a failure,
        else judge(). A program's own words on stderr ("MemoryError") never make a verdict. A failure
        is a crash that a mistake may share (prints: mistake_prints() of the case): a traceback whose
        last line names the exception that the mistake raises on the case; it fits no other.

        killed: the name of the signal that ended the run, if one did (as SIGKILL).
        """
        line = last_line(stderr)
        if out_of_memory:
            return Verdict("MLE", "stopped at the memory limit" + (": " + line if line else ""))
        if status != 0 or killed:
            where = crash(stderr)[0]
            exception = raised(line) if where and not killed else None  # a traceback, not a signal
            self._seen({name for name, kept in prints.items()
                        if exception and isinstance(kept, dict) and kept.get("raises") == exception},
                       expected, prints)
            if killed:
                return self.named("RTE", "killed by %s" % killed + (": " + where + line if line else ""))
            return self.named("RTE", where + line if line else "exit status %s, nothing on stderr" % status)
        return self.judge(expected, output, prints)


def last_line(text):
    """Return the last non-blank line of a program's stderr (bytes or text), escaped and cut, or ""."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    return printable(lines[-1]) if lines else ""
