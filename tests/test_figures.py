"""The numbers behind docs/figures/, from tools/figures.py's data functions (no matplotlib needed),
and the captions that docs/library.md quotes."""


import numpy as np
import pytest

from testkit.runs import ROOT
from tools import figures

LIBRARY_PAGE = ROOT / "docs" / "library.md"


@pytest.fixture(scope="module")
def head():
    return figures.head_training()


def test_the_library_follows_the_full_batch_at_every_step(head):
    losses, _ = head
    full, library = np.array(losses[figures.HEAD_WAYS[0]]), np.array(losses[figures.HEAD_WAYS[1]])
    assert len(full) == figures.HEAD_STEPS + 1 >= 51
    assert np.abs(library - full).max() <= 1e-12


def test_the_mean_of_means_drifts_away(head):
    losses, _ = head
    full, mean_of_means = np.array(losses[figures.HEAD_WAYS[0]]), np.array(losses[figures.HEAD_WAYS[2]])
    assert np.abs(mean_of_means - full).max() > 0.05
    assert mean_of_means[-1] > full[-1] + 0.05  # still worse at the end, not only on the way


def test_the_sums_first_step_is_exactly_k_times_the_means(head):
    _, first = head
    start = np.zeros_like(first[figures.HEAD_WAYS[0]])
    sum_step = start - first[figures.HEAD_WAYS[3]]
    mean_step = start - first[figures.HEAD_WAYS[2]]
    assert len(figures.COUNTED) == 4
    assert np.array_equal(sum_step, 4 * mean_step) and np.abs(mean_step).max() > 0


def test_the_sum_is_the_mean_of_means_at_k_times_the_learning_rate(head):
    """Caption a's why: the sum's lower loss is a 4 times larger step, and the full batch goes lower still."""
    losses, _ = head
    four_times = figures.head_training(lr=4 * figures.HEAD_LR)[0]
    summed = np.array(losses[figures.HEAD_WAYS[3]])
    assert np.abs(summed - np.array(four_times[figures.HEAD_WAYS[2]])).max() <= 1e-12
    assert summed[-1] < losses[figures.HEAD_WAYS[0]][-1]  # lower than the full batch at the lr set
    assert four_times[figures.HEAD_WAYS[0]][-1] < summed[-1]  # and the full batch at 4 lr is lower still


def test_the_micro_batches_are_unequal_and_padded():
    batches, (hidden, ids) = figures.head_batches()
    counted = [int((batch_ids != figures.PAD).sum()) for _, batch_ids in batches]
    assert counted == list(figures.COUNTED) and len(ids) == sum(counted) == len(hidden)
    assert all(batch_ids.shape == (1, 256) for _, batch_ids in batches)


def test_linear_the_library_is_the_full_batch_and_every_mistake_is_not():
    distances = figures.linear_distance()
    assert max(distances[figures.LINEAR_WAYS[0]]) < figures.ROUNDING  # drawn in the rounding band
    assert figures.LINEAR_WAYS[1:] == tuple("MISTAKE: " + way for way in figures.linear_mistakes(
        [1.0], [[[1.0]]], [[0.0]], 0.1))
    for way in figures.LINEAR_WAYS[1:]:
        assert distances[way][0] <= 1e-12  # K = 1: one micro-batch, every way is the full batch
        assert min(distances[way][1:]) > 1e-3, way  # far above the band: drawn where they are
    summed = distances[figures.LINEAR_WAYS[1]]
    assert summed[-1] > summed[1]  # the sum's error grows with K


def test_the_seed_example_updated_inside_the_loop():
    assert figures.seed_example_inside_the_loop() == ([2.0], [1.25])


def test_float64_accumulates_more_precisely_than_float32_at_every_k():
    f32, f64, cast = (figures.precision()[way] for way in figures.PRECISION_WAYS)
    assert len(f64) == len(figures.PRECISION_KS) and figures.PRECISION_KS[-1] >= 1000
    assert all(e64 < e32 for e32, e64 in zip(f32, f64, strict=True))
    assert cast[0] > f32[0] > 0  # at K = 2 the cast costs more than the accumulation


def test_each_accumulator_is_measured_against_its_own_inputs():
    """float32 inputs are compared with their own exact mean, so the cast is not counted as accumulation."""
    grads = np.array([[1.0, 0.1], [2.0 ** -30, 0.2]])
    cast = grads.astype(np.float32)
    exact = [(1.0 + 2.0 ** -30) / 2, (float(cast[0, 1]) + float(cast[1, 1])) / 2]
    assert figures.exact_mean(cast).tolist() == exact
    assert figures.accumulated_mean(cast).tolist() == [0.5, float((cast[0, 1] + cast[1, 1]) / np.float32(2))]
    assert figures.accumulated_mean(grads).tolist() == figures.exact_mean(grads).tolist()


def test_the_docs_quote_the_captions_as_computed():
    """Every number in a caption comes from the data functions above; the page must say the same."""
    page = " ".join(LIBRARY_PAGE.read_text().split())
    for name, caption in figures.captions().items():
        assert (figures.FIGURES / name).exists(), name
        assert caption in page, name


def test_the_readme_quotes_figure_a_as_computed(head):
    losses, _ = head
    full = np.array(losses[figures.HEAD_WAYS[0]])
    gap = np.abs(np.array(losses[figures.HEAD_WAYS[2]]) - full).max()
    readme = " ".join((figures.ROOT / "README.md").read_text().split())
    assert "(largest gap %.3f)" % gap in readme
    assert "%d SGD steps of the output head on %d tokens in 4 micro-batches of 3, 12, 60 and 250 tokens" % (
        figures.HEAD_STEPS, sum(figures.COUNTED)) in readme
