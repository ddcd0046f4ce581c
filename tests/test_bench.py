"""tools/bench.py's verdicts: an interval for the median from the rounds, and a target judged on it."""

import pytest

from tools import bench


@pytest.mark.parametrize("n, interval", [(3, None), (4, None), (5, (1, 5)), (7, (1, 7)), (8, (2, 7)),
                                         (11, (3, 9)), (41, (15, 27))])
def test_the_median_interval_is_the_narrowest_of_90_percent(n, interval):
    """The k-th least and greatest of n values: k as large as keeps 1 - 2 P(B < k) >= 90%."""
    assert bench.median_interval(list(range(n, 0, -1))) == interval


@pytest.mark.parametrize("values, verdict", [
    ([1.0] * 5, "yes"),
    ([1.0, 1.0, 1.0, 1.0, 1.1], "yes"),  # the limit itself is within it
    ([1.2] * 5, "NO"),
    ([1.0, 1.05, 1.09, 1.12, 1.2], "not shown"),  # the limit inside the interval
    ([1.0, 1.0, 1.0], "not shown"),  # too few rounds for an interval
    ([3.0], "yes"),  # one value: a ratio of medians, or a memory growth
    ([6.0], "NO"),
])
def test_a_target_is_met_only_when_its_interval_is(values, verdict):
    assert bench.verdict(values, 1.1 if len(values) > 1 else 5) == verdict


@pytest.mark.parametrize("first, second, status", [
    ("yes", "yes", 0), ("NO", "not shown", 0), ("not shown", "NO", 0), ("yes", "not shown", 1),
    ("NO", "yes", 1)])
def test_two_runs_disagree_only_on_met_against_not_met(tmp_path, capsys, first, second, status):
    """--compare: "NO" and "not shown" are both not met; only met in one run and not the other fails."""
    for name, met in (("a.md", first), ("b.md", second)):
        (tmp_path / name).write_text("| target | median | met |\n|---|---:|:---:|\n| t <= 1 | 1.0x | %s |\n"
                                     "| other <= 1 | 0.5x | yes |\n" % met)
    with pytest.raises(SystemExit) as done:
        bench.compare(tmp_path / "a.md", tmp_path / "b.md")
    assert done.value.code == status
    summary = "%d targets agree on met / not met, %d do not\n" % (2 - status, status)
    assert capsys.readouterr().out.endswith(summary)
