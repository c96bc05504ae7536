"""Every encoding against its formula; sinusoidal also against a PyTorch version of the paper's formula."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from tests.support.kinds import KINDS
from viz import encodings as enc
from viz.encodings import EncodingKind, EncodingSpec


def paper_pe_torch(max_len: int, d_model: int, base: float) -> np.ndarray:
    """The paper's formula written directly in PyTorch (the usual exp/log form of 1/base^(2i/d))."""
    pe = torch.zeros(max_len, d_model, dtype=torch.float64)
    position = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)  # (L, 1)
    div_term = torch.exp(torch.arange(0, d_model, 2, dtype=torch.float64) * (-math.log(base) / d_model))
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term[: d_model // 2])
    return pe.numpy()


@pytest.mark.parametrize(
    ("max_len", "d_model", "base"),
    [(1, 2, 10000.0), (50, 16, 10000.0), (33, 7, 1000.0), (10, 1, 10.0), (200, 64, 2.0)],
)
def test_sinusoidal_matches_formula_cell_by_cell(max_len: int, d_model: int, base: float) -> None:
    pe = enc.sinusoidal(max_len, d_model, base)
    assert pe.shape == (max_len, d_model)
    for pos in range(max_len):
        for j in range(d_model):
            i = j // 2
            angle = pos / base ** (2 * i / d_model)
            expected = math.sin(angle) if j % 2 == 0 else math.cos(angle)
            assert pe[pos, j] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    ("max_len", "d_model", "base"), [(100, 128, 10000.0), (512, 512, 10000.0), (64, 31, 1000.0)]
)
def test_sinusoidal_matches_torch_reference(max_len: int, d_model: int, base: float) -> None:
    np.testing.assert_allclose(
        enc.sinusoidal(max_len, d_model, base), paper_pe_torch(max_len, d_model, base), atol=1e-9
    )


def test_odd_d_model_last_column_is_a_sine() -> None:
    pe = enc.sinusoidal(40, 5, 10000.0)
    omega = 10000.0 ** (-4 / 5)  # pair i = 2 drives column 4
    np.testing.assert_allclose(pe[:, 4], np.sin(np.arange(40) * omega), atol=1e-12)


def test_position_zero_is_sin0_cos0() -> None:
    pe = enc.sinusoidal(3, 10)
    np.testing.assert_array_equal(pe[0, 0::2], 0.0)
    np.testing.assert_array_equal(pe[0, 1::2], 1.0)


