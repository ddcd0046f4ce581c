"""make stress (tools/stress.py): the table of mistakes against cases, the search for what the data lets
through, and the exit status CI relies on, tried on the problems' own folders."""

import time

import pytest

from packages.problem import Problem, names
from tools import stress

HEAD = Problem.named("headaccumulation")
FAR_APART = b"2 1 3 0.5\n10 2 1\n2\n0 100\n2 -100\n1\n1 50\n"  # 19-maxima-far-apart's input


@pytest.mark.parametrize("name", names())
def test_every_mistake_of_every_problem_is_caught_by_two_secret_cases(name):
    """The data's promise: each wrong and crashing submission, Python and C++, WA or RTE on at least
    MIN_CAUGHT (2) secret cases, so that a tester's program with one of these mistakes fails more than
    once."""
    table = stress.table(Problem.named(name))
    assert set(table.mistakes) == {program.name for program in stress.mistake_programs(Problem.named(name))}
    assert stress.MIN_CAUGHT == 2 and table.weak() == {}, table.weak()


def test_the_table_says_which_case_catches_which_mistake_and_how():
    table = stress.table(HEAD)
    assert table.catching("batch_max.py") == ["secret 19-maxima-far-apart", "secret 20-maxima-far-apart"]
    assert table.cells[("secret 19-maxima-far-apart", "batch_max.py")] == "RTE"
    assert table.cells[("secret 19-maxima-far-apart", "batch_max_nan.cpp")] == "WA"  # it prints nan
    assert table.cells[("sample 2", "mean_of_means.py")] == "WA"
    assert table.cells[("sample 1", "mean_of_means.py")] == ""  # equal micro-batches: right there
    lines = table.lines()
    assert lines[-len(table.mistakes):][0].strip().startswith("1  ")
    groups = table.alike_on_samples()
    crashing = [[m for m in group if m in ("batch_max.py", "softmax_overflow.py")] for group in groups]
    assert ["batch_max.py", "softmax_overflow.py"] in crashing
    markdown = table.markdown()
    assert markdown[0].startswith("| mistake | s1 | s2 | 01 |") and markdown[0].endswith("| caught by |")


def test_a_weak_mistake_fails_make_stress(monkeypatch, capsys):
    """A mistake caught by fewer cases than MIN_CAUGHT makes make stress exit 1, naming it."""
    assert stress.main(["--problem", "gradientaccumulation", "--table"]) == 0
    monkeypatch.setattr(stress, "MIN_CAUGHT", 3)
    assert stress.main(["--problem", "gradientaccumulation", "--table"]) == 1
    out = capsys.readouterr().out
    assert "stress: update_in_loop.py is caught by 2 secret cases (at least 3 wanted)" in out, out


def test_the_search_finds_the_batch_wide_max_and_shrinks_it_to_a_few_lines():
    """Without the data, Hypothesis over headaccumulation's stress() finds an input on which batch_max.py
    dies, and shrinks it to a handful of lines, as make stress does for a mistake the data lets through."""
    program = {p.name: p for p in stress.mistake_programs(HEAD)}["batch_max.py"]
    search = stress.Search(HEAD, time.monotonic() + 10**6, lambda *_: None)

    def fails(data, answer):
        return bool(stress.caught(HEAD, answer, program.run(data)))

    found = search.smallest(fails, "batch_max.py", seed=1, tries=3000)
    assert found is not None and len(found.split(b"\n")) <= 10, found
    assert program.run(found) == (None, "ZeroDivisionError")
    rule = search.rule("NN-batch-max", found)
    assert rule[0] == "NN-batch-max:" or rule[0].startswith("NN-batch-max: gen.py "), rule


def test_the_accepted_submissions_agree_with_the_reference_on_a_drawn_input():
    search = stress.Search(HEAD, time.monotonic() + 10**6, lambda *_: None)
    answer = search.answer(FAR_APART)
    for program in stress.accepted_programs(HEAD):
        assert stress.caught(HEAD, answer, program.run(FAR_APART)) == "", program.label


def test_try_says_which_submissions_an_input_catches(capsys):
    assert stress.main(["--problem", "headaccumulation", "--try", FAR_APART.decode()]) == 0
    out = capsys.readouterr().out.split("\n")
    assert "  RTE   batch_max.py: ZeroDivisionError" in out and "  WA    batch_max_nan.cpp" in out, out
    assert "  right head.cpp" in out, out
    assert stress.main(["--problem", "headaccumulation", "--try", "1 1 1 2\n1\n1\n0 1\n"]) == 1
    assert "refuses it" in capsys.readouterr().out
