"""The package statements, made from a problem's statement.md: the one source of the problem's text.

Each problem's statement.md (problems/NAME/statement.md; every function here takes its path,
Problem.statement) is Markdown that GitHub shows with its math. Everything
above its line ``<!-- The statement ends here.`` is the statement, written
in a small subset that maps one to one onto LaTeX:

- ``# Title``: the problem's name, given as \\problemname;
- ``## Input`` and ``## Output``: \\section*{Input} and \\section*{Output},
  which problemtools and BAPCtools (``bt constraints``) both read;
- a paragraph of text with ``$inline math$``, ``*emphasis*`` and ```code```;
- ``$$`` on a line of its own, the display math, ``$$`` again.

Anything else is refused with the line it is on, so the statement cannot
silently lose part of its text. The same subset also becomes DMOJ's Markdown
(``dmoj_markdown``: math between ``~``) and a plain HTML page with no script
(``html``: the math as Unicode with sub- and superscripts), for the judges
that take those.
"""

import html as _html
import re

END = "<!-- The statement ends here."
_CODE_ESCAPES = {"\\": "\\textbackslash{}", "%": "\\%", "#": "\\#", "&": "\\&", "_": "\\_", "{": "\\{",
                 "}": "\\}", "~": "\\textasciitilde{}", "^": "\\textasciicircum{}", "$": "\\$"}
_TEXT_SPECIALS = set("%&#_{}~^\\")  # characters that LaTeX reads as commands outside math


class StatementError(ValueError):
    """The statement uses Markdown outside the subset this module maps onto LaTeX."""


def parts(source):
    """Return (title, [(kind, text, where)]) of the statement part of a Markdown file, refusing what is
    outside the subset. kind is "section", "text", "display" (a ``$$`` line, which opens or closes the
    display math) or "math" (a line of it); where is "file:line"."""
    lines = source.read_text(encoding="utf-8").split("\n")
    try:
        lines = lines[:next(i for i, line in enumerate(lines) if line.startswith(END))]
    except StopIteration:
        raise StatementError("%s: no line starts with %r" % (source, END)) from None
    title, found, display = None, [], False
    for number, line in enumerate(lines, 1):
        where = "%s:%d" % (source.name, number)
        if line == "$$":
            found.append(("display", None, where))
            display = not display
        elif display:
            found.append(("math", line, where))
        elif line.startswith("# "):
            if title is not None:
                raise StatementError("%s: a second title" % where)
            title = line[2:].strip()
        elif line.startswith("## "):
            found.append(("section", line[3:].strip(), where))
        elif line.startswith(("#", "```", "- ", "* ", "> ", "|", "<")) or re.match(r"\d+\. ", line):
            raise StatementError("%s: outside the subset packages/statement.py maps onto LaTeX: %r"
                                 % (where, line))
        else:
            found.append(("text", line, where))
    if title is None or display:
        raise StatementError("%s: %s" % (source.name, "no '# Title' line" if title is None else
                                         "a '$$' block is not closed"))
    return title, found


def read(source):
    """Return (title, LaTeX body without the title) from the statement part of a Markdown file."""
    title, found = parts(source)
    body, display = [], False
    for kind, text, where in found:
        if kind == "display":
            body.append("\\]" if display else "\\[")
            display = not display
        elif kind == "math":
            body.append("  " + text)
        elif kind == "section":
            body.append("\\section*{%s}" % _text(text, where))
        else:
            body.append(_text(text, where))
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


def latex(source):
    """Return the LaTeX statement: \\problemname{title}, then the body."""
    title, body = read(source)
    return "\\problemname{%s}\n\n%s" % (title, body)


def _samples_markdown(samples):
    """Return DMOJ's sample sections: each input and answer in a code block."""
    parts = []
    for number, (given, answer) in enumerate(samples, 1):
        parts.append("## Sample Input %d\n\n```\n%s```\n" % (number, given.decode()))
        parts.append("## Sample Output %d\n\n```\n%s```\n" % (number, answer.decode()))
    return "\n".join(parts)


def dmoj_markdown(samples, credit, source):
    """Return the statement in DMOJ's Markdown (inline math between ~, display math between $$), samples
    and a credit line last; the title is the problem's name on the site, not part of the text."""
    read(source)  # only statements that LaTeX takes whole
    out = []
    for kind, text, _ in parts(source)[1]:
        if kind == "display":
            out.append("$$")
        elif kind == "math":
            out.append(text)
        elif kind == "section":
            out.append("## %s" % text)
        else:
            out.append(re.sub(r"\$([^$]+)\$", r"~\1~", text))
    return "%s\n\n%s\n%s\n" % ("\n".join(out).strip(), _samples_markdown(samples), credit)


