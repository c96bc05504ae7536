"""Similarity of position vectors (viz.encodings.similarity) against brute-force loops and hand-worked
cases."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from viz.encodings import binary, integer_index, learned_init, sinusoidal
from viz.encodings.similarity import (
    FLAT_SPAN,
    MARKER_LEVELS,
    MEASURES,
    OFFSET_POINTS,
    PIXEL_LEVELS,
    against_all,
    by_offset,
    drawn_points,
    neighbour_steps,
    pairwise,
    pixel_distinct,
    sinusoid_dot_by_offset,
    step_unevenness,
    views,
)


def brute(a: np.ndarray, b: np.ndarray, measure: str) -> np.ndarray:
    """measure(a[r], b[c]) one pair at a time with math only."""
    out = np.empty((a.shape[0], b.shape[0]))
    for r in range(a.shape[0]):
        for c in range(b.shape[0]):
            x, y = [float(v) for v in a[r]], [float(v) for v in b[c]]
            dot = math.fsum(xi * yi for xi, yi in zip(x, y, strict=True))
            if measure == "dot":
                out[r, c] = dot
            elif measure == "cosine":
                nx, ny = math.sqrt(math.fsum(v * v for v in x)), math.sqrt(math.fsum(v * v for v in y))
                out[r, c] = dot / (nx * ny) if nx > 0 and ny > 0 else math.nan
            else:
                out[r, c] = math.sqrt(math.fsum((xi - yi) ** 2 for xi, yi in zip(x, y, strict=True)))
    return out


def tables() -> list[tuple[str, np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(3)
    return [
        ("sinusoidal", sinusoidal(12, 8), sinusoidal(12, 8)[3:9]),
        ("sinusoidal-odd", sinusoidal(10, 5, 10.0), sinusoidal(7, 5, 10.0)),
        ("binary", binary(9, 4), binary(16, 4)),
        ("integer", integer_index(6, 3), integer_index(4, 3)),
        ("random", rng.normal(size=(7, 6)), rng.normal(size=(5, 6))),
        ("learned", learned_init(8, 16), learned_init(3, 16, seed=1)),
    ]


@pytest.mark.parametrize("measure", MEASURES)
@pytest.mark.parametrize(("name", "a", "b"), tables(), ids=[t[0] for t in tables()])
def test_pairwise_matches_brute_force(name: str, a: np.ndarray, b: np.ndarray, measure: Any) -> None:
    got = pairwise(a, b, measure)
    assert got.shape == (a.shape[0], b.shape[0])
    expected = brute(a, b, measure)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
    # Distance comes from |a|^2 + |b|^2 - 2 a.b, whose cancellation leaves ~sqrt(eps) * |a| near zero.
    scale = max(1.0, float(np.abs(a).max()), float(np.abs(b).max())) * math.sqrt(a.shape[1])
    atol = 1e-6 * scale if measure == "distance" else 1e-12 * scale**2
    np.testing.assert_allclose(got, expected, rtol=1e-9, atol=atol, equal_nan=True)


def test_pairwise_worked_example() -> None:
    a = np.array([[3.0, 4.0], [1.0, 0.0]])
    b = np.array([[0.0, 2.0], [3.0, 4.0]])
    np.testing.assert_allclose(pairwise(a, b, "dot"), [[8.0, 25.0], [0.0, 3.0]])
    np.testing.assert_allclose(pairwise(a, b, "cosine"), [[0.8, 1.0], [0.0, 0.6]], atol=1e-15)
    np.testing.assert_allclose(
        pairwise(a, b, "distance"), [[math.sqrt(13), 0.0], [math.sqrt(5), math.sqrt(20)]], atol=1e-7
    )


def test_cosine_with_zero_row_is_nan() -> None:
    pe = binary(8, 3)  # row 0 is the zero vector
    cos = pairwise(pe, pe, "cosine")
    assert np.isnan(cos[0, :]).all()
    assert np.isnan(cos[:, 0]).all()
    assert not np.isnan(cos[1:, 1:]).any()
    np.testing.assert_allclose(np.diag(cos)[1:], 1.0, atol=1e-12)
    # And through against_all:
    assert np.isnan(against_all(pe, 0, "cosine")).all()
    assert np.isnan(against_all(pe, 3, "cosine")[0])


@pytest.mark.parametrize(
    "pe",
    [binary(32, 6), integer_index(20, 4), sinusoidal(200, 128), sinusoidal(50, 7), learned_init(40, 32)],
)
def test_distance_never_nan_and_zero_on_diagonal(pe: np.ndarray) -> None:
    dist = pairwise(pe, pe, "distance")
    assert not np.isnan(dist).any()
    assert (dist >= 0).all()
    np.testing.assert_allclose(dist, dist.T, atol=1e-12)
    # Exactly 0 in exact arithmetic; the |a|^2 + |b|^2 - 2 a.b form leaves up to ~sqrt(eps) * |a|.
    norms = np.linalg.norm(pe, axis=1)
    assert (np.diag(dist) <= 1e-6 * np.maximum(norms, 1.0)).all()


def test_unknown_measure_raises() -> None:
    pe = sinusoidal(5, 4)
    for bad in ("Dot", "euclid", ""):
        with pytest.raises(ValueError, match="unknown measure"):
            pairwise(pe, pe, bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            against_all(pe, 0, bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            by_offset(pe, np.arange(5), bad)  # type: ignore[arg-type]


# --- against_all ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("measure", MEASURES)
@pytest.mark.parametrize("pe", [sinusoidal(15, 6), binary(10, 4)])
def test_against_all_is_row_of_pairwise(pe: np.ndarray, measure: Any) -> None:
    full = brute(pe, pe, measure)
    for p in range(pe.shape[0]):
        row = against_all(pe, p, measure)
        assert row.shape == (pe.shape[0],)
        np.testing.assert_allclose(row, full[p], rtol=1e-9, atol=1e-6, equal_nan=True)


@pytest.mark.parametrize("p", [-1, -10, 15, 100])
def test_against_all_rejects_out_of_range(p: int) -> None:
    with pytest.raises(ValueError):
        against_all(sinusoidal(15, 6), p, "dot")


# --- sinusoid_dot_by_offset ----------------------------------------------------------------------------


@pytest.mark.parametrize("d_model", (2, 8, 64, 128))
@pytest.mark.parametrize("base", (10000.0, 100.0, 10.0))
def test_sinusoid_dot_by_offset_equals_direct_dots(d_model: int, base: float) -> None:
    pe = sinusoidal(40, d_model, base)
    offsets = np.subtract.outer(np.arange(40), np.arange(40))
    got = sinusoid_dot_by_offset(offsets, d_model, base)
    assert got.shape == offsets.shape
    direct = np.array([[float(pe[p] @ pe[j]) for j in range(40)] for p in range(40)])
    np.testing.assert_allclose(got, direct, rtol=0, atol=1e-10 * d_model)


def test_sinusoid_dot_by_offset_worked_values() -> None:
    # d = 2: one pair with omega = 1, so PE(p).PE(j) = cos(p - j).
    np.testing.assert_allclose(sinusoid_dot_by_offset(np.array([0, 1, -2]), 2), np.cos([0.0, 1.0, -2.0]))
    # Offset 0 gives d/2 (every cosine is 1).
    assert float(sinusoid_dot_by_offset(np.array(0), 64)) == pytest.approx(32.0)


# --- by_offset -----------------------------------------------------------------------------------------


def grouped_spread(pe: np.ndarray, positions: np.ndarray, measure: str) -> tuple[float, float]:
    """(largest max - min among pairs with the same offset, max - min overall), NaNs left out, by loops."""
    values = brute(pe[positions], pe[positions], measure)
    groups: dict[int, list[float]] = {}
    for r, p in enumerate(positions):
        for c, j in enumerate(positions):
            if not math.isnan(values[r, c]):
                groups.setdefault(int(p - j), []).append(float(values[r, c]))
    every = [v for vs in groups.values() for v in vs]
    return max(max(vs) - min(vs) for vs in groups.values()), max(every) - min(every)


@pytest.mark.parametrize("d_model", (4, 16, 64))
def test_sinusoidal_dot_depends_on_offset_only(d_model: int) -> None:
    view = by_offset(sinusoidal(100, d_model), np.arange(0, 100, 3), "dot")
    assert view.value_range > 1.0
    assert view.relative_spread < 1e-9


def test_binary_distance_depends_on_more_than_offset() -> None:
    pe = binary(16, 4)
    positions = np.arange(16)
    view = by_offset(pe, positions, "distance")
    spread, value_range = grouped_spread(pe, positions, "distance")
    # Offset 1: 7 -> 8 flips 4 bits (distance 2), 0 -> 1 flips 1 (distance 1); overall 0 .. 2.
    assert spread == pytest.approx(1.0)
    assert value_range == pytest.approx(2.0)
    assert view.spread == pytest.approx(spread, abs=1e-6)
    assert view.value_range == pytest.approx(value_range, abs=1e-6)
    assert view.relative_spread > 0.1
    assert view.relative_spread == pytest.approx(0.5, abs=1e-6)


@pytest.mark.parametrize("measure", MEASURES)
@pytest.mark.parametrize(
    ("pe", "positions"),
    [
        (sinusoidal(30, 5, 10.0), np.array([0, 2, 3, 7, 11, 29])),
        (binary(20, 5), np.arange(0, 20, 2)),
        (learned_init(12, 8), np.arange(12)),
    ],
)
def test_by_offset_matches_grouping_by_hand(pe: np.ndarray, positions: np.ndarray, measure: Any) -> None:
    view = by_offset(pe, positions, measure)
    spread, value_range = grouped_spread(pe, positions, measure)
    assert view.spread == pytest.approx(spread, abs=1e-6)
    assert view.value_range == pytest.approx(value_range, abs=1e-6)
    expected_rel = spread / value_range if value_range > 0 else 0.0
    assert view.relative_spread == pytest.approx(expected_rel, abs=1e-6)
    # offsets and values line up pair by pair (compared after sorting by offset, then value).
    assert view.offsets.shape == view.values.shape
    table = brute(pe[positions], pe[positions], measure)
    pairs = sorted(
        (int(p - j), float(table[r, c]))
        for r, p in enumerate(positions)
        for c, j in enumerate(positions)
        if not math.isnan(table[r, c])
    )
    got = sorted(zip(view.offsets.tolist(), view.values.tolist(), strict=True))
    assert [o for o, _ in got] == [o for o, _ in pairs]
    np.testing.assert_allclose([v for _, v in got], [v for _, v in pairs], rtol=1e-9, atol=1e-6)


def test_by_offset_drops_nan_cosines() -> None:
    n = 8
    view = by_offset(binary(n, 3), np.arange(n), "cosine")  # row 0 is zero: its row and column are NaN
    assert view.values.size == n * n - (2 * n - 1)
    assert not np.isnan(view.values).any()


def test_by_offset_all_nan_is_empty() -> None:
    view = by_offset(binary(4, 3), np.array([0]), "cosine")
    assert view.values.size == 0
    assert view.spread == 0.0
    assert view.relative_spread == 0.0


# --- neighbour_steps / step_unevenness -----------------------------------------------------------------


@pytest.mark.parametrize("d_model", (2, 8, 64, 128))
@pytest.mark.parametrize("base", (10000.0, 10.0))
def test_sinusoidal_steps_are_all_equal(d_model: int, base: float) -> None:
    steps = neighbour_steps(sinusoidal(200, d_model, base))
    assert steps.shape == (199,)
    # ||PE(p+1) - PE(p)||^2 = sum_i (2 - 2 cos(omega_i)) for every p.
    expected = math.sqrt(sum(2 - 2 * math.cos(base ** (-2 * i / d_model)) for i in range(d_model // 2)))
    np.testing.assert_allclose(steps, expected, rtol=0, atol=1e-9)
    assert step_unevenness(sinusoidal(200, d_model, base)) < 1e-9


def test_binary_steps_by_hand() -> None:
    # 0->1: 1 bit, 1->2: 2 bits, 2->3: 1, 3->4: 3, 4->5: 1, 5->6: 2, 6->7: 1, 7->8: 4.
    expected = [1, math.sqrt(2), 1, math.sqrt(3), 1, math.sqrt(2), 1, 2]
    np.testing.assert_allclose(neighbour_steps(binary(9, 4)), expected, atol=1e-15)
    assert step_unevenness(binary(9, 4)) == pytest.approx((2 - 1) / (sum(expected) / 8))


@pytest.mark.parametrize(("max_len", "d_model"), [(40, 6), (64, 8)])
def test_binary_steps_count_flipped_bits(max_len: int, d_model: int) -> None:
    mask = (1 << d_model) - 1
    expected = [math.sqrt(bin((p ^ (p + 1)) & mask).count("1")) for p in range(max_len - 1)]
    np.testing.assert_allclose(neighbour_steps(binary(max_len, d_model)), expected, atol=1e-15)
    assert step_unevenness(binary(max_len, d_model)) > 0.5


def test_integer_steps_are_exactly_even() -> None:
    steps = neighbour_steps(integer_index(10, 9))
    np.testing.assert_array_equal(steps, np.full(9, 3.0))
    assert step_unevenness(integer_index(10, 9)) == 0.0


def test_step_unevenness_edge_cases() -> None:
    assert neighbour_steps(sinusoidal(1, 4)).shape == (0,)
    assert step_unevenness(sinusoidal(1, 4)) == 0.0
    assert step_unevenness(np.ones((5, 3))) == 0.0  # every step 0


def cells(x: np.ndarray, y: np.ndarray, levels: int) -> list[tuple[int, int]]:
    """Each point's (x, level) cell, by the rule pixel_distinct documents, written out point by point."""
    low, high = float(np.min(y)), float(np.max(y))
    span, flat = high - low, high - low <= FLAT_SPAN * max(abs(low), abs(high))
    return [
        (int(a), 0 if flat else round((float(b) - low) / span * levels)) for a, b in zip(x, y, strict=True)
    ]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("levels", [1, 7, 500])