@pytest.mark.parametrize("d_model", [1, 2, 7, 8, 128])
def test_split_layout_is_a_column_permutation(d_model: int) -> None:
    order = enc.split_order(d_model)
    assert sorted(order.tolist()) == list(range(d_model))
    inter = enc.sinusoidal(30, d_model)
    split = enc.sinusoidal_split(30, d_model)
    np.testing.assert_array_equal(split, inter[:, order])
    assert enc.layout_difference(30, d_model, 10000.0) == 0.0
    assert enc.layout_matches(d_model) == d_model  # the page's statement, from the columns' formulas
    half = (d_model + 1) // 2
    angles = np.arange(30)[:, None] * enc.frequencies(d_model)[None, :]
    np.testing.assert_allclose(split[:, :half], np.sin(angles), atol=1e-12)
    np.testing.assert_allclose(split[:, half:], np.cos(angles[:, : d_model // 2]), atol=1e-12)


def test_integer_and_normalized_index() -> None:
    np.testing.assert_array_equal(enc.integer_index(5, 3), np.array([[p] * 3 for p in range(5)], dtype=float))
    norm = enc.normalized_index(5, 2)
    np.testing.assert_allclose(norm[:, 0], [0, 0.25, 0.5, 0.75, 1.0])
    np.testing.assert_array_equal(enc.normalized_index(1, 4), np.zeros((1, 4)))


@pytest.mark.parametrize("d_model", [3, 8, 70])
def test_binary_bits_rebuild_the_position(d_model: int) -> None:
    max_len = 300
    bits = enc.binary(max_len, d_model)
    assert set(np.unique(bits)) <= {0.0, 1.0}
    weights = 2.0 ** np.arange(min(d_model, 62))
    rebuilt = bits[:, : weights.size] @ weights
    np.testing.assert_array_equal(
        rebuilt, np.arange(max_len) % (2**d_model) if d_model < 62 else np.arange(max_len)
    )


def test_learned_table_is_seeded_prefix_stable_and_has_the_stated_spread() -> None:
    long = enc.learned_init(400, 64, seed=3)
    np.testing.assert_array_equal(enc.learned_init(100, 64, seed=3), long[:100])
    np.testing.assert_array_equal(enc.learned_init(400, 64, seed=3), long)
    assert not np.array_equal(enc.learned_init(400, 64, seed=4), long)
    n = long.size
    # The sample std of n normals has standard error sigma / sqrt(2n); allow 5 of them.
    assert abs(long.std() - enc.LEARNED_INIT_STD) < 5 * enc.LEARNED_INIT_STD / math.sqrt(2 * n)
    assert abs(long.mean()) < 5 * enc.LEARNED_INIT_STD / math.sqrt(n)


def rope_reference(x: np.ndarray, positions: np.ndarray, base: float) -> np.ndarray:
    """RoPE as complex multiplication: (x_2i + i x_2i+1) * exp(i pos omega_i)."""
    d = x.shape[-1]
    pairs = d // 2
    omega = base ** (-2.0 * np.arange(pairs) / d)
    z = x[..., 0 : 2 * pairs : 2] + 1j * x[..., 1 : 2 * pairs : 2]
    rotated = z * np.exp(1j * positions[:, None] * omega[None, :])
    out = np.array(np.broadcast_to(x, (len(positions), d)), dtype=float)
    out[:, 0 : 2 * pairs : 2] = rotated.real
    out[:, 1 : 2 * pairs : 2] = rotated.imag
    return out


@pytest.mark.parametrize("d_model", [2, 9, 64])
def test_rope_matches_complex_rotation_and_keeps_the_lone_column(d_model: int) -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(20, d_model))
    pos = np.arange(20, dtype=float)
    out = enc.rope_rotate(x, pos, 500.0)
    np.testing.assert_allclose(out, rope_reference(x, pos, 500.0), atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), np.linalg.norm(x, axis=1), atol=1e-12)
    if d_model % 2:
        np.testing.assert_array_equal(out[:, -1], x[:, -1])


def test_rope_scores_depend_only_on_the_offset() -> None:
    rng = np.random.default_rng(1)
    q, k = rng.normal(size=32), rng.normal(size=32)
    scores: dict[int, list[float]] = {}
    for p in range(0, 40, 3):
        for offset in (0, 1, 5):
            rq = enc.rope_rotate(q, np.array([p + offset]))[0]
            rk = enc.rope_rotate(k, np.array([p]))[0]
            scores.setdefault(offset, []).append(rq @ rk)
    for values in scores.values():
        np.testing.assert_allclose(values, values[0], atol=1e-10)


def test_rope_table_pairs_have_unit_norm() -> None:
    table = enc.rope(50, 16)
    np.testing.assert_allclose(table[:, 0::2] ** 2 + table[:, 1::2] ** 2, 1.0, atol=1e-12)


def test_wavelengths_and_periods() -> None:
    lam = enc.wavelengths(128, 10000.0)
    assert lam[0] == pytest.approx(2 * math.pi)
    assert lam[-1] == pytest.approx(2 * math.pi * 10000.0 ** (126 / 128))
    assert np.all(np.diff(lam) > 0)
    waves = enc.periods(EncodingSpec("sinusoidal", 100, 128, 10000.0))
    assert waves is not None
    assert waves.longer_than_max_len == int(np.sum(lam > 100))
    bits = enc.periods(EncodingSpec("binary", 100, 10))
    assert bits is not None
    np.testing.assert_array_equal(bits.period, 2.0 ** np.arange(1, 11))
    assert bits.longer_than_max_len == 4  # periods 128, 256, 512, 1024 exceed 100
    assert enc.periods(EncodingSpec("learned", 100, 10)) is None


@pytest.mark.parametrize("kind", KINDS)
def test_encode_dispatch_shapes(kind: EncodingKind) -> None:
    table = enc.encode(enc.fit(EncodingSpec(kind, 17, 9, 100.0)))
    size = enc.info(kind).size
    assert table.shape == (17, 9 if size is None else size[1])  # a trained table keeps its width
    assert np.all(np.isfinite(table))


def test_bad_arguments_raise_clear_errors() -> None:
    with pytest.raises(ValueError, match="unknown encoding"):
        enc.encode(EncodingSpec("nope"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_len and d_model"):
        enc.sinusoidal(0, 4)
    with pytest.raises(ValueError, match="base"):
        enc.sinusoidal(4, 4, base=0.0)


@pytest.mark.parametrize("d_model", [1, 2, 7, 8, 128])
def test_column_formulas_name_what_each_column_computes(d_model: int) -> None:
    """Each layout's (function, frequency) per column against the table itself: a column equals sin or cos
    of pos x omega_i for the i and the function its formula names."""
    angles = np.arange(50)[:, None] * enc.frequencies(d_model)[None, :]
    tables = {"interleaved": enc.sinusoidal(50, d_model), "split": enc.sinusoidal_split(50, d_model)}
    for layout in ("interleaved", "split"):
        table = tables[layout]
        for column, (function, index) in enumerate(enc.column_formulas(d_model, layout)):
            want = (np.sin if function == 0 else np.cos)(angles[:, index])
            np.testing.assert_array_equal(table[:, column], want)


def test_a_wrong_permutation_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """layout_matches can say no: with the permutation reversed, most columns compute another formula."""
    from viz.encodings import sinusoid

    original = sinusoid.split_order
    monkeypatch.setattr(sinusoid, "split_order", lambda d: original(d)[::-1])
    assert sinusoid.layout_matches(8) < 8
