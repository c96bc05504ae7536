"""viz.scores.softmax against formulas, torch and the statistics of the samples (tolerances from the sample
size)."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from viz.scores import softmax as sm
from viz.scores import worked


def torch_softmax(x: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    return torch.softmax(torch.tensor(x, dtype=torch.float64) / temperature, dim=-1).numpy()


# ---- softmax itself ------------------------------------------------------------------------------------
@pytest.mark.parametrize("temperature", [0.1, 1.0, 3.7])
def test_softmax_matches_torch(temperature: float) -> None:
    x = np.random.default_rng(0).normal(0, 5, (6, 9))
    np.testing.assert_allclose(
        sm.softmax(x, temperature), torch_softmax(x, temperature), rtol=1e-12, atol=1e-15
    )
    np.testing.assert_allclose(sm.softmax(x, temperature).sum(axis=-1), 1.0, rtol=1e-12)


def test_softmax_along_another_axis() -> None:
    x = np.random.default_rng(1).normal(size=(4, 5))
    np.testing.assert_allclose(sm.softmax(x, axis=0), torch_softmax(x.T).T, rtol=1e-12)


def test_unscaled_scores_at_d_k_1024_and_a_low_temperature_stay_finite() -> None:
    """The scores q · k at d_k = 1024 have standard deviation 32; divided by T = 0.1 they pass 709, where
    exp overflows even in float64: a softmax without the max subtraction gives inf / inf = NaN here."""
    scores = sm.score_rows(1024, 16, 400, seed=3)
    with np.errstate(over="ignore", invalid="ignore"):
        naive = np.exp(scores / 0.1) / np.exp(scores / 0.1).sum(axis=-1, keepdims=True)
    assert np.isnan(naive).any()  # the case is a real one
    p = sm.softmax(scores, 0.1)
    assert np.isfinite(p).all()
    np.testing.assert_allclose(p.sum(axis=-1), 1.0, rtol=1e-12)
    np.testing.assert_allclose(p, torch_softmax(scores, 0.1), atol=1e-12)
    p = sm.softmax(scores)
    assert np.isfinite(p).all()
    np.testing.assert_allclose(p.sum(axis=-1), 1.0, rtol=1e-12)
    np.testing.assert_allclose(p, torch_softmax(scores), atol=1e-12)
    assert np.isfinite(sm.jacobian_norm(p)).all()
    assert np.isfinite(sm.entropy(p)).all()


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([1e308, -1e308, 0.0], [1.0, 0.0, 0.0]),  # differences beyond the float range
        ([1e4, 0.0], [1.0, 0.0]),
        ([-1e4, -1e4], [0.5, 0.5]),  # both hugely negative: still a distribution
        ([-np.inf, 0.0, 0.0], [0.0, 0.5, 0.5]),  # a masked key
        ([-np.inf, -np.inf], [0.0, 0.0]),  # every key masked: no weight at all, not NaN
        ([np.inf, 1.0, np.inf], [0.5, 0.0, 0.5]),  # the limit of ever larger scores
    ],
)
def test_softmax_at_extreme_scores(scores: list[float], expected: list[float]) -> None:
    p = sm.softmax(np.array(scores))
    assert not np.isnan(p).any()
    np.testing.assert_allclose(p, expected, atol=1e-300)


def test_tiny_temperature_on_huge_scores_does_not_overflow() -> None:
    p = sm.softmax(np.array([1e307, 9e306, 0.0]), temperature=0.1)
    np.testing.assert_array_equal(p, [1.0, 0.0, 0.0])


def test_softmax_rejects_nan_and_bad_temperatures() -> None:
    with pytest.raises(ValueError, match="NaN"):
        sm.softmax(np.array([0.0, np.nan]))
    for bad in (0.0, -1.0, np.inf, np.nan):
        with pytest.raises(ValueError, match="temperature"):
            sm.softmax(np.array([0.0, 1.0]), bad)


def test_temperature_is_division_of_the_scores() -> None:
    x = np.array([2.0, -1.0, 0.5])
    np.testing.assert_allclose(sm.softmax(x, 2.5), sm.softmax(x / 2.5), rtol=1e-14)


# ---- entropy and the Jacobian --------------------------------------------------------------------------
def test_entropy_limits_and_formula() -> None:
    for n in (2, 6, 16):
        assert sm.entropy(np.full(n, 1.0 / n)) == pytest.approx(math.log(n))
        assert sm.uniform_entropy(n) == pytest.approx(math.log(n))
    assert sm.entropy(np.array([1.0, 0.0, 0.0])) == 0.0
    p = np.array([0.5, 0.25, 0.25])
    assert sm.entropy(p) == pytest.approx(0.5 * math.log(2) + 2 * 0.25 * math.log(4))


@pytest.mark.parametrize("n", [2, 3, 7])
def test_jacobian_matches_torch_autograd(n: int) -> None:
    x = torch.tensor(np.random.default_rng(n).normal(0, 2, n), dtype=torch.float64)
    reference = torch.autograd.functional.jacobian(lambda v: torch.softmax(v, dim=0), x).numpy()
    p = sm.softmax(x.numpy())
    np.testing.assert_allclose(sm.jacobian(p), reference, atol=1e-14)
    assert sm.jacobian_norm(p) == pytest.approx(np.linalg.norm(reference, "fro"), rel=1e-12)


def test_jacobian_norm_of_many_rows_and_its_limits() -> None:
    p = sm.softmax(np.random.default_rng(5).normal(0, 3, (50, 5)))
    np.testing.assert_allclose(
        # The closed form cancels a little when one weight is near 1: absolute 1e-12 is plenty for a chart.
        sm.jacobian_norm(p),
        [np.linalg.norm(j, "fro") for j in sm.jacobian(p)],
        rtol=1e-9,
        atol=1e-12,
    )
    # Equal weights over n keys give sqrt(n - 1)/n, below the ceiling of 1/2 for n > 2 ...
    for n in (2, 6, 16):
        assert sm.jacobian_norm(np.full(n, 1 / n)) == pytest.approx(math.sqrt(n - 1) / n)
    # ... which two keys sharing the weight reach, and no weights exceed.
    assert sm.jacobian_norm(np.array([0.5, 0.5, 0.0, 0.0])) == pytest.approx(sm.JACOBIAN_NORM_MAX)
    for n in (2, 3, 5, 16):
        spread = np.random.default_rng(n).dirichlet(np.full(n, 0.3), size=20000)
        assert sm.jacobian_norm(spread).max() <= sm.JACOBIAN_NORM_MAX + 1e-12
    assert sm.jacobian_norm(np.array([1.0, 0.0, 0.0])) == 0.0  # a saturated softmax passes no gradient


# ---- the variance argument -----------------------------------------------------------------------------
def se_of_variance(d_k: int, n: int) -> float:
    # Written out independently of the module: Var(s^2) ~ (mu4 - sigma^4)/n with mu4 = 3 d^2 + 6 d.
    mu4 = 3 * d_k**2 + 6 * d_k
    return math.sqrt((mu4 - d_k**2) / n)


@pytest.mark.parametrize("d_k", [1, 8, 64, 1024])
def test_q_dot_k_has_mean_zero_and_variance_d_k(d_k: int) -> None:
    n = 20000
    dots = sm.dot_samples(d_k, n, seed=11)
    assert dots.shape == (n,)
    assert abs(dots.mean()) < 5 * math.sqrt(d_k / n)
    assert abs(dots.var() - d_k) < 5 * se_of_variance(d_k, n)
    scaled = dots / math.sqrt(d_k)
    assert abs(scaled.var() - 1.0) < 5 * se_of_variance(d_k, n) / d_k


def test_the_standard_error_formula_matches_repeated_measurements() -> None:
    """The tolerance above is itself checked: the spread of many sample variances is the formula's."""
    d_k, n, repeats = 4, 200, 400
    variances = np.array([sm.dot_samples(d_k, n, seed=s).var() for s in range(repeats)])
    assert sm.variance_error(d_k, n) == pytest.approx(se_of_variance(d_k, n))
    # The standard deviation of `repeats` values is itself known to about 1/sqrt(2 * repeats) ~ 3.5%.
    assert variances.std(ddof=1) == pytest.approx(se_of_variance(d_k, n), rel=0.2)