def test_pixel_distinct_keeps_one_point_per_occupied_cell(seed: int, levels: int) -> None:
    rng = np.random.default_rng(seed)
    x = rng.integers(-20, 20, size=3000)
    y = np.round(rng.normal(size=3000), 2)  # many exact repeats, as pairs sharing an offset give
    kept = pixel_distinct(x, y, levels)
    all_cells = cells(x, y, levels)
    kept_cells = [all_cells[i] for i in kept]
    assert len(set(kept_cells)) == len(kept_cells)  # no two points drawn on one pixel
    assert set(kept_cells) == set(all_cells)  # and every pixel that has a point still has one
    assert list(kept) == sorted(kept)
    firsts = {c: i for i, c in reversed(list(enumerate(all_cells)))}
    assert sorted(firsts.values()) == list(kept)  # the first point of each cell


def test_pixel_distinct_edge_cases() -> None:
    assert pixel_distinct(np.zeros(0), np.zeros(0)).size == 0
    assert list(pixel_distinct(np.array([3, 3, 4]), np.array([1.0, 1.0, 1.0]))) == [0, 2]  # flat values
    # values equal but for their rounding are flat too: one point per offset, not the rounding binned
    noisy = 1.0 + np.array([0.0, 2.2e-16, -1.1e-16, 4.4e-16])
    assert list(pixel_distinct(np.array([3, 3, 3, 4]), noisy)) == [0, 3]
    assert list(pixel_distinct(np.array([3, 3]), np.array([1.0, 1.0 + 1e-6]))) == [0, 1]  # a real spread


