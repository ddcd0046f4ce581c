"""The practice page in a real browser: headless Chromium (Debian's), driven by Playwright.

    make practice-check        # builds the page and runs this file in build/browser-venv

Not part of `make test`: it needs Chromium, which `make practice-check`
installs (as root, with apt-get) where it is missing. Without Chromium the
test fails, saying so; it never skips. Each state the learner sees is saved
as a screenshot under build/practice-shots/.
"""

import http.server
import json
import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from packages.problem import DEFAULT, Problem
from practice import page as practice_page
from practice.check import mistakes

WRONG = {name: source.decode() for name, source in Problem.named().wrong_answers().items()}
SECOND_WRONG = {name: source.decode()
                for name, source in Problem.named("linearaccumulation").wrong_answers().items()}
SECOND_NAMED = ["sum_not_mean", "update_in_loop"]  # mistakes of the second problem its samples name

ROOT = Path(__file__).resolve().parent.parent.parent
SHOTS = ROOT / "build" / "practice-shots"
CHROMIUM = "/usr/bin/chromium"
# As the machine's probe starts it: no sandbox as root, and nothing that reaches for the network.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def folder():
    return practice_page.build()


@pytest.fixture(scope="module")
def samples(folder):
    """How many samples Run tries: the built page's, as its cases.json lists them."""
    return len(json.loads((folder / DEFAULT / "cases.json").read_text())["samples"])


@pytest.fixture(scope="module")
def address(folder):
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


def open_tab(context, address, errors):
    tab = context.new_page()
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(address)
    expect(tab.locator("#status")).to_have_text("ready", timeout=60_000)  # Pyodide loaded from local files
    return tab


@pytest.fixture()
def page(browser, address):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    errors = []
    yield open_tab(context, address, errors)
    assert errors == []
    context.close()


def judged(tab, source, button, timeout=120_000):
    """Put source in the editor, press Run or Submit, and return the rows' verdicts once it ends."""
    tab.fill("#code", source)
    tab.click(button)
    expect(tab.locator("#results .summary").last).to_be_visible(timeout=timeout)
    expect(tab.locator("#status")).to_have_text("ready", timeout=timeout)
    return tab.locator("#results tr.case").evaluate_all("rows => rows.map(row => row.dataset.verdict)")


def test_solve_py_gets_every_case_ac_on_submit(page, folder):
    verdicts = judged(page, (ROOT / "solve.py").read_text(), "#submit")
    page.screenshot(path=str(SHOTS / "1-solve-submit.png"), full_page=True)
    cases = json.loads((folder / DEFAULT / "cases.json").read_text())
    assert verdicts == ["AC"] * (len(cases["samples"]) + len(cases["secret"])), verdicts
    expect(page.locator("#results .summary").last).to_have_text("every case AC")


@pytest.mark.parametrize("mistake", ["sum_not_mean", "half_up_rounding", "negative_zero", "wrong_axis"])
def test_a_wrong_answer_shows_its_named_mistake(page, mistake):
    verdicts = judged(page, WRONG[mistake], "#run")
    page.screenshot(path=str(SHOTS / ("2-wrong-%s.png" % mistake)), full_page=True)
    assert "WA" in verdicts
    details = page.locator("#results tr.case td.detail").all_inner_texts()
    assert any(mistakes()[mistake].sentence in detail for detail in details), details
    expect(page.locator("#results pre.stdout").first).to_be_visible()  # a failing sample shows its output


def test_a_wrong_sample_shows_its_input_and_the_values_that_differ(page):
    assert judged(page, WRONG["sum_not_mean"], "#run")[:2] == ["WA", "AC"]
    shown = page.locator("#results pre.shown").first.inner_text().split("\n")
    assert shown[0].startswith("input:    2 0.1\\n"), shown  # the input on one line, as make check shows it
    assert [line.split()[0] for line in shown[1:3]] == ["expected:", "found:"], shown
    assert shown[3].split() == ["^^^^^^", "^^^^^^"], shown  # both values differ