_SYMBOLS = {"theta": "θ", "eta": "η", "le": "≤", "ge": "≥", "ldots": "…", "sum": "∑", "qquad": "\u2003\u2003",
            ",": "\u2009", "cdot": "·"}


def _math_html(tex, where="math"):
    """Return TeX math of the statement's subset as HTML: Unicode symbols, <i> letters, <sub>/<sup>."""
    out, at = [], 0

    def group():
        nonlocal at
        if tex[at] == "{":
            depth, start = 1, at + 1
            while depth:
                at += 1
                depth += {"{": 1, "}": -1}.get(tex[at], 0)
            at += 1
            return _math_html(tex[start:at - 1], where)
        at += 1
        return _math_html(tex[at - 1], where)

    while at < len(tex):
        char = tex[at]
        if char == "\\":
            name = re.match(r"\\([A-Za-z]+|.)", tex[at:]).group(1)
            at += 1 + len(name)
            if name == "frac":
                top = group()
                out.append("(%s/%s)" % (top, group()))
            elif name == "mathrm":
                out.append(re.sub(r"</?i>", "", group()))
            elif name in _SYMBOLS:
                out.append(_SYMBOLS[name])
            else:
                raise StatementError("%s: \\%s is outside the math packages/statement.py turns into HTML"
                                     % (where, name))
            continue
        at += 1
        if char in "_^":
            tag = "sub" if char == "_" else "sup"
            out.append("<%s>%s</%s>" % (tag, group(), tag))
        elif char.isalpha():
            out.append("<i>%s</i>" % char)
        else:
            out.append({"-": "\u2212", "'": "\u2032", "<": "&lt;", ">": "&gt;", "&": "&amp;"}.get(char, char))
    return re.sub(" *\u2009 *", "\u2009", "".join(out))  # a thin space stands alone, not beside TeX's spaces


def _text_html(line):
    """Return one line of the statement's Markdown text as HTML."""
    out = []
    for i, part in enumerate(re.split(r"(\$[^$]+\$|`[^`]+`)", line)):
        if i % 2:
            out.append(_math_html(part[1:-1]) if part.startswith("$") else
                       "<code>%s</code>" % _html.escape(part[1:-1]))
        else:
            out.append(re.sub(r"\*([^*]+)\*", r"<em>\1</em>", _html.escape(part, quote=False)))
    return "".join(out)


def html(samples, credit, source):
    """Return the statement as one HTML page, its style inline and no script: what DOMjudge shows."""
    read(source)  # only statements that LaTeX takes whole
    title, found = parts(source)
    body, paragraph, math = [], [], []
    for kind, text, _ in found + [("text", "", None)]:
        if kind == "math":
            math.append(text)
            continue
        if kind == "display" and math:
            body.append('<p class="display">%s</p>' % _math_html(" ".join(math)))
            math = []
        if kind == "text" and text.strip():
            paragraph.append(_text_html(text))
            continue
        if paragraph:
            body.append("<p>%s</p>" % "\n".join(paragraph))
            paragraph = []
        if kind == "section":
            body.append("<h2>%s</h2>" % _html.escape(text))
    for number, (given, answer) in enumerate(samples, 1):  # side by side, as problemtools shows them
        body.append('<table class="sample"><tr><th>Sample Input %d</th><th>Sample Output %d</th></tr>\n'
                    "<tr><td><pre>%s</pre></td><td><pre>%s</pre></td></tr></table>"
                    % (number, number, _html.escape(given.decode()), _html.escape(answer.decode())))
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n"
            "<style>body{max-width:42em;margin:2em auto;font-family:serif;line-height:1.45}"
            "p.display{text-align:center}table.sample{width:100%%;margin:1em 0}th{text-align:left}"
            "td{vertical-align:top;width:50%%}pre{background:#f4f4f4;padding:.5em;margin:0 .5em 0 0}"
            "</style>\n</head>\n<body>\n"
            "<h1>%s</h1>\n%s\n<p><small>%s</small></p>\n</body>\n</html>\n"
            % (_html.escape(title), _html.escape(title), "\n".join(body), _html.escape(credit)))
