"""viz.encodings.ENCODINGS answers what the tables and the model do: each property is measured here
from encode() or a built model, never restated from the registry."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from tests.support.kinds import KINDS
from viz import encodings
from viz.encodings import (
    ANY_SIZE_KINDS,
    ENCODING_KINDS,
    ENCODINGS,
    TRAINED_KINDS,
    AnySizeKind,
    EncodingKind,
    EncodingSpec,
    encode,
    info,
    periods,
)
from viz.model import encoder, probe, train
from viz.state import settings

L, D = 64, 8


def table(kind: EncodingKind, **kw: object) -> np.ndarray:
    """The table at L x D, or at L rows of its own width for a trained table (encodings.fit)."""
    return encode(encodings.fit(EncodingSpec(kind, L, D, 100.0, **kw)))  # type: ignore[arg-type]


def test_every_kind_has_one_entry() -> None:
    assert set(ENCODINGS) == set(ENCODING_KINDS)
    with pytest.raises(ValueError, match="unknown encoding"):
        info("nope")  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", KINDS)
def test_paired_means_every_column_pair_keeps_its_length(kind: EncodingKind) -> None:
    # A sine/cosine pair (or a rotated pair) has the same length at every position; other columns do not.
    pe = table(kind)
    lengths = np.hypot(pe[:, 0::2], pe[:, 1::2])  # (L, D/2)
    steady = bool(np.allclose(lengths, lengths[:1], atol=1e-12))
    assert info(kind).paired == steady


@pytest.mark.parametrize("kind", KINDS)
def test_waves_are_the_periods_the_table_has(kind: EncodingKind) -> None:
    pe = table(kind)
    waves = periods(EncodingSpec(kind, L, D, 100.0))
    assert (waves is None) == (info(kind).waves is None)
    size = info(kind).size
    if info(kind).waves == "pair":
        # each pair turns by the same angle every position: 2 pi / its period
        a, b = pe[:-1].reshape(L - 1, -1, 2), pe[1:].reshape(L - 1, -1, 2)
        cos = (a * b).sum(-1) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1))
        assert waves is not None and waves.period.size == D // 2
        turn = np.arccos(np.clip(cos, -1, 1))  # (L - 1, D/2)
        np.testing.assert_allclose(turn, np.broadcast_to(2 * np.pi / waves.period, turn.shape), atol=1e-6)
    elif info(kind).waves == "column":
        assert waves is not None and waves.period.size == D
        for column, period in enumerate(waves.period.astype(int)):
            if 2 * period <= L:  # the table holds the column's whole repeat
                assert np.array_equal(pe[period:, column], pe[:-period, column]), column
                half = period // 2
                assert not np.array_equal(pe[half:, column], pe[:-half, column]), column
    elif info(kind).waves == "spectrum":
        # a trained table: each column's period is where a direct Fourier sum over its whole table (not
        # numpy's FFT) is largest, on the same zero-padded frequency grid
        assert size is not None and waves is not None and waves.strength is not None
        whole = encode(EncodingSpec(kind, size[0], size[1]))
        n, m = size[0], size[0] * encodings.SPECTRUM_PAD
        centred = whole - whole.mean(axis=0)
        k = np.arange(1, m // 2 + 1)
        basis = np.exp(-2j * np.pi * np.outer(k, np.arange(n)) / m)  # (frequencies, positions)
        power = np.abs(basis @ centred) ** 2  # (frequencies, columns)
        np.testing.assert_allclose(waves.period, m / k[np.argmax(power, axis=0)])
        assert np.all((waves.strength > 0) & (waves.strength <= 1))
        assert waves.longer_than_max_len == int(np.sum(waves.period > L))
    else:
        # no column repeats itself at any shift within half the table
        for column in range(D):
            assert not any(np.allclose(pe[s:, column], pe[:-s, column]) for s in range(1, L // 2)), column


@pytest.mark.parametrize("kind", KINDS)
def test_relative_means_the_dot_depends_on_the_offset_only(kind: EncodingKind) -> None:
    pe = table(kind)
    gram = pe @ pe.T
    toeplitz = bool(np.allclose(gram[1:, 1:], gram[:-1, :-1], atol=1e-9))
    assert info(kind).relative == toeplitz


@pytest.mark.parametrize("kind", KINDS)
def test_split_layout_means_the_layout_changes_the_table(kind: EncodingKind) -> None:
    moved = not np.array_equal(table(kind, layout="split"), table(kind, layout="interleaved"))
    assert info(kind).split_layout == moved
    assert encodings.is_split(EncodingSpec(kind, L, D, layout="split")) == moved


@pytest.mark.parametrize("kind", KINDS)
def test_size_is_the_one_size_a_trained_table_has(kind: EncodingKind) -> None:
    size = info(kind).size
    if size is None:  # built at any size
        assert table(kind).shape == (L, D)
        assert encodings.fit(EncodingSpec(kind, 7, 5)) == EncodingSpec(kind, 7, 5)
        return
    rows, cols = size
    whole = encode(EncodingSpec(kind, rows, cols))
    assert whole.shape == size
    assert encodings.fit(EncodingSpec(kind, 10_000, 16)) == EncodingSpec(kind, rows, cols)
    # base, layout and seed do not change a trained table: one spec (one cache entry) for all of them
    assert encodings.fit(EncodingSpec(kind, 10, 16, 500.0, "split", 7)) == EncodingSpec(kind, 10, cols)
    np.testing.assert_array_equal(table(kind), whole[:L])  # a shorter table is the first rows
    for wrong in (EncodingSpec(kind, L, D), EncodingSpec(kind, rows + 1, cols)):
        with pytest.raises(ValueError, match="ask fit"):
            encode(wrong)
    assert kind not in encoder.MODEL_ENCODINGS  # the live model's width is its own, not the table's


@pytest.mark.parametrize("kind", ANY_SIZE_KINDS)
def test_learned_means_drawn_from_the_seed_and_trained(kind: AnySizeKind) -> None:
    seeded = not np.array_equal(table(kind, seed=0), table(kind, seed=1))
    net = encoder.build(encoder.ModelConfig(d_model=D, n_heads=2, encoding=kind))
    trained = any(p is net.learned_pe for p in net.parameters())
    assert info(kind).learned == seeded == trained


@pytest.mark.parametrize("kind", ANY_SIZE_KINDS)
def test_rotary_and_additive_are_what_the_model_does(kind: AnySizeKind) -> None:
    # the table is one vector turned by RoPE's rotation at each position (the maths, not the model)
    pe = table(kind)
    assert info(kind).rotary == bool(np.allclose(pe, encodings.rope_rotate(pe[0], np.arange(L), 100.0)))
    config = encoder.ModelConfig(d_model=D, n_heads=2, encoding=kind, seed=2)
    net = encoder.build(config)
    x = torch.randn(1, 6, D, generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        first = net.run(x).hidden[0]
        with_signal = net.run(x).output
        without = net.run(x, use_position=False).output
    added = not torch.equal(first, x)  # the first layer's input carries the table
    assert info(kind).additive == added == (net.position_table(6) is not None)
    # a rotary signal is not added, yet it changes what the layers compute
    assert info(kind).rotary == (not added and not torch.equal(with_signal, without))
    assert config.rotary == info(kind).rotary and config.position is info(kind)


def test_the_model_takes_every_encoding_built_at_any_size() -> None:
    assert ("none", *ANY_SIZE_KINDS) == encoder.MODEL_ENCODINGS
    assert set(ENCODING_KINDS) == set(ANY_SIZE_KINDS) | set(TRAINED_KINDS)


def test_no_encoding_has_no_properties() -> None:
    config = encoder.ModelConfig(encoding="none")
    assert config.position is None and not config.rotary


@pytest.mark.parametrize(
    ("narrow", "allowed"),
    [
        (encodings.as_kind, ENCODING_KINDS),
        (encoder.as_model_encoding, encoder.MODEL_ENCODINGS),
        (encoder.as_norm, encoder.NORMS),
        (train.as_task, train.TASKS),
        (probe.as_mask_mode, probe.MASK_MODES),
        (settings.as_lang, ("en", "ko")),
    ],
)
def test_narrowing_accepts_exactly_the_allowed_values(narrow: object, allowed: tuple[str, ...]) -> None:
    assert callable(narrow)
    for value in allowed:
        assert narrow(value) == value
    for other in ("", "none " if "none" in allowed else "none", *(v.upper() for v in allowed), None, 1):
        if other not in allowed:
            assert narrow(other) is None, other