def test_find_shows_the_smallest_input_that_goes_wrong(page):
    """The search of make check FIND=1, each input run as a case of Run is: for a learner wrong only
    when K >= 3, it finds K = 3 with one parameter, and says expected against found."""
    page.fill("#code", RIGHT.replace("READ", "sys.stdin.read()").replace("range(k)", "range(min(k, 2))")
              + "print(ANSWER, end='')\n")
    page.click("#find")
    expect(page.locator("#results pre.found")).to_be_visible(timeout=600_000)
    expect(page.locator("#status")).to_have_text("ready")
    page.screenshot(path=str(SHOTS / "6-find.png"), full_page=True)
    lines = page.locator("#results pre.found").inner_text().split("\n")
    assert "the smallest that goes wrong is WA:" in lines[0], lines
    k, d = int(lines[2].split()[0]), len(lines[3].split())
    assert (k, d) == (3, 1), lines
    assert [line.split()[0] for line in lines[k + 5:k + 7]] == ["expected", "found"], lines
    expect(page.locator("#results a.saved")).to_have_attribute("download", "failing.in")


LINEAR = "linearaccumulation"  # the second problem, which the learner picks in the page


# A learner of the second problem wrong only when K >= 3: the mean of two micro-batches' gradients at most.
LINEAR_ONLY_TWO = """import sys
t = sys.stdin.read().split()
k, b, d, lr = int(t[0]), int(t[1]), int(t[2]), float(t[3])
w = [float(x) for x in t[4:4 + d]]
v = [float(x) for x in t[4 + d:]]
used = min(k, 2)
total = [0.0] * d
for i in range(used * b):
    row = v[i * (d + 1):(i + 1) * (d + 1)]
    r = sum(row[j] * w[j] for j in range(d)) - row[d]
    total = [total[j] + 2 * r * row[j] / b for j in range(d)]
print(" ".join(repr(w[j] - lr * total[j] / used) for j in range(d)))
"""


def titles(folder):
    """Return {name: title} of the problems the built page lists (problems.json)."""
    return {p["name"]: p["title"] for p in json.loads((folder / "problems.json").read_text())["problems"]}


def picked(tab, name):
    """Pick a problem in the page's menu; return once its page is ready."""
    tab.select_option("#problem", name)
    tab.wait_for_url("**/?problem=%s" % name)
    expect(tab.locator("#status")).to_have_text("ready", timeout=60_000)


def test_the_learner_picks_the_second_problem_and_a_right_solution_is_ac(page, folder):
    """Its statement, its starting program (WA), and a right solution AC on every case on Submit."""
    cases = json.loads((folder / LINEAR / "cases.json").read_text())
    picked(page, LINEAR)
    expect(page.locator("#statement h1")).to_have_text(titles(folder)[LINEAR])
    assert page.input_value("#code") == (folder / LINEAR / "starter.py").read_text()
    assert "WA" in judged(page, page.input_value("#code"), "#run")
    right = next(iter(Problem.named(LINEAR).accepted().values())).decode()
    verdicts = judged(page, right, "#submit", timeout=600_000)
    page.screenshot(path=str(SHOTS / "10-second-problem-submit.png"), full_page=True)
    assert verdicts == ["AC"] * (len(cases["samples"]) + len(cases["secret"])), verdicts
    page.select_option("#problem", DEFAULT)  # back to the first, whose code is its own
    page.wait_for_url("**/?problem=%s" % DEFAULT)
    expect(page.locator("#status")).to_have_text("ready", timeout=60_000)
    assert page.input_value("#code") == (folder / DEFAULT / "starter.py").read_text()


@pytest.mark.parametrize("mistake", SECOND_NAMED)
def test_a_wrong_solution_to_the_second_problem_is_wa_with_its_name(page, mistake):
    picked(page, LINEAR)
    verdicts = judged(page, SECOND_WRONG[mistake], "#run")
    page.screenshot(path=str(SHOTS / ("11-second-wrong-%s.png" % mistake)), full_page=True)
    assert "WA" in verdicts, verdicts
    details = page.locator("#results tr.case td.detail").all_inner_texts()
    assert any(mistakes(LINEAR)[mistake].sentence in detail for detail in details), details


def test_find_on_the_second_problem_finds_k_3_with_one_example_and_one_feature(page):
    """The picked problem's search (its search.py, reference.py and validator in the search's Pyodide):
    for a learner wrong only when K >= 3, an input with K = 3, B = 1 and d = 1."""
    picked(page, LINEAR)
    page.fill("#code", LINEAR_ONLY_TWO)
    page.click("#find")
    expect(page.locator("#results pre.found")).to_be_visible(timeout=600_000)
    page.screenshot(path=str(SHOTS / "12-second-find.png"), full_page=True)
    lines = page.locator("#results pre.found").inner_text().split("\n")
    assert "the smallest that goes wrong is WA:" in lines[0], lines
    assert lines[2].split()[:3] == ["3", "1", "1"], lines
    expect(page.locator("#results a.saved")).to_have_attribute("download", "failing.in")


