"""The practice page in a real browser: headless Chromium (Debian's), driven by Playwright.

    make practice-check        # builds the page and runs this file in build/browser-venv

Not part of `make test`: it needs Chromium, which `make practice-check`
installs (as root, with apt-get) where it is missing. Without Chromium the
test fails, saying so; it never skips. Each state the learner sees is saved
as a screenshot under build/practice-shots/.
"""

import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from packages import wrong_answers
from practice import page as practice_page
from practice.judge import MISTAKES

ROOT = Path(__file__).resolve().parent.parent.parent
SHOTS = ROOT / "build" / "practice-shots"
CHROMIUM = "/usr/bin/chromium"
# As the machine's probe starts it: no sandbox as root, and nothing that reaches for the network.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def address():
    folder = practice_page.build()
    found = []
    ready = threading.Event()
    def started(address):
        found.append(address)
        ready.set()

    thread = threading.Thread(target=practice_page.serve, args=(folder, 0, started), daemon=True)
    thread.start()
    assert ready.wait(10), "the page's server did not start"
    return found[0]


@pytest.fixture(scope="module")
def browser():
    if shutil.which(CHROMIUM) is None:
        pytest.fail("no Chromium at %s: `make practice-check` installs Debian's chromium as root" % CHROMIUM)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, address):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    errors = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(address)
    expect(tab.locator("#status")).to_have_text("ready", timeout=60_000)  # Pyodide loaded from local files
    yield tab
    assert errors == []
    context.close()


def judged(tab, source, button, timeout=120_000):
    """Put source in the editor, press Run or Submit, and return the rows' verdicts once it ends."""
    tab.fill("#code", source)
    tab.click(button)
    expect(tab.locator("#results .summary").last).to_be_visible(timeout=timeout)
    expect(tab.locator("#status")).to_have_text("ready", timeout=timeout)
    return tab.locator("#results tr.case").evaluate_all("rows => rows.map(row => row.dataset.verdict)")


def test_solve_py_gets_every_case_ac_on_submit(page):
    verdicts = judged(page, (ROOT / "solve.py").read_text(), "#submit")
    page.screenshot(path=str(SHOTS / "1-solve-submit.png"), full_page=True)
    assert verdicts == ["AC"] * len(verdicts) and len(verdicts) == 27, verdicts
    expect(page.locator("#results .summary").last).to_have_text("every case AC")


@pytest.mark.parametrize("mistake", ["sum_not_mean", "numpy_style_rounding", "negative_zero", "wrong_axis"])
def test_a_wrong_answer_shows_its_named_mistake(page, mistake):
    verdicts = judged(page, wrong_answers.program(mistake), "#run")
    page.screenshot(path=str(SHOTS / ("2-wrong-%s.png" % mistake)), full_page=True)
    assert "WA" in verdicts
    details = page.locator("#results tr.case td:nth-child(4)").all_inner_texts()
    assert any(MISTAKES[mistake] in detail for detail in details), details
    expect(page.locator("#results pre.stdout").first).to_be_visible()  # a failing sample shows its output


def test_a_syntax_error_shows_pythons_message(page):
    verdicts = judged(page, "print('hello'\n", "#run")
    page.screenshot(path=str(SHOTS / "3-syntax-error.png"), full_page=True)
    assert verdicts == ["RTE", "RTE"]
    expect(page.locator("#results pre.stderr").first).to_contain_text("SyntaxError")
    expect(page.locator("#results tr.case td:nth-child(4)").first).to_contain_text("SyntaxError")


def test_a_loop_is_stopped_as_tle(page):
    verdicts = judged(page, "while True:\n    pass\n", "#run", timeout=60_000)
    page.screenshot(path=str(SHOTS / "4-loop-tle.png"), full_page=True)
    assert verdicts == ["TLE", "TLE"]
    expect(page.locator("#status")).to_have_text("ready")  # a fresh worker took over


def test_submit_stops_after_a_failing_sample(page):
    judged(page, wrong_answers.program("divide_twice"), "#submit")
    expect(page.locator("#results .summary").first).to_have_text(
        "The secret data is for after the samples pass: fix them first.")
    assert page.locator("#results tr.case").count() == 2


def test_a_reload_keeps_the_code(page):
    source = "# my attempt\nprint(42)\n"
    page.fill("#code", source)
    page.reload()
    expect(page.locator("#status")).to_have_text("ready", timeout=60_000)
    page.screenshot(path=str(SHOTS / "5-after-reload.png"), full_page=True)
    assert page.input_value("#code") == source