def test_samples_are_seeded() -> None:
    np.testing.assert_array_equal(sm.dot_samples(16, 100, 3), sm.dot_samples(16, 100, 3))
    assert not np.array_equal(sm.dot_samples(16, 100, 3), sm.dot_samples(16, 100, 4))
    with pytest.raises(ValueError):
        sm.dot_samples(0, 10, 0)


def normal_cdf(x: float, variance: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2 * variance)))


@pytest.mark.parametrize("d_k", [64, 256, 1024])
def test_histograms_follow_their_normal_curves(d_k: int) -> None:
    n = 20000
    arg = sm.variance_argument(d_k, n, seed=2)
    for hist, variance in ((arg.raw, float(d_k)), (arg.scaled, 1.0)):
        assert hist.expected == variance
        np.testing.assert_allclose(hist.curve_y, sm.normal_pdf(hist.curve_x, variance))
        assert hist.curve_x.min() == pytest.approx(-4.5 * math.sqrt(variance))
        counts = hist.density * n * hist.width
        np.testing.assert_allclose(counts, np.round(counts), atol=1e-6)  # whole counts
        for center, count in zip(hist.centers, counts, strict=True):
            lo, hi = center - hist.width / 2, center + hist.width / 2
            p = normal_cdf(hi, variance) - normal_cdf(lo, variance)
            assert abs(count - n * p) <= 5 * math.sqrt(n * p * (1 - p)) + 1
    assert arg.raw.variance == pytest.approx(d_k * arg.scaled.variance)
    assert arg.raw.margin == pytest.approx(2 * se_of_variance(d_k, n))


