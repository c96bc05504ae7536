"""The sinusoidal encoding's formulas: each pair's frequency and wavelength, the table at any positions,
and the rotation T(k) that moves a row k positions on (with how far it is from exact). Pure NumPy.

:mod:`viz.encodings` offers every name here as its own (``viz.encodings.sinusoidal`` and the rest).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np


def check_sizes(max_len: int, d_model: int) -> None:
    if max_len < 1 or d_model < 1:
        raise ValueError(f"max_len and d_model must be >= 1, got max_len={max_len}, d_model={d_model}")


def frequencies(d_model: int, base: float = 10000.0) -> np.ndarray:
    """Angular frequency of each sine/cosine pair: omega_i = base^(-2i / d_model).

    Shape (ceil(d_model / 2),): pair i drives columns 2i (sine) and 2i + 1 (cosine).
    """
    if base <= 0:
        raise ValueError(f"base must be > 0, got {base}")
    i = np.arange((d_model + 1) // 2, dtype=np.float64)
    return np.power(float(base), -2.0 * i / d_model)


def wavelengths(d_model: int, base: float = 10000.0) -> np.ndarray:
    """Wavelength (in positions) of each pair: lambda_i = 2*pi / omega_i = 2*pi * base^(2i / d_model)."""
    return 2.0 * np.pi / frequencies(d_model, base)


def sinusoidal(max_len: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """The Transformer's sinusoidal encoding, interleaved layout.

    PE[pos, 2i] = sin(pos / base^(2i/d_model)),  PE[pos, 2i+1] = cos(pos / base^(2i/d_model)).
    For an odd d_model the last column is a sine with no cosine partner. Shape (max_len, d_model).
    """
    check_sizes(max_len, d_model)
    return sinusoidal_at(np.arange(max_len), d_model, base)


def sinusoidal_at(positions: np.ndarray | list[int], d_model: int, base: float = 10000.0) -> np.ndarray:
    """Rows of :func:`sinusoidal` for any positions (negative or past max_len too). Shape (n, d_model)."""
    if d_model < 1:
        raise ValueError(f"d_model must be >= 1, got {d_model}")
    pos = np.asarray(positions, dtype=np.float64).reshape(-1)
    angles = pos[:, None] * frequencies(d_model, base)[None, :]  # (n, ceil(d/2))
    pe = np.empty((pos.size, d_model), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles[:, : d_model // 2])
    return pe


def rotation_blocks(angles: np.ndarray) -> np.ndarray:
    """The 2 x 2 block [[cos a, sin a], [-sin a, cos a]] for each angle: it moves a (sin, cos) pair on by a.

    Shape (*angles.shape, 2, 2).
    """
    a = np.asarray(angles, dtype=np.float64)
    cos, sin = np.cos(a), np.sin(a)
    return np.stack([np.stack([cos, sin], axis=-1), np.stack([-sin, cos], axis=-1)], axis=-2)


def relative_rotation(k: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """T(k): the block-diagonal matrix that moves a sinusoidal row k positions on.

    PE[pos + k] = T(k) @ PE[pos] for every pos (interleaved layout, :func:`sinusoidal`). Pair i holds
    (sin(w_i pos), cos(w_i pos)) in columns (2i, 2i+1); by the angle-sum identities its block is

        [[ cos(w_i k), sin(w_i k)],
         [-sin(w_i k), cos(w_i k)]]

    which depends on k only, never on pos. In this (sin, cos) column order the block is the transpose of
    the textbook rotation [[cos, -sin], [sin, cos]]; drawn with cos on the x-axis and sin on the y-axis it
    turns the point counter-clockwise by w_i k. For an odd d_model the lone last column sin(w pos) has no
    cosine partner: moving it needs cos(w pos), which no fixed combination of the table's columns gives
    for every pos. T(k) leaves that column unchanged (its diagonal entry is 1), and the identity holds for
    the other d_model - 1 columns only. Shape (d_model, d_model); orthogonal; T(0) = I and
    T(a) @ T(b) = T(a + b).
    """
    if d_model < 1:
        raise ValueError(f"d_model must be >= 1, got {d_model}")
    n_pairs = d_model // 2
    blocks = rotation_blocks(float(k) * frequencies(d_model, base)[:n_pairs])  # (d//2, 2, 2)
    t = np.zeros((d_model, d_model), dtype=np.float64)
    even = np.arange(0, 2 * n_pairs, 2)
    t[even, even], t[even, even + 1] = blocks[:, 0, 0], blocks[:, 0, 1]
    t[even + 1, even], t[even + 1, even + 1] = blocks[:, 1, 0], blocks[:, 1, 1]
    if d_model % 2:
        t[-1, -1] = 1.0
    return t


@dataclass(frozen=True)
class RotationError:
    """How far T(k) @ PE[pos] is from PE[pos + k], over positions 0 .. max_len - 1."""

    paired: float  # largest |error| over the sine/cosine pairs (rounding only, ~1e-13)
    lone: float | None  # largest |error| in an odd d_model's last column; None when d_model is even
    positions: int


def rotation_error(k: int, max_len: int, d_model: int, base: float = 10000.0) -> RotationError:
    """Largest |PE[pos + k] - T(k) @ PE[pos]| over pos = 0 .. max_len - 1, with T(k) of relative_rotation.

    T(k) is applied through its diagonal blocks (its 2 x 2 rotations and, for an odd d_model, the lone 1),
    which is the same product as the dense ``PE @ T(k).T`` in O(max_len * d_model) instead of
    O(max_len * d_model^2); every entry outside those blocks is checked to be 0 first. PE[pos + k] comes
    from the formula, so it exists even past the end of the table.
    """
    check_sizes(max_len, d_model)
    t = relative_rotation(k, d_model, base)
    n = 2 * (d_model // 2)
    blocks = np.stack(
        [
            t[0:n:2, 0:n:2].diagonal(),
            t[0:n:2, 1:n:2].diagonal(),
            t[1:n:2, 0:n:2].diagonal(),
            t[1:n:2, 1:n:2].diagonal(),
        ],
        axis=-1,
    )  # (d//2, 4)
    rebuilt = np.zeros_like(t)
    idx = np.arange(0, n, 2)
    rebuilt[idx, idx], rebuilt[idx, idx + 1] = blocks[:, 0], blocks[:, 1]
    rebuilt[idx + 1, idx], rebuilt[idx + 1, idx + 1] = blocks[:, 2], blocks[:, 3]
    if d_model % 2:
        rebuilt[-1, -1] = t[-1, -1]
    if not np.array_equal(rebuilt, t):
        raise AssertionError("T(k) has entries outside its diagonal blocks")
    pos = np.arange(max_len)
    pe = sinusoidal_at(pos, d_model, base)
    moved = np.empty_like(pe)
    s_, c_ = pe[:, 0:n:2], pe[:, 1:n:2]  # (L, d//2)
    moved[:, 0:n:2] = s_ * blocks[:, 0] + c_ * blocks[:, 1]
    moved[:, 1:n:2] = s_ * blocks[:, 2] + c_ * blocks[:, 3]
    if d_model % 2:
        moved[:, -1] = pe[:, -1] * t[-1, -1]
    err = np.abs(sinusoidal_at(pos + k, d_model, base) - moved)
    paired = float(err[:, :n].max()) if n else 0.0
    lone = float(err[:, -1].max()) if d_model % 2 else None
    return RotationError(paired, lone, max_len)


def split_order(d_model: int) -> np.ndarray:
    """Column permutation from the interleaved layout to the split one (all sines, then all cosines).

    ``sinusoidal_split(L, d, b) == sinusoidal(L, d, b)[:, split_order(d)]``. Shape (d_model,).
    """
    return np.concatenate([np.arange(0, d_model, 2), np.arange(1, d_model, 2)])


def column_formulas(d_model: int, layout: Literal["interleaved", "split"] = "interleaved") -> np.ndarray:
    """What each column of the sinusoidal table computes, as (function, frequency index) rows: function 0
    is sin(pos * omega_i), 1 is cos(pos * omega_i). Shape (d_model, 2)."""
    half = (d_model + 1) // 2  # sines (an odd d_model's last sine has no cosine)
    if layout == "split":
        function = (np.arange(d_model) >= half).astype(np.int64)
        index = np.where(function == 0, np.arange(d_model), np.arange(d_model) - half)
    else:
        function, index = np.arange(d_model) % 2, np.arange(d_model) // 2
    return np.stack([function, index], axis=1)


def layout_matches(d_model: int) -> int:
    """How many columns of the split layout compute the same formula as the interleaved column
    :func:`split_order` puts there: all d_model of them, so the reordered table equals the split one exactly
    (the same expression on the same angles). O(d_model), not two tables of max_len x d_model."""
    split = column_formulas(d_model, "split")
    return int((split == column_formulas(d_model)[split_order(d_model)]).all(axis=1).sum())