def test_drawn_points_coarsen_only_while_too_many_and_never_past_a_marker() -> None:
    rng = np.random.default_rng(0)
    few_x, few_y = rng.integers(0, 50, 1000), rng.normal(size=1000)
    np.testing.assert_array_equal(drawn_points(few_x, few_y), pixel_distinct(few_x, few_y, PIXEL_LEVELS))
    x, y = rng.integers(-127, 128, 16_000), rng.normal(size=16_000)  # a dense cloud
    assert pixel_distinct(x, y, PIXEL_LEVELS).size > OFFSET_POINTS
    kept = drawn_points(x, y)
    levels = [n for n in (PIXEL_LEVELS, PIXEL_LEVELS // 2, PIXEL_LEVELS // 4) if n >= MARKER_LEVELS]
    counts = [pixel_distinct(x, y, n).size for n in levels]
    # the first level (halving from one per pixel) that is under the limit, or the marker's own
    first = next((n for n, c in zip(levels, counts, strict=True) if c <= OFFSET_POINTS), levels[-1])
    np.testing.assert_array_equal(kept, pixel_distinct(x, y, first))
    assert first < PIXEL_LEVELS and first >= MARKER_LEVELS  # this cloud is coarsened, never past a marker
    other = np.random.default_rng(1)
    middle_x, middle_y = other.integers(-40, 41, 5_200), other.normal(size=5_200)
    middle = [pixel_distinct(middle_x, middle_y, n).size for n in levels]
    assert middle[0] > OFFSET_POINTS >= middle[1]  # a cloud that the first halving brings under the limit
    np.testing.assert_array_equal(
        drawn_points(middle_x, middle_y), pixel_distinct(middle_x, middle_y, levels[1])
    )


def test_sinusoidal_offset_chart_draws_one_point_per_offset() -> None:
    pe = sinusoidal(100, 128)
    v = views(pe, "sinusoidal", "dot", 128, 10000.0)
    assert v.offsets.values.size == 100 * 100
    drawn_offsets, drawn_values = v.drawn_pairs
    # the value depends on the offset alone, so each of the 199 offsets -99..99 is drawn once
    assert sorted(drawn_offsets.tolist()) == list(range(-99, 100))
    np.testing.assert_allclose(drawn_values, sinusoid_dot_by_offset(drawn_offsets, 128), rtol=1e-4, atol=1e-3)
