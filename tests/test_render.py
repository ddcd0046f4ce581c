"""What `make package-check` demands of a rendered statement (tools/render.py): every part, in order.
The renderers themselves (problem2pdf, problem2html, bt pdf) run in `make package-check`."""

import pytest

from packages import statement
from packages.problem import Problem
from packages.problem import names as problem_names
from tools import render

PROBLEM = Problem.named()
TITLE = statement.read(PROBLEM.statement)[0]
SAMPLES = [(b"2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n", b"0.9000 1.8000\n")]
# pdftotext's reading of problem2pdf's page, cut down: the layout's line breaks and thin spaces stay.
PAGE = ("Gradient Accumulation\nProblem ID: gradientaccumulation\nWhen a batch ...\nInput\n"
        "The 昀椀rst line holds the integer K (1 ≤ K ≤ 10) and the learning rate η (0 ≤ η ≤ 10). The second\n"
        "line holds the d parameters θ1 , . . . , θd (1 ≤ d ≤ 100\u2009000). Each of the next K lines\n"
        "−109 ≤ x ≤ 109 . Numbers on a line are separated by single spaces.\nOutput\nPrint ...\n"
        "Sample Input 1\n\nSample Output 1\n\n2 0.1\n1.0 2.0\n0.5 1.0\n1.5 3.0\n\n0.9000 1.8000\n")


def test_a_page_with_every_part_in_order_passes():
    render.check_order(PAGE, render.expected(TITLE, SAMPLES, PROBLEM.validate), "page")


@pytest.mark.parametrize("change, why", [
    (lambda p: p.replace("Output\n", "Result\n"), "the Output section .* at all"),
    (lambda p: p.replace("(1 ≤ K ≤ 10)", "(1 ≤ K ≤ 100)"), "the constraint 1 ≤ K ≤ 10"),
    (lambda p: p.replace("1.5 3.0\n", ""), "line 4 of sample 1"),
    (lambda p: p.replace("Input\n", "", 1), "the Input section"),
    # The sample moved above the sections: every part is there, but not in order.
    (lambda p: p[p.index("Sample Input 1"):] + p[:p.index("Sample Input 1")], "after"),
    (lambda p: p.replace("0.9000 1.8000", "0.9000 1.8"), "sample 1's answer"),
], ids=["no-output-section", "other-bound", "sample-line-lost", "no-input-section", "out-of-order",
        "answer-cut"])
def test_a_page_missing_a_part_or_out_of_order_fails(change, why):
    with pytest.raises(render.Unreadable, match=why):
        render.check_order(change(PAGE), render.expected(TITLE, SAMPLES, PROBLEM.validate), "page")


@pytest.mark.parametrize("name", problem_names())
def test_the_constraints_looked_for_are_the_statements(name):
    """The bounds come from the validator's constants (its constraints()); the statement must state the
    same ones, as TeX (problem2html keeps the math as TeX for MathJax)."""
    problem = Problem.named(name)
    latex = statement.latex(problem.statement).replace(" ", "")
    for bound in problem.validate.constraints(math=True):
        assert bound.replace(" ", "") in latex, bound
    assert len(problem.validate.constraints(math=False)) == len(problem.validate.constraints(math=True))


def test_the_first_problems_constraints_as_a_pdf_shows_them():
    assert PROBLEM.validate.constraints(math=False) == [
        "1 ≤ K ≤ 10", "0 ≤ η ≤ 10", "1 ≤ d ≤ 100 000", "−109 ≤ x ≤ 109"]


def test_html_text_drops_scripts_and_tags_and_keeps_math():
    page = "<html><script>var x = '<b>Input</b>';</script><h2>Input</h2><p>$1 \\le K$ &amp; more</p></html>"
    assert render.plain(render.html_text_of(page)) == "Input\n$1 \\le K$ & more"


def test_a_pdf_that_splits_a_sample_over_pages_is_refused():
    """pdftotext ends each page with a form feed: a sample must stand whole on one page; two samples may
    stand on two pages."""
    parts = render.expected("T", [(b"1\n2\n", b"3\n"), (b"4\n", b"5\n")], PROBLEM.validate)
    both = "Sample Input 1\nSample Output 1\n1\n2\n3\n"
    render.check_pages("T\n%sSample Input 2\nSample Output 2\n4\n5\n" % both, "together", parts)
    render.check_pages("T\n%s\fSample Input 2\nSample Output 2\n4\n5\n" % both, "apart", parts)
    with pytest.raises(render.Unreadable, match="splits sample 1 over pages, from page 1"):
        render.check_pages("T\nSample Input 1\nSample Output 1\n1\n\f2\n3\n", "split", parts)


def test_a_sample_too_wide_to_stand_side_by_side_reads_input_then_output():
    """bt pdf shows a wide sample full width: 'Input 2', its lines, 'Output 2', its answer; the check
    knows it by its headings and still wants every part, in that order, on one page."""
    samples = [(b"1\n", b"2\n"), (b"3 4\n", b"5.0000000000000000 6\n")]
    text = ("T\nInput\n1 ≤ K ≤ 10\n0 ≤ η ≤ 10\n1 ≤ d ≤ 100 000\n−109 ≤ x ≤ 109\nOutput\n"
            "Sample Input 1\nSample Output 1\n1\n2\nInput 2\n3 4\nOutput 2\n5.0000000000000000 6\n")
    assert render.full_width_samples(text, 2) == [2]
    parts = render.expected("T", samples, PROBLEM.validate, full_width=[2])
    render.check_order(text, parts, "wide")
    render.check_pages(text, "wide", parts)
    with pytest.raises(render.Unreadable, match="sample 2's heading"):
        render.check_order(text, render.expected("T", samples, PROBLEM.validate), "side by side")
    with pytest.raises(render.Unreadable, match="splits sample 2"):
        render.check_pages(text.replace("Output 2\n", "\fOutput 2\n"), "split", parts)