HEAD = "headaccumulation"  # the third problem: its mistakes include one that crashes (run_time_error/)
HEAD_MISTAKES = mistakes(HEAD)


def test_the_learner_picks_the_third_problem_and_a_right_solution_is_ac(page, folder):
    """Its statement, its starting program (WA), and its accepted head.py AC on every case on Submit."""
    cases = json.loads((folder / HEAD / "cases.json").read_text())
    picked(page, HEAD)
    expect(page.locator("#statement h1")).to_have_text(titles(folder)[HEAD])
    assert page.input_value("#code") == (folder / HEAD / "starter.py").read_text()
    assert "WA" in judged(page, page.input_value("#code"), "#run")
    right = Problem.named(HEAD).accepted()["head"].decode()
    verdicts = judged(page, right, "#submit", timeout=600_000)
    page.screenshot(path=str(SHOTS / "13-third-problem-submit.png"), full_page=True)
    assert verdicts == ["AC"] * (len(cases["samples"]) + len(cases["secret"])), verdicts


def test_the_mean_of_means_is_wa_with_its_name_on_the_third_problem(page):
    """Sample 1 (equal micro-batches, no padding) passes; sample 2 (unequal counts, padding) is WA and fits
    the mean of means alone, on one case: no name there. The first secret case where the mean of means is
    wrong runs too, as make check runs it, and names it."""
    picked(page, HEAD)
    verdicts = judged(page, Problem.named(HEAD).wrong_answers()["mean_of_means"].decode(), "#run")
    page.screenshot(path=str(SHOTS / "14-third-mean-of-means.png"), full_page=True)
    assert verdicts == ["AC", "WA", "WA"], verdicts
    details = page.locator("#results tr.case td.detail").all_inner_texts()
    sentence = HEAD_MISTAKES["mean_of_means"].sentence
    assert sentence not in details[1] and sentence in details[2], details
    expect(page.locator("#results .summary").first).to_contain_text("fit one known mistake")


def test_a_softmax_that_overflows_is_rte_with_its_name_where_it_crashes(page, folder):
    """The crashing submission, on Submit: RTE on exactly the cases where it crashes in the judge's own
    run (cases.json's prints), each row naming the mistake; AC on the others."""
    cases = json.loads((folder / HEAD / "cases.json").read_text())
    every = cases["samples"] + cases["secret"]
    crashes = ["RTE" if isinstance(item["prints"]["softmax_overflow"], dict) else "AC" for item in every]
    picked(page, HEAD)
    source = Problem.named(HEAD).submissions("run_time_error")["softmax_overflow.py"].decode()
    verdicts = judged(page, source, "#submit", timeout=600_000)
    page.screenshot(path=str(SHOTS / "15-third-softmax-overflow.png"), full_page=True)
    assert "RTE" in crashes and verdicts == crashes, verdicts
    details = page.locator("#results tr.case td.detail").all_inner_texts()
    crashed = [detail for verdict, detail in zip(verdicts, details, strict=True) if verdict == "RTE"]
    for number, detail in enumerate(crashed):  # named from the second crash on: one alone proves nothing
        assert "Error" in detail, detail
        assert (HEAD_MISTAKES["softmax_overflow"].sentence in detail) == (number > 0), detail


def test_find_on_a_right_solution_says_it_found_none(page):
    page.fill("#code", (ROOT / "solve.py").read_text())
    page.click("#find")
    expect(page.locator("#results pre.found")).to_contain_text("and none shows a mistake", timeout=900_000)
    assert page.locator("#results a.saved").count() == 0


def test_a_mistake_that_another_prints_too_is_not_named(page):
    """On sample 2, np.round's output is truncation's and float32's too: expected against found only."""
    verdicts = judged(page, WRONG["numpy_style_rounding"], "#run")
    assert verdicts[:2] == ["AC", "WA"], verdicts
    detail = page.locator("#results tr.case td.detail").nth(1).inner_text()
    assert detail.startswith("value 2: expected 0.8283, found 0.8282\n"), detail
    assert not any(sentence in detail for sentence in [m.sentence for m in mistakes().values()]), detail


