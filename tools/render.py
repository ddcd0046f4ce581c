"""The statements rendered by the judges' own tools, and read back as a contestant sees them.

`make package-check` (tools/package_check.py) renders each package's
statement with the tool that reads that format:

- the legacy package: problemtools' problem2pdf (lualatex) and problem2html (plasTeX);
- the 2025-09 package: BAPCtools' bt pdf (latexmk and pdflatex);
- DOMjudge's zip: its problem.html, as packages/formats/domjudge.py wrote it.

Each PDF's text, read out with pdftotext, and the HTML's text must hold the
title, the Input section with every constraint (the problem's input validator
says them: its constraints()), the Output section, and each sample (its input
lines, then its answer), in that order; a PDF must hold each sample whole on
one page. Page 1 of each PDF becomes a PNG with pdftoppm, for a person to look
at. All of it lands in build/statements/SHORTNAME/. TeX and poppler come from
Debian's packages (TEX_PACKAGES), installed as root when missing: `python -m
tools.render --install` does only that (.ci/run starts it early, in the
background). This module needs only the standard library, so that the system's
python3 runs that before the project's venv exists.
"""

import html
import re
import shutil
import subprocess
import sys
import time

from tools.installs import ensure_debian

# What problem2pdf (lualatex, problemset.cls), problem2html (plasTeX, kpsewhich) and bt pdf
# (latexmk, pdflatex, bapc.cls: tikz, pgfplots, siunitx) need, without Debian's recommends.
TEX_PACKAGES = ["texlive-latex-extra", "texlive-luatex", "texlive-pictures", "texlive-science",
                "texlive-fonts-recommended", "texlive-plain-generic", "latexmk", "ghostscript",
                "poppler-utils", "tidy"]


def install():
    """Install TEX_PACKAGES that are missing, as root, without what they only recommend."""
    ensure_debian(TEX_PACKAGES, True, "rendering the statements", recommends=False)


class Unreadable(Exception):
    """A rendered statement lacks a part, or shows the parts out of order."""


def expected(title, samples, bounds, math=False, full_width=()):
    """Return [(what, text)] that a rendered statement must show, in this order.

    samples is [(input bytes, answer bytes)]; bounds is the problem's input validator (Problem.validate),
    whose constraints(math) are the statement's bounds as it shows them. pdftotext reads a sample's two
    boxes heading first: 'Sample Input 1', 'Sample Output 1', the input's lines, then the answer. A
    sample too wide for two boxes side by side, which bt pdf shows one above the other (the numbers of
    full_width), reads 'Input 3', its lines, 'Output 3', the answer."""
    parts = [("the title", title), ("the Input section", "Input")]
    parts += [("the constraint " + bound, bound) for bound in bounds.constraints(math)]
    parts.append(("the Output section", "Output"))
    for number, (given, answer) in enumerate(samples, 1):
        lines = [("line %d of sample %d" % (i, number), line)
                 for i, line in enumerate(given.decode().splitlines(), 1)]
        if number in full_width:
            parts += [("sample %d's heading" % number, "Input %d" % number), *lines,
                      ("sample %d's answer heading" % number, "Output %d" % number)]
        else:
            parts += [("sample %d's heading" % number, "Sample Input %d" % number),
                      ("sample %d's answer heading" % number, "Sample Output %d" % number), *lines]
        parts.append(("sample %d's answer" % number, answer.decode().strip()))
    return parts


def full_width_samples(text, count):
    """Return the numbers of the samples that a bt pdf text shows full width: an 'Input N' line and no
    'Sample Input N' (bapc.cls's \\FullWidthSample, for a sample too wide to stand side by side)."""
    text = plain(text)
    return [number for number in range(1, count + 1) if "Sample Input %d" % number not in text
            and re.search(r"^Input %d$" % number, text, re.M)]


