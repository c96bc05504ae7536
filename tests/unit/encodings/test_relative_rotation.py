"""Relative position in the sinusoidal encoding: PE(p).PE(j) depends on p - j only, and a fixed block
rotation T(k) moves every row k positions on. Checked against formulas written out here."""

from __future__ import annotations

import math

import numpy as np
import pytest

from viz.encodings import relative_rotation, rotation_error, sinusoidal, sinusoidal_at

EVEN_DIMS = (2, 4, 16, 64, 128)
ODD_DIMS = (1, 3, 7, 33)
BASES = (10000.0, 1000.0, 100.0, 10.0, 2.5)


def omegas(d_model: int, base: float) -> np.ndarray:
    """omega_i = base^(-2i / d) for every pair i (ceil(d/2) of them), one math.pow at a time."""
    return np.array([math.pow(base, -2.0 * i / d_model) for i in range((d_model + 1) // 2)])


# --- PE(p) . PE(j) = sum_i cos(omega_i (p - j)) -------------------------------------------------------


@pytest.mark.parametrize("d_model", EVEN_DIMS)
@pytest.mark.parametrize("base", BASES)
def test_dot_product_is_a_sum_of_cosines_of_the_offset(d_model: int, base: float) -> None:
    max_len = 60
    pe = sinusoidal(max_len, d_model, base)
    w = omegas(d_model, base)
    offsets = np.subtract.outer(np.arange(max_len), np.arange(max_len)).astype(np.float64)  # p - j
    expected = np.cos(offsets[..., None] * w).sum(axis=-1)
    np.testing.assert_allclose(pe @ pe.T, expected, rtol=0, atol=1e-10 * d_model)


@pytest.mark.parametrize(("d_model", "base"), [(4, 10000.0), (16, 100.0), (6, 10.0)])
@pytest.mark.parametrize(("p", "j"), [(0, 0), (3, 0), (0, 3), (17, 5), (5, 17), (40, 39), (99, 1)])
def test_dot_product_spot_checks_with_math_cos(d_model: int, base: float, p: int, j: int) -> None:
    pe = sinusoidal(100, d_model, base)
    expected = sum(math.cos((p - j) / base ** (2 * i / d_model)) for i in range(d_model // 2))
    assert float(pe[p] @ pe[j]) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("d_model", EVEN_DIMS)
def test_dot_product_same_for_every_pair_with_the_same_offset(d_model: int) -> None:
    pe = sinusoidal(80, d_model)
    for k in (0, 1, 2, 7, 30):
        dots = np.array([pe[p + k] @ pe[p] for p in range(80 - k)])
        assert np.ptp(dots) < 1e-10 * d_model
    # ... and every row has squared norm d/2 (sin^2 + cos^2 per pair).
    np.testing.assert_allclose(np.einsum("ij,ij->i", pe, pe), d_model / 2, atol=1e-12 * d_model)


# --- T(k): structure ----------------------------------------------------------------------------------


@pytest.mark.parametrize("d_model", EVEN_DIMS + ODD_DIMS)
@pytest.mark.parametrize("base", (10000.0, 10.0))
@pytest.mark.parametrize("k", (0, 1, -1, 5, -13, 250))
def test_block_entries_are_cos_and_sin_of_k_omega(d_model: int, base: float, k: int) -> None:
    t = relative_rotation(k, d_model, base)
    assert t.shape == (d_model, d_model)
    expected = np.zeros((d_model, d_model))
    for i in range(d_model // 2):
        angle = k * math.pow(base, -2.0 * i / d_model)
        c, s = math.cos(angle), math.sin(angle)
        expected[2 * i, 2 * i] = c
        expected[2 * i, 2 * i + 1] = s
        expected[2 * i + 1, 2 * i] = -s
        expected[2 * i + 1, 2 * i + 1] = c
    if d_model % 2:
        expected[-1, -1] = 1.0
    np.testing.assert_allclose(t, expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize("d_model", EVEN_DIMS + ODD_DIMS)
@pytest.mark.parametrize("k", (0, 1, -3, 17, 1000))
def test_rotation_is_orthogonal(d_model: int, k: int) -> None:
    t = relative_rotation(k, d_model)
    np.testing.assert_allclose(t @ t.T, np.eye(d_model), rtol=0, atol=1e-12)
    np.testing.assert_allclose(t.T @ t, np.eye(d_model), rtol=0, atol=1e-12)


@pytest.mark.parametrize("d_model", EVEN_DIMS + ODD_DIMS)
@pytest.mark.parametrize("base", (10000.0, 10.0))
def test_rotation_by_zero_is_identity(d_model: int, base: float) -> None:
    np.testing.assert_array_equal(relative_rotation(0, d_model, base), np.eye(d_model))


@pytest.mark.parametrize("d_model", (2, 8, 64, 5, 33))
@pytest.mark.parametrize(("a", "b"), [(1, 1), (3, 4), (-2, 7), (5, -5), (-6, -9), (40, 0), (100, 23)])
def test_rotations_compose_by_adding_offsets(d_model: int, a: int, b: int) -> None:
    ta, tb = relative_rotation(a, d_model), relative_rotation(b, d_model)
    np.testing.assert_allclose(ta @ tb, relative_rotation(a + b, d_model), rtol=0, atol=1e-12)
    np.testing.assert_allclose(tb @ ta, relative_rotation(a + b, d_model), rtol=0, atol=1e-12)


@pytest.mark.parametrize("d_model", (4, 64))
@pytest.mark.parametrize("k", (1, 9, -4))
def test_negative_offset_undoes_positive_one(d_model: int, k: int) -> None:
    np.testing.assert_allclose(
        relative_rotation(k, d_model) @ relative_rotation(-k, d_model), np.eye(d_model), atol=1e-12
    )


# --- T(k): what it does to the table ------------------------------------------------------------------


@pytest.mark.parametrize("d_model", EVEN_DIMS)
@pytest.mark.parametrize("base", (10000.0, 100.0, 10.0))
@pytest.mark.parametrize("k", (0, 1, 2, 11, 64))
def test_rotation_moves_every_row_k_positions_even_d(d_model: int, base: float, k: int) -> None:
    max_len = 50
    moved = sinusoidal(max_len, d_model, base) @ relative_rotation(k, d_model, base).T
    np.testing.assert_allclose(moved, sinusoidal(max_len + k, d_model, base)[k:], rtol=0, atol=1e-10)


@pytest.mark.parametrize("d_model", (2, 16, 64))
@pytest.mark.parametrize("k", (-1, -7, -40))
def test_rotation_moves_rows_backwards_for_negative_k(d_model: int, k: int) -> None:
    pos = np.arange(60)
    moved = sinusoidal_at(pos, d_model) @ relative_rotation(k, d_model).T
    expected = np.empty_like(moved)
    w = omegas(d_model, 10000.0)
    shifted = (pos + k)[:, None] * w[None, :]
    expected[:, 0::2] = np.sin(shifted)
    expected[:, 1::2] = np.cos(shifted)
    np.testing.assert_allclose(moved, expected, rtol=0, atol=1e-10)


@pytest.mark.parametrize("d_model", ODD_DIMS)
@pytest.mark.parametrize("base", (10000.0, 10.0))
@pytest.mark.parametrize("k", (1, 3, 25))
def test_odd_d_paired_columns_map_but_lone_column_does_not(d_model: int, base: float, k: int) -> None:
    max_len = 40
    moved = sinusoidal(max_len, d_model, base) @ relative_rotation(k, d_model, base).T
    target = sinusoidal(max_len + k, d_model, base)[k:]
    np.testing.assert_allclose(moved[:, :-1], target[:, :-1], rtol=0, atol=1e-10)
    # The lone sine column is left as it was, so it still holds sin(w p), not sin(w (p + k)).
    w_last = math.pow(base, -(d_model - 1) / d_model)
    lone_before = np.array([math.sin(w_last * p) for p in range(max_len)])
    lone_after = np.array([math.sin(w_last * (p + k)) for p in range(max_len)])
    np.testing.assert_allclose(moved[:, -1], lone_before, rtol=0, atol=1e-12)
    assert np.max(np.abs(lone_after - moved[:, -1])) > 1e-6  # far above rounding (~1e-16)


@pytest.mark.parametrize("d_model", ODD_DIMS)
@pytest.mark.parametrize("base", (10000.0, 1000.0, 10.0))
@pytest.mark.parametrize("k", (0, 1, 4, 30, -6))
@pytest.mark.parametrize("max_len", (1, 20, 100))
def test_rotation_error_odd_d(d_model: int, base: float, k: int, max_len: int) -> None:
    r = rotation_error(k, max_len, d_model, base)
    assert r.positions == max_len
    assert r.paired < 1e-9
    assert r.lone is not None
    w_last = math.pow(base, -(d_model - 1) / d_model)
    expected = max(abs(math.sin(w_last * (p + k)) - math.sin(w_last * p)) for p in range(max_len))
    assert r.lone == pytest.approx(expected, abs=1e-12)
    if k != 0 and max_len > 1:
        assert r.lone > 0


def test_rotation_error_lone_is_large_for_d_1() -> None:
    # d = 1: the only column is sin(p); moving by k = 1 changes it by up to ~2 sin(1/2) ~ 0.96 somewhere.
    r = rotation_error(1, 100, 1)
    assert r.paired == 0.0
    assert r.lone is not None
    assert r.lone > 0.9


@pytest.mark.parametrize("d_model", EVEN_DIMS)
@pytest.mark.parametrize("base", (10000.0, 10.0))
@pytest.mark.parametrize("k", (0, 1, -3, 77))
def test_rotation_error_even_d(d_model: int, base: float, k: int) -> None:
    r = rotation_error(k, 128, d_model, base)
    assert r.lone is None
    assert r.paired < 1e-9
    assert r.positions == 128


@pytest.mark.parametrize(("max_len", "d_model"), [(0, 4), (4, 0), (-1, 4)])
def test_rotation_error_rejects_empty_sizes(max_len: int, d_model: int) -> None:
    with pytest.raises(ValueError):
        rotation_error(1, max_len, d_model)


def test_relative_rotation_rejects_zero_width() -> None:
    with pytest.raises(ValueError):
        relative_rotation(1, 0)


# --- sinusoidal_at ------------------------------------------------------------------------------------


@pytest.mark.parametrize("d_model", (1, 2, 7, 64))
@pytest.mark.parametrize("base", (10000.0, 10.0))
@pytest.mark.parametrize("max_len", (1, 30))
def test_sinusoidal_at_range_equals_table(d_model: int, base: float, max_len: int) -> None:
    np.testing.assert_array_equal(
        sinusoidal_at(list(range(max_len)), d_model, base), sinusoidal(max_len, d_model, base)
    )


@pytest.mark.parametrize("d_model", (1, 4, 9, 32))
def test_sinusoidal_at_negative_positions_mirror(d_model: int) -> None:
    pos = np.arange(1, 50)
    plus, minus = sinusoidal_at(pos, d_model), sinusoidal_at(-pos, d_model)
    np.testing.assert_allclose(minus[:, 0::2], -plus[:, 0::2], rtol=0, atol=1e-15)  # sin(-x) = -sin(x)
    np.testing.assert_allclose(minus[:, 1::2], plus[:, 1::2], rtol=0, atol=1e-15)  # cos(-x) = cos(x)


@pytest.mark.parametrize(("positions", "d_model"), [([-5, 0, 3, 1000], 6), ([-1, 2], 5), ([7], 1)])
def test_sinusoidal_at_matches_formula(positions: list[int], d_model: int) -> None:
    out = sinusoidal_at(positions, d_model)
    assert out.shape == (len(positions), d_model)
    for r, p in enumerate(positions):
        for c in range(d_model):
            angle = p / 10000.0 ** (2 * (c // 2) / d_model)
            expected = math.sin(angle) if c % 2 == 0 else math.cos(angle)
            assert out[r, c] == pytest.approx(expected, abs=1e-12)


def test_sinusoidal_at_past_the_end_and_rejects_zero_width() -> None:
    np.testing.assert_array_equal(sinusoidal_at([150], 8), sinusoidal(151, 8)[150:])
    with pytest.raises(ValueError):
        sinusoidal_at([0, 1], 0)