RIGHT = """import sys
t = (READ).split()
k, lr = int(t[0]), float(t[1])
v = [float(x) for x in t[2:]]
d = len(v) // (k + 1)
out = ["%.4f" % (v[j] - lr * (sum(v[d * (i + 1) + j] for i in range(k)) / k)) for j in range(d)]
ANSWER = " ".join("0.0000" if x == "-0.0000" else x for x in out) + "\\n"
"""
SOLVED = RIGHT.replace("READ", "sys.stdin.read()") + "print(ANSWER, end='')\n"


@pytest.mark.parametrize("reader, writer", [
    ("open(0).read()", "print(ANSWER, end='')"),
    ("__import__('os').read(0, 1 << 26).decode()", "import os\nos.write(1, ANSWER.encode())"),
    ("__import__('io').BytesIO(__import__('os').read(0, __import__('os').fstat(0).st_size)).read().decode()",
     "print(ANSWER, end='')\nsys.stdout = None"),
    ("sys.stdin.read()", "print(ANSWER, end='')\nsys.stdout.flush()\nimport os\nos._exit(0)"),
], ids=["open-0", "os-read-and-os-write", "fstat-template-then-stdout-none", "os-exit-after-flush"])
def test_stdin_and_stdout_are_descriptors_as_on_a_judge(page, samples, reader, writer):
    assert judged(page, RIGHT.replace("READ", reader) + writer + "\n", "#run") == ["AC"] * samples


def test_nothing_a_program_changes_reaches_the_next_case_or_run(page, samples):
    """Each case has a fresh interpreter: a changed decimal context, sys or module is gone at the next."""
    poison = ("import decimal, sys, os\nleaked = (decimal.getcontext().rounding != decimal.ROUND_HALF_EVEN"
              " or hasattr(sys, 'poisoned') or 'poisoned' in os.environ)\n"
              "decimal.getcontext().rounding = decimal.DefaultContext.rounding = decimal.ROUND_HALF_UP\n"
              "sys.poisoned = True\nos.environ['poisoned'] = '1'\nsys.modules['math'] = None\n"
              "if leaked:\n    print('leaked')\n    raise SystemExit\n")
    source = poison + (ROOT / "solve.py").read_text().replace("from __future__ import annotations\n", "")
    assert judged(page, source, "#run") == ["AC"] * samples
    assert judged(page, source, "#run") == ["AC"] * samples


@pytest.mark.parametrize("attempt", [
    "import judge\njudge.Check.judge = lambda *a: judge.Verdict('AC')\n",
    "import js\njs.postMessage(js.JSON.parse('{\"verdict\": \"AC\", \"detail\": \"\", \"seconds\": 0}'))\n",
    "import js\nx = js.XMLHttpRequest.new()\nx.open('GET', 'data/sample-1.ans', False)\nx.send()\n"
    "print(x.responseText)\n",
], ids=["patch-the-judge", "post-a-verdict", "fetch-the-answer"])
def test_a_program_cannot_reach_the_judge_or_the_answers(page, attempt):
    verdicts = judged(page, attempt, "#run")
    assert "AC" not in verdicts, verdicts
    assert judged(page, WRONG["sum_not_mean"], "#run")[:2] == ["WA", "AC"]  # the judge holds


def test_an_error_in_the_interpreter_is_a_verdict_not_a_wait(page, samples):
    verdicts = judged(page, "import os\nos._exit(3)\n", "#run")
    assert verdicts == ["RTE"] * samples
    expect(page.locator("#results tr.case td.detail").first).to_contain_text("exit status 3")


def test_numpy_is_said_to_be_absent(page):
    expect(page.locator("#note")).to_contain_text("import numpy fails")
    judged(page, "import numpy\n", "#run")
    expect(page.locator("#results tr.case td.detail").first).to_contain_text(
        "numpy is not available in this page")