@pytest.mark.parametrize("d_k", [1, 4, 16])
def test_small_d_k_has_heavier_tails_than_the_normal_curve(d_k: int) -> None:
    """q · k is a sum of only d_k products: its variance is exactly d_k, but its excess kurtosis is
    6/d_k (fourth moment 3d_k^2 + 6d_k), so at small d_k the histogram is peakier than N(0, d_k)."""
    dots = sm.dot_samples(d_k, 200_000, seed=9)
    excess = float(np.mean(dots**4) / dots.var() ** 2 - 3)
    # The kurtosis estimate is noisy (its spread needs the 8th moment). Measured over 20 seeds at this n,
    # its standard deviation is about 0.17, 0.03 and 0.02 for d_k = 1, 4, 16: the tolerance is >= 4 of them.
    assert excess == pytest.approx(6 / d_k, rel=0.15, abs=0.03)


def test_variance_sweep_lies_on_var_equals_d_k() -> None:
    n = 5000
    sweep = sm.variance_sweep(n, seed=0)
    np.testing.assert_array_equal(sweep.d_k, [2**i for i in range(11)])
    for d, raw, scaled in zip(sweep.d_k, sweep.raw, sweep.scaled, strict=True):
        assert abs(raw - d) < 5 * se_of_variance(int(d), n)
        assert abs(scaled - 1.0) < 5 * se_of_variance(int(d), n) / d
    np.testing.assert_array_equal(sweep.ones, 1.0)
    # The log-log slope of the unscaled variance is 1.
    slope = np.polyfit(np.log(sweep.d_k), np.log(sweep.raw), 1)[0]
    assert slope == pytest.approx(1.0, abs=0.02)


# ---- rows of scores: saturation and vanishing gradients ------------------------------------------------
def test_score_rows_have_variance_d_k() -> None:
    rows = sm.score_rows(256, 8, 2000, seed=1)
    assert rows.shape == (2000, 8)
    assert abs(rows.var() - 256) < 5 * se_of_variance(256, rows.size)


def test_without_scaling_softmax_saturates_and_the_gradient_vanishes() -> None:
    rows = {d: sm.score_rows(d, 8, sm.SWEEP_ROWS, 0) for d in sm.DK_GRID}
    sweep = sm.row_sweep(rows, 1.0)
    raw_max, scaled_max = sweep.series("max_p", False), sweep.series("max_p", True)
    raw_jac, scaled_jac = sweep.series("jacobian", False), sweep.series("jacobian", True)
    assert raw_max[-1] > 0.9 and sweep.series("saturated", False)[-1] > 0.5
    assert sweep.series("entropy", False)[-1] < 0.3 < math.log(8)
    assert raw_jac[-1] < 0.25 * scaled_jac[-1]
    # With the scale, nothing depends on d_k beyond sampling noise.
    assert np.ptp(scaled_max) < 0.1 and np.ptp(scaled_jac) < 0.1 * scaled_jac.mean()
    # At d_k = 1 the scale is 1, so both agree exactly.
    assert raw_max[0] == scaled_max[0] and raw_jac[0] == scaled_jac[0]
    np.testing.assert_allclose(sweep.ceiling(), 0.5)
    assert (sweep.series("jacobian", False) <= 0.5).all() and (scaled_jac <= 0.5).all()