def plain(text):
    """Return text with each line's runs of whitespace (thin spaces too) as one space, blank lines
    dropped, lines joined by newlines."""
    lines = (re.sub(r"\s+", " ", line).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def pattern(needle, heading):
    """Return the regex that finds needle in plain() text: a heading as a whole line; any other text
    across line breaks, and not as part of a longer word or number (10 is not 100, 1.8 not 1.8000)."""
    if heading:
        return re.compile(r"^%s$" % re.escape(needle), re.M)
    words = r"[ \n]".join(re.escape(word) for word in needle.split())
    return re.compile(r"(?<![\w.])%s(?!\w|\.\d)" % words)  # a full stop may follow, a decimal point not


def check_order(text, parts, label):
    """Raise Unreadable unless every part's text occurs in text, each after the one before."""
    text, at, previous = plain(text), 0, "the start"
    for what, needle in parts:
        regex = pattern(needle, what.endswith("section"))
        found = regex.search(text, at)
        if found is None:
            where = "at all" if regex.search(text) is None else "after %s" % previous
            raise Unreadable("%s does not show %s (%r) %s" % (label, what, needle, where))
        at, previous = found.end(), what


def html_text_of(page, inline=False):
    """Return the text a browser shows of an HTML page, scripts and styles left out, math as TeX, and
    a line break for every tag (so that a heading is a line of its own, as in pdftotext's text);
    inline=True leaves no break for the tags inside a line (<i>, <em>, <code>, <sub>, <sup>, <small>)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    if inline:
        page = re.sub(r"</?(i|em|code|sub|sup|small)>", "", page)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def pdf_text(pdf):
    """Return the text of a PDF in reading order, as pdftotext reads it out."""
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def page_one(pdf, png):
    """Write page 1 of the PDF as the PNG file png, at 100 dpi; return png."""
    subprocess.run(["pdftoppm", "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile", str(pdf),
                    str(png.with_suffix(""))], check=True)
    return png


def run(command, label, **kwargs):
    """Run a renderer; return its report, or raise SystemExit with it if it failed."""
    print("%s: %s" % (label, " ".join(map(str, command))), file=sys.stderr, flush=True)
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    report = done.stdout + done.stderr
    print("%s: %.1f s" % (label, time.monotonic() - started), file=sys.stderr, flush=True)
    if done.returncode != 0:
        raise SystemExit("%s failed (status %d):\n%s" % (label, done.returncode, report[-4000:]))
    return report


def check_pages(text, label, parts):
    """Raise Unreadable unless each sample stands whole on one page (pdftotext ends a page with a form
    feed): its two headings, every line of its input and its answer. A page break between two samples
    is where a reader turns; one inside a sample is not. parts: expected()'s."""
    pages = text.split("\f")
    samples = {}
    for what, shown in parts:
        found = re.search(r"\bsample ([0-9]+)\b", what)
        if found:
            samples.setdefault(int(found.group(1)), []).append(shown)
    for number, shown in sorted(samples.items()):
        heading = shown[0]  # the sample's first heading: Sample Input N, or Input N above a full width one
        page = next((n for n, words in enumerate(pages, 1) if heading in words), None)
        if page is not None and not all(piece in pages[page - 1] for piece in shown):
            raise Unreadable("%s splits sample %d over pages, from page %d" % (label, number, page))


def check(label, text, parts, out):
    """Check one rendered statement's text; keep it under out/ as LABEL.txt; raise SystemExit if not."""
    (out / (label + ".txt")).write_text(text, encoding="utf-8")
    try:
        check_order(text, parts, label)
        check_pages(text, label, parts)
    except Unreadable as unreadable:
        raise SystemExit("render: %s (its text: %s)" % (unreadable, out / (label + ".txt"))) from None


def render_legacy(folder, problemtools, title, samples, out, bounds):
    """Render the legacy package with problem2pdf and problem2html into out/; check both. Return the
    PDF, its page 1 as a PNG, and problem2html's report (its warnings are the caller's to judge)."""
    pdf, pages = out / "legacy.pdf", out / "legacy-html"
    run([str(problemtools / "problem2pdf"), "-o", str(pdf), str(folder)], "problem2pdf")
    report = run([str(problemtools / "problem2html"), "-d", str(pages), str(folder)], "problem2html")
    check("legacy", pdf_text(pdf), expected(title, samples, bounds), out)
    page = (pages / "index.html").read_text(encoding="utf-8")
    check("legacy-html", html_text_of(page), expected(title, samples, bounds, math=True), out)
    return pdf, page_one(pdf, out / "legacy-page1.png"), report


def render_current(folder, bt, env, title, samples, out, bounds):
    """Render the 2025-09 package with bt pdf (into the package folder); check it."""
    run([bt, "pdf", "--no-bar", "--cp"], "bt pdf", cwd=folder, env=env)
    pdf = out / "2025-09.pdf"
    shutil.copyfile(folder / "problem.en.pdf", pdf)
    text = pdf_text(pdf)
    wide = full_width_samples(text, len(samples))
    check("2025-09", text, expected(title, samples, bounds, full_width=wide), out)
    return pdf, page_one(pdf, out / "2025-09-page1.png")


if __name__ == "__main__":
    if sys.argv[1:] != ["--install"]:
        raise SystemExit("usage: python -m tools.render --install")
    install()
