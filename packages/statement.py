"""The package statements, made from docs/problem.md: the one source of the problem's text.

docs/problem.md is Markdown that GitHub shows with its math. Everything
above its line ``<!-- The statement ends here.`` is the statement, written
in a small subset that maps one to one onto LaTeX:

- ``# Title``: the problem's name, given as \\problemname;
- ``## Input`` and ``## Output``: \\section*{Input} and \\section*{Output},
  which problemtools and BAPCtools (``bt constraints``) both read;
- a paragraph of text with ``$inline math$``, ``*emphasis*`` and ```code```;
- ``$$`` on a line of its own, the display math, ``$$`` again.

Anything else is refused with the line it is on, so the statement cannot
silently lose part of its text.
"""

import re
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "docs" / "problem.md"
END = "<!-- The statement ends here."
_CODE_ESCAPES = {"\\": "\\textbackslash{}", "%": "\\%", "#": "\\#", "&": "\\&", "_": "\\_", "{": "\\{",
                 "}": "\\}", "~": "\\textasciitilde{}", "^": "\\textasciicircum{}", "$": "\\$"}
_TEXT_SPECIALS = set("%&#_{}~^\\")  # characters that LaTeX reads as commands outside math


class StatementError(ValueError):
    """docs/problem.md uses Markdown outside the subset this module maps onto LaTeX."""


def read(source=SOURCE):
    """Return (title, LaTeX body without the title) from the statement part of a Markdown file."""
    lines = source.read_text(encoding="utf-8").split("\n")
    try:
        lines = lines[:next(i for i, line in enumerate(lines) if line.startswith(END))]
    except StopIteration:
        raise StatementError("%s: no line starts with %r" % (source, END)) from None
    title, body, display = None, [], False
    for number, line in enumerate(lines, 1):
        where = "%s:%d" % (source.name, number)
        if line == "$$":
            body.append("\\]" if display else "\\[")
            display = not display
        elif display:
            body.append("  " + line)
        elif line.startswith("# "):
            if title is not None:
                raise StatementError("%s: a second title" % where)
            title = line[2:].strip()
        elif line.startswith("## "):
            body.append("\\section*{%s}" % _text(line[3:].strip(), where))
        elif line.startswith(("#", "```", "- ", "* ", "> ", "|", "<")) or re.match(r"\d+\. ", line):
            raise StatementError("%s: outside the subset packages/statement.py maps onto LaTeX: %r"
                                 % (where, line))
        else:
            body.append(_text(line, where))
    if title is None or display:
        raise StatementError("%s: %s" % (source.name, "no '# Title' line" if title is None else
                                         "a '$$' block is not closed"))
    return title, "\n".join(body).strip() + "\n"


def _code(text):
    """Return code as LaTeX text for \\texttt: each of LaTeX's special characters escaped."""
    return "".join(_CODE_ESCAPES.get(char, char) for char in text)


def _text(line, where):
    """Return one line of Markdown text as LaTeX: math kept, *emphasis* and `code` mapped."""
    out = []
    for i, part in enumerate(re.split(r"(\$[^$]+\$|`[^`]+`)", line)):
        if i % 2:  # $math$ passes through; `code` becomes \texttt
            out.append(part if part.startswith("$") else "\\texttt{%s}" % _code(part[1:-1]))
            continue
        bad = _TEXT_SPECIALS.intersection(part)
        if bad or "$" in part or "`" in part:
            raise StatementError("%s: %r outside math or code" % (where, "".join(sorted(bad)) or part))
        out.append(re.sub(r"\*([^*]+)\*", r"\\emph{\1}", part))
    return "".join(out)


def latex(source=SOURCE):
    """Return the LaTeX statement: \\problemname{title}, then the body."""
    title, body = read(source)
    return "\\problemname{%s}\n\n%s" % (title, body)