def test_row_stats_by_hand() -> None:
    scores = np.array([[0.0, 0.0], [100.0, 0.0]])
    stats = sm.row_stats(scores, d_k=4, scaled=True, temperature=1.0)  # divides by 2
    p = sm.softmax(scores / 2)
    assert stats.max_p == pytest.approx(p.max(axis=1).mean())
    assert stats.entropy == pytest.approx(sm.entropy(p).mean())
    assert stats.jacobian == pytest.approx(sm.jacobian_norm(p).mean())
    assert stats.saturated == 0.5


def test_one_row_is_consistent() -> None:
    row = sm.one_row(64, 6, seed=0, temperature=0.5)
    np.testing.assert_allclose(row.scaled_scores, row.scores / 8)
    np.testing.assert_allclose(row.raw, torch_softmax(row.scores, 0.5))
    np.testing.assert_allclose(row.scaled, torch_softmax(row.scores / 8, 0.5))
    assert row.keys == [0, 1, 2, 3, 4, 5]  # numbered from 0, as every position is
    assert row.saturated_percent == pytest.approx(100 * row.many_raw.saturated)


# ---- the worked example --------------------------------------------------------------------------------
def test_worked_example_is_scaled_dot_product_attention() -> None:
    w = worked.worked_example(("I", "am", "good"), d_model=32, d_k=64, seed=0)
    assert w.q.shape == w.k.shape == w.v.shape == (3, 64)
    np.testing.assert_allclose(w.scores, w.q @ w.k.T)
    np.testing.assert_allclose(w.scaled, w.scores / 8)
    np.testing.assert_allclose(w.weights.sum(axis=1), 1.0)
    q, k, v = (torch.tensor(m) for m in (w.q, w.k, w.v))
    reference = torch.nn.functional.scaled_dot_product_attention(q, k, v).numpy()
    np.testing.assert_allclose(w.output, reference, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(w.unscaled_weights, torch_softmax(w.scores))


def test_worked_example_words_keep_their_vectors() -> None:
    w = worked.worked_example(("the", "cat", "The"), d_model=16, d_k=8, seed=4)
    np.testing.assert_allclose(w.q[0], w.q[2])  # same word (case-folded), same query
    other = worked.worked_example(("the", "cat", "The"), d_model=16, d_k=8, seed=5)
    assert not np.allclose(w.q, other.q)
    with pytest.raises(ValueError):
        worked.worked_example((), 16, 8, 0)


def test_weighted_sum_text() -> None:
    weights = np.array([[0.9, 0.07, 0.03], [0.2, 0.5, 0.3]])
    text = worked.weighted_sum(weights, ("I", "am", "good"), 1)
    assert text.splitlines() == ["z_1 = 0.20 · v_0 (I)", "    + 0.50 · v_1 (am)", "    + 0.30 · v_2 (good)"]
    # unique when a word repeats, numbered from 0 as everywhere else
    assert worked.token_labels(("the", "the")) == ["0 · the", "1 · the"]
    assert sm.root_text(64) == "√64 = 8"


def test_dk_options() -> None:
    assert sm.DK_OPTIONS[0] == 1 and sm.DK_OPTIONS[-1] == 1024
    assert list(sm.DK_OPTIONS) == sorted(set(sm.DK_OPTIONS))
    assert sm.DEFAULT_DK in sm.DK_OPTIONS and set(sm.DK_GRID) <= set(sm.DK_OPTIONS)
    assert sm.DEFAULT_SAMPLES in sm.SAMPLE_OPTIONS


def test_weighted_sum_numbers_add_up() -> None:
    w = worked.worked_example(("I", "am", "good"), d_model=16, d_k=12, seed=1)
    lines = worked.weighted_sum_numbers(w, 1, columns=4).splitlines()
    assert [line.split(" = ")[0].strip() for line in lines] == ["v_0 (I)", "v_1 (am)", "v_2 (good)", "z_1"]

    def numbers(line: str) -> np.ndarray:
        return np.array(line.split("[")[1].split("…")[0].split("]")[0].split(), dtype=float)

    rows = [numbers(line) for line in lines]
    weights = [float(line.rsplit("× ", 1)[1]) for line in lines[:3]]
    np.testing.assert_allclose(rows[:3], w.v[:, :4], atol=0.006)  # printed to 2 decimals
    np.testing.assert_allclose(rows[3], w.output[1, :4], atol=0.006)
    np.testing.assert_allclose(weights, w.weights[1], atol=0.006)
    np.testing.assert_allclose(
        sum(wt * r for wt, r in zip(weights, rows[:3], strict=True)), rows[3], atol=0.05
    )