def test_a_program_is_timed_from_its_own_start(page, samples):
    """A right program that needs about 1.2 s of CPU is AC: its limit counts from its start, and no
    other Python loads beside it. Its work is a count of units, measured first in this browser (a
    Run that counts them for 0.5 s on each sample, the fastest kept), so that it needs 1.2 s here on a
    fast machine or a slow one."""
    unit = "for _ in range(10_000):\n        pass\n"
    judged(page, "import time\nunits, start = 0, time.perf_counter()\n"
           "while time.perf_counter() - start < 0.5:\n    units += 1\n    " + unit + "print(units)\n", "#run")
    units = max(int(text.split()[1]) for text in page.locator("#results pre.stdout").all_inner_texts())
    page.reload()  # the runners load anew, as at a first Run
    expect(page.locator("#status")).to_have_text("ready", timeout=60_000)
    verdicts = judged(page, "for _ in range(%d):\n    %s" % (units * 12 // 5, unit) + SOLVED, "#run")
    page.screenshot(path=str(SHOTS / "7-busy-program.png"), full_page=True)
    assert verdicts == ["AC"] * samples, page.locator("#results tr.case td.detail").all_inner_texts()
    for cells in (".seconds", ".memory"):  # its own seconds, and the MiB of its Python's memory
        assert all(text.strip() for text in page.locator("#results tr.case td" + cells).all_inner_texts())


def test_a_program_past_the_memory_limit_is_mle(page, samples):
    """A right answer from a program that holds 700 MiB, which a judge's 512 MiB would have stopped."""
    verdicts = judged(page, "x = bytearray(700 << 20)\n" + SOLVED, "#run")
    page.screenshot(path=str(SHOTS / "8-memory-mle.png"), full_page=True)
    assert verdicts == ["MLE"] * samples, verdicts
    expect(page.locator("#results tr.case td.detail").first).to_contain_text("past the limit of 512 MiB")
    assert all(text.endswith(" MiB") for text in page.locator("#results tr.case td.memory").all_inner_texts())


@pytest.mark.parametrize("source, says", [
    ("import threading\nthreading.Thread(target=print).start()\n", "cannot start threads"),
    ("import resource\n", "has no module resource"),
    ("import asyncio\nasync def main():\n    print(1)\nasyncio.run(main())\n",
     "cannot run asyncio.run (its event loop is the browser's)"),
], ids=["thread", "resource", "asyncio-run"])
def test_what_the_pages_python_cannot_do_is_na_not_rte(page, samples, source, says, request):
    """Not an RTE that reads as the learner's mistake: N/A, saying what the page's Python lacks."""
    verdicts = judged(page, source, "#run")
    page.screenshot(path=str(SHOTS / ("9-na-%s.png" % request.node.callspec.id)), full_page=True)
    assert verdicts == ["N/A"] * samples, verdicts
    expect(page.locator("#results tr.case td.NA").first).to_have_text("N/A")
    expect(page.locator("#results tr.case td.detail").first).to_contain_text(
        "the page's Python (Pyodide) %s; make check runs this as a judge does" % says)
    expect(page.locator("#results .summary").last).to_contain_text("N/A")


def test_a_byte_order_mark_before_the_program_is_skipped(page, samples):
    """As CPython skips it when it reads a file: a right program saved with a BOM is AC."""
    assert judged(page, "\ufeff" + (ROOT / "solve.py").read_text(), "#run") == ["AC"] * samples


def test_a_syntax_error_shows_pythons_message(page, samples):
    verdicts = judged(page, "print('hello'\n", "#run")
    page.screenshot(path=str(SHOTS / "3-syntax-error.png"), full_page=True)
    assert verdicts == ["RTE"] * samples
    expect(page.locator("#results pre.stderr").first).to_contain_text("SyntaxError")
    expect(page.locator("#results tr.case td.detail").first).to_contain_text("SyntaxError")


def test_a_loop_is_stopped_as_tle(page, samples):
    verdicts = judged(page, "while True:\n    pass\n", "#run", timeout=60_000)
    page.screenshot(path=str(SHOTS / "4-loop-tle.png"), full_page=True)
    assert verdicts == ["TLE"] * samples
    expect(page.locator("#status")).to_have_text("ready")  # a fresh worker took over


def test_submit_stops_after_a_failing_sample(page, samples):
    judged(page, "print(0)\n", "#submit")  # wrong, and no known mistake: nothing to prove either
    expect(page.locator("#results .summary").first).to_have_text(
        "The secret data is for after the samples pass: fix them first.")
    assert page.locator("#results tr.case").count() == samples


def test_a_reload_keeps_the_code(page):
    source = "# my attempt\nprint(42)\n"
    page.fill("#code", source)
    page.reload()
    expect(page.locator("#status")).to_have_text("ready", timeout=60_000)
    page.screenshot(path=str(SHOTS / "5-after-reload.png"), full_page=True)
    assert page.input_value("#code") == source


def test_two_tabs_keep_their_own_code(browser, address):
    context = browser.new_context()
    errors = []
    first = open_tab(context, address, errors)
    first.fill("#code", "# the first tab\n")
    second = open_tab(context, address, errors)
    assert second.input_value("#code") == "# the first tab\n"  # a new tab starts from the latest
    second.fill("#code", "# the second tab\n")
    expect(first.locator("#storage")).to_contain_text("Another tab saved other code")
    for tab, source in ((first, "# the first tab\n"), (second, "# the second tab\n")):
        tab.reload()
        expect(tab.locator("#status")).to_have_text("ready", timeout=60_000)
        assert tab.input_value("#code") == source
    assert errors == []
    context.close()


@pytest.mark.parametrize("script, says", [
    ("Object.defineProperty(window, 'localStorage',"
     " {get() { throw new DOMException('no', 'SecurityError'); }});",
     "keeps no storage"),
    ("Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };",
     "could not be saved (QuotaExceededError)"),
], ids=["blocked", "over-quota"])
def test_without_storage_the_page_says_so_and_works(browser, address, script, says):
    context = browser.new_context()
    context.add_init_script(script)
    errors = []
    tab = open_tab(context, address, errors)
    assert judged(tab, WRONG["sum_not_mean"], "#run")[0] == "WA"
    expect(tab.locator("#storage")).to_contain_text(says)
    assert errors == []
    context.close()


# --- the third round (#63): what a program cannot forge or reach from the page ------------------------

def test_a_forged_heap_does_not_hide_the_memory_a_program_holds(page, samples):
    """The page reads the interpreter's WebAssembly memory from the Memory it kept when Pyodide was
    instantiated, before any program ran: a program that replaces pyodide._module.HEAPU8 with a tiny
    array after holding 700 MiB is MLE all the same."""
    forged = ("x = bytearray(700 << 20)\nimport js, pyodide_js\n"
              "pyodide_js._module.HEAPU8 = js.Uint8Array.new(16)\n") + SOLVED
    verdicts = judged(page, forged, "#run")
    assert verdicts == ["MLE"] * samples, page.locator("#results tr.case td.detail").all_inner_texts()


def test_a_program_cannot_keep_anything_in_the_browsers_storage_between_cases(page, samples):
    """A program that counts its runs in storage the cases share (the old file system API) would be AC on
    one sample and WA on the next: the runner has no such API, so every run starts from nothing."""
    counter = ("import js\ntry:\n    fs = js.webkitRequestFileSystemSync(0, 1 << 20)\n"
               "    entry = fs.root.getFile('runs', js.JSON.parse('{\"create\": true}'))\n"
               "    print('reached storage')\n    raise SystemExit\nexcept (AttributeError, Exception):\n"
               "    pass\n") + SOLVED
    assert judged(page, counter, "#run") == ["AC"] * samples


def test_a_program_cannot_reach_another_origin(page, samples):
    """import() of a module, and a font, from another origin would carry a case's input out: the runner's
    Content-Security-Policy refuses both, and the listener on the other port hears nothing."""
    heard = []

    class Listener(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            heard.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            self.wfile.write(b"export const x = 1;\n")

        def log_message(self, *args):
            pass

    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), Listener) as listener:
        threading.Thread(target=listener.serve_forever, daemon=True).start()
        where = "http://127.0.0.1:%d/" % listener.server_address[1]
        leak = ("import js, sys\ndata = sys.stdin.read()\n"
                "from pyodide.code import run_js\n"
                "try:\n    run_js(\"import('%sleak.js?' + 1)\")\nexcept Exception:\n    pass\n"
                "try:\n    run_js(\"new FontFace('x', 'url(%sfont?1)').load()\")\n"
                "except Exception:\n    pass\n"
                "import time\nstart = time.time()\nwhile time.time() - start < 0.5:\n    pass\n"
                "print('sent')\n") % (where, where)
        judged(page, leak, "#run")
        listener.shutdown()
    assert heard == [], heard
    assert judged(page, SOLVED, "#run") == ["AC"] * samples  # the runner still loads Pyodide's own files
